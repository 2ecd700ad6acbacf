import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import type { Catalog } from '../../src/content/types.js';
import { createHmac } from 'node:crypto';
import type { ContentFeed } from '../../src/http/push-hook.js';
import { listenTestApp, testCatalog } from '../helper.js';
import { assertMatchesOpenApi } from '../openapi-validator.js';

/**
 * Every status /openapi.json documents, for every operation, provoked on the
 * real server over a socket: the status comes back, the headers the document
 * promises are there (and none it documents elsewhere but not here), the body
 * matches its schema, and an error's body is the document's own example. The
 * 500 is provoked by test/api/errors.test.ts, whose answers the same checks
 * see (test/helper.ts).
 */

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Server {
  readonly url: string;
  readonly document: Document;
  close(): Promise<void>;
}

type Operation = { parameters?: { name: string; in: string; example?: unknown; required?: boolean }[]; responses: Record<string, { content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

function send(base: string, method: string, target: string, headers: OutgoingHttpHeaders = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${target}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** What the webhook of `open` asked for: it follows a remote as a deployment with CONTENT_GIT does. */
const fetched: string[] = [];
const HOOK_SECRET = 'the webhook secret';
const feed: ContentFeed = {
  branch: 'main',
  secret: HOOK_SECRET,
  fetch: (reason) => void fetched.push(reason),
  facts: () => ({ commit: '0'.repeat(40), refused: null }),
};

/** A push event for `branch`, signed as GitHub signs it. */
function signedPush(branch: string): { headers: OutgoingHttpHeaders; body: string } {
  const body = JSON.stringify({ ref: `refs/heads/${branch}` });
  return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', HOOK_SECRET).update(body).digest('hex')}` } };
}

async function start(env: Record<string, string> = {}, content?: ContentFeed): Promise<Server> {
  const app = await listenTestApp({ env, ...(content ? { content } : {}) });
  const document = (await (await fetch(`${app.url}/openapi.json`)).json()) as Document;
  return { url: app.url, document, close: () => app.server.close() };
}

let open: Server;
/** Its quota is one request: everything it counts after the first is a 429. */
let spent: Server;
/** It waits a fifth of a second for a request head: a head sent in part is a 408. */
let impatient: Server;
let catalog: Catalog;

before(async () => {
  [open, spent, impatient, catalog] = await Promise.all([
    start({}, feed),
    start({ RATE_LIMIT_REQUESTS: '1' }),
    start({ HEADERS_TIMEOUT_MS: '200', REQUEST_TIMEOUT_MS: '400' }),
    testCatalog(),
  ]);
  await send(spent.url, 'GET', '/api/v1');
});
after(async () => {
  await Promise.all([open?.close(), spent?.close(), impatient?.close()]);
});

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const LONG_QUERY = `q=${'a'.repeat(8200)}`;

/** A request whose head never ends: the server answers 408 when its head timeout passes, then closes. */
function stall(base: string, method: string, target: string): Promise<Reply> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${method.toUpperCase()} ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: IncomingHttpHeaders = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Bounded: the server's head timeout is a fifth of a second.
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to a stalled ${method} ${target}`)));
  });
}

/** The request that makes `operation` at `path` answer `status`, on which server; undefined when no request can. */
type Provoked = { server: Server; target: string; reply: Reply };

async function provoke(method: string, path: string, operation: Operation, status: string): Promise<Provoked | undefined> {
  const slug = operation.parameters?.find((p) => p.in === 'path')?.example;
  const concrete = path.replace('{slug}', encodeURIComponent(String(slug ?? '')));
  const required = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`);
  const query = (more: string[] = []) => ([...required, ...more].length ? `?${[...required, ...more].join('&')}` : '');
  const on = async (server: Server, target: string, headers: OutgoingHttpHeaders = {}, body?: string) => ({ server, target, reply: await send(server.url, method, target, headers, body) });
  if (status === '408') return { server: impatient, target: concrete, reply: await stall(impatient.url, method, concrete) };
  if (method === 'post' && path === '/hooks/content') return provokeHook(status, on);
  if (method === 'post') {
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    switch (status) {
      case '200':
        return on(open, path, MCP_HEADERS, rpc);
      case '202':
        return on(open, path, MCP_HEADERS, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      case '400':
        return on(open, path, MCP_HEADERS, 'not json');
      case '403':
        return on(open, path, { ...MCP_HEADERS, origin: 'https://elsewhere.example' }, rpc);
      case '406':
        return on(open, path, { ...MCP_HEADERS, accept: 'application/json' }, rpc);
      case '413':
        return on(open, path, MCP_HEADERS, ' '.repeat(4 * 1024 * 1024 + 1));
      case '415':
        return on(open, path, { ...MCP_HEADERS, 'content-type': 'text/plain' }, rpc);
      case '414':
        return on(open, `${path}?${LONG_QUERY}`, MCP_HEADERS, rpc);
      case '429':
        return on(spent, path, MCP_HEADERS, rpc);
      case '431':
        return on(open, path, { ...MCP_HEADERS, 'x-filler': 'a'.repeat(40 * 1024) }, rpc);
    }
    return undefined;
  }
  switch (status) {
    case '200':
      return on(open, `${concrete}${query()}`);
    case '304': {
      const etag = (await send(open.url, 'GET', `${concrete}${query()}`)).headers.etag;
      return on(open, `${concrete}${query()}`, { 'if-none-match': etag });
    }
    case '400':
      return on(open, `${concrete}${query(['unknown=x'])}`);
    case '404':
      return on(open, path.replace('{slug}', 'no-such-slug'));
    case '406':
      return on(open, `${concrete}${query()}`, { accept: 'text/html' });
    case '414':
      return on(open, `${concrete}?${LONG_QUERY}`);
    case '415':
      return on(open, `${concrete}${query()}`, {}, '{}');
    case '429':
      return on(spent, `${concrete}${query()}`);
    case '431':
      return on(open, `${concrete}${query()}`, { 'x-filler': 'a'.repeat(40 * 1024) });
  }
  return undefined;
}

/** The webhook's answers: `open` follows a remote, `impatient` none; `spent`'s quota of one never counts hooks, which have a limit of their own. */
async function provokeHook(status: string, on: (server: Server, target: string, headers?: OutgoingHttpHeaders, body?: string) => Promise<Provoked>): Promise<Provoked | undefined> {
  const path = '/hooks/content';
  switch (status) {
    case '200': {
      const { headers, body } = signedPush('drafts');
      return on(open, path, headers, body);
    }
    case '202': {
      const { headers, body } = signedPush('main');
      const provoked = await on(open, path, headers, body);
      assert.deepEqual(fetched, ['webhook']);
      return provoked;
    }
    case '401':
      return on(open, path, { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' }, signedPush('main').body);
    case '404':
      return on(impatient, path, { 'content-type': 'application/json' }, '{}');
    case '413':
      return on(open, path, { 'content-type': 'application/json' }, ' '.repeat(25 * 1024 * 1024 + 1));
    case '429':
      for (let hook = 0; hook < 60; hook++) assert.equal((await on(spent, path, { 'content-type': 'application/json' }, '{}')).reply.status, 404);
      return on(spent, path, { 'content-type': 'application/json' }, '{}');
  }
  return undefined;
}

/** The document's example for an error body: the one example, or the one of the same code. */
function exampleFor(operation: Operation, status: string, body: Record<string, unknown>): unknown {
  const media = Object.values(operation.responses[status]?.content ?? {})[0];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const named = (body.code as string | undefined) ?? '';
  return media.examples?.[named]?.value;
}

describe('what /openapi.json promises is what the server answers', () => {
  test('every documented status of every operation, with its headers and its example', async () => {
    const proved: string[] = [];
    for (const [path, item] of Object.entries(open.document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const status of Object.keys(operation.responses)) {
          const where = `${method.toUpperCase()} ${path} ${status}`;
          // An unexpected failure: test/api/errors.test.ts provokes it, through the same checks.
          if (status === '500') continue;
          const provoked = await provoke(method, path, operation, status);
          assert.ok(provoked, `${where}: no request provokes it`);
          const { server, target, reply } = provoked;
          assert.equal(reply.status, Number(status), `${where}: ${reply.body.slice(0, 300)}`);
          const response = { statusCode: reply.status, headers: reply.headers, json: () => JSON.parse(reply.body) as unknown } as unknown as LightMyRequestResponse;
          assertMatchesOpenApi(catalog, method.toUpperCase(), target, response);
          if (Number(status) >= 400) {
            const body = JSON.parse(reply.body) as Record<string, unknown>;
            const served = server.document.paths[path]![method]!;
            assert.deepEqual(body, exampleFor(served, status, body), `${where}: the example is the real answer`);
          }
          proved.push(where);
        }
      }
    }
    assert.ok(proved.length > 80, `${proved.length} answers`);
  });

  test('the quota counts /api/v1 and /mcp, never /healthz', async () => {
    const healthz = await send(spent.url, 'GET', '/healthz');
    assert.equal(healthz.status, 200);
    assert.equal(healthz.headers['cache-control'], 'no-store');
    assert.equal(healthz.headers.ratelimit, undefined);
    assert.equal((await send(spent.url, 'GET', '/api/v1/health')).status, 429);
  });
});
