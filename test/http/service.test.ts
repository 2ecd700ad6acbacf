/**
 * The listening side before its pipeline exists: server.ts listens first,
 * then loads the content; what arrives meanwhile waits and is answered by the
 * pipeline once it is attached.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { loadCatalog } from '../../src/content/load.js';
import { Service } from '../../src/http/service.js';
import { rawRequest } from '../fuzz/raw-client.js';
import { BASE_URL, ROOT, testCatalog } from '../helper.js';

/** Whether `promise` is still pending after the event loop has had a few turns. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const unsettled = Symbol('pending');
  const winner = await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(unsettled), 100))]);
  return winner === unsettled;
}

/** A service listening on a free port of 127.0.0.1, with no pipeline yet. */
async function listening() {
  const config = loadConfig({ LOG_LEVEL: 'silent', BASE_URL });
  const service = new Service(config);
  const { port } = await service.listen({ port: 0, host: '127.0.0.1' });
  return { config, service, port };
}

describe('a service that listens before its pipeline exists', () => {
  test('a request that arrives before the pipeline waits, and the pipeline answers it', async () => {
    const { config, service, port } = await listening();
    try {
      const early = fetch(`http://127.0.0.1:${port}/api/v1/company`);
      assert.equal(await pending(early), true, 'no answer before there is a pipeline');
      const catalog = await testCatalog(undefined, BASE_URL);
      const app = await buildApp({ config, catalog, service });
      assert.equal(app.server, service);
      const response = await early;
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { url: string }).url, `${BASE_URL}/about`);
    } finally {
      await service.close();
    }
  });

  test('a request the parser refuses before the pipeline is answered by the pipeline once it is there', async () => {
    const { config, service, port } = await listening();
    try {
      const refused = rawRequest(port, 'GET /api/v1/company HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
      assert.equal(await pending(refused), true, 'no answer before there is a pipeline');
      await buildApp({ config, catalog: await testCatalog(undefined, BASE_URL), service });
      const answer = await refused;
      assert.equal(answer?.status, 400);
      assert.equal(answer.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(answer.headers.connection, 'close');
    } finally {
      await service.close();
    }
  });

  test('closed before it has a pipeline (start-up failed), it closes the connections that waited', async () => {
    const { service, port } = await listening();
    const waiting = rawRequest(port, 'GET /api/v1/company HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal(await pending(waiting), true);
    await service.close();
    assert.equal(await waiting, undefined, 'closed without an answer');
  });
});

describe('a search before the search index is ready', () => {
  test('waits for the index and answers what it answers once the index is ready, never 503', async () => {
    const config = loadConfig({ LOG_LEVEL: 'info', BASE_URL });
    // A Catalog of its own, whose index nothing has built yet.
    const catalog = await loadCatalog({ dir: path.join(ROOT, 'content'), baseUrl: BASE_URL });
    const lines: string[] = [];
    const app = await buildApp({ config, catalog, warmInBackground: true, logStream: { write: (line: string) => void lines.push(line) } });
    const { port } = await app.server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${port}/api/v1/search?q=agentes`;
      const early = await fetch(url);
      const first = (await early.json()) as { items: unknown[]; total: number };
      assert.equal(lines.filter((line) => line.includes('"msg":"answers prepared ahead"')).length, 0, 'answered before the background build');
      assert.equal(early.status, 200);
      assert.ok(first.total > 0);
      await app.warmCatalog(catalog);
      // Another URL, so that the answer is computed again over the finished index rather than kept.
      const late = (await (await fetch(`${url}&_=after`)).json()) as { items: unknown[]; total: number };
      assert.deepEqual({ items: late.items, total: late.total }, { items: first.items, total: first.total });
    } finally {
      await app.server.close();
    }
  });
});
