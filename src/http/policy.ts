import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { Deprecation } from '../config.js';
import { API_VERSION } from '../version.js';
import { CACHE_POLICY, etagMatches, NO_STORE, strongEtag } from './caching.js';
import { internalError, PROBLEM_MEDIA_TYPE, ProblemError, problemDocument } from './problem.js';
import type { RateLimitDecision, RateLimiter } from './rate-limit.js';
import { rateLimitHeaders } from './rate-limit.js';
import { rememberedByValue } from './remembered.js';
import type { Scope } from './scope.js';
import { isApiScope, pathOf, scopeOf } from './scope.js';

export interface HttpPolicyOptions {
  readonly baseUrl: string;
  readonly limiter: RateLimiter;
  readonly deprecation?: Deprecation;
}

/**
 * How one part of the service words its failures: `/mcp` answers JSON-RPC
 * errors, the website an HTML page. It returns the body to send after setting
 * the status and content type, or undefined to fall back to a problem document.
 */
export type ErrorRenderer = (problem: ProblemError, request: FastifyRequest, reply: FastifyReply, cause: unknown) => string | Buffer | undefined;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the first hook: which part of the service this request is for. */
    scope: Scope;
  }
  interface FastifyInstance {
    /** Error renderers by scope; a scope without one answers problem documents. */
    errorRenderers: Map<Scope, ErrorRenderer>;
  }
}

/**
 * Headers a browser script may read (CORS, WHATWG Fetch): quota, version,
 * deprecation (RFC 9745, RFC 8594), validators and pagination links.
 */
export const EXPOSED_HEADERS = [
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'X-API-Version',
  'Deprecation',
  'Sunset',
  'Link',
  'ETag',
  'Content-Location',
  'x-markdown-tokens',
].join(', ');

const DEFAULT_ALLOWED_HEADERS = 'Accept, Accept-Language, Content-Type, If-None-Match, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
const READ_METHODS = 'GET, HEAD';

/**
 * The cross-cutting HTTP rules of CONTRACT.md ("Headers", "Errors"), applied
 * to every route: CORS, version and deprecation headers, the quota, content
 * negotiation for the API, caching validators, and problem rendering.
 */
export function installHttpPolicy(app: FastifyInstance, options: HttpPolicyOptions): void {
  const { baseUrl, limiter } = options;
  const deprecationHeaders = options.deprecation ? buildDeprecationHeaders(baseUrl, options.deprecation) : {};

  app.decorateRequest('scope', 'site');
  app.decorate('errorRenderers', new Map<Scope, ErrorRenderer>());

  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    const scope = scopeOf(path);
    request.scope = scope;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    reply.header('x-content-type-options', 'nosniff');
    if (scope === 'api' || scope === 'mcp' || scope === 'healthz') reply.header('x-api-version', API_VERSION);

    if (scope === 'api' || scope === 'mcp') {
      reply.headers(deprecationHeaders);
      const decision = takeCountedDecision(request.raw) ?? (await limiter.count(request.ip));
      reply.headers(rateLimitHeaders(limiter.policy, decision));
      if (!decision.allowed) {
        throw new ProblemError('rate_limited', {
          detail: `The quota of ${decision.limit} requests per ${limiter.policy.windowSeconds} seconds for your address is used up.`,
          hint: `Wait ${decision.resetSeconds} seconds (the Retry-After header), then call again; pace calls with the RateLimit header.`,
          headers: { 'retry-after': String(decision.resetSeconds) },
        });
      }
    }

    if (request.method === 'OPTIONS') {
      // CORS preflight (WHATWG Fetch): every route is public and anonymous.
      const methods = scope === 'mcp' ? 'POST' : READ_METHODS;
      reply.code(204).headers({
        allow: methods,
        'access-control-allow-methods': `${methods}, OPTIONS`,
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
        'access-control-max-age': '86400',
      });
      return reply.send();
    }

    if (isApiScope(scope) && (request.method === 'GET' || request.method === 'HEAD')) {
      const accept = request.headers.accept;
      if (!admitsJson(request.headers)) {
        throw new ProblemError('not_acceptable', {
          detail: `This endpoint answers only application/json (errors as application/problem+json), which the Accept header "${(accept ?? '').slice(0, 200)}" does not admit.`,
          hint: `Send Accept: application/json (or no Accept header) with GET ${path.slice(0, 200)}.`,
        });
      }
      if (hasBody(request.headers)) {
        throw new ProblemError('unsupported_media_type', {
          detail: `${request.method} ${path.slice(0, 200)} takes no request body.`,
          hint: `Send the same ${request.method} request without a body (no Content-Length or Transfer-Encoding).`,
        });
      }
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status === 200 && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', CACHE_POLICY);
      if (typeof payload === 'string' || payload instanceof Uint8Array) {
        const etag = strongEtag(payload);
        reply.header('etag', etag);
        if (etagMatches(request.headers['if-none-match'], etag)) {
          // RFC 9110 section 15.4.5: a 304 repeats the validators, with no body;
          // section 8.6: and no Content-Length but the 200's. Fastify writes 0
          // for an empty payload and none for a null one; a HEAD answer's
          // length comes from Fastify's own HEAD hook, which sends no body and
          // needs the payload to measure, so it keeps the GET's.
          reply.code(304);
          for (const name of NOT_MODIFIED_OMITS) reply.removeHeader(name);
          return request.method === 'HEAD' ? payload : null;
        }
      }
    } else if (status >= 400 && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', NO_STORE);
    }
    return payload;
  });

  app.setNotFoundHandler(async (request) => {
    const path = pathOf(request.url);
    // RFC 9110 section 15.5.6: a path that exists under another method is a 405 with Allow.
    const allowed = ['GET', 'POST'].filter((method) => method !== request.method && app.findRoute({ method, url: path }));
    if (allowed.length > 0) {
      const allow = allowed.includes('GET') ? READ_METHODS : allowed.join(', ');
      throw new ProblemError('method_not_allowed', {
        detail: allowed.includes('GET')
          ? `${request.method} is not allowed on ${path}: every content endpoint is read-only.`
          : `${request.method} is not allowed on ${path}; it answers ${allow} only.`,
        hint: `Call ${allowed[0]} ${path}.`,
        headers: { allow },
      });
    }
    throw new ProblemError('not_found', {
      detail: `Nothing answers ${request.method} ${path.slice(0, 200)}.`,
      hint: `Call GET /api/v1 for the map of every endpoint.`,
    });
  });

  app.setErrorHandler(async (error, request, reply) => {
    const problem = error instanceof ProblemError ? error : fromFrameworkError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    reply
      .code(problem.status)
      .headers(problem.init.headers ?? {})
      .header('cache-control', NO_STORE)
      .type(PROBLEM_MEDIA_TYPE);
    const rendered = app.errorRenderers.get(request.scope)?.(problem, request, reply, error);
    if (rendered !== undefined) return rendered;
    return JSON.stringify(problemDocument(problem, baseUrl, pathOf(request.url)));
  });
}

