import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, useTestApp } from '../helper.js';
import { mirrorPath, sitePaths } from './routes.js';
import { WEBMCP_SCRIPT_PATH, WEBMCP_TOOLS_PATH } from '../../src/site/assets.js';

let server: Service;
let catalog: Catalog;
useTestApp((app) => ({ server, catalog } = app));

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function get(url: string, headers: Record<string, string> = {}) {
  return server.inject({ method: 'GET', url, headers });
}

describe('every site route', () => {
  test('answers HTML by default, with Vary, a CSP, the cache policy and a link to its markdown mirror', async () => {
    for (const path of sitePaths(catalog)) {
      const response = await get(path);
      assert.equal(response.statusCode, 200, path);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', path);
      assert.equal(response.headers.vary, 'Accept, Accept-Encoding', path);
      assert.equal(response.headers['content-security-policy'], CSP, path);
      assert.equal(response.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=86400', path);
      assert.equal(response.headers['access-control-allow-origin'], '*', path);
      assert.match(String(response.headers.etag), /^"[\w-]+"$/, path);
      assert.ok(response.body.startsWith('<!doctype html>\n<html lang="'), path);
      assert.ok(response.body.includes(`<link rel="alternate" type="text/markdown" href="${mirrorPath(path)}" title="Markdown">`), path);
      assert.ok(response.body.includes(`<link rel="canonical" href="${BASE_URL}${path}">`), path);
      // One script runs, the site's own file (deferred, no inline code); the structured data is data (JSON-LD), not code.
      const scripts = [...response.body.matchAll(/<script\b[^>]*>([^<]*)<\/script>/gi)];
      assert.deepEqual(
        scripts.map((m) => m[0].replace(/>[^<]*</, '><')),
        [`<script src="${WEBMCP_SCRIPT_PATH}" data-tools="${WEBMCP_TOOLS_PATH}" defer></script>`, '<script type="application/ld+json"></script>'],
        `${path} loads the WebMCP script and has its JSON-LD`,
      );
      assert.equal(scripts[0]![1], '', `${path} has no inline script`);
      assert.ok(!/\sstyle="/i.test(response.body), `${path} has no inline style (the CSP would block it)`);
    }
  });

  test('answers its markdown mirror to Accept: text/markdown, the same bytes as its /md/ file', async () => {
    for (const path of sitePaths(catalog)) {
      const negotiated = await get(path, { accept: 'text/markdown' });
      assert.equal(negotiated.statusCode, 200, path);
      assert.equal(negotiated.headers['content-type'], 'text/markdown; charset=utf-8', path);
      assert.equal(negotiated.headers.vary, 'Accept, Accept-Encoding', path);
      assert.equal(negotiated.headers['content-location'], mirrorPath(path), path);
      assert.equal(negotiated.headers.link, `<${BASE_URL}${path}>; rel="canonical"`, path);
      assert.equal(negotiated.headers['x-markdown-tokens'], String(Math.ceil([...negotiated.body].length / 4)), path);
      const file = await get(mirrorPath(path));
      assert.equal(file.statusCode, 200, mirrorPath(path));
      assert.equal(negotiated.body, file.body, path);
      assert.ok(negotiated.body.startsWith('# '), `${path} starts with its title`);
    }
  });

  test('answers HEAD with the headers of GET and no body', async () => {
    const response = await server.inject({ method: 'HEAD', url: '/products' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.body, '');
  });
});

describe('content negotiation', () => {
  const cases: [string | undefined, 'html' | 'markdown'][] = [
    [undefined, 'html'],
    ['*/*', 'html'],
    ['text/*', 'html'],
    ['text/html', 'html'],
    ['text/markdown', 'markdown'],
    ['text/html;q=0.9, text/markdown', 'markdown'],
    ['text/markdown;q=0.5, text/html', 'html'],
    ['text/markdown, text/html', 'markdown'],
    ['text/markdown, */*;q=0.1', 'markdown'],
    ['*/*;q=0.8, text/markdown;q=0.9', 'markdown'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
    // RFC 9110 section 12.5.1: a server may disregard an Accept it cannot satisfy; a page beats a 406.
    ['application/json', 'html'],
  ];
  for (const [accept, expected] of cases) {
    test(`Accept: ${accept ?? '(none)'} gets ${expected}`, async () => {
      const response = await get('/about', accept === undefined ? {} : { accept });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], expected === 'html' ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8');
      assert.equal(response.headers.vary, 'Accept, Accept-Encoding');
    });
  }

  test('the two representations have different strong ETags, each answering 304 to its own', async () => {
    const htmlAnswer = await get('/method');
    const markdownAnswer = await get('/method', { accept: 'text/markdown' });
    assert.notEqual(htmlAnswer.headers.etag, markdownAnswer.headers.etag);
    const revalidated = await get('/method', { accept: 'text/markdown', 'if-none-match': String(markdownAnswer.headers.etag) });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.body, '');
    assert.equal(revalidated.headers.etag, markdownAnswer.headers.etag);
    const mismatched = await get('/method', { 'if-none-match': String(markdownAnswer.headers.etag) });
    assert.equal(mismatched.statusCode, 200);
  });

  test('site routes are outside the quota and carry no API version', async () => {
    const response = await get('/');
    assert.equal(response.headers['ratelimit'], undefined);
    assert.equal(response.headers['x-api-version'], undefined);
  });
});

describe('filters and pages of listing routes', () => {
  test('each language has its own blog; GET /blog?category=... lists only matching articles, in HTML and in markdown', async () => {
    const category = catalog.site.post_categories.en?.[0] ?? '';
    const expected = catalog.posts.filter((p) => p.category === category && p.locale === 'en');
    assert.ok(expected.length > 0);
    const query = `/blog?category=${encodeURIComponent(category)}`;
    const page = await get(query);
    assert.equal(page.statusCode, 200);
    const linked = [...page.body.matchAll(/<li class="post-item[^"]*" lang="[^"]+">[\s\S]*?<h3><a href="\/blog\/([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual(linked, expected.map((p) => p.slug).slice(0, 10));
    const markdown = await get(query, { accept: 'text/markdown' });
    assert.equal(markdown.headers['content-location'], undefined, 'a filtered list is not the /md/ file');
    for (const post of catalog.posts) {
      assert.equal(markdown.body.includes(`](${post.url})`), expected.includes(post), post.slug);
    }
  });

  test('the blog of one language links the other\'s, and the old locale filter leads there for good', async () => {
    const english = await get('/blog');
    assert.ok(english.body.includes(`<link rel="alternate" hreflang="pt-BR" href="${BASE_URL}/pt-BR/blog">`));
    const listed = [...english.body.matchAll(/<li class="post-item[^"]*" lang="([^"]+)">/g)].map((m) => m[1]);
    assert.ok(listed.length > 0 && listed.every((locale) => locale === 'en'), 'the English blog lists English articles only');
    const moved = await get('/blog?locale=pt-BR&page=2');
    assert.equal(moved.statusCode, 301);
    assert.equal(moved.headers.location, `${BASE_URL}/pt-BR/blog?page=2`);
    const portuguese = await get('/pt-BR/blog');
    assert.ok(portuguese.body.includes('<html lang="pt-BR">'));
    assert.ok([...portuguese.body.matchAll(/<li class="post-item[^"]*" lang="([^"]+)">/g)].every((m) => m[1] === 'pt-BR'));
  });

  test('an empty filter value (the form\'s "All") is no filter, and unknown parameters are ignored', async () => {
    const plain = await get('/blog');
    const emptied = await get('/blog?category=&locale=&utm_source=newsletter');
    assert.equal(emptied.statusCode, 200);
    assert.equal(emptied.body.replace(/<link rel="canonical"[^>]*>/, ''), plain.body.replace(/<link rel="canonical"[^>]*>/, ''));
  });

  test('GET /blog?page=2 shows the next ten articles, newest first', async () => {
    const response = await get('/blog?page=2');
    assert.equal(response.statusCode, 200);
    const linked = [...response.body.matchAll(/<li class="post-item[^"]*" lang="[^"]+">[\s\S]*?<h3><a href="\/blog\/([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual(linked, catalog.posts.filter((p) => p.locale === 'en').slice(10, 20).map((p) => p.slug));
    assert.ok(response.body.includes('<a href="/blog?page=2" aria-current="page">2</a>'));
  });

  test('a page past the last answers 404 naming the last page', async () => {
    const last = Math.ceil(catalog.posts.filter((p) => p.locale === 'en').length / 10);
    for (const accept of ['text/html', 'text/markdown']) {
      const response = await get(`/blog?page=${last + 1}`, { accept });
      assert.equal(response.statusCode, 404);
      assert.ok(response.body.includes(`it has ${last} pages`), response.body);
    }
  });

  test('a value outside the allowed set answers 400 with the allowed values', async () => {
    const response = await get('/blog?category=Cooking');
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.ok(response.body.includes('There is no category &quot;Cooking&quot;.'), response.body);
    for (const bad of ['/blog?page=0', '/blog?page=abc', '/blog?locale=fr', '/blog?page=1&page=2', '/products?status=retired', '/products?tag=Nope']) {
      assert.equal((await get(bad)).statusCode, 400, bad);
    }
  });

  test("a filter or search a page cannot take is told in the page's language, with what to do instead", async () => {
    const cases: [string, string, string][] = [
      ['/pt-BR/blog?page=abc', 'O número da página deve ser um número inteiro a partir de 1; veio “abc”.', 'Abra /pt-BR/blog?page=2 ou siga os links de página no fim de /pt-BR/blog.'],
      ['/pt-BR/blog?category=Nada', 'Não existe a categoria “Nada”.', 'Escolha uma destas opções: '],
      ['/pt-BR/blog?page=1&page=2', 'O parâmetro “page” aparece 2 vezes; informe-o uma vez só.', 'Abra /pt-BR/blog com no máximo um “page”.'],
      ['/pt-BR/products?tag=Nada', 'Não existe a tag “Nada”.', 'ou abra /pt-BR/products sem esse filtro.'],
      [`/pt-BR/search?q=${'a'.repeat(201)}`, 'A busca tem mais de 200 caracteres.', 'Busque algumas palavras em /pt-BR/search.'],
      ['/pt-BR/search?q=nuvem&offset=x', 'O deslocamento deve ser um número inteiro a partir de 0; veio “x”.', 'Siga os links abaixo dos resultados de /pt-BR/search.'],
    ];
    for (const [url, detail, hint] of cases) {
      const page = await get(url);
      assert.equal(page.statusCode, 400, url);
      assert.ok(page.body.includes('<html lang="pt-BR">'), url);
      assert.ok(page.body.includes('<h1>Este endereço não funciona</h1>'), url);
      assert.ok(page.body.includes(`<p class="lead">${detail}</p>`), `${url}: ${/<p class="lead">.*<\/p>/.exec(page.body)?.[0]}`);
      assert.ok(page.body.includes(hint), `${url}: ${hint}`);
      const markdown = await get(url, { accept: 'text/markdown' });
      assert.ok(markdown.body.startsWith(`# Este endereço não funciona\n\n400: ${detail}`), markdown.body);
    }
  });

  test('GET /products?tag=... and ?status=... list only matching products', async () => {
    const tag = catalog.products[0]?.tags[0] ?? '';
    const response = await get(`/products?tag=${encodeURIComponent(tag)}`, { accept: 'text/markdown' });
    assert.equal(response.statusCode, 200);
    for (const product of catalog.products) assert.equal(response.body.includes(`](${product.url})`), product.tags.includes(tag), product.slug);
    const live = await get('/products?status=coming-soon');
    const cards = [...live.body.matchAll(/<h3><a href="\/products\/([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual(cards, catalog.products.filter((p) => p.status === 'coming-soon').map((p) => p.slug));
  });
});

describe('errors on the site', () => {
  test('an unknown route answers a 404 page in HTML, with the site around it', async () => {
    const response = await get('/no-such-page');
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], CSP);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers.vary, 'Accept, Accept-Encoding');
    assert.ok(response.body.includes('<h1>Page not found</h1>'));
    assert.ok(response.body.includes('There is no page at /no-such-page.'));
    assert.ok(response.body.includes('<nav class="site-nav" aria-label="Main">'));
    const portuguese = await get('/pt-BR/nada-aqui');
    assert.equal(portuguese.statusCode, 404);
    assert.ok(portuguese.body.includes('<html lang="pt-BR">'));
    assert.ok(portuguese.body.includes('<h1>Página não encontrada</h1>'));
  });

  test('an unknown route answers markdown to Accept: text/markdown and a problem document to JSON clients', async () => {
    const markdown = await get('/products/no-such-product', { accept: 'text/markdown' });
    assert.equal(markdown.statusCode, 404);
    assert.equal(markdown.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.ok(markdown.body.startsWith('# Page not found\n\n404: There is no page at /products/no-such-product.'), markdown.body);
    const json = await get('/deep/no/such/path', { accept: 'application/json' });
    assert.equal(json.statusCode, 404);
    assert.equal(json.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(json.json().type, `${BASE_URL}/developers#not_found`);
  });

  test('/index is not a second home page, and unknown articles and mirrors are 404', async () => {
    for (const path of ['/index', '/blog/no-such-post', '/md/no-such.md', '/md/', '/feeds/xx.xml', '/assets/nope.css']) {
      assert.equal((await get(path)).statusCode, 404, path);
    }
  });

  test('a write to a page that does not exist answers 404, not 405', async () => {
    for (const url of ['/no-such-page', '/products/no-such-product', '/blog/no-such-post', '/md/no-such.md', '/feeds/fr.xml']) {
      const response = await server.inject({ method: 'POST', url });
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.headers.allow, undefined, url);
    }
    // Every API endpoint answers 405 to another method, whatever the slug: the API's contract.
    assert.equal((await server.inject({ method: 'POST', url: '/api/v1/products/no-such-product' })).statusCode, 405);
  });

  test('a write to a site route answers 405 with Allow, as a page', async () => {
    const response = await server.inject({ method: 'POST', url: '/about' });
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.allow, 'GET, HEAD');
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.ok(response.body.includes('This site is read-only: /about answers GET and HEAD, not POST.'));
  });
});

describe('the stylesheet and icon', () => {
  test('GET /assets/site.css answers CSS with the cache policy and revalidates with 304', async () => {
    const response = await get('/assets/site.css');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=86400');
    assert.ok(response.body.includes('prefers-color-scheme: dark'));
    const again = await get('/assets/site.css', { 'if-none-match': String(response.headers.etag) });
    assert.equal(again.statusCode, 304);
  });

  test('every page links the stylesheet by its content hash, kept a year, and the icon', async () => {
    const page = await get('/');
    const href = /<link rel="stylesheet" href="(\/assets\/site\.[0-9a-f]{10}\.css)">/.exec(page.body)?.[1];
    assert.ok(href, 'a versioned stylesheet link');
    const versioned = await get(href);
    assert.equal(versioned.statusCode, 200);
    assert.equal(versioned.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(versioned.headers['content-encoding'], undefined);
    const compressed = await get(`${href}?utm_source=x`, { 'accept-encoding': 'br' });
    assert.equal(compressed.headers['content-encoding'], 'br', 'a query string does not stop compression');
    const icon = await get('/assets/icon.svg');
    assert.equal(icon.statusCode, 200);
    assert.equal(icon.headers['content-type'], 'image/svg+xml; charset=utf-8');
    assert.ok(icon.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
  });
});
