import type { Answer } from './answer.js';
import type { ProblemError } from './problem.js';
import type { Incoming } from './request.js';
import type { Route } from './router.js';

/**
 * How one door words its failures: `/mcp` as JSON-RPC errors, the website as
 * a page in the visitor's format. Undefined falls back to a problem document.
 */
export type ErrorRenderer = (problem: ProblemError, request: Incoming) => Answer | undefined;

/**
 * A part of the paths a door answers, and what the pipeline does there. A
 * path belongs to the area with the longest prefix it equals or is below
 * (`/api/v1/posts` to `/api/v1` rather than `/api`); the door that mounts
 * the prefix `/` takes the rest.
 */
export interface Area {
  readonly prefix: string;
  /** The quota counts requests here and every answer reports it (RateLimit headers). */
  readonly counted: boolean;
  /** Answers name the deployment (X-API-Version) and, where counted, a deprecation. */
  readonly versioned: boolean;
  /**
   * JSON only: an Accept that admits no JSON is a 406, a request body a 415,
   * failures are problem documents, and a trailing slash keeps its answer
   * rather than redirecting (an API's URLs are documented, not linked).
   */
  readonly json: boolean;
  /**
   * The hint of a 404 here (RFC 9457 "hint" member): where a client that
   * asked for a path this area does not have finds the ones it does.
   */
  readonly notFoundHint: string;
  /** The paths of this area nearest to one it does not have (`/api/v1/product/x` for `/api/v1/products/x`), nearest first. */
  readonly nearPaths?: (path: string) => readonly string[];
}

/**
 * What a door tells the pipeline about itself: its name (for logs), the
 * areas it owns, its routes, how it words a failure and what besides the
 * URL selects one of its kept answers. `app.ts` mounts every door from its
 * descriptor; the pipeline knows doors by nothing else.
 */
export interface DoorDescriptor {
  readonly name: string;
  readonly areas: readonly Area[];
  readonly routes: readonly Route[];
  readonly renderer?: ErrorRenderer;
  /** What besides the URL selects a kept answer (the website negotiates markdown). */
  readonly variant?: (request: Incoming) => string;
}

/** An area with the door that owns it, as a request sees it: `request.zone`. */
export interface Zone extends Area {
  readonly door: string;
  readonly renderer: ErrorRenderer | undefined;
  readonly variant: ((request: Incoming) => string) | undefined;
}

/**
 * The areas of every mounted door, looked up by path. Prefixes are compared
 * longest first, so which door owns a path never depends on the order the
 * doors were mounted in. A route answers the paths of the area its pattern
 * lies in and no other (see Router): a path under `/api` that no API route
 * matches is the API's 404, never a page of the website's catch-all routes.
 */
export class Zones {
  readonly #zones: readonly Zone[];
  readonly #fallback: Zone;

  constructor(doors: readonly DoorDescriptor[]) {
    const zones = doors.flatMap((door) => door.areas.map((area): Zone => ({ ...area, door: door.name, renderer: door.renderer, variant: door.variant })));
    const prefixes = new Set<string>();
    for (const zone of zones) {
      if (prefixes.has(zone.prefix)) throw new Error(`two doors claim the path prefix ${zone.prefix}`);
      prefixes.add(zone.prefix);
    }
    this.#zones = zones.filter((zone) => zone.prefix !== '/').sort((a, b) => b.prefix.length - a.prefix.length);
    const fallback = zones.find((zone) => zone.prefix === '/');
    if (!fallback) throw new Error('no door takes the path prefix /');
    this.#fallback = fallback;
  }

  /** The zone of a request path. */
  of(path: string): Zone {
    for (const zone of this.#zones) {
      if (path === zone.prefix || (path.startsWith(zone.prefix) && path.charCodeAt(zone.prefix.length) === SLASH)) return zone;
    }
    return this.#fallback;
  }

  get all(): readonly Zone[] {
    return [...this.#zones, this.#fallback];
  }
}

const SLASH = '/'.charCodeAt(0);
