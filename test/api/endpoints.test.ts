import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, useTestApp } from '../helper.js';

let server: Service;
let catalog: Catalog;
useTestApp((app) => ({ server, catalog } = app));

async function get(url: string) {
  const response = await server.inject({ method: 'GET', url });
  return { response, body: response.json() as Record<string, unknown> & { items: Record<string, unknown>[] } };
}

describe('GET /api/v1', () => {
  test('answers the resource map, the OpenAPI URL and the MCP URL', async () => {
    const { response, body } = await get('/api/v1');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(body.resources, {
      company: `${BASE_URL}/api/v1/company`,
      products: `${BASE_URL}/api/v1/products`,
      posts: `${BASE_URL}/api/v1/posts`,
      pages: `${BASE_URL}/api/v1/pages`,
      search: `${BASE_URL}/api/v1/search`,
      health: `${BASE_URL}/api/v1/health`,
    });
    assert.equal(body.openapi_url, `${BASE_URL}/openapi.json`);
    assert.equal(body.mcp_url, `${BASE_URL}/mcp`);
    assert.equal(body.documentation_url, `${BASE_URL}/developers`);
    assert.equal(body.version, '1.0.0');
    assert.equal(typeof body.name, 'string');
  });

  test('also answers with a trailing slash', async () => {
    const { response } = await get('/api/v1/');
    assert.equal(response.statusCode, 200);
  });
});

describe('health', () => {
  for (const url of ['/api/v1/health', '/healthz']) {
    test(`GET ${url} reports status, version and the count of published documents`, async () => {
      const { response, body } = await get(url);
      assert.equal(response.statusCode, 200);
      assert.equal(body.status, 'ok');
      assert.equal(body.version, '1.0.0');
      assert.equal(body.documents, catalog.products.length + catalog.posts.length + catalog.pages.length);
      assert.equal(body.content_version, catalog.version);
    });
  }
});

