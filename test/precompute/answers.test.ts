import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AnswerSet } from '../../src/precompute/answers.js';
import { LEARNED_ANSWERS, PrecomputedAnswer, PrecomputedAnswers, precomputeUrls } from '../../src/precompute/answers.js';
import { CACHE_POLICY } from '../../src/http/caching.js';
import { MemoryStore, PUBLIC_READ, RateLimiter } from '../../src/http/rate-limit.js';
import { FIXTURES, listenTestApp, testCatalog, BASE_URL } from '../helper.js';

interface Raw {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A request over a socket, sending exactly the headers given (fetch would add Accept-Encoding). */
function raw(base: string, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers of one exchange or one connection, and the quota's, which counts each request. */
const PER_REQUEST = ['date', 'connection', 'keep-alive', 'ratelimit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-limit', 'ratelimit-policy'];

function stable(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.includes(name)));
}

/** What precomputing adds: Accept-Encoding in Vary, as every answer kept has compressed forms. */
function withAcceptEncoding(headers: Record<string, unknown>): Record<string, unknown> {
  const vary = headers.vary as string | undefined;
  return { ...headers, vary: vary === undefined ? 'Accept-Encoding' : vary.includes('Accept-Encoding') ? vary : `${vary}, Accept-Encoding` };
}

/** A limiter too large to run out while every answer is compared. */
const roomy = () => new RateLimiter({ ...PUBLIC_READ, limit: 100_000 }, new MemoryStore());

describe('precomputed answers', () => {
  let app: Awaited<ReturnType<typeof listenTestApp>>;
  let answers: AnswerSet;

  before(async () => {
    app = await listenTestApp({ limiter: roomy() });
    answers = app.answers.get(app.store.catalog)!;
  });
  after(() => app.server.close());

  test('cover every single resource, default list, mirror, page and discovery document, and not the health record', async () => {
    const catalog = app.store.catalog;
    const urls = [...answers.keys()];
    const expected = [
      '/api/v1',
      '/api/v1/company',
      '/api/v1/products',
      '/api/v1/posts',
      '/api/v1/pages',
      ...catalog.products.map((p) => `/api/v1/products/${p.slug}`),
      ...catalog.posts.map((p) => `/api/v1/posts/${p.slug}`),
      ...catalog.site.page_slugs.map((slug) => `/api/v1/pages/${slug}`),
      '/',
      '/about',
      '/products',
      '/blog',
      '/developers',
      ...catalog.products.map((p) => `/products/${p.slug}`),
      ...catalog.posts.map((p) => `/blog/${p.slug}`),
      '/md/index.md',
      '/md/company.md',
      ...catalog.posts.map((p) => `/md/blog/${p.slug}.md`),
      ...catalog.products.map((p) => `/md/products/${p.slug}.md`),
      '/openapi.json',
      '/auth.md',
      '/.well-known/mcp.json',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/.well-known/ai-catalog.json',
      '/llms.txt',
      '/llms-full.txt',
      '/sitemap.xml',
      '/robots.txt',
      '/assets/site.css',
      ...catalog.site.locales.map((locale) => `/feeds/${locale}.xml`),
    ];
    for (const url of expected) assert.ok(answers.has(url), url);
    assert.equal(answers.has('/api/v1/health'), false);
    assert.equal(answers.has('/healthz'), false);
    assert.equal(answers.has('/api/v1/search'), false);
    assert.ok(urls.every((url) => !url.includes('?')));
    // Site pages negotiate markdown; the mirrors and discovery documents do not.
    assert.ok(answers.get('/about')?.markdown);
    assert.equal(answers.get('/md/about.md')?.markdown, undefined);
  });

  test('are byte for byte and header for header what the uncached path answers, Accept-Encoding added to Vary', async () => {
    for (const [url, entry] of answers) {
      for (const [format, answer] of [['html', entry.html], ['markdown', entry.markdown]] as const) {
        if (!answer) continue;
        const headers: Record<string, string> = format === 'markdown' ? { accept: 'text/markdown' } : {};
        const uncached = await app.server.inject({ method: 'GET', url, headers });
        const fast = await raw(app.url, url, headers);
        assert.equal(fast.status, 200, url);
        assert.equal(uncached.statusCode, 200, url);
        assert.ok(fast.body.equals(uncached.rawPayload), `${url} (${format}): body`);
        assert.ok(answer.body.equals(uncached.rawPayload), `${url} (${format}): kept body`);
        assert.deepEqual(stable(fast.headers), withAcceptEncoding(stable(uncached.headers)), `${url} (${format}): headers`);
      }
    }
  });

  test('HEAD answers the GET headers without a body, as the uncached path does', async () => {
    for (const url of ['/api/v1/products', '/about', '/md/company.md', '/openapi.json']) {
      const uncached = await app.server.inject({ method: 'HEAD', url });
      const fast = await raw(app.url, url, {}, 'HEAD');
      assert.equal(fast.status, 200, url);
      assert.equal(fast.body.length, 0, url);
      assert.deepEqual(stable(fast.headers), withAcceptEncoding(stable(uncached.headers)), url);
    }
  });

  test('If-None-Match with the ETag answers 304 with the validators and no body, like the uncached path', async () => {
    for (const url of ['/api/v1/posts', '/blog', '/md/index.md', '/.well-known/mcp.json']) {
      const first = await raw(app.url, url);
      const etag = String(first.headers.etag);
      const uncached = await app.server.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      const fast = await raw(app.url, url, { 'if-none-match': `W/"other", ${etag}` });
      assert.equal(uncached.statusCode, 304, url);
      assert.equal(fast.status, 304, url);
      assert.equal(fast.body.length, 0, url);
      assert.equal(fast.headers['content-type'], undefined, url);
      assert.equal(fast.headers['content-length'], undefined, url);
      // RFC 9110 section 8.6: a 304 sends no Content-Length but the 200's.
      assert.equal(uncached.headers['content-length'], undefined, url);
      assert.deepEqual(stable(fast.headers), withAcceptEncoding(stable(uncached.headers)), url);
      assert.equal((await raw(app.url, url, { 'if-none-match': '*' })).status, 304, url);
      assert.equal((await raw(app.url, url, { 'if-none-match': '"stale"' })).status, 200, url);
    }
  });

  test('negotiates brotli and gzip by Accept-Encoding, q-values honoured, br preferred, with an ETag per coding', async () => {
    const url = '/api/v1/posts';
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
    // A validator names one representation: the gzip ETag does not match the brotli one.
    const gzip = await raw(app.url, url, { 'accept-encoding': 'gzip' });
    assert.equal((await raw(app.url, url, { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) })).status, 304);
    assert.equal((await raw(app.url, url, { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) })).status, 200);
    // The site's answers already varied on Accept-Encoding: it is not named twice.
    assert.equal((await raw(app.url, '/about', { 'accept-encoding': 'gzip' })).headers.vary, 'Accept, Accept-Encoding');
  });

  test('keeps a compressed form only when it is smaller than the body', () => {
    const answer = new PrecomputedAnswer('/x', 'site', 200, [['content-type', 'text/plain'], ['etag', '"a"']], Buffer.from('a'), 2);
    assert.equal(answer.representation('gzip'), undefined);
    assert.equal(answer.representation('br'), undefined);
    assert.equal(answer.representation('identity')?.etag, '"a"');
    assert.deepEqual(answer.representation('identity')?.ok.all, ['content-type', 'text/plain', 'etag', '"a"', 'vary', 'Accept-Encoding', 'content-length', '1']);
    const big = new PrecomputedAnswer('/y', 'site', 200, [['content-type', 'text/plain'], ['etag', '"b"']], Buffer.from('word '.repeat(200)), 2);
    assert.deepEqual(big.representation('gzip')?.ok.all.slice(0, 6), ['content-type', 'text/plain', 'content-encoding', 'gzip', 'etag', '"b-gzip"']);
  });
});

