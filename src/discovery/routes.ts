import type { FastifyInstance } from 'fastify';
import { perCatalog } from '../content/per-catalog.js';
import type { ContentStore } from '../content/store.js';
import type { Catalog } from '../content/types.js';
import { toolDefinitions } from '../mcp/tools.js';
import { aiCatalog, authMarkdown, authorizationServerMetadata, mcpServerCard, protectedResourceMetadata } from './documents.js';
import { registerOAuthStubs } from './oauth.js';
import { buildOpenApi } from './openapi.js';

export interface DiscoveryOptions {
  readonly store: ContentStore;
}

/** /openapi.json, /auth.md, /.well-known/* and the OAuth stubs. */
export function registerDiscoveryRoutes(app: FastifyInstance, { store }: DiscoveryOptions): void {
  const json = (path: string, build: (catalog: Catalog) => unknown) => {
    const cached = perCatalog((catalog) => JSON.stringify(build(catalog)));
    app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(cached(store.catalog)));
  };

  json('/openapi.json', buildOpenApi);
  json('/.well-known/oauth-authorization-server', authorizationServerMetadata);
  json('/.well-known/oauth-protected-resource', (c) => protectedResourceMetadata(c, ''));
  json('/.well-known/oauth-protected-resource/mcp', (c) => protectedResourceMetadata(c, '/mcp'));
  json('/.well-known/oauth-protected-resource/api/v1', (c) => protectedResourceMetadata(c, '/api/v1'));
  json('/.well-known/mcp.json', (c) => mcpServerCard(c, toolDefinitions(c)));
  json('/.well-known/mcp/server-card', (c) => mcpServerCard(c, toolDefinitions(c)));
  json('/.well-known/ai-catalog.json', aiCatalog);

  const auth = perCatalog(authMarkdown);
  app.get('/auth.md', async (_request, reply) => reply.type('text/markdown; charset=utf-8').send(auth(store.catalog)));

  registerOAuthStubs(app, store);
}