describe('GET /api/v1/company', () => {
  test('answers the registered identity with a valid CNPJ, address, contact and profiles', async () => {
    const { response, body } = await get('/api/v1/company');
    assert.equal(response.statusCode, 200);
    assert.equal(body.legal_name, catalog.company.legal_name);
    assert.equal(body.trade_name, catalog.company.trade_name);
    assert.match(String(body.cnpj), /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    assert.deepEqual(body.address, catalog.company.address);
    assert.ok(Object.keys(body.contact as object).includes('email'));
    assert.equal(body.url, `${BASE_URL}/about`);
    assert.equal(body.markdown_url, `${BASE_URL}/md/company.md`);
    assert.equal(body.markdown, catalog.company.markdown);
  });
});

describe('GET /api/v1/products', () => {
  test('lists every product without markdown bodies, in the collection envelope', async () => {
    const { response, body } = await get('/api/v1/products');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(Object.keys(body), ['items', 'total', 'limit', 'offset', 'next', 'prev']);
    assert.equal(body.total, 4);
    assert.equal(body.limit, 100);
    assert.equal(body.offset, 0);
    assert.equal(body.next, null);
    assert.equal(body.prev, null);
    assert.equal(response.headers.link, undefined);
    assert.deepEqual(
      body.items.map((p) => p.slug),
      catalog.products.map((p) => p.slug),
    );
    for (const item of body.items) {
      assert.equal(item.markdown, undefined);
      assert.equal(item.text, undefined, 'internal fields stay internal');
      assert.equal(item.url, `${BASE_URL}/products/${item.slug}`);
      assert.equal(item.markdown_url, `${BASE_URL}/md/products/${item.slug}.md`);
      for (const key of ['slug', 'name', 'summary', 'status', 'tags', 'links']) assert.ok(key in item, key);
    }
  });

  test('filters by status', async () => {
    for (const status of ['live', 'coming-soon']) {
      const { body } = await get(`/api/v1/products?status=${status}`);
      const expected = catalog.products.filter((p) => p.status === status).map((p) => p.slug);
      assert.ok(expected.length > 0);
      assert.deepEqual(body.items.map((p) => p.slug), expected);
      assert.equal(body.total, expected.length);
    }
  });

  test('filters by tag, accented values included', async () => {
    for (const tag of catalog.site.product_tags) {
      const { response, body } = await get(`/api/v1/products?tag=${encodeURIComponent(tag)}`);
      assert.equal(response.statusCode, 200, tag);
      const expected = catalog.products.filter((p) => p.tags.includes(tag)).map((p) => p.slug);
      assert.deepEqual(body.items.map((p) => p.slug), expected, tag);
    }
  });

  test('pages with limit and offset, keeping the filters in next, prev and Link', async () => {
    const { response, body } = await get('/api/v1/products?status=live&limit=1&offset=1');
    const live = catalog.products.filter((p) => p.status === 'live');
    assert.deepEqual(body.items.map((p) => p.slug), [live[1]?.slug]);
    assert.equal(body.total, live.length);
    assert.equal(body.next, `${BASE_URL}/api/v1/products?status=live&limit=1&offset=2`);
    assert.equal(body.prev, `${BASE_URL}/api/v1/products?status=live&limit=1&offset=0`);
    assert.equal(response.headers.link, `<${body.next}>; rel="next", <${body.prev}>; rel="prev"`);
  });
});

describe('GET /api/v1/products/{slug}', () => {
  test('answers one product with its markdown body', async () => {
    for (const product of catalog.products) {
      const { response, body } = await get(`/api/v1/products/${product.slug}`);
      assert.equal(response.statusCode, 200);
      assert.equal(body.slug, product.slug);
      assert.equal(body.markdown, product.markdown);
      assert.ok(!String(body.markdown).startsWith('---'), 'front matter removed');
    }
  });
});

describe('GET /api/v1/posts', () => {
  test('lists 20 posts newest first by default, without bodies', async () => {
    const { response, body } = await get('/api/v1/posts');
    assert.equal(response.statusCode, 200);
    assert.equal(body.limit, 20);
    assert.equal(body.total, catalog.posts.length);
    assert.equal(body.items.length, 20);
    const dates = body.items.map((p) => String(p.published_at));
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(body.next, `${BASE_URL}/api/v1/posts?limit=20&offset=20`);
    assert.equal(body.prev, null);
    for (const item of body.items) {
      assert.equal(item.markdown, undefined);
      assert.match(String(item.published_at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.equal(item.url, `${BASE_URL}/blog/${item.slug}`);
      assert.equal(item.markdown_url, `${BASE_URL}/md/blog/${item.slug}.md`);
    }
  });

  test('filters by category and by locale, together', async () => {
    for (const locale of catalog.site.locales) {
      for (const category of catalog.site.post_categories[locale] ?? []) {
        const url = `/api/v1/posts?category=${encodeURIComponent(category)}&locale=${locale}&limit=100`;
        const { body } = await get(url);
        const expected = catalog.posts.filter((p) => p.category === category && p.locale === locale).map((p) => p.slug);
        assert.ok(expected.length > 0, `${locale}/${category} has posts`);
        assert.deepEqual(body.items.map((p) => p.slug), expected);
      }
    }
  });

  test('an allowed category of another locale gives an empty page, not an error', async () => {
    const { response, body } = await get('/api/v1/posts?category=Automation&locale=pt-BR');
    assert.equal(response.statusCode, 200);
    assert.equal(body.total, 0);
    assert.deepEqual(body.items, []);
  });

  test('walks every page through next until the last', async () => {
    const seen: string[] = [];
    let url: string | null = '/api/v1/posts?locale=en&limit=7';
    while (url) {
      const { body }: { body: Record<string, unknown> & { items: Record<string, unknown>[] } } = await get(url);
      seen.push(...body.items.map((p) => String(p.slug)));
      url = body.next === null ? null : String(body.next).replace(BASE_URL, '');
    }
    assert.deepEqual(seen, catalog.posts.filter((p) => p.locale === 'en').map((p) => p.slug));
  });

  test('an offset past the end answers no items and a prev link to the last page', async () => {
    const { body } = await get('/api/v1/posts?limit=10&offset=1000');
    assert.deepEqual(body.items, []);
    assert.equal(body.next, null);
    const lastStart = Math.floor((catalog.posts.length - 1) / 10) * 10;
    assert.equal(body.prev, `${BASE_URL}/api/v1/posts?limit=10&offset=${lastStart}`);
  });
});

describe('GET /api/v1/posts/{slug}', () => {
  test('answers one article with metadata, translations and the full markdown body', async () => {
    const post = catalog.posts.find((p) => p.translations.length > 0);
    assert.ok(post);
    const { response, body } = await get(`/api/v1/posts/${post.slug}`);
    assert.equal(response.statusCode, 200);
    assert.equal(body.title, post.title);
    assert.equal(body.category, post.category);
    assert.equal(body.locale, post.locale);
    assert.equal(body.published_at, post.published_at);
    assert.equal(body.markdown, post.markdown);
    assert.deepEqual(body.translations, post.translations);
  });
});

describe('pages', () => {
  test('GET /api/v1/pages lists the ten pages, most recently updated first, without bodies', async () => {
    const { body } = await get('/api/v1/pages');
    assert.equal(body.total, 10);
    assert.deepEqual(new Set(body.items.map((p) => p.slug)), new Set(catalog.site.page_slugs));
    const updated = body.items.map((p) => String(p.updated_at));
    assert.deepEqual(updated, [...updated].sort().reverse());
    for (const item of body.items) assert.equal(item.markdown, undefined);
    assert.equal(body.items.find((p) => p.slug === 'index')?.url, `${BASE_URL}/`);
    assert.equal(body.items.find((p) => p.slug === 'about')?.url, `${BASE_URL}/about`);
  });

  test('GET /api/v1/pages/{slug} answers each page as markdown', async () => {
    for (const slug of catalog.site.page_slugs) {
      const { response, body } = await get(`/api/v1/pages/${slug}`);
      assert.equal(response.statusCode, 200, slug);
      assert.equal(body.markdown, catalog.pagesBySlug.get(slug)?.markdown);
      assert.equal(body.markdown_url, `${BASE_URL}/md/${slug}.md`);
    }
  });

  test('locale chooses the language of the pages, default the site\'s, and a bad one is a 400 naming it', async () => {
    const { body: english } = await get('/api/v1/pages/about');
    const { body: same } = await get('/api/v1/pages/about?locale=en');
    assert.deepEqual(same, english, 'locale=en is the answer without it');
    assert.equal(english.locale, 'en');
    const { response, body } = await get('/api/v1/pages/about?locale=pt-BR');
    assert.equal(response.statusCode, 200);
    assert.equal(body.locale, 'pt-BR');
    assert.equal(body.url, `${BASE_URL}/pt-BR/about`);
    assert.equal(body.markdown_url, `${BASE_URL}/md/pt-BR/about.md`);
    assert.deepEqual((body.translations as { locale: string }[]).map((t) => t.locale), ['en']);
    assert.deepEqual((english.translations as { url: string }[]).map((t) => t.url), [`${BASE_URL}/pt-BR/about`]);
    const { body: list } = await get('/api/v1/pages?locale=pt-BR&limit=100');
    assert.equal(list.total, catalog.pagesByLocale.get('pt-BR')!.pages.length);
    assert.ok((list.items as { locale: string }[]).every((p) => p.locale === 'pt-BR'));
    for (const bad of ['/api/v1/pages?locale=fr', '/api/v1/pages/about?locale=', '/api/v1/pages/about?locale=en,pt-BR']) {
      const { response: refused, body: problem } = await get(bad);
      assert.equal(refused.statusCode, 400, bad);
      assert.equal(problem.parameter, 'locale', bad);
      assert.deepEqual(problem.accepted, catalog.site.locales, bad);
    }
  });

  test('limit and offset page the pages', async () => {
    const { body } = await get('/api/v1/pages?limit=3&offset=3');
    assert.equal(body.items.length, 3);
    assert.equal(body.next, `${BASE_URL}/api/v1/pages?limit=3&offset=6`);
    assert.equal(body.prev, `${BASE_URL}/api/v1/pages?limit=3&offset=0`);
  });
});

describe('several values per filter', () => {
  test('category=A,B and status=a,b mean any of them; the links keep them', async () => {
    const { buildTestApp } = await import('../helper.js');
    const app = await buildTestApp();
    try {
      const posts = (await app.server.inject('/api/v1/posts?category=Automation,Automa%C3%A7%C3%A3o&limit=1')).json() as {
        items: { category: string }[];
        total: number;
        next: string;
      };
      const { catalog } = app.store;
      assert.equal(posts.total, catalog.posts.filter((p) => p.category === 'Automation' || p.category === 'Automação').length);
      assert.ok(posts.total > 1);
      const next = (await app.server.inject(posts.next.replace('http://vitrine.test', ''))).json() as { total: number };
      assert.equal(next.total, posts.total, 'the next link keeps both values');
      const products = (await app.server.inject('/api/v1/products?status=live,coming-soon')).json() as { total: number };
      assert.equal(products.total, catalog.products.length);
      const refused = await app.server.inject('/api/v1/products?tag=Kubernetes,Blockchain');
      assert.equal(refused.statusCode, 400);
      assert.equal((refused.json() as { parameter: string }).parameter, 'tag');
    } finally {
      await app.server.close();
    }
  });
});

describe('sync and order', () => {
  test('updated_at on every item; updated_since and sort on every list; a bad value names the parameter and what it accepts', async () => {
    const { buildTestApp } = await import('../helper.js');
    const app = await buildTestApp();
    try {
      for (const list of ['/api/v1/products', '/api/v1/posts', '/api/v1/pages']) {
        const body = (await app.server.inject(list)).json() as { items: { updated_at: string }[] };
        assert.ok(body.items.every((item) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(item.updated_at)), list);
      }
      const since = (await app.server.inject('/api/v1/posts?updated_since=2026-01-01T00:00:00Z&sort=-updated_at&limit=100')).json() as { items: { updated_at: string }[] };
      assert.ok(since.items.length > 0);
      assert.ok(since.items.every((item) => item.updated_at >= '2026-01-01T00:00:00Z'));
      assert.deepEqual(since.items.map((item) => item.updated_at), since.items.map((item) => item.updated_at).sort().reverse());
      const names = ((await app.server.inject('/api/v1/products?sort=-name')).json() as { items: { name: string }[] }).items.map((item) => item.name);
      assert.deepEqual(names, [...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
      const badSort = await app.server.inject('/api/v1/pages?sort=published_at');
      assert.equal(badSort.statusCode, 400);
      assert.deepEqual((badSort.json() as { parameter: string; accepted: string[] }).accepted, ['title', '-title', 'updated_at', '-updated_at']);
      const badSince = await app.server.inject('/api/v1/products?updated_since=last-week');
      assert.equal(badSince.statusCode, 400);
      assert.equal((badSince.json() as { parameter: string }).parameter, 'updated_since');
      // A parameter named __proto__ is a parameter like any other.
      assert.equal((await app.server.inject('/api/v1/posts?__proto__=1')).statusCode, 400);
    } finally {
      await app.server.close();
    }
  });
});
