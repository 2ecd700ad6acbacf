import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { answer, JSON_TYPE } from '../http/answer.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import type { DoorDescriptor } from '../http/doors.js';
import type { Route } from '../http/router.js';
import { API_PREFIX, MCP_PATH, ROUTES } from '../routes/table.js';
import { aiCatalog, authMarkdown, authorizationServerMetadata, mcpServerCard, protectedResourceMetadata } from './well-known.js';
import { oauthRoutes } from './oauth.js';
import { buildOpenApi } from './openapi.js';

/** A document that is a function of the Catalog alone: built once per Catalog. */
function document(pattern: string, type: string, build: (catalog: Catalog) => string): Route {
  const built = perCatalog(build);
  return { pattern, method: 'GET', handle: (request) => answer(200, type, built(request.catalog)), expand: () => [pattern] };
}

const json = (pattern: string, build: (catalog: Catalog) => unknown) => document(pattern, JSON_TYPE, (catalog) => JSON.stringify(build(catalog)));

/**
 * What lets a client find the rest without help: /openapi.json, /auth.md,
 * /.well-known/* and the OAuth stubs. `quota` is the policy this deployment
 * enforces, which several of them state. The door owns no area of its own:
 * its paths are free, unversioned and answer failures as the website does.
 */
export function discoveryDoor(quota: RateLimitPolicy): DoorDescriptor {
  return { name: 'discovery', areas: [], routes: discoveryRoutes(quota) };
}

function discoveryRoutes(quota: RateLimitPolicy): Route[] {
  return [
    json(ROUTES.openapi.pattern, (c) => buildOpenApi(c, quota)),
    json(ROUTES.authorizationServer.pattern, authorizationServerMetadata),
    json(ROUTES.protectedResource.pattern, (c) => protectedResourceMetadata(c, '')),
    json(ROUTES.protectedResourceMcp.pattern, (c) => protectedResourceMetadata(c, MCP_PATH)),
    json(ROUTES.protectedResourceApi.pattern, (c) => protectedResourceMetadata(c, API_PREFIX)),
    json(ROUTES.mcpCard.pattern, mcpServerCard),
    json(ROUTES.mcpServerCard.pattern, mcpServerCard),
    json(ROUTES.aiCatalog.pattern, (c) => aiCatalog(c, quota)),
    document(ROUTES.authMd.pattern, 'text/markdown; charset=utf-8', (c) => authMarkdown(c, quota)),
    ...oauthRoutes(),
  ];
}
