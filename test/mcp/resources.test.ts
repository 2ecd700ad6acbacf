import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { mirrorMarkdown } from '../../src/documents/record-markdown.js';
import type { MirrorRecord } from '../../src/documents/record-markdown.js';
import type { Catalog } from '../../src/content/types.js';
import { registryOf } from '../../src/documents/registry.js';
import { serverIcons } from '../../src/model/icons.js';
import { RESOURCE_PAGE_SIZE } from '../../src/mcp/resources.js';
import { BASE_URL, listenTestApp } from '../helper.js';
import { catalogWithPosts } from './_catalog.js';
import { connectClient, rpcError, useConnectedClient } from './_client.js';

let catalog: Catalog;
let client: Client;

useConnectedClient((connected) => ({ catalog, client } = connected));

/** A listed document: its resource name, its URI, and the record its markdown begins with (a listing page without content has none). */
type Listed = [name: string, uri: string, record: MirrorRecord | undefined];

/**
 * Every document of `c` with the resource name it is listed under, in
 * listing order: the company record in every locale, the products of every locale, every page
 * route (the default locale's, then every other's) but the search page,
 * then the articles.
 */
function documents(c: Catalog): Listed[] {
  const other = (locale: string) => locale !== c.site.default_locale;
  const under = (kind: string, locale: string, slug: string) => (other(locale) ? `${kind}/${locale}/${slug}` : `${kind}/${slug}`);
  const pages = registryOf(c).pages.filter((p) => p.slug !== 'search');
  return [
    ...c.site.locales.map((locale): Listed => [other(locale) ? `company/${locale}` : 'company', `${c.base_url}${other(locale) ? `/md/${locale}` : '/md'}/company.md`, c.company]),
    ...[...c.productsByLocale.values()].flatMap((of) => of.products.map((p): Listed => [under('product', p.locale, p.slug), p.markdown_url, p])),
    ...[...pages.filter((p) => !other(p.locale)), ...pages.filter((p) => other(p.locale))].map((p): Listed => [under('page', p.locale, p.slug), `${c.base_url}${p.markdownPath}`, p.page]),
    ...c.posts.map((p): Listed => [`post/${p.slug}`, p.markdown_url, p]),
  ];
}

