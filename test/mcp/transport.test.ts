import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import type { App } from '../../src/app.js';
import { MemoryStore, PUBLIC_READ, RateLimiter } from '../../src/http/rate-limit.js';
import { MAX_BODY_BYTES } from '../../src/mcp/endpoint.js';
import { BASE_URL, buildTestApp } from '../helper.js';

/**
 * The transport rules of /mcp (MCP 2025-06-18, Transports), over raw HTTP:
 * what a client that does not use the SDK sees.
 */

let app: App;

before(async () => {
  // A clock that never moves: every window reset is exactly 60 s away.
  app = await buildTestApp({ limiter: new RateLimiter(PUBLIC_READ, new MemoryStore(), () => 1_800_000_000_000) });
});
after(() => app.server.close());

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function post(payload: string | object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.server.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...MCP_HEADERS, ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** The version and quota headers every response carries, /mcp included. */
function assertCommonHeaders(response: LightMyRequestResponse): void {
  assert.equal(response.headers['x-api-version'], '1.0.0');
  assert.equal(response.headers['ratelimit-policy'], '"public-read";q=600;w=60');
  assert.match(String(response.headers.ratelimit), /^"public-read";r=\d+;t=60$/);
  assert.equal(response.headers['ratelimit-limit'], '600');
  assert.match(String(response.headers['ratelimit-remaining']), /^\d+$/);
  assert.equal(response.headers['ratelimit-reset'], '60');
  assert.equal(response.headers['access-control-allow-origin'], '*');
  assert.match(String(response.headers['access-control-expose-headers']), /RateLimit-Remaining, .*X-API-Version/);
  assert.equal(response.headers['cache-control'], 'no-store');
}

function assertRpcError(response: LightMyRequestResponse, status: number, body: object): void {
  assert.equal(response.statusCode, status);
  assert.match(String(response.headers['content-type']), /^application\/json\b/);
  assert.deepEqual(response.json(), body);
  assertCommonHeaders(response);
}

describe('POST /mcp with one JSON-RPC message', () => {
  test('a request gets 200 and its JSON-RPC response, with the quota and version headers', async () => {
    const response = await post({ jsonrpc: '2.0', id: 7, method: 'ping' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/json');
    assert.deepEqual(response.json(), { jsonrpc: '2.0', id: 7, result: {} });
    assertCommonHeaders(response);
  });

  test('a notification gets 202 with no body', async () => {
    const response = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(response.statusCode, 202);
    assert.equal(response.body, '');
    assert.equal(response.headers['content-type'], undefined);
    assertCommonHeaders(response);
  });

  test('initialize answers the revision the client asks for when supported, the latest otherwise (test/mcp/versions.test.ts has the rest)', async () => {
    for (const [asked, answered] of [['2025-06-18', '2025-06-18'], ['2025-11-25', '2025-11-25'], ['2025-03-26', '2025-03-26'], ['2024-11-05', '2025-11-25']]) {
      const response = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      });
      assert.equal(response.statusCode, 200);
      const { result } = response.json() as { result: { protocolVersion: string; serverInfo: { name: string } } };
      assert.equal(result.protocolVersion, answered, `asked ${asked}`);
      assert.equal(result.serverInfo.name, 'test.vitrine/content');
    }
  });

  test('is stateless: tools/call works without initialize and no session id is issued', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'get_company_info', arguments: {} } },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['mcp-session-id'], undefined);
    const { result } = response.json() as { result: { structuredContent: { markdown_url: string } } };
    assert.equal(result.structuredContent.markdown_url, `${BASE_URL}/md/company.md`);
  });

  test('an unknown JSON-RPC method is error -32601 in a 200 response', async () => {
    const response = await post({ jsonrpc: '2.0', id: 3, method: 'resources/subscribe', params: { uri: `${BASE_URL}/md/company.md` } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } });
  });

  test('params that are not what the method takes are error -32602 naming what is wrong, never an internal error', async () => {
    const cases = [
      [{ method: 'resources/read', params: {} }, 'Invalid params for resources/read: uri: '],
      [{ method: 'resources/read' }, 'Invalid params for resources/read: params: '],
      [{ method: 'tools/call', params: { arguments: {} } }, 'Invalid params for tools/call: name: '],
      [{ method: 'prompts/get', params: { name: 7 } }, 'Invalid params for prompts/get: name: '],
      [{ method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'quote_article' } } }, 'Invalid params for completion/complete: argument: '],
      [{ method: 'initialize', params: { protocolVersion: '2025-06-18' } }, 'Invalid params for initialize: capabilities: '],
    ] as const;
    for (const [request, start] of cases) {
      const response = await post({ jsonrpc: '2.0', id: 'p', ...request });
      assert.equal(response.statusCode, 200);
      const { error } = response.json() as { error: { code: number; message: string } };
      assert.equal(error.code, -32602, request.method);
      assert.ok(error.message.startsWith(start), error.message);
    }
  });
});

