/**
 * Security headers: `X-Content-Type-Options: nosniff` on every response, of
 * every part of the service and every status; on HTML, a strict
 * Content-Security-Policy (CSP Level 3) and a Referrer-Policy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'light-my-request';
import type { App } from '../../src/app.js';
import { MemoryStore, RateLimiter } from '../../src/http/rate-limit.js';
import { httpRequest, rawRequest } from '../fuzz/raw-client.js';
import { unlimited } from '../fuzz/support.js';
import { buildTestApp, listenTestApp } from '../helper.js';

let app: App;
before(async () => {
  app = await buildTestApp({ limiter: unlimited() });
});
after(() => app.server.close());

const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** One request of each kind: every scope, success and failure, every media type the service sends. */
const REQUESTS: readonly (InjectOptions & { readonly status: number })[] = [
  { url: '/api/v1', status: 200 },
  { url: '/api/v1/products?limit=0', status: 400 },
  { url: '/api/v1/posts/nope', status: 404 },
  { url: '/api/v1/products', method: 'DELETE', status: 405 },
  { url: '/api/v1', headers: { accept: 'text/html' }, status: 406 },
  { url: '/api/v2', status: 404 },
  { url: '/healthz', status: 200 },
  { url: '/api/v1', method: 'OPTIONS', status: 204 },
  { url: '/', status: 200 },
  { url: '/', headers: { accept: 'text/markdown' }, status: 200 },
  { url: '/blog/nope', status: 404 },
  { url: '/md/index.md', status: 200 },
  { url: '/assets/site.css', status: 200 },
  { url: '/openapi.json', status: 200 },
  { url: '/.well-known/mcp.json', status: 200 },
  { url: '/llms.txt', status: 200 },
  { url: '/sitemap.xml', status: 200 },
  { url: '/oauth/register', method: 'POST', status: 403 },
  { url: '/mcp', method: 'POST', headers: MCP, payload: '{"jsonrpc":"2.0","id":1,"method":"ping"}', status: 200 },
  { url: '/mcp', method: 'POST', headers: MCP, payload: '{', status: 400 },
  { url: '/mcp', method: 'GET', status: 405 },
  { url: '/mcp', method: 'POST', headers: { ...MCP, origin: 'https://evil.example' }, payload: '{}', status: 403 },
];

describe('X-Content-Type-Options: nosniff', () => {
  for (const request of REQUESTS) {
    test(`${request.method ?? 'GET'} ${request.url} (${request.status}) carries nosniff`, async () => {
      const response = await app.server.inject(request);
      assert.equal(response.statusCode, request.status, response.body.slice(0, 200));
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
    });
  }

  test('a 429 carries nosniff', async () => {
    const limited = await buildTestApp({ limiter: new RateLimiter({ name: 'public-read', limit: 1, windowSeconds: 60 }, new MemoryStore()) });
    try {
      await limited.server.inject('/api/v1');
      const response = await limited.server.inject('/api/v1');
      assert.equal(response.statusCode, 429);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
    } finally {
      await limited.server.close();
    }
  });

  test("the HTTP parser's own 400 and 431 carry nosniff", async () => {
    const listening = await listenTestApp({ limiter: unlimited() });
    try {
      const port = Number(new URL(listening.url).port);
      const bad = await rawRequest(port, 'GET /api/v1 HTTP/1.1\r\nhost 127.0.0.1\r\n\r\n');
      assert.equal(bad?.status, 400);
      assert.equal(bad.headers['x-content-type-options'], 'nosniff');
      const large = await rawRequest(port, httpRequest('GET', '/api/v1', { 'x-filler': 'x'.repeat(40_000) }));
      assert.equal(large?.status, 431);
      assert.equal(large.headers['x-content-type-options'], 'nosniff');
    } finally {
      await listening.server.close();
    }
  });
});

describe('HTML documents', () => {
  const html = REQUESTS.filter((request) => ['/', '/blog/nope'].includes(String(request.url)) && request.headers === undefined);
  for (const request of [...html, { url: '/developers', status: 200 }, { url: '/products', status: 200 }]) {
    test(`GET ${request.url} (${request.status}) has a strict Content-Security-Policy and a Referrer-Policy`, async () => {
      const response = await app.server.inject(request);
      assert.equal(response.statusCode, request.status);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      const policy = String(response.headers['content-security-policy']);
      assert.equal(policy, "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
      // CSP Level 3: nothing loads unless named (scripts from the site's own files only, never inline); no framing (clickjacking); no <base> hijack.
      const directives = new Map(policy.split(';').map((directive) => directive.trim().split(/\s+/) as [string, ...string[]]).map(([name, ...values]) => [name, values]));
      assert.deepEqual(directives.get('default-src'), ["'none'"]);
      assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
      assert.deepEqual(directives.get('base-uri'), ["'none'"]);
      assert.deepEqual(directives.get('form-action'), ["'self'"]);
      assert.deepEqual(directives.get('script-src'), ["'self'"]);
      assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|\*/);
      assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    });
  }
});
