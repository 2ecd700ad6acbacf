import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import type { Catalog } from '../../src/content/types.js';
import { RateLimiter } from '../../src/http/rate-limit.js';
import { BASE_URL, buildTestApp, testCatalog, useTestApp } from '../helper.js';

let server: Service;
let catalog: Catalog;
useTestApp((app) => ({ server, catalog } = app));

function problem(response: LightMyRequestResponse, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.equal(response.headers['access-control-allow-origin'], '*');
  const body = response.json() as Record<string, unknown>;
  assert.equal(body.type, `${BASE_URL}/developers#${code}`);
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(typeof body.hint, 'string');
  assert.doesNotMatch(response.body, /<html|at .*\.ts:\d+|node_modules/i, 'no HTML, no stack trace');
  return body;
}

describe('400 invalid_parameter', () => {
  const cases: [string, string, string | readonly string[]][] = [
    ['/api/v1/products?limit=abc', 'limit', 'a whole number from 1 to 100 (default 100)'],
    ['/api/v1/products?limit=0', 'limit', 'a whole number from 1 to 100 (default 100)'],
    ['/api/v1/products?limit=101', 'limit', 'a whole number from 1 to 100 (default 100)'],
    ['/api/v1/products?limit=1.5', 'limit', 'a whole number from 1 to 100 (default 100)'],
    ['/api/v1/products?limit=%2010', 'limit', 'a whole number from 1 to 100 (default 100)'],
    ['/api/v1/products?offset=-1', 'offset', 'a whole number of at least 0 (default 0)'],
    ['/api/v1/products?offset=1e3', 'offset', 'a whole number of at least 0 (default 0)'],
    ['/api/v1/products?status=retired', 'status', ['coming-soon', 'live']],
    ['/api/v1/products?status=alive', 'status', ['coming-soon', 'live']],
    ['/api/v1/posts?limit=200', 'limit', 'a whole number from 1 to 100 (default 20)'],
    ['/api/v1/posts?locale=fr', 'locale', ['en', 'pt-BR']],
    ['/api/v1/pages?offset=x', 'offset', 'a whole number of at least 0 (default 0)'],
    ['/api/v1/pages?limit=0', 'limit', 'a whole number from 1 to 100 (default 100)'],
  ];
  for (const [url, parameter, accepted] of cases) {
    test(`GET ${url} names "${parameter}" and what it accepts`, async () => {
      const body = problem(await server.inject(url), 400, 'invalid_parameter');
      assert.equal(body.title, 'Bad Request');
      assert.equal(body.parameter, parameter);
      assert.deepEqual(body.accepted, accepted);
      assert.equal(body.instance, url.split('?')[0]);
      assert.match(String(body.hint), /^Call GET \/api\/v1\//);
    });
  }

  test('an unknown tag or category lists the values of the taxonomy', async () => {
    let body = problem(await server.inject('/api/v1/products?tag=Blockchain'), 400, 'invalid_parameter');
    assert.deepEqual(body.accepted, catalog.site.product_tags);
    body = problem(await server.inject('/api/v1/posts?category=Sports'), 400, 'invalid_parameter');
    assert.deepEqual(body.accepted, catalog.site.all_post_categories);
  });

  test('a repeated parameter is refused', async () => {
    const body = problem(await server.inject('/api/v1/posts?locale=en&locale=pt-BR'), 400, 'invalid_parameter');
    assert.equal(body.parameter, 'locale');
    assert.match(String(body.detail), /given 2 times/);
  });

  test('an empty parameter is refused', async () => {
    for (const url of ['/api/v1/posts?limit=', '/api/v1/products?status=', '/api/v1/pages?offset']) {
      const body = problem(await server.inject(url), 400, 'invalid_parameter');
      assert.match(String(body.detail), /is empty/, url);
    }
  });

  test('an unknown parameter is refused, listing the known ones', async () => {
    const body = problem(await server.inject('/api/v1/posts?categry=Automation'), 400, 'invalid_parameter');
    assert.equal(body.parameter, 'categry');
    assert.deepEqual(body.accepted, ['category', 'locale', 'tag', 'published_since', 'published_before', 'updated_since', 'sort', 'limit', 'offset']);
    const single = problem(await server.inject('/api/v1/company?x=1'), 400, 'invalid_parameter');
    assert.deepEqual(single.accepted, []);
    assert.equal(single.hint, 'Call GET /api/v1/company without a query string.');
  });

  test('a path that is not valid percent-encoding is a 400, not a framework error', async () => {
    const body = problem(await server.inject('/api/v1/posts/%E0%A4%A'), 400, 'invalid_parameter');
    assert.equal(body.parameter, 'path');
  });
});

describe('404 not_found', () => {
  const kinds = [
    ['products', 'product', () => catalog.products.map((p) => p.slug)],
    ['posts', 'post', () => catalog.posts.map((p) => p.slug)],
    ['pages', 'page', () => catalog.site.page_slugs],
  ] as const;
  for (const [collection, kind, slugs] of kinds) {
    test(`GET /api/v1/${collection}/{slug} answers 404 with the valid slugs`, async () => {
      const body = problem(await server.inject(`/api/v1/${collection}/no-such-thing`), 404, 'not_found');
      assert.equal(body.title, 'Not Found');
      assert.equal(body.detail, `No ${kind} has the slug "no-such-thing".`);
      assert.match(String(body.hint), new RegExp(`^Call GET /api/v1/${collection} `));
      assert.deepEqual(body.valid_slugs, slugs());
      assert.equal(body.documentation_url, `${BASE_URL}/developers`);
      assert.equal(body.instance, `/api/v1/${collection}/no-such-thing`);
    });
  }

  test('an unknown path under /api answers a problem document, never HTML', async () => {
    for (const url of ['/api/v1/nothing', '/api/v2/products', '/api', '/api/v1/products/guardiao/extra']) {
      const body = problem(await server.inject({ url, headers: { accept: 'text/html,*/*;q=0.8' } }), 404, 'not_found');
      assert.equal(body.documentation_url, `${BASE_URL}/developers`);
    }
  });
});

describe('405 method_not_allowed', () => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    for (const url of ['/api/v1', '/api/v1/products', '/api/v1/posts/whatever', '/api/v1/company', '/healthz']) {
      test(`${method} ${url} answers 405 with Allow: GET, HEAD`, async () => {
        const response = await server.inject({ method, url });
        const body = problem(response, 405, 'method_not_allowed');
        assert.equal(response.headers.allow, 'GET, HEAD');
        assert.equal(body.hint, `Call GET ${url}.`);
      });
    }
  }
});

