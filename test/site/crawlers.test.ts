import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import { loadCatalog } from '../../src/content/load.js';
import type { Catalog } from '../../src/content/types.js';
import { digestOf } from '../../src/util/digest.js';
import { BASE_URL, buildTestApp, FIXTURES, useTestApp } from '../helper.js';
import { mirrorPath, sitePaths } from './routes.js';

let server: Service;
let catalog: Catalog;
useTestApp((app) => ({ server, catalog } = app));

function get(url: string) {
  return server.inject({ method: 'GET', url });
}

describe('GET /llms.txt', () => {
  test('follows the llms.txt format: an H1, a > summary, then H2 sections of [name](url): note links', async () => {
    const response = await get('/llms.txt');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    assert.equal(lines[0], `# ${catalog.site.name}`);
    assert.equal(lines[1], '');
    assert.equal(lines[2], `> ${catalog.site.description}`);
    const firstSection = lines.findIndex((line) => line.startsWith('## '));
    assert.ok(firstSection > 3);
    // Before the first H2: prose only (no headings of other levels).
    assert.ok(lines.slice(3, firstSection).every((line) => !line.startsWith('#')));
    const sections = lines.slice(firstSection);
    for (const line of sections) {
      if (line === '' || line.startsWith('## ')) continue;
      assert.match(line, /^- \[[^\]]+\]\(https?:\/\/[^\s)]+\)(: .+)?$/, line);
    }
    assert.ok(response.body.endsWith('\n'));
    assert.ok(sections.includes('## Optional'));
  });

  test('links the markdown mirror of every site route and the company record', async () => {
    const body = (await get('/llms.txt')).body;
    for (const path of sitePaths(catalog)) assert.ok(body.includes(`](${BASE_URL}${mirrorPath(path)})`), path);
    assert.ok(body.includes(`](${catalog.company.markdown_url})`));
  });

  test('GET /llms-full.txt holds the whole content inline', async () => {
    const response = await get('/llms-full.txt');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
    assert.ok(response.body.startsWith(`# ${catalog.site.name}\n\n> `));
    for (const record of [catalog.company, ...catalog.pages, ...catalog.products, ...catalog.posts]) {
      assert.ok(response.body.includes(record.markdown.trim()), record.url);
    }
    // Made in pieces, a slice at a time: still one text, counted and validated as a whole.
    assert.match(response.body, /\S\n$/, 'one final newline');
    assert.equal(response.headers['x-markdown-tokens'], String(Math.ceil([...response.body].length / 4)));
    assert.equal(response.headers.etag, `"${digestOf(Buffer.from(response.body))}"`);
  });
});

describe('GET /sitemap.xml', () => {
  test('lists every site route once, each with a lastmod', async () => {
    const response = await get('/sitemap.xml');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/xml; charset=utf-8');
    assert.ok(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'));
    const entries = [...response.body.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?(?:<xhtml:link [^>]+\/>\s*)*<\/url>/g)];
    const locs = entries.map((m) => m[1]);
    // Search result pages are kept out of indexes, so out of the sitemap too.
    const indexed = sitePaths(catalog).filter((p) => !p.endsWith('/search'));
    assert.deepEqual([...locs].sort(), indexed.map((p) => `${BASE_URL}${p}`).sort());
    for (const [, loc, lastmod] of entries) assert.match(String(lastmod), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, loc);
    // Every language version of a translated page or article names all of them.
    const about = `<url>\n    <loc>${BASE_URL}/about</loc>`;
    const aboutEntry = response.body.slice(response.body.indexOf(about), response.body.indexOf('</url>', response.body.indexOf(about)));
    assert.ok(aboutEntry.includes(`<xhtml:link rel="alternate" hreflang="pt-BR" href="${BASE_URL}/pt-BR/about"/>`), aboutEntry);
    assert.ok(aboutEntry.includes(`<xhtml:link rel="alternate" hreflang="en" href="${BASE_URL}/about"/>`), aboutEntry);
    const post = catalog.posts[0]!;
    assert.ok(response.body.includes(`<loc>${post.url}</loc>\n    <lastmod>${post.updated_at ?? post.published_at}</lastmod>`));
  });
});

describe('GET /robots.txt', () => {
  test('allows everything, states the usage preferences and names the sitemap', async () => {
    const response = await get('/robots.txt');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
    assert.ok(response.body.includes('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nContent-Usage: / search=y, ai-use=y, train-ai=n\nAllow: /\n'));
    assert.ok(response.body.includes(`Sitemap: ${BASE_URL}/sitemap.xml\n`));
  });
});

