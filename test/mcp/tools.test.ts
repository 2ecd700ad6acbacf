import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { serverIcons } from '../../src/model/icons.js';
import { genericToolDefinitions, toolDefinitions } from '../../src/model/tools.js';
import { BASE_URL, FIXTURES, listenTestApp, testCatalog } from '../helper.js';
import { asToolPage, CHOICE_FIELDS, connectClient, failure, structured } from './_client.js';

let app: App & { url: string };
let catalog: Catalog;
let client: Client;
let transport: StreamableHTTPClientTransport;

before(async () => {
  app = await listenTestApp();
  catalog = await testCatalog();
  ({ client, transport } = await connectClient(app.url));
});
after(async () => {
  await client.close();
  await app.server.close();
});

const TOOL_NAMES = ['list_products', 'get_product', 'list_posts', 'get_post', 'list_pages', 'get_page', 'search_content', 'get_company_info'];

/** The REST answer to GET `url`, to compare a tool's result with. */
async function rest(url: string): Promise<unknown> {
  const response = await app.server.inject({ method: 'GET', url });
  assert.equal(response.statusCode, 200, `GET ${url}: ${response.body}`);
  return response.json();
}

async function call(name: string, args: Record<string, unknown> = {}) {
  return client.callTool({ name, arguments: args });
}