describe('the fast path and the quota', () => {
  test('counts each /api/v1 request once, whichever path answers it, and hands a request over quota to the policy', async () => {
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
      // Site pages and mirrors are not counted (CONTRACT.md, "Headers").
      assert.equal((await raw(app.url, '/md/company.md')).headers.ratelimit, undefined);
      const refused = await raw(app.url, '/api/v1/products/guardiao');
      assert.equal(refused.status, 429);
      assert.equal(refused.headers['retry-after'], '60');
      assert.equal(refused.headers['ratelimit-remaining'], '0');
      assert.equal(refused.headers['cache-control'], 'no-store');
      assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(JSON.parse(refused.body.toString()).code, 'rate_limited');
    } finally {
      await app.server.close();
    }
  });

  test('an Accept without JSON on a precomputed URL gets the policy 406, counted once', async () => {
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

  test('behind trusted proxies the client address is Fastify\'s to work out: each forwarded client has its own quota', async () => {
    const app = await listenTestApp({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const first = await raw(app.url, '/api/v1/company', { 'x-forwarded-for': '203.0.113.7' });
      const second = await raw(app.url, '/api/v1/company', { 'x-forwarded-for': '203.0.113.8' });
      assert.equal(first.headers['ratelimit-remaining'], '599');
      assert.equal(second.headers['ratelimit-remaining'], '599');
      assert.equal(first.headers.etag, second.headers.etag);
    } finally {
      await app.server.close();
    }
  });
});

describe('precomputed answers follow the Catalog in force', () => {
  test('warmCatalog builds the answers of a new Catalog, and the swap serves them', async () => {
    const app = await listenTestApp();
    try {
      const before = await raw(app.url, '/api/v1/products');
      const next = await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL);
      await app.warmCatalog(next);
      assert.ok(app.answers.get(next));
      // Warmed but not yet swapped in: the old answers are still served.
      assert.ok((await raw(app.url, '/api/v1/products')).body.equals(before.body));
      app.store.replace(next);
      const after = await raw(app.url, '/api/v1/products');
      const uncached = await app.server.inject('/api/v1/products');
      assert.equal(after.status, 200);
      assert.ok(after.body.equals(uncached.rawPayload));
      assert.notEqual(after.headers.etag, before.headers.etag);
      assert.equal((await raw(app.url, '/api/v1/products/pao-de-queijo')).status, 200);
      // Only in the demo content: no longer precomputed, so the route answers its 404.
      assert.equal((await raw(app.url, '/api/v1/products/guardiao')).status, 404);
    } finally {
      await app.server.close();
    }
  });
});

describe('the precompute budget', () => {
  test('takes every static route first, then one of each parametric route in turn, up to the cap', async () => {
    const catalog = await testCatalog();
    const routes = ['/api/v1', '/api/v1/posts', '/api/v1/posts/:slug', '/blog/:slug', '/api/v1/health'];
    const urls = precomputeUrls(catalog, routes, 6);
    const [newest, second] = catalog.posts;
    assert.deepEqual(urls, [
      '/api/v1',
      '/api/v1/posts',
      `/api/v1/posts/${newest?.slug}`,
      `/blog/${newest?.slug}`,
      `/api/v1/posts/${second?.slug}`,
      `/blog/${second?.slug}`,
    ]);
    assert.equal(precomputeUrls(catalog, routes).length, 2 + 2 * catalog.posts.length, 'under the cap, everything but health');
  });
});

describe('answers learned at run time', () => {
  test('a filtered list or a search is kept after its first answer: the next request for the URL gets the same bytes and headers, counted', async () => {
    const app = await listenTestApp({ limiter: roomy() });
    try {
      const catalog = app.store.catalog;
      for (const url of ['/api/v1/posts?locale=en&limit=2', '/api/v1/search?q=nuvem', '/api/v1/products?tag=Kubernetes']) {
        assert.equal(app.answers.lookup(catalog, url), undefined, url);
        const first = await raw(app.url, url);
        assert.equal(first.status, 200, url);
        const kept = app.answers.lookup(catalog, url)?.html;
        assert.ok(kept, `${url} is kept`);
        assert.ok(kept.body.equals(first.body), url);
        const second = await raw(app.url, url);
        assert.ok(second.body.equals(first.body), url);
        assert.deepEqual(stable(second.headers), withAcceptEncoding(stable(first.headers)), url);
        assert.equal(Number(second.headers['ratelimit-remaining']), Number(first.headers['ratelimit-remaining']) - 1, `${url}: counted`);
        const gzip = await raw(app.url, url, { 'accept-encoding': 'gzip' });
        assert.ok(gunzipSync(gzip.body).equals(first.body), `${url}: compressed from the kept answer`);
        const revalidated = await raw(app.url, url, { 'if-none-match': first.headers.etag! });
        assert.equal(revalidated.status, 304, url);
      }
    } finally {
      await app.server.close();
    }
  });

  test('errors, the health record and answers of another Catalog are not kept', async () => {
    const app = await listenTestApp({ limiter: roomy() });
    try {
      const catalog = app.store.catalog;
      assert.equal((await raw(app.url, '/api/v1/posts?limit=1000')).status, 400);
      assert.equal(app.answers.lookup(catalog, '/api/v1/posts?limit=1000'), undefined);
      assert.equal((await raw(app.url, '/api/v1/health')).status, 200);
      assert.equal(app.answers.lookup(catalog, '/api/v1/health'), undefined);
      await raw(app.url, '/api/v1/posts?limit=3');
      const next = await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL);
      assert.equal(app.answers.lookup(next, '/api/v1/posts?limit=3'), undefined, 'each Catalog learns its own');
    } finally {
      await app.server.close();
    }
  });

  test('at most LEARNED_ANSWERS per Catalog are kept, the least recently used dropped first', async () => {
    const catalog = await testCatalog();
    const answers = new PrecomputedAnswers({ routes: [], renderer: () => Promise.reject(new Error('not used')) });
    const learn = (url: string) =>
      answers.learn(catalog, url, { statusCode: 200, headers: { 'content-type': 'application/json', 'cache-control': CACHE_POLICY, etag: '"e"' }, body: Buffer.from('{}') });
    learn('/api/v1/posts?offset=0');
    for (let i = 1; i <= LEARNED_ANSWERS; i += 1) {
      learn(`/api/v1/posts?offset=${i}`);
      // Kept in use: never the least recently used.
      assert.ok(answers.lookup(catalog, '/api/v1/posts?offset=0'));
    }
    assert.ok(answers.lookup(catalog, '/api/v1/posts?offset=0'));
    assert.equal(answers.lookup(catalog, '/api/v1/posts?offset=1'), undefined, 'the least recently used went first');
    assert.ok(answers.lookup(catalog, `/api/v1/posts?offset=${LEARNED_ANSWERS}`));
    learn('/md/blog.md?x=1');
    assert.equal(answers.lookup(catalog, '/md/blog.md?x=1'), undefined, 'only /api/v1 answers are learned');
  });
});
