import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import type { Catalog } from '../../src/content/types.js';
import type { SearchHit } from '../../src/search/index.js';
import { searchIndexFor } from '../../src/search/index.js';
import { BASE_URL, buildTestApp } from '../helper.js';
import type { SearchFixture } from './fixture.js';
import { searchFixture, XILOFONE_POSTS } from './fixture.js';

let fixture: SearchFixture;
let catalog: Catalog;
let server: Service;

before(async () => {
  fixture = await searchFixture();
  catalog = fixture.catalog;
  ({ server } = await buildTestApp({ catalog }));
});
after(async () => {
  await server.close();
  await fixture.remove();
});

interface Body {
  readonly query: string;
  readonly items: (SearchHit & { published_at?: string; updated_at: string })[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly next: string | null;
  readonly prev: string | null;
}

async function search(query: string) {
  const response = await server.inject({ method: 'GET', url: `/api/v1/search?${query}` });
  return { response, body: response.json() as Body };
}

describe('GET /api/v1/search', () => {
  test('answers { query, items, total, limit, offset, suggestions, next, prev } with the JSON and cache headers of every content response', async () => {
    const { response, body } = await search('q=automacao');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=86400');
    assert.equal(response.headers['x-api-version'], '1.0.0');
    assert.match(String(response.headers.etag), /^"[^"]+"$/);
    assert.deepEqual(Object.keys(body), ['query', 'items', 'total', 'limit', 'offset', 'suggestions', 'next', 'prev']);
    assert.equal(body.query, 'automacao');
    assert.equal(body.limit, 10);
    assert.ok(body.total > 0 && body.items.length === Math.min(10, body.total));
  });

  test('answers exactly what the search module answers, each hit with the dates of its record', async () => {
    for (const [query, options] of [
      ['q=Automa%C3%A7%C3%A3o', { limit: 10 }],
      ['q=kubernetes&kind=post&locale=en&limit=3', { limit: 3, kind: 'post' as const, locale: 'en' }],
      ['q=quok', { limit: 10 }],
      ['q=kubernetes&published_since=2025-01-01&sort=-published_at', { limit: 10, publishedSince: Date.parse('2025-01-01T00:00:00Z'), sort: '-published_at' as const }],
    ] as const) {
      const { body } = await search(query);
      const q = new URLSearchParams(query).get('q')!;
      const { next, prev, items, ...result } = body;
      assert.ok(next === null || typeof next === 'string');
      assert.equal(prev, null);
      const { items: expected, ...expectedResult } = JSON.parse(JSON.stringify(searchIndexFor(catalog).search(q, options))) as Body;
      assert.deepEqual(result, expectedResult);
      assert.deepEqual(
        items.map(({ published_at: _published, updated_at: _updated, ...hit }) => hit),
        expected,
      );
      for (const hit of items) {
        const post = hit.kind === 'post' ? catalog.postsBySlug.get(hit.slug)! : undefined;
        assert.equal(hit.published_at, post?.published_at, `${hit.slug}: published_at`);
        const record = post ?? catalog.productsBySlug.get(hit.slug) ?? catalog.pagesByLocale.get(hit.locale ?? '')?.bySlug.get(hit.slug);
        assert.equal(hit.updated_at, record?.updated_at ?? post?.published_at ?? catalog.loaded_at, `${hit.slug}: updated_at`);
      }
    }
  });

  test('is accent- and case-insensitive both ways', async () => {
    assert.ok((await search('q=A%C3%87%C3%83O')).body.items.some((hit) => hit.slug === 'texto-sem-acentos'));
    const accented = (await search('q=AUTOMA%C3%87%C3%83O')).body;
    const plain = (await search('q=automacao')).body;
    assert.deepEqual(accented.items, plain.items);
  });

  test('ranks a title match above a body match', async () => {
    const { body } = await search('q=quokka');
    assert.deepEqual(
      body.items.map((hit) => hit.slug),
      ['quokka-no-titulo', 'quokka-no-corpo'],
    );
    assert.ok(body.items[0]!.score > body.items[1]!.score);
  });

  test('every hit links to a record of the Catalog: absolute URLs under BASE_URL, of the form of its kind', async () => {
    let hits = 0;
    for (const q of ['aroeira', 'cloud', 'dados', 'privacy', 'agent', 'kub', 'xilofone']) {
      for (const hit of (await search(`q=${q}&limit=100`)).body.items) {
        // Pages of another locale than the default live under it (/pt-BR/about).
        const prefix = hit.kind === 'page' && hit.locale !== catalog.site.default_locale ? `/${hit.locale}` : '';
        const records = hit.kind === 'product' ? catalog.productsBySlug : hit.kind === 'post' ? catalog.postsBySlug : catalog.pagesByLocale.get(hit.locale!)!.bySlug;
        assert.ok(records.has(hit.slug), `${hit.kind} ${hit.slug}`);
        const route = hit.kind === 'product' ? `/products/${hit.slug}` : hit.kind === 'post' ? `/blog/${hit.slug}` : hit.slug === 'index' ? prefix || '/' : `${prefix}/${hit.slug}`;
        const mirror = hit.kind === 'product' ? `/md/products/${hit.slug}.md` : hit.kind === 'post' ? `/md/blog/${hit.slug}.md` : `/md${prefix}/${hit.slug}.md`;
        assert.equal(hit.url, `${BASE_URL}${route}`);
        assert.equal(hit.markdown_url, `${BASE_URL}${mirror}`);
        assert.equal(hit.locale, (records.get(hit.slug) as { locale: string }).locale);
        hits += 1;
      }
    }
    assert.ok(hits > 50);
  });

  test('limit defaults to 10 and takes 1 to 100; total counts every hit', async () => {
    for (const [query, limit] of [
      ['q=xilofone', 10],
      ['q=xilofone&limit=1', 1],
      ['q=xilofone&limit=100', 100],
    ] as const) {
      const { response, body } = await search(query);
      assert.equal(response.statusCode, 200);
      assert.equal(body.limit, limit);
      assert.equal(body.total, XILOFONE_POSTS);
      assert.equal(body.items.length, Math.min(limit, XILOFONE_POSTS));
    }
  });

  test('kind and locale narrow the hits', async () => {
    const posts = (await search('q=cloud&kind=post&limit=100')).body;
    assert.ok(posts.total > 0 && posts.items.every((hit) => hit.kind === 'post'));
    const pages = (await search('q=cloud&kind=page&limit=100')).body;
    assert.ok(pages.total > 0 && pages.items.every((hit) => hit.kind === 'page'));
    const portuguese = (await search('q=cloud&locale=pt-BR&limit=100')).body;
    assert.ok(portuguese.total > 0 && portuguese.items.every((hit) => hit.kind !== 'product' && hit.locale === 'pt-BR'));
  });

  test('q of 200 characters is accepted, counted in characters, not bytes', async () => {
    const { response, body } = await search(`q=${encodeURIComponent('ç'.repeat(200))}`);
    assert.equal(response.statusCode, 200);
    assert.equal(body.total, 0);
  });

  test('a q with no word (only punctuation) finds nothing', async () => {
    const { response, body } = await search('q=%3F%21');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(body, { query: '?!', items: [], total: 0, limit: 10, offset: 0, suggestions: [], next: null, prev: null });
  });
});

describe('GET /api/v1/search answers 400 with a problem naming the parameter', () => {
  const TEXT = 'text of 1 to 200 characters';
  const LIMIT = 'a whole number from 1 to 100 (default 10)';
  const KINDS = ['product', 'page', 'post'];
  const LOCALES = ['en', 'pt-BR'];
  const INSTANT = 'an RFC 3339 date-time such as 2026-03-14T12:00:00Z (an offset such as -03:00, or a date alone such as 2026-03-14 for its midnight UTC)';
  const SORTS = ['relevance', 'published_at', '-published_at'];
  const cases: [query: string, code: string, parameter: string, detail: string, hint: string, accepted: string | string[]][] = [
    ['', 'missing_parameter', 'q', '/api/v1/search requires the parameter "q".', 'q=Aroeira', TEXT],
    ['limit=5', 'missing_parameter', 'q', '/api/v1/search requires the parameter "q".', 'q=Aroeira', TEXT],
    ['q=', 'invalid_parameter', 'q', 'The parameter "q" is empty.', 'q=Aroeira', TEXT],
    ['q=%20%20%20', 'invalid_parameter', 'q', 'The parameter "q" is blank.', 'q=Aroeira', TEXT],
    [`q=${'a'.repeat(201)}`, 'invalid_parameter', 'q', 'The parameter "q" must be 1 to 200 characters long; it has 201.', 'q=Aroeira', TEXT],
    [`q=${encodeURIComponent('ç'.repeat(201))}`, 'invalid_parameter', 'q', 'The parameter "q" must be 1 to 200 characters long; it has 201.', 'q=Aroeira', TEXT],
    ['q=cloud&q=kubernetes', 'invalid_parameter', 'q', 'The parameter "q" is given 2 times; give it once.', 'q=Aroeira', TEXT],
    ['q=cloud&limit=0', 'invalid_parameter', 'limit', `The parameter "limit" must be ${LIMIT}; got "0".`, 'q=Aroeira&limit=10', LIMIT],
    ['q=cloud&limit=101', 'invalid_parameter', 'limit', `The parameter "limit" must be ${LIMIT}; got "101".`, 'q=Aroeira&limit=10', LIMIT],
    ['q=cloud&limit=-1', 'invalid_parameter', 'limit', `The parameter "limit" must be ${LIMIT}; got "-1".`, 'q=Aroeira&limit=10', LIMIT],
    ['q=cloud&limit=1.5', 'invalid_parameter', 'limit', `The parameter "limit" must be ${LIMIT}; got "1.5".`, 'q=Aroeira&limit=10', LIMIT],
    ['q=cloud&limit=ten', 'invalid_parameter', 'limit', `The parameter "limit" must be ${LIMIT}; got "ten".`, 'q=Aroeira&limit=10', LIMIT],
    ['q=cloud&limit=', 'invalid_parameter', 'limit', 'The parameter "limit" is empty.', 'q=Aroeira&limit=10', LIMIT],
    ['q=cloud&limit=5&limit=6', 'invalid_parameter', 'limit', 'The parameter "limit" is given 2 times; give it once.', 'q=Aroeira&limit=10', LIMIT],
    ['q=cloud&kind=video', 'invalid_parameter', 'kind', 'The parameter "kind" must be one of "product", "page", "post"; got "video".', 'q=Aroeira&kind=post', KINDS],
    ['q=cloud&kind=posts', 'invalid_parameter', 'kind', 'The parameter "kind" must be one of "product", "page", "post"; got "posts"; did you mean post?', 'q=Aroeira&kind=post', KINDS],
    ['q=cloud&kind=', 'invalid_parameter', 'kind', 'The parameter "kind" is empty.', 'q=Aroeira&kind=post', KINDS],
    ['q=cloud&locale=pt', 'invalid_parameter', 'locale', 'The parameter "locale" must be one of "en", "pt-BR"; got "pt".', 'q=Aroeira&locale=en', LOCALES],
    ['q=cloud&published_since=yesterday', 'invalid_parameter', 'published_since', `The parameter "published_since" must be ${INSTANT}; got "yesterday".`, 'q=Aroeira&published_since=2026-01-01', INSTANT],
    ['q=cloud&published_before=2026-02-30', 'invalid_parameter', 'published_before', `The parameter "published_before" must be ${INSTANT}; got "2026-02-30".`, 'q=Aroeira&published_before=2026-02-01T00%3A00%3A00Z', INSTANT],
    ['q=cloud&sort=newest', 'invalid_parameter', 'sort', 'The parameter "sort" must be one of "relevance", "published_at", "-published_at"; got "newest".', 'q=Aroeira&sort=-published_at', SORTS],
    ['q=cloud&locale=', 'invalid_parameter', 'locale', 'The parameter "locale" is empty.', 'q=Aroeira&locale=en', LOCALES],
  ];
  for (const [query, code, parameter, detail, hint, accepted] of cases) {
    test(`GET /api/v1/search?${query.length > 60 ? `${query.slice(0, 60)}…` : query}: ${code} on "${parameter}"`, async () => {
      const response = await server.inject({ method: 'GET', url: `/api/v1/search?${query}` });
      assert.equal(response.statusCode, 400);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.deepEqual(response.json(), {
        type: `${BASE_URL}/developers#${code}`,
        title: 'Bad Request',
        status: 400,
        code,
        detail,
        hint: `Call GET /api/v1/search?${hint}.`,
        instance: '/api/v1/search',
        parameter,
        accepted,
      });
    });
  }

  test('an unknown parameter is named, with the parameters search takes', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/v1/search?q=cloud&type=post' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      type: `${BASE_URL}/developers#invalid_parameter`,
      title: 'Bad Request',
      status: 400,
      code: 'invalid_parameter',
      detail: '/api/v1/search has no parameter "type".',
      hint: 'Call GET /api/v1/search with only "q", "kind", "locale", "published_since", "published_before", "sort", "limit", "offset".',
      instance: '/api/v1/search',
      parameter: 'type',
      accepted: ['q', 'kind', 'locale', 'published_since', 'published_before', 'sort', 'limit', 'offset'],
    });
  });
});
