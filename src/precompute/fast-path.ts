import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { ContentStore } from '../content/store.js';
import { etagMatches } from '../http/caching.js';
import { admitsJson, hasBody, markCounted } from '../http/policy.js';
import type { RateLimitDecision, RateLimiter } from '../http/rate-limit.js';
import { pushRateLimitHeaders } from '../http/rate-limit.js';
import { logRequest } from '../http/request-log.js';
import { preferredFormat } from '../site/negotiate.js';
import type { HeaderList, PrecomputedAnswer, PrecomputedAnswers, Representation } from './answers.js';
import type { Coding } from './encoding.js';
import { acceptedCodings } from './encoding.js';

export interface FastPathOptions {
  readonly store: ContentStore;
  readonly answers: PrecomputedAnswers;
  readonly limiter: RateLimiter;
  /**
   * Whether the quota key is the socket's address (TRUST_PROXY unset). Behind
   * trusted proxies the client address is Fastify's to work out from
   * X-Forwarded-For, so counted answers are left to it.
   */
  readonly socketIsClient: boolean;
  /** The access log (src/http/request-log.ts): a fast answer is logged like any other. */
  readonly log: FastifyBaseLogger;
}

type Next = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Serves a GET or HEAD of an exact precomputed URL before Fastify's router
 * sees it, as a file server would; everything else goes on to Fastify. It
 * writes what the uncached path would (precompute/answers.ts keeps those
 * headers) and applies the policy's per-request rules through the functions
 * of src/http/policy.ts: the quota is counted for /api/v1, and a request the
 * policy would refuse (over quota, an Accept without JSON, a body) is handed
 * on with its decision, so it is counted once and answered by the policy.
 */
export function fastPath({ store, answers, limiter, socketIsClient, log }: FastPathOptions): (request: IncomingMessage, response: ServerResponse, next: Next) => void {
  let served = 0;
  return (request, response, next) => {
    const started = performance.now();
    const { method } = request;
    if ((method !== 'GET' && method !== 'HEAD') || hasBody(request.headers)) return next(request, response);
    const entry = answers.lookup(store.catalog, request.url ?? '');
    if (!entry) return next(request, response);
    const answer = entry.markdown && preferredFormat(request) === 'markdown' ? entry.markdown : entry.html;
    if (!answer.counted) return send(request, response, answer, undefined, started);
    if (!socketIsClient || !admitsJson(request.headers)) return next(request, response);
    const address = request.socket.remoteAddress;
    if (address === undefined) return next(request, response);
    const counted = (decision: RateLimitDecision) => {
      if (!decision.allowed) {
        markCounted(request, decision);
        return next(request, response);
      }
      send(request, response, answer, decision, started);
    };
    let decision: RateLimitDecision | Promise<RateLimitDecision>;
    try {
      decision = limiter.count(address);
    } catch {
      // The policy's own call fails the same way and answers the problem document.
      return next(request, response);
    }
    if (decision instanceof Promise) decision.then(counted, () => next(request, response));
    else counted(decision);
  };

  function send(request: IncomingMessage, response: ServerResponse, answer: PrecomputedAnswer, decision: RateLimitDecision | undefined, started: number): void {
    const representation = choose(answer, acceptedCodings(request.headers));
    const notModified = etagMatches(request.headers['if-none-match'], representation.etag);
    const headers = notModified ? representation.notModified : representation.ok;
    response.writeHead(notModified ? 304 : answer.status, withQuota(headers, decision));
    if (notModified || request.method === 'HEAD') response.end();
    else response.end(representation.body);
    // The same one line per request as every other answer; the URL is exact and has no query.
    served += 1;
    if (!logsInfo(log)) return;
    logRequest(log.child({ request_id: `fast-${served}` }), {
      method: request.method ?? 'GET',
      route: request.url ?? null,
      status: response.statusCode,
      response_time_ms: Math.round((performance.now() - started) * 100) / 100,
    });
  }

  function withQuota(headers: HeaderList, decision: RateLimitDecision | undefined): string[] {
    if (!decision) return headers.all as string[];
    const all = pushRateLimitHeaders(headers.before.slice(), limiter.policy, decision);
    for (const item of headers.after) all.push(item);
    return all;
  }
}

/** Whether `log` writes info lines (pino's loggers say; Fastify's no-op one has nothing to write). */
function logsInfo(log: FastifyBaseLogger): boolean {
  const { isLevelEnabled } = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return isLevelEnabled === undefined || isLevelEnabled.call(log, 'info');
}

/** The first accepted coding the answer has (a coding that would not shrink it has none); identity when none. */
function choose(answer: PrecomputedAnswer, codings: readonly Coding[]): Representation {
  for (const coding of codings) {
    const representation = answer.representation(coding);
    if (representation) return representation;
  }
  return answer.representation('identity')!;
}

/**
 * Fastify's serverFactory: the HTTP/1.1 server Fastify would create (with
 * the timeouts it would set on it), whose requests pass through the fast path
 * installed later (`install`) before reaching Fastify's handler.
 */
export function precomputedServerFactory(): { factory: FastifyServerFactory; install: (serve: ReturnType<typeof fastPath>) => void } {
  let serve: ReturnType<typeof fastPath> | undefined;
  const factory: FastifyServerFactory = (handler, options) => {
    const listener: RequestListener = (request, response) => {
      if (serve) serve(request, response, handler);
      else handler(request, response);
    };
    const server: Server = createServer(options.http ?? {}, listener);
    // As fastify/lib/server.js does for the server it creates itself (its options are typed loosely).
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options as Record<string, unknown>;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
  return {
    factory,
    install: (fast) => {
      serve = fast;
    },
  };
}
