import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import type { InjectOptions, Response as InjectedResponse } from 'light-my-request';
import type { Config } from '../config/config.js';
import { ProblemError } from './problem.js';
import { headersTooLargeProblem, malformedRequestProblem, MAX_HEADER_BYTES, requestTimeoutProblem } from '../model/problems.js';

export { MAX_HEADER_BYTES };

/**
 * How long a stop waits for an idle keep-alive connection's next request
 * before closing it. A client that is sending has its next request on the
 * way within a round trip, and gets its answer with `Connection: close`; a
 * connection silent this long belongs to a client that is not sending, and
 * the stop should not wait on it (a load balancer's pooled connection waits
 * up to KEEP_ALIVE_TIMEOUT_MS). One second covers a round trip across
 * continents many times over, and is a small part of the ten seconds a stop
 * may take (orchestrators allow thirty by default).
 */
export const IDLE_GRACE_MS = 1_000;

/** What the pipeline does for the service: the requests, the ones node:http refuses, and the stop. */
export interface ServiceHandlers {
  readonly handle: RequestListener;
  /** The answer to a request node:http could not read; `path` when its request line was read, else undefined. */
  readonly refusal: (problem: ProblemError, path: string | undefined) => Buffer;
  /** Called when the server has stopped: releases what the service holds (the quota store). */
  readonly onClose: () => Promise<void>;
  /** Tells the pipeline to close each connection with its next answer. */
  readonly onClosing: () => void;
}

/**
 * The listening side: a node:http server whose every request goes to the
 * pipeline, with the connection limits of the configuration and the answers
 * to requests the HTTP parser refuses before any route sees them. It may
 * listen before the pipeline exists (server.ts listens, then loads the
 * content): what arrives meanwhile waits, and is handed to the pipeline, in
 * order, once it is attached.
 */
export class Service {
  readonly server: Server;
  #handlers: ServiceHandlers | undefined;
  /** What arrived before the pipeline was attached. */
  #waiting: (() => void)[] = [];
  readonly #wait = (req: IncomingMessage, res: ServerResponse) => this.#waiting.push(() => this.#handlers!.handle(req, res));
  #closed: Promise<void> | undefined;
  /** The open connections, for a stop to find those that never sent a byte. */
  readonly #sockets = new Set<Socket>();

  constructor(config: Config, handlers?: ServiceHandlers) {
    this.server = createServer({
      maxHeaderSize: MAX_HEADER_BYTES,
      // Slow clients (slowloris) are cut off: the head must arrive within headersTimeout, checked
      // every second rather than node:http's default 30 s; the whole request within requestTimeout.
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
      keepAliveTimeout: config.keepAliveTimeoutMs,
    });
    this.server.on('request', this.#wait);
    // More open connections than this are closed on arrival, before they cost a request's memory.
    this.server.maxConnections = config.maxConnections;
    this.server.on('clientError', (error: ClientError, socket: Socket) => this.#clientError(error, socket));
    this.server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
    if (handlers) this.attach(handlers);
  }

  /** Hands every request to `handlers` from now on, those that waited first. */
  attach(handlers: ServiceHandlers): void {
    if (this.#handlers) throw new Error('the service already has its pipeline');
    this.#handlers = handlers;
    this.server.off('request', this.#wait).on('request', handlers.handle);
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const run of waiting) run();
  }

  /** Listens on `port` of `host`; resolves with the address. */
  async listen(options: { port: number; host: string }): Promise<AddressInfo> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(options.port, options.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return this.address();
  }

  address(): AddressInfo {
    return this.server.address() as AddressInfo;
  }

  /**
   * Stops gracefully, without cutting a request a client has written:
   *
   *   1. the listening socket closes (a new connection is refused), and every
   *      open connection is kept;
   *   2. every answer from now on carries `Connection: close`, and its
   *      connection closes once it is written (RFC 9112 section 9.6): the
   *      requests in flight, and the next request of each idle connection,
   *      even one already on its way when the stop began;
   *   3. after IDLE_GRACE_MS, the connections still idle are closed;
   *   4. once every connection has closed, the service's resources (the
   *      quota store) are released.
   *
   * node:http's own close() would close the idle keep-alive connections at
   * once, resetting those whose client had just written its next request.
   */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      const handlers = this.#handlers;
      handlers?.onClosing();
      if (this.server.listening) {
        // net.Server's close, which node:http's extends: stop accepting, keep the open connections.
        const stopped = new Promise<void>((resolve) => NetServer.prototype.close.call(this.server, () => resolve()));
        // Without a pipeline (start-up failed), what waits cannot be answered.
        if (!handlers) this.server.closeAllConnections();
        const idle = setTimeout(() => this.#closeIdle(), IDLE_GRACE_MS);
        await stopped;
        clearTimeout(idle);
      }
      await handlers?.onClose();
    })();
    return this.#closed;
  }

  /** The connections that are not sending a request nor waiting for an answer. */
  #closeIdle(): void {
    this.server.closeIdleConnections();
    // A connection that never sent a byte (a browser's preconnect) is not among node:http's idle ones.
    for (const socket of this.#sockets) if (socket.bytesRead === 0) socket.destroy();
  }

  /**
   * A request made in-process, through the whole pipeline, without a socket
   * (light-my-request, as Fastify's inject): what the tests use.
   */
  async inject(options: InjectOptions | string): Promise<InjectedResponse> {
    const { inject } = await import('light-my-request');
    if (!this.#handlers) throw new Error('the service has no pipeline yet');
    return inject(this.#handlers.handle as (req: IncomingMessage, res: ServerResponse) => void, options);
  }

  /**
   * Requests node:http's parser refuses (a malformed request line, a head
   * over MAX_HEADER_BYTES, a request not sent in time) are answered as any
   * other failure of their path, then the connection closes.
   */
  #clientError(error: ClientError, socket: Socket): void {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    // A request that timed out comes with no bytes: which door it was for is unknown.
    const path = Buffer.isBuffer(error.rawPacket) ? requestPath(error.rawPacket) : undefined;
    const refuse = () => socket.end(this.#handlers!.refusal(clientProblem(error.code), path));
    if (this.#handlers) refuse();
    else this.#waiting.push(refuse);
  }
}

/** node:http's parse errors carry the bytes it could not parse. */
type ClientError = Error & { code?: string; rawPacket?: unknown };

export function clientProblem(code: string | undefined): ProblemError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return ProblemError.of(headersTooLargeProblem());
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ProblemError.of(requestTimeoutProblem());
    default:
      return ProblemError.of(malformedRequestProblem());
  }
}

/** The path of a request line the parser refused, when it has one: its door words the answer. */
function requestPath(packet: Buffer): string {
  const line = packet.subarray(0, Math.min(packet.length, 2048)).toString('latin1').split('\r\n')[0] ?? '';
  // The first word that looks like a path: a malformed line ("G ET /api/v1 HTTP/1.1") still names its target.
  const target = line.split(' ').find((word) => word.startsWith('/')) ?? '/';
  const path = target.split('?')[0] ?? '/';
  // Only its printable ASCII start goes back into the answer.
  return (/^\/[\x21-\x7e]*/.exec(path)?.[0] ?? '/').slice(0, 200);
}
