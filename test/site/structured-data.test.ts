import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { Catalog, Image, Post } from '../../src/content/types.js';
import type { OrganizationNode, PostNode, ProductNode, ShareCard } from '../../src/site/structured-data.js';
import {
  breadcrumbNode,
  jsonLd,
  ogLocale,
  organizationId,
  organizationNode,
  postNode,
  productNode,
  shareMeta,
  websiteId,
  websiteNode,
  webPageNode,
} from '../../src/site/structured-data.js';
import { FIXTURES, testCatalog } from '../helper.js';

type JsonObject = Record<string, unknown>;

let catalog: Catalog;
/** A post of the demo content with an image and at least one translation. */
let post: Post;

before(async () => {
  catalog = await testCatalog();
  const found = catalog.posts.find((p) => p.image !== undefined && p.translations.length > 0);
  assert.ok(found, 'the demo content has a translated post with an image');
  post = found;
});

/** The JSON of the one ld+json script in `markup`, checked to be exactly that element. */
function parseJsonLd(markup: string): { '@context': string; '@graph': JsonObject[] } {
  const match = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(markup);
  assert.ok(match, markup);
  return JSON.parse(match[1]!) as { '@context': string; '@graph': JsonObject[] };
}

/** Every `{ "@id": ... }` reference (an object with nothing but an id) anywhere under `value`. */
function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (value === null || typeof value !== 'object') return [];
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === '@id') return [String(entries[0]![1])];
  return entries.flatMap(([, v]) => references(v));
}

/** The `<meta>` tags of `markup` as [property or name, content] pairs, entities decoded. */
function metaTags(markup: string): [string, string][] {
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  return [...markup.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1]!, decode(m[2]!)]);
}

function metaValues(markup: string, key: string): string[] {
  return metaTags(markup)
    .filter(([k]) => k === key)
    .map(([, v]) => v);
}

function theGraph(): JsonObject[] {
  const product = catalog.products[0]!;
  const crumbs = breadcrumbNode(post.url, [
    { name: catalog.site.name, url: `${catalog.base_url}/` },
    { name: 'Blog', url: `${catalog.base_url}/blog` },
    { name: post.title, url: post.url },
  ]);
  return parseJsonLd(
    jsonLd(
      organizationNode(catalog),
      websiteNode(catalog, '/search', catalog.site.default_locale),
      webPageNode(catalog, { url: post.url, title: post.title, description: post.summary, locale: post.locale, breadcrumb: crumbs }),
      crumbs,
      postNode(catalog, post),
      productNode(catalog, product),
    ).toString(),
  )['@graph'];
}

describe('jsonLd', () => {
  test('renders one script whose JSON is a schema.org @graph of typed nodes with stable ids', () => {
    const markup = jsonLd(organizationNode(catalog), websiteNode(catalog, '/search', catalog.site.default_locale)).toString();
    const document = parseJsonLd(markup);
    assert.equal(document['@context'], 'https://schema.org');
    assert.deepEqual(
      document['@graph'].map((n) => [n['@type'], n['@id']]),
      [
        ['Organization', `${catalog.base_url}/#organization`],
        ['WebSite', `${catalog.base_url}/#website`],
      ],
    );
    assert.ok(!markup.includes('\n'), 'compact');
  });

  test('every reference between the nodes of a page resolves to a node of its graph', () => {
    const graph = theGraph();
    const ids = new Set(graph.map((n) => n['@id']));
    const product = catalog.products[0]!;
    assert.deepEqual(
      graph.map((n) => [n['@type'], n['@id']]),
      [
        ['Organization', organizationId(catalog)],
        ['WebSite', websiteId(catalog)],
        ['WebPage', post.url],
        ['BreadcrumbList', `${post.url}#breadcrumb`],
        ['BlogPosting', `${post.url}#article`],
        ['SoftwareApplication', `${product.url}#product`],
      ],
    );
    // The translations' article nodes live on their own pages; every other reference is in this graph.
    const translationIds = new Set(post.translations.map((t) => `${t.url}#article`));
    for (const id of references(graph)) assert.ok(ids.has(id) || translationIds.has(id), id);
  });

  test('text cannot end the script element: </script>, <!--, & and U+2028 are \\u escapes', () => {
    const title = '</script><script>alert(1)</script> <!-- & -->\u2028\u2029';
    const markup = jsonLd(postNode(catalog, { ...post, title })).toString();
    assert.deepEqual(markup.match(/<\/script/gi), ['</script'], 'only the closing tag');
    assert.ok(markup.endsWith('</script>'));
    const inner = markup.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    assert.ok(!/[<>&\u2028\u2029]/.test(inner), inner);
    assert.ok(inner.includes('\\u003c/script\\u003e'));
    assert.equal(parseJsonLd(markup)['@graph'][0]!.headline, title, 'the same text to a JSON parser');
  });
});