describe('406 not_acceptable', () => {
  test('an Accept that admits neither JSON nor problem+json answers 406', async () => {
    for (const accept of ['text/html', 'application/xml', 'application/json;q=0', 'text/*']) {
      const response = await server.inject({ url: '/api/v1/products', headers: { accept } });
      problem(response, 406, 'not_acceptable');
    }
  });

  test('JSON, problem+json, wildcards and q-values are accepted', async () => {
    for (const accept of ['application/json', '*/*', 'application/*', 'application/problem+json', 'text/html;q=1, application/json;q=0.1']) {
      const response = await server.inject({ url: '/api/v1/products', headers: { accept } });
      assert.equal(response.statusCode, 200, accept);
    }
  });
});

describe('415 unsupported_media_type', () => {
  test('a GET with a body answers 415', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/v1/posts', payload: '{"q":1}', headers: { 'content-type': 'application/json' } });
    problem(response, 415, 'unsupported_media_type');
  });
});

describe('429 rate_limited', () => {
  test('over quota answers 429 with Retry-After and every quota header', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ name: 'public-read', limit: 2, windowSeconds: 60 }, undefined, () => now);
    const app = await buildTestApp({ limiter });
    try {
      assert.equal((await app.server.inject('/api/v1')).statusCode, 200);
      now += 20_000;
      assert.equal((await app.server.inject('/api/v1/products')).statusCode, 200);
      const response = await app.server.inject('/api/v1/company');
      const body = problem(response, 429, 'rate_limited');
      assert.equal(body.title, 'Too Many Requests');
      assert.equal(response.headers['retry-after'], '40');
      assert.equal(response.headers.ratelimit, '"public-read";r=0;t=40');
      assert.equal(response.headers['ratelimit-policy'], '"public-read";q=2;w=60');
      assert.equal(response.headers['ratelimit-limit'], '2');
      assert.equal(response.headers['ratelimit-remaining'], '0');
      assert.equal(response.headers['ratelimit-reset'], '40');
      assert.equal(response.headers['x-api-version'], '1.0.0');
      assert.equal((await app.server.inject('/healthz')).statusCode, 200, '/healthz is outside the quota');
      now += 40_000;
      assert.equal((await app.server.inject('/api/v1')).statusCode, 200, 'a new window opens');
    } finally {
      await app.server.close();
    }
  });
});

describe('500 internal_error', () => {
  test('an unexpected failure answers a generic problem with no internals', async () => {
    const real = await testCatalog();
    let broken = false;
    const failing = new Proxy(real, {
      get(target, property, receiver) {
        if (broken && property === 'productsByLocale') throw new Error('disk on fire at /secret/path.ts:12');
        return Reflect.get(target, property, receiver);
      },
    });
    const app = await buildTestApp({ catalog: failing, openApiCatalog: real });
    broken = true;
    try {
      // A list no answer was prepared for, in an order none was selected in: the route runs and reads the Catalog.
      const response = await app.server.inject('/api/v1/products?limit=3&sort=-name');
      const body = problem(response, 500, 'internal_error');
      assert.equal(body.title, 'Internal Server Error');
      assert.doesNotMatch(response.body, /disk on fire|secret/);
    } finally {
      await app.server.close();
    }
  });
});
