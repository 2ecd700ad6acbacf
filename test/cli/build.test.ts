import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { FIXTURES, ROOT } from '../helper.js';
import type { ServerProcess } from '../process.js';
import { startServer } from '../process.js';

const run = promisify(execFile);
const CONTENT = path.join(FIXTURES, 'minimal');

/** `npm start` runs the bundle of `npm run build`, not the sources: the same service, every dependency bundled in. */
describe('the bundle npm start runs (scripts/build.js)', () => {
  let dir: string;
  let server: ServerProcess;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-build-'));
    await run(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), dir], { timeout: 60_000 });
    server = await startServer({ CONTENT_DIR: CONTENT, BASE_URL: 'http://127.0.0.1' }, [], [path.join(dir, 'vitrine.mjs'), 'serve']);
  });
  after(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await rm(dir, { recursive: true, force: true });
  });

  test('is one module with its stylesheet, its browser script and message catalogs beside it', async () => {
    assert.deepEqual((await readdir(dir)).sort(), ['messages', 'site.css', 'vitrine.mjs', 'vitrine.mjs.map', 'webmcp.js']);
  });

  test('serves the API, the site with its stylesheet, and MCP', async () => {
    const posts = await fetch(`${server.url}/api/v1/posts`);
    assert.equal(posts.status, 200);
    assert.ok(((await posts.json()) as { items: unknown[] }).items.length > 0);

    const css = await fetch(`${server.url}/assets/site.css`);
    assert.equal(css.status, 200);
    assert.match(await css.text(), /\{/);

    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(mcp.status, 200);
    const list = (await mcp.json()) as { result: { tools: { name: string }[] } };
    assert.ok(list.result.tools.some((tool) => tool.name === 'search_content'));
  });

  test('exports, as the sources do', async () => {
    const target = path.join(dir, 'export');
    const { stdout } = await run(process.execPath, [path.join(dir, 'vitrine.mjs'), 'export', target], {
      env: { ...process.env, CONTENT_DIR: CONTENT, BASE_URL: 'https://cdn.example' },
      timeout: 60_000,
    });
    assert.match(stdout, /^vitrine: exported \d+ answers/);
  });
});
