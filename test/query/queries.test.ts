import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { Catalog } from '../../src/content/types.js';
import { QueryError } from '../../src/query/errors.js';
import {
  findPage,
  findPost,
  findProduct,
  listPages,
  listPosts,
  listProducts,
  postsMatching,
  productsMatching,
  searchContent,
} from '../../src/query/queries.js';
import { BASE_URL, FIXTURES, testCatalog } from '../helper.js';

let catalog: Catalog;
before(async () => {
  catalog = await testCatalog();
});

describe('filters', () => {
  test('products match every filter given, in the content order', () => {
    assert.equal(productsMatching(catalog, {}), catalog.products);
    const live = productsMatching(catalog, { status: ['live'] });
    assert.ok(live.length > 0 && live.every((p) => p.status === 'live'));
    const tagged = productsMatching(catalog, { status: ['live'], tag: ['Kubernetes'] });
    assert.deepEqual(
      tagged.map((p) => p.slug),
      catalog.products.filter((p) => p.status === 'live' && p.tags.includes('Kubernetes')).map((p) => p.slug),
    );
    assert.deepEqual(productsMatching(catalog, { tag: ['no such tag'] }), []);
    // Several values of one filter: any of them.
    assert.deepEqual(
      productsMatching(catalog, { status: ['live', 'coming-soon'] }).map((p) => p.slug),
      catalog.products.map((p) => p.slug),
    );
  });

  test('posts match category and locale together, newest first', () => {
    const en = postsMatching(catalog, { locale: ['en'] });
    assert.ok(en.length > 0 && en.every((p) => p.locale === 'en'));
    const dates = en.map((p) => p.published_at);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.deepEqual(postsMatching(catalog, { locale: ['en'], category: ['Automação'] }), [], 'a pt-BR category has no English post');
    const either = postsMatching(catalog, { category: ['Automation', 'Automação'] });
    assert.ok(either.some((p) => p.locale === 'en') && either.some((p) => p.locale === 'pt-BR'));
    assert.ok(either.every((p) => p.category === 'Automation' || p.category === 'Automação'));
  });
});

describe('lists', () => {
  test('a page of posts counts every match and links its neighbours with the filters kept', () => {
    const page = listPosts(catalog, { category: undefined, locale: ['en'], tag: undefined, published_since: undefined, published_before: undefined, updated_since: undefined, sort: undefined, limit: 2, offset: 2 });
    const total = postsMatching(catalog, { locale: ['en'] }).length;
    assert.equal(page.total, total);
    assert.equal(page.items.length, 2);
    assert.equal(page.next, `${BASE_URL}/api/v1/posts?locale=en&limit=2&offset=4`);
    assert.equal(page.prev, `${BASE_URL}/api/v1/posts?locale=en&limit=2&offset=0`);
    assert.ok(!('markdown' in page.items[0]!), 'list items have no body');
  });

  test('past the end: no items, no next, and prev leads back to the last page that has items', () => {
    const total = catalog.posts.length;
    const page = listPosts(catalog, { category: undefined, locale: undefined, tag: undefined, published_since: undefined, published_before: undefined, updated_since: undefined, sort: undefined, limit: 10, offset: total + 50 });
    assert.deepEqual(page.items, []);
    assert.equal(page.next, null);
    assert.equal(page.prev, `${BASE_URL}/api/v1/posts?limit=10&offset=${Math.floor((total - 1) / 10) * 10}`);
  });

  test('products and pages page the same way', () => {
    assert.equal(listProducts(catalog, { status: undefined, tag: undefined, locale: undefined, updated_since: undefined, sort: undefined, limit: 1, offset: 0 }).next, `${BASE_URL}/api/v1/products?limit=1&offset=1`);
    const pages = listPages(catalog, { locale: undefined, updated_since: undefined, sort: undefined, limit: 100, offset: 0 });
    assert.equal(pages.total, catalog.pages.length);
    assert.equal(pages.prev, null);
  });
});

