import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import { mirrorMarkdown } from '../../src/documents/record-markdown.js';
import { statusWords } from '../../src/documents/labels.js';
import { wordsOf } from '../../src/documents/words.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, listenTestApp, testCatalog } from '../helper.js';
import { mirrorPath, sitePaths } from './routes.js';

let server: Service;
let url: string;
let catalog: Catalog;

before(async () => {
  ({ server, url } = await listenTestApp());
  catalog = await testCatalog();
});
after(() => server.close());

function get(path: string, headers: Record<string, string> = {}) {
  return server.inject({ method: 'GET', url: path, headers });
}

/** A GET whose path reaches the server byte for byte: no client normalizes its dot segments. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/md/ mirrors', () => {
  test('serve every site route and the company record as text/markdown with Vary and a token estimate', async () => {
    const paths = [...sitePaths(catalog).map(mirrorPath), '/md/company.md'];
    assert.equal(paths.length, new Set(paths).size);
    for (const path of paths) {
      const response = await get(path);
      assert.equal(response.statusCode, 200, path);
      assert.equal(response.headers['content-type'], 'text/markdown; charset=utf-8', path);
      assert.equal(response.headers.vary, 'Accept, Accept-Encoding', path);
      assert.equal(response.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=86400', path);
      assert.match(String(response.headers['x-markdown-tokens']), /^[1-9]\d*$/, path);
      assert.match(String(response.headers.etag), /^"[\w-]+"$/, path);
    }
  });

  test('the company record\'s markdown_url is served, and is the MCP resource text', async () => {
    const api = (await get('/api/v1/company')).json() as { markdown_url: string; markdown: string };
    assert.equal(api.markdown_url, `${BASE_URL}/md/company.md`);
    const response = await get('/md/company.md');
    assert.equal(response.body, mirrorMarkdown(catalog, catalog.company));
    assert.ok(response.body.includes(api.markdown));
  });

  test('each product mirror is the record\'s mirror: metadata first, then the API\'s markdown verbatim', async () => {
    for (const product of catalog.products) {
      const api = (await get(`/api/v1/products/${product.slug}`)).json() as { markdown: string; markdown_url: string; status: string };
      assert.equal(api.markdown_url, `${BASE_URL}/md/products/${product.slug}.md`);
      const response = await get(`/md/products/${product.slug}.md`);
      assert.equal(response.body, mirrorMarkdown(catalog, product));
      assert.ok(response.body.startsWith(`# ${product.name}\n`), product.slug);
      const head = response.body.slice(0, response.body.indexOf('\n---\n'));
      // Labelled as the product's page names its facts, its status in words.
      const w = wordsOf(catalog, product.locale);
      assert.ok(head.includes(`- ${w('mirror.status')}: ${statusWords(api.status, w)}`), head);
      assert.ok(head.includes(`- ${w('mirror.canonical_url')}: ${product.url}`), head);
      assert.ok(response.body.includes(api.markdown.trim()), product.slug);
    }
  });

  test('each post mirror starts with its date, category, locale and canonical URL, then the API\'s markdown verbatim', async () => {
    for (const post of catalog.posts) {
      const api = (await get(`/api/v1/posts/${post.slug}`)).json() as { markdown: string };
      const response = await get(`/md/blog/${post.slug}.md`);
      assert.equal(response.body, mirrorMarkdown(catalog, post));
      const head = response.body.slice(0, response.body.indexOf('\n---\n'));
      assert.ok(response.body.startsWith(`# ${post.title}\n`), post.slug);
      const w = wordsOf(catalog, post.locale);
      const facts = [`${w('mirror.published')}: ${post.published_at.slice(0, 10)}`, `${w('blog.category')}: ${post.category}`, `${w('mirror.language')}: ${post.locale}`, `${w('mirror.canonical_url')}: ${post.url}`];
      for (const fact of facts.map((line) => `- ${line}`)) {
        assert.ok(head.includes(fact), `${post.slug}: ${fact}`);
      }
      assert.ok(response.body.includes(api.markdown.trim()), post.slug);
    }
  });

  test('each page mirror begins with the page record\'s mirror and contains the API\'s markdown verbatim', async () => {
    for (const page of catalog.pages) {
      const api = (await get(`/api/v1/pages/${page.slug}`)).json() as { markdown: string; markdown_url: string };
      const response = await get(new URL(api.markdown_url).pathname);
      assert.equal(response.statusCode, 200, page.slug);
      assert.ok(response.body.startsWith(mirrorMarkdown(catalog, page).trimEnd()), page.slug);
      assert.ok(response.body.includes(api.markdown.trim()), page.slug);
    }
  });

  test('the listing mirrors add their list (every product, every article, the whole API reference), the contact page its channels; the others are the page\'s mirror', async () => {
    const products = (await get('/md/products.md')).body;
    for (const p of catalog.products) assert.ok(products.includes(`- [${p.name}](${p.url}) (${statusWords(p.status, wordsOf(catalog, 'en'))}): `), p.slug);
    // Each language's blog lists its own articles.
    for (const [mirror, locale] of [['/md/blog.md', 'en'], ['/md/pt-BR/blog.md', 'pt-BR']] as const) {
      const blog = (await get(mirror)).body;
      for (const p of catalog.posts) assert.equal(blog.includes(`](${p.url}) (${p.category}, ${p.locale}, `), p.locale === locale, p.slug);
    }
    const home = (await get('/md/index.md')).body;
    for (const p of catalog.products) assert.ok(home.includes(`](${p.url})`), p.slug);
    const developers = (await get('/md/developers.md')).body;
    for (const heading of ['## Endpoints', '## Rate limits', '## Versioning', '## Deprecation', '## Errors', '### `not_found`']) {
      assert.ok(developers.includes(`\n${heading}\n`), heading);
    }
    const contact = (await get('/md/contact.md')).body;
    assert.ok(contact.startsWith(mirrorMarkdown(catalog, catalog.pagesBySlug.get('contact')!).trimEnd()));
    for (const value of Object.values(catalog.company.contact)) assert.ok(contact.includes(value), value);
    for (const slug of ['about', 'method', 'privacy']) {
      const page = catalog.pagesBySlug.get(slug)!;
      assert.equal((await get(`/md/${slug}.md`)).body, mirrorMarkdown(catalog, page), `${slug}: the page's own mirror`);
    }
  });
});

describe('no path outside the content can be read through /md/', () => {
  const attempts = [
    '/md/../package.json',
    '/md/../../etc/passwd',
    '/md/%2e%2e/%2e%2e/etc/passwd',
    '/md/%2e%2e/package.json',
    '/md/..%2fpackage.json',
    '/md/..%2fsrc%2fapp.ts',
    '/md/..%2f..%2fetc%2fpasswd',
    '/md/%2E%2E%2Fpackage.json',
    '/md/products/../../package.json',
    '/md/products/..%2f..%2fpackage.json',
    '/md/blog/%2e%2e%2f%2e%2e%2fsrc%2fapp.ts',
    '/md/..%5cpackage.json',
    '/md/....//package.json',
    '/md//etc/passwd',
    '/md/%2fetc%2fpasswd',
    '/md/products/mare.md%00.json',
    '/md/index.md/../../package.json',
    '/md/pages/index.md',
    '/md/company',
  ];

  for (const attempt of attempts) {
    test(`GET ${attempt} answers 404 and nothing of the file system`, async () => {
      for (const response of [await rawGet(attempt), await get(attempt).then((r) => ({ status: r.statusCode, body: r.body }))]) {
        assert.equal(response.status, 404, response.body.slice(0, 200));
        assert.ok(!response.body.includes('"dependencies"'), 'no package.json');
        assert.ok(!response.body.includes('root:'), 'no /etc/passwd');
        assert.ok(!response.body.includes('buildApp'), 'no source file');
      }
    });
  }

  test('a path that is not valid percent-encoding answers 400, not a file', async () => {
    const response = await rawGet('/md/%E0%A4%A.md');
    assert.equal(response.status, 400);
  });
});
