import type { Answer } from '../http/answer.js';
import { jsonAnswer } from '../http/answer.js';
import type { Route } from '../http/router.js';
import type { Endpoint, ServiceState } from './endpoints.js';
import { API_PREFIX, ENDPOINTS, health } from './endpoints.js';
import { parseQuery } from './params.js';

/** Every /api/v1 endpoint (and /healthz), each a route that answers from the request's Catalog. */
export function apiRoutes(service: ServiceState): Route[] {
  const routes = ENDPOINTS.map((endpoint) => route(`${API_PREFIX}${endpoint.path}`, endpoint, service));
  // Health is also served at /healthz, outside the quota, for load balancers.
  routes.push(route('/healthz', health, service));
  return routes;
}

function route(pattern: string, endpoint: Endpoint, service: ServiceState): Route {
  const documented = pattern.replace(':slug', '{slug}');
  return {
    pattern,
    method: 'GET',
    handle: (request): Answer => {
      const { catalog } = request;
      const query = parseQuery(endpoint.query, request.query, catalog, documented);
      const result = endpoint.answer({ catalog, query, slug: request.params.slug ?? '', service });
      return { ...jsonAnswer(result.body, result.link ? { link: result.link } : {}), ...(endpoint === health ? { shared: false } : {}) };
    },
    // The health record follows the quota store, which changes while the Catalog does not; search needs words.
    ...(endpoint === health || Object.values(endpoint.query).some((param) => param.type === 'text')
      ? {}
      : { expand: (catalog) => (endpoint.slug ? endpoint.slug.values(catalog).map((slug) => pattern.replace(':slug', encodeURIComponent(slug))) : [pattern]) }),
  };
}
