import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Catalog } from '../../src/content/types.js';
import { loadCatalog } from '../../src/content/load.js';
import type { SearchHit, SearchIndex } from '../../src/search/index.js';
import { SEARCH_KINDS, searchIndexFor } from '../../src/search/index.js';
import { fold, words } from '../../src/text/normalize.js';
import { BASE_URL, ROOT, testCatalog } from '../helper.js';
import type { SearchFixture } from './fixture.js';
import { searchFixture, XILOFONE_POSTS } from './fixture.js';

let fixture: SearchFixture;
let catalog: Catalog;
let index: SearchIndex;

before(async () => {
  fixture = await searchFixture();
  catalog = fixture.catalog;
  index = searchIndexFor(catalog);
});
after(() => fixture.remove());

const slugs = (query: string, limit = 100) => index.search(query, { limit }).items.map((hit) => hit.slug);

/** The plain text an excerpt is cut from: summary (or description), then body, runs of whitespace as one space. */
/** The record a hit names: pages by their locale too (each locale has its own). */
function recordOf(hit: SearchHit) {
  return hit.kind === 'product'
    ? catalog.productsBySlug.get(hit.slug)!
    : hit.kind === 'page'
      ? catalog.pagesByLocale.get(hit.locale!)!.bySlug.get(hit.slug)!
      : catalog.postsBySlug.get(hit.slug)!;
}

function sourceOf(hit: SearchHit): string {
  const record = recordOf(hit);
  const summary = 'summary' in record ? record.summary : record.description;
  return `${summary} ${record.text}`.normalize('NFC').replace(/\s+/g, ' ');
}

describe('accents and case', () => {
  test('an unaccented query finds accented text: automacao finds Automação', () => {
    const found = index.search('automacao', { limit: 100 });
    const accented = found.items.filter((hit) => /Automação/i.test(sourceOf(hit)));
    assert.ok(accented.length >= 3, `expected records written with "Automação", got ${found.items.map((h) => h.slug).join(', ')}`);
    assert.ok(found.items.every((hit) => hit.matches.includes('automacao')));
  });

  test('an accented, upper-case query finds unaccented text: AÇÃO finds acao, AUTOMAÇÃO finds automacao', () => {
    assert.ok(slugs('AÇÃO').includes('texto-sem-acentos'));
    assert.ok(slugs('AUTOMAÇÃO').includes('texto-sem-acentos'));
    assert.deepEqual(slugs('TAMANDUÁ'), ['texto-sem-acentos']);
  });

  test('case never matters', () => {
    assert.deepEqual(index.search('KUBERNETES', { limit: 100 }).items, index.search('kubernetes', { limit: 100 }).items);
    assert.deepEqual(index.search('Kubernetes', { limit: 100 }).items, index.search('kubernetes', { limit: 100 }).items);
  });

  test('text saved decomposed (NFD) matches a composed query, and its excerpt is shown composed', () => {
    for (const query of ['Integração', 'integracao', 'INTEGRAC\u0327A\u0303O']) {
      const [hit] = index.search(`${query} capivaras`, { limit: 1 }).items;
      assert.equal(hit?.slug, 'texto-decomposto', query);
      assert.match(hit.excerpt, /A Integração continua de capivaras/);
    }
  });
});

describe('prefixes and typos', () => {
  test('the last word matches as a prefix while it is typed', () => {
    assert.ok(slugs('kuber').includes('kubernetes-upgrade-runbook-production'));
    assert.ok(slugs('quok').includes('quokka-no-titulo'));
    assert.deepEqual(slugs('island quok').sort(), ['quokka-no-corpo', 'quokka-no-titulo']);
  });

  test('a word followed by a space is complete: no prefix', () => {
    assert.deepEqual(slugs('quok '), []);
    assert.deepEqual(slugs('kuber.'), []);
  });

  test('only the last word is a prefix', () => {
    // "quok" is not a word, so no record has every word and any word may match: only "island".
    assert.ok(index.search('quok island', { limit: 100 }).items.every((hit) => !hit.matches.includes('quokka')));
  });

  test('words of five letters or more tolerate one typo: a letter missing, wrong, extra or two letters swapped', () => {
    // The same records; not quite in the same order, since the word spelled right also matches through its stem.
    const expected = slugs('kubernetes').sort();
    for (const typo of ['kubernets', 'kubernetex', 'kubbernetes', 'kuebrnetes']) {
      assert.deepEqual(slugs(typo).sort(), expected, typo);
      assert.ok(index.search(typo, { limit: 1 }).items[0]?.matches.includes('kubernetes'));
    }
  });

  test('shorter words must be exact: gpx does not find gpu', () => {
    assert.ok(slugs('gpu').length > 0);
    assert.deepEqual(slugs('gpx'), []);
  });
});

