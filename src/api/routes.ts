import type { FastifyInstance } from 'fastify';
import type { ContentStore } from '../content/store.js';
import { appendLink } from '../http/link.js';
import type { Endpoint, ServiceState } from './endpoints.js';
import { API_PREFIX, ENDPOINTS, health } from './endpoints.js';
import type { ParamSpec } from './params.js';
import { parseQuery } from './params.js';

export interface ApiRoutesOptions {
  readonly store: ContentStore;
  /** What the health record reports beyond the content. */
  readonly service: ServiceState;
}

/** Registers every /api/v1 endpoint (and /healthz) over the Catalog in force. */
export function registerApiRoutes(app: FastifyInstance, { store, service }: ApiRoutesOptions): void {
  for (const endpoint of ENDPOINTS) {
    register(app, store, service, `${API_PREFIX}${endpoint.path}`, endpoint);
  }
  // SPEC.md section 2: health is also served at /healthz, outside the quota.
  register(app, store, service, '/healthz', health as unknown as Endpoint);
}

function register(app: FastifyInstance, store: ContentStore, service: ServiceState, url: string, endpoint: Endpoint<ParamSpec>): void {
  app.get<{ Params: { slug?: string }; Querystring: Record<string, string | string[]> }>(
    url,
    { schema: { response: { 200: endpoint.response } } },
    async (request, reply) => {
      const catalog = store.catalog;
      const query = parseQuery(endpoint.query, request.query, catalog, url.replace(':slug', '{slug}'));
      const result = endpoint.answer({ catalog, query, slug: request.params.slug ?? '', service });
      appendLink(reply, result.link);
      return result.body;
    },
  );
}
