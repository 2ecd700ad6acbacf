import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, listenTestApp, testCatalog } from '../helper.js';
import { connectClient } from '../mcp/_client.js';
import { starterSite } from '../process.js';

/**
 * Every door reads the one description of each published document: the
 * markdown a client reads over MCP is the markdown it fetches over HTTP,
 * the server card describes the server an agent connects to, and the site
 * and the API read each shared parameter alike. Shown on a starter site of
 * three languages, as `vitrine init` writes it.
 */

let catalog: Catalog;
let app: App & { url: string };
let client: Client;
let remove: (() => Promise<void>) | undefined;

before(async () => {
  let dir: string;
  ({ dir, remove } = await starterSite('trio', ['--locales', 'en,es,de', '--country', 'us']));
  catalog = await testCatalog(dir);
  app = await listenTestApp({ catalog });
  ({ client } = await connectClient(app.url));
});
after(async () => {
  await client?.close();
  await app?.server.close();
  await remove?.();
});

/** The local URL of an absolute URL the service printed. */
const local = (url: string) => `${app.url}${url.slice(BASE_URL.length)}`;

async function everyResource(): Promise<Resource[]> {
  const resources: Resource[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return resources;
}

describe('one markdown per document', () => {
  test('resources/read of every resource answers the text GET of its URI answers', async () => {
    const resources = await everyResource();
    assert.ok(resources.length >= 20, `${resources.length} resources`);
    for (const resource of resources) {
      const read = await client.readResource({ uri: resource.uri });
      const text = (read.contents[0] as { text: string }).text;
      const response = await fetch(local(resource.uri));
      assert.equal(response.status, 200, resource.uri);
      assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8', resource.uri);
      assert.equal(text, await response.text(), `${resource.uri}: resources/read and GET differ`);
      assert.equal(resource.size, Buffer.byteLength(text), `${resource.uri}: size`);
    }
  });

  test('every home page and list mirror is a resource, in every locale', async () => {
    const uris = new Set((await everyResource()).map((resource) => resource.uri));
    for (const mirror of ['/md/index.md', '/md/es/index.md', '/md/de/index.md', '/md/products.md', '/md/blog.md', '/md/de/blog.md', '/md/contact.md', '/md/company.md']) {
      assert.ok(uris.has(`${BASE_URL}${mirror}`), `${mirror} is a resource`);
    }
  });

  test('every resource has a name of its own, translated records included', async () => {
    const names = (await everyResource()).map((resource) => resource.name);
    assert.deepEqual(names.filter((name, i) => names.indexOf(name) !== i), []);
  });

  test('Accept: text/markdown on a page answers the bytes of its /md/ file', async () => {
    for (const [page, mirror] of [['/', '/md/index.md'], ['/de', '/md/de/index.md'], ['/products', '/md/products.md'], ['/contact', '/md/contact.md'], ['/es/about', '/md/es/about.md']] as const) {
      const negotiated = await fetch(`${app.url}${page}`, { headers: { accept: 'text/markdown' } });
      const file = await fetch(`${app.url}${mirror}`);
      assert.equal(await negotiated.text(), await file.text(), page);
    }
  });

  test("the contact page's markdown lists the company's channels, as its HTML does", async () => {
    const channels = Object.values(catalog.company.contact);
    assert.ok(channels.length > 0);
    const markdown = await (await fetch(`${app.url}/md/contact.md`)).text();
    const html = await (await fetch(`${app.url}/contact`)).text();
    for (const value of channels) {
      assert.ok(html.includes(value.replaceAll('&', '&amp;')), `${value} on the page`);
      assert.ok(markdown.includes(value), `${value} in the mirror`);
    }
  });
});

describe('the server card describes the server', () => {
  test('its resource templates are the ones resources/templates/list answers', async () => {
    const card = (await (await fetch(`${app.url}/.well-known/mcp/server-card`)).json()) as { resources: { templates: { uriTemplate: string; name: string }[] }; tools: { name: string }[] };
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(
      card.resources.templates.map(({ uriTemplate, name }) => ({ uriTemplate, name })),
      resourceTemplates.map(({ uriTemplate, name }) => ({ uriTemplate, name })),
    );
  });

  test('its tools are the ones tools/list answers', async () => {
    const card = (await (await fetch(`${app.url}/.well-known/mcp/server-card`)).json()) as { tools: { name: string }[] };
    const { tools } = await client.listTools();
    assert.deepEqual(card.tools.map((tool) => tool.name), tools.map((tool) => tool.name));
  });

  test('the instructions name every prompt prompts/list answers, with every argument', async () => {
    const instructions = client.getInstructions() ?? '';
    const { prompts } = await client.listPrompts();
    assert.ok(prompts.length > 0);
    for (const prompt of prompts) {
      const named = new RegExp(`${prompt.name} \\(([^)]*)\\)`).exec(instructions);
      assert.ok(named, `${prompt.name} in the instructions`);
      assert.deepEqual(named[1]!.split(', '), (prompt.arguments ?? []).map((argument) => argument.name), prompt.name);
    }
  });
});

describe('a page describes itself in its own language', () => {
  test("a German product page's og:locale, JSON-LD and breadcrumbs are German", async () => {
    const product = catalog.productsByLocale.get('de')!.products[0]!;
    const html = await (await fetch(`${app.url}/de/products/${product.slug}`)).text();
    assert.match(html, /<html lang="de"/);
    assert.match(html, /<meta property="og:locale" content="de_DE">/);
    const graph = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { '@graph'?: Record<string, unknown>[] } & Record<string, unknown>;
    const nodes = graph['@graph'] ?? [graph];
    const languages = nodes.flatMap((node) => (typeof node.inLanguage === 'string' ? [node.inLanguage] : []));
    assert.ok(languages.length > 0);
    assert.deepEqual([...new Set(languages)], ['de']);
    const trail = nodes.find((node) => node['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item?: string }[] } | undefined;
    assert.ok(trail, 'a breadcrumb trail');
    const names = trail.itemListElement.map((element) => element.name);
    assert.equal(names.at(-1), product.name);
    const german = catalog.messages.get('de')!;
    assert.ok(names.includes(german.format('products.title')), `${names.join(' > ')} names the German product list`);
    for (const element of trail.itemListElement) if (element.item) assert.ok(element.item.startsWith(`${BASE_URL}/de`), element.item);
  });
});

describe('the site and the API read a shared parameter alike', () => {
  const both = async (api: string, site: string) => [(await fetch(`${app.url}${api}`)).status, (await fetch(`${app.url}${site}`)).status];

  test('a product tag in another case', async () => {
    const tag = catalog.products[0]!.tags[0]!;
    assert.deepEqual(await both(`/api/v1/products?tag=${encodeURIComponent(tag.toUpperCase())}`, `/products?tag=${encodeURIComponent(tag.toUpperCase())}`), [200, 200]);
    assert.deepEqual(await both('/api/v1/products?tag=no-such-tag', '/products?tag=no-such-tag'), [400, 400]);
  });

  test('an article tag in another case', async () => {
    const tag = catalog.site.post_tags[0]!;
    assert.deepEqual(await both(`/api/v1/posts?tag=${encodeURIComponent(tag.toUpperCase())}`, `/blog?tag=${encodeURIComponent(tag.toUpperCase())}`), [200, 200]);
    assert.deepEqual(await both('/api/v1/posts?tag=no-such-tag', '/blog?tag=no-such-tag'), [400, 400]);
  });

  test('an article category in another case', async () => {
    const category = catalog.posts.find((post) => post.locale === 'de')!.category;
    assert.deepEqual(await both(`/api/v1/posts?category=${encodeURIComponent(category.toLowerCase())}`, `/de/blog?category=${encodeURIComponent(category.toLowerCase())}`), [200, 200]);
  });

  test('an offset with a leading zero', async () => {
    assert.deepEqual(await both('/api/v1/search?q=welcome&offset=01', '/search?q=welcome&offset=01'), [400, 400]);
    assert.deepEqual(await both('/api/v1/search?q=welcome&offset=1', '/search?q=welcome&offset=1'), [200, 200]);
  });

  test('every value of each shared filter, written every way a client writes it, gets one answer from both', async () => {
    const tags = catalog.site.product_tags;
    const postTags = catalog.site.post_tags;
    assert.ok(postTags.length > 0, 'the starter lists post tags');
    const categories = catalog.site.post_categories['en'] ?? [];
    const forms = (values: readonly string[]) => [
      ...values.flatMap((value) => [value, value.toUpperCase(), value.toLowerCase(), value.normalize('NFD').replace(/\p{M}+/gu, '')]),
      values.slice(0, 2).join(','),
      'no-such-value',
      `${values[0]},no-such-value`,
    ];
    const cases = [
      ...forms(tags).map((value) => [`/api/v1/products?tag=${encodeURIComponent(value)}`, `/products?tag=${encodeURIComponent(value)}`]),
      ...forms(['live', 'coming-soon']).map((value) => [`/api/v1/products?status=${encodeURIComponent(value)}`, `/products?status=${encodeURIComponent(value)}`]),
      ...forms(categories).map((value) => [`/api/v1/posts?locale=en&category=${encodeURIComponent(value)}`, `/blog?category=${encodeURIComponent(value)}`]),
      ...forms(postTags).map((value) => [`/api/v1/posts?locale=en&tag=${encodeURIComponent(value)}`, `/blog?tag=${encodeURIComponent(value)}`]),
      ...['0', '7', '10', '-1', '1.5', '1e2', ' 3', '007', 'x'].map((value) => [`/api/v1/search?q=welcome&offset=${encodeURIComponent(value)}`, `/search?q=welcome&offset=${encodeURIComponent(value)}`]),
    ];
    for (const [api, site] of cases) {
      const [fromApi, fromSite] = await both(api!, site!);
      assert.equal(fromSite, fromApi, `${site} answers ${fromSite}, ${api} answers ${fromApi}`);
    }
  });
});

describe('resource templates', () => {
  test('a translated product is read by the translated-product template, as its mirror file answers it', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    const translated = catalog.productsByLocale.get('de')!.products[0]!;
    const uri = resourceTemplates.find((t) => t.name === 'translated-product')!.uriTemplate.replace('{locale}', 'de').replace('{slug}', translated.slug);
    assert.equal(uri, translated.markdown_url);
    const text = ((await client.readResource({ uri })).contents[0] as { text: string }).text;
    assert.equal(text, await (await fetch(local(uri))).text());
  });
});

describe('prompts', () => {
  test('every resource a prompt embeds is the text resources/read answers for its URI', async () => {
    const asked = [
      await client.getPrompt({ name: 'describe_company', arguments: { locale: 'de' } }),
      await client.getPrompt({ name: 'verify_company_registration', arguments: {} }),
      await client.getPrompt({ name: 'quote_article', arguments: { topic: catalog.posts[0]!.title } }),
    ];
    let embedded = 0;
    for (const prompt of asked) {
      for (const message of prompt.messages) {
        if (message.content.type !== 'resource') continue;
        const { uri, text } = message.content.resource as { uri: string; text: string };
        const read = await client.readResource({ uri });
        assert.equal(text, (read.contents[0] as { text: string }).text, uri);
        embedded += 1;
      }
    }
    assert.ok(embedded >= 4, `${embedded} resources embedded`);
  });
});
