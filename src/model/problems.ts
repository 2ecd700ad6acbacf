import * as z from 'zod';
import { API_PREFIX, paths, urlOf } from '../routes/table.js';
import type { QueryError } from '../query/errors.js';
import { clip } from '../query/errors.js';

/**
 * Every problem the service answers (RFC 9457 problem details), declared
 * once: the stable machine code, its HTTP status and title, and what the
 * developer portal says of it. The HTTP side raises them (src/http/problem.ts),
 * /openapi.json enumerates them and shows their examples, and the portal gives
 * each its anchor, which every problem document's `type` links to.
 */

export interface ProblemDefinition {
  readonly status: number;
  /** The HTTP status title (RFC 9110 section 15). */
  readonly title: string;
  /** What the code means, in one line: the description of its responses in /openapi.json. */
  readonly summary: string;
  /** When it is answered, and what the body carries: the portal's section of the code. */
  readonly when: string;
  /** What the caller does about it. */
  readonly fix: string;
}

/** The longest request target (path and query) the server reads. */
export const MAX_TARGET_LENGTH = 8192;

/** The largest request head the server reads: large enough that a long URL is told 414 rather than 431. */
export const MAX_HEADER_BYTES = 32 * 1024;

/** In the order the portal and /openapi.json list them. */
export const PROBLEMS = {
  invalid_parameter: {
    status: 400,
    title: 'Bad Request',
    summary: 'a query parameter is malformed, out of range, repeated, empty or unknown, or the path is not valid percent-encoded UTF-8; the body names it (`parameter`) and what it accepts (`accepted`).',
    when: 'A query parameter is malformed (a bad percent-encoding included), out of range, not one of its allowed values, given twice, empty, or not a parameter of that endpoint. `parameter` names it and `accepted` says what it accepts. What the web adds to links is ignored, never refused: campaign tags (`utm_*`), click identifiers (`fbclid`, `gclid`, `mc_cid`, `mc_eid`) and the `_` cache-buster.',
    fix: 'Correct the value named in `parameter` to one of `accepted`, or leave the parameter out to get its default. The `hint` member is a call that works.',
  },
  missing_parameter: {
    status: 400,
    title: 'Bad Request',
    summary: 'a required query parameter is absent; the body names it (`parameter`) and gives a complete call (`hint`).',
    when: 'A required query parameter is absent (search without `q`). `parameter` names it.',
    fix: 'Send the parameter named in `parameter`; the `hint` member shows a complete call.',
  },
  not_found: {
    status: 404,
    title: 'Not Found',
    summary: 'no record has that slug; `valid_slugs` lists every one that does.',
    when: 'No resource has that slug, or no endpoint has that path. On a `{slug}` endpoint, `valid_slugs` lists every slug that exists.',
    fix: 'Use one of `valid_slugs`, or call the list endpoint named in `hint` to see what exists. Slugs are case-sensitive.',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    summary: 'the webhook carries no valid signature (`X-Hub-Signature-256`) or token (`X-Gitlab-Token`); nothing was fetched.',
    when: '`POST /hooks/content` without a valid `X-Hub-Signature-256` (GitHub: HMAC-SHA256 of the body with the shared secret) or `X-Gitlab-Token` (GitLab: the secret itself). Nothing is fetched and the content served does not change.',
    fix: 'Give the webhook the secret the deployment has in `CONTENT_HOOK_SECRET`, and send the body exactly as signed.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method Not Allowed',
    summary: 'the method is not one the path answers; the Allow header lists those that work.',
    when: 'A method other than GET, HEAD or OPTIONS reaches a content endpoint. Everything is read-only. The `Allow` header lists the methods that work.',
    fix: 'Use GET (or HEAD). There is no way to write through this API.',
  },
  not_acceptable: {
    status: 406,
    title: 'Not Acceptable',
    summary: 'the Accept header admits neither application/json nor application/problem+json.',
    when: 'The `Accept` header admits neither `application/json` nor `application/problem+json`.',
    fix: 'Send `Accept: application/json` or no `Accept` header. For markdown, use the site routes or `/md/` instead.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported Media Type',
    summary: 'the request carries a body; GET takes none.',
    when: 'A request to a content endpoint carries a body.',
    fix: 'Send the same request without a body (no `Content-Length` or `Transfer-Encoding`); parameters go in the query string.',
  },
  uri_too_long: {
    status: 414,
    title: 'URI Too Long',
    summary: 'the request target is longer than this server reads.',
    when: `The request target (path and query) is longer than ${MAX_TARGET_LENGTH.toLocaleString('en')} characters.`,
    fix: 'Send fewer or shorter query parameters; no endpoint needs a target that long.',
  },
  rate_limited: {
    status: 429,
    title: 'Too Many Requests',
    summary: 'over the quota of this client address; wait Retry-After seconds.',
    when: 'The client address used up its quota for the current window; `RateLimit-Policy` states the quota.',
    fix: 'Wait the number of seconds in `Retry-After`, then continue; pace calls by the `RateLimit` header and cache responses (see [Rate limits](#rate-limits)).',
  },
  headers_too_large: {
    status: 431,
    title: 'Request Header Fields Too Large',
    summary: 'the request head is larger than this server reads; the connection is closed after the answer (no quota headers: the request never reached the quota).',
    when: `The request head (request line and headers) is larger than ${MAX_HEADER_BYTES / 1024} KiB. The connection is closed after the answer.`,
    fix: 'Send fewer or shorter headers (cookies are the usual culprit).',
  },
  internal_error: {
    status: 500,
    title: 'Internal Server Error',
    summary: 'an unexpected failure; the body says nothing of its cause.',
    when: 'The server met an unexpected condition. The body says nothing about the cause; the failure is logged.',
    fix: 'Retry after a short pause. If it keeps happening, report the time and the `instance` path through the contact page.',
  },
} as const satisfies Readonly<Record<string, ProblemDefinition>>;

