import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, buildTestApp, copyFixture, testCatalog } from '../helper.js';
import { checkContent } from '../../src/check/content-check.js';
import { starterSite } from '../process.js';

/**
 * A site whose first language is German, as `vitrine init --locales de,en,fr`
 * writes it. Its German pages live at the root and the others under `/en`
 * and `/fr`: a reader who tries `/de` (as they would `/fr`) is sent to the
 * German page at the root, not told there is no such page. Its pages speak
 * German where the engine writes the words.
 */

let siteDir: string;
let remove: (() => Promise<void>) | undefined;
let catalog: Catalog;
let server: Service;

before(async () => {
  ({ dir: siteDir, remove } = await starterSite('german-first', ['--locales', 'de,en,fr', '--country', 'AT']));
  catalog = await testCatalog(siteDir);
  ({ server } = await buildTestApp({ catalog, checkOpenApi: false }));
});
after(async () => {
  await server?.close();
  await remove?.();
});

describe("the default locale's tag in front of a path", () => {
  test('/de, /de/about and /de/blog?page=1 answer 301 to the page at the root, the query kept', async () => {
    for (const [from, to] of [['/de', '/'], ['/de/about', '/about'], ['/de/blog?page=1', '/blog?page=1']] as const) {
      const response = await server.inject(from);
      assert.equal(response.statusCode, 301, from);
      assert.equal(response.headers.location, `${BASE_URL}${to}`, from);
      assert.equal((await server.inject(to)).statusCode, 200, to);
    }
  });

  test("/de/products/<slug> answers 301 to the product's page at the root", async () => {
    const product = catalog.products[0]!;
    const response = await server.inject(`/de/products/${product.slug}`);
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, product.url);
  });

  test('a path under it that names no page is still a 404 in German', async () => {
    for (const path of ['/de/nichts-hier', '/de/products/nichts']) {
      const response = await server.inject(path);
      assert.equal(response.statusCode, 404, path);
      assert.match(response.body, /<html lang="de"/, path);
    }
  });

  test("a path that names no locale is a 404 in the language the reader's Accept-Language prefers among the site's, else German", async () => {
    const cases = [
      ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
      ['en-GB,en;q=0.9', 'en'],
      ['es, fr;q=0.5', 'fr'],
      ['es, *;q=0.5', 'de'],
      ['en;q=0, fr;q=0.1', 'fr'],
      [undefined, 'de'],
    ] as const;
    for (const [accept, lang] of cases) {
      for (const path of ['/blog/nichts-hier', '/nichts-hier']) {
        const response = await server.inject({ url: path, headers: accept ? { 'accept-language': accept } : {} });
        assert.equal(response.statusCode, 404, path);
        assert.match(response.body, new RegExp(`<html lang="${lang}"`), `${path} with ${accept}`);
      }
    }
    // A path under a locale keeps that locale's words, whatever the reader prefers.
    assert.match((await server.inject({ url: '/en/nothing-here', headers: { 'accept-language': 'fr' } })).body, /<html lang="en"/);
  });

  test('the other languages keep their prefix', async () => {
    assert.equal((await server.inject('/fr')).statusCode, 200);
    assert.equal((await server.inject('/en/about')).statusCode, 200);
  });
});

describe("a German-first site's words", () => {
  test('a blog of one page counts its articles without a "1–1 of" range', async () => {
    const page = (await server.inject('/blog')).body;
    assert.match(page, /<p class="result-count">1 Beitrag, neueste zuerst\.<\/p>/);
  });

  test('a status the product list does not know is answered with the statuses in German, each with the value to give', async () => {
    const response = await server.inject('/products?status=bald');
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /Demnächst verfügbar \(coming-soon\), Verfügbar \(live\)/);
  });
});

describe('a search with no hit', () => {
  test('says so once, with the hint, under its heading', async () => {
    const page = (await server.inject('/search?q=zzzqqqxx')).body;
    assert.ok(page.includes('Zu „zzzqqqxx“ wurde nichts gefunden.'));
    assert.ok(!page.includes('Keine Ergebnisse.'), 'the count does not say it again');
  });
});

describe('a link to a translation', () => {
  test("says so in the page's language and marks the title alone as the other language's; French puts a no-break space before its colon", async () => {
    const german = catalog.productsByLocale.get('de')!.products[0]!;
    const french = catalog.productsByLocale.get('fr')!.bySlug.values().next().value!;
    const english = catalog.productsByLocale.get('en')!.bySlug.values().next().value!;
    const onEnglish = (await server.inject(new URL(english.url).pathname)).body;
    assert.ok(onEnglish.includes(`hreflang="de">Read in German: <span lang="de">${german.name}</span></a>`), 'the English page');
    const onFrench = (await server.inject(new URL(french.url).pathname)).body;
    assert.ok(onFrench.includes(`hreflang="de">Lire en allemand\u00a0: <span lang="de">${german.name}</span></a>`), 'the French page');
  });
});

describe('a German search that finds nothing', () => {
  test('suggests a noun with its capital, as the content writes it inside a sentence', async () => {
    const page = (await server.inject('/search?q=Kontakktdatten')).body;
    assert.match(page, /Meinten Sie <a href="\/search\?q=Kontaktdaten">Kontaktdaten<\/a>/);
  });
});

describe('vitrine check on a German-first site', () => {
  test('takes a link to /de or /de/<page> as the page at the root, and /de/blog/<slug> as dead, as the server answers them', async () => {
    const dir = await copyFixture(siteDir);
    const about = path.join(dir, 'pages', 'about.md');
    await writeFile(about, `${(await readFile(about, 'utf8')).trimEnd()}\n\n[Start](/de), [Kontakt](/de/contact) und [alt](/de/blog/nichts).\n`);
    const report = await checkContent(dir);
    const links = report.errors.filter((error) => error.file === about).map((error) => error.message);
    assert.equal(links.length, 1, links.join('\n'));
    assert.match(links[0]!, /^link \/de\/blog\/nichts: /);
  });
});