describe('POST /mcp with a body that is not one valid JSON-RPC message answers 400 and a JSON-RPC error', () => {
  test('invalid JSON is -32700', async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1,', 'ping', '']) {
      assertRpcError(await post(body), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the request body is not valid JSON.' } });
    }
  });

  test('a batch (a JSON array) is -32600 from 2025-06-18 on, which removed batching', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      for (const batch of [[{ jsonrpc: '2.0', id: 1, method: 'ping' }], [{ jsonrpc: '2.0', method: 'notifications/initialized' }]]) {
        assertRpcError(await post(batch, { 'mcp-protocol-version': version }), 400, {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32600,
            message: `Invalid Request: batches are not accepted in MCP ${version} (2025-06-18 removed JSON-RPC batching); send each message in its own POST.`,
          },
        });
      }
    }
  });

  test('a 2025-03-26 client (no MCP-Protocol-Version) may send a batch: each message answered in order, one array back', async () => {
    const headerless = { 'mcp-protocol-version': '2025-03-26' };
    const list = { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'list_products', arguments: {} } };
    const alone = (await post(list, headerless)).json() as Record<string, unknown>;
    const batch = [list, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'ping' }, { nonsense: true }, { jsonrpc: '2.0', id: 3, method: 'initialize', params: {} }];
    for (const headers of [{}, headerless]) {
      const response = await post(batch, headers);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'application/json');
      const replies = response.json() as { id: unknown; result?: unknown; error?: { code: number; message: string } }[];
      assert.deepEqual(replies.map((r) => r.id), ['a', 2, null, 3], 'a reply per request, none for the notification, in order');
      assert.deepEqual(replies[0], alone, 'a batched request is answered as it is alone');
      assert.deepEqual(replies[1], { jsonrpc: '2.0', id: 2, result: {} });
      assert.equal(replies[2]!.error!.code, -32600);
      assert.match(replies[3]!.error!.message, /initialize may not be part of a batch/);
    }
    assert.equal((await post([{ jsonrpc: '2.0', method: 'notifications/initialized' }])).statusCode, 202, 'notifications alone: nothing to answer');
    assertRpcError(await post([]), 400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: the batch is empty (JSON-RPC 2.0 section 6).' } });
  });

  test('a JSON value that is not a JSON-RPC message is -32600', async () => {
    const members = [
      { jsonrpc: '2.0', id: '', method: 'initialize', error: null },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products' }, extra: true },
      { jsonrpc: '2.0', id: 1.5, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 'ping', params: [] },
    ];
    for (const body of [{ hello: 'world' }, { jsonrpc: '1.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 1 }, '"ping"', '42', 'null', ...members]) {
      assertRpcError(await post(body), 400, {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message:
            'Invalid Request: the body is not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0" and a "method", or a "result" or "error" with an "id").',
        },
      });
    }
  });

  test('an MCP-Protocol-Version this server does not speak is refused, naming those it does', async () => {
    assertRpcError(await post({ jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-protocol-version': '2024-11-05' }), 400, {
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32600,
        message: 'Bad Request: unsupported MCP-Protocol-Version "2024-11-05"; this server supports 2025-11-25, 2025-06-18 and 2025-03-26.',
        data: { supported: ['2025-11-25', '2025-06-18', '2025-03-26'] },
      },
    });
  });

  test(`a body over ${MAX_BODY_BYTES} bytes is 413`, async () => {
    const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MAX_BODY_BYTES) } });
    assertRpcError(await post(payload), 413, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Payload Too Large: a request body must not exceed ${MAX_BODY_BYTES} bytes.` },
    });
  });
});

describe('POST /mcp headers the Streamable HTTP transport requires', () => {
  test('an Accept without text/event-stream is 406', async () => {
    assertRpcError(await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'application/json' }), 406, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' },
    });
  });

  test('a Content-Type other than application/json is 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      assertRpcError(await post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { 'content-type': type }), 415, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' },
      });
    }
  });
});

describe('/mcp with any method but POST', () => {
  for (const method of ['GET', 'DELETE', 'PUT', 'PATCH'] as const) {
    test(`${method} answers 405 with Allow: POST and a JSON-RPC error body`, async () => {
      const request: InjectOptions = { method, url: '/mcp', headers: { accept: 'application/json, text/event-stream' } };
      const response = await app.server.inject(request);
      assertRpcError(response, 405, {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: `${method} is not allowed on /mcp: this MCP server is stateless, so it has no event stream to GET and no session to DELETE; it answers POST only.`,
          data: {
            status: 405,
            code: 'method_not_allowed',
            hint: 'Send each JSON-RPC message in its own POST /mcp, with Content-Type: application/json and Accept: application/json, text/event-stream.',
            documentation_url: `${BASE_URL}/developers#method_not_allowed`,
          },
        },
      });
      assert.equal(response.headers.allow, 'POST');
    });
  }

  test('HEAD answers 405 with Allow: POST and no body', async () => {
    const response = await app.server.inject({ method: 'HEAD', url: '/mcp' });
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.allow, 'POST');
    assert.equal(response.body, '');
    assertCommonHeaders(response);
  });

  test('OPTIONS answers the CORS preflight for POST', async () => {
    const response = await app.server.inject({
      method: 'OPTIONS',
      url: '/mcp',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers.allow, 'POST, OPTIONS');
    assert.equal(response.headers['access-control-allow-methods'], 'POST, OPTIONS');
    assert.equal(response.headers['access-control-allow-headers'], 'content-type, mcp-protocol-version');
    assert.equal(response.headers['access-control-allow-origin'], '*');
  });

  test('a path under /mcp/ answers 404 with a JSON-RPC error body', async () => {
    const response = await app.server.inject({ method: 'POST', url: '/mcp/tools', headers: MCP_HEADERS, payload: '{}' });
    assert.equal(response.statusCode, 404);
    const body = response.json() as { jsonrpc: string; id: null; error: { code: number; data: { code: string } } };
    assert.equal(body.jsonrpc, '2.0');
    assert.equal(body.id, null);
    assert.equal(body.error.code, -32000);
    assert.equal(body.error.data.code, 'not_found');
  });
});