export type ProblemCode = keyof typeof PROBLEMS;

/** Every code, in the order of PROBLEMS. */
export const PROBLEM_CODE_LIST = Object.freeze(Object.keys(PROBLEMS)) as readonly ProblemCode[];

/**
 * A request whose head does not arrive in time is an `invalid_parameter`
 * answered 408 (RFC 9110 section 15.5.9), before anything knows its path:
 * whatever the endpoint, it may get this one.
 */
export const REQUEST_TIMEOUT = Object.freeze({
  code: 'invalid_parameter',
  status: 408,
  title: 'Request Timeout',
  summary: "`invalid_parameter` with status 408: the request head was not received within the server's timeout; the connection is closed after the answer. The request line had not been read, so the answer is a problem document whatever the path, with none of the headers of the part of the service it was for.",
} as const);

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export interface ProblemInit {
  /** What went wrong, one sentence. */
  readonly detail: string;
  /** The concrete call that resolves it. */
  readonly hint: string;
  /** Extension members (`parameter`, `accepted`, `valid_slugs`, ...). */
  readonly extensions?: Readonly<Record<string, unknown>>;
  /** Response headers that belong to this problem (`Allow`, `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** A more precise 4xx than the code's own (413 for an oversized body under `invalid_parameter`). */
  readonly status?: { readonly code: number; readonly title: string };
}

/** One problem: its code and what it says. The HTTP side's ProblemError is one. */
export interface Problem {
  readonly code: ProblemCode;
  readonly init: ProblemInit;
}

/** The status and title `problem` is answered with. */
export function statusOf(problem: Problem): { readonly code: number; readonly title: string } {
  return problem.init.status ?? { code: PROBLEMS[problem.code].status, title: PROBLEMS[problem.code].title };
}

