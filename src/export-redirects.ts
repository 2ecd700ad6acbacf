import { matchedPath } from './content/redirects.js';
import type { Redirect } from './content/types.js';
import { answerOf } from './http/redirects.js';
import { NO_STORE } from './http/policy.js';
import type { ExportedSite } from './export.js';

/**
 * The redirects of `redirects.yaml` as nginx directives for the export's
 * includes, answering what the server answers (the same status, `Location`,
 * BASE_URL's path prefix included, no query carried over,
 * `Cache-Control: no-store`, and the headers of the path's part of the
 * service: CORS, nosniff, and the API's version under /api):
 *
 * - an entry without a query is an exact `location` of its path, with and
 *   without the trailing slash, that returns the redirect; one on a path the
 *   export answers is left out, as the server never sends it on either;
 * - an entry with a query is an `if` on the `$arg_<name>` variables inside
 *   the location of its path (the exported page's own, so `/?p=12` is
 *   answered in `location = /`), before anything else the location does.
 *
 * What nginx cannot carry is written as a comment instead: a parameter whose
 * name is not letters, digits and underscores (no `$arg_` variable names it).
 * nginx compares a parameter as sent (percent-encoded, as this writes the
 * value) and reads only its first occurrence, where the server decodes it
 * and matches any occurrence.
 */

/** What the include adds for the redirects: lines inside the exported locations, by URL, and locations of their own. */
export interface RedirectDirectives {
  /** Lines to put first inside the exported location of each URL. */
  readonly inside: ReadonlyMap<string, readonly string[]>;
  /** Whole `location` blocks of paths the export does not answer. */
  readonly blocks: readonly string[];
}

/** A value inside nginx double quotes (`$` through the `$dollar` of the server's configuration). */
export const nginxQuoted = (value: string): string => `"${value.replace(/["\\$]/g, (c) => (c === '$' ? '${dollar}' : `\\${c}`))}"`;

const ARG_NAME = /^[A-Za-z0-9_]+$/;

/**
 * The headers of a redirect from `path`, as `add_header` directives on one
 * line: its part's and `Cache-Control: no-store`, as the server answers every
 * answer but a 200 (see HttpPolicy.prepare). Written wherever the redirect
 * returns, since nginx drops a location's add_header inside an `if` with its own.
 */
function headerLine(site: ExportedSite, path: string): string {
  return [...site.scopeHeadersAt(path), ['cache-control', NO_STORE] as const].map(([name, value]) => `add_header ${name} ${nginxQuoted(value)} always; `).join('');
}

/**
 * The directives of `redirects` for an include whose exact locations are
 * `exported`. `standalone`: whether a path with only query entries gets a
 * location of its own that answers 404 when none matches (the static
 * export, where nothing else would answer it); where a proxy to running
 * instances takes the rest, such a path is left to them.
 */
export function redirectDirectives(site: ExportedSite, exported: ReadonlySet<string>, standalone: boolean): RedirectDirectives {
  const { redirects, baseUrl } = site;
  const byPath = new Map<string, Redirect[]>();
  for (const redirect of redirects) {
    const key = matchedPath(redirect.from);
    byPath.set(key, [...(byPath.get(key) ?? []), redirect]);
  }
  const inside = new Map<string, string[]>();
  const blocks: string[] = [];
  for (const [path, entries] of byPath) {
    const queried = entries.filter((entry) => entry.query.length > 0).flatMap((entry) => queryLines(entry, site));
    const plain = entries.find((entry) => entry.query.length === 0);
    if (exported.has(path)) {
      if (queried.length > 0) inside.set(path, queried);
      continue;
    }
    if (!plain && !standalone) continue;
    const last = plain ? `return ${plain.status} ${nginxQuoted(answerOf(baseUrl, plain).headers.location!)};` : 'return 404;';
    for (const name of path === '/' ? [path] : [path, `${path}/`]) {
      blocks.push([`location = ${nginxQuoted(name)} {`, '    absolute_redirect off;', ...queried, `    ${plain ? headerLine(site, path) : ''}${last}`.trimEnd(), '}'].join('\n'));
    }
  }
  for (const lines of inside.values()) lines.unshift('    absolute_redirect off;');
  return { inside, blocks };
}

/** The `set` and `if` of one entry with a query: its parameters as the request sends them, compared at once. */
function queryLines(redirect: Redirect, site: ExportedSite): string[] {
  const from = `${redirect.from}?${redirect.query.map(([name, value]) => `${name}=${value}`).join('&')}`;
  const unnamed = redirect.query.find(([name]) => !ARG_NAME.test(name));
  if (unnamed) return [`    # not carried: ${from.replace(/[\r\n]/g, ' ')} (nginx has no $arg_ variable for the parameter "${unnamed[0].replace(/[\r\n]/g, ' ')}")`];
  const sent = redirect.query.map(([name]) => `${name}=$arg_${name}`).join('&');
  const wanted = redirect.query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const location = answerOf(site.baseUrl, redirect).headers.location!;
  // The if's own add_header keeps the page's (its ETag, its Cache-Control) off the redirect.
  return [`    set $vitrine_redirect "${sent}";`, `    if ($vitrine_redirect = ${nginxQuoted(wanted)}) { ${headerLine(site, matchedPath(redirect.from))}return ${redirect.status} ${nginxQuoted(location)}; }`];
}
