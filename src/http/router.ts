import type { Catalog } from '../content/types.js';
import type { Answer } from './answer.js';
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
 */
export class Router {
  readonly #static = new Map<string, Route[]>();
  /** Routes with parameters, grouped by pattern, most specific first. */
  #parametric: { readonly pattern: string; readonly routes: Route[] }[] = [];
  readonly #all: Route[] = [];

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
      else this.#parametric.push({ pattern: route.pattern, routes: [route] });
    }
    this.#parametric = this.#parametric.sort((a, b) => compareSpecificity(a.pattern, b.pattern));
    return this;
  }

  get routes(): readonly Route[] {
    return this.#all;
  }

  match(path: string): Match | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const exact = this.#static.get(trimmed);
    if (exact) return { routes: exact, params: {} };
    for (const { pattern, routes } of this.#parametric) {
      const params = matchPattern(pattern, trimmed, decodePathSegment);
      if (params) return { routes, params };
    }
    return undefined;
  }
}
