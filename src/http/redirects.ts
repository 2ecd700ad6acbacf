import { redirectFor } from '../content/redirects.js';
import type { Redirect } from '../content/types.js';
import { hrefOf } from '../routes/table.js';
import type { Answer } from './answer.js';
import type { Incoming } from './request.js';
import type { Router } from './router.js';

/**
 * The answer of `redirects.yaml` to a request, or undefined when none is
 * due. A redirect never takes the place of a route that answers:
 *
 * - an entry without a query is consulted only where no route has anything
 *   at the path (where the request would be a 404), so a page renamed and
 *   then written again under its old slug is served, not sent on;
 * - an entry with a query (`/?p=12`) is consulted first, even on a path a
 *   route answers: the query is what the old site told its addresses
 *   apart by, and the route answers the path without it all the same.
 *
 * Only GET and HEAD are sent on. The answer is made before the quota, in
 * whatever area the path lies: a redirect costs nothing and is counted
 * nowhere, as the site's own answers are not.
 */
export function redirectAnswer(request: Incoming, router: Router): Answer | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const mark = request.url.indexOf('?');
  const redirect = redirectFor(request.catalog, request.path, mark === -1 ? '' : request.url.slice(mark + 1));
  if (!redirect || (redirect.query.length === 0 && routeAnswers(request, router))) return undefined;
  return answerOf(request.catalog.base_url, redirect);
}

/** Whether a route of the request's area has something at its path (what a GET would not find a 404 at). */
function routeAnswers(request: Incoming, router: Router): boolean {
  try {
    const match = router.match(request.path, request.zone);
    const route = match?.routes.find((candidate) => candidate.method === 'GET');
    return route !== undefined && (route.exists === undefined || route.exists(request.catalog, match!.params));
  } catch {
    // A path that does not decode is the route's to refuse (400), not a redirect's to send on.
    return true;
  }
}

/**
 * The status the entry names and its `Location` (RFC 9110 sections 10.2.2
 * and 15.4): a path of the site from its root, BASE_URL's path prefix
 * included (as the site's own redirects write it), or another site's URL as
 * written. The request's query is not carried over: an entry with a query
 * matched on it, and the new address is the one the entry gives.
 */
export function answerOf(baseUrl: string, redirect: Redirect): Answer {
  const location = redirect.to.startsWith('/') ? hrefOf(baseUrl, redirect.to) : redirect.to;
  return { status: redirect.status, headers: { 'content-type': 'text/plain; charset=utf-8', location }, body: `Moved to ${location}\n` };
}
