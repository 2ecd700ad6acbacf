import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../src/app.js';
import { listenTestApp, ROOT } from '../helper.js';
import { connectClient } from '../mcp/_client.js';

/**
 * What a page needs to offer the site's tools to an agent in the browser:
 * its script, and the description of the tools it registers, which says
 * what the MCP server's tools/list says (read here through the SDK client).
 * test/browser/webmcp.test.ts runs them in Chromium.
 */

interface BrowserTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { readonly properties?: Record<string, unknown>; readonly required?: readonly string[] };
  readonly annotations: { readonly readOnlyHint: boolean };
  readonly path: string;
  readonly parameters: Record<string, string>;
  readonly result?: readonly string[];
  readonly choice?: readonly string[];
}

describe('the WebMCP script and its tools', () => {
  let app: App & { url: string };
  let mcp: Client;
  let listed: Tool[];
  let scriptPath: string;
  let toolsPath: string;

  before(async () => {
    app = await listenTestApp();
    ({ client: mcp } = await connectClient(app.url));
    listed = (await mcp.listTools()).tools;
    const home = await (await fetch(`${app.url}/`)).text();
    [, scriptPath = '', toolsPath = ''] = /<script src="([^"]+)" data-tools="([^"]+)" defer><\/script>/.exec(home) ?? [];
  });

  after(async () => {
    await mcp?.close();
    await app?.server.close();
  });

  test('every page links the script under its hash, kept a year, as JavaScript', async () => {
    assert.match(scriptPath, /^\/assets\/webmcp\.[0-9a-f]{10}\.js$/);
    const response = await fetch(`${app.url}${scriptPath}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.match(String(response.headers.get('cache-control')), /max-age=31536000, immutable/);
    assert.equal(await response.text(), await readFile(path.join(ROOT, 'src', 'site', 'webmcp.js'), 'utf8'));
  });

  test("the tools' description gives each MCP tool with the name, title, description and argument schema of tools/list", async () => {
    assert.equal(toolsPath, '/assets/webmcp-tools.json');
    const response = await fetch(`${app.url}${toolsPath}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    const { tools } = (await response.json()) as { tools: BrowserTool[] };
    assert.deepEqual(
      tools.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })),
      listed.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })),
    );
    for (const tool of tools) assert.equal(tool.annotations.readOnlyHint, true, tool.name);
  });

  test('each tool reads an endpoint of the API, and every argument but the slug and the detail is one of its parameters', async () => {
    const { tools } = (await (await fetch(`${app.url}${toolsPath}`)).json()) as { tools: BrowserTool[] };
    const openapi = (await (await fetch(`${app.url}/openapi.json`)).json()) as { paths: Record<string, { get: { parameters?: { name: string; in: string }[] } }> };
    for (const tool of tools) {
      const operation = openapi.paths[tool.path]?.get;
      assert.ok(operation, `${tool.name} reads ${tool.path}, which the API answers`);
      const queryParameters = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const args = Object.keys(tool.inputSchema.properties ?? {});
      assert.deepEqual(args.filter((name) => !(name in tool.parameters) && name !== 'slug' && name !== 'detail'), [], `${tool.name} sends every argument`);
      for (const parameter of Object.values(tool.parameters)) assert.ok(queryParameters.includes(parameter), `${tool.name}: ${parameter} is a parameter of ${tool.path}`);
      assert.equal(tool.path.includes('{slug}'), args.includes('slug'), `${tool.name}: the slug goes in the path`);
      // A list or search answers as the MCP tool does: its members, each item's fields.
      assert.equal(tool.result !== undefined, tool.choice !== undefined, tool.name);
      if (tool.result) {
        const output = listed.find((t) => t.name === tool.name)!.outputSchema as { properties: Record<string, unknown> };
        assert.deepEqual(tool.result, Object.keys(output.properties), tool.name);
      }
    }
  });

  test("the search form carries WebMCP's declarative attributes in the page's language", async () => {
    const search = async (sitePath: string) => (await fetch(`${app.url}${sitePath}`)).text();
    const en = await search('/search');
    assert.match(en, /<form class="search-form" [^>]*toolname="show_search_results" tooldescription="Shows this site&#39;s search results page for the words given[^"]*">/);
    assert.match(en, /<input id="search-q" [^>]*toolparamdescription="The words to look for; accents and case do not matter.">/);
    const ptBR = await search('/pt-BR/search');
    assert.match(ptBR, /toolname="show_search_results" tooldescription="Mostra a página de resultados da busca deste site/);
    assert.match(ptBR, /toolparamdescription="As palavras a buscar; acentos e maiúsculas não importam."/);
  });
});