describe('organizationNode', () => {
  test('holds the company record: CNPJ as taxID, every profile in sameAs, the logo with its size', () => {
    const { company } = catalog;
    const org = parseJsonLd(jsonLd(organizationNode(catalog)).toString())['@graph'][0]!;
    assert.equal(org.name, company.trade_name);
    assert.equal(org.legalName, company.legal_name);
    assert.equal(org.url, `${catalog.base_url}/`);
    assert.equal(org.taxID, company.cnpj);
    assert.equal(org.foundingDate, company.founded);
    assert.deepEqual(org.sameAs, Object.values(company.profiles));
    assert.ok(company.logo);
    const logo = org.logo as JsonObject;
    assert.equal(logo['@type'], 'ImageObject');
    assert.equal(logo.url, company.logo.url);
    assert.deepEqual(logo.width, { '@type': 'QuantitativeValue', value: company.logo.width, unitCode: 'E37' });
    assert.deepEqual(logo.height, { '@type': 'QuantitativeValue', value: company.logo.height, unitCode: 'E37' });
    const address = org.address as JsonObject;
    assert.equal(address['@type'], 'PostalAddress');
    assert.ok((address.streetAddress as string).startsWith(`${company.address.street} ${company.address.number}`));
    assert.equal(address.addressLocality, company.address.city);
    assert.equal(address.addressRegion, company.address.state);
    assert.equal(address.postalCode, company.address.postal_code);
    assert.equal(address.addressCountry, company.address.country);
  });

  test('has one ContactPoint per e-mail or phone channel, in words, in every site locale', () => {
    const org = organizationNode(catalog);
    const points = org.contactPoint as readonly JsonObject[];
    const channels = Object.entries(catalog.company.contact).filter(([, v]) => /@|^\+?[\d\s().-]{6,}$/.test(v));
    assert.equal(points.length, channels.length);
    for (const point of points) {
      assert.equal(point['@type'], 'ContactPoint');
      assert.ok((point.email === undefined) !== (point.telephone === undefined), 'an e-mail or a phone');
      assert.deepEqual(point.availableLanguage, catalog.site.locales);
      assert.doesNotMatch(point.contactType as string, /_/);
    }
    if (catalog.company.contact.support) assert.ok(points.some((p) => p.contactType === 'customer support' && p.email === catalog.company.contact.support));
    assert.equal(org.email, catalog.company.contact.email);
  });

  test('a company without logo, profiles or founding date has none of them, not empty ones', async () => {
    const minimal = await testCatalog(path.join(FIXTURES, 'minimal'));
    const org = parseJsonLd(jsonLd(organizationNode(minimal)).toString())['@graph'][0]!;
    for (const key of ['logo', 'sameAs', 'foundingDate', 'telephone']) assert.ok(!(key in org), key);
    assert.equal(org.taxID, minimal.company.cnpj);
    assert.equal((org.address as JsonObject).streetAddress, 'Rua das Flores 10');
  });
});

