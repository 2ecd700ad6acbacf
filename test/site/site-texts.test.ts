import assert from 'node:assert/strict';
import { appendFile, copyFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { App } from '../../src/app.js';
import { checkContent } from '../../src/check/content-check.js';
import type { Catalog } from '../../src/content/types.js';
import { ROOT, listenTestApp, testCatalog } from '../helper.js';
import { asToolPage, CHOICE_FIELDS, connectClient, structured } from '../mcp/_client.js';
import { starterSite } from '../process.js';

/**
 * The texts of site.yaml that readers see, in the language of each page: a
 * starter of three languages (German first), as `vitrine init --locales
 * de,en,fr` writes it, with a share picture whose text is given in German
 * and English only, and a product picture whose English translation gives
 * its own text. Its product tag (Leistungen) and post tag (Unternehmen) are
 * labelled in English and French; posts are filtered on their tags in every
 * door.
 */

let dir: string;
let remove: (() => Promise<void>) | undefined;
let catalog: Catalog;
let app: App & { url: string };
let client: Client;
let slug: string;

const SHARE_ALT = { de: 'Das Firmenlogo auf hellem Grund', en: 'The company logo on a light background' };
const PRODUCT_ALT = { de: 'Ein Messgerät auf dem Labortisch', en: 'A measuring instrument on the lab bench' };

before(async () => {
  ({ dir, remove } = await starterSite('alpen', ['--locales', 'de,en,fr', '--country', 'AT']));
  await mkdir(path.join(dir, 'images'), { recursive: true });
  await copyFile(path.join(ROOT, 'content', 'images', 'share.png'), path.join(dir, 'images', 'share.png'));
  await appendFile(path.join(dir, 'site.yaml'), `share_image:\n  file: images/share.png\n  alt:\n    de: "${SHARE_ALT.de}"\n    en: "${SHARE_ALT.en}"\n`);
  slug = (await readdir(path.join(dir, 'products'))).find((file) => file.endsWith('.md'))!.replace(/\.md$/, '');
  // The original product shows a picture; its English translation gives the picture's text alone.
  await addToFrontMatter(`products/${slug}.md`, `image:\n  file: images/share.png\n  alt: "${PRODUCT_ALT.de}"`);
  await addToFrontMatter(`products/en/${slug}.md`, `image:\n  alt: "${PRODUCT_ALT.en}"`);
  catalog = await testCatalog(dir);
  app = await listenTestApp({ catalog });
  ({ client } = await connectClient(app.url));
});
after(async () => {
  await client?.close();
  await app?.server.close();
  await remove?.();
});

async function addToFrontMatter(file: string, lines: string): Promise<void> {
  const source = await readFile(path.join(dir, file), 'utf8');
  await writeFile(path.join(dir, file), source.replace(/^---\n/, `---\n${lines}\n`));
}

const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ url, headers });
const json = async (url: string) => (await get(url)).json() as Record<string, unknown>;

