import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { InjectOptions, Response as InjectedResponse } from 'light-my-request';
import type { Config } from '../config.js';
import { ProblemError } from './problem.js';
import { headersTooLargeProblem, malformedRequestProblem, MAX_HEADER_BYTES, requestTimeoutProblem } from '../model/problems.js';

export { MAX_HEADER_BYTES };

export interface ServiceOptions {
  readonly handle: RequestListener;
  readonly config: Config;
  /** The full response to a request the parser refused, rendered by the pipeline. */
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
 * to requests the HTTP parser refuses before any route sees them.
 */
export class Service {
  readonly server: Server;
  readonly #options: ServiceOptions;
  #closed: Promise<void> | undefined;

  constructor(options: ServiceOptions) {
    this.#options = options;
    const { config } = options;
    this.server = createServer(
      {
        maxHeaderSize: MAX_HEADER_BYTES,
        // Slow clients (slowloris) are cut off: the head must arrive within headersTimeout, checked
        // every second rather than node:http's default 30 s; the whole request within requestTimeout.
        headersTimeout: config.headersTimeoutMs,
        requestTimeout: config.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
        keepAliveTimeout: config.keepAliveTimeoutMs,
      },
      options.handle,
    );
    // More open connections than this are closed on arrival, before they cost a request's memory.
    this.server.maxConnections = config.maxConnections;
    this.server.on('clientError', (error: ClientError, socket: Socket) => this.#clientError(error, socket));
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
   * Stops gracefully: no new connection is accepted, idle keep-alive
   * connections are closed, every request in flight is answered with
   * `Connection: close`, then the service's resources are released.
   */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#options.onClosing();
      if (this.server.listening) {
        const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
        this.server.closeIdleConnections();
        await stopped;
      }
      await this.#options.onClose();
    })();
    return this.#closed;
  }

  /**
   * A request made in-process, through the whole pipeline, without a socket
   * (light-my-request, as Fastify's inject): what the tests use.
   */
  async inject(options: InjectOptions | string): Promise<InjectedResponse> {
    const { inject } = await import('light-my-request');
    return inject(this.#options.handle as (req: IncomingMessage, res: ServerResponse) => void, options);
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
    socket.end(this.#options.refusal(clientProblem(error.code), path));
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