/**
 * SPEC.md section 9 point 5, in the forms of CONTRACT.md ("Headers"):
 * `Deprecation: @<unix-seconds>` (RFC 9745 section 2.1, a Structured Field
 * date), `Sunset: <IMF-fixdate>` (RFC 8594 section 3, RFC 9110 section 5.6.7:
 * always `GMT`), and the `deprecation` (RFC 9745 section 3) and
 * `successor-version` (RFC 5829) links. Pagination appends its own links.
 */
function buildDeprecationHeaders(baseUrl: string, deprecation: Deprecation): Record<string, string> {
  return {
    deprecation: `@${Math.floor(deprecation.date.getTime() / 1000)}`,
    sunset: deprecation.sunset.toUTCString(),
    link: `<${baseUrl}/developers#deprecation>; rel="deprecation", <${deprecation.successor}>; rel="successor-version"`,
  };
}

/** RFC 9110 section 15.4.5: a 304 repeats the 200's validators and metadata, but says nothing of a body. */
export const NOT_MODIFIED_OMITS = ['content-type', 'content-length'] as const;

/** Whether a request carries a body (RFC 9112 section 6.3): content endpoints take none. */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

/** Whether the Accept header (absent: anything) admits JSON or problem+json, the only types the API answers. */
export function admitsJson(headers: IncomingHttpHeaders): boolean {
  return headers.accept === undefined || acceptsJson(headers.accept);
}

const acceptsJson = rememberedByValue((accept) => Boolean(new Negotiator({ headers: { accept } }).mediaType(['application/json', PROBLEM_MEDIA_TYPE])));

const COUNTED = Symbol('vitrine.quota-decision');
type Counted = IncomingMessage & { [COUNTED]?: RateLimitDecision };

/**
 * The precomputed-answer fast path (src/precompute/fast-path.ts) counts a
 * request before Fastify sees it; when it hands the request on (a 429, a 406),
 * the decision travels with it so the request is counted once, not twice.
 */
export function markCounted(raw: IncomingMessage, decision: RateLimitDecision): void {
  (raw as Counted)[COUNTED] = decision;
}

function takeCountedDecision(raw: IncomingMessage): RateLimitDecision | undefined {
  return (raw as Counted)[COUNTED];
}

/**
 * Errors Fastify itself raises keep their 4xx meaning: a body of a media type
 * no parser reads is 415; any other client error (a body too large, one that
 * does not parse) is the request's fault, never a 500.
 */
function fromFrameworkError(error: unknown): ProblemError {
  const { statusCode: status, message } = (error ?? {}) as { statusCode?: number; message?: string };
  if (status === 415) {
    return new ProblemError('unsupported_media_type', {
      detail: 'The request body has a media type this endpoint does not read.',
      hint: 'Send the request without a body; content endpoints are read with GET.',
    });
  }
  if (status !== undefined && status >= 400 && status < 500) {
    const tooLarge = status === 413;
    return new ProblemError('invalid_parameter', {
      detail: tooLarge ? 'The request body is larger than this endpoint reads.' : `The request could not be read: ${String(message).slice(0, 200)}`,
      hint: tooLarge ? 'Send a smaller body; content endpoints take none.' : 'Correct the request and send it again.',
      extensions: { parameter: 'body', accepted: tooLarge ? 'a smaller body' : 'a well-formed body' },
      status: { code: status, title: tooLarge ? 'Content Too Large' : 'Bad Request' },
    });
  }
  return internalError();
}

