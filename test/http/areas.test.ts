/**
 * Each door answers the paths of its own areas: a path under /api, /healthz
 * or /mcp that none of that door's routes matches is that door's 404 (a
 * problem document, RFC 9457, or a JSON-RPC error under /mcp), with that
 * area's hint, and never a page of the website's catch-all routes; the
 * website's own unknown paths keep their page, in the language of the path.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { App } from '../../src/app.js';
import { BASE_URL, buildTestApp } from '../helper.js';

let app: App;
before(async () => {
  app = await buildTestApp();
});
after(() => app.server.close());

const API_HINT = 'Call GET /api/v1 for the map of every endpoint.';
const MCP_HINT = 'The MCP endpoint is POST /mcp: send each JSON-RPC message in its own POST there.';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

describe('a path under an area that nothing of its door matches', () => {
  for (const path of ['/api/x', '/api/v1/x', '/healthz/x', '/api', '/api/v1/products/x/y']) {
    test(`GET ${path} answers the API's 404 problem document, pointing at GET /api/v1`, async () => {
      const response = await app.server.inject({ method: 'GET', url: path });
      assert.equal(response.statusCode, 404);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.deepEqual(response.json(), {
        type: `${BASE_URL}/developers#not_found`,
        title: 'Not Found',
        status: 404,
        code: 'not_found',
        detail: `Nothing answers GET ${path}.`,
        hint: API_HINT,
        instance: path,
        documentation_url: `${BASE_URL}/developers`,
      });
    });
  }

  test('GET /api/x answers the problem document even to a browser that asks for HTML', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/x', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(response.json().hint, API_HINT);
  });

  for (const method of ['GET', 'POST'] as const) {
    test(`${method} /mcp/x answers 404 with a JSON-RPC error body whose hint is POST /mcp`, async () => {
      const response = await app.server.inject({ method, url: '/mcp/x', ...(method === 'POST' ? { headers: MCP_HEADERS, payload: PING } : {}) });
      assert.equal(response.statusCode, 404);
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(response.headers.allow, undefined);
      assert.deepEqual(response.json(), {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: `Nothing answers ${method} /mcp/x.`,
          data: { status: 404, code: 'not_found', hint: MCP_HINT, documentation_url: `${BASE_URL}/developers#not_found` },
        },
      });
    });
  }
});

describe("the website's own unknown paths", () => {
  test('a path of three segments answers the HTML page not found', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/a/b/c' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.ok(response.body.includes('<html lang="en">'), response.body);
    assert.ok(response.body.includes('<h1>Page not found</h1>'), response.body);
    assert.ok(response.body.includes('There is no page at /a/b/c.'), response.body);
  });

  test('an unknown page of a locale answers the page in that language', async () => {
    for (const path of ['/pt-BR/nada-aqui', '/pt-BR/nada/aqui']) {
      const response = await app.server.inject({ method: 'GET', url: path });
      assert.equal(response.statusCode, 404, path);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', path);
      assert.ok(response.body.includes('<html lang="pt-BR">'), path);
      assert.ok(response.body.includes('<h1>Página não encontrada</h1>'), path);
    }
  });

  test('a path that only begins like an area (/apis, /mcpx) is still the website’s', async () => {
    for (const path of ['/apis', '/mcpx/y']) {
      const response = await app.server.inject({ method: 'GET', url: path });
      assert.equal(response.statusCode, 404, path);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', path);
      assert.ok(response.body.includes('<h1>Page not found</h1>'), path);
    }
  });
});
