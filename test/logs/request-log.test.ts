/**
 * Structured logs: one JSON line per request, at the configured
 * LOG_LEVEL, with the method, route pattern, status, response time and
 * request id; never a query string, a header or a body.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { App } from '../../src/app.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { unlimited } from '../fuzz/support.js';
import { httpRequest, rawRequest } from '../fuzz/raw-client.js';
import { BASE_URL, testCatalog } from '../helper.js';

interface Line {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** The app with its log written to memory, one parsed line per entry. */
async function loggedApp(logLevel: string): Promise<{ app: App; lines: Line[] }> {
  const lines: Line[] = [];
  const config = loadConfig({ LOG_LEVEL: logLevel, BASE_URL });
  const app = await buildApp({
    config,
    catalog: await testCatalog(),
    limiter: unlimited(),
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  return { app, lines };
}

const requestLines = (lines: readonly Line[]) => lines.filter((line) => line.msg === 'request completed');

/** The fields of one access-log line, the response time checked apart (it varies). */
function withoutTime(line: Line | undefined): Record<string, unknown> {
  assert.ok(line, 'a request line was written');
  const { time, pid, hostname, response_time_ms: elapsed, ...rest } = line;
  assert.equal(typeof time, 'number');
  assert.equal(typeof pid, 'number');
  assert.equal(typeof hostname, 'string');
  assert.ok(typeof elapsed === 'number' && elapsed >= 0, `response_time_ms is a non-negative number, got ${String(elapsed)}`);
  return rest;
}

describe('the access log at LOG_LEVEL=info', () => {
  let app: App;
  let lines: Line[];
  before(async () => {
    ({ app, lines } = await loggedApp('info'));
  });
  after(() => app.server.close());

  test('a request writes exactly one line: method, route pattern, status, response time, request id', async () => {
    lines.length = 0;
    const response = await app.server.inject({ url: '/api/v1/posts/nope', headers: { authorization: 'Bearer s3cr3t', cookie: 'a=s3cr3t' } });
    assert.equal(response.statusCode, 404);
    assert.equal(lines.length, 1, JSON.stringify(lines));
    assert.deepEqual(withoutTime(lines[0]), {
      level: 30,
      request_id: lines[0]?.request_id,
      method: 'GET',
      route: '/api/v1/posts/:slug',
      status: 404,
      msg: 'request completed',
    });
    assert.match(String(lines[0]?.request_id), /^req-/);
  });

  test('no query string, header or body reaches the log', async () => {
    lines.length = 0;
    await app.server.inject({ url: '/api/v1/search?q=s3cr3t', headers: { authorization: 'Bearer s3cr3t' } });
    await app.server.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', cookie: 's3cr3t' },
      payload: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_content","arguments":{"query":"s3cr3t"}}}',
    });
    const log = lines.map((line) => JSON.stringify(line)).join('\n');
    assert.equal(requestLines(lines).length, 2);
    assert.doesNotMatch(log, /s3cr3t|authorization|cookie|"url"|"headers"|"req"/i);
  });

  test('a hijacked /mcp response is logged once, with the status the MCP transport wrote', async () => {
    lines.length = 0;
    const response = await app.server.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    // The SDK's transport answers 406 to an Accept without text/event-stream.
    assert.equal(response.statusCode, 406);
    assert.deepEqual(requestLines(lines).map(withoutTime), [{ level: 30, request_id: lines[0]?.request_id, method: 'POST', route: '/mcp', status: 406, msg: 'request completed' }]);
  });

  test('a request no route matches is logged with a null route', async () => {
    lines.length = 0;
    await app.server.inject({ url: '/api/v1/nowhere?x=1' });
    assert.deepEqual(requestLines(lines).map(withoutTime), [{ level: 30, request_id: lines[0]?.request_id, method: 'GET', route: null, status: 404, msg: 'request completed' }]);
  });

  test('each request has its own request id', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i += 1) await app.server.inject({ url: '/healthz' });
    const ids = requestLines(lines).map((line) => line.request_id);
    assert.equal(ids.length, 5);
    assert.equal(new Set(ids).size, 5);
  });

  test('over a real connection, a hijacked /mcp answer is logged once', async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    lines.length = 0;
    const answer = await rawRequest(
      port,
      httpRequest('POST', '/mcp', { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, '{"jsonrpc":"2.0","id":1,"method":"ping"}'),
    );
    assert.equal(answer?.status, 200);
    // 'finish' may follow the client's reading of the answer by a tick.
    while (requestLines(lines).length === 0) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(requestLines(lines).map(withoutTime), [{ level: 30, request_id: lines[0]?.request_id, method: 'POST', route: '/mcp', status: 200, msg: 'request completed' }]);
  });

  test('over a real connection, an answer kept from before is logged once, with its route pattern', async () => {
    const { port } = app.server.server.address() as AddressInfo;
    for (const [url, route, status] of [['/api/v1/products/guardiao', '/api/v1/products/:slug', 200], ['/md/index.md', '/md/*', 200], ['/', '/', 200]] as const) {
      lines.length = 0;
      const answer = await rawRequest(port, httpRequest('GET', url));
      assert.equal(answer?.status, status, url);
      while (requestLines(lines).length === 0) await new Promise((resolve) => setImmediate(resolve));
      const [line] = requestLines(lines);
      assert.deepEqual(withoutTime(line), { level: 30, request_id: line?.request_id, method: 'GET', route, status, msg: 'request completed' });
      assert.match(String(line?.request_id), /^req-\d+$/);
    }
  });
});

describe('the access log at LOG_LEVEL=warn', () => {
  test('successful requests write nothing', async () => {
    const { app, lines } = await loggedApp('warn');
    try {
      await app.server.inject({ url: '/api/v1' });
      await app.server.inject({ url: '/api/v1/posts/nope' });
      assert.deepEqual(lines, []);
    } finally {
      await app.server.close();
    }
  });
});
