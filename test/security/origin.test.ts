/**
 * Origin checks on /mcp (MCP 2025-06-18, Streamable HTTP "Security Warning":
 * servers MUST validate the Origin header to prevent DNS rebinding). Browser
 * pages of BASE_URL's origin (and, when BASE_URL is a loopback name, of the
 * other loopback names on its scheme and port) or of MCP_ALLOWED_ORIGINS are
 * served; any other Origin gets 403 with a JSON-RPC error; no Origin (curl,
 * SDKs) is served.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import type { App } from '../../src/app.js';
import { ownPageOrigins } from '../../src/mcp/door.js';
import { unlimited } from '../fuzz/support.js';
import { buildTestApp } from '../helper.js';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

function ping(app: App, origin?: string): Promise<LightMyRequestResponse> {
  return app.server.inject({ method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, ...(origin === undefined ? {} : { origin }) }, payload: PING });
}

function assertServed(response: LightMyRequestResponse): void {
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { jsonrpc: '2.0', id: 1, result: {} });
}

function assertForbidden(response: LightMyRequestResponse, origin: string, baseOrigin = 'http://vitrine.test'): void {
  assert.equal(response.statusCode, 403);
  assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  // The quota and version headers of every /mcp response.
  assert.equal(response.headers['x-api-version'], '1.0.0');
  assert.match(String(response.headers['ratelimit-policy']), /^"public-read";q=\d+;w=60$/);
  assert.deepEqual(response.json(), {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32000,
      message: `Forbidden: pages from the origin "${origin}" may not call this MCP server.`,
      data: {
        status: 403,
        hint: `Call /mcp from ${baseOrigin} or from a client that sends no Origin header (an SDK, curl); the operator may allow more origins with MCP_ALLOWED_ORIGINS.`,
      },
    },
  });
}

describe('/mcp with the default origins (BASE_URL only)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ limiter: unlimited() });
  });
  after(() => app.server.close());

  test('a request without Origin (a non-browser client) is served', async () => {
    assertServed(await ping(app));
  });

  test("a request from BASE_URL's origin is served, whatever the case of scheme and host", async () => {
    assertServed(await ping(app, 'http://vitrine.test'));
    assertServed(await ping(app, 'HTTP://Vitrine.Test'));
  });

  test('a request from another origin answers 403 with a JSON-RPC error', async () => {
    assertForbidden(await ping(app, 'https://evil.example'), 'https://evil.example');
    // Same host, another scheme or port: another origin (RFC 6454 section 5).
    assertForbidden(await ping(app, 'https://vitrine.test'), 'https://vitrine.test');
    assertForbidden(await ping(app, 'http://vitrine.test:8080'), 'http://vitrine.test:8080');
  });

  test('the opaque origin "null" (sandboxed frames, file: pages) answers 403', async () => {
    assertForbidden(await ping(app, 'null'), 'null');
  });

  test('the origin is checked before the method: GET /mcp from another origin answers 403, not 405', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/mcp', headers: { origin: 'https://evil.example' } });
    assertForbidden(response, 'https://evil.example');
  });

  test('the API, open to every origin by CORS, is not affected', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/v1', headers: { origin: 'https://evil.example' } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
  });
});

describe('/mcp with MCP_ALLOWED_ORIGINS', () => {
  test('a listed origin is served besides BASE_URL, any other answers 403', async () => {
    const app = await buildTestApp({ limiter: unlimited(), env: { MCP_ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:5173' } });
    try {
      assertServed(await ping(app, 'https://app.example.com'));
      assertServed(await ping(app, 'http://localhost:5173'));
      assertServed(await ping(app, 'http://vitrine.test'));
      assertForbidden(await ping(app, 'http://localhost:5174'), 'http://localhost:5174');
    } finally {
      await app.server.close();
    }
  });

  test('"*" serves every origin', async () => {
    const app = await buildTestApp({ limiter: unlimited(), env: { MCP_ALLOWED_ORIGINS: '*' } });
    try {
      assertServed(await ping(app, 'https://evil.example'));
      assertServed(await ping(app, 'null'));
    } finally {
      await app.server.close();
    }
  });

  test('with BASE_URL on a port, its origin keeps the port', async () => {
    const app = await buildTestApp({ limiter: unlimited(), env: { BASE_URL: 'http://127.0.0.1:3000/prefix' } });
    try {
      assertServed(await ping(app, 'http://127.0.0.1:3000'));
      assertForbidden(await ping(app, 'http://127.0.0.1:3001'), 'http://127.0.0.1:3001', 'http://127.0.0.1:3000');
    } finally {
      await app.server.close();
    }
  });
});

describe('/mcp on a local run (BASE_URL on localhost, 127.0.0.1 or [::1])', () => {
  test('the own origins of a loopback BASE_URL are the three loopback names on its scheme and port; any other BASE_URL has only its own', () => {
    const local = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];
    assert.deepEqual(ownPageOrigins('http://localhost:3000'), local);
    assert.deepEqual(ownPageOrigins('http://127.0.0.1:3000'), local);
    assert.deepEqual(ownPageOrigins('http://[::1]:3000'), local);
    // The default port stays implicit, as browsers serialize it (RFC 6454 section 6.2).
    assert.deepEqual(ownPageOrigins('https://[::1]'), ['https://localhost', 'https://127.0.0.1', 'https://[::1]']);
    assert.deepEqual(ownPageOrigins('http://vitrine.test'), ['http://vitrine.test']);
    assert.deepEqual(ownPageOrigins('http://localhost.example:3000'), ['http://localhost.example:3000']);
  });

  for (const base of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
    test(`with BASE_URL ${base}, pages from localhost, 127.0.0.1 and [::1] on port 3000 are served, whatever the case`, async () => {
      const app = await buildTestApp({ limiter: unlimited(), env: { BASE_URL: base } });
      try {
        for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'HTTP://LocalHost:3000']) {
          assertServed(await ping(app, origin));
        }
      } finally {
        await app.server.close();
      }
    });
  }

  test('with BASE_URL http://localhost:3000, another port, another scheme, another loopback address and every other host answer 403', async () => {
    const app = await buildTestApp({ limiter: unlimited(), env: { BASE_URL: 'http://localhost:3000' } });
    try {
      for (const origin of [
        'http://localhost:3001',
        'http://127.0.0.1:8080',
        'http://[::1]',
        'https://localhost:3000',
        'https://127.0.0.1:3000',
        // Loopback too, but not one of the three names a browser is given for a local server.
        'http://127.0.0.2:3000',
        // The names DNS rebinding uses: hosts of other sites, whatever address they resolve to.
        'http://evil.example:3000',
        'http://localhost.evil.example:3000',
        'http://127.0.0.1.nip.io:3000',
        'null',
      ]) {
        assertForbidden(await ping(app, origin), origin, 'http://localhost:3000');
      }
    } finally {
      await app.server.close();
    }
  });

  test('with BASE_URL on the default port, the loopback names are served on that port only', async () => {
    const app = await buildTestApp({ limiter: unlimited(), env: { BASE_URL: 'http://127.0.0.1' } });
    try {
      assertServed(await ping(app, 'http://localhost'));
      assertServed(await ping(app, 'http://[::1]'));
      assertForbidden(await ping(app, 'http://localhost:3000'), 'http://localhost:3000', 'http://127.0.0.1');
    } finally {
      await app.server.close();
    }
  });

  test('a BASE_URL that is not a loopback name admits no loopback page', async () => {
    const app = await buildTestApp({ limiter: unlimited() });
    try {
      for (const origin of ['http://localhost', 'http://127.0.0.1', 'http://[::1]']) assertForbidden(await ping(app, origin), origin);
    } finally {
      await app.server.close();
    }
  });

  test('MCP_ALLOWED_ORIGINS still adds origins to a local run', async () => {
    const app = await buildTestApp({ limiter: unlimited(), env: { BASE_URL: 'http://localhost:3000', MCP_ALLOWED_ORIGINS: 'http://localhost:5173' } });
    try {
      assertServed(await ping(app, 'http://localhost:5173'));
      assertServed(await ping(app, 'http://127.0.0.1:3000'));
      assertForbidden(await ping(app, 'http://127.0.0.1:5173'), 'http://127.0.0.1:5173', 'http://localhost:3000');
    } finally {
      await app.server.close();
    }
  });
});
