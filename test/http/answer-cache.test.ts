import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PreparedUrl } from '../../src/prepare-ahead.js';
import { MemoryStore, PUBLIC_READ, RateLimiter } from '../../src/http/rate-limit.js';
import { readFile, writeFile } from 'node:fs/promises';
import type { Exchange } from '../helper.js';
import { copyFixture, exchange, FIXTURES, listenTestApp, ROOT, testCatalog, BASE_URL } from '../helper.js';

/**
 * Answers kept for repeated requests are a stage of the one pipeline: the
 * same policy, the same headers, the same quota as a computed answer.
 */

/** A request to `base` + `url` with exactly the headers given. */
const raw = (base: string, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Exchange> => exchange(`${base}${url}`, headers, method);

/** Headers of one exchange or one connection, and the quota's, which counts each request. */
const PER_REQUEST = ['date', 'connection', 'keep-alive', 'ratelimit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-limit', 'ratelimit-policy'];

function stable(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.includes(name)));
}

/** A limiter too large to run out while every answer is compared. */
const roomy = () => new RateLimiter({ ...PUBLIC_READ, limit: 100_000 }, new MemoryStore());

describe('answers prepared ahead', () => {
  let app: Awaited<ReturnType<typeof listenTestApp>>;
  let prepared: PreparedUrl[];

  before(async () => {
    app = await listenTestApp({ limiter: roomy() });
    prepared = [];
    for await (const entry of app.prepareAll(app.store.catalog)) prepared.push(entry);
  });
  after(() => app.server.close());

  test('cover every single resource, default list, mirror, page and discovery document, and not the health record or search', () => {
    const urls = new Set(prepared.map((entry) => entry.url));
    const { catalog } = app.store;
    for (const url of ['/api/v1', '/api/v1/company', '/api/v1/products', '/api/v1/posts', '/api/v1/pages', '/', '/about', '/blog', '/llms.txt', '/sitemap.xml', '/openapi.json', '/.well-known/mcp.json', '/md/index.md', '/md/company.md']) {
      assert.ok(urls.has(url), url);
    }
    for (const product of catalog.products) assert.ok(urls.has(`/api/v1/products/${product.slug}`) && urls.has(`/products/${product.slug}`), product.slug);
    for (const post of catalog.posts) assert.ok(urls.has(`/api/v1/posts/${post.slug}`) && urls.has(`/md/blog/${post.slug}.md`), post.slug);
    for (const locale of catalog.site.locales) assert.ok(urls.has(`/feeds/${locale}.xml`), locale);
    for (const url of ['/api/v1/health', '/healthz', '/api/v1/search']) assert.ok(!urls.has(url), url);
    assert.ok(prepared.find((entry) => entry.url === '/about')?.markdown, 'a page has its markdown form');
    assert.equal(prepared.find((entry) => entry.url === '/md/about.md')?.markdown, undefined, 'a mirror file does not negotiate');
    assert.ok(app.cache.size(catalog) > 0, 'they are kept at start-up');
  });

  test('are byte for byte and header for header what the route computes', async () => {
    for (const { url, scopeHeaders, answer, markdown } of prepared) {
      for (const [format, kept] of [['html', answer], ['markdown', markdown]] as const) {
        if (!kept) continue;
        const headers: Record<string, string> = format === 'markdown' ? { accept: 'text/markdown' } : {};
        const served = await raw(app.url, url, headers);
        assert.equal(served.status, 200, url);
        assert.ok(served.body.equals(kept.body), `${url} (${format}): body`);
        const expected = Object.fromEntries([...scopeHeaders, ...kept.headers, ['content-length', String(kept.body.length)]]);
        assert.deepEqual(stable(served.headers), stable(expected), `${url} (${format}): headers`);
      }
    }
  });

  test('HEAD answers the GET headers without a body', async () => {
    for (const url of ['/api/v1/products', '/about', '/md/company.md', '/openapi.json']) {
      const get = await raw(app.url, url);
      const head = await raw(app.url, url, {}, 'HEAD');
      assert.equal(head.status, 200, url);
      assert.equal(head.body.length, 0, url);
      assert.deepEqual(stable(head.headers), stable(get.headers), url);
    }
  });

  test('If-None-Match with the ETag answers 304 with the validators and no body', async () => {
    for (const url of ['/api/v1/posts', '/blog', '/md/index.md', '/.well-known/mcp.json']) {
      const first = await raw(app.url, url);
      const etag = String(first.headers.etag);
      const response = await raw(app.url, url, { 'if-none-match': `W/"other", ${etag}` });
      assert.equal(response.status, 304, url);
      assert.equal(response.body.length, 0, url);
      assert.equal(response.headers.etag, etag, url);
      assert.equal(response.headers['content-type'], undefined, url);
      // RFC 9110 section 8.6: a 304 sends no Content-Length but the 200's.
      assert.equal(response.headers['content-length'], undefined, url);
      assert.equal((await raw(app.url, url, { 'if-none-match': '*' })).status, 304, url);
      assert.equal((await raw(app.url, url, { 'if-none-match': '"stale"' })).status, 200, url);
    }
  });

  test('negotiates brotli and gzip by Accept-Encoding, q-values honoured, br preferred, with an ETag per coding', async () => {
    for (const url of ['/api/v1/posts', '/api/v1/posts?limit=7']) {
      const identity = await raw(app.url, url);
      const cases: [string, string | undefined][] = [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0.5, gzip', 'gzip'],
        ['gzip;q=0, br', 'br'],
        ['gzip;q=0', undefined],
        ['*', 'br'],
        ['br;q=0, *;q=0.1', 'gzip'],
        ['identity', undefined],
        ['compress', undefined],
        ['br;q=0, gzip;q=0, identity;q=0', undefined],
      ];
      for (const [accept, coding] of cases) {
        const response = await raw(app.url, url, { 'accept-encoding': accept });
        assert.equal(response.status, 200, accept);
        assert.equal(response.headers['content-encoding'], coding, accept);
        assert.equal(response.headers.vary, 'Accept-Encoding', accept);
        assert.equal(Number(response.headers['content-length']), response.body.length, accept);
        const decoded = coding === 'br' ? brotliDecompressSync(response.body) : coding === 'gzip' ? gunzipSync(response.body) : response.body;
        assert.ok(decoded.equals(identity.body), accept);
        assert.equal(response.headers.etag, coding ? `${String(identity.headers.etag).slice(0, -1)}-${coding}"` : identity.headers.etag, accept);
        if (coding) assert.ok(response.body.length < identity.body.length, accept);
      }
    }
    // A validator names one representation: the gzip ETag does not match the brotli one.
    const gzip = await raw(app.url, '/api/v1/posts', { 'accept-encoding': 'gzip' });
    assert.equal((await raw(app.url, '/api/v1/posts', { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) })).status, 304);
    assert.equal((await raw(app.url, '/api/v1/posts', { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) })).status, 200);
    // The site's answers already varied on Accept-Encoding: it is not named twice.
    assert.equal((await raw(app.url, '/about', { 'accept-encoding': 'gzip' })).headers.vary, 'Accept, Accept-Encoding');
  });

  test('an answer made for one request is compressed for it with a weak validator; kept, with more effort and a strong one', async () => {
    for (const [coding, offset] of [['br', 1], ['gzip', 2]] as const) {
      const decode = (body: Buffer) => (coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body));
      const other = `/api/v1/posts?limit=9&offset=${offset}`;
      const once = await raw(app.url, other, { 'accept-encoding': coding });
      const etag = String(once.headers.etag);
      assert.match(etag, new RegExp(`^W/"[^"]+-${coding}"$`), 'asked for once: not kept');
      const kept = await raw(app.url, other, { 'accept-encoding': coding });
      assert.equal(kept.headers.etag, etag.slice(2), 'asked for again: kept, the same tag, strong');
      assert.ok(decode(once.body).equals(decode(kept.body)), 'the same content');
      assert.ok(kept.body.length < once.body.length, `${coding}: kept ${kept.body.length} bytes, once ${once.body.length}`);
      // If-None-Match compares weakly (RFC 9110 section 13.1.2): either validator names the content held.
      assert.equal((await raw(app.url, other, { 'accept-encoding': coding, 'if-none-match': etag })).status, 304);
    }
  });

  test('a body too short to gain from compression is sent as it is, without Vary', async () => {
    const response = await raw(app.url, '/api/v1/pages?limit=1&offset=9', { 'accept-encoding': 'br, gzip' });
    assert.equal(response.status, 200);
    assert.ok(response.body.length < 1024, String(response.body.length));
    assert.equal(response.headers['content-encoding'], undefined);
    assert.equal(response.headers.vary, undefined);
  });
});

