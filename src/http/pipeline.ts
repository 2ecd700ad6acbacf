import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentStore } from '../content/store.js';
import type { Catalog } from '../content/types.js';
import type { Log } from '../config/log.js';
import type { Answer } from './answer.js';
import type { AnswerCache } from './answer-cache.js';
import type { Coding } from './encoding.js';
import { acceptedCodings } from './encoding.js';
import type { HttpPolicy } from './policy.js';
import { notModified, READ_METHODS } from './policy.js';
import type { PreparedAnswer, Representation } from './prepared.js';
import { joined, writeBody } from './prepared.js';
import { internalError, ProblemError } from './problem.js';
import { PROBLEM_MEDIA_TYPE } from '../model/problems.js';
import type { RateLimitDecision, RateLimiter } from './rate-limit.js';
import type { RequestLog } from './request-log.js';
import { clip } from '../query/errors.js';
import { Incoming } from './request.js';
import { redirectAnswer } from './redirects.js';
import type { Route, Router } from './router.js';
import type { ErrorRenderer, Zones } from './doors.js';
import { hrefOf, withoutBasePath } from '../routes/table.js';
import { MAX_TARGET_LENGTH, uriTooLongProblem } from '../model/problems.js';

export type { ErrorRenderer };

export interface PipelineOptions {
  readonly store: ContentStore;
  readonly router: Router;
  readonly policy: HttpPolicy;
  readonly limiter: RateLimiter;
  readonly cache: AnswerCache;
  readonly clientAddress: (request: IncomingMessage) => string;
  /** The doors' areas: which door owns a path, and how the pipeline treats it. */
  readonly zones: Zones;
  readonly log: Log;
  readonly requestLog: RequestLog;
}

export { MAX_TARGET_LENGTH };

/**
 * One request on its way through the pipeline, made once when it arrives and
 * handed from step to step: what it asked (`request`, whose Catalog is the
 * one in force when it arrived), where the answer goes, the quota's decision
 * (none where the quota is not reported), when it arrived (for the access
 * log) and, for a read, the key its answer is kept under. Fixed fields, set
 * in the constructor: every request's object has the same shape.
 */
class Exchange {
  /** The quota's count or peek, once known; undefined where answers do not report the quota. */
  decision: RateLimitDecision | undefined = undefined;
  /** For a GET or HEAD, the key of its kept answer, whose compressed forms made for this request count in the cache. */
  key: string | undefined = undefined;

  constructor(
    readonly request: Incoming,
    readonly res: ServerResponse,
    readonly started: number,
  ) {}
}

/**
 * The one path of every request, in order:
 *
 *   1. an old address of `redirects.yaml` is sent on, counted by no quota
 *      (see redirectAnswer for when a redirect is due);
 *   2. the client's address (only where the quota counts) and the quota:
 *      a refusal is the prepared 429;
 *   3. CORS preflights, and what the API refuses before any route (406, 415);
 *   4. a kept answer for the same URL (and format), written with only the
 *      request's own headers added;
 *   5. otherwise the route's door computes the answer, the policy prepares
 *      it and, when it is the same for everyone, it is kept for the next;
 *   6. a failure anywhere is rendered by the door that owns the path.
 *
 * Whatever answers, the policy's headers and the access-log line are the same.
 */
export class Pipeline {
  readonly #options: PipelineOptions;
  #closing = false;

  constructor(options: PipelineOptions) {
    this.#options = options;
  }