describe('websiteNode and webPageNode', () => {
  test('the site has a SearchAction on its search page and names its publisher', () => {
    const site = websiteNode(catalog, '/search', catalog.site.default_locale);
    assert.deepEqual(site.publisher, { '@id': organizationId(catalog) });
    assert.deepEqual(site.inLanguage, catalog.site.locales);
    assert.deepEqual(JSON.parse(JSON.stringify(site.potentialAction)), {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${catalog.base_url}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  test('a page is part of the site, in its language, with its breadcrumb and kind', () => {
    const url = `${catalog.base_url}/about`;
    const page = webPageNode(catalog, { url, title: 'About', description: 'Who we are', locale: 'en', type: 'AboutPage', breadcrumb: breadcrumbNode(url, []) });
    assert.equal(page['@type'], 'AboutPage');
    assert.equal(page['@id'], url);
    assert.deepEqual(page.isPartOf, { '@id': websiteId(catalog) });
    assert.deepEqual(page.breadcrumb, { '@id': `${url}#breadcrumb` });
    assert.equal(page.inLanguage, 'en');
    assert.equal(webPageNode(catalog, { url, title: 'x', description: 'y', locale: 'en' })['@type'], 'WebPage');
  });
});

describe('productNode', () => {
  test('is a SoftwareApplication of the company, without an invented offer', () => {
    for (const product of catalog.products) {
      const node = JSON.parse(JSON.stringify(productNode(catalog, product))) as JsonObject;
      assert.equal(node['@type'], 'SoftwareApplication');
      assert.equal(node['@id'], `${product.url}#product`);
      assert.equal(node.name, product.name);
      assert.equal(node.description, product.summary);
      assert.equal(node.applicationCategory, 'BusinessApplication');
      assert.deepEqual(node.publisher, { '@id': organizationId(catalog) });
      assert.ok(!('offers' in node) && !('aggregateRating' in node));
      assert.equal(node.dateModified, product.updated_at);
      // The widest variant in the picture's own format, which every reader of structured data reads.
      const widest = product.image?.variants.filter((variant) => variant.media_type === product.image?.media_type).at(-1);
      assert.equal((node.image as JsonObject | undefined)?.url, widest?.url);
    }
    const photo = JSON.parse(JSON.stringify(productNode(catalog, catalog.productsBySlug.get('open-source-cloud')!))) as JsonObject;
    const image = photo.image as JsonObject;
    assert.match(image.url as string, /\/server-aisle-1920w\.jpg$/);
    assert.deepEqual([image.encodingFormat, image.width, image.height], [
      'image/jpeg',
      { '@type': 'QuantitativeValue', value: 1920, unitCode: 'E37' },
      { '@type': 'QuantitativeValue', value: 1280, unitCode: 'E37' },
    ]);
  });
});

describe('postNode', () => {
  test('is a BlogPosting with language, dates, author, image and section', () => {
    const node = JSON.parse(JSON.stringify(postNode(catalog, post))) as JsonObject;
    assert.equal(node['@type'], 'BlogPosting');
    assert.equal(node.headline, post.title);
    assert.equal(node.description, post.summary);
    assert.equal(node.inLanguage, post.locale);
    assert.equal(node.datePublished, post.published_at);
    assert.equal(node.dateModified, post.updated_at ?? post.published_at);
    assert.ok(!Number.isNaN(Date.parse(node.datePublished as string)));
    assert.deepEqual(node.author, { '@type': 'Person', name: post.author });
    assert.deepEqual(node.publisher, { '@id': organizationId(catalog) });
    assert.deepEqual(node.mainEntityOfPage, { '@id': post.url });
    assert.equal(node.articleSection, post.category);
    // The demo's drawings are 1200 pixels wide: their widest variant is their own width, in PNG.
    assert.equal(post.image!.width, 1200);
    assert.equal((node.image as JsonObject).url, post.image!.url.replace(/\/images\/posts\/([^/]+)\.png$/, '/$1-1200w.png'));
    assert.deepEqual((node.image as JsonObject).width, { '@type': 'QuantitativeValue', value: 1200, unitCode: 'E37' });
  });

  test('translations point at each other with workTranslation, neither the original', () => {
    const node = postNode(catalog, post);
    assert.deepEqual(node.workTranslation, post.translations.map((t) => ({ '@id': `${t.url}#article` })));
    for (const link of post.translations) {
      const other = postNode(catalog, catalog.postsBySlug.get(link.slug)!);
      assert.ok((other.workTranslation as readonly { '@id': string }[]).some((r) => r['@id'] === `${post.url}#article`), link.slug);
      assert.ok(!('translationOfWork' in other));
    }
    const alone = catalog.posts.find((p) => p.translations.length === 0);
    if (alone) assert.ok(!('workTranslation' in JSON.parse(JSON.stringify(postNode(catalog, alone)))));
  });
});

describe('breadcrumbNode', () => {
  test('numbers its items from 1 to n, each an absolute URL', () => {
    const crumbs = [
      { name: 'Home', url: `${catalog.base_url}/` },
      { name: 'Products', url: `${catalog.base_url}/products` },
      { name: 'Guardião', url: `${catalog.base_url}/products/guardiao` },
    ];
    const node = breadcrumbNode(crumbs[2]!.url, crumbs);
    const items = node.itemListElement as readonly JsonObject[];
    assert.deepEqual(
      items.map((i) => i.position),
      [1, 2, 3],
    );
    assert.deepEqual(
      items.map((i) => [i['@type'], i.name, i.item]),
      crumbs.map((c) => ['ListItem', c.name, c.url]),
    );
    for (const item of items) assert.ok(new URL(item.item as string).protocol.startsWith('http'));
  });
});

/**
 * The schema.org vocabulary as schema-dts generated it (its own .d.ts, read
 * from node_modules: nothing is downloaded): every type's properties, its
 * parents' included. A runtime check of the rendered JSON on top of the
 * compiler's check of the builders.
 */
function schemaVocabulary(): ReadonlyMap<string, ReadonlySet<string>> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(path.join(path.dirname(require.resolve('schema-dts/package.json')), 'dist', 'schema.d.ts'), 'utf8');
  const bases = new Map<string, { parents: string[]; properties: string[] }>();
  for (const m of source.matchAll(/^(?:export )?interface (\w+) extends ([\w<>, ]+) \{\n([\s\S]*?)^\}/gm)) {
    const parents = m[2]!.split(',').map((p) => p.trim()).filter((p) => /^\w+$/.test(p));
    const properties = [...m[3]!.matchAll(/^ {4}"([^"@]+)"\??:/gm)].map((p) => p[1]!);
    bases.set(m[1]!, { parents, properties });
  }
  const propertiesOf = (name: string, into: Set<string>): Set<string> => {
    const base = bases.get(name);
    base?.properties.forEach((p) => into.add(p));
    base?.parents.forEach((p) => propertiesOf(p, into));
    return into;
  };
  const types = new Map<string, ReadonlySet<string>>();
  for (const [name] of bases) if (name.endsWith('Leaf')) types.set(name.slice(0, -'Leaf'.length), propertiesOf(name, new Set()));
  return types;
}

function typedObjects(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.flatMap(typedObjects);
  if (value === null || typeof value !== 'object') return [];
  const object = value as JsonObject;
  const nested = Object.values(object).flatMap(typedObjects);
  return typeof object['@type'] === 'string' ? [object, ...nested] : nested;
}

describe('schema.org vocabulary', () => {
  test('every node of the rendered graph has a schema.org type and only that type\'s properties', () => {
    const vocabulary = schemaVocabulary();
    assert.ok((vocabulary.get('Organization')?.size ?? 0) > 50 && vocabulary.get('BlogPosting')?.has('headline'), 'the vocabulary was read');
    assert.ok(vocabulary.get('SoftwareApplication')?.has('publisher') && !vocabulary.get('SoftwareApplication')?.has('brand'), 'a type has its own and its parents\' properties only');
    const objects = typedObjects(theGraph());
    assert.ok(objects.length > 10);
    for (const object of objects) {
      const type = object['@type'] as string;
      const properties = vocabulary.get(type);
      assert.ok(properties, `${type} is a schema.org type`);
      for (const key of Object.keys(object)) {
        // Action constraints (`query-input`) are the `<property>-input` form of one of the action's properties.
        const property = type.endsWith('Action') ? key.replace(/-(input|output)$/, '') : key;
        assert.ok(key.startsWith('@') || properties.has(property), `${type} has no property ${key}`);
      }
    }
  });

  test('the node types take only what schema.org defines for them (checked by tsc)', () => {
    const product: ProductNode = {
      '@type': 'SoftwareApplication',
      '@id': 'https://example.test/p#product',
      // @ts-expect-error: brand belongs to Product and Organization, not to SoftwareApplication (a CreativeWork)
      brand: { '@id': 'https://example.test/#organization' },
    };
    const organization: OrganizationNode = {
      '@type': 'Organization',
      '@id': 'https://example.test/#organization',
      // @ts-expect-error: taxID is text
      taxID: 47381926000138,
    };
    const article: PostNode = {
      '@type': 'BlogPosting',
      '@id': 'https://example.test/blog/x#article',
      // @ts-expect-error: misspelt property
      wordcount: 3,
    };
    assert.ok(product && organization && article);
  });
});

describe('shareMeta', () => {
  const png = (width: number, height: number): Image => ({ url: `https://cdn.example/${width}x${height}.png`, alt: 'A picture', width, height, media_type: 'image/png', variants: [] });
  const svg: Image = { url: 'https://cdn.example/logo.svg', alt: 'Logo', width: 1200, height: 630, media_type: 'image/svg+xml', variants: [] };
  const card = (extra: Partial<ShareCard> = {}): ShareCard => ({
    title: 'Title "quoted" <b>',
    description: 'What it is & why',
    url: `${catalog.base_url}/products/x`,
    type: 'website',
    locale: 'en',
    alternateLocales: [],
    ...extra,
  });

  test('writes the Open Graph basics, escaped', () => {
    const tags = metaTags(shareMeta(catalog, card()).toString());
    const get = (k: string) => tags.find(([key]) => key === k)?.[1];
    assert.equal(get('og:site_name'), catalog.site.name);
    assert.equal(get('og:type'), 'website');
    assert.equal(get('og:title'), 'Title "quoted" <b>');
    assert.equal(get('og:description'), 'What it is & why');
    assert.equal(get('og:url'), `${catalog.base_url}/products/x`);
    assert.equal(get('twitter:title'), 'Title "quoted" <b>');
    assert.equal(get('twitter:description'), 'What it is & why');
    assert.ok(!shareMeta(catalog, card()).toString().includes('<b>'));
  });

  test('an SVG image falls back to the site share image\'s card, which is raster', () => {
    const share = catalog.site.share_image;
    assert.ok(share?.card && share.media_type === 'image/png');
    const markup = shareMeta(catalog, card({ image: svg })).toString();
    assert.match(share.card.url, /\/media\/[0-9a-f]{12}\/share-card-1200x630\.png$/);
    assert.deepEqual(metaValues(markup, 'og:image'), [share.card.url]);
    assert.deepEqual(metaValues(markup, 'og:image:type'), ['image/png']);
    assert.deepEqual(metaValues(markup, 'og:image:width'), ['1200']);
    assert.deepEqual(metaValues(markup, 'og:image:height'), ['630']);
    assert.deepEqual(metaValues(markup, 'og:image:alt'), [share.alt]);
    assert.deepEqual(metaValues(markup, 'twitter:image'), [share.card.url]);
    assert.deepEqual(metaValues(markup, 'twitter:image:alt'), [share.alt]);
  });

  test('a photograph is shared as a 1200x630 JPEG cut from it, not as the camera\'s file', () => {
    const photo = catalog.productsBySlug.get('open-source-cloud')?.image;
    assert.ok(photo?.card);
    assert.deepEqual([photo.media_type, photo.width, photo.height], ['image/jpeg', 4000, 2667]);
    const markup = shareMeta(catalog, card({ image: photo })).toString();
    assert.deepEqual(metaValues(markup, 'og:image'), [photo.card.url]);
    assert.match(photo.card.url, /\/media\/[0-9a-f]{12}\/server-aisle-card-1200x630\.jpg$/);
    assert.deepEqual(metaValues(markup, 'og:image:type'), ['image/jpeg']);
    assert.deepEqual([...metaValues(markup, 'og:image:width'), ...metaValues(markup, 'og:image:height')], ['1200', '630']);
    assert.deepEqual(metaValues(markup, 'twitter:image'), [photo.card.url]);
    assert.deepEqual(metaValues(markup, 'twitter:card'), ['summary_large_image']);
  });

  test('the page\'s own raster image wins; without any shareable image there is none', () => {
    const own = png(1200, 630);
    assert.deepEqual(metaValues(shareMeta(catalog, card({ image: own })).toString(), 'og:image'), [own.url]);
    const bare: Catalog = { ...catalog, site: { ...catalog.site, share_image: undefined } };
    const markup = shareMeta(bare, card({ image: svg })).toString();
    assert.deepEqual(metaValues(markup, 'og:image'), []);
    assert.deepEqual(metaValues(markup, 'twitter:image'), []);
    assert.deepEqual(metaValues(markup, 'twitter:card'), ['summary']);
  });

  test('twitter:card is the large one only for an image of at least 300x157', () => {
    const bare: Catalog = { ...catalog, site: { ...catalog.site, share_image: undefined } };
    const cardOf = (image: Image) => metaValues(shareMeta(bare, card({ image })).toString(), 'twitter:card');
    assert.deepEqual(cardOf(png(300, 157)), ['summary_large_image']);
    assert.deepEqual(cardOf(png(1200, 630)), ['summary_large_image']);
    assert.deepEqual(cardOf(png(299, 400)), ['summary']);
    assert.deepEqual(cardOf(png(400, 156)), ['summary']);
  });

  test('og:locale is language_TERRITORY, with each other locale as og:locale:alternate', () => {
    const markup = shareMeta(catalog, card({ locale: 'pt-BR', alternateLocales: ['en', 'pt-BR'] })).toString();
    assert.deepEqual(metaValues(markup, 'og:locale'), ['pt_BR']);
    assert.deepEqual(metaValues(markup, 'og:locale:alternate'), ['en_US']);
    for (const locale of [...metaValues(markup, 'og:locale'), ...metaValues(markup, 'og:locale:alternate')]) assert.match(locale, /^[a-z]{2,3}_[A-Z]{2}$/);
  });

  test('ogLocale maps BCP 47 tags to Open Graph locales', () => {
    assert.equal(ogLocale('pt-BR'), 'pt_BR');
    assert.equal(ogLocale('en'), 'en_US');
    assert.equal(ogLocale('pt'), 'pt_BR');
    assert.equal(ogLocale('en-GB'), 'en_GB');
    assert.equal(ogLocale('es'), 'es_ES');
    assert.equal(ogLocale('not a tag!'), 'not a tag!');
  });

  test('an article has og:type article and its times, section and tags; a name is no article:author', () => {
    const article = { published: post.published_at, modified: '2026-02-01T00:00:00Z', author: post.author, section: post.category, tags: ['a', 'b'] };
    const markup = shareMeta(catalog, card({ type: 'article', article })).toString();
    assert.deepEqual(metaValues(markup, 'og:type'), ['article']);
    assert.deepEqual(metaValues(markup, 'article:published_time'), [post.published_at]);
    assert.deepEqual(metaValues(markup, 'article:modified_time'), ['2026-02-01T00:00:00Z']);
    assert.deepEqual(metaValues(markup, 'article:section'), [post.category]);
    assert.deepEqual(metaValues(markup, 'article:tag'), ['a', 'b']);
    assert.deepEqual(metaValues(markup, 'article:author'), []);
    const byProfile = shareMeta(catalog, card({ type: 'article', article: { ...article, author: 'https://example.test/people/ana' } })).toString();
    assert.deepEqual(metaValues(byProfile, 'article:author'), ['https://example.test/people/ana']);
    assert.deepEqual(metaValues(shareMeta(catalog, card({ article })).toString(), 'article:published_time'), [], 'only for og:type article');
  });

  test('every tag is a <meta> with property (Open Graph) or name (X)', () => {
    const markup = shareMeta(catalog, card({ type: 'article', article: { published: post.published_at, author: 'x' } })).toString();
    const lines = markup.split('\n').filter(Boolean);
    assert.equal(lines.length, metaTags(markup).length);
    for (const line of lines) assert.match(line, line.includes('"twitter:') ? /^<meta name="twitter:/ : /^<meta property="(og|article):/);
  });
});