/** Follows nextCursor to the end; returns every page's resources. */
async function listAll(c: Client): Promise<Resource[][]> {
  const pages: Resource[][] = [];
  let cursor: string | undefined;
  do {
    const result = await c.listResources(cursor === undefined ? {} : { cursor });
    pages.push(result.resources);
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  return pages;
}

describe('resources/list', () => {
  test('lists the company, every product, page and post as text/markdown at its /md/ mirror URL', async () => {
    const resources = (await listAll(client)).flat();
    assert.deepEqual(
      resources.map((r) => [r.name, r.uri]),
      documents(catalog).map(([name, uri]) => [name, uri]),
    );
    for (const resource of resources) {
      assert.equal(resource.mimeType, 'text/markdown');
      assert.ok(resource.title, `${resource.name} has a title`);
      const { contents } = await client.readResource({ uri: resource.uri });
      assert.equal(resource.size, Buffer.byteLength((contents[0] as { text: string }).text));
    }
    assert.equal(resources[0]!.uri, `${BASE_URL}/md/company.md`);
  });

  test('a product, page or post carries its summary or description and when it last changed', async () => {
    const resources = (await listAll(client)).flat();
    const post = catalog.posts[0]!;
    assert.deepEqual(
      resources.find((r) => r.name === `post/${post.slug}`),
      {
        uri: post.markdown_url,
        name: `post/${post.slug}`,
        title: post.title,
        description: post.summary,
        mimeType: 'text/markdown',
        size: Buffer.byteLength(mirrorMarkdown(catalog, post)),
        annotations: { lastModified: post.updated_at ?? post.published_at },
        // The SDK's client speaks 2025-11-25, whose resources carry icons: the company logo.
        icons: serverIcons(catalog),
      },
    );
    const page = catalog.pagesBySlug.get('about')!;
    const listed = resources.find((r) => r.name === 'page/about')!;
    assert.equal(listed.description, page.description);
    assert.deepEqual(listed.annotations, { lastModified: page.updated_at });
  });

  test(`pages a larger site ${RESOURCE_PAGE_SIZE} at a time with nextCursor, each resource once`, async () => {
    const big = await catalogWithPosts(150, { title: 20, summary: 40 });
    const other = await listenTestApp({ catalog: big });
    try {
      const { client: bigClient } = await connectClient(other.url);
      const pages = await listAll(bigClient);
      const total = documents(big).length;
      assert.deepEqual(
        pages.map((p) => p.length),
        [RESOURCE_PAGE_SIZE, RESOURCE_PAGE_SIZE, RESOURCE_PAGE_SIZE, total - 3 * RESOURCE_PAGE_SIZE],
      );
      assert.deepEqual(
        pages.flat().map((r) => r.uri),
        documents(big).map(([, uri]) => uri),
      );
      await bigClient.close();
    } finally {
      await other.server.close();
    }
  });

  test('an invalid cursor is error -32602', async () => {
    for (const cursor of ['nonsense', Buffer.from('o:100000').toString('base64url'), Buffer.from('o:0').toString('base64url')]) {
      const error = await rpcError(client.listResources({ cursor }));
      assert.equal(error.code, -32602);
      assert.match(error.message, /Invalid cursor: pass the nextCursor of the previous resources\/list answer/);
    }
  });
});

describe('resources/read', () => {
  test("reads every resource as its record's markdown (title, facts, canonical URL, the body), then what its page lists", async () => {
    for (const [name, uri, record] of documents(catalog)) {
      const { contents } = await client.readResource({ uri });
      assert.equal(contents.length, 1, name);
      const [content] = contents as [{ uri: string; mimeType: string; text: string }];
      assert.equal(content.uri, uri, name);
      assert.equal(content.mimeType, 'text/markdown', name);
      const locale = name.startsWith('company/') ? name.slice('company/'.length) : undefined;
      if (record) assert.ok(content.text.startsWith(mirrorMarkdown(catalog, record, locale).trimEnd()), name);
    }
    const home = (await client.readResource({ uri: `${BASE_URL}/md/index.md` })).contents[0] as { text: string };
    for (const product of catalog.products) assert.ok(home.text.includes(`](${product.url})`), `the home page lists ${product.slug}`);
  });

  test('an unknown slug in a template form is error -32002 with the valid slugs', async () => {
    const error = await rpcError(client.readResource({ uri: `${BASE_URL}/md/products/atlas.md` }));
    assert.equal(error.code, -32002);
    assert.equal(error.message, `MCP error -32002: Resource not found: no product has the slug "atlas". Valid slugs: ${catalog.products.map((p) => p.slug).join(', ')}.`);
    assert.deepEqual(error.data, {
      uri: `${BASE_URL}/md/products/atlas.md`,
      template: `${BASE_URL}/md/products/{slug}.md`,
      valid_slugs: catalog.products.map((p) => p.slug),
    });
    const post = await rpcError(client.readResource({ uri: `${BASE_URL}/md/blog/nope.md` }));
    assert.deepEqual((post.data as { valid_slugs: unknown }).valid_slugs, catalog.posts.map((p) => p.slug));
    const page = await rpcError(client.readResource({ uri: `${BASE_URL}/md/careers.md` }));
    assert.deepEqual((page.data as { valid_slugs: unknown }).valid_slugs, registryOf(catalog).pages.filter((p) => p.locale === catalog.site.default_locale).map((p) => p.slug));
  });

  test('any other URI is error -32002 that points to resources/list', async () => {
    for (const uri of ['https://elsewhere.example/md/company.md', `${BASE_URL}/api/v1/company`, `${BASE_URL}/md/blog/a/b.md`]) {
      const error = await rpcError(client.readResource({ uri }));
      assert.equal(error.code, -32002);
      assert.equal(error.message, `MCP error -32002: Resource not found: ${uri}. Call resources/list for every resource URI, or resources/templates/list for their forms.`);
    }
  });
});

describe('resources/templates/list', () => {
  test('offers product, post and page by slug, each expanding to a readable resource', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map(({ name, uriTemplate, mimeType }) => ({ name, uriTemplate, mimeType })),
      [
        { name: 'product', uriTemplate: `${BASE_URL}/md/products/{slug}.md`, mimeType: 'text/markdown' },
        { name: 'post', uriTemplate: `${BASE_URL}/md/blog/{slug}.md`, mimeType: 'text/markdown' },
        { name: 'page', uriTemplate: `${BASE_URL}/md/{slug}.md`, mimeType: 'text/markdown' },
        { name: 'translated-page', uriTemplate: `${BASE_URL}/md/{locale}/{slug}.md`, mimeType: 'text/markdown' },
      ],
    );
    for (const template of resourceTemplates) assert.ok(template.title && template.description, template.name);
    const expand = (name: string, slug: string) => resourceTemplates.find((t) => t.name === name)!.uriTemplate.replace('{slug}', slug);
    const cases: [string, Exclude<MirrorRecord, Catalog['company']>][] = [
      ['product', catalog.products[0]!],
      ['post', catalog.posts[0]!],
      ['page', catalog.pagesBySlug.get('about')!],
    ];
    for (const [name, record] of cases) {
      const { contents } = await client.readResource({ uri: expand(name, record.slug) });
      assert.deepEqual(contents, [{ uri: record.markdown_url, mimeType: 'text/markdown', text: mirrorMarkdown(catalog, record) }]);
    }
  });
});

describe('pages in every language', () => {
  test('a translated page is listed and read at its /md/<locale>/ mirror URL, the same text the mirror file serves', async () => {
    const resources = (await listAll(client)).flat();
    const about = catalog.pagesByLocale.get('pt-BR')!.bySlug.get('about')!;
    assert.equal(about.markdown_url, `${BASE_URL}/md/pt-BR/about.md`);
    const listed = resources.find((r) => r.uri === about.markdown_url);
    assert.equal(listed?.name, 'page/pt-BR/about');
    assert.equal(listed?.title, about.title);
    const { contents } = await client.readResource({ uri: about.markdown_url });
    assert.deepEqual(contents, [{ uri: about.markdown_url, mimeType: 'text/markdown', text: mirrorMarkdown(catalog, about) }]);
  });

  test('an unknown slug in a language is error -32002 with the slugs of that language', async () => {
    const error = await rpcError(client.readResource({ uri: `${BASE_URL}/md/pt-BR/careers.md` }));
    assert.equal(error.code, -32002);
    const slugs = registryOf(catalog).pages.filter((p) => p.locale === 'pt-BR').map((p) => p.slug);
    assert.deepEqual(error.data, { uri: `${BASE_URL}/md/pt-BR/careers.md`, template: `${BASE_URL}/md/pt-BR/{slug}.md`, valid_slugs: slugs });
  });
});