describe('the quota, whichever stage answers', () => {
  test('counts each /api/v1 request once, kept or computed, and refuses with the prepared 429', async () => {
    const limiter = new RateLimiter({ ...PUBLIC_READ, limit: 3 }, new MemoryStore());
    const app = await listenTestApp({ limiter });
    try {
      const remaining = async (url: string, headers: Record<string, string> = {}) => {
        const response = await raw(app.url, url, headers);
        return [response.status, response.headers['ratelimit-remaining'], response.headers.ratelimit];
      };
      assert.deepEqual(await remaining('/api/v1/products/guardiao'), [200, '2', '"public-read";r=2;t=60']);
      assert.deepEqual(await remaining('/api/v1/posts?limit=1'), [200, '1', '"public-read";r=1;t=60']);
      assert.deepEqual(await remaining('/api/v1/company', { 'if-none-match': '*' }), [304, '0', '"public-read";r=0;t=60']);
      // Site pages and mirrors are not counted.
      assert.equal((await raw(app.url, '/md/company.md')).headers.ratelimit, undefined);
      for (const url of ['/api/v1/products/guardiao', '/api/v1/posts?limit=1', '/api/v1/nope']) {
        const refused = await raw(app.url, url);
        assert.equal(refused.status, 429, url);
        assert.equal(refused.headers['retry-after'], '60');
        assert.equal(refused.headers['ratelimit-remaining'], '0');
        assert.equal(refused.headers['cache-control'], 'no-store');
        assert.equal(refused.headers['x-api-version'], '1.0.0');
        assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.equal(Number(refused.headers['content-length']), refused.body.length);
        const problem = JSON.parse(refused.body.toString()) as { code: string; instance: string };
        assert.deepEqual([problem.code, problem.instance], ['rate_limited', url.split('?')[0]]);
      }
    } finally {
      await app.server.close();
    }
  });

  test('an Accept without JSON on a kept URL gets the 406, counted once', async () => {
    const app = await listenTestApp();
    try {
      const response = await raw(app.url, '/api/v1/company', { accept: 'text/html' });
      assert.equal(response.status, 406);
      assert.equal(response.headers['ratelimit-remaining'], '599');
      assert.equal(JSON.parse(response.body.toString()).code, 'not_acceptable');
    } finally {
      await app.server.close();
    }
  });

  test('behind trusted proxies each forwarded client has its own quota, on kept answers too', async () => {
    const app = await listenTestApp({ env: { TRUST_PROXY: 'loopback', RATE_LIMIT_REQUESTS: '2' } });
    try {
      const first = await raw(app.url, '/api/v1/company', { 'x-forwarded-for': '203.0.113.7' });
      const second = await raw(app.url, '/api/v1/company', { 'x-forwarded-for': '203.0.113.8' });
      assert.equal(first.headers['ratelimit-remaining'], '1');
      assert.equal(second.headers['ratelimit-remaining'], '1');
      assert.equal(first.headers.etag, second.headers.etag);
      await raw(app.url, '/api/v1/company', { 'x-forwarded-for': '203.0.113.7' });
      assert.equal((await raw(app.url, '/api/v1/company', { 'x-forwarded-for': '203.0.113.7' })).status, 429);
      assert.equal((await raw(app.url, '/api/v1/company', { 'x-forwarded-for': '203.0.113.8' })).status, 200);
    } finally {
      await app.server.close();
    }
  });
});