export interface ProblemDocument {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly code: ProblemCode;
  readonly detail: string;
  readonly hint: string;
  readonly instance: string;
  readonly documentation_url?: string;
  readonly [extension: string]: unknown;
}

/** The portal's section of `code`: what every problem document's `type` is. */
export const problemTypeUri = (baseUrl: string, code: ProblemCode) => urlOf(baseUrl, `${DEVELOPERS}#${code}`);

/** The developer portal in the site's default language, where every code is documented. */
const DEVELOPERS = paths.pageUnder('developers');

/**
 * The problem document (RFC 9457 section 3) of `problem` raised by a request
 * to `instance`; the Problem shape (src/query/shapes.ts) describes it.
 */
export function problemDocument(problem: Problem, baseUrl: string, instance: string): ProblemDocument {
  const { code, title } = statusOf(problem);
  return {
    type: problemTypeUri(baseUrl, problem.code),
    title,
    status: code,
    code: problem.code,
    detail: problem.init.detail,
    hint: problem.init.hint,
    instance,
    ...(code === 404 ? { documentation_url: urlOf(baseUrl, DEVELOPERS) } : {}),
    ...problem.init.extensions,
  };
}

/** The instance a problem document names: the request path, cut short so that an answer never grows with the request. */
export const problemInstance = (path: string) => clip(path, 200);

// ------------------------------------------------------------- the problems, worded

/** The generic 500: it says nothing of the cause, which goes to the log only. */
export function internalErrorProblem(): Problem {
  return {
    code: 'internal_error',
    init: { detail: 'The server met an unexpected condition and could not answer.', hint: 'Call again in a moment; the failure has been logged.' },
  };
}

/** An Accept header that admits neither JSON nor problem+json, the only types the API answers. */
export function notAcceptableProblem(accept: string, path: string): Problem {
  return {
    code: 'not_acceptable',
    init: {
      detail: `This endpoint answers only application/json (errors as application/problem+json), which the Accept header "${clip(accept, 200)}" does not admit.`,
      hint: `Send Accept: application/json (or no Accept header) with GET ${clip(path, 200)}.`,
    },
  };
}

/** A body sent to a read-only endpoint. */
export function unsupportedMediaTypeProblem(method: string, path: string): Problem {
  return {
    code: 'unsupported_media_type',
    init: {
      detail: `${method} ${clip(path, 200)} takes no request body.`,
      hint: `Send the same ${method} request without a body (no Content-Length or Transfer-Encoding).`,
    },
  };
}

/** The quota of a client address, used up (RFC 6585 section 4). */
export function rateLimitedProblem(quota: { readonly limit: number; readonly windowSeconds: number }): Problem {
  return {
    code: 'rate_limited',
    init: {
      detail: `The quota of ${quota.limit} requests per ${quota.windowSeconds} seconds for your address is used up.`,
      hint: 'Wait the number of seconds the Retry-After header gives, then call again; pace later calls with the RateLimit header.',
    },
  };
}

/** A request target longer than MAX_TARGET_LENGTH (RFC 9110 section 15.5.15). */
export function uriTooLongProblem(length: number): Problem {
  return {
    code: 'uri_too_long',
    init: {
      detail: `The request target is ${length} characters long; this server reads at most ${MAX_TARGET_LENGTH}.`,
      hint: 'Send fewer or shorter query parameters.',
      extensions: { parameter: 'url', accepted: `a request target of at most ${MAX_TARGET_LENGTH} characters` },
    },
  };
}

/** A request head larger than MAX_HEADER_BYTES (RFC 6585 section 5), refused by the HTTP parser. */
export function headersTooLargeProblem(): Problem {
  return {
    code: 'headers_too_large',
    init: {
      detail: 'The request head is larger than this server reads.',
      hint: 'Send the request again with fewer or shorter headers.',
      extensions: { parameter: 'headers', accepted: `a request head of at most ${MAX_HEADER_BYTES} bytes` },
    },
  };
}

