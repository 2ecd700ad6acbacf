import type { Answer } from '../http/answer.js';
import { jsonAnswer } from '../http/answer.js';
import type { DoorDescriptor } from '../http/doors.js';
import type { Route } from '../http/router.js';
import { ROUTES } from '../routes/table.js';
import { QueryError } from '../query/errors.js';
import type { ServiceState } from './service-facts.js';
import type { Endpoint } from '../model/endpoints.js';
import { serviceFacts } from './service-facts.js';
import { API_PREFIX, documentedPath, ENDPOINTS, health } from '../model/endpoints.js';
import { problemOf } from './query-problems.js';
import { contentUsageHeader } from '../content/ai-usage.js';
import { closestPath } from '../util/suggest.js';
import { contentHookRoute, HOOK_AREA } from './content-hook.js';

/**
 * The JSON API as a door: `/api/v1` counted by the quota and versioned,
 * `/healthz` versioned but free for load balancers, and anything else under
 * `/api` a problem document; JSON only everywhere (406, 415, no redirect).
 */
export function apiDoor(service: ServiceState): DoorDescriptor {
  // Wherever a client lost its way in the API, the index lists every endpoint.
  const notFoundHint = `Call GET ${API_PREFIX} for the map of every endpoint.`;
  return {
    name: 'api',
    areas: [
      { prefix: API_PREFIX, counted: true, versioned: true, json: true, notFoundHint, nearPaths: nearEndpoints },
      { prefix: ROUTES.healthz.pattern, counted: false, versioned: true, json: true, notFoundHint },
      { prefix: '/api', counted: false, versioned: false, json: true, notFoundHint },
      HOOK_AREA,
    ],
    routes: [...apiRoutes(service), contentHookRoute(service.content, service.clientOf)],
  };
}

/**
 * The endpoints nearest to a path the API does not have, compared segment
 * by segment: a slug's place takes the path's own segment there, so
 * `/api/v1/product/jaci` is one letter from `/api/v1/products/jaci`.
 */
function nearEndpoints(path: string): string[] {
  const segments = path.split('/');
  const candidates = ENDPOINTS.map((endpoint) =>
    `${API_PREFIX}${endpoint.path}`
      .split('/')
      .map((segment, i) => (segment.startsWith(':') ? (segments[i] ?? segment) : segment))
      .join('/'),
  );
  return closestPath(path, candidates);
}

/** Every /api/v1 endpoint (and /healthz), each a route that answers from the request's Catalog. */
export function apiRoutes(service: ServiceState): Route[] {
  const routes = ENDPOINTS.map((endpoint) => route(`${API_PREFIX}${endpoint.path}`, endpoint, service));
  // Health is also served at /healthz, outside the quota, for load balancers.
  routes.push(route(ROUTES.healthz.pattern, health, service));
  return routes;
}

function route(pattern: string, endpoint: Endpoint, service: ServiceState): Route {
  const documented = pattern === ROUTES.healthz.pattern ? pattern : documentedPath(endpoint);
  // The health record follows the quota store, which changes while the Catalog does not: no cache keeps it.
  const shared = endpoint !== health;
  return {
    pattern,
    method: 'GET',
    handle: (request): Answer => {
      const { catalog } = request;
      try {
        const result = endpoint.answer({ catalog, query: request.query, slug: request.params.slug ?? '', service: serviceFacts(service) });
        const headers = {
          ...(result.link ? { link: result.link } : {}),
          // RFC 9110 section 8.8.2: an HTTP-date, whole seconds, GMT.
          ...(result.updatedAt ? { 'last-modified': new Date(result.updatedAt).toUTCString() } : {}),
          // RFC 9110 section 8.5: the language of a record's text, which may not be the one asked for.
          ...(result.language ? { 'content-language': result.language } : {}),
          // What the content answered may be used for: the record's preferences, or the site's for anything else.
          ...(shared ? contentUsageHeader(result.usage ?? catalog.site.ai_usage) : {}),
        };
        return { ...jsonAnswer(result.body, headers), ...(shared ? {} : { cache: 'no-store' as const }) };
      } catch (error) {
        throw error instanceof QueryError ? problemOf(error, documented, request.params.slug) : error;
      }
    },
    // Search needs words to look for: it has no URL to prepare ahead.
    ...(!shared || Object.values(endpoint.query).some((param) => param.type === 'text')
      ? {}
      : { expand: (catalog) => (endpoint.slug ? endpoint.slug.values(catalog).map((slug) => pattern.replace(':slug', encodeURIComponent(slug))) : [pattern]) }),
  };
}