describe('sync and order', () => {
  const posts = (query: { updated_since?: number; sort?: { field: string; descending: boolean } }) =>
    listPosts(catalog, { category: undefined, locale: undefined, tag: undefined, published_since: undefined, published_before: undefined, updated_since: query.updated_since, sort: query.sort, limit: 100, offset: 0 });

  test('every item carries updated_at: an article without one its publication date', () => {
    const items = posts({}).items;
    for (const item of items) {
      const post = catalog.postsBySlug.get(item.slug)!;
      assert.equal(item.updated_at, post.updated_at ?? post.published_at);
    }
    for (const item of listProducts(catalog, { status: undefined, tag: undefined, locale: undefined, updated_since: undefined, sort: undefined, limit: 100, offset: 0 }).items) {
      assert.equal(item.updated_at, catalog.productsBySlug.get(item.slug)!.updated_at ?? catalog.loaded_at);
    }
  });

  test('updated_since keeps the items updated at or after the instant, and the links keep it', () => {
    const all = posts({}).items;
    const dates = all.map((item) => Date.parse(item.updated_at)).sort((a, b) => a - b);
    const middle = dates[Math.floor(dates.length / 2)]!;
    const recent = listPosts(catalog, { category: undefined, locale: undefined, tag: undefined, published_since: undefined, published_before: undefined, updated_since: middle, sort: undefined, limit: 2, offset: 0 });
    assert.equal(recent.total, dates.filter((date) => date >= middle).length);
    assert.match(String(recent.next), /updated_since=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A\d{2}Z/);
  });

  test('sort orders by a field, descending with -, text as the site\'s language sorts it; equal keys keep the list order', () => {
    const byTitle = posts({ sort: { field: 'title', descending: false } }).items.map((item) => item.title);
    const collator = new Intl.Collator(catalog.site.default_locale, { sensitivity: 'base', numeric: true });
    assert.deepEqual(byTitle, [...byTitle].sort(collator.compare));
    const oldest = posts({ sort: { field: 'published_at', descending: false } }).items.map((item) => item.published_at);
    assert.deepEqual(oldest, [...oldest].sort());
    const newestUpdate = posts({ sort: { field: 'updated_at', descending: true } }).items.map((item) => Date.parse(item.updated_at));
    assert.deepEqual(newestUpdate, [...newestUpdate].sort((a, b) => b - a));
  });
});

describe('selections kept for a content version', () => {
  test('every combination of filters and order is answered as if made afresh, whatever was asked before it', async () => {
    // A Catalog of its own: what other tests asked for is not kept for it.
    const fresh = await testCatalog(path.join(FIXTURES, 'bilingual'), BASE_URL);
    const query = (locale: string[] | undefined, field: string | undefined, descending: boolean, offset: number) => ({
      category: undefined,
      tag: undefined,
      locale,
      published_since: undefined,
      published_before: undefined,
      updated_since: undefined,
      sort: field === undefined ? undefined : { field, descending },
      limit: 1,
      offset,
    });
    const asked: [string[] | undefined, string | undefined, boolean][] = [];
    for (const locale of [undefined, ['en'], ['pt-BR'], ['en', 'pt-BR']]) for (const field of [undefined, 'title', 'published_at']) for (const descending of [false, true]) asked.push([locale, field, descending]);
    // The whole list of each combination, in one order and then in another, page by page.
    const pages = (at: readonly [string[] | undefined, string | undefined, boolean]) => {
      const first = listPosts(fresh, query(at[0], at[1], at[2], 0));
      return [first, ...Array.from({ length: first.total - 1 }, (_, i) => listPosts(fresh, query(at[0], at[1], at[2], i + 1)))].map((page) => page.items[0]?.slug);
    };
    const once = asked.map(pages);
    const again = [...asked].reverse().map(pages).reverse();
    assert.deepEqual(again, once);
    const all = listPosts(fresh, query(undefined, undefined, false, 0)).total;
    for (const [i, [locale, field, descending]] of asked.entries()) {
      const expected = fresh.posts.filter((p) => !locale || locale.includes(p.locale));
      if (field === 'title') expected.sort((a, b) => new Intl.Collator(fresh.site.default_locale, { sensitivity: 'base', numeric: true }).compare(a.title, b.title) * (descending ? -1 : 1));
      if (field === 'published_at') expected.sort((a, b) => (Date.parse(a.published_at) - Date.parse(b.published_at)) * (descending ? -1 : 1));
      assert.deepEqual(once[i], expected.map((p) => p.slug), JSON.stringify(asked[i]));
    }
    assert.ok(all > 1);
  });
});