/** A request whose head did not arrive in time (see REQUEST_TIMEOUT). */
export function requestTimeoutProblem(): Problem {
  return {
    code: REQUEST_TIMEOUT.code,
    init: {
      detail: 'The request was not received in time.',
      hint: 'Send the whole request at once, then wait for the answer.',
      extensions: { parameter: 'request', accepted: 'a request sent within the server timeout' },
      status: { code: REQUEST_TIMEOUT.status, title: REQUEST_TIMEOUT.title },
    },
  };
}

/** A request the HTTP parser could not read. */
export function malformedRequestProblem(): Problem {
  return {
    code: 'invalid_parameter',
    init: {
      detail: 'The request is not valid HTTP/1.1 and could not be read.',
      hint: 'Send a well-formed request, e.g. GET /api/v1 HTTP/1.1 with a Host header.',
      extensions: { parameter: 'request', accepted: 'a well-formed HTTP/1.1 request (RFC 9112)' },
    },
  };
}

/** Where each kind of record is listed with its slug. */
const LISTS = { product: '/products', post: '/posts', page: '/pages' } as const;

/**
 * A query error as the API tells it: a problem whose hint is the call that
 * works, `parameter` and `accepted` on a 400, and `valid_slugs` on a 404.
 * `endpoint` is the path as documented (`/api/v1/posts/{slug}`).
 */
export function queryProblem(error: QueryError, endpoint: string, slug?: string): Problem {
  const { parameter, accepted, example, known, kind, validSlugs, nearest = [] } = error.details;
  // The path as the caller wrote it: a hint never carries an unfilled {slug}.
  const withSlug = (value: string) => endpoint.replace('{slug}', encodeURIComponent(value));
  if (error.code === 'not_found') {
    const list = kind ? `${API_PREFIX}${LISTS[kind]}` : API_PREFIX;
    const listing = `Call GET ${list} to list every ${kind ?? 'resource'} with its slug, or use one of valid_slugs.`;
    return {
      code: 'not_found',
      init: {
        detail: error.detail,
        hint: nearest.length > 0 && endpoint.includes('{slug}') ? `Call GET ${withSlug(nearest[0]!)}, or: ${listing.charAt(0).toLowerCase()}${listing.slice(1)}` : listing,
        extensions: { valid_slugs: validSlugs ?? [] },
      },
    };
  }
  const path = slug === undefined ? endpoint : withSlug(slug);
  const hint = example
    ? `Call GET ${path}?${Object.entries(example)
        .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
        .join('&')}.`
    : known && known.length > 0
      ? `Call GET ${path} with only ${known.map((name) => `"${name}"`).join(', ')}.`
      : parameter !== undefined && known === undefined
        ? `Call GET ${path} without "${parameter}": this site gives it no value yet.`
        : `Call GET ${path} without a query string.`;
  return { code: error.code, init: { detail: error.detail, hint, extensions: { parameter, accepted } } };
}

/** RFC 9457 problem document, with the service's `code`, `hint` and extension members (problemDocument writes it), as /openapi.json states it. */
export const problemSchema = z
  .looseObject({
    type: z.url().describe('The developer portal anchor documenting `code`.'),
    title: z.string(),
    status: z.int(),
    code: z.enum(PROBLEM_CODE_LIST as readonly [string, ...string[]]),
    detail: z.string(),
    hint: z.string().describe('The concrete call that resolves the problem.'),
    instance: z.string().describe('The request path.').optional(),
    documentation_url: z.url().optional(),
    parameter: z.string().describe('On 400: the parameter at fault.').optional(),
    accepted: z.union([z.string(), z.array(z.string())]).describe('On 400: what the parameter accepts.').optional(),
    valid_slugs: z.array(z.string()).describe('On 404 for a slug: every valid slug.').optional(),
  })
  .meta({ title: 'Problem' });
