import assert from 'node:assert/strict';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ServerProcess } from '../process.js';
import { starterSite, startServer, vitrine } from '../process.js';
import { connectClient, structured } from '../mcp/_client.js';

/**
 * One rule for a page or product that a locale has not translated, in every
 * door: a German-first site in de, en and fr whose French privacy page and
 * French product (and its home page's text) are not written. Asked for in French, each is answered in
 * German, and the answer says so: `fallback` and Content-Language in the API
 * and MCP, a French note first in the mirror, the German page (its lang,
 * its Content-Language) with the French note on the site. A list that its
 * filters empty says why, in REST and MCP alike; `vitrine check` names the
 * files to add.
 */

let dir: string;
let remove: (() => Promise<void>) | undefined;
let server: ServerProcess;
let client: Client;
let product: string;

const NOTE = 'Cette page n\u2019est pas encore traduite en fran\u00e7ais\u202f; la voici en allemand.';

before(async () => {
  ({ dir, remove } = await starterSite('untranslated', ['--locales', 'de,en,fr', '--name', 'Kessler Messtechnik GmbH', '--country', 'AT']));
  product = (await readdir(path.join(dir, 'products', 'fr')))[0]!.replace(/\.md$/, '');
  await rm(path.join(dir, 'pages', 'fr', 'privacy.md'));
  await rm(path.join(dir, 'pages', 'fr', 'index.md'));
  await rm(path.join(dir, 'products', 'fr', `${product}.md`));
  server = await startServer({}, [dir]);
  ({ client } = await connectClient(server.url));
});
after(async () => {
  await client?.close();
  server?.child.kill();
  await server?.exited;
  await remove?.();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers });
const json = async (pathname: string) => (await (await get(pathname)).json()) as Record<string, unknown>;

