import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Catalog } from '../../src/content/types.js';
import { QueryError } from '../../src/query/errors.js';
import { accepted, parseQuery } from '../../src/query/params.js';
import { postQuery, productQuery, searchQuery } from '../../src/query/parameters.js';
import { testCatalog } from '../helper.js';

/** The error `run` throws, which must be a QueryError. */
function failure(run: () => unknown): QueryError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof QueryError, `a QueryError, got ${String(error)}`);
    return error;
  }
  assert.fail('no error was thrown');
}

let catalog: Catalog;
before(async () => {
  catalog = await testCatalog();
});

describe('parseQuery', () => {
  test('absent parameters take their defaults; absent filters are undefined', () => {
    assert.deepEqual(parseQuery(postQuery, {}, catalog, 'posts'), { category: undefined, locale: undefined, tag: undefined, published_since: undefined, published_before: undefined, updated_since: undefined, sort: undefined, limit: 20, offset: 0 });
    assert.deepEqual(parseQuery(productQuery, {}, catalog, 'products'), { status: undefined, tag: undefined, locale: undefined, updated_since: undefined, sort: undefined, limit: 100, offset: 0 });
  });

  test('reads whole numbers within their bounds and allowed values', () => {
    assert.deepEqual(parseQuery(postQuery, { limit: '1', offset: '0', locale: 'pt-BR', category: 'Automation' }, catalog, 'posts'), {
      category: ['Automation'],
      locale: ['pt-BR'],
      tag: undefined,
      published_since: undefined,
      published_before: undefined,
      updated_since: undefined,
      sort: undefined,
      limit: 1,
      offset: 0,
    });
    assert.equal(parseQuery(postQuery, { limit: '100', offset: '99999' }, catalog, 'posts').offset, 99_999);
  });

  test('an unknown parameter is invalid_parameter naming it and the parameters there are', () => {
    const error = failure(() => parseQuery(productQuery, { category: 'x' }, catalog, '/api/v1/products'));
    assert.equal(error.code, 'invalid_parameter');
    assert.equal(error.detail, '/api/v1/products has no parameter "category".');
    const known = ['status', 'tag', 'locale', 'updated_since', 'sort', 'limit', 'offset'];
    assert.deepEqual(error.details, { parameter: 'category', accepted: known, known });
  });

  test('campaign tags, click identifiers and the _ cache-buster are ignored; a near miss is not', () => {
    const query = { utm_source: 'newsletter', utm_campaign: 'x', fbclid: '1', gclid: '2', mc_cid: '3', mc_eid: '4', _: '1700000000', limit: '3' };
    assert.deepEqual(parseQuery(postQuery, query, catalog, 'posts'), { category: undefined, locale: undefined, tag: undefined, published_since: undefined, published_before: undefined, updated_since: undefined, sort: undefined, limit: 3, offset: 0 });
    for (const name of ['utm', '__', 'fbclid2', 'UTM_source']) {
      assert.equal(failure(() => parseQuery(postQuery, { [name]: '1' }, catalog, 'posts')).details.parameter, name);
    }
  });

  test('a name or value echoed in an error is cut at 100 characters', () => {
    const long = 'x'.repeat(300);
    assert.equal(failure(() => parseQuery(productQuery, { [long]: '1' }, catalog, 'p')).details.parameter, `${'x'.repeat(100)}…`);
    assert.match(failure(() => parseQuery(productQuery, { tag: long }, catalog, 'p')).detail, /got "x{100}…"\.$/);
  });

  for (const value of ['0', '101', '1.5', ' 10', '-1', '1e3', '010', 'ten']) {
    test(`limit=${JSON.stringify(value)} is invalid_parameter with what limit accepts and a call that works`, () => {
      const error = failure(() => parseQuery(postQuery, { limit: value }, catalog, 'posts'));
      assert.equal(error.code, 'invalid_parameter');
      assert.equal(error.detail, `The parameter "limit" must be a whole number from 1 to 100 (default 20); got "${value}".`);
      assert.deepEqual(error.details, { parameter: 'limit', accepted: 'a whole number from 1 to 100 (default 20)', example: { limit: 20 } });
    });
  }

  test('a negative offset is refused; offset has no maximum', () => {
    assert.equal(failure(() => parseQuery(postQuery, { offset: '-1' }, catalog, 'posts')).detail, 'The parameter "offset" must be a whole number of at least 0 (default 0); got "-1".');
    assert.equal(accepted(postQuery.offset, catalog), 'a whole number of at least 0 (default 0)');
  });

  test('a value outside an enum lists the allowed values from the Catalog', () => {
    const error = failure(() => parseQuery(searchQuery, { q: 'x', locale: 'fr' }, catalog, 'search'));
    assert.equal(error.detail, 'The parameter "locale" must be one of "en", "pt-BR"; got "fr".');
    assert.deepEqual(error.details.accepted, catalog.site.locales);
    assert.deepEqual(failure(() => parseQuery(productQuery, { status: 'retired' }, catalog, 'p')).details.accepted, ['coming-soon', 'live']);
  });

  test('a filter takes several values separated by commas, each one allowed, none empty', () => {
    assert.deepEqual(parseQuery(postQuery, { category: 'Automation,Automação', locale: 'en,pt-BR,en' }, catalog, 'posts'), {
      category: ['Automation', 'Automação'],
      locale: ['en', 'pt-BR'],
      tag: undefined,
      published_since: undefined,
      published_before: undefined,
      updated_since: undefined,
      sort: undefined,
      limit: 20,
      offset: 0,
    });
    const unknown = failure(() => parseQuery(productQuery, { status: 'live,retired' }, catalog, 'p'));
    assert.equal(unknown.detail, 'The parameter "status" takes values among "coming-soon", "live", separated by commas; got "retired".');
    assert.deepEqual(unknown.details.accepted, ['coming-soon', 'live']);
    assert.equal(failure(() => parseQuery(productQuery, { status: 'live,' }, catalog, 'p')).detail, 'The parameter "status" has an empty value between its commas; got "live,".');
  });

  test('enumerated values match whatever their case and accents, and are read as the content writes them', () => {
    const posts = parseQuery(postQuery, { category: 'automacao,AUTOMATION', locale: 'PT-br' }, catalog, 'posts');
    assert.deepEqual([posts.category, posts.locale], [['Automação', 'Automation'], ['pt-BR']]);
    const products = parseQuery(productQuery, { tag: 'kubernetes,codigo aberto,Código Aberto', status: 'LIVE' }, catalog, 'products');
    assert.deepEqual([products.tag, products.status], [['Kubernetes', 'Código Aberto'], ['live']]);
    const search = parseQuery(searchQuery, { q: 'x', kind: 'Post', locale: 'pt-br' }, catalog, 'search');
    assert.deepEqual([search.kind, search.locale], ['post', 'pt-BR']);
    assert.equal(failure(() => parseQuery(productQuery, { tag: 'kubernete' }, catalog, 'p')).details.parameter, 'tag');
  });

  test('published_since and published_before take an RFC 3339 instant or a date; an impossible date is refused', () => {
    const read = (query: Record<string, string>) => parseQuery(postQuery, query, catalog, 'posts');
    assert.equal(read({ published_since: '2026-03-14' }).published_since, Date.parse('2026-03-14T00:00:00Z'));
    assert.equal(read({ published_before: '2026-03-14T09:00:00-03:00' }).published_before, Date.parse('2026-03-14T12:00:00Z'));
    for (const bad of ['2026-02-30', '2026-13-01', '2026-03-14T24:00:00Z', 'last week']) {
      const error = failure(() => read({ published_before: bad }));
      assert.equal(error.detail, `The parameter "published_before" must be an RFC 3339 date-time such as 2026-03-14T12:00:00Z (an offset such as -03:00, or a date alone such as 2026-03-14 for its midnight UTC); got "${bad}".`);
    }
  });

  test('search sort: relevance (its own order), -published_at or published_at', () => {
    const read = (sort: string) => parseQuery(searchQuery, { q: 'x', sort }, catalog, 'search').sort;
    assert.equal(read('relevance'), undefined);
    assert.deepEqual(read('-published_at'), { field: 'published_at', descending: true });
    assert.deepEqual(failure(() => read('title')).details.accepted, ['relevance', 'published_at', '-published_at']);
  });

  test('updated_since takes an RFC 3339 instant or a date; sort a field, - before it for descending', () => {
    const read = (query: Record<string, string>) => parseQuery(postQuery, query, catalog, 'posts');
    assert.equal(read({ updated_since: '2026-03-14T12:00:00Z' }).updated_since, Date.parse('2026-03-14T12:00:00Z'));
    assert.equal(read({ updated_since: '2026-03-14T09:00:00-03:00' }).updated_since, Date.parse('2026-03-14T12:00:00Z'));
    assert.equal(read({ updated_since: '2026-03-14' }).updated_since, Date.parse('2026-03-14T00:00:00Z'));
    for (const bad of ['yesterday', '2026-3-14', '2026-03-14 12:00', '1700000000']) {
      assert.equal(failure(() => read({ updated_since: bad })).details.parameter, 'updated_since', bad);
    }
    assert.deepEqual(read({ sort: '-published_at' }).sort, { field: 'published_at', descending: true });
    assert.deepEqual(read({ sort: 'title' }).sort, { field: 'title', descending: false });
    const bad = failure(() => read({ sort: 'name' }));
    assert.equal(bad.detail, 'The parameter "sort" must be one of "published_at", "-published_at", "updated_at", "-updated_at", "title", "-title"; got "name".');
    assert.deepEqual(bad.details.accepted, ['published_at', '-published_at', 'updated_at', '-updated_at', 'title', '-title']);
  });

  test('a repeated or empty parameter is invalid_parameter', () => {
    assert.equal(failure(() => parseQuery(postQuery, { locale: ['en', 'pt-BR'] }, catalog, 'posts')).detail, 'The parameter "locale" is given 2 times; give it once.');
    assert.equal(failure(() => parseQuery(postQuery, { locale: '' }, catalog, 'posts')).detail, 'The parameter "locale" is empty.');
  });

  test('a required text parameter that is absent is missing_parameter; blank or too long is invalid_parameter', () => {
    const missing = failure(() => parseQuery(searchQuery, {}, catalog, '/api/v1/search'));
    assert.equal(missing.code, 'missing_parameter');
    assert.equal(missing.detail, '/api/v1/search requires the parameter "q".');
    // The example is a word of the content that the search finds: the longest of the first product's name.
    assert.deepEqual(missing.details.example, { q: 'Aroeira' });
    assert.equal(failure(() => parseQuery(searchQuery, { q: '   ' }, catalog, 's')).detail, 'The parameter "q" is blank.');
    assert.equal(failure(() => parseQuery(searchQuery, { q: 'é'.repeat(201) }, catalog, 's')).detail, 'The parameter "q" must be 1 to 200 characters long; it has 201.');
    // Characters, not UTF-16 units: 200 emoji are 200 characters.
    assert.equal(parseQuery(searchQuery, { q: '😀'.repeat(200) }, catalog, 's').q, '😀'.repeat(200));
  });

  test('an example of a failing parameter keeps the required ones, so the suggested call works', () => {
    assert.deepEqual(failure(() => parseQuery(searchQuery, { q: 'cloud', limit: '0' }, catalog, 's')).details.example, { q: 'Aroeira', limit: 10 });
  });
});
