/**
 * Problem details (RFC 9457): the one error type of the HTTP side, rendered
 * once per door (a problem document, a JSON-RPC error, an HTML page).
 */

/** The stable machine codes and their HTTP status. */
export const PROBLEM_CODES = {
  invalid_parameter: { status: 400, title: 'Bad Request' },
  missing_parameter: { status: 400, title: 'Bad Request' },
  not_found: { status: 404, title: 'Not Found' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  not_acceptable: { status: 406, title: 'Not Acceptable' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  uri_too_long: { status: 414, title: 'URI Too Long' },
  rate_limited: { status: 429, title: 'Too Many Requests' },
  headers_too_large: { status: 431, title: 'Request Header Fields Too Large' },
  internal_error: { status: 500, title: 'Internal Server Error' },
} as const;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
/** The Content-Type of every problem document. */
export const PROBLEM_TYPE = `${PROBLEM_MEDIA_TYPE}; charset=utf-8`;

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

export class ProblemError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ProblemCode,
    readonly init: ProblemInit,
  ) {
    super(init.detail);
    this.name = 'ProblemError';
    this.status = init.status?.code ?? PROBLEM_CODES[code].status;
    this.title = init.status?.title ?? PROBLEM_CODES[code].title;
  }
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

/** The problem document for `error` raised by a request to `instance`. */
export function problemDocument(error: ProblemError, baseUrl: string, instance: string): ProblemDocument {
  return {
    type: `${baseUrl}/developers#${error.code}`,
    title: error.title,
    status: error.status,
    code: error.code,
    detail: error.init.detail,
    hint: error.init.hint,
    instance,
    ...(error.status === 404 ? { documentation_url: `${baseUrl}/developers` } : {}),
    ...error.init.extensions,
  };
}

/** The generic 500: it says nothing of the cause, which goes to the log only. */
export function internalError(): ProblemError {
  return new ProblemError('internal_error', {
    detail: 'The server met an unexpected condition and could not answer.',
    hint: 'Call again in a moment; the failure has been logged.',
  });
}
