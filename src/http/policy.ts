import { paths, urlOf } from '../routes/table.js';
import type { IncomingHttpHeaders } from 'node:http';
import Negotiator from 'negotiator';
import type { Deprecation } from '../config/parse.js';
import { API_VERSION } from '../config/version.js';
import type { Answer, CacheRule } from './answer.js';
import type { Body } from './prepared.js';
import { byteLength, isCompressible, PreparedAnswer } from './prepared.js';
import { PROBLEM_TYPE, ProblemError } from './problem.js';
import { PROBLEM_MEDIA_TYPE, problemDocument } from '../model/problems.js';
import type { RateLimitDecision, RateLimitPolicy } from './rate-limit.js';
import { pushRateLimitHeaders } from './rate-limit.js';
import { rememberedByValue } from '../util/remembered.js';
import type { Incoming } from './request.js';
import { clip } from '../query/errors.js';
import { digestOf } from '../util/digest.js';
import { jsonWithKeptLists } from '../util/json.js';
import type { Zone } from './doors.js';
import { notAcceptableProblem, rateLimitedProblem, unsupportedMediaTypeProblem } from '../model/problems.js';

/** Five minutes fresh, a day stale while revalidating: every answer that is the same for everyone. */
export const CACHE_POLICY = 'public, max-age=300, stale-while-revalidate=86400';
/** A versioned file (its URL changes with its bytes): any cache may keep it for a year (RFC 8246). */
export const IMMUTABLE_POLICY = 'public, max-age=31536000, immutable';
/** Errors, the quota's refusals, health records and JSON-RPC answers: no cache may keep them. */
export const NO_STORE = 'no-store';

/**
 * Headers a browser script may read (CORS, WHATWG Fetch): quota, version,
 * deprecation (RFC 9745, RFC 8594), validators, pagination links and the
 * content's usage preferences.
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
  'Last-Modified',
  'Content-Location',
  'x-markdown-tokens',
  // What automated systems may do with the content answered (IETF AI preferences).
  'Content-Usage',
].join(', ');

const DEFAULT_ALLOWED_HEADERS = 'Accept, Accept-Language, Content-Type, If-None-Match, If-Modified-Since, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
export const READ_METHODS = 'GET, HEAD';

export interface HttpPolicyOptions {
  readonly baseUrl: string;
  readonly quota: RateLimitPolicy;
  readonly deprecation?: Deprecation;
}

/**
 * Every HTTP rule that is not a door's: which requests the quota counts, the
 * headers of each part of the service (CORS, version, deprecation, quota),
 * caching and validators, CORS preflights, what the API refuses before any
 * route runs (406, 415) and the prepared 429. The pipeline applies it to
 * every answer, kept or computed, so each rule is written here once.
 */
export class HttpPolicy {
  /** The headers of each zone, built on its first answer. */
  readonly #zoneHeaders = new WeakMap<Zone, readonly string[]>();
  readonly #common: readonly string[];
  readonly #versioned: readonly string[];
  readonly #counted: readonly string[];
  readonly #tooMany: { readonly before: string; readonly after: string };
  /** The deprecation links, joined to an answer's own Link header where the quota counts. */
  readonly #deprecationLink: string | undefined;

  constructor(readonly options: HttpPolicyOptions) {
    this.#common = ['access-control-allow-origin', '*', 'access-control-expose-headers', EXPOSED_HEADERS, 'x-content-type-options', 'nosniff'];
    this.#versioned = [...this.#common, 'x-api-version', API_VERSION];
    this.#counted = [...this.#versioned, ...(options.deprecation ? deprecationHeaders(options.deprecation) : [])];
    this.#deprecationLink = options.deprecation
      ? `<${urlOf(options.baseUrl, `${paths.pageUnder('developers')}#deprecation`)}>; rel="deprecation", <${options.deprecation.successor}>; rel="successor-version"`
      : undefined;
    // The 429's body differs per request only in `instance`: the rest is written once.
    const problem = ProblemError.of(rateLimitedProblem(options.quota));
    const [before = '', after = ''] = JSON.stringify(problemDocument(problem, options.baseUrl, PLACEHOLDER)).split(JSON.stringify(PLACEHOLDER));
    this.#tooMany = { before, after };
  }

