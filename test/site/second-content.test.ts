import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Catalog } from '../../src/content/types.js';
import type { Service } from '../../src/http/service.js';
import { BASE_URL, buildTestApp, FIXTURES, ROOT, testCatalog } from '../helper.js';

/**
 * A second company (a bakery whose default language is Portuguese, with an
 * English translation, its own logo, icon, pictures and share card) served
 * by the same engine: every page, document and answer speaks of it and of
 * nothing in the demo content.
 */

const DIR = path.join(FIXTURES, 'bilingual');
let server: Service;
let catalog: Catalog;
let demoWords: string[];

before(async () => {
  catalog = await testCatalog(DIR);
  ({ server } = await buildTestApp({ catalog }));
  // Names only the demo content has: its company, products and people.
  const demo = await testCatalog();
  demoWords = [demo.company.trade_name, demo.company.legal_name, demo.company.cnpj!, ...demo.products.map((p) => p.name), demo.site.name];
});
after(() => server?.close());

const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

/** The JSON-LD graph of a page. */
function graphOf(body: string): { '@type': string; [key: string]: unknown }[] {
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  assert.ok(script, 'the page has structured data');
  return (JSON.parse(script) as { '@graph': { '@type': string }[] })['@graph'];
}

describe('a second content folder', () => {
  test('no page, document or answer mentions the demo company', async () => {
    const urls = ['/', '/about', '/en', '/en/about', '/blog', '/en/blog', '/search?q=queijo', '/products/pao-de-queijo', '/blog/receita-de-broa', '/llms.txt', '/llms-full.txt', '/sitemap.xml', '/feeds/pt-BR.xml', '/manifest.webmanifest', '/.well-known/security.txt', '/api/v1/company', '/api/v1/products', '/openapi.json', '/md/index.md'];
    for (const url of urls) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      for (const word of demoWords) assert.ok(!response.body.includes(word), `${url} mentions "${word}"`);
    }
    // Nor does the engine's code name it.
    const sources = (await readdir(path.join(ROOT, 'src'), { recursive: true })).filter((file) => /\.(ts|css)$/.test(file));
    for (const file of sources) {
      const text = await readFile(path.join(ROOT, 'src', file), 'utf8');
      for (const word of demoWords) assert.ok(!text.includes(word), `src/${file} names "${word}"`);
    }
  });

  test('the frame speaks the default language, Portuguese, with the company logo and icons', async () => {
    const home = (await get('/')).body;
    assert.ok(home.startsWith('<!doctype html>\n<html lang="pt-BR">'));
    assert.ok(home.includes('<a class="skip-link" href="#main">Pular para o conteúdo</a>'));
    const logo = catalog.company.logo!;
    assert.ok(home.includes(`<img class="brand-logo" src="${new URL(logo.url).pathname}" alt="Padaria Lumen" width="160" height="48">`));
    assert.ok(home.includes(`<link rel="icon" href="${new URL(catalog.site.icons.png!.url).pathname}" type="image/png" sizes="256x256">`));
    // No ico in this content: /favicon.ico is missing, honestly.
    assert.equal((await get('/favicon.ico')).statusCode, 404);
    const manifest = (await get('/manifest.webmanifest')).json() as { name: string; lang: string; icons: { sizes: string }[] };
    assert.equal(manifest.name, 'Padaria Lumen');
    assert.equal(manifest.lang, 'pt-BR');
    assert.deepEqual(manifest.icons.map((i) => i.sizes), ['256x256']);
  });

  test('a translated page is linked both ways, with x-default on the default language', async () => {
    const about = (await get('/about')).body;
    assert.ok(about.includes(`<link rel="alternate" hreflang="en" href="${BASE_URL}/en/about">`));
    assert.ok(about.includes(`<link rel="alternate" hreflang="x-default" href="${BASE_URL}/about">`));
    assert.ok(about.includes('<a href="/en/about" hreflang="en" lang="en">English</a>'));
    const english = (await get('/en/about')).body;
    assert.ok(english.startsWith('<!doctype html>\n<html lang="en">'));
    assert.ok(english.includes('<a class="skip-link" href="#main">Skip to content</a>'));
    assert.ok(english.includes('<h1>About the bakery</h1>'));
    assert.ok(english.includes('<a href="/about" hreflang="pt-BR" lang="pt-BR">Português (Brasil)</a>'));
    // Untranslated in English, the home page still exists there (each language has one), framed in English.
    assert.ok((await get('/en')).body.includes('<html lang="en">'));
    const sitemap = (await get('/sitemap.xml')).body;
    assert.ok(sitemap.includes(`<xhtml:link rel="alternate" hreflang="en" href="${BASE_URL}/en/about"/>`));
  });

  test('the API serves the page in each locale and says which', async () => {
    const pt = (await get('/api/v1/pages/about')).json() as { locale: string; title: string; translations: { locale: string; url: string }[] };
    assert.equal(pt.locale, 'pt-BR');
    assert.deepEqual(pt.translations.map((t) => [t.locale, t.url]), [['en', `${BASE_URL}/en/about`]]);
    const en = (await get('/api/v1/pages/about?locale=en')).json() as { locale: string; title: string };
    assert.deepEqual([en.locale, en.title], ['en', 'About the bakery']);
    const list = (await get('/api/v1/pages?locale=en')).json() as { items: { slug: string }[] };
    assert.deepEqual(list.items.map((p) => p.slug), ['about']);
    // Not translated into English: the page in Portuguese, which says so.
    const untranslated = await get('/api/v1/pages/index?locale=en');
    assert.equal(untranslated.statusCode, 200);
    assert.equal(untranslated.headers['content-language'], 'pt-BR');
    assert.deepEqual((untranslated.json() as { fallback: unknown }).fallback, { requested_locale: 'en', available_locales: ['pt-BR'] });
  });

  test('a product picture goes everywhere the product goes, with its size read from the file', async () => {
    const product = (await get('/api/v1/products/pao-de-queijo')).json() as { image: { url: string; alt: string; width: number; height: number; media_type: string }; markdown: string };
    assert.equal(product.image.alt, 'Uma cesta de pães de queijo dourados');
    assert.deepEqual([product.image.width, product.image.height, product.image.media_type], [640, 336, 'image/png']);
    const file = await get(new URL(product.image.url).pathname);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    const served = await sharp(file.rawPayload).metadata();
    assert.deepEqual([served.format, served.width, served.height], ['png', 640, 336]);
    // On its page, in its widths (no wider than itself) and formats, each under the picture's hash.
    const media = new URL(product.image.url).pathname.split('/').slice(0, 3).join('/');
    const page = (await get('/products/pao-de-queijo')).body;
    assert.ok(page.includes(`<source type="image/avif" srcset="${media}/pao-320w.avif 320w, ${media}/pao-480w.avif 480w, ${media}/pao-640w.avif 640w" sizes="`), page);
    assert.ok(page.includes(`<source type="image/webp" srcset="${media}/pao-320w.webp 320w, ${media}/pao-480w.webp 480w, ${media}/pao-640w.webp 640w" sizes="`));
    assert.ok(page.includes(`src="${media}/pao-640w.png" srcset="${media}/pao-320w.png 320w, ${media}/pao-480w.png 480w, ${media}/pao-640w.png 640w"`));
    assert.ok(page.includes(`alt="Uma cesta de pães de queijo dourados" width="640" height="336" fetchpriority="high" decoding="async"></picture>`));
    // Its share card: the largest 1.91:1 cut of a picture smaller than 1200x630.
    assert.ok(page.includes(`<meta property="og:image" content="${BASE_URL}${media}/pao-card-640x336.png">`));
    const mirror = (await get('/md/products/pao-de-queijo.md')).body;
    assert.ok(mirror.includes(`![Uma cesta de pães de queijo dourados](${product.image.url})`));
    // A page without a picture of its own shares the site's card.
    assert.ok((await get('/about')).body.includes(`<meta property="og:image" content="${catalog.site.share_image!.card!.url}">`));
  });

  test('structured data names this company: its CNPJ, profiles and logo', async () => {
    const graph = graphOf((await get('/products/pao-de-queijo')).body);
    const organization = graph.find((node) => node['@type'] === 'Organization')!;
    assert.equal(organization.taxID, '11.222.333/0001-81');
    assert.equal(organization.legalName, 'Padaria Lumen Ltda.');
    assert.deepEqual(organization.sameAs, ['https://www.instagram.com/padaria.lumen']);
    assert.ok(graph.some((node) => node['@type'] === 'SoftwareApplication' && node.name === 'Pão de queijo'));
    const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement as { position: number }[];
    assert.deepEqual(crumbs.map((c) => c.position), [1, 2, 3]);
    const security = (await get('/.well-known/security.txt')).body;
    assert.match(security, /^Contact: mailto:ola@lumen\.example\nExpires: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\nPreferred-Languages: pt-BR, en\n/);
  });

  test('each language has its own blog and feed; the article is framed in its own language', async () => {
    const pt = (await get('/blog')).body;
    assert.ok(pt.includes('href="/blog/receita-de-broa"') && !pt.includes('href="/blog/corn-bread-recipe"'));
    const en = (await get('/en/blog')).body;
    assert.ok(en.includes('href="/blog/corn-bread-recipe"') && !en.includes('href="/blog/receita-de-broa"'));
    const article = (await get('/blog/corn-bread-recipe')).body;
    assert.ok(article.includes('<html lang="en">'));
    assert.ok(article.includes('<a href="/blog/receita-de-broa" hreflang="pt-BR" lang="pt-BR">'));
    assert.ok((await get('/feeds/en.xml')).body.includes('<title>Corn bread recipe</title>'));
  });
});