describe('the site description and share picture text per locale', () => {
  test("each locale's feed has its own description as its subtitle", async () => {
    for (const locale of ['de', 'en', 'fr']) {
      const feed = (await get(`/feeds/${locale}.xml`)).body;
      assert.ok(feed.includes(`<subtitle>${catalog.site.descriptions[locale]!.replace(/'/g, '&#39;')}</subtitle>`), `${locale}: ${feed.slice(0, 600)}`);
    }
    assert.notEqual(catalog.site.descriptions.en, catalog.site.descriptions.fr);
  });

  test("a page's structured data describes the site in the page's language", async () => {
    for (const [path, locale] of [['/', 'de'], ['/en/about', 'en'], ['/fr/about', 'fr']] as const) {
      const page = (await get(path)).body;
      const graph = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!) as { '@graph': { '@type': string; description?: string }[] };
      assert.equal(graph['@graph'].find((node) => node['@type'] === 'WebSite')?.description, catalog.site.descriptions[locale], path);
    }
  });

  test("a page's share card shows the share picture's text of its locale, and the default locale's where its own is not given", async () => {
    const alt = async (path: string) => /<meta property="og:image:alt" content="([^"]*)"/.exec((await get(path)).body)?.[1];
    assert.equal(await alt('/about'), SHARE_ALT.de);
    assert.equal(await alt('/en/about'), SHARE_ALT.en);
    assert.equal(await alt('/fr/about'), SHARE_ALT.de);
  });

  test("a product translation that gives its picture's text alone shows the original's picture with it, in every door", async () => {
    const english = catalog.productsByLocale.get('en')!.bySlug.get(slug)!;
    assert.equal(english.image?.url, catalog.products[0]!.image?.url);
    assert.equal(english.image?.alt, PRODUCT_ALT.en);
    assert.match((await get(`/en/products/${slug}`)).body, new RegExp(`alt="${PRODUCT_ALT.en}"`));
    assert.equal((await json(`/api/v1/products/${slug}?locale=en`)).image && ((await json(`/api/v1/products/${slug}?locale=en`)).image as { alt: string }).alt, PRODUCT_ALT.en);
    assert.match((await get(`/md/en/products/${slug}.md`)).body, new RegExp(`!\\[${PRODUCT_ALT.en}\\]`));
  });

  test('vitrine check warns of the share picture text and the product picture text the French pages would show in German, naming file and field', async () => {
    const report = await checkContent(dir);
    assert.deepEqual(report.errors, []);
    // The starter's own warnings (TODO left, no identifier) aside.
    const warnings = report.warnings.filter((warning) => warning.field === 'image' || warning.field === 'share_image.alt');
    assert.deepEqual(
      warnings.map(({ file, field, message }) => [path.relative(dir, file), field, message]),
      [
        [`products/fr/${slug}.md`, 'image', `is not given, so the fr page shows the picture of products/${slug}.md with its de alt text "${PRODUCT_ALT.de}"; give this translation its own text: image: {alt: "..."}`],
        ['site.yaml', 'share_image.alt', `has no text for fr, whose share cards show the de text "${SHARE_ALT.de}"; give one per locale: {de: ..., fr: ...}`],
      ],
    );
  });
});

describe('tag labels per locale', () => {
  test('the English product list and product page show the tag by its English label, linked as written', async () => {
    for (const path of ['/en/products', `/en/products/${slug}`]) {
      const page = (await get(path)).body;
      assert.match(page, /<a class="tag" href="\/en\/products\?tag=Leistungen">Services<\/a>/, path);
      assert.doesNotMatch(page, />Leistungen</, path);
    }
    assert.match((await get(`/products/${slug}`)).body, /<a class="tag" href="\/products\?tag=Leistungen">Leistungen<\/a>/);
  });

  test('the filtered list is headed by the label, and takes the tag as written or as labelled in its language', async () => {
    const asWritten = await get('/en/products?tag=Leistungen');
    assert.equal(asWritten.statusCode, 200);
    assert.match(asWritten.body, /<h2 id="product-list">Products: Services<\/h2>/);
    for (const label of ['Services', 'services']) {
      const byLabel = await get(`/en/products?tag=${label}`);
      assert.equal(byLabel.statusCode, 200, label);
      assert.match(byLabel.body, /Products: Services/, label);
    }
    // A label of another language is not this page's.
    assert.equal((await get('/products?tag=Services')).statusCode, 400);
  });

  test("a refused tag is answered with the tags by the page's labels", async () => {
    const refused = await get('/fr/blog?tag=nope');
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /Entreprise/);
    assert.doesNotMatch(refused.body, /Unternehmen/);
  });

  test('the markdown mirrors show the label of their locale', async () => {
    assert.match((await get(`/md/en/products/${slug}.md`)).body, /^- Tags: Services$/m);
    assert.match((await get(`/md/products/${slug}.md`)).body, /^- Schlagwörter: Leistungen$/m);
    assert.match((await get('/en/products?tag=Leistungen', { accept: 'text/markdown' })).body, /Tags: Services\./);
  });

  test('REST and MCP answer and filter the tag as written, never a label', async () => {
    const products = await json('/api/v1/products?locale=en');
    assert.deepEqual((products.items as { tags: string[] }[])[0]!.tags, ['Leistungen']);
    assert.equal((await get('/api/v1/products?tag=Services')).statusCode, 400);
    const listed = structured(await client.callTool({ name: 'list_products', arguments: { locale: 'en' } }));
    assert.deepEqual((listed.items as { tags: string[] }[])[0]!.tags, ['Leistungen']);
  });
});