  /** CORS and nosniff everywhere; the version where the zone is versioned; a deprecation where it is also counted. */
  zoneHeaders(zone: Zone): readonly string[] {
    let headers = this.#zoneHeaders.get(zone);
    if (headers === undefined) {
      headers = zone.versioned ? (zone.counted ? this.#counted : this.#versioned) : this.#common;
      this.#zoneHeaders.set(zone, headers);
    }
    return headers;
  }

  /**
   * The Link header of an answer in `zone`: its own links (pagination, a
   * mirror's canonical page) and, where the quota counts, the deprecation
   * links, in one header.
   */
  link(zone: Zone, own: string | undefined): string | undefined {
    const deprecation = zone.counted && zone.versioned ? this.#deprecationLink : undefined;
    if (deprecation === undefined) return own;
    return own === undefined ? deprecation : `${deprecation}, ${own}`;
  }

  /**
   * Whether the quota counts `request`: every request to /api/v1 and /mcp
   * but CORS preflights, which a browser sends on its own before the real
   * request (counting them would charge a browser app twice).
   */
  counts(request: Incoming): boolean {
    return reportsQuota(request) && request.method !== 'OPTIONS';
  }

  /** Whether answers to `request` carry the quota headers: everything under /api/v1 and /mcp, preflights included. */
  reportsQuota(request: Incoming): boolean {
    return reportsQuota(request);
  }

  quotaHeaders(decision: RateLimitDecision): string[] {
    return pushRateLimitHeaders([], this.options.quota, decision);
  }

  /** The 429 (RFC 6585 section 4) for `request`: a problem document with Retry-After, built from parts prepared once. */
  tooManyRequests(request: Incoming, decision: RateLimitDecision): { readonly headers: string[]; readonly body: string } {
    const body = `${this.#tooMany.before}${JSON.stringify(clip(request.path, 200))}${this.#tooMany.after}`;
    const headers = [...this.zoneHeaders(request.zone), ...this.quotaHeaders(decision)];
    const link = this.link(request.zone, undefined);
    if (link !== undefined) headers.push('link', link);
    headers.push('retry-after', String(decision.resetSeconds), 'cache-control', NO_STORE, 'content-type', PROBLEM_TYPE, 'content-length', String(Buffer.byteLength(body)));
    return { headers, body };
  }

  /** A CORS preflight (WHATWG Fetch): every route is public and anonymous. */
  preflight(request: Incoming, methods: string): Answer {
    const requested = request.headers['access-control-request-headers'];
    return {
      status: 204,
      headers: {
        allow: `${methods}, OPTIONS`,
        'access-control-allow-methods': `${methods}, OPTIONS`,
        'access-control-allow-headers': typeof requested === 'string' ? requested : DEFAULT_ALLOWED_HEADERS,
        'access-control-max-age': '86400',
      },
      body: '',
    };
  }

  /**
   * What the API refuses before a route runs: an Accept that admits neither
   * JSON nor problem+json (406), a body sent to a read-only endpoint (415).
   */
  admit(request: Incoming): void {
    if (!request.zone.json || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (!admitsJson(request.headers)) throw ProblemError.of(notAcceptableProblem(String(request.headers.accept), request.path));
    if (hasBody(request.headers)) throw ProblemError.of(unsupportedMediaTypeProblem(request.method, request.path));
  }

  /**
   * `answer` with the caching rules applied: a 200 to a GET that its door
   * does not mark otherwise is public for five minutes with a strong ETag
   * (RFC 9110 section 8.8.3); everything else is `no-store` unless its door
   * says more. A body that may be compressed varies on Accept-Encoding.
   */
  prepare(request: Incoming, answer: Answer): PreparedAnswer {
    const { body } = answer;
    const read = request.method === 'GET' || request.method === 'HEAD';
    const ok = answer.status === 200 && read;
    const headers: [string, string][] = [];
    for (const name in answer.headers) if (name !== 'link') headers.push([name, answer.headers[name]!]);
    const link = this.link(request.zone, answer.headers.link);
    if (link !== undefined) headers.push(['link', link]);
    const rule = ok ? (answer.cache ?? 'public') : 'no-store';
    headers.push(['cache-control', CACHE_CONTROL[rule]]);
    const etag = ok ? (answer.digest === undefined ? strongEtag(body) : `"${answer.digest}"`) : undefined;
    if (etag !== undefined) headers.push(['etag', etag]);
    if (isCompressible(answer.status, byteLength(body), answer.headers['content-type'])) {
      const vary = headers.findIndex(([name]) => name === 'vary');
      if (vary === -1) headers.push(['vary', 'Accept-Encoding']);
      else if (!/\baccept-encoding\b/i.test(headers[vary]![1])) headers[vary] = ['vary', `${headers[vary]![1]}, Accept-Encoding`];
    }
    const lastModified = answer.headers['last-modified'] === undefined ? undefined : Date.parse(answer.headers['last-modified']);
    const shared = rule !== 'no-store';
    return new PreparedAnswer(answer.status, headers, body, request.route, etag, shared, lastModified, answer.coded);
  }

  /** The problem document of `problem`, as an answer (RFC 9457). */
  problemAnswer(problem: ProblemError, request: Incoming): Answer {
    return {
      status: problem.status,
      headers: { 'content-type': PROBLEM_TYPE, ...problem.init.headers },
      // A 404's every valid slug is written from bytes made once (hundreds of kilobytes on a large site).
      body: jsonWithKeptLists(problemDocument(problem, this.options.baseUrl, clip(request.path, 200))),
    };
  }
}

const PLACEHOLDER = '\u0000instance\u0000';

function reportsQuota(request: Incoming): boolean {
  return request.zone.counted;
}

/** The Cache-Control of each rule an answer may carry. */
const CACHE_CONTROL: Readonly<Record<CacheRule, string>> = { public: CACHE_POLICY, immutable: IMMUTABLE_POLICY, 'no-store': NO_STORE };

/**
 * The announcement of a version's end: `Deprecation: @<unix-seconds>`
 * (RFC 9745 section 2.1, a Structured Field date) and `Sunset: <IMF-fixdate>`
 * (RFC 8594 section 3, RFC 9110 section 5.6.7: always `GMT`). Its links
 * (RFC 9745 section 3, RFC 5829) join each answer's Link header (`link`).
 */
function deprecationHeaders(deprecation: Deprecation): string[] {
  return ['deprecation', `@${Math.floor(deprecation.date.getTime() / 1000)}`, 'sunset', deprecation.sunset.toUTCString()];
}

/** A strong validator (RFC 9110 section 8.8.3): changes whenever one byte does. */
export function strongEtag(body: Body): string {
  return `"${digestOf(body)}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 section 13.1.2): `W/"x"`
 * matches `"x"`, and `*` matches any current representation.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || etag === undefined) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * Whether a 200 to a GET or HEAD may be a 304 (RFC 9110 section 13.2.2): a
 * matching If-None-Match; without one, an If-Modified-Since no earlier than
 * the answer's Last-Modified (an invalid date is ignored).
 */
export function notModified(headers: IncomingHttpHeaders, etag: string | undefined, lastModified: number | undefined): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = headers['if-modified-since'];
  if (since === undefined || lastModified === undefined) return false;
  const date = Date.parse(since);
  return Number.isFinite(date) && lastModified <= date;
}

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
