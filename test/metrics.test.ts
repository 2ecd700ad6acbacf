/**
 * Prometheus metrics: served on a listener of their own when METRICS_PORT is
 * set, never on the public port; every answer counted whatever produced it.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Metrics } from '../src/metrics.js';
import { ContentStore } from '../src/content/store.js';
import { buildTestApp, FIXTURES, testCatalog } from './helper.js';
import type { ServerProcess } from './process.js';
import { startServer } from './process.js';

/** The value of one sample of the text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [series = '', value] = line.split(/ (?=[^ ]+$)/);
    if (wanted.every((pair) => series.includes(pair))) return Number(value);
  }
  return undefined;
}

describe('Metrics, in the app', () => {
  test('count every answer by route pattern, method and status: kept, computed, refused or unrouted; 429s and tool calls apart', async () => {
    const app = await buildTestApp({ env: { METRICS_PORT: '0', RATE_LIMIT_REQUESTS: '3' } });
    try {
      const metrics = app.metrics!;
      assert.ok(metrics, 'METRICS_PORT turns metrics on');
      await app.server.inject('/api/v1/products'); // kept since start-up
      await app.server.inject('/api/v1/posts?limit=2'); // computed
      await app.server.inject('/api/v1/nope');
      await app.server.inject('/api/v1/products'); // the fourth counted request: over the quota of 3
      await app.server.inject('/md/index.md');
      const text = await metrics.registry.metrics();
      assert.equal(sample(text, 'http_requests_total', { route: '/api/v1/products', method: 'GET', status: '200' }), 1);
      assert.equal(sample(text, 'http_requests_total', { route: '/api/v1/posts', method: 'GET', status: '200' }), 1);
      assert.equal(sample(text, 'http_requests_total', { route: 'none', method: 'GET', status: '404' }), 1);
      assert.equal(sample(text, 'http_requests_total', { route: 'none', method: 'GET', status: '429' }), 1);
      assert.equal(sample(text, 'http_requests_total', { route: '/md/*', method: 'GET', status: '200' }), 1);
      assert.equal(sample(text, 'quota_rejections_total'), 1);
      assert.equal(sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/products', status: '200' }), 1);
      const catalog = app.store.catalog;
      assert.equal(sample(text, 'content_documents', { kind: 'post' }), catalog.posts.length);
      assert.equal(sample(text, 'content_documents', { kind: 'product' }), catalog.products.length);
      assert.ok((sample(text, 'process_resident_memory_bytes') ?? 0) > 0, 'Node process metrics');
      assert.equal(sample(text, 'quota_redis_connected'), undefined, 'no Redis gauge without REDIS_URL');
    } finally {
      await app.server.close();
    }
  });

  test('count MCP tool calls by tool and outcome, remembered ones included', async () => {
    const app = await buildTestApp({ env: { METRICS_PORT: '0' } });
    try {
      const call = (name: string, args: object) =>
        app.server.inject({
          method: 'POST',
          url: '/mcp',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
        });
      await call('list_products', {});
      await call('list_products', {});
      await call('get_post', { slug: 'no-such-post' });
      await call('drop_tables', {});
      const text = await app.metrics!.registry.metrics();
      assert.equal(sample(text, 'mcp_tool_calls_total', { tool: 'list_products', outcome: 'ok' }), 2);
      assert.equal(sample(text, 'mcp_tool_calls_total', { tool: 'get_post', outcome: 'tool_error' }), 1);
      assert.equal(sample(text, 'mcp_tool_calls_total', { tool: 'unknown', outcome: 'tool_error' }), 1);
    } finally {
      await app.server.close();
    }
  });

  test('are off, and prom-client never loaded, without METRICS_PORT', async () => {
    const app = await buildTestApp();
    try {
      assert.equal(app.metrics, undefined);
    } finally {
      await app.server.close();
    }
  });

  test('reloads count by outcome and move the time of the last good load', async () => {
    const store = new ContentStore(await testCatalog());
    const metrics = new Metrics({ store, quotaStore: () => 'memory', redis: false });
    metrics.reloaded(true, '2030-01-01T00:00:00Z');
    metrics.reloaded(false);
    const text = await metrics.registry.metrics();
    assert.equal(sample(text, 'content_reloads_total', { outcome: 'ok' }), 1);
    assert.equal(sample(text, 'content_reloads_total', { outcome: 'failed' }), 1);
    assert.equal(sample(text, 'content_last_good_load_timestamp_seconds'), Date.parse('2030-01-01T00:00:00Z') / 1000);
  });
});

describe('the metrics listener of the entry point', () => {
  let dir: string;
  let server: ServerProcess;
  let metricsUrl: string;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-metrics-'));
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    server = await startServer({ CONTENT_DIR: dir, METRICS_PORT: '0' });
    await server.waitFor(/Metrics at http:\/\/127\.0\.0\.1:\d+\/metrics/);
    metricsUrl = /Metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server.output())![1]!;
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dir, { recursive: true, force: true });
  });

  test('serves GET /metrics on its own port; the public port answers 404', async () => {
    await fetch(`${server.url}/api/v1`);
    const response = await fetch(metricsUrl);
    assert.equal(response.status, 200);
    assert.match(String(response.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.equal(sample(text, 'http_requests_total', { route: '/api/v1', status: '200' }), 1);
    assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
    assert.equal((await fetch(metricsUrl.replace('/metrics', '/other'))).status, 404);
  });

  test('a reload is counted: a good one, then a broken folder', async () => {
    server.child.kill('SIGHUP');
    await server.waitFor(/content reloaded/);
    await writeFile(path.join(dir, 'site.yaml'), 'name: [unclosed\n');
    server.child.kill('SIGHUP');
    await server.waitFor(/content reload failed/);
    const text = await (await fetch(metricsUrl)).text();
    assert.equal(sample(text, 'content_reloads_total', { outcome: 'ok' }), 1);
    assert.equal(sample(text, 'content_reloads_total', { outcome: 'failed' }), 1);
  });
});
