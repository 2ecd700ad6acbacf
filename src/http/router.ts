import type { Catalog } from '../content/types.js';
import type { Answer } from './answer.js';
import type { Zone, Zones } from './doors.js';
import type { Incoming } from './request.js';
import { decodePathSegment } from './request.js';
import { compareSpecificity, matchPattern } from '../routes/table.js';

export type Handler = (request: Incoming) => Answer | Promise<Answer>;

/**
 * One route of a door. GET routes answer HEAD too. A route whose answers
 * are the same for every request (per Catalog) says which URLs it has, so
 * they can be prepared ahead of requests and exported as files.
 */
export interface Route {
  /** `/api/v1/products/:slug`: `:name` is one path segment, a final `*` the rest of the path. */
  readonly pattern: string;
  readonly method: 'GET' | 'POST';
  readonly handle: Handler;
  /** Every URL this route answers over `catalog` (its slugs, its mirrors, its feeds). */
  readonly expand?: (catalog: Catalog) => readonly string[];
  /**
   * Whether site routes negotiate markdown (each format is prepared apart).
   */
  readonly negotiates?: boolean;
  /**
   * False for answers that are files read when asked (pictures): exported
   * like the rest, but not prepared ahead of requests.
   */
  readonly preparedAhead?: false;
  /**
   * For a pattern with parameters: whether the resource at these parameters
   * exists. A write to one that does not is a 404, not a 405 (RFC 9110
   * section 15.5.6: a 405 names a resource that exists).
   */
  readonly exists?: (catalog: Catalog, params: Readonly<Record<string, string>>) => boolean;
}

export interface Match {
  /** Routes of that path, one per method. */
  readonly routes: readonly Route[];
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Finds the routes of a path: static paths in one Map lookup, then patterns
 * from the most specific to the least (the route table's ranking: a literal
 * segment beats a parameter, which beats `*`), so no route depends on the
 * order the doors were mounted in. A trailing slash is ignored.
 *
 * Given the doors' Zones, a pattern answers only the paths of the area its
 * literal beginning lies in: `/:locale/:page` is the website's and never
 * takes `/api/x` or `/mcp/x`, which are their own areas' 404s. A static
 * pattern is in the area of the very paths it matches, so only patterns
 * with parameters are filtered.
 */
export class Router {
  readonly #zones: Zones | undefined;
  readonly #static = new Map<string, Route[]>();
  /** Routes with parameters, grouped by pattern, most specific first, each with the prefix of its area. */
  #parametric: { readonly pattern: string; readonly area: string | undefined; readonly routes: Route[] }[] = [];
  readonly #all: Route[] = [];

  constructor(zones?: Zones) {
    this.#zones = zones;
  }

  add(...routes: readonly Route[]): this {
    for (const route of routes) {
      this.#all.push(route);
      if (!route.pattern.includes(':') && !route.pattern.includes('*')) {
        const list = this.#static.get(route.pattern) ?? [];
        list.push(route);
        this.#static.set(route.pattern, list);
        continue;
      }
      const group = this.#parametric.find((candidate) => candidate.pattern === route.pattern);
      if (group) group.routes.push(route);
      else this.#parametric.push({ pattern: route.pattern, area: this.#zones?.of(literalPrefix(route.pattern)).prefix, routes: [route] });
    }
    this.#parametric = this.#parametric.sort((a, b) => compareSpecificity(a.pattern, b.pattern));
    return this;
  }

  get routes(): readonly Route[] {
    return this.#all;
  }

  /** The routes of `path`, among those of `zone` (by default the zone of `path`) when the router knows the doors' Zones. */
  match(path: string, zone: Zone | undefined = this.#zones?.of(path)): Match | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const exact = this.#static.get(trimmed);
    if (exact) return { routes: exact, params: {} };
    const area = zone?.prefix;
    for (const group of this.#parametric) {
      if (area !== undefined && group.area !== undefined && group.area !== area) continue;
      const params = matchPattern(group.pattern, trimmed, decodePathSegment);
      if (params) return { routes: group.routes, params };
    }
    return undefined;
  }
}

/** The segments of a pattern before its first parameter: `/api/v1/products` of `/api/v1/products/:slug`, `/` of `/:page`. */
function literalPrefix(pattern: string): string {
  const segments = pattern.split('/');
  const first = segments.findIndex((segment) => segment.startsWith(':') || segment.startsWith('*'));
  return segments.slice(0, first === -1 ? undefined : first).join('/') || '/';
}
