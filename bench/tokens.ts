/**
 * What an agent pays in tokens (`npm run bench:tokens`).
 *
 * Serves the demo content on an ephemeral port, connects the official MCP
 * SDK client, and prints the size of each answer an agent reads: the
 * initialize result, tools/list, the server card, and the tool results and
 * prompts of the common tasks. A token is counted as four characters of the
 * JSON on the wire (a tool result carries its JSON twice: as text and as
 * structuredContent); a list also shows what one of its items costs, once.
 * Nothing is
 * asserted: the figures go to bench/RESULTS.md.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { loadCatalog } from '../src/content/load.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Characters per token: the rule of thumb for English and JSON. */
const CHARS_PER_TOKEN = 4;
const tokens = (value: unknown) => Math.round((typeof value === 'string' ? value : JSON.stringify(value)).length / CHARS_PER_TOKEN);

/** The tool calls measured: what the common tasks of an agent ask. */
const CALLS: readonly (readonly [string, Record<string, unknown>])[] = [
  ['get_company_info', {}],
  ['list_products', {}],
  ['list_products', { tag: 'Kubernetes' }],
  ['list_posts', {}],
  ['list_posts', { limit: 20 }],
  ['list_posts', { locale: 'pt-BR' }],
  ['list_posts', { limit: 5 }],
  ['search_content', { query: 'LGPD' }],
  ['search_content', { query: 'LGPD', kind: 'post', locale: 'pt-BR' }],
  ['get_post', { slug: 'lgpd-basics-for-engineering-teams' }],
];

const PROMPTS: readonly (readonly [string, Record<string, string>])[] = [
  ['describe_company', {}],
  ['quote_article', { topic: 'LGPD', locale: 'pt-BR' }],
  ['verify_company_registration', {}],
];

async function main(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0' });
  const catalog = await loadCatalog({ dir: path.join(ROOT, 'content'), baseUrl: 'http://localhost:3000' });
  const app = await buildApp({ config, catalog });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  const client = new Client({ name: 'vitrine-bench', version: '1.0.0' });
  const rows: string[] = [];
  const row = (what: string, total: number, items?: readonly unknown[]) =>
    rows.push(`${what.padEnd(64)} ${String(total).padStart(7)}${items?.length ? `  ${String(items.length).padStart(3)} items, ${String(Math.round(tokens(items) / items.length)).padStart(4)} an item` : ''}`);
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    row('initialize: serverInfo and instructions', tokens({ serverInfo: client.getServerVersion(), instructions: client.getInstructions() }));
    const tools = await client.listTools();
    row(`tools/list (${Buffer.byteLength(JSON.stringify(tools))} bytes)`, tokens(tools));
    row('GET /.well-known/mcp.json (the server card)', tokens(await (await fetch(`${url}/.well-known/mcp.json`)).text()));
    for (const [name, args] of CALLS) {
      const result = await client.callTool({ name, arguments: args });
      const items = (result.structuredContent as { items?: unknown[] } | undefined)?.items;
      row(`${name} ${JSON.stringify(args)}`, tokens(result), items);
    }
    for (const [name, args] of PROMPTS) row(`prompts/get ${name} ${JSON.stringify(args)}`, tokens(await client.getPrompt({ name, arguments: args })));
  } finally {
    await client.close();
    await app.server.close();
  }
  console.log(`${'answer'.padEnd(64)} ${'tokens'.padStart(7)}`);
  for (const line of rows) console.log(line);
}

await main();