describe('initialize', () => {
  test('negotiates the revision the SDK asks for, 2025-11-25, and names the server after its host and the site, at the API version, with its logo', () => {
    assert.equal(transport.protocolVersion, '2025-11-25');
    assert.deepEqual(client.getServerVersion(), { name: 'test.vitrine/content', title: 'Aroeira content', version: '1.0.0', icons: serverIcons(catalog) });
  });

  test('the server card, the AI catalog and llms.txt give the name, title and revisions initialize gives', async () => {
    const { name, title, version } = client.getServerVersion()!;
    const instructions = client.getInstructions() ?? '';
    const revisions = ['2025-11-25', '2025-06-18', '2025-03-26'];
    assert.ok(instructions.startsWith(`${title} (${name}; MCP ${revisions.join(', ')}): `), instructions);
    const card = (await rest('/.well-known/mcp.json')) as Record<string, unknown> & { serverInfo: Record<string, unknown> };
    assert.deepEqual([card.name, card.title, card.version, card.supportedProtocolVersions, card.protocolVersion], [name, title, version, revisions, transport.protocolVersion]);
    assert.deepEqual([card.serverInfo.name, card.serverInfo.title, card.serverInfo.version], [name, title, version]);
    const aiCatalog = (await rest('/.well-known/ai-catalog.json')) as { entries: { type: string; displayName: string; description: string; version?: string }[] };
    const entry = aiCatalog.entries.find((e) => e.type === 'application/mcp-server-card+json')!;
    assert.equal(entry.displayName, title);
    assert.equal(entry.version, version);
    assert.ok(entry.description.startsWith(`MCP server ${name} at ${BASE_URL}/mcp (Streamable HTTP, protocol revisions ${revisions.join(', ')}, anonymous)`), entry.description);
    const llms = (await app.server.inject('/llms.txt')).body;
    assert.ok(llms.includes(`- [MCP server: ${title}](${BASE_URL}/mcp): ${name}, Model Context Protocol (revisions 2025-11-25, 2025-06-18 and 2025-03-26)`), llms);
  });

  test('declares tools, resources, prompts (none of which changes or takes subscriptions) and completions', () => {
    assert.deepEqual(client.getServerCapabilities(), {
      tools: { listChanged: false },
      resources: { subscribe: false, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
  });

  test('instructions tell a model which tool to use for what', () => {
    const instructions = client.getInstructions() ?? '';
    assert.match(instructions, /: the read-only, public content of Aroeira/);
    for (const name of TOOL_NAMES.filter((n) => n !== 'get_page')) assert.ok(instructions.includes(name), `instructions name ${name}`);
    assert.match(instructions, /text\/markdown resource whose URI is its \/md\/ mirror URL/);
  });

  test('ping answers an empty result', async () => {
    assert.deepEqual(await client.ping(), {});
  });
});

describe('tools/list', () => {
  test('lists the eight tools, each read-only, with a title and a description', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      TOOL_NAMES,
    );
    for (const tool of tools) {
      assert.ok(tool.title, `${tool.name} has a title`);
      assert.ok((tool.description ?? '').length > 80, `${tool.name} says what it returns`);
      assert.deepEqual(tool.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal(tool.outputSchema?.type, 'object');
    }
  });

  test('the schemas are those of toolDefinitions(catalog), the enums those of the content', async () => {
    const { tools } = await client.listTools();
    const expected = toolDefinitions(catalog);
    for (const [i, tool] of tools.entries()) {
      const { name, title, description, inputSchema, outputSchema, annotations, icons } = tool;
      assert.deepEqual({ name, title, description, inputSchema, outputSchema, annotations }, expected[i]);
      assert.deepEqual(icons, serverIcons(catalog), `${name} carries the server's icon for a 2025-11-25 client`);
    }
    const input = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { enum?: unknown; type?: unknown; items?: { enum?: unknown } }>;
    // A filter takes one value or several, as an array or in one string separated by commas: its values are listed once, as the array's.
    assert.deepEqual(input('list_products').status!.type, ['string', 'array']);
    assert.deepEqual(input('list_products').status!.items!.enum, ['coming-soon', 'live']);
    assert.deepEqual(input('list_products').tag!.items!.enum, catalog.site.product_tags);
    assert.deepEqual(input('get_product').slug!.enum, catalog.products.map((p) => p.slug));
    assert.deepEqual(input('list_posts').category!.items!.enum, catalog.site.all_post_categories);
    assert.deepEqual(input('list_posts').locale!.items!.enum, ['en', 'pt-BR']);
    assert.deepEqual(input('list_pages').locale!.items!.enum, ['en', 'pt-BR']);
    assert.deepEqual(input('get_page').slug!.enum, catalog.site.page_slugs);
    assert.deepEqual(input('search_content').kind!.enum, ['product', 'page', 'post']);
  });

  test('genericToolDefinitions() describes the same tools for any content: content-defined values are plain strings', () => {
    const live = toolDefinitions(catalog);
    assert.deepEqual(
      genericToolDefinitions().map((t) => t.name),
      TOOL_NAMES,
    );
    for (const [i, tool] of genericToolDefinitions().entries()) {
      const { inputSchema, ...rest } = tool;
      const { inputSchema: liveInput, ...liveRest } = live[i]!;
      assert.deepEqual(rest, liveRest);
      assert.deepEqual(Object.keys(inputSchema.properties as object), Object.keys(liveInput.properties as object));
      assert.deepEqual(inputSchema.required, liveInput.required);
    }
    const tag = (genericToolDefinitions()[0]!.inputSchema.properties as Record<string, object>).tag;
    assert.deepEqual(tag, {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
      description: 'Only products with this tag.',
    });
  });

  test('a content reload reaches the next request: the enums come from the Catalog in force', async () => {
    const other = await listenTestApp();
    try {
      other.store.replace(await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL));
      const { client: reloaded } = await connectClient(other.url);
      const { tools } = await reloaded.listTools();
      const slug = (tools.find((t) => t.name === 'get_product')!.inputSchema.properties as Record<string, { enum?: unknown }>).slug;
      assert.deepEqual(slug!.enum, ['pao-de-queijo']);
      assert.equal(reloaded.getServerVersion()?.title, 'Padaria Lumen content');
      await reloaded.close();
    } finally {
      await other.server.close();
    }
  });
});

describe('tools/call answers what the REST API answers', () => {
  test('list_products without arguments: GET /api/v1/products, each item with what an agent chooses by', async () => {
    const result = structured(await call('list_products'));
    assert.deepEqual(result, asToolPage(await rest('/api/v1/products'), CHOICE_FIELDS.product));
    assert.deepEqual(Object.keys((result.items as object[])[0]!), ['slug', 'name', 'summary', 'locale', 'status', 'tags', 'updated_at', 'url']);
    assert.equal(result.next_offset, null);
  });

  test('detail "full" answers each item of a list or search as REST does', async () => {
    assert.deepEqual(structured(await call('list_products', { detail: 'full' })), asToolPage(await rest('/api/v1/products'), 'whole'));
    assert.deepEqual(structured(await call('list_posts', { detail: 'full', limit: 3 })), asToolPage(await rest('/api/v1/posts?limit=3'), 'whole'));
    assert.deepEqual(structured(await call('search_content', { query: 'kubernetes', detail: 'full' })), asToolPage(await rest('/api/v1/search?q=kubernetes'), 'whole'));
  });

  test('list_products with status and tag: GET /api/v1/products?status=&tag=', async () => {
    const result = structured(await call('list_products', { status: 'live', tag: 'Kubernetes' }));
    assert.deepEqual(result, asToolPage(await rest('/api/v1/products?status=live&tag=Kubernetes'), CHOICE_FIELDS.product));
    assert.ok((result.items as unknown[]).length > 0);
  });

  test('list_products with several statuses and tags, as arrays or separated by commas: GET /api/v1/products?status=A,B&tag=C,D', async () => {
    const expected = asToolPage(await rest('/api/v1/products?status=live,coming-soon&tag=Kubernetes,SaaS'), CHOICE_FIELDS.product);
    for (const args of [
      { status: ['live', 'coming-soon'], tag: ['Kubernetes', 'SaaS'] },
      { status: 'live,coming-soon', tag: 'Kubernetes,SaaS' },
      { status: ['live', 'coming-soon', 'live'], tag: 'Kubernetes,SaaS,Kubernetes' },
    ]) {
      assert.deepEqual(structured(await call('list_products', args)), expected, JSON.stringify(args));
    }
    const items = (expected as { items: { tags: string[] }[] }).items;
    assert.ok(items.length > 1 && items.every((p) => p.tags.includes('Kubernetes') || p.tags.includes('SaaS')));
    assert.deepEqual(structured(await call('list_products', { tag: ['SaaS'] })), asToolPage(await rest('/api/v1/products?tag=SaaS'), CHOICE_FIELDS.product));
  });

  test('enumerated values match whatever their case and accents; the answer shows them as the content writes them', async () => {
    const expected = asToolPage(await rest('/api/v1/products?tag=Kubernetes,C%C3%B3digo%20Aberto&status=live'), CHOICE_FIELDS.product);
    assert.ok((expected.items as unknown[]).length > 0);
    for (const args of [{ tag: 'kubernetes,codigo aberto', status: 'LIVE' }, { tag: ['KUBERNETES', 'código aberto'], status: ['Live'] }]) {
      assert.deepEqual(structured(await call('list_products', args)), expected, JSON.stringify(args));
    }
    const posts = structured(await call('list_posts', { category: 'automacao', locale: 'PT-BR', limit: 3 }));
    assert.deepEqual(posts, asToolPage(await rest('/api/v1/posts?category=Automa%C3%A7%C3%A3o&locale=pt-BR&limit=3'), CHOICE_FIELDS.post));
    assert.ok((posts.items as { category: string }[]).every((p) => p.category === 'Automação'));
    const hits = structured(await call('search_content', { query: 'lgpd', kind: 'Page', locale: 'pt-br' }));
    assert.deepEqual(hits, asToolPage(await rest('/api/v1/search?q=lgpd&kind=page&locale=pt-BR'), CHOICE_FIELDS.hit));
    assert.ok((hits.items as { locale: string }[]).length > 0 && (hits.items as { locale: string }[]).every((h) => h.locale === 'pt-BR'));
  });

  test('list_posts with several categories and locales: GET /api/v1/posts?category=A,B&locale=C,D, its links repeating them', async () => {
    const page = (await rest('/api/v1/posts?category=Automation,Automa%C3%A7%C3%A3o&locale=en,pt-BR&limit=2')) as { items: { category: string }[]; next: string | null };
    const expected = asToolPage(page, CHOICE_FIELDS.post);
    assert.deepEqual(structured(await call('list_posts', { category: ['Automation', 'Automação'], locale: ['en', 'pt-BR'], limit: 2 })), expected);
    assert.deepEqual(structured(await call('list_posts', { category: 'Automation,Automação', locale: 'en,pt-BR', limit: 2 })), expected);
    assert.ok(page.items.every((p) => ['Automation', 'Automação'].includes(p.category)));
    assert.match(String(page.next), /category=Automation%2CAutoma%C3%A7%C3%A3o/);
    assert.equal(expected.next_offset, 2);
  });

  test('list_products with limit and offset: the same page as REST', async () => {
    const page = structured(await call('list_products', { limit: 2, offset: 1 }));
    assert.deepEqual(page, asToolPage(await rest('/api/v1/products?limit=2&offset=1'), CHOICE_FIELDS.product));
    assert.equal(page.next_offset, 3);
  });

  test('get_product, for every product: GET /api/v1/products/{slug}, with the markdown body', async () => {
    for (const { slug } of catalog.products) {
      const result = structured(await call('get_product', { slug }));
      assert.deepEqual(result, await rest(`/api/v1/products/${slug}`));
      assert.equal(typeof result.markdown, 'string');
    }
  });

  test('list_posts and list_products with updated_since and sort: the same page as REST', async () => {
    const posts = structured(await call('list_posts', { updated_since: '2025-06-01T00:00:00Z', sort: 'title', limit: 5 }));
    assert.deepEqual(posts, asToolPage(await rest('/api/v1/posts?updated_since=2025-06-01T00:00:00Z&sort=title&limit=5'), CHOICE_FIELDS.post));
    assert.ok((posts.items as unknown[]).length > 0);
    assert.deepEqual(structured(await call('list_products', { sort: '-name' })), asToolPage(await rest('/api/v1/products?sort=-name'), CHOICE_FIELDS.product));
  });

  test('list_posts without arguments: the first 10 posts, newest first, as GET /api/v1/posts?limit=10', async () => {
    const result = structured(await call('list_posts'));
    assert.deepEqual(result, asToolPage(await rest('/api/v1/posts?limit=10'), CHOICE_FIELDS.post));
    assert.equal(result.limit, 10);
    assert.equal(result.next_offset, 10);
  });

  test('list_posts with category, locale, limit and offset: GET /api/v1/posts with the same query', async () => {
    const args = { category: 'Cybersecurity', locale: 'en', limit: 2, offset: 1 };
    const result = structured(await call('list_posts', args));
    assert.deepEqual(result, asToolPage(await rest('/api/v1/posts?category=Cybersecurity&locale=en&limit=2&offset=1'), CHOICE_FIELDS.post));
    assert.ok((result.items as unknown[]).length > 0);
  });

  test('get_post, for every post: GET /api/v1/posts/{slug}, with the full text', async () => {
    for (const { slug } of catalog.posts) {
      assert.deepEqual(structured(await call('get_post', { slug })), await rest(`/api/v1/posts/${slug}`));
    }
  });

  test('get_page, for every page in every locale: GET /api/v1/pages/{slug}?locale=', async () => {
    for (const slug of catalog.site.page_slugs) {
      assert.deepEqual(structured(await call('get_page', { slug })), await rest(`/api/v1/pages/${slug}`));
      for (const locale of catalog.site.locales) {
        assert.deepEqual(structured(await call('get_page', { slug, locale })), await rest(`/api/v1/pages/${slug}?locale=${locale}`), `${slug} ${locale}`);
      }
    }
    const wrong = await call('get_page', { slug: 'about', locale: 'xx' });
    assert.equal(wrong.isError, true);
    assert.match(JSON.stringify(wrong.content), /locale/);
  });

  test('search_content: GET /api/v1/search with q, and with kind, locale and limit', async () => {
    const plain = structured(await call('search_content', { query: 'automacao' }));
    assert.deepEqual(plain, asToolPage(await rest('/api/v1/search?q=automacao'), CHOICE_FIELDS.hit));
    assert.ok((plain.items as unknown[]).length > 0);
    const narrowed = structured(await call('search_content', { query: 'kubernetes', kind: 'post', locale: 'en', limit: 3 }));
    assert.deepEqual(narrowed, asToolPage(await rest('/api/v1/search?q=kubernetes&kind=post&locale=en&limit=3'), CHOICE_FIELDS.hit));
    assert.ok((narrowed.items as { kind: string; locale: string }[]).every((hit) => hit.kind === 'post' && hit.locale === 'en'));
  });

  test('get_company_info: GET /api/v1/company', async () => {
    const result = structured(await call('get_company_info'));
    assert.deepEqual(result, await rest('/api/v1/company'));
    assert.equal(result.cnpj, catalog.company.cnpj);
  });
});

describe('tools/call refuses bad arguments with an isError result that lists what is valid', () => {
  const quoted = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');

  test('list_products with an unknown status or tag', async () => {
    assert.match(failure(await call('list_products', { status: 'retired' })), /expected one of "coming-soon", "live", or several as an array \(\["A", "B"\]\) or in one string separated by commas \("A,B"\), meaning any of them; got "retired" at status/);
    const text = failure(await call('list_products', { tag: 'Blockchain' }));
    assert.ok(text.includes(`expected one of ${quoted(catalog.site.product_tags)}, or several`), text);
    assert.ok(text.endsWith('; got "Blockchain" at tag'), text);
  });

  test('list_products and list_posts with several values, one of them wrong, or none', async () => {
    const several = /or several as an array \(\["A", "B"\]\) or in one string separated by commas \("A,B"\), meaning any of them; got /;
    const wrong = [
      [{ status: ['live', 'retired'] }, /got \["live","retired"\]; "retired" is not one of them at status$/],
      [{ status: 'live,retired' }, /got "live,retired"; "retired" is not one of them at status$/],
      [{ status: 'live,,coming-soon' }, /got "live,,coming-soon"; "" is not one of them at status$/],
      [{ status: [] }, /got \[\] at status$/],
      [{ status: 5 }, /got 5 at status$/],
      [{ status: [5] }, /got \[5\] at status$/],
      [{ tag: 'kubernete' }, /got "kubernete" at tag$/],
      [{ locale: ['en', 'fr'] }, /got \["en","fr"\]; "fr" is not one of them at locale$/],
      [{ category: 'Automation, Management' }, /got "Automation, Management"; " Management" is not one of them at category$/],
    ] as const;
    for (const [args, message] of wrong) {
      const text = failure(await call('locale' in args || 'category' in args ? 'list_posts' : 'list_products', args));
      assert.match(text, several, JSON.stringify(args));
      assert.match(text, message, JSON.stringify(args));
    }
  });

  test('list_products with an argument it does not take', async () => {
    assert.match(failure(await call('list_products', { category: 'Automation' })), /list_products has no argument "category"; it takes only "status", "tag", "locale", "updated_since", "sort", "limit", "offset", "detail"\./);
  });

  test('get_product with an unknown or missing slug lists every product slug', async () => {
    for (const args of [{ slug: 'atlas' }, {}]) {
      const text = failure(await call('get_product', args));
      assert.ok(text.includes(`expected one of ${quoted(catalog.products.map((p) => p.slug))}; got ${'slug' in args ? '"atlas"' : 'nothing'} at slug`), text);
    }
  });

  test('list_posts with a limit out of 1 to 100, a negative offset, a non-number', async () => {
    for (const limit of [0, 101, 2.5, '5']) {
      assert.match(failure(await call('list_posts', { limit })), /expected a whole number from 1 to 100 \(default 10\); got .* at limit/);
    }
    assert.match(failure(await call('list_posts', { offset: -1 })), /expected a whole number at least 0 \(default 0\); got -1 at offset/);
  });

  test('list_posts with an unknown category or locale', async () => {
    const category = failure(await call('list_posts', { category: 'Sports' }));
    assert.ok(category.includes(`expected one of ${quoted(catalog.site.all_post_categories)}, or several`), category);
    assert.ok(category.endsWith('; got "Sports" at category'), category);
    assert.match(failure(await call('list_posts', { locale: 'fr' })), /expected one of "en", "pt-BR", or several .*; got "fr" at locale/);
  });

  test('get_post with an unknown slug says so and lists every post slug', async () => {
    const text = failure(await call('get_post', { slug: 'no-such-post' }));
    assert.equal(
      text,
      `No post has the slug "no-such-post". Call list_posts or search_content to find an article and its slug. The valid slugs are: ${quoted(catalog.posts.map((p) => p.slug))}.`,
    );
  });

  test('get_post without a slug, or with an empty one', async () => {
    assert.match(failure(await call('get_post', {})), /expected an article slug from list_posts or search_content; got nothing at slug/);
    assert.match(failure(await call('get_post', { slug: '' })), /expected an article slug from list_posts or search_content; got "" at slug/);
  });

  test('get_page with an unknown slug lists every page slug', async () => {
    const text = failure(await call('get_page', { slug: 'careers' }));
    assert.ok(text.includes(`expected one of ${quoted(catalog.site.page_slugs)}; got "careers" at slug`), text);
  });

  test('search_content without a query, with a blank or too long one, or a bad kind, locale or limit', async () => {
    assert.match(failure(await call('search_content', {})), /expected the words to look for, 1 to 200 characters; got nothing at query/);
    assert.match(failure(await call('search_content', { query: '' })), /expected the words to look for, 1 to 200 characters; got "" at query/);
    assert.match(failure(await call('search_content', { query: '   ' })), /expected the words to look for; got only spaces at query/);
    assert.match(failure(await call('search_content', { query: 'a'.repeat(201) })), /expected the words to look for, 1 to 200 characters; got a text of 201 characters at query/);
    assert.match(failure(await call('search_content', { query: 'cloud', kind: 'video' })), /expected one of "product", "page", "post"; got "video" at kind/);
    assert.match(failure(await call('search_content', { query: 'cloud', locale: 'de' })), /expected one of "en", "pt-BR"; got "de" at locale/);
    assert.match(failure(await call('search_content', { query: 'cloud', limit: 1000 })), /expected a whole number from 1 to 100 \(default 10\); got 1000 at limit/);
  });

  test('list_posts with an updated_since that is no instant or a sort it does not know', async () => {
    assert.match(failure(await call('list_posts', { updated_since: 'last week' })), /expected an RFC 3339 date-time such as 2026-03-14T12:00:00Z \(or a date alone, such as 2026-03-14\); got "last week" at updated_since/);
    for (const name of ['published_since', 'published_before']) {
      assert.match(failure(await call('list_posts', { [name]: '2026-02-30' })), new RegExp(`expected an RFC 3339 date-time such as 2026-03-14T12:00:00Z \\(or a date alone, such as 2026-03-14\\); got "2026-02-30" at ${name}$`));
      assert.match(failure(await call('search_content', { query: 'cloud', [name]: 'yesterday' })), new RegExp(`got "yesterday" at ${name}$`));
    }
    assert.match(failure(await call('search_content', { query: 'cloud', sort: 'newest' })), /expected one of "relevance", "published_at", "-published_at"; got "newest" at sort$/);
    assert.match(failure(await call('list_posts', { sort: 'name' })), /expected one of "published_at", "-published_at", "updated_at", "-updated_at", "title", "-title"; got "name" at sort/);
  });

  test('get_company_info with an argument', async () => {
    assert.match(failure(await call('get_company_info', { cnpj: '1' })), /get_company_info has no argument "cnpj"; it takes no arguments\./);
  });

  test('an unknown tool is told the tools there are, each with what it does', async () => {
    const text = failure(await call('get_products', { slug: 'jaci' }));
    assert.match(text, /^There is no tool "get_products"; did you mean get_product\? The tools are: list_products: List the company's products, in the default language or the locale asked for\. get_product: One product by slug, whole\. list_posts: /);
    assert.match(failure(await call('fetch_everything', { query: 'x' })), /^There is no tool "fetch_everything"\. The tools are: list_products: /);
    for (const name of TOOL_NAMES) assert.ok(text.includes(` ${name}: `), name);
  });
});

describe('an unexpected failure', () => {
  test('is a generic isError result or JSON-RPC error that says nothing of its cause', async () => {
    const real = await testCatalog();
    const failing = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'company') throw new Error('disk on fire at /secret/path.ts:12');
        return Reflect.get(target, property, receiver);
      },
    });
    const broken = await listenTestApp({ catalog: failing, openApiCatalog: real });
    const { client: brokenClient } = await connectClient(broken.url);
    try {
      const text = failure(await brokenClient.callTool({ name: 'get_company_info', arguments: {} }));
      assert.equal(text, 'get_company_info failed unexpectedly; the failure has been logged. Call it again in a moment.');
      const error = await brokenClient.readResource({ uri: `${BASE_URL}/md/company.md` }).then(
        () => assert.fail('the read succeeded'),
        (e: unknown) => e as { code: number; message: string },
      );
      assert.equal(error.code, -32603);
      assert.equal(error.message, 'MCP error -32603: Internal error: the server could not answer; call again in a moment.');
    } finally {
      await brokenClient.close();
      await broken.server.close();
    }
  });
});
