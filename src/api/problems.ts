import { ProblemError } from '../http/problem.js';
import type { QueryError } from '../query/errors.js';
import { API_PREFIX } from '../content/paths.js';

/** Where each kind of record is listed with its slug. */
const LISTS = { product: '/products', post: '/posts', page: '/pages' } as const;

/**
 * A query error as the API tells it: a problem document (RFC 9457) whose
 * hint is the call that works, `parameter` and `accepted` on a 400, and
 * `valid_slugs` on a 404. `endpoint` is the path as documented
 * (`/api/v1/posts/{slug}`).
 */
export function problemOf(error: QueryError, endpoint: string): ProblemError {
  const { parameter, accepted, example, known, kind, validSlugs } = error.details;
  if (error.code === 'not_found') {
    const list = kind ? `${API_PREFIX}${LISTS[kind]}` : API_PREFIX;
    return new ProblemError('not_found', {
      detail: error.detail,
      hint: `Call GET ${list} to list every ${kind ?? 'resource'} with its slug, or use one of valid_slugs.`,
      extensions: { valid_slugs: validSlugs ?? [] },
    });
  }
  const hint = example
    ? `Call GET ${endpoint}?${Object.entries(example)
        .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
        .join('&')}.`
    : known && known.length > 0
      ? `Call GET ${endpoint} with only ${known.map((name) => `"${name}"`).join(', ')}.`
      : `Call GET ${endpoint} without a query string.`;
  return new ProblemError(error.code, { detail: error.detail, hint, extensions: { parameter, accepted } });
}