  /** From now on every answer closes its connection: a client sends its next request to another instance. */
  closing(): void {
    this.#closing = true;
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const { catalog } = this.#options.store;
    const request = new Incoming(catalog, this.#options.zones, req.method ?? 'GET', withoutBasePath(catalog.base_url, req.url ?? '/'), req.headers, '', req);
    const exchange = new Exchange(request, res, started);
    const { policy, limiter } = this.#options;
    const redirect = redirectAnswer(request, this.#options.router);
    if (redirect) return this.#write(exchange, policy.prepare(request, redirect));
    if (!policy.reportsQuota(request)) return this.#serve(exchange);
    let decision: RateLimitDecision | Promise<RateLimitDecision>;
    try {
      request.client = this.#options.clientAddress(req);
      decision = policy.counts(request) ? limiter.count(request.client) : limiter.peek(request.client);
    } catch (error) {
      return this.#fail(exchange, error);
    }
    if (decision instanceof Promise) {
      decision.then(
        (counted) => this.#counted(exchange, counted),
        (error: unknown) => this.#fail(exchange, error),
      );
    } else {
      this.#counted(exchange, decision);
    }
  };

  #counted(exchange: Exchange, decision: RateLimitDecision): void {
    const { request, res } = exchange;
    exchange.decision = decision;
    if (decision.allowed || !this.#options.policy.counts(request)) return this.#serve(exchange);
    const { headers, body } = this.#options.policy.tooManyRequests(request, decision);
    if (this.#closing) headers.push('connection', 'close');
    res.writeHead(429, headers);
    res.end(request.method === 'HEAD' ? undefined : body);
    this.#options.requestLog(request.method, null, 429, exchange.started);
  }

  #serve(exchange: Exchange): void {
    const { cache, policy } = this.#options;
    const { request } = exchange;
    try {
      if (request.method === 'OPTIONS') return this.#write(exchange, policy.prepare(request, policy.preflight(request, this.#methodsOf(request))));
      if (request.url.length > MAX_TARGET_LENGTH) throw uriTooLong(request);
      policy.admit(request);
      if (request.method === 'GET' || request.method === 'HEAD') {
        const key = this.#key(request);
        exchange.key = key;
        const kept = cache.get(request.catalog, key);
        if (kept) return this.#write(exchange, kept);
      }
      const answer = this.#route(request);
      if (answer instanceof Promise) {
        answer.then(
          (computed) => this.#computed(exchange, computed),
          (error: unknown) => this.#fail(exchange, error),
        );
      } else {
        this.#computed(exchange, answer);
      }
    } catch (error) {
      this.#fail(exchange, error);
    }
  }

  #computed(exchange: Exchange, answer: Answer): void {
    const { request, key } = exchange;
    const { catalog } = request;
    const prepared = this.#options.policy.prepare(request, answer);
    // Kept only while its Catalog is the one in force: a reload may have swapped it meanwhile.
    if (key !== undefined && prepared.shared && this.#options.store.catalog === catalog) this.#options.cache.offer(catalog, key, prepared);
    this.#write(exchange, prepared);
  }

  /** The door's answer to `request` (HEAD is GET without the body); unknown paths and methods are problems. */
  #route(request: Incoming): Answer | Promise<Answer> {
    const match = this.#options.router.match(request.path, request.zone);
    if (!match) throw notFound(request);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = match.routes.find((candidate) => candidate.method === method);
    if (!route) {
      if (match.routes.some((other) => other.exists?.(request.catalog, match.params) === false)) throw notFound(request);
      throw methodNotAllowed(request, match.routes);
    }
    request.route = route.pattern;
    request.params = match.params;
    // Web pages have one URL each; API clients that add a slash keep their answer (their URLs are documented, not linked).
    if (request.path.length > 1 && request.path.endsWith('/') && method === 'GET' && !request.zone.json) return canonicalRedirect(request, route, match.params);
    return route.handle(request);
  }

  /** The methods a path answers, for a preflight's Allow. */
  #methodsOf(request: Incoming): string {
    let routes: readonly Route[] = [];
    try {
      routes = this.#options.router.match(request.path, request.zone)?.routes ?? [];
    } catch {
      // A malformed path has no routes; the real request will be told so.
    }
    return allowOf(routes) ?? READ_METHODS;
  }