describe('ranking', () => {
  test('a match in a title beats a match in a body', () => {
    const found = index.search('quokka', { limit: 10 });
    assert.deepEqual(
      found.items.map((hit) => hit.slug),
      ['quokka-no-titulo', 'quokka-no-corpo'],
    );
    assert.ok(found.items[0]!.score > found.items[1]!.score);
  });

  test('a product name beats a mention in bodies', () => {
    const product = catalog.products[0]!;
    const [first] = index.search(product.name, { limit: 1 }).items;
    assert.equal(first?.slug, product.slug);
    assert.equal(first?.kind, 'product');
  });

  test('hits come by score, highest first, every score positive', () => {
    for (const query of ['cloud', 'dados pessoais', 'agent', 'lgpd incidente', 'seguranca', 'kub']) {
      const scores = index.search(query, { limit: 100 }).items.map((hit) => hit.score);
      assert.ok(scores.length > 1, query);
      assert.ok(scores.every((score) => score > 0));
      assert.deepEqual(scores, [...scores].sort((a, b) => b - a), query);
    }
  });

  test('every word must match; when no record has them all, any may', () => {
    const both = index.search('kubernetes upgrade', { limit: 100 });
    assert.ok(both.total > 0);
    assert.ok(both.items.every((hit) => hit.matches.includes('kubernetes') && hit.matches.some((m) => m.startsWith('upgrade'))));
    const none = index.search('quokka xilofone', { limit: 100 });
    assert.equal(none.total, 2 + XILOFONE_POSTS);
  });

  test('common words (de, the, que) are ignored, so a question finds what its key words find', () => {
    assert.deepEqual(slugs('o que é a LGPD?').slice(0, 3), slugs('LGPD').slice(0, 3));
    assert.deepEqual(slugs('is the quokka?'), slugs('quokka'));
    // "what" is no stop word: no record holds it with "quokka", so any word may match, quokka first.
    assert.equal(slugs('what is the quokka?')[0], 'quokka-no-titulo');
    assert.deepEqual(index.search('the ', { limit: 10 }).items, []);
  });
});

describe('hits', () => {
  test('carry kind, slug, title, excerpt, score, matches, url, markdown_url and locale', () => {
    const kinds = new Set<string>();
    for (const query of ['aroeira', 'cloud', 'guardião']) {
      for (const hit of index.search(query, { limit: 100 }).items) {
        kinds.add(hit.kind);
        const keys = ['kind', 'slug', 'title', 'excerpt', 'score', 'matches', 'url', 'markdown_url', 'locale'];
        assert.deepEqual(Object.keys(hit), keys);
        const record = recordOf(hit);
        assert.equal(hit.locale, (record as { locale: string }).locale);
        const title = 'name' in record ? record.name : record.title;
        assert.equal(hit.title, title);
      }
    }
    assert.deepEqual([...kinds].sort(), [...SEARCH_KINDS].sort());
  });

  test('url and markdown_url are absolute, under BASE_URL, of the form of their kind, and name a record of the Catalog', () => {
    const prefix = (hit: SearchHit) => (hit.kind === 'page' && hit.locale !== catalog.site.default_locale ? `/${hit.locale}` : '');
    const pageRoute = (hit: SearchHit) => (hit.slug === 'index' ? prefix(hit) || '/' : `${prefix(hit)}/${hit.slug}`);
    let checked = 0;
    for (const query of ['aroeira', 'cloud', 'dados', 'agent', 'kub', 'privacy', 'contato']) {
      for (const hit of index.search(query, { limit: 100 }).items) {
        const [route, mirror, records] =
          hit.kind === 'product'
            ? [`/products/${hit.slug}`, `/md/products/${hit.slug}.md`, catalog.productsBySlug]
            : hit.kind === 'post'
              ? [`/blog/${hit.slug}`, `/md/blog/${hit.slug}.md`, catalog.postsBySlug]
              : [pageRoute(hit), `/md${prefix(hit)}/${hit.slug}.md`, catalog.pagesByLocale.get(hit.locale!)!.bySlug];
        assert.ok(records.has(hit.slug), `${hit.kind} ${hit.slug} is not in the Catalog`);
        assert.equal(hit.url, `${BASE_URL}${route}`);
        assert.equal(hit.markdown_url, `${BASE_URL}${mirror}`);
        assert.equal(new URL(hit.url).href, hit.url);
        checked += 1;
      }
    }
    assert.ok(checked > 50);
  });

  test('matches lists the indexed words that matched, folded', () => {
    assert.deepEqual(index.search('TAMANDUÁ', { limit: 1 }).items[0]?.matches, ['tamandua']);
    const [hit] = index.search('quokk', { limit: 1 }).items;
    assert.deepEqual(hit?.matches, ['quokka']);
  });
});

