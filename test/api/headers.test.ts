import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import { buildTestApp, useTestApp } from '../helper.js';

let server: Service;
useTestApp((app) => ({ server } = app));

const CACHE = 'public, max-age=300, stale-while-revalidate=86400';
const ENDPOINTS = ['/api/v1', '/api/v1/health', '/api/v1/company', '/api/v1/products', '/api/v1/products/guardiao', '/api/v1/posts', '/api/v1/pages', '/api/v1/pages/about'];

describe('every /api/v1 response', () => {
  for (const url of ENDPOINTS) {
    test(`GET ${url} carries CORS, version, quota, cache and a strong ETag`, async () => {
      const response = await server.inject(url);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      const exposed = String(response.headers['access-control-expose-headers']).split(', ');
      for (const name of ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-API-Version', 'Deprecation', 'Sunset', 'Link', 'ETag']) {
        assert.ok(exposed.includes(name), `${name} is exposed`);
      }
      assert.equal(response.headers['x-api-version'], '1.0.0');
      assert.equal(response.headers['ratelimit-policy'], '"public-read";q=600;w=60');
      assert.match(String(response.headers.ratelimit), /^"public-read";r=\d+;t=\d+$/);
      assert.equal(response.headers['ratelimit-limit'], '600');
      assert.match(String(response.headers['ratelimit-remaining']), /^\d+$/);
      assert.match(String(response.headers['ratelimit-reset']), /^\d+$/);
      // A health record is about this instant: no cache may keep it.
      assert.equal(response.headers['cache-control'], url.endsWith('/health') ? 'no-store' : CACHE);
      assert.match(String(response.headers.etag), /^"[A-Za-z0-9_-]+"$/, 'a strong ETag');
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers.deprecation, undefined, 'no deprecation announced by default');
    });
  }
});

describe('quota headers', () => {
  test('the first request of a client sees r=599;t=60, and each request counts', async () => {
    const app = await buildTestApp();
    try {
      const first = await app.server.inject('/api/v1/company');
      assert.equal(first.headers.ratelimit, '"public-read";r=599;t=60');
      assert.equal(first.headers['ratelimit-remaining'], '599');
      assert.equal(first.headers['ratelimit-reset'], '60');
      const second = await app.server.inject('/api/v1/company');
      assert.equal(second.headers['ratelimit-remaining'], '598');
      const other = await app.server.inject({ url: '/api/v1/company', remoteAddress: '10.9.8.7' });
      assert.equal(other.headers['ratelimit-remaining'], '599', 'counted per client address');
    } finally {
      await app.server.close();
    }
  });

  test('304s count; CORS preflights and /healthz do not', async () => {
    const app = await buildTestApp();
    try {
      const first = await app.server.inject('/api/v1/company');
      await app.server.inject({ url: '/api/v1/company', headers: { 'if-none-match': String(first.headers.etag) } });
      await app.server.inject({ method: 'OPTIONS', url: '/api/v1/company' });
      await app.server.inject('/healthz');
      const last = await app.server.inject('/api/v1/company');
      assert.equal(last.headers['ratelimit-remaining'], '597');
      assert.equal((await app.server.inject('/healthz')).headers['ratelimit-remaining'], undefined);
    } finally {
      await app.server.close();
    }
  });
});

describe('conditional requests', () => {
  test('the ETag is stable and a matching If-None-Match answers 304 with no body', async () => {
    const first = await server.inject('/api/v1/posts?locale=en');
    const again = await server.inject('/api/v1/posts?locale=en');
    assert.equal(again.headers.etag, first.headers.etag);
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await server.inject({ url: '/api/v1/posts?locale=en', headers: { 'if-none-match': ifNoneMatch } });
      assert.equal(response.statusCode, 304, ifNoneMatch);
      assert.equal(response.body, '');
      assert.equal(response.headers.etag, etag);
      assert.equal(response.headers['cache-control'], CACHE);
      assert.equal(response.headers['x-api-version'], '1.0.0');
      assert.ok(response.headers.ratelimit);
      // RFC 9110 section 8.6: no Content-Length on a 304 but the 200's.
      assert.equal(response.headers['content-length'], undefined, ifNoneMatch);
    }
  });

  test("a conditional HEAD answers 304 too, with no body and at most the GET's Content-Length", async () => {
    for (const url of ['/api/v1/posts?locale=en', '/api/v1/posts/', '/blog']) {
      const get = await server.inject(url);
      const head = await server.inject({ method: 'HEAD', url, headers: { 'if-none-match': '*' } });
      assert.equal(head.statusCode, 304, url);
      assert.equal(head.body, '', url);
      assert.equal(head.headers.etag, get.headers.etag, url);
      assert.ok([undefined, get.headers['content-length']].includes(head.headers['content-length'] as string | undefined), url);
    }
  });

  test('a different representation has a different ETag and a stale one answers 200', async () => {
    const a = await server.inject('/api/v1/posts?locale=en');
    const b = await server.inject('/api/v1/posts?locale=pt-BR');
    assert.notEqual(a.headers.etag, b.headers.etag);
    const response = await server.inject({ url: '/api/v1/posts?locale=pt-BR', headers: { 'if-none-match': String(a.headers.etag) } });
    assert.equal(response.statusCode, 200);
  });
});