describe('a page or product not translated into the locale asked for', () => {
  test('REST answers it in the default language with fallback and Content-Language, and the translated one without them', async () => {
    const page = await get('/api/v1/pages/privacy?locale=fr');
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-language'), 'de');
    const body = (await page.json()) as Record<string, unknown>;
    assert.equal(body.locale, 'de');
    assert.match(String(body.url), /\/privacy$/);
    assert.deepEqual(body.fallback, { requested_locale: 'fr', available_locales: ['de', 'en'] });

    const english = await get('/api/v1/pages/privacy?locale=en');
    assert.equal(english.headers.get('content-language'), 'en');
    assert.equal(((await english.json()) as Record<string, unknown>).fallback, undefined);

    const item = await json(`/api/v1/products/${product}?locale=fr`);
    assert.equal(item.locale, 'de');
    assert.deepEqual(item.fallback, { requested_locale: 'fr', available_locales: ['de', 'en'] });
  });

  test('MCP get_page and get_product answer what REST answers', async () => {
    const page = structured(await client.callTool({ name: 'get_page', arguments: { slug: 'privacy', locale: 'fr' } }));
    assert.deepEqual(page, await json('/api/v1/pages/privacy?locale=fr'));
    const item = structured(await client.callTool({ name: 'get_product', arguments: { slug: product, locale: 'fr' } }));
    assert.deepEqual(item, await json(`/api/v1/products/${product}?locale=fr`));
    assert.deepEqual(item.fallback, { requested_locale: 'fr', available_locales: ['de', 'en'] });
  });

  test("the mirror under the locale is the default language's, with a note in the language asked for first", async () => {
    for (const [asked, own] of [
      ['/md/fr/privacy.md', '/md/privacy.md'],
      [`/md/fr/products/${product}.md`, `/md/products/${product}.md`],
    ] as const) {
      const mirror = await get(asked);
      assert.equal(mirror.status, 200, asked);
      assert.equal(mirror.headers.get('content-type'), 'text/markdown; charset=utf-8');
      assert.equal(mirror.headers.get('content-language'), 'de');
      assert.equal(await mirror.text(), `> ${NOTE}\n\n${await (await get(own)).text()}`);
    }
  });

  test('MCP resources/read of the mirror under the locale answers what its GET answers', async () => {
    for (const asked of ['/md/fr/privacy.md', `/md/fr/products/${product}.md`]) {
      const uri = `${server.url.replace('127.0.0.1', 'localhost')}${asked}`;
      const { contents } = await client.readResource({ uri });
      assert.deepEqual(contents, [{ uri, mimeType: 'text/markdown', text: await (await get(asked)).text() }]);
    }
  });

  test('the site shows the German page under the French address, saying so in French, with its canonical address', async () => {
    for (const [asked, own] of [
      ['/fr/privacy', '/privacy'],
      [`/fr/products/${product}`, `/products/${product}`],
    ] as const) {
      const page = await get(asked);
      assert.equal(page.status, 200, asked);
      assert.equal(page.headers.get('content-language'), 'de');
      const html = await page.text();
      assert.match(html, /<html lang="de">/);
      assert.ok(html.includes(`<p class="notice" lang="fr" role="note">${NOTE}</p>`), asked);
      assert.match(html, new RegExp(`<link rel="canonical" href="[^"]+${own.replace(/\//g, '\\/')}">`));
      const markdown = await get(asked, { accept: 'text/markdown' });
      assert.equal(markdown.headers.get('content-language'), 'de');
      assert.ok((await markdown.text()).startsWith(`> ${NOTE}\n\n`));
    }
  });

  test('/fr/index is no second home page, though French has no home page text of its own', async () => {
    assert.equal((await get('/fr')).status, 200);
    assert.equal((await get('/fr/index')).status, 404);
  });

  test('a markdown URL that names nothing answers markdown in the language of its path, never HTML', async () => {
    for (const [asked, title] of [
      ['/md/fr/nothing.md', '# Page introuvable'],
      ['/md/nothing.md', '# Seite nicht gefunden'],
      ['/md/fr/products/nothing.md', '# Page introuvable'],
    ] as const) {
      const response = await get(asked, { accept: 'text/html' });
      assert.equal(response.status, 404, asked);
      assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8', asked);
      assert.ok((await response.text()).startsWith(`${title}\n`), asked);
    }
    const problem = await get('/md/fr/nothing.md', { accept: 'application/json' });
    assert.equal(problem.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  });
});

describe('a list its filters empty', () => {
  test('REST says how many items each other locale has, and that a record asked for by slug is still answered', async () => {
    const list = await json('/api/v1/products?locale=fr');
    assert.deepEqual(list.items, []);
    assert.equal(list.total, 0);
    const [why] = list.why_empty as { parameter: string; detail: string; others: unknown }[];
    assert.equal(why?.parameter, 'locale');
    assert.deepEqual(why?.others, [
      { value: 'de', total: 1 },
      { value: 'en', total: 1 },
    ]);
    assert.match(why?.detail ?? '', /^No product has locale fr; without that filter, the products have de \(1\), en \(1\)\. .*answered in de, with fallback saying so\.$/);
  });

  test('a status, or a date bound, names the values and the nearest date there are', async () => {
    const status = await json('/api/v1/products?status=live');
    assert.deepEqual(status.why_empty, [
      { parameter: 'status', detail: 'No product has status live; without that filter, the products have coming-soon (1).', others: [{ value: 'coming-soon', total: 1 }] },
    ]);
    const newest = ((await json('/api/v1/posts?sort=-published_at&limit=1')).items as { published_at: string }[])[0]!.published_at;
    const late = await json('/api/v1/posts?published_since=2099-01-01');
    assert.deepEqual(late.why_empty, [
      {
        parameter: 'published_since',
        detail: `No article has published_at at or after 2099-01-01T00:00:00Z (published_since); the nearest is ${newest}.`,
        nearest: newest,
      },
    ]);
  });

  test('MCP list tools answer the same why_empty, and say it in words too', async () => {
    const result = await client.callTool({ name: 'list_products', arguments: { locale: 'fr' } });
    const list = structured(result);
    assert.deepEqual(list.why_empty, (await json('/api/v1/products?locale=fr')).why_empty);
    const texts = (result.content as { type: string; text: string }[]).map((block) => block.text);
    assert.match(texts[1] ?? '', /^No product has locale fr; /);
    const posts = structured(await client.callTool({ name: 'list_posts', arguments: { published_since: '2099-01-01' } }));
    assert.deepEqual(posts.why_empty, (await json('/api/v1/posts?published_since=2099-01-01')).why_empty);
  });

  test('a search its filters empty says what the words find without each, in REST and MCP', async () => {
    const search = await json(`/api/v1/search?q=${encodeURIComponent('Kessler')}&kind=post`);
    assert.equal(search.total, 0);
    const [why] = search.why_empty as { parameter: string; others: { value: string; total: number }[] }[];
    assert.equal(why?.parameter, 'kind');
    assert.ok(why?.others.every((other) => other.value !== 'post' && other.total > 0));
    const tool = structured(await client.callTool({ name: 'search_content', arguments: { query: 'Kessler', kind: 'post' } }));
    assert.deepEqual(tool.why_empty, search.why_empty);
    assert.equal((await json('/api/v1/search?q=zzzqqqxx&kind=post')).why_empty, undefined, 'words that find nothing anywhere have suggestions instead');
  });

  test('a list with items has no why_empty', async () => {
    assert.equal((await json('/api/v1/products?locale=en')).why_empty, undefined);
    assert.equal(structured(await client.callTool({ name: 'list_products', arguments: {} })).why_empty, undefined);
  });
});

describe('vitrine check', () => {
  test('warns once for French, naming the files to add', async () => {
    const run = await vitrine(['check', dir]);
    assert.equal(run.code, 0, run.stderr);
    const line = run.stdout.split('\n').find((text) => text.includes('warning: locales:'));
    const declared = (await readFile(path.join(dir, 'site.yaml'), 'utf8')).split('\n').findIndex((text) => text.startsWith('locales:')) + 1;
    assert.equal(line, `${dir}/site.yaml:${declared}: warning: locales: fr has no translation of 2 pages and 1 product, answered in de meanwhile; add products/fr/${product}.md, pages/fr/index.md, pages/fr/privacy.md`);
  });
});
