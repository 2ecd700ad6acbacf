import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { answer, JSON_TYPE } from '../http/answer.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import type { Route } from '../http/router.js';
import { toolDefinitions } from '../mcp/tools.js';
import { aiCatalog, authMarkdown, authorizationServerMetadata, mcpServerCard, protectedResourceMetadata } from './documents.js';
import { oauthRoutes } from './oauth.js';
import { buildOpenApi } from './openapi.js';

/** A document that is a function of the Catalog alone: built once per Catalog. */
function document(pattern: string, type: string, build: (catalog: Catalog) => string): Route {
  const built = perCatalog(build);
  return { pattern, method: 'GET', handle: (request) => answer(200, type, built(request.catalog)), expand: () => [pattern] };
}

const json = (pattern: string, build: (catalog: Catalog) => unknown) => document(pattern, JSON_TYPE, (catalog) => JSON.stringify(build(catalog)));

/** /openapi.json, /auth.md, /.well-known/* and the OAuth stubs; `quota` is the policy this deployment enforces, which several of them state. */
export function discoveryRoutes(quota: RateLimitPolicy): Route[] {
  return [
    json('/openapi.json', (c) => buildOpenApi(c, quota)),
    json('/.well-known/oauth-authorization-server', authorizationServerMetadata),
    json('/.well-known/oauth-protected-resource', (c) => protectedResourceMetadata(c, '')),
    json('/.well-known/oauth-protected-resource/mcp', (c) => protectedResourceMetadata(c, '/mcp')),
    json('/.well-known/oauth-protected-resource/api/v1', (c) => protectedResourceMetadata(c, '/api/v1')),
    json('/.well-known/mcp.json', (c) => mcpServerCard(c, toolDefinitions(c))),
    json('/.well-known/mcp/server-card', (c) => mcpServerCard(c, toolDefinitions(c))),
    json('/.well-known/ai-catalog.json', (c) => aiCatalog(c, quota)),
    document('/auth.md', 'text/markdown; charset=utf-8', (c) => authMarkdown(c, quota)),
    ...oauthRoutes(),
  ];
}