  #fail(exchange: Exchange, error: unknown): void {
    const { request, res } = exchange;
    const problem = error instanceof ProblemError ? error : internalError();
    if (!(error instanceof ProblemError)) this.#options.log.error({ err: error, route: request.route }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The error is no answer kept under the request's key: its compressed forms must not count in the cache.
    exchange.key = undefined;
    this.#write(exchange, this.#options.policy.prepare(request, this.#render(problem, request)));
  }

  #write(exchange: Exchange, prepared: PreparedAnswer): void {
    const codings: readonly Coding[] = prepared.compressible ? acceptedCodings(exchange.request.headers) : IDENTITY;
    const before = prepared.bytes;
    const chosen = prepared.choose(codings);
    if (chosen instanceof Promise) {
      chosen.then(
        (representation) => this.#send(exchange, prepared, representation, before),
        (error: unknown) => this.#fail(exchange, error),
      );
    } else {
      this.#send(exchange, prepared, chosen, before);
    }
  }

  /** Writes `representation` of `prepared`; `before`: its bytes before it was chosen (a form made for it counts in its cache). */
  #send(exchange: Exchange, prepared: PreparedAnswer, representation: Representation, before: number): void {
    const { request, res, decision, key } = exchange;
    const { policy } = this.#options;
    if (key !== undefined && prepared.bytes !== before) this.#options.cache.grown(request.catalog, key, prepared);
    const unchanged = prepared.status === 200 && (request.method === 'GET' || request.method === 'HEAD') && notModified(request.headers, representation.etag, prepared.lastModified);
    const zone = policy.zoneHeaders(request.zone);
    const own = unchanged ? representation.notModified : representation.ok;
    const headers = decision ? [...zone, ...policy.quotaHeaders(decision), ...own] : [...zone, ...own];
    if (this.#closing) headers.push('connection', 'close');
    const status = unchanged ? 304 : prepared.status;
    res.writeHead(status, headers);
    writeBody(res, unchanged || request.method === 'HEAD' || status === 204 ? undefined : representation.body);
    this.#options.requestLog(request.method, prepared.route ?? request.route, status, exchange.started);
  }

  /**
   * The whole HTTP/1.1 response (head and body) of a request the HTTP parser
   * refused before it reached the pipeline, rendered by the door of its path
   * as any other failure is, with `Connection: close`: after a parse error
   * the rest of the connection's bytes cannot be trusted. Without a path (a
   * request that timed out before its line was read), a problem document
   * (RFC 9457), which any client can read.
   */
  refusal(problem: ProblemError, path: string | undefined): Buffer {
    const request = new Incoming(this.#options.store.catalog, this.#options.zones, 'GET', path ?? '/', path === undefined ? { accept: PROBLEM_MEDIA_TYPE } : {}, '');
    const answer = this.#render(problem, request);
    const prepared = this.#options.policy.prepare(request, answer);
    const representation = prepared.identity;
    const headers = [...this.#options.policy.zoneHeaders(request.zone), ...representation.ok, 'connection', 'close'];
    let head = `HTTP/1.1 ${prepared.status} ${problem.title}\r\n`;
    for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
    return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), joined(representation.body)]);
  }

  /** The answer of the door that owns `request`'s path to `problem`; a problem document where it has no words of its own. */
  #render(problem: ProblemError, request: Incoming): Answer {
    const { policy } = this.#options;
    let answer: Answer | undefined;
    try {
      answer = problem.code === 'rate_limited' ? undefined : request.zone.renderer?.(problem, request);
    } catch (renderError) {
      this.#options.log.error({ err: renderError }, 'rendering an error failed');
    }
    return answer ?? policy.problemAnswer(problem, request);
  }

  /**
   * The answer `request` would get, prepared, without counting it or writing
   * it: how answers are made ahead of requests and exported. A URL with no
   * route throws the 404 problem a request would get.
   */
  async prepare(request: Incoming): Promise<PreparedAnswer> {
    return this.#options.policy.prepare(request, await this.#route(request));
  }

  /** Keeps `answer` as the one `request` gets from `catalog` until evicted. */
  keep(catalog: Catalog, request: Incoming, answer: PreparedAnswer): void {
    if (answer.shared) this.#options.cache.set(catalog, this.#key(request), answer);
  }

  /** What a kept answer is filed under: the exact request target, and what else its door says selects it (the website's negotiated format). */
  #key(request: Incoming): string {
    const { variant } = request.zone;
    return variant ? `${variant(request)}${request.url}` : request.url;
  }

  /** A GET made in-process, as the pipeline would read it from a client (answers prepared ahead, the static export). */
  request(catalog: Catalog, url: string, headers: Incoming['headers'] = {}): Incoming {
    return Incoming.get(catalog, this.#options.zones, url, headers);
  }
}

const IDENTITY: readonly Coding[] = ['identity'];

/** Allow for a set of routes: GET implies HEAD (RFC 9110 section 9.3.2). */
export function allowOf(routes: readonly Route[]): string | undefined {
  if (routes.length === 0) return undefined;
  const methods = new Set<string>();
  for (const route of routes) {
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods].join(', ');
}

/**
 * One URL per resource: the router takes `/products/` for `/products`, and
 * this answers it with a permanent redirect there (RFC 9110 section
 * 15.4.2), the query string kept, so links and caches converge on one URL.
 */
function canonicalRedirect(request: Incoming, route: Route, params: Readonly<Record<string, string>>): Answer {
  if (route.exists?.(request.catalog, params) === false) throw notFound(request);
  const mark = request.url.indexOf('?');
  const location = hrefOf(request.catalog.base_url, request.path.replace(/\/+$/, '')) + (mark === -1 ? '' : request.url.slice(mark));
  return { status: 301, headers: { 'content-type': 'text/plain; charset=utf-8', location }, body: `Moved to ${location}\n` };
}

/** A path nothing of its area answers: the hint names the nearest paths the area has, then where its map is. */
function notFound(request: Incoming): ProblemError {
  const near = request.zone.nearPaths?.(request.path) ?? [];
  return new ProblemError('not_found', {
    detail: `Nothing answers ${request.method} ${clip(request.path, 200)}.`,
    hint: near.length > 0 ? `Did you mean ${near.map((path) => `${request.method} ${path}`).join(' or ')}? ${request.zone.notFoundHint}` : request.zone.notFoundHint,
  });
}

/** RFC 9110 section 15.5.6: a path that exists under another method is a 405 with Allow. */
function methodNotAllowed(request: Incoming, routes: readonly Route[]): ProblemError {
  const allow = allowOf(routes)!;
  const path = clip(request.path, 200);
  return new ProblemError('method_not_allowed', {
    detail: `${request.method} is not allowed on ${path}; it answers ${allow} only.`,
    hint: `Call ${routes[0]!.method} ${path}.`,
    headers: { allow },
  });
}

export function uriTooLong(request: Incoming): ProblemError {
  return ProblemError.of(uriTooLongProblem(request.url.length));
}
