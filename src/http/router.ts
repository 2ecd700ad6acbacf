import type { Catalog } from '../content/types.js';
import type { Answer } from './answer.js';
import type { Incoming } from './request.js';
import { decodePathSegment } from './request.js';

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
   * For a pattern with parameters: whether the resource at these parameters
   * exists. A write to one that does not is a 404, not a 405 (RFC 9110
   * section 15.5.6: a 405 names a resource that exists).
   */
  readonly exists?: (catalog: Catalog, params: Readonly<Record<string, string>>) => boolean;
}

interface Parametric {
  readonly segments: readonly string[];
  readonly route: Route;
}

export interface Match {
  /** Routes of that path, one per method. */
  readonly routes: readonly Route[];
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Finds the routes of a path: static paths in one Map lookup, patterns in the
 * order added (the more specific first). A trailing slash is ignored.
 */
export class Router {
  readonly #static = new Map<string, Route[]>();
  readonly #parametric: Parametric[] = [];
  readonly #all: Route[] = [];

  add(...routes: readonly Route[]): this {
    for (const route of routes) {
      this.#all.push(route);
      if (!route.pattern.includes(':') && !route.pattern.includes('*')) {
        const list = this.#static.get(route.pattern) ?? [];
        list.push(route);
        this.#static.set(route.pattern, list);
      } else {
        this.#parametric.push({ segments: route.pattern.split('/'), route });
      }
    }
    return this;
  }

  get routes(): readonly Route[] {
    return this.#all;
  }

  match(path: string): Match | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const exact = this.#static.get(trimmed);
    if (exact) return { routes: exact, params: {} };
    const parts = trimmed.split('/');
    let found: { routes: Route[]; params: Record<string, string> } | undefined;
    for (const { segments, route } of this.#parametric) {
      const params = matchSegments(segments, parts);
      if (!params) continue;
      if (!found) found = { routes: [route], params };
      else if (found.routes[0]!.pattern === route.pattern) found.routes.push(route);
    }
    return found;
  }
}

function matchSegments(segments: readonly string[], parts: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '*') {
      const rest = parts.slice(i).join('/');
      if (rest === '') return undefined;
      params['*'] = rest.split('/').map(decodePathSegment).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.startsWith(':')) {
      if (part === '') return undefined;
      params[segment.slice(1)] = decodePathSegment(part);
    } else if (segment !== part) {
      return undefined;
    }
  }
  return parts.length === segments.length ? params : undefined;
}
