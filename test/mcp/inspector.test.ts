import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { listenTestApp, testCatalog } from '../helper.js';

/**
 * The MCP Inspector's CLI (@modelcontextprotocol/inspector-cli, the program
 * `npx @modelcontextprotocol/inspector --cli` runs) against the real server,
 * listening on 127.0.0.1: a client this project did not write. Each run is
 * bounded in time. The CLI has no completion/complete method; completions
 * are tested through the SDK's client (test/mcp/completions.test.ts).
 */

const run = promisify(execFile);

/**
 * The CLI's directory. It is run from there: it reads its own package.json
 * at a path it resolves against the working directory, which only works
 * from its build directory.
 */
const CLI_DIR = path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/build/index.js'));

/** Each run's bound: the CLI answers in well under a second. */
const RUN_TIMEOUT_MS = 20_000;

let app: App & { url: string };
let catalog: Catalog;

before(async () => {
  app = await listenTestApp();
  catalog = await testCatalog();
});
after(() => app.server.close());

/** The CLI's JSON output for `args`, over Streamable HTTP. */
async function inspect(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['index.js', `${app.url}/mcp`, '--transport', 'http', ...args], {
    cwd: CLI_DIR,
    timeout: RUN_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 8 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('the MCP Inspector CLI', { timeout: 120_000 }, () => {
  test('tools/list: the eight tools, each with a title', async () => {
    const { tools } = (await inspect('--method', 'tools/list')) as { tools: { name: string; title?: string }[] };
    assert.deepEqual(
      tools.map((t) => t.name),
      ['list_products', 'get_product', 'list_posts', 'get_post', 'list_pages', 'get_page', 'search_content', 'get_company_info'],
    );
    assert.ok(tools.every((t) => t.title));
  });

  test('prompts/list and prompts/get', async () => {
    const { prompts } = (await inspect('--method', 'prompts/list')) as { prompts: { name: string; title?: string }[] };
    assert.deepEqual(
      prompts.map((p) => p.name),
      ['describe_company', 'quote_article', 'verify_company_registration'],
    );
    assert.ok(prompts.every((p) => p.title));
    const prompt = (await inspect('--method', 'prompts/get', '--prompt-name', 'verify_company_registration', '--prompt-args', 'locale=pt-BR')) as {
      messages: { content: { type: string; text?: string; resource?: { uri: string } } }[];
    };
    assert.match(prompt.messages[0]!.content.text ?? '', /^Verifique o registro de /);
    // The company record as its Portuguese mirror labels it.
    assert.equal(prompt.messages[1]!.content.resource?.uri, `${catalog.base_url}/md/pt-BR/company.md`);
  });

  test('resources/templates/list and tools/call with several values of a filter', async () => {
    const { resourceTemplates } = (await inspect('--method', 'resources/templates/list')) as { resourceTemplates: { name: string; title?: string }[] };
    assert.deepEqual(
      resourceTemplates.map((t) => [t.name, Boolean(t.title)]),
      [
        ['product', true],
        ['post', true],
        ['page', true],
        ['translated-page', true],
      ],
    );
    const result = (await inspect('--method', 'tools/call', '--tool-name', 'list_products', '--tool-arg', 'tag=["SaaS","Kubernetes"]')) as {
      structuredContent: { items: { tags: string[] }[] };
    };
    assert.ok(result.structuredContent.items.length > 0);
    assert.ok(result.structuredContent.items.every((p) => p.tags.includes('SaaS') || p.tags.includes('Kubernetes')));
  });
});
