import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { Catalog } from '../../src/content/types.js';
import { ENDPOINTS } from '../../src/model/endpoints.js';
import { SLUG } from '../../src/content/schemas.js';
import { PROBLEM_CODES } from '../../src/http/problem.js';
import { mcpServerCard } from '../../src/discovery/well-known.js';
import { PROMPT_SUMMARIES } from '../../src/model/prompts.js';
import { genericToolDefinitions } from '../../src/model/tools.js';
import { BASE_URL, useTestApp } from '../helper.js';

let server: Service;
let catalog: Catalog;
useTestApp((app) => ({ server, catalog } = app));

async function json(url: string) {
  const response = await server.inject(url);
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(response.headers['access-control-allow-origin'], '*');
  assert.equal(response.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=86400');
  assert.ok(response.headers.etag);
  return response.json() as Record<string, unknown>;
}

describe('/openapi.json', () => {
  test('passes an independent OpenAPI 3.1 validator', async () => {
    const document = await json('/openapi.json');
    const validator = new Validator();
    const result = await validator.validate(document);
    assert.deepEqual(result.errors, undefined, JSON.stringify(result.errors, null, 1));
    assert.equal(result.valid, true);
    assert.equal(validator.version, '3.1');
  });

  test('documents every /api/v1 operation, anonymous, with the servers entry from BASE_URL', async () => {
    const document = await json('/openapi.json');
    assert.equal(document.openapi, '3.1.0');
    assert.deepEqual(document.servers, [{ url: BASE_URL, description: 'This deployment' }]);
    assert.deepEqual(document.security, []);
    const paths = document.paths as Record<string, { get: Record<string, unknown> }>;
    for (const endpoint of ENDPOINTS) {
      const path = `/api/v1${endpoint.path}`.replace(':slug', '{slug}');
      const operation = paths[path]?.get;
      assert.ok(operation, `${path} is documented`);
      assert.equal(operation.operationId, endpoint.operationId);
      assert.deepEqual(operation.security, []);
      // A GET is never a 405 (that is another method's answer), and only a slug can be missing.
      const statuses = ['200', '304', '400', ...(endpoint.slug ? ['404'] : []), '406', '408', '414', '415', '429', '431', '500'];
      assert.deepEqual(Object.keys(operation.responses as object), statuses, path);
    }
    // /healthz is outside the quota: no 429, no RateLimit headers.
    const healthz = paths['/healthz']!.get.responses as Record<string, { headers: Record<string, unknown> }>;
    assert.deepEqual(Object.keys(healthz), ['200', '304', '400', '406', '408', '414', '415', '431', '500']);
    for (const response of Object.values(healthz)) assert.ok(!Object.keys(response.headers).some((name) => name.startsWith('RateLimit')));
    assert.deepEqual((healthz['200']!.headers['Cache-Control'] as { $ref: string }).$ref, '#/components/headers/Cache-Control-No-Store');
  });

  test('parameters carry their bounds, defaults and enumerations from the content; open slugs are a pattern', async () => {
    const document = await json('/openapi.json');
    const parametersOf = (path: string) => (document.paths as unknown as Record<string, { get: { parameters: Record<string, unknown>[] } }>)[path]!.get.parameters;
    const byName = Object.fromEntries(parametersOf('/api/v1/posts').map((p) => [p.name, p]));
    assert.deepEqual(byName.limit?.schema, { type: 'integer', minimum: 1, maximum: 100, default: 20 });
    assert.deepEqual(byName.offset?.schema, { type: 'integer', minimum: 0, default: 0 });
    // Filters take several values, separated by commas (form style, not exploded).
    assert.deepEqual(byName.locale?.schema, { type: 'array', items: { type: 'string', enum: ['en', 'pt-BR'] }, minItems: 1, uniqueItems: true });
    assert.deepEqual([byName.locale?.style, byName.locale?.explode], ['form', false]);
    assert.match(String(byName.category?.description), /separated by commas \(`category=[^`]+,[^`]+`\).*no value contains a comma/);
    assert.deepEqual((byName.category?.schema as { items: { enum: string[] } }).items.enum, catalog.site.all_post_categories);
    assert.deepEqual(byName.sort?.schema, { type: 'string', enum: ['published_at', '-published_at', 'updated_at', '-updated_at', 'title', '-title'] });
    // A product or an article the content adds needs no new client: their slugs are the loader's grammar.
    for (const path of ['/api/v1/products/{slug}', '/api/v1/posts/{slug}']) {
      assert.deepEqual(parametersOf(path)[0]?.schema, { type: 'string', pattern: SLUG.source }, path);
    }
    assert.deepEqual((parametersOf('/api/v1/pages/{slug}')[0]?.schema as { enum: string[] }).enum, catalog.site.page_slugs);
  });

  test('response enumerations come from the content, and every nested object is a named component', async () => {
    const document = await json('/openapi.json');
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> }).schemas;
    assert.deepEqual(schemas.PostSummary!.properties.locale!.enum, catalog.site.locales);
    assert.deepEqual(schemas.PostSummary!.properties.category!.enum, catalog.site.all_post_categories);
    assert.deepEqual(schemas.Translation!.properties.locale!.enum, catalog.site.locales);
    assert.deepEqual(schemas.SearchHit!.properties.locale!.enum, catalog.site.locales);
    assert.deepEqual((schemas.ProductSummary!.properties.tags!.items as { enum: string[] }).enum, catalog.site.product_tags);
    assert.deepEqual(schemas.Problem!.properties.code!.enum, Object.keys(PROBLEM_CODES));
    // Below the top of each component, an object is only ever a $ref.
    const inline: string[] = [];
    const walk = (value: unknown, where: string, top: boolean): void => {
      if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${where}/${i}`, false));
      if (typeof value !== 'object' || value === null) return;
      const schema = value as Record<string, unknown>;
      if (!top && (schema.type === 'object' || schema.properties) && (schema.properties || typeof schema.additionalProperties === 'object')) inline.push(where);
      for (const [key, sub] of Object.entries(schema)) if (key !== 'example' && key !== 'enum') walk(sub, `${where}/${key}`, false);
    };
    for (const [name, schema] of Object.entries(schemas)) walk(schema, name, true);
    assert.deepEqual(inline, []);
    for (const name of ['Address', 'Translation', 'SearchHit', 'Links', 'Problem', 'QuotaState']) assert.ok(schemas[name], name);
  });

  test('examples are real answers from the content', async () => {
    const document = await json('/openapi.json');
    const ok = (path: string) =>
      ((document.paths as unknown as Record<string, { get: { responses: Record<string, { content: Record<string, { example: Record<string, unknown> }> }> } }>)[path]!.get.responses['200']!.content['application/json']!.example);
    assert.equal(ok('/api/v1/company').cnpj, catalog.company.cnpj);
    assert.equal(ok('/api/v1/products/{slug}').slug, catalog.products[0]?.slug);
    assert.equal((ok('/api/v1/posts').items as unknown[]).length, 2);
  });

  test('response headers are documented: quota, version, cache, validators, links', async () => {
    const document = await json('/openapi.json');
    const headers = (document.components as unknown as { headers: Record<string, unknown> }).headers;
    for (const name of ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-API-Version', 'Cache-Control', 'Cache-Control-No-Store', 'ETag', 'Last-Modified', 'Vary', 'Link-Pagination', 'Link-Deprecation']) {
      assert.ok(headers[name], name);
    }
    type Responses = Record<string, { headers: Record<string, { $ref: string }> }>;
    const responsesOf = (path: string, method = 'get') => (document.paths as Record<string, Record<string, { responses: Responses }>>)[path]![method]!.responses;
    assert.equal(responsesOf('/api/v1/posts')['200']!.headers.Link!.$ref, '#/components/headers/Link-Pagination');
    assert.ok(responsesOf('/api/v1/posts/{slug}')['200']!.headers['Last-Modified']);
    assert.ok(!responsesOf('/api/v1/posts')['200']!.headers['Last-Modified']);
    assert.ok(responsesOf('/api/v1/posts')['429']!.headers['Retry-After']);
    // The MCP endpoint: its Origin check answers 403.
    const mcp = responsesOf('/mcp', 'post');
    assert.ok(mcp['403']);
    assert.match(JSON.stringify(mcp['403']), /Forbidden: pages from the origin/);
  });

  test('every error response has a real example', async () => {
    const document = await json('/openapi.json');
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown; examples?: unknown }> }> }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const media = Object.values(response.content ?? {})[0];
          assert.ok(media?.example ?? media?.examples, `${method} ${path} ${status} has an example`);
        }
      }
    }
    const notFound = (document.paths as Record<string, { get: { responses: Record<string, { content: Record<string, { example: Record<string, unknown> }> }> } }>)['/api/v1/products/{slug}']!.get.responses['404']!.content['application/problem+json']!.example;
    assert.equal(notFound.code, 'not_found');
    assert.deepEqual(notFound.valid_slugs, catalog.products.map((p) => p.slug));
  });
});

describe('/auth.md', () => {
  test('states the anonymous position in markdown', async () => {
    const response = await server.inject('/auth.md');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.match(response.body, /^# Authentication/);
    assert.match(response.body, /`anonymous`/);
    assert.match(response.body, /credential type is `none`/);
    for (const scope of ['content:read', 'products:read', 'posts:read', 'company:read']) assert.match(response.body, new RegExp(scope));
    assert.match(response.body, /#deprecation/);
  });
});

describe('OAuth metadata', () => {
  test('authorization server metadata (RFC 8414) names the stubs, the four scopes and agent_auth', async () => {
    const body = await json('/.well-known/oauth-authorization-server');
    assert.equal(body.issuer, BASE_URL);
    assert.deepEqual(body.response_types_supported, ['code']);
    assert.deepEqual(body.scopes_supported, ['content:read', 'products:read', 'posts:read', 'company:read']);
    assert.equal(body.token_endpoint, `${BASE_URL}/oauth/token`);
    assert.equal(body.authorization_endpoint, `${BASE_URL}/oauth/authorize`);
    assert.equal(body.registration_endpoint, `${BASE_URL}/oauth/register`);
    assert.equal(body.jwks_uri, `${BASE_URL}/oauth/jwks`);
    assert.equal(body.revocation_endpoint, `${BASE_URL}/oauth/revoke`);
    const agent = body.agent_auth as Record<string, unknown>;
    assert.equal(agent.method, 'anonymous');
    assert.equal(agent.credential_type, 'none');
    assert.equal(agent.start_here, `${BASE_URL}/api/v1`);
  });

  for (const [path, resource] of [
    ['/.well-known/oauth-protected-resource', BASE_URL],
    ['/.well-known/oauth-protected-resource/mcp', `${BASE_URL}/mcp`],
    ['/.well-known/oauth-protected-resource/api/v1', `${BASE_URL}/api/v1`],
  ] as const) {
    test(`${path} (RFC 9728) names its resource ${resource}`, async () => {
      const body = await json(path);
      assert.equal(body.resource, resource);
      assert.deepEqual(body.authorization_servers, [BASE_URL]);
      assert.deepEqual(body.scopes_supported, ['content:read', 'products:read', 'posts:read', 'company:read']);
      assert.deepEqual(body.bearer_methods_supported, ['header']);
      assert.equal(body.resource_documentation, `${BASE_URL}/developers`);
      assert.equal((body.agent_auth as Record<string, unknown>).method, 'anonymous');
    });
  }
});

describe('MCP server card', () => {
  test('is served at the SEP-1649 and the SEP-2127 paths: a card of a few hundred tokens, pointing at /mcp, each tool and prompt in one line', async () => {
    const card = await json('/.well-known/mcp.json');
    assert.deepEqual(await json('/.well-known/mcp/server-card'), card);
    assert.equal(card.name, 'test.vitrine/content');
    assert.equal(card.title, 'Aroeira content');
    assert.equal(card.version, '1.0.0');
    assert.equal(card.websiteUrl, BASE_URL);
    assert.deepEqual(card.remotes, [
      { type: 'streamable-http', url: `${BASE_URL}/mcp`, supportedProtocolVersions: ['2025-11-25', '2025-06-18', '2025-03-26'], authentication: { required: false, schemes: [] } },
    ]);
    // What initialize answers a client that asks for a revision the server does not speak: its newest.
    assert.equal(card.protocolVersion, '2025-11-25');
    assert.deepEqual(card.supportedProtocolVersions, ['2025-11-25', '2025-06-18', '2025-03-26']);
    assert.deepEqual(card.serverInfo, { name: 'test.vitrine/content', title: 'Aroeira content', version: '1.0.0', icons: card.icons });
    const tools = card.tools as { name: string; title: string; description: string }[];
    assert.deepEqual(
      tools.map((t) => t.name),
      genericToolDefinitions().map((t) => t.name),
    );
    for (const tool of tools) {
      assert.deepEqual(Object.keys(tool), ['name', 'title', 'description'], tool.name);
      assert.match(tool.description, /^[A-Z][^\n]*\.$/, tool.name);
      assert.ok(genericToolDefinitions().find((t) => t.name === tool.name)!.description.startsWith(tool.description.slice(0, -1)), tool.name);
    }
    assert.deepEqual(tools[0], {
      name: 'list_products',
      title: 'List products',
      description: "List the company's products, in the default language or the locale asked for.",
    });
    assert.deepEqual(card.capabilities, { tools: { listChanged: false }, resources: { subscribe: false, listChanged: false }, prompts: { listChanged: false }, completions: {} });
    assert.deepEqual(
      (card.prompts as { name: string; arguments: unknown }[]).map((p) => [p.name, p.arguments]),
      PROMPT_SUMMARIES.map((p) => [p.name, p.arguments.map((a) => ({ name: a.name, required: a.required }))]),
    );
    for (const template of (card.resources as { templates: { title?: string }[] }).templates) assert.ok(template.title);
    const tokens = JSON.stringify(card).length / 4;
    assert.ok(tokens < 1_500, `${tokens} tokens`);
  });

  test('carries the company logo as the server\'s icons (MCP 2025-11-25 Implementation.icons), in serverInfo too', async () => {
    const card = await json('/.well-known/mcp/server-card');
    const icons = [{ src: catalog.company.logo!.url, mimeType: catalog.company.logo!.media_type, sizes: ['any'] }];
    assert.deepEqual(card.icons, icons);
    assert.deepEqual((card.serverInfo as { icons?: unknown }).icons, icons);
    assert.match(icons[0]!.src, /^http:\/\/vitrine\.test\//);
  });

  test('has no icons when the content has no logo', () => {
    const card = mcpServerCard({ ...catalog, company: { ...catalog.company, logo: undefined } });
    assert.equal('icons' in card, false);
    assert.equal('icons' in card.serverInfo, false);
  });
});

describe('/.well-known/ai-catalog.json', () => {
  test('lists the MCP server, the OpenAPI document, llms.txt and the auth statement', async () => {
    const body = await json('/.well-known/ai-catalog.json');
    assert.equal(body.specVersion, '1.0');
    const urls = (body.entries as { url: string; type: string }[]).map((e) => e.url);
    assert.deepEqual(urls, [`${BASE_URL}/.well-known/mcp/server-card`, `${BASE_URL}/openapi.json`, `${BASE_URL}/llms.txt`, `${BASE_URL}/auth.md`]);
  });
});

describe('OAuth stubs', () => {
  const works = /Call GET http:\/\/vitrine\.test\/api\/v1 or POST http:\/\/vitrine\.test\/mcp with no credential/;

  test('POST /oauth/register answers 403 access_denied', async () => {
    const response = await server.inject({ method: 'POST', url: '/oauth/register', payload: { client_name: 'agent' } });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().error, 'access_denied');
    assert.match(response.json().error_description, works);
  });

  test('GET /oauth/claim answers 200 with the anonymous identity', async () => {
    const response = await server.inject('/oauth/claim');
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().identity, 'anonymous');
    assert.equal(response.json().credential_type, 'none');
    assert.match(response.json().error_description, works);
  });

  test('POST /oauth/token answers 400 unauthorized_client, whatever the body type', async () => {
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'grant_type=client_credentials&client_id=x'],
      ['application/json', '{"grant_type":"client_credentials"}'],
      ['text/plain', 'nonsense'],
    ]) {
      const response = await server.inject({ method: 'POST', url: '/oauth/token', payload, headers: { 'content-type': type ?? '' } });
      assert.equal(response.statusCode, 400, type);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.deepEqual(Object.keys(response.json()), ['error', 'error_description']);
      assert.equal(response.json().error, 'unauthorized_client');
      assert.match(response.json().error_description, works);
    }
  });

  test('GET /oauth/authorize answers 400 invalid_request', async () => {
    const response = await server.inject('/oauth/authorize?response_type=code&client_id=x');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, 'invalid_request');
    assert.match(response.json().error_description, works);
  });

  test('GET /oauth/jwks answers an empty key set', async () => {
    const response = await server.inject('/oauth/jwks');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { keys: [] });
  });

  test('POST /oauth/revoke answers 200', async () => {
    const response = await server.inject({ method: 'POST', url: '/oauth/revoke', payload: 'token=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(response.statusCode, 200);
  });

  test('the wrong method on a stub answers 405 with Allow', async () => {
    const response = await server.inject('/oauth/token');
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.allow, 'POST');
  });
});
