import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Catalog } from '../../src/content/types.js';
import type { Service } from '../../src/http/service.js';
import { useTestApp } from '../helper.js';
import { kindWords } from '../../src/documents/labels.js';
import { wordsOf } from '../../src/documents/words.js';

/**
 * A language's search page shows what a reader of that language is shown:
 * the pages and articles written in it, whatever their kind, and the records
 * that have no locale (the products). The same records as the API's search
 * with `locale`, plus the products.
 */

let server: Service;
let catalog: Catalog;
useTestApp((app) => ({ server, catalog } = app));

/** The hits of a search page's markdown mirror: each one's URL, kind and locale. */
async function sitePage(path: string): Promise<{ total: number; hits: { url: string; kind: string; locale?: string }[] }> {
  const response = await server.inject({ url: path, headers: { accept: 'text/markdown' } });
  assert.equal(response.statusCode, 200, response.body);
  // "1–10 of 18 results", "1–10 de 18 resultados": the count of the page's language.
  const total = Number(/^\d+–\d+ \S+ (\d+) /m.exec(response.body)?.[1]);
  // A hit's kind is named in the page's language ("Produto", "Article"): read back to the index's kind.
  const kinds = new Map(catalog.site.locales.flatMap((locale) => (['product', 'page', 'post'] as const).map((kind) => [kindWords(kind, wordsOf(catalog, locale)), kind] as const)));
  const hits = [...response.body.matchAll(/^- \[[^\]]*\]\(([^)]+)\) \(([^,)]+)(?:, ([\w-]+))?\)/gm)].map(([, url, kind, locale]) => ({ url: url!, kind: kinds.get(kind!) ?? kind!, ...(locale ? { locale } : {}) }));
  return { total, hits };
}

async function api(query: string): Promise<{ total: number; items: { url: string }[] }> {
  const response = await server.inject(`/api/v1/search?${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as { total: number; items: { url: string }[] };
}

describe('the search page of a language', () => {
  for (const [path, locale, words] of [
    ['/pt-BR/search', 'pt-BR', 'LGPD'],
    ['/search', 'en', 'LGPD'],
  ] as const) {
    test(`${path}?q=${words} shows the pages and articles in ${locale} and the products, as the API's search with locale=${locale} and the products of the default locale`, async () => {
      const { total, hits } = await sitePage(`${path}?q=${words}`);
      assert.ok(hits.length > 0);
      // The demo translates no product: every language shows them in the default one.
      const { default_locale: original } = catalog.site;
      assert.ok(hits.every((hit) => (hit.kind === 'product' ? hit.locale === original : hit.locale === locale)), JSON.stringify(hits));
      assert.ok(hits.some((hit) => hit.kind === 'page') && hits.some((hit) => hit.kind === 'post'), 'pages and articles alike');
      const inLocale = await api(`q=${words}&locale=${locale}&limit=100`);
      const products = locale === original ? { total: 0, items: [] } : await api(`q=${words}&kind=product&locale=${original}&limit=100`);
      assert.equal(total, inLocale.total + products.total);
      const expected = new Set([...inLocale.items, ...products.items].map((item) => item.url));
      for (const hit of hits) assert.ok(expected.has(hit.url), hit.url);
      const pages = catalog.pagesByLocale.get(locale)!.pages.map((page) => page.url);
      assert.ok(hits.filter((hit) => hit.kind === 'page').every((hit) => pages.includes(hit.url)));
    });
  }
});
