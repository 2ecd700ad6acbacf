import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadCatalog } from '../../src/content/load.js';
import { Reloader } from '../../src/content/reload.js';
import { ContentStore } from '../../src/content/store.js';
import { buildTestApp, FIXTURES, testCatalog } from '../helper.js';
import { startServer } from '../process.js';

let dir: string;
const PRODUCT = () => path.join(dir, 'products', 'pao-de-queijo.md');

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-reload-'));
  await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
});
after(() => rm(dir, { recursive: true, force: true }));

async function rename(name: string): Promise<void> {
  const source = await readFile(PRODUCT(), 'utf8');
  await writeFile(PRODUCT(), source.replace(/^name: .*$/m, `name: ${name}`));
}

function recorder() {
  const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    log: {
      info: (details: object, message?: string) => void lines.push({ level: 'info', details: details as Record<string, unknown>, message: message ?? '' }),
      error: (details: object, message?: string) => void lines.push({ level: 'error', details: details as Record<string, unknown>, message: message ?? '' }),
    },
  };
}

describe('Reloader', () => {
  test('swaps in the new content after warming it', async () => {
    const store = new ContentStore(await loadCatalog({ dir, baseUrl: 'https://x.example' }));
    const warmed: string[] = [];
    const { log } = recorder();
    const reloader = new Reloader({ store, dir, baseUrl: 'https://x.example', warm: (c) => void warmed.push(c.version), log: log as never });
    await rename('Pão de queijo mineiro');
    const outcome = await reloader.reload('test');
    assert.equal(outcome.ok, true);
    assert.equal(store.catalog.productsBySlug.get('pao-de-queijo')?.name, 'Pão de queijo mineiro');
    assert.deepEqual(warmed, [store.catalog.version], 'warmed before it served');
  });

  test('a broken file keeps the old content serving and logs every problem with its file', async () => {
    const store = new ContentStore(await loadCatalog({ dir, baseUrl: 'https://x.example' }));
    const before = store.catalog;
    const { lines, log } = recorder();
    const reloader = new Reloader({ store, dir, baseUrl: 'https://x.example', warm: () => {}, log: log as never });
    const good = await readFile(PRODUCT(), 'utf8');
    try {
      await writeFile(PRODUCT(), good.replace('status: live', 'status: sold-out'));
      const outcome = await reloader.reload('test');
      assert.equal(outcome.ok, false);
      assert.equal(store.catalog, before);
      const error = lines.find((line) => line.level === 'error');
      assert.ok(error);
      assert.deepEqual(error.details.problems, [`${path.basename(dir)}/products/pao-de-queijo.md: status: must be one of coming-soon, live`]);
      assert.match(error.message, /still serving version [0-9a-f]{16}/);
    } finally {
      await writeFile(PRODUCT(), good);
    }
  });

  test('reloads asked for during one run once after it', async () => {
    const store = new ContentStore(await loadCatalog({ dir, baseUrl: 'https://x.example' }));
    let loads = 0;
    const reloader = new Reloader({ store, dir, baseUrl: 'https://x.example', warm: () => void loads++, log: recorder().log as never });
    await Promise.all([reloader.reload('a'), reloader.reload('b'), reloader.reload('c'), reloader.reload('d')]);
    assert.equal(loads, 2);
  });
});

describe('a swap under load', () => {
  test('requests in flight during the swap each see one consistent Catalog', async () => {
    const demo = await testCatalog();
    const minimal = await testCatalog(path.join(FIXTURES, 'minimal'));
    const { server, store } = await buildTestApp({ env: {}, catalog: demo, checkOpenApi: false });
    try {
      const expected = new Map([demo, minimal].map((c) => [c.products.map((p) => p.slug).join(','), c.products.length]));
      const pending = [];
      for (let i = 0; i < 300; i++) {
        pending.push(server.inject({ url: '/api/v1/products', remoteAddress: `10.0.${i % 250}.1` }));
        if (i % 7 === 0) store.replace(i % 2 === 0 ? minimal : demo);
      }
      for (const response of await Promise.all(pending)) {
        const body = response.json() as { items: { slug: string }[]; total: number };
        const slugs = body.items.map((p) => p.slug).join(',');
        assert.equal(expected.get(slugs), body.total, `a response mixed two catalogs: ${slugs} / ${body.total}`);
      }
    } finally {
      await server.close();
    }
  });
});

describe('the running server', () => {
  const health = async (url: string) => (await (await fetch(`${url}/api/v1/health`)).json()) as { content_version: string; documents: number };

  test('SIGHUP reloads the content; a broken folder keeps the old one serving', async () => {
    const server = await startServer({ CONTENT_DIR: dir });
    try {
      const first = await health(server.url);
      await rename('Pão de queijo da casa');
      server.child.kill('SIGHUP');
      await server.waitFor(/"msg":"content reloaded"/);
      const second = await health(server.url);
      assert.notEqual(second.content_version, first.content_version);
      const product = (await (await fetch(`${server.url}/api/v1/products/pao-de-queijo`)).json()) as { name: string };
      assert.equal(product.name, 'Pão de queijo da casa');

      const good = await readFile(PRODUCT(), 'utf8');
      await writeFile(PRODUCT(), good.replace('status: live', 'status: sold-out'));
      try {
        server.child.kill('SIGHUP');
        await server.waitFor(/content reload failed, still serving version/);
        assert.match(server.output(), /products\/pao-de-queijo\.md: status: must be one of coming-soon, live/);
        assert.equal((await health(server.url)).content_version, second.content_version);
      } finally {
        await writeFile(PRODUCT(), good);
      }
      server.child.kill('SIGTERM');
      assert.equal(await server.exited, 0);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  test('--watch reloads when a content file changes', async () => {
    const server = await startServer({ CONTENT_DIR: dir }, ['--watch']);
    try {
      const first = await health(server.url);
      await rename('Pão de queijo recheado');
      await server.waitFor(/"msg":"content reloaded"/);
      assert.notEqual((await health(server.url)).content_version, first.content_version);
      server.child.kill('SIGTERM');
      assert.equal(await server.exited, 0);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  test('SIGTERM lets an in-flight slow request finish, then exits 0', async () => {
    const server = await startServer({ CONTENT_DIR: dir });
    try {
      const { port } = new URL(server.url);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      let response = '';
      socket.on('data', (chunk) => (response += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', resolve));
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
          `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      await server.waitFor(/"msg":"shutting down"/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The rest of the body, without half-closing: node:http ends a connection whose client half-closes
      // before its answer is written (it does not allow half-open sockets), which is not what this measures.
      socket.write(body.slice(10));
      await closed;
      assert.match(response, /^HTTP\/1\.1 200 OK\r\n/);
      assert.match(response, /"result":\{\}/);
      assert.equal(await server.exited, 0);
      assert.match(server.output(), /"msg":"stopped"/);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
