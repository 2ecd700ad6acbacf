/**
 * Deprecation and sunset (RFC 9745, RFC 8594):
 * configuration turns on their headers on every /api/v1 and /mcp
 * response, and the health record shows the state.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import type { App } from '../../src/app.js';
import { buildTestApp } from '../helper.js';

const ANNOUNCED = {
  DEPRECATION_DATE: '2027-01-01T00:00:00Z',
  SUNSET_DATE: '2027-07-01T00:00:00Z',
  SUCCESSOR_URL: '/api/v2',
};
const LINKS = '<http://vitrine.test/developers#deprecation>; rel="deprecation", <http://vitrine.test/api/v2>; rel="successor-version"';

function deprecationHeaders(response: LightMyRequestResponse) {
  return { deprecation: response.headers.deprecation, sunset: response.headers.sunset, link: response.headers.link };
}

describe('a version announced deprecated', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ env: ANNOUNCED });
  });
  after(async () => {
    await app.server.close();
  });

  const requests: [string, InjectOptions, number | undefined][] = [
    ['the API index', { url: '/api/v1' }, 200],
    ['the health record', { url: '/api/v1/health' }, 200],
    ['a record', { url: '/api/v1/company' }, 200],
    ['a 400', { url: '/api/v1/posts?limit=0' }, 400],
    ['a 404', { url: '/api/v1/products/nothing-here' }, 404],
    ['a 405', { method: 'DELETE', url: '/api/v1/products' }, 405],
    ['a 406', { url: '/api/v1/company', headers: { accept: 'text/html' } }, 406],
    ['a preflight to /api/v1', { method: 'OPTIONS', url: '/api/v1/products' }, 204],
    ['a preflight to /mcp', { method: 'OPTIONS', url: '/mcp' }, 204],
    // Whatever /mcp answers a GET with, it is a response of this version.
    ['a GET to /mcp', { url: '/mcp' }, undefined],
  ];
  for (const [what, request, status] of requests) {
    test(`${what} carries Deprecation, Sunset and both links`, async () => {
      const response = await app.server.inject(request);
      if (status !== undefined) assert.equal(response.statusCode, status);
      assert.deepEqual(deprecationHeaders(response), { deprecation: '@1798761600', sunset: 'Thu, 01 Jul 2027 00:00:00 GMT', link: LINKS });
    });
  }

  test('a 304 repeats the headers', async () => {
    const first = await app.server.inject('/api/v1/company');
    const response = await app.server.inject({ url: '/api/v1/company', headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(response.statusCode, 304);
    assert.deepEqual(deprecationHeaders(response), { deprecation: '@1798761600', sunset: 'Thu, 01 Jul 2027 00:00:00 GMT', link: LINKS });
  });

  test('pagination links follow the deprecation links in one Link header', async () => {
    const response = await app.server.inject('/api/v1/posts?limit=1');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.link, `${LINKS}, <http://vitrine.test/api/v1/posts?limit=1&offset=1>; rel="next"`);
  });

  test('the headers are readable by a browser script (CORS)', async () => {
    const response = await app.server.inject('/api/v1');
    const exposed = String(response.headers['access-control-expose-headers']).split(', ');
    for (const name of ['Deprecation', 'Sunset', 'Link']) assert.ok(exposed.includes(name), name);
  });

  test('a 429 carries them too', async () => {
    const other = await buildTestApp({ env: ANNOUNCED });
    try {
      for (let count = 0; count < 600; count++) await other.server.inject('/api/v1');
      const response = await other.server.inject('/api/v1');
      assert.equal(response.statusCode, 429);
      assert.deepEqual(deprecationHeaders(response), { deprecation: '@1798761600', sunset: 'Thu, 01 Jul 2027 00:00:00 GMT', link: LINKS });
    } finally {
      await other.server.close();
    }
  });

  test('responses outside /api/v1 and /mcp do not carry them', async () => {
    for (const url of ['/healthz', '/', '/md/index.md']) {
      const response = await app.server.inject(url);
      assert.equal(response.headers.deprecation, undefined, url);
      assert.equal(response.headers.sunset, undefined, url);
      // The site has links of its own (rel="canonical"), never these two.
      assert.doesNotMatch(String(response.headers.link ?? ''), /rel="(deprecation|successor-version)"/, url);
    }
  });

  test('the health record (and /healthz) shows the deprecation state', async () => {
    for (const url of ['/api/v1/health', '/healthz']) {
      const response = await app.server.inject(url);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().deprecation, {
        deprecated_at: '2027-01-01T00:00:00Z',
        sunset_at: '2027-07-01T00:00:00Z',
        successor_url: 'http://vitrine.test/api/v2',
        documentation_url: 'http://vitrine.test/developers#deprecation',
      });
    }
  });
});

describe('deprecation settings', () => {
  test('by default no response carries the headers and the health record says null', async () => {
    const app = await buildTestApp();
    try {
      for (const request of [{ url: '/api/v1' }, { url: '/api/v1/products/nothing-here' }, { method: 'OPTIONS' as const, url: '/mcp' }]) {
        const response = await app.server.inject(request);
        assert.equal(response.headers.deprecation, undefined, request.url);
        assert.equal(response.headers.sunset, undefined, request.url);
        assert.doesNotMatch(String(response.headers.link ?? ''), /rel="(deprecation|successor-version)"/, request.url);
      }
      assert.equal((await app.server.inject('/api/v1/health')).json().deprecation, null);
    } finally {
      await app.server.close();
    }
  });

  test('dates with an offset and date-only values are converted to UTC instants', async () => {
    const app = await buildTestApp({
      env: { DEPRECATION_DATE: '2026-12-31T21:00:00-03:00', SUNSET_DATE: '2027-06-30', SUCCESSOR_URL: 'https://api.example.com/v2/' },
    });
    try {
      const response = await app.server.inject('/api/v1');
      assert.deepEqual(deprecationHeaders(response), {
        deprecation: '@1798761600',
        sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
        link: '<http://vitrine.test/developers#deprecation>; rel="deprecation", <https://api.example.com/v2/>; rel="successor-version"',
      });
      assert.deepEqual((await app.server.inject('/healthz')).json().deprecation, {
        deprecated_at: '2027-01-01T00:00:00Z',
        sunset_at: '2027-06-30T00:00:00Z',
        successor_url: 'https://api.example.com/v2/',
        documentation_url: 'http://vitrine.test/developers#deprecation',
      });
    } finally {
      await app.server.close();
    }
  });

  test('a successor path is placed under a BASE_URL with a path prefix', async () => {
    const app = await buildTestApp({ env: { ...ANNOUNCED, BASE_URL: 'https://example.com/content' } });
    try {
      const response = await app.server.inject('/api/v1');
      assert.equal(
        response.headers.link,
        '<https://example.com/content/developers#deprecation>; rel="deprecation", <https://example.com/content/api/v2>; rel="successor-version"',
      );
    } finally {
      await app.server.close();
    }
  });
});
