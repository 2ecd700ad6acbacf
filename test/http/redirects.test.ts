import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadCatalog } from '../../src/content/load.js';
import type { Service } from '../../src/http/service.js';
import { buildTestApp, copyFixture, FIXTURES } from '../helper.js';

/** Old addresses of the minimal bakery, each a case of redirects.yaml. */
const REDIRECTS = `
- from: /quem-somos
  to: /about
- from: /2013/01/11/receita-antiga/
  to: /blog/receita-de-broa
- from: /?p=12
  to: /blog/receita-de-broa
- from: /?page_id=7&lang=pt
  to: /about
  status: 308
- from: /loja
  to: /products/pao-de-queijo
  status: 302
- from: /promo
  to: https://example.org/promo?x=1
  status: 307
- from: /about
  to: /blog/receita-de-broa
- from: /api/v1/old-products
  to: /api/v1/products
- from: /blog/broa-antiga
  to: /blog/receita-de-broa
- from: /pão
  to: /products/pao-de-queijo
`;

async function serve(baseUrl: string): Promise<Service> {
  const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
  await writeFile(path.join(dir, 'redirects.yaml'), REDIRECTS);
  const catalog = await loadCatalog({ dir, baseUrl });
  const { server } = await buildTestApp({ catalog, env: { BASE_URL: baseUrl }, checkOpenApi: false });
  return server;
}

describe('redirects.yaml at the root of the site', () => {
  let server: Service;
  before(async () => {
    server = await serve('http://vitrine.test');
  });
  after(() => server.close());

  test('an old path answers 301 and the new path as Location', async () => {
    const response = await server.inject('/quem-somos');
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/about');
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  test('a query-string variant of the old path is sent on all the same, without its query', async () => {
    const response = await server.inject('/quem-somos?utm_source=news');
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/about');
  });

  test('302, 307 and 308 are answered as written; an absolute URL is the Location as written', async () => {
    const found = await server.inject('/loja');
    assert.equal(found.statusCode, 302);
    assert.equal(found.headers.location, '/products/pao-de-queijo');
    const temporary = await server.inject('/promo');
    assert.equal(temporary.statusCode, 307);
    assert.equal(temporary.headers.location, 'https://example.org/promo?x=1');
    const permanent = await server.inject('/?page_id=7&lang=pt');
    assert.equal(permanent.statusCode, 308);
    assert.equal(permanent.headers.location, '/about');
  });

  test('/?p=12 on the home page redirects; other queries and none get the home page', async () => {
    for (const url of ['/?p=12', '/?utm_source=x&p=12', '/?p=12&utm_source=x']) {
      const response = await server.inject(url);
      assert.equal(response.statusCode, 301, url);
      assert.equal(response.headers.location, '/blog/receita-de-broa', url);
    }
    for (const url of ['/', '/?p=13', '/?page_id=7', '/?lang=pt']) assert.equal((await server.inject(url)).statusCode, 200, url);
  });

  test('a WordPress permalink matches with and without its trailing slash', async () => {
    for (const url of ['/2013/01/11/receita-antiga/', '/2013/01/11/receita-antiga']) {
      const response = await server.inject(url);
      assert.equal(response.statusCode, 301, url);
      assert.equal(response.headers.location, '/blog/receita-de-broa', url);
    }
  });

  test('a path written without its slash matches with one too', async () => {
    const response = await server.inject('/quem-somos/');
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/about');
  });

  test('HEAD answers the same status and Location, with no body', async () => {
    const response = await server.inject({ method: 'HEAD', url: '/2013/01/11/receita-antiga/' });
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/blog/receita-de-broa');
    assert.equal(response.body, '');
  });

  test('a POST to an old path is not sent on', async () => {
    const response = await server.inject({ method: 'POST', url: '/quem-somos' });
    assert.notEqual(response.statusCode, 301);
  });

  test('a renamed record is sent on from its old slug, under a route that answers the new one', async () => {
    const response = await server.inject('/blog/broa-antiga');
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/blog/receita-de-broa');
    assert.equal((await server.inject('/blog/receita-de-broa')).statusCode, 200);
  });

  test('a path written with letters outside ASCII matches its percent-encoded request', async () => {
    const response = await server.inject('/p%C3%A3o');
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/products/pao-de-queijo');
  });

  test('a real page is never shadowed by a redirect from its path', async () => {
    const response = await server.inject('/about');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.location, undefined);
  });

  test('a redirect is counted by no quota, even under /api/v1', async () => {
    const response = await server.inject('/api/v1/old-products');
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/api/v1/products');
    for (const name of ['ratelimit', 'ratelimit-policy']) assert.equal(response.headers[name], undefined, name);
    // The API's own answers are counted: the redirect's absence of headers is its own.
    assert.ok((await server.inject('/api/v1/products')).headers['ratelimit-policy']);
  });
});

describe('redirects.yaml under a BASE_URL with a path prefix', () => {
  let server: Service;
  before(async () => {
    server = await serve('http://vitrine.test/site');
  });
  after(() => server.close());

  test('the Location of a path keeps the prefix, whether the request has it or a proxy stripped it', async () => {
    for (const url of ['/site/quem-somos', '/quem-somos']) {
      const response = await server.inject(url);
      assert.equal(response.statusCode, 301, url);
      assert.equal(response.headers.location, '/site/about', url);
    }
    const home = await server.inject('/site/?p=12');
    assert.equal(home.statusCode, 301);
    assert.equal(home.headers.location, '/site/blog/receita-de-broa');
  });

  test('an absolute URL is given as written', async () => {
    const response = await server.inject('/site/promo');
    assert.equal(response.statusCode, 307);
    assert.equal(response.headers.location, 'https://example.org/promo?x=1');
  });
});