describe('HEAD', () => {
  test('answers the GET headers without a body', async () => {
    const get = await server.inject('/api/v1/products');
    const head = await server.inject({ method: 'HEAD', url: '/api/v1/products' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers.etag, get.headers.etag);
    assert.equal(head.headers['content-type'], get.headers['content-type']);
    assert.equal(head.headers['content-length'], get.headers['content-length']);
    assert.equal(head.headers['cache-control'], CACHE);
  });
});

describe('CORS preflight', () => {
  test('OPTIONS answers 204 with the allowed methods and the requested headers', async () => {
    const response = await server.inject({
      method: 'OPTIONS',
      url: '/api/v1/posts',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS');
    assert.equal(response.headers['access-control-allow-headers'], 'if-none-match');
    assert.equal(response.headers['access-control-max-age'], '86400');
    assert.equal(response.headers['x-api-version'], '1.0.0');
  });

  test('CORS headers are on errors too', async () => {
    const response = await server.inject('/api/v1/posts/nope');
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.ok(response.headers['access-control-expose-headers']);
  });
});

describe('deprecation', () => {
  test('when configured, every /api/v1 response announces it (RFC 9745, RFC 8594)', async () => {
    const app = await buildTestApp({
      env: { DEPRECATION_DATE: '2027-01-01T00:00:00Z', SUNSET_DATE: '2027-07-01T00:00:00Z', SUCCESSOR_URL: '/api/v2' },
    });
    try {
      for (const url of ['/api/v1', '/api/v1/posts?limit=1', '/api/v1/nope']) {
        const response = await app.server.inject(url);
        assert.equal(response.headers.deprecation, '@1798761600', url);
        assert.equal(response.headers.sunset, 'Thu, 01 Jul 2027 00:00:00 GMT');
        const link = String(response.headers.link);
        assert.match(link, /<http:\/\/vitrine\.test\/developers#deprecation>; rel="deprecation"/);
        assert.match(link, /<http:\/\/vitrine\.test\/api\/v2>; rel="successor-version"/);
      }
      const list = await app.server.inject('/api/v1/posts?limit=1');
      assert.match(String(list.headers.link), /rel="next"/, 'pagination links are kept beside the deprecation links');
    } finally {
      await app.server.close();
    }
  });
});

describe('Last-Modified and If-Modified-Since', () => {
  test('a single item carries Last-Modified from its updated_at; If-Modified-Since answers 304 unless it changed since, and If-None-Match wins', async () => {
    const first = await server.inject('/api/v1/posts?limit=1');
    const slug = (first.json() as { items: { slug: string }[] }).items[0]!.slug;
    assert.equal(first.headers['last-modified'], undefined, 'a list has no Last-Modified');
    const item = await server.inject(`/api/v1/posts/${slug}`);
    const updated = (item.json() as { updated_at: string }).updated_at;
    const lastModified = String(item.headers['last-modified']);
    assert.equal(lastModified, new Date(updated).toUTCString());
    const since = async (headers: Record<string, string>) => (await server.inject({ url: `/api/v1/posts/${slug}`, headers })).statusCode;
    assert.equal(await since({ 'if-modified-since': lastModified }), 304);
    assert.equal(await since({ 'if-modified-since': new Date(Date.parse(updated) + 86_400_000).toUTCString() }), 304);
    assert.equal(await since({ 'if-modified-since': new Date(Date.parse(updated) - 1000).toUTCString() }), 200);
    assert.equal(await since({ 'if-modified-since': 'not a date' }), 200);
    assert.equal(await since({ 'if-modified-since': lastModified, 'if-none-match': '"other"' }), 200, 'If-None-Match is evaluated instead');
    const notModified = await server.inject({ url: `/api/v1/posts/${slug}`, headers: { 'if-modified-since': lastModified } });
    assert.equal(notModified.headers['last-modified'], lastModified);
    assert.equal(notModified.body, '');
    for (const url of ['/api/v1/products/guardiao', '/api/v1/pages/about']) assert.match(String((await server.inject(url)).headers['last-modified']), /GMT$/, url);
  });
});