describe('the quota', () => {
  test('/mcp and /api/v1 count against the same quota, each response saying what is left', async () => {
    const own = await buildTestApp({ limiter: new RateLimiter(PUBLIC_READ, new MemoryStore(), () => 1_800_000_000_000) });
    try {
      const remaining: unknown[] = [];
      remaining.push((await own.server.inject('/api/v1')).headers['ratelimit-remaining']);
      const ping = { method: 'POST' as const, url: '/mcp', headers: MCP_HEADERS, payload: '{"jsonrpc":"2.0","id":1,"method":"ping"}' };
      remaining.push((await own.server.inject(ping)).headers['ratelimit-remaining']);
      remaining.push((await own.server.inject({ method: 'GET', url: '/mcp' })).headers['ratelimit-remaining']);
      remaining.push((await own.server.inject('/api/v1/company')).headers['ratelimit-remaining']);
      assert.deepEqual(remaining, ['599', '598', '597', '596']);
    } finally {
      await own.server.close();
    }
  });

  test('once it is used up, /mcp answers 429 with a problem document and Retry-After, whatever the method', async () => {
    const tiny = new RateLimiter({ name: 'public-read', limit: 2, windowSeconds: 60 }, new MemoryStore(), () => 1_800_000_000_000);
    const own = await buildTestApp({ limiter: tiny });
    try {
      const ping = { method: 'POST' as const, url: '/mcp', headers: MCP_HEADERS, payload: '{"jsonrpc":"2.0","id":1,"method":"ping"}' };
      assert.equal((await own.server.inject(ping)).statusCode, 200);
      assert.equal((await own.server.inject('/api/v1')).statusCode, 200);
      for (const request of [ping, { method: 'GET' as const, url: '/mcp' }]) {
        const refused = await own.server.inject(request);
        assert.equal(refused.statusCode, 429);
        assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.equal(refused.headers['retry-after'], '60');
        assert.equal(refused.headers.ratelimit, '"public-read";r=0;t=60');
        assert.equal(refused.headers['ratelimit-policy'], '"public-read";q=2;w=60');
        assert.equal(refused.headers['x-api-version'], '1.0.0');
        assert.equal(refused.headers['cache-control'], 'no-store');
        assert.deepEqual(refused.json(), {
          type: `${BASE_URL}/developers#rate_limited`,
          title: 'Too Many Requests',
          status: 429,
          code: 'rate_limited',
          detail: 'The quota of 2 requests per 60 seconds for your address is used up.',
          hint: 'Wait the number of seconds the Retry-After header gives, then call again; pace later calls with the RateLimit header.',
          instance: '/mcp',
        });
      }
    } finally {
      await own.server.close();
    }
  });
});

