import type { ContentFolder } from './content-folder.js';
import { parseYaml } from '../util/front-matter.js';
import { redirectsSchema } from './schemas.js';
import { perCatalog } from './per-catalog.js';
import type { Catalog, Redirect } from './types.js';

/**
 * `redirects.yaml` at the root of the content folder: old addresses (a
 * renamed page, the permalinks and short links of a site imported by
 * `vitrine import`) sent on to new ones. The file is optional. Each entry is
 * validated on its own; a `from` written twice is a problem, whichever way
 * its trailing slash is written, since both forms match the same requests.
 */

export const REDIRECTS_FILE = 'redirects.yaml';

/** The redirects of the folder, in file order: none when the file is absent, undefined (reported) when it is wrong. */
export async function loadRedirects(folder: ContentFolder): Promise<readonly Redirect[] | undefined> {
  // Other files are read meanwhile: this file's problems are told apart by its name.
  const wrong = () => folder.problems.some((problem) => problem.file === REDIRECTS_FILE);
  const source = await folder.readText(REDIRECTS_FILE, { optional: true });
  // Absent is no redirect at all; unreadable is reported.
  if (source === undefined) return wrong() ? undefined : [];
  let data: unknown;
  try {
    data = parseYaml(source);
  } catch (error) {
    folder.syntaxProblem(REDIRECTS_FILE, undefined, error);
    return undefined;
  }
  // An empty file, or one of comments only, has no redirect.
  if (data !== null && data !== undefined && !Array.isArray(data)) {
    folder.report(REDIRECTS_FILE, undefined, 'must be a list of { from, to, status }');
    return undefined;
  }
  const entries = folder.validate(REDIRECTS_FILE, redirectsSchema, data ?? []);
  if (!entries) return undefined;
  const seen = new Map<string, number>();
  const redirects: Redirect[] = [];
  entries.forEach((entry, index) => {
    const redirect = redirectOf(entry.from, entry.to, entry.status);
    const key = redirectKey(redirect);
    const first = seen.get(key);
    if (first !== undefined) folder.report(REDIRECTS_FILE, `${index}.from`, `"${entry.from}" is already sent on by entry ${first}; keep one of them`);
    else seen.set(key, index);
    redirects.push(redirect);
  });
  return wrong() ? undefined : redirects;
}

function redirectOf(from: string, to: string, status: Redirect['status']): Redirect {
  const mark = from.indexOf('?');
  if (mark === -1) return { from, query: [], to, status };
  const query = [...new URLSearchParams(from.slice(mark + 1))].map(([name, value]) => [name, value] as const);
  return { from: from.slice(0, mark), query, to, status };
}

/** What two entries that match the same requests share: the path without its trailing slash, and the query in order. */
function redirectKey(redirect: Redirect): string {
  const query = [...redirect.query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${matchedPath(redirect.from)}?${new URLSearchParams(query.map(([name, value]): [string, string] => [name, value])).toString()}`;
}

/**
 * A path as redirects compare it: percent-escapes decoded (a path written
 * `/café/` and one requested `/caf%C3%A9` are one), one trailing slash
 * dropped (`/2013/01/11/title/` matches with and without it).
 */
export function matchedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Bad percent-encoding: compared as written.
  }
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

/**
 * Finds the redirect of a request among `redirects`: `path` as requested
 * (still percent-encoded), `search` its query without the "?". An entry
 * with a query matches when the request carries each of its parameters with
 * that value, whatever else it carries (`/?p=12` matches `/?p=12&utm_source=x`,
 * not `/?p=13`), and is preferred; one without matches the path whatever
 * the query.
 */
export function redirectMatcher(redirects: readonly Redirect[]): (path: string, search: string) => Redirect | undefined {
  const paths = new Map<string, Redirect[]>();
  for (const redirect of redirects) {
    const key = matchedPath(redirect.from);
    paths.set(key, [...(paths.get(key) ?? []), redirect]);
  }
  for (const list of paths.values()) list.sort((a, b) => Number(b.query.length > 0) - Number(a.query.length > 0));
  return (path, search) => {
    const candidates = paths.get(matchedPath(path));
    if (!candidates) return undefined;
    let params: URLSearchParams | undefined;
    for (const redirect of candidates) {
      if (redirect.query.length === 0) return redirect;
      params ??= new URLSearchParams(search);
      if (redirect.query.every(([name, value]) => params!.getAll(name).includes(value))) return redirect;
    }
    return undefined;
  };
}

const matcherOf = perCatalog((catalog: Catalog) => redirectMatcher(catalog.redirects));

/** The redirect of a request to the Catalog's site (see redirectMatcher). */
export function redirectFor(catalog: Catalog, path: string, search: string): Redirect | undefined {
  return catalog.redirects.length === 0 ? undefined : matcherOf(catalog)(path, search);
}
