import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { listenTestApp, testCatalog } from '../helper.js';
import { starterSite } from '../process.js';
import { connectClient, structured } from './_client.js';

/**
 * tools/list is what every agent session reads before its first question:
 * all the tools together in at most 16 KB, each still with an output
 * schema for its structured result and a description for every argument.
 */

const MOST_BYTES = 16 * 1024;

/** The arguments each tool is called with to see its result validated against its output schema by the SDK client. */
const CALLS: Readonly<Record<string, Record<string, unknown>>> = {
  list_products: { detail: 'full' },
  list_posts: { detail: 'full', limit: 3 },
  list_pages: { detail: 'full' },
  search_content: { query: 'a', detail: 'full' },
  get_company_info: {},
};

for (const [what, site] of [
  ['the demo content', async () => undefined],
  ['a starter site', async () => starterSite('lean-co', ['--locales', 'en,pt-BR,de'])],
] as const) {
  describe(`tools/list over ${what}`, () => {
    let client: Client;
    let close: () => Promise<void>;
    before(async () => {
      const made = await site();
      const app = await listenTestApp(made ? { catalog: await testCatalog(made.dir) } : {});
      ({ client } = await connectClient(app.url));
      close = async () => {
        await client.close();
        await app.server.close();
        await made?.remove();
      };
    });
    after(() => close());

    test('is at most 16 KB for every tool together, icons included', async () => {
      const bytes = Buffer.byteLength(JSON.stringify(await client.listTools()));
      assert.ok(bytes <= MOST_BYTES, `tools/list is ${bytes} bytes`);
    });

    test('every tool has an output schema and a described argument each; results validate against the schema', async () => {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        assert.equal(tool.outputSchema?.type, 'object', tool.name);
        for (const [name, argument] of Object.entries(tool.inputSchema.properties ?? {})) {
          assert.ok(((argument as { description?: string }).description ?? '').length > 5, `${tool.name}.${name} is described`);
        }
        // The SDK client checks structuredContent against the tool's output schema and refuses a result that does not match.
        const args = CALLS[tool.name];
        if (args) structured(await client.callTool({ name: tool.name, arguments: args }));
      }
    });
  });
}
