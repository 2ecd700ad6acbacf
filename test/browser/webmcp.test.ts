import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { listenTestApp, testCatalog } from '../helper.js';
import { connectClient, structured } from '../mcp/_client.js';
import type { Chromium, PageProblems } from './chromium.js';
import { launchChromium, skipReason, watchPage } from './chromium.js';

/**
 * The site's tools offered to an agent in the browser: Debian's Chromium
 * with WebMCP's testing API (`--enable-features=WebMCPTesting`), where a page
 * registers tools on `document.modelContext` and `getTools()` and
 * `executeTool()` see and call them, against the real app and the MCP server
 * it runs, read through the official SDK client.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The declarative tool of the search form (src/site/pages.ts), written out here. */
const FORM_TOOL = 'show_search_results';

/** A tool as Chromium's getTools() gives it. */
interface PageTool {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema?: Record<string, unknown>;
  readonly annotations?: { readonly readOnlyHint?: boolean };
}

/** A tool result, as executeTool() answers it (Chromium gives it as JSON). */
interface PageResult {
  readonly content: readonly { readonly type: string; readonly text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

/** The tools the page registered, once it has registered at least `count` (its script registers them after reading their description). */
async function pageTools(page: Page, count: number): Promise<PageTool[]> {
  await page.waitForFunction(async (n) => {
    const context = (globalThis as unknown as { document: { modelContext?: { getTools(): Promise<unknown[]> } } }).document.modelContext;
    return context !== undefined && (await context.getTools()).length >= n;
  }, count);
  return page.evaluate(async () => {
    const context = (globalThis as unknown as { document: { modelContext: { getTools(): Promise<(PageTool & { window?: unknown })[]> } } }).document.modelContext;
    // Each tool names its window, which cannot leave the page: everything else is data.
    return (await context.getTools()).map(({ window: _window, ...tool }) => tool);
  });
}

/** Runs the page's tool `name` with `input`, as an agent in the browser does. */
async function executeInPage(page: Page, name: string, input: Record<string, unknown>): Promise<PageResult> {
  const answer = await page.evaluate(
    async ({ name: toolName, input: toolInput }) => {
      const context = (globalThis as unknown as { document: { modelContext: { getTools(): Promise<{ name: string }[]>; executeTool(tool: unknown, input: unknown): Promise<unknown> } } }).document.modelContext;
      const tool = (await context.getTools()).find((t) => t.name === toolName);
      return context.executeTool(tool, toolInput);
    },
    { name, input },
  );
  // Chromium answers the result serialized as JSON.
  return (typeof answer === 'string' ? JSON.parse(answer) : answer) as PageResult;
}

describe('WebMCP in Chromium', { skip: skipReason }, () => {
  let app: App & { url: string };
  let catalog: Catalog;
  let withApi: Chromium | undefined;
  let withoutApi: Chromium | undefined;
  let mcp: Client;
  let listed: Tool[];
  let page: Page;
  let problems: PageProblems;

  before(async () => {
    app = await listenTestApp();
    catalog = await testCatalog();
    ({ client: mcp } = await connectClient(app.url));
    listed = (await mcp.listTools()).tools;
    withApi = await launchChromium({ features: ['WebMCPTesting'] });
    withoutApi = await launchChromium();
    page = await withApi.context.newPage();
    problems = watchPage(page);
  });

  after(async () => {
    await mcp?.close();
    await withApi?.close();
    await withoutApi?.close();
    await app?.server.close();
  });

  /** The home page, a product, an article and the search page. */
  const pagePaths = () => ['/', `/products/${catalog.products[0]!.slug}`, `/blog/${catalog.posts[0]!.slug}`, '/search'];

  async function open(on: Page, sitePath: string): Promise<void> {
    problems.messages.length = 0;
    const response = await on.goto(`${app.url}${sitePath}`, { waitUntil: 'load' });
    assert.equal(response?.status(), 200, sitePath);
  }

  test("the home page, a product, an article and the search page register the MCP server's tools, with its names, descriptions and schemas", async () => {
    const names = listed.map((tool) => tool.name);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const sitePath of pagePaths()) {
        await open(page, sitePath);
        const form = sitePath === '/search' ? [FORM_TOOL] : [];
        const tools = await pageTools(page, names.length + form.length);
        const where = `${sitePath} at ${viewport.width}px`;
        assert.deepEqual(tools.map((tool) => tool.name).sort(), [...names, ...form].sort(), where);
        for (const tool of listed) {
          const offered = tools.find((t) => t.name === tool.name)!;
          assert.deepEqual({ title: offered.title, description: offered.description, inputSchema: offered.inputSchema }, { title: tool.title, description: tool.description, inputSchema: tool.inputSchema }, `${tool.name} on ${where}`);
          assert.equal(offered.annotations?.readOnlyHint, true, `${tool.name} on ${where}`);
        }
        // Nothing refused: a Content-Security-Policy refusal is a console error.
        assert.deepEqual(problems.messages, [], where);
      }
    }
    await page.setViewportSize(DESKTOP);
  });

  test("the DevTools protocol's WebMCP domain sees the tools, registered by the site's script", async () => {
    // From a blank page: enabling the domain reports the tools the page in view has already.
    await page.goto('about:blank');
    const devtools = await withApi!.context.newCDPSession(page);
    // The domain is newer than playwright-core's protocol types: its method and event are named as Chromium names them.
    const session = devtools as unknown as {
      send(method: string): Promise<unknown>;
      on(event: string, listener: (params: { tools: { name: string; stackTrace?: { callFrames: { url: string }[] } }[] }) => void): void;
    };
    const added: { name: string; script: string | undefined }[] = [];
    session.on('WebMCP.toolsAdded', ({ tools }) => added.push(...tools.map((tool) => ({ name: tool.name, script: tool.stackTrace?.callFrames[0]?.url }))));
    await session.send('WebMCP.enable');
    await open(page, `/products/${catalog.products[0]!.slug}`);
    await pageTools(page, listed.length);
    assert.deepEqual(added.map((tool) => tool.name).sort(), listed.map((tool) => tool.name).sort());
    for (const tool of added) assert.match(String(tool.script), /\/assets\/webmcp\.[0-9a-f]{10}\.js$/, tool.name);
    await devtools.detach();
  });

  test('search_content run in the page answers hits with their URLs, as the MCP tool answers them', async () => {
    await open(page, '/');
    await pageTools(page, listed.length);
    const product = catalog.products[0]!;
    const arguments_ = { query: product.name };
    const result = await executeInPage(page, 'search_content', arguments_);
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    assert.deepEqual(JSON.parse(result.content[0]!.text), result.structuredContent);
    const hits = (result.structuredContent as { items: { kind: string; slug: string; url: string }[] }).items;
    assert.ok(hits.length > 0, 'the search finds the product by its name');
    const found = hits.find((hit) => hit.kind === 'product' && hit.slug === product.slug);
    assert.equal(found?.url, product.url);
    for (const hit of hits) assert.match(hit.url, /^https?:\/\//, `${hit.slug} has its URL`);
    assert.deepEqual(result.structuredContent, structured(await mcp.callTool({ name: 'search_content', arguments: arguments_ })));
    assert.deepEqual(problems.messages, []);
  });

  test('every tool run in the page answers what the MCP tool answers, lists item by item as the tool shows them', async () => {
    await open(page, `/blog/${catalog.posts[0]!.slug}`);
    await pageTools(page, listed.length);
    const calls: [string, Record<string, unknown>][] = [
      ['list_products', {}],
      ['list_products', { detail: 'full', limit: 2 }],
      ['get_product', { slug: catalog.products[0]!.slug }],
      ['list_posts', { limit: 3, offset: 1 }],
      ['list_posts', { locale: catalog.site.locales, detail: 'full' }],
      ['get_post', { slug: catalog.posts[0]!.slug }],
      ['get_page', { slug: 'index' }],
      ['search_content', { query: catalog.posts[0]!.title, kind: 'post', limit: 2, detail: 'full' }],
      ['get_company_info', {}],
    ];
    for (const [name, input] of calls) {
      const inPage = await executeInPage(page, name, input);
      const expected = structured(await mcp.callTool({ name, arguments: input }));
      assert.deepEqual(inPage.structuredContent, expected, `${name} ${JSON.stringify(input)}`);
      assert.equal(inPage.content[0]!.text, JSON.stringify(expected), `${name} ${JSON.stringify(input)}: the same JSON text`);
    }
    assert.deepEqual(problems.messages, []);
  });

  test('a tool run in the page with a slug that does not exist fails saying where to find the ones that do', async () => {
    await open(page, '/');
    await pageTools(page, listed.length);
    const result = await executeInPage(page, 'get_post', { slug: 'no-such-article' });
    assert.equal(result.isError, true);
    assert.match(result.content[0]!.text, /list_posts/);
    assert.ok(result.content[0]!.text.includes(catalog.posts[0]!.slug), result.content[0]!.text);
    // The page reads the API, which answered 404: the one failed request expected.
    assert.deepEqual(
      problems.messages.filter((message) => !message.includes('/api/v1/posts/no-such-article')),
      [],
    );
  });

  test('the search form is offered as a tool with its description and the description of its field, in the page’s language', async () => {
    for (const locale of catalog.site.locales) {
      const sitePath = locale === catalog.site.default_locale ? '/search' : `/${locale}/search`;
      await open(page, sitePath);
      const form = (await pageTools(page, listed.length + 1)).find((tool) => tool.name === FORM_TOOL);
      assert.ok(form, `${sitePath} offers its form`);
      const description = await page.locator('form[toolname]').getAttribute('tooldescription');
      assert.equal(form.description, description, sitePath);
      const field = await page.locator('input[name="q"]').getAttribute('toolparamdescription');
      assert.ok(field, sitePath);
      assert.deepEqual((form.inputSchema?.properties as Record<string, { description?: string }>).q?.description, field, sitePath);
    }
    assert.deepEqual(problems.messages, []);
  });

  test('without the API, the same pages load with no console error and register nothing', async () => {
    const plain = await withoutApi!.context.newPage();
    const seen = watchPage(plain);
    const requested: string[] = [];
    plain.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const viewport of [DESKTOP, PHONE]) {
      await plain.setViewportSize(viewport);
      for (const sitePath of pagePaths()) {
        const response = await plain.goto(`${app.url}${sitePath}`, { waitUntil: 'load' });
        assert.equal(response?.status(), 200, sitePath);
        assert.equal(await plain.evaluate('typeof document.modelContext'), 'undefined', sitePath);
      }
    }
    assert.deepEqual(seen.messages, []);
    // The script stops at its first test: it does not even read the tools' description.
    assert.deepEqual(requested.filter((path) => path.endsWith('.json')), []);
    await plain.close();
  });
});