describe('read-only answers kept per Catalog', () => {
  const call = (id: string | number, args: object, extra: object = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'get_post', arguments: args, ...extra },
  });
  const without = (headers: Record<string, unknown>, names: string[]) => Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
  const PER_REQUEST = ['date', 'ratelimit', 'ratelimit-remaining', 'content-length', 'connection', 'keep-alive'];

  test('a repeated request gets the same answer, headers and all, under its own id', async () => {
    const slug = app.store.catalog.posts[0]!.slug;
    const first = await post(call(1, { slug }));
    assert.equal(first.statusCode, 200);
    for (const id of [2, 'two', 'quote " and \\ backslash', 2 ** 40]) {
      const again = await post(call(id, { slug }));
      assert.equal(again.statusCode, 200);
      const body = again.json() as { id: unknown };
      assert.equal(body.id, id);
      assert.deepEqual({ ...body, id: 1 }, first.json(), String(id));
      assert.equal(Number(again.headers['content-length']), Buffer.byteLength(again.body));
      assert.deepEqual(without(again.headers, PER_REQUEST), without(first.headers, PER_REQUEST));
      assertCommonHeaders(again);
    }
    // Other arguments, another answer; an unknown slug, the tool's own error result.
    const other = await post(call(3, { slug: app.store.catalog.posts[1]!.slug }));
    assert.notDeepEqual((other.json() as { result: unknown }).result, (first.json() as { result: unknown }).result);
    for (let i = 0; i < 2; i += 1) {
      const missing = (await post(call(4 + i, { slug: 'no-such-post' }))).json() as { result: { isError?: boolean } };
      assert.equal(missing.result.isError, true);
    }
  });

  test('a call made a second time is remembered; from then on it is answered without running the tool, whatever the order of its arguments', async () => {
    const real = app.store.catalog;
    let lookups = 0;
    const counting = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'postsBySlug') lookups += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const counted = await buildTestApp({ catalog: counting, openApiCatalog: real });
    try {
      const slug = real.posts[0]!.slug;
      const ask = (id: number, args: object) =>
        counted.server.inject({ method: 'POST', url: '/mcp', headers: MCP_HEADERS, payload: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_posts', arguments: args } }) });
      const first = await ask(1, { locale: 'en', limit: 3 });
      const before = lookups;
      const again = await ask(2, { limit: 3, locale: 'en' });
      assert.equal((again.json() as { id: number }).id, 2);
      assert.deepEqual((again.json() as { result: unknown }).result, (first.json() as { result: unknown }).result);
      assert.equal(again.body, first.body.replace('"id":1,', '"id":2,'), 'the same bytes but the id');
      // get_post reads postsBySlug each time it runs: for the first two calls, not for the remembered one.
      const getPost = async (id: number) => counted.server.inject({ method: 'POST', url: '/mcp', headers: MCP_HEADERS, payload: JSON.stringify(call(id, { slug })) });
      const once = await getPost(3);
      const afterFirst = lookups;
      assert.ok(afterFirst > before, 'the first get_post ran the tool');
      await getPost(4);
      const afterSecond = lookups;
      assert.ok(afterSecond > afterFirst, 'a call made once is not remembered: the second get_post ran the tool');
      const third = await getPost(5);
      assert.equal(lookups, afterSecond, 'the third get_post did not run the tool');
      assert.equal(third.body, once.body.replace('"id":3,', '"id":5,'), 'a computed and a remembered result are the same bytes');
    } finally {
      await counted.server.close();
    }
  });

  test('a remembered result goes to a client that takes gzip as gzip made around it: each id its own valid member, the same JSON', async () => {
    const slug = app.store.catalog.posts[2]!.slug;
    const plain = await post(call('plain', { slug }));
    const asked: LightMyRequestResponse[] = [];
    for (const id of [1, 'two', 'quote " and \\ backslash', 2 ** 40]) asked.push(await post(call(id, { slug }), { 'accept-encoding': 'gzip, deflate, br' }));
    const remembered = asked.slice(1);
    for (const [i, response] of remembered.entries()) {
      const id = [`two`, 'quote " and \\ backslash', 2 ** 40][i];
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], 'gzip', 'gzip, though br is accepted too: it is the coding made without compressing');
      assert.equal(response.headers.vary, 'Accept-Encoding');
      assert.equal(Number(response.headers['content-length']), response.rawPayload.length);
      // Node's zlib and the gzip program both check the member's CRC-32 and length.
      const json = gunzipSync(response.rawPayload).toString('utf8');
      const viaGzip = spawnSync('gzip', ['-dc'], { input: response.rawPayload });
      assert.equal(viaGzip.status, 0, String(viaGzip.stderr));
      assert.equal(viaGzip.stdout.toString('utf8'), json);
      assert.deepEqual(JSON.parse(json), { ...(plain.json() as object), id });
      assert.ok(response.rawPayload.length < Buffer.byteLength(json) / 2, `${response.rawPayload.length} of ${Buffer.byteLength(json)} bytes`);
    }
  });

  test('a request with a progress token, a notification or an Accept the transport refuses is left to the SDK', async () => {
    const slug = app.store.catalog.posts[0]!.slug;
    await post(call(1, { slug }));
    const tracked = await post(call(9, { slug }, { _meta: { progressToken: 'p1' } }));
    assert.equal(tracked.statusCode, 200);
    assert.equal((tracked.json() as { id: number }).id, 9);
    const refused = await post(call(10, { slug }), { accept: 'application/json' });
    assert.equal(refused.statusCode, 406);
    const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(notification.statusCode, 202);
  });

  test('a new Catalog answers from its own content, not the old one\'s answers', async () => {
    const { testCatalog, FIXTURES } = await import('../helper.js');
    const path = await import('node:path');
    const old = app.store.catalog;
    const listed = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products', arguments: {} } });
    try {
      app.store.replace(await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL));
      const relisted = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products', arguments: {} } });
      assert.notDeepEqual(relisted.json(), listed.json());
      assert.match(relisted.body, /pao-de-queijo/);
    } finally {
      app.store.replace(old);
    }
  });
});