describe('excerpts', () => {
  test('hold the match, cut at whole words, about 160 characters, with … where cut', () => {
    for (const query of ['phishing', 'ceph', 'kubernetes', 'evidências', 'agentes']) {
      for (const hit of index.search(query, { limit: 100 }).items) {
        const source = sourceOf(hit);
        const text = hit.excerpt.replace(/^…/, '').replace(/…$/, '');
        assert.ok(source.includes(text), `${hit.slug}: "${text}" is not a stretch of its text`);
        assert.ok(text.length <= 160, `${hit.slug}: ${text.length} characters`);
        assert.ok(text.length >= 100 || text.length === source.trim().length, `${hit.slug}: only ${text.length} characters`);
        const at = source.indexOf(text);
        assert.equal(hit.excerpt.startsWith('…'), at > 0, hit.slug);
        assert.equal(hit.excerpt.endsWith('…'), at + text.length < source.trim().length, hit.slug);
        if (at > 0) assert.match(source[at - 1]!, /\s/, `${hit.slug}: cut inside a word`);
        const after = source[at + text.length];
        if (after !== undefined) assert.doesNotMatch(after, /[\p{L}\p{N}]/u, `${hit.slug}: cut inside a word`);
        const matched = (text: string) => words(fold(text)).some((word) => hit.matches.includes(word));
        if (matched(source)) assert.ok(matched(hit.excerpt), `${hit.slug}: "${hit.excerpt}" holds none of ${hit.matches.join(', ')}`);
      }
    }
  });

  test('a record matched only by its title opens with its summary', () => {
    const [hit] = index.search('quokka', { limit: 1 }).items;
    assert.equal(hit?.excerpt, 'Notes from a trip to an island. We walked for a whole day, counted birds and wrote everything down before the ferry left.');
  });
});

describe('markdown', () => {
  test('never shows in excerpts, and link targets are not matched', () => {
    const [hit] = index.search('zanzibar', { limit: 10 }).items;
    assert.equal(hit?.slug, 'markdown-zanzibar');
    assert.equal(hit.excerpt, 'Syntax that must not leak. Heading zanzibar Text with bold zanzibar, emphasis, inline code and a link. A quoted zanzibar. first item second item an image');
    assert.deepEqual(slugs('qwertzuiop'), []);
  });
});

describe('filters, limit and total', () => {
  test('total counts every hit, items holds the first limit', () => {
    for (const limit of [1, 5, 12, 100]) {
      const found = index.search('xilofone', { limit });
      assert.equal(found.total, XILOFONE_POSTS);
      assert.equal(found.items.length, Math.min(limit, XILOFONE_POSTS));
      assert.equal(found.limit, limit);
      assert.equal(found.query, 'xilofone');
    }
    assert.deepEqual(index.search('xilofone', { limit: 5 }).items, index.search('xilofone', { limit: 100 }).items.slice(0, 5));
  });

  test('kind keeps hits of that kind; the total counts only them', () => {
    const all = index.search('cloud', { limit: 100 });
    for (const kind of SEARCH_KINDS) {
      const found = index.search('cloud', { limit: 100, kind });
      assert.ok(found.total > 0, kind);
      assert.ok(found.items.every((hit) => hit.kind === kind));
      assert.deepEqual(
        found.items.map((hit) => hit.slug),
        all.items.filter((hit) => hit.kind === kind).map((hit) => hit.slug),
      );
    }
  });

  test('locale keeps the records in that locale, whatever their kind (a product is in the default locale, or translated)', () => {
    for (const locale of ['en', 'pt-BR']) {
      const found = index.search('cloud', { limit: 100, locale });
      assert.ok(found.total > 0);
      assert.ok(found.items.every((hit) => hit.locale === locale));
      assert.equal(found.items.some((hit) => hit.kind === 'product'), locale === 'en');
      for (const kind of ['page', 'post'] as const) {
        const ofKind = index.search('cloud', { limit: 100, locale, kind });
        assert.ok(ofKind.total > 0, `${kind} in ${locale}`);
        assert.equal(ofKind.total, found.items.filter((hit) => hit.kind === kind).length);
      }
    }
    assert.equal(index.search('cloud', { limit: 100, locale: 'de' }).total, 0);
    assert.equal(index.search('cloud', { limit: 100, locale: 'pt-BR', kind: 'product' }).total, 0);
    assert.ok(index.search('cloud', { limit: 100, locale: 'en', kind: 'product' }).total > 0);
  });

  test('a query with no word finds nothing', () => {
    for (const query of ['', '   ', '!!!', '— …']) assert.deepEqual(index.search(query, { limit: 10 }), { query, items: [], total: 0, limit: 10, offset: 0, suggestions: [] });
  });

  test('a limit outside 1 to 100 is a programming error', () => {
    for (const limit of [0, 101, 1.5, Number.NaN]) {
      assert.throws(() => index.search('cloud', { limit }), RangeError);
    }
  });
});

describe('searchIndexFor', () => {
  test('gives one index per Catalog, and a new one for a new Catalog', async () => {
    assert.equal(searchIndexFor(catalog), index);
    const demo = await testCatalog();
    const other = await loadCatalog({ dir: `${ROOT}/content`, baseUrl: BASE_URL });
    assert.notEqual(searchIndexFor(demo), index);
    assert.notEqual(searchIndexFor(other), searchIndexFor(demo));
    const pages = [...other.pagesByLocale.values()].reduce((n, locale) => n + locale.pages.length, 0);
    assert.equal(searchIndexFor(other).size, other.products.length + pages + other.posts.length);
    assert.deepEqual(searchIndexFor(other).search('quokka', { limit: 10 }).total, 0);
  });
});