describe('kept answers follow the Catalog in force', () => {
  test('a new Catalog is answered from its own content, and a computed answer is kept only for the Catalog it came from', async () => {
    const app = await listenTestApp({ limiter: roomy() });
    try {
      const demo = app.store.catalog;
      const minimal = await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL);
      const before = await raw(app.url, '/api/v1/products');
      await app.warmCatalog(minimal);
      app.store.replace(minimal);
      const afterSwap = await raw(app.url, '/api/v1/products');
      assert.notEqual(afterSwap.headers.etag, before.headers.etag);
      assert.match(afterSwap.body.toString(), /pao-de-queijo/);
      assert.equal(app.cache.size(demo) > 0, true);
      assert.equal((await raw(app.url, '/api/v1/posts?limit=3')).status, 200);
      assert.equal(app.cache.get(minimal, '/api/v1/posts?limit=3'), undefined, 'a URL asked for once is not kept');
      assert.equal((await raw(app.url, '/api/v1/posts?limit=3')).status, 200);
      assert.ok(app.cache.get(minimal, '/api/v1/posts?limit=3'), 'asked for twice, it is kept for the Catalog that computed it');
      assert.equal(app.cache.get(demo, '/api/v1/posts?limit=3'), undefined);
    } finally {
      await app.server.close();
    }
  });

  test('errors and the health record are never kept; kept bytes stay within the budget', async () => {
    const app = await listenTestApp({ limiter: roomy(), env: { ANSWER_CACHE_MB: '1' } });
    try {
      const { catalog } = app.store;
      for (const url of ['/api/v1/posts/nope', '/api/v1/health', '/healthz', '/api/v1/posts?limit=0']) {
        await raw(app.url, url);
        assert.equal(app.cache.get(catalog, url), undefined, url);
      }
      for (let offset = 0; offset < 40; offset += 1) {
        for (let time = 0; time < 2; time += 1) await raw(app.url, `/api/v1/posts?limit=100&offset=${offset}`, { 'accept-encoding': 'gzip, br' });
      }
      assert.ok(app.cache.bytes(catalog) <= 1024 * 1024, String(app.cache.bytes(catalog)));
      assert.ok(app.cache.get(catalog, '/api/v1/posts?limit=100&offset=39'), 'the most recent is kept');
    } finally {
      await app.server.close();
    }
  });
});