describe("posts' tags", () => {
  test('GET /api/v1/posts?tag= lists the posts with one of the tags, whatever its case', async () => {
    assert.deepEqual(catalog.site.post_tags, ['Unternehmen']);
    for (const tag of ['Unternehmen', 'unternehmen']) {
      const body = await json(`/api/v1/posts?tag=${tag}`);
      assert.equal(body.total, 3, tag);
      assert.deepEqual((body.items as { tags: string[] }[]).map((post) => post.tags), [['Unternehmen'], ['Unternehmen'], ['Unternehmen']]);
    }
  });

  test('a tag no post may carry is refused as a product tag is, with the tags accepted', async () => {
    const response = await get('/api/v1/posts?tag=Nope');
    assert.equal(response.statusCode, 400);
    const body = response.json() as Record<string, unknown>;
    assert.equal(body.code, 'invalid_parameter');
    assert.equal(body.parameter, 'tag');
    assert.deepEqual(body.accepted, ['Unternehmen']);
  });

  test("list_posts's tag argument answers the page GET /api/v1/posts?tag= answers", async () => {
    const rest = await json('/api/v1/posts?tag=Unternehmen&locale=en&limit=10');
    assert.deepEqual(structured(await client.callTool({ name: 'list_posts', arguments: { tag: 'unternehmen', locale: 'en' } })), asToolPage(rest, CHOICE_FIELDS.post));
    const refused = await client.callTool({ name: 'list_posts', arguments: { tag: 'Nope' } });
    assert.equal(refused.isError, true);
  });

  test("the blog filters on a tag as written or by its label, shows the tag on each article, and offers the tags its articles carry", async () => {
    for (const tag of ['Unternehmen', 'Company']) {
      const page = await get(`/en/blog?tag=${tag}`);
      assert.equal(page.statusCode, 200, tag);
      assert.match(page.body, /1 article, newest first/, tag);
    }
    const blog = (await get('/en/blog')).body;
    assert.match(blog, /<select id="filter-tag" name="tag">/);
    assert.match(blog, /<option value="Unternehmen">Company<\/option>/);
    const post = catalog.posts.find((p) => p.locale === 'en')!;
    assert.match((await get(new URL(post.url).pathname)).body, /<a class="tag" href="\/en\/blog\?tag=Unternehmen">Company<\/a>/);
    assert.match((await get(new URL(post.markdown_url).pathname)).body, /^- Tags: Company$/m);
    // Atom's category: the term as written, the label as the feed's language shows it.
    assert.match((await get('/feeds/en.xml')).body, /<category term="Unternehmen" label="Company"\/>/);
  });

  test('/openapi.json states the tags a post may carry', async () => {
    const document = await json('/openapi.json');
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, { items: { enum?: string[] } }> }> }).schemas;
    assert.deepEqual(schemas.PostSummary!.properties.tags!.items.enum, ['Unternehmen']);
    const parameters = (document.paths as Record<string, { get: { parameters: { name: string; description: string }[] } }>)['/api/v1/posts']!.get.parameters;
    assert.match(parameters.find((p) => p.name === 'tag')!.description, /Only posts with one of these tags/);
  });
});

describe('vitrine check on tag_labels', () => {
  test('names an unknown tag and an unknown locale with the nearest, and a label that reads like another tag', async () => {
    const copy = `${dir}-labels`;
    await cp(dir, copy, { recursive: true });
    const site = await readFile(path.join(copy, 'site.yaml'), 'utf8');
    await writeFile(
      path.join(copy, 'site.yaml'),
      site.replace(/^tag_labels:\n/m, 'tag_labels:\n  "Leistung": {"en": "Services"}\n  "Unternehmen": {"en": "Company", "fra": "Entreprise", "de": "Leistungen"}\n').replace(/^ {2}"Unternehmen": \{"en": "Company", "fr": "Entreprise"\}\n/m, ''),
    );
    const report = await checkContent(copy);
    assert.deepEqual(
      report.errors.map(({ field, message }) => [field, message]),
      [
        ['tag_labels.Leistung', 'is not a tag of product_tags or post_tags (Leistungen, Unternehmen); did you mean Leistungen?'],
        ['tag_labels.Unternehmen.fra', 'is not one of the locales (de, en, fr); did you mean fr?'],
        ['tag_labels.Unternehmen.de', 'shows "Leistungen" and "Unternehmen" alike on the de pages; give each its own label'],
      ],
    );
  });
});
