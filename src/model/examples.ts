import type { Catalog } from '../content/types.js';
import { QueryError } from '../query/errors.js';
import type { Endpoint } from './endpoints.js';
import { documentedPath } from './endpoints.js';
import { requiredExample } from '../query/params.js';
import type { Problem, ProblemCode } from './problems.js';
import {
  headersTooLargeProblem,
  internalErrorProblem,
  MAX_TARGET_LENGTH,
  notAcceptableProblem,
  problemInstance,
  queryProblem,
  rateLimitedProblem,
  unsupportedMediaTypeProblem,
  uriTooLongProblem,
} from './problems.js';

/**
 * Examples of what the API answers, derived from the declarations: for each
 * problem an endpoint declares, the problem a real request provokes and the
 * path it names, worded by the same functions that word the answer. The
 * developer portal and /openapi.json show them; a test provokes each one on
 * the running server and compares.
 */

export interface ProblemExample {
  readonly problem: Problem;
  /** The request path the problem document names. */
  readonly instance: string;
}

/** The request that provokes an example, where the portal shows another than the one /openapi.json does. */
export interface ExampleRequest {
  /** The query string of an `invalid_parameter` (by default, an unknown parameter besides the required ones). */
  readonly invalidQuery?: Readonly<Record<string, string>>;
}

/** The quota a 429 states. */
type Quota = { readonly limit: number; readonly windowSeconds: number };

/** The slug that no record has, in the examples of a 404. */
const MISSING_SLUG = 'no-such-slug';

/** An example URL target longer than the server reads: a search query of 8,200 letters. */
export const longTarget = (path: string) => `${path}?q=${'a'.repeat(MAX_TARGET_LENGTH + 8)}`;

/** The path of `endpoint` with the first slug in force (or `slug`), as a request sends it. */
function concretePath(endpoint: Endpoint, catalog: Catalog, documented = documentedPath(endpoint)): string {
  return documented.replace('{slug}', encodeURIComponent(endpoint.slug?.values(catalog)[0] ?? 'slug'));
}

/** The QueryError `run` throws, as the API tells it at `documented`. */
function queryFailure(run: () => unknown, documented: string, slug?: string): Problem | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof QueryError) return queryProblem(error, documented, slug);
    throw error;
  }
  return undefined;
}

/**
 * The example of `code` for a GET of `endpoint`, served at `documented`
 * (`/healthz` serves the health record under a path of its own); undefined
 * when no request to it provokes that code.
 */
export function problemExample(
  endpoint: Endpoint,
  code: ProblemCode,
  catalog: Catalog,
  quota: Quota,
  documented = documentedPath(endpoint),
  request: ExampleRequest = {},
): ProblemExample | undefined {
  const concrete = concretePath(endpoint, catalog, documented);
  const slug = endpoint.slug?.values(catalog)[0] ?? '';
  const at = (problem: Problem | undefined, path = concrete) => (problem ? { problem, instance: problemInstance(path) } : undefined);
  const answer = (query: Readonly<Record<string, string>>, asked = slug) => () => endpoint.answer({ catalog, query, slug: asked });
  switch (code) {
    case 'invalid_parameter':
      return at(queryFailure(answer(request.invalidQuery ?? { ...requiredExample(endpoint.query, catalog), unknown: 'x' }), documented, endpoint.slug ? slug : undefined));
    case 'missing_parameter':
      return at(queryFailure(answer({}), documented));
    case 'not_found':
      return endpoint.slug ? at(queryFailure(answer({}, MISSING_SLUG), documented), documented.replace('{slug}', MISSING_SLUG)) : undefined;
    case 'not_acceptable':
      return at(notAcceptableProblem('text/html', concrete));
    case 'unsupported_media_type':
      return at(unsupportedMediaTypeProblem('GET', concrete));
    case 'uri_too_long':
      return at(uriTooLongProblem(longTarget(concrete).length));
    case 'headers_too_large':
      return at(headersTooLargeProblem());
    case 'rate_limited':
      return at(rateLimitedProblem(quota));
    case 'internal_error':
      return at(internalErrorProblem());
    case 'method_not_allowed':
      // A GET is never refused for its method: that is another method's answer.
      return undefined;
  }
}
