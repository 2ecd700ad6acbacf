import { ProblemError } from '../http/problem.js';
import { queryProblem } from '../model/problems.js';
import type { QueryError } from '../query/errors.js';

/**
 * A query error as the API tells it (src/model/problems.ts words it): a
 * problem document (RFC 9457) whose hint is the call that works. `endpoint`
 * is the path as documented (`/api/v1/posts/{slug}`), `slug` the one asked for.
 */
export function problemOf(error: QueryError, endpoint: string, slug?: string): ProblemError {
  return ProblemError.of(queryProblem(error, endpoint, slug));
}