describe('single records', () => {
  test('are found by slug', () => {
    assert.deepEqual(findProduct(catalog, catalog.products[0]!.slug), { record: catalog.products[0] });
    assert.equal(findPost(catalog, catalog.posts[0]!.slug), catalog.posts[0]);
    assert.equal(findPage(catalog, 'about').record.slug, 'about');
  });

  for (const [kind, find, slugs] of [
    ['product', findProduct, (c: Catalog) => c.products.map((p) => p.slug)],
    ['post', findPost, (c: Catalog) => c.posts.map((p) => p.slug)],
    ['page', findPage, (c: Catalog) => c.site.page_slugs],
  ] as const) {
    test(`an unknown ${kind} slug is not_found with every valid slug`, () => {
      assert.throws(
        () => find(catalog, 'nope'),
        (error: unknown) => {
          assert.ok(error instanceof QueryError);
          assert.equal(error.code, 'not_found');
          assert.equal(error.detail, `No ${kind} has the slug "nope".`);
          assert.deepEqual(error.details, { kind, validSlugs: slugs(catalog) });
          return true;
        },
      );
    });
  }

  test('a slug longer than any is cut in the detail', () => {
    assert.throws(() => findPost(catalog, 'a'.repeat(500)), (error: QueryError) => error.detail === `No post has the slug "${'a'.repeat(100)}…".`);
  });
});

describe('search', () => {
  test('narrows by kind and locale, and reports every match in total', () => {
    const all = searchContent(catalog, { q: 'cloud', kind: undefined, locale: undefined, published_since: undefined, published_before: undefined, sort: undefined, limit: 100, offset: 0 });
    assert.ok(all.total > 0);
    const posts = searchContent(catalog, { q: 'cloud', kind: 'post', locale: 'en', published_since: undefined, published_before: undefined, sort: undefined, limit: 100, offset: 0 });
    assert.ok(posts.items.every((hit) => hit.kind === 'post' && hit.locale === 'en'));
    assert.ok(posts.total <= all.total);
    assert.equal(searchContent(catalog, { q: 'cloud', kind: undefined, locale: undefined, published_since: undefined, published_before: undefined, sort: undefined, limit: 1, offset: 0 }).items.length, 1);
  });

  test('pages like a list: offset skips the best hits, next and prev keep the query and its filters', () => {
    const all = searchContent(catalog, { q: 'cloud', kind: undefined, locale: undefined, published_since: undefined, published_before: undefined, sort: undefined, limit: 100, offset: 0 });
    assert.ok(all.total > 3, String(all.total));
    const second = searchContent(catalog, { q: 'cloud', kind: undefined, locale: undefined, published_since: undefined, published_before: undefined, sort: undefined, limit: 2, offset: 2 });
    assert.deepEqual(second.items.map((hit) => hit.slug), all.items.slice(2, 4).map((hit) => hit.slug));
    assert.equal(second.total, all.total);
    assert.equal(second.offset, 2);
    assert.equal(second.prev, `${BASE_URL}/api/v1/search?q=cloud&limit=2&offset=0`);
    assert.equal(second.next, all.total > 4 ? `${BASE_URL}/api/v1/search?q=cloud&limit=2&offset=4` : null);
    const last = searchContent(catalog, { q: 'cloud', kind: 'post', locale: 'en', published_since: undefined, published_before: undefined, sort: undefined, limit: 100, offset: 0 });
    assert.equal(last.next, null);
    assert.equal(last.prev, null);
  });
});

describe('another content folder', () => {
  test('answers from its own records', async () => {
    const minimal = await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL);
    assert.deepEqual(
      listProducts(minimal, { status: undefined, tag: undefined, locale: undefined, updated_since: undefined, sort: undefined, limit: 100, offset: 0 }).items.map((p) => p.slug),
      minimal.products.map((p) => p.slug),
    );
    assert.throws(() => findProduct(minimal, catalog.products[0]!.slug), QueryError);
  });
});
