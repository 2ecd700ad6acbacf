import type { ContentFeed } from '../http/push-hook.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { Incoming } from '../http/request.js';
import type { ServiceFacts } from '../model/endpoints.js';

/**
 * The /api/v1 endpoints are declared in src/model/endpoints.ts (path,
 * parameters, response shape, errors, the query that answers); this door
 * mounts them (src/api/door.ts).
 */

/** What the API's health record reports beyond the content: the running quota limiter, and the version's end. */
export interface ServiceState {
  readonly limiter: RateLimiter;
  readonly deprecation: ServiceFacts['deprecation'];
  /** The git remote the content follows (CONTENT_GIT): the webhook's fetches, the health record's commit. */
  readonly content?: ContentFeed;
  /** The client address of a request outside the quota (the webhook's own limit counts by it). */
  readonly clientOf: (request: Incoming) => string;
}

/** The facts the health record states, read from the running service at the time of a request (the quota store may fall back and recover). */
export function serviceFacts(service: ServiceState): ServiceFacts {
  return { quota: service.limiter.policy, store: service.limiter.storeState(), deprecation: service.deprecation, ...(service.content ? { content: service.content.facts() } : {}) };
}