describe('validators of list pages across a reload', () => {
  test('a page whose records changed gets a new ETag; a page of the same bytes keeps its own, so a client revalidating it gets 304', async () => {
    const app = await listenTestApp({ limiter: roomy(), checkOpenApi: false });
    try {
      const newest = '/api/v1/posts?locale=en&limit=2';
      const older = '/api/v1/posts?locale=en&limit=2&offset=8';
      const before = { newest: await raw(app.url, newest), older: await raw(app.url, older) };
      const { slug, title } = (JSON.parse(before.newest.body.toString()) as { items: { slug: string; title: string }[] }).items[0]!;
      // The same content but for the title of the newest article.
      const copy = await copyFixture(path.join(ROOT, 'content'));
      const file = path.join(copy, 'posts', `${slug}.md`);
      const source = await readFile(file, 'utf8');
      assert.ok(source.includes(`title: ${title}`) || source.includes(`title: "${title}"`), file);
      await writeFile(file, source.replace(/^title: .*$/m, 'title: A retitled article'));
      const edited = await testCatalog(copy, BASE_URL);
      await app.warmCatalog(edited);
      app.store.replace(edited);

      const after = { newest: await raw(app.url, newest), older: await raw(app.url, older) };
      assert.match(after.newest.body.toString(), /A retitled article/);
      assert.notEqual(after.newest.headers.etag, before.newest.headers.etag);
      assert.equal((await raw(app.url, newest, { 'if-none-match': String(before.newest.headers.etag) })).status, 200);
      assert.ok(after.older.body.equals(before.older.body), 'the older page is the same text');
      assert.equal(after.older.headers.etag, before.older.headers.etag);
      assert.equal((await raw(app.url, older, { 'if-none-match': String(before.older.headers.etag) })).status, 304);
    } finally {
      await app.server.close();
    }
  });
});