describe('Atom feeds', () => {
  test('one per locale, each with that locale\'s articles newest first and their full text', async () => {
    for (const locale of catalog.site.locales) {
      const response = await get(`/feeds/${locale}.xml`);
      assert.equal(response.statusCode, 200, locale);
      assert.equal(response.headers['content-type'], 'application/atom+xml; charset=utf-8');
      assert.ok(response.body.includes(`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`));
      assert.ok(response.body.includes(`<link rel="self" type="application/atom+xml" href="${BASE_URL}/feeds/${locale}.xml"/>`));
      const ids = [...response.body.matchAll(/<entry>\s*<title>[^<]*<\/title>\s*<id>([^<]+)<\/id>/g)].map((m) => m[1]);
      assert.deepEqual(ids, catalog.posts.filter((p) => p.locale === locale).map((p) => p.url));
      const contents = [...response.body.matchAll(/<content type="html">([\s\S]*?)<\/content>/g)].map((m) => m[1] ?? '');
      assert.equal(contents.length, ids.length);
      for (const content of contents) {
        assert.ok(!content.includes('<'), 'the content is escaped HTML');
        assert.ok(content.startsWith('&lt;'), 'the content is the rendered article');
      }
    }
  });

  test('the blog and every post announce the feeds', async () => {
    const blog = (await get('/blog')).body;
    for (const locale of catalog.site.locales) assert.ok(blog.includes(`<link rel="alternate" type="application/atom+xml" href="/feeds/${locale}.xml"`), locale);
  });
});

describe('documents for crawlers', () => {
  test('carry the cache policy, a strong ETag and CORS, and answer 304 to a matching If-None-Match', async () => {
    for (const url of ['/llms.txt', '/llms-full.txt', '/sitemap.xml', '/robots.txt', `/feeds/${catalog.site.default_locale}.xml`]) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=86400', url);
      assert.equal(response.headers['access-control-allow-origin'], '*', url);
      assert.match(String(response.headers.etag), /^"[\w-]+"$/, url);
      const again = await server.inject({ url, headers: { 'if-none-match': String(response.headers.etag) } });
      assert.equal(again.statusCode, 304, url);
    }
  });
});

describe('the site over other content', () => {
  let dir: string;
  let other: Service;

  before(async () => {
    // The minimal fixture, with hostile text in an article: the templates must escape it.
    dir = await mkdtemp(path.join(tmpdir(), 'vitrine-site-'));
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const postFile = path.join(dir, 'posts', 'receita-de-broa.md');
    const source = await readFile(postFile, 'utf8');
    await writeFile(
      postFile,
      source
        .replace('title: Receita de broa', 'title: "Broa <script>alert(1)</script>"')
        .replace('Misture o fubá.', 'Misture o fubá. <img src=x onerror=alert(1)> [x](javascript:alert(1))'),
    );
    ({ server: other } = await buildTestApp({ catalog: await loadCatalog({ dir, baseUrl: BASE_URL }) }));
  });
  after(async () => {
    await other.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('escapes text and markdown from the content', async () => {
    const response = await other.inject({ url: '/blog/receita-de-broa' });
    assert.equal(response.statusCode, 200);
    assert.ok(!response.body.includes('<script>alert(1)</script>'));
    assert.ok(response.body.includes('<h1>Broa &lt;script&gt;alert(1)&lt;/script&gt;</h1>'));
    assert.ok(response.body.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(!response.body.includes('href="javascript:'));
  });

  test('serves the pages that content has, the generated listings, and 404 for the others', async () => {
    for (const url of ['/', '/about', '/products', '/blog', '/developers', '/products/pao-de-queijo', '/md/index.md', '/md/products.md']) {
      assert.equal((await other.inject({ url })).statusCode, 200, url);
    }
    for (const url of ['/method', '/privacy', '/md/method.md']) assert.equal((await other.inject({ url })).statusCode, 404, url);
    const home = (await other.inject({ url: '/' })).body;
    assert.ok(home.includes('<html lang="pt-BR">'));
    assert.ok(home.includes('Padaria Lumen'));
  });

  test('reads the Catalog in force at each request: a reload changes the site at once', async () => {
    const { server: swapped, store } = await buildTestApp();
    try {
      assert.ok((await swapped.inject({ url: '/' })).body.includes(`<title>${catalog.site.name}</title>`));
      store.replace(await loadCatalog({ dir, baseUrl: BASE_URL }));
      const home = await swapped.inject({ url: '/' });
      assert.ok(home.body.includes('<title>Página index · Padaria Lumen</title>'), home.body.slice(0, 400));
      assert.equal((await swapped.inject({ url: '/method' })).statusCode, 404);
      assert.ok((await swapped.inject({ url: '/sitemap.xml' })).body.includes(`${BASE_URL}/products/pao-de-queijo`));
    } finally {
      await swapped.close();
    }
  });
});
