/**
 * A raw-socket fuzzer against the app listening on 127.0.0.1: odd and unknown
 * methods, long and badly encoded paths (raw bytes, broken escapes, dot
 * segments), oversized headers, random Accept values, and garbage JSON-RPC
 * bodies to /mcp. No answer may be a 5xx; under /api every answer is JSON and
 * every error a problem document; under /mcp every error is a JSON-RPC error
 * (429 and the HTTP parser's own refusals excepted: problem documents); a
 * tool that fails unexpectedly counts as a crash; and the server must still
 * answer GET /healthz afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { App } from '../../src/app.js';
import { pathOf } from '../../src/http/request.js';
import { listenTestApp } from '../helper.js';
import { httpRequest, rawRequest } from './raw-client.js';
import type { RawAnswer } from './raw-client.js';
import { announceSeed, assertProblem, assertRpcError, assertRpcResponse, FUZZ_REQUESTS, FUZZ_SEED, unlimited } from './support.js';

let app: App & { url: string };
let port: number;

before(async () => {
  app = await listenTestApp({ limiter: unlimited() });
  port = Number(new URL(app.url).port);
});
after(() => {
  console.log(`# answers seen: ${[...seen].sort().map(([key, count]) => `${key}: ${count}`).join(', ')}`);
  return app.server.close();
});

/** Whether Node's HTTP parser refused the request (its door still words the answer): a 431, or a 400 that says the request is not HTTP. */
function parserRefused(answer: RawAnswer): boolean {
  return answer.status === 431 || (answer.status === 400 && answer.body.includes('not valid HTTP/1.1'));
}

/** The other half of the fuzz budget, split between plain requests and /mcp bodies. */
const RUNS = Math.max(50, Math.ceil(FUZZ_REQUESTS / 4));

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND', 'SEARCH', 'QUERY', 'get', 'FOO', 'G ET', ''];
const PREFIXES = [
  '/api/v1',
  '/api/v1/',
  '/api/v1/products',
  '/api/v1/products/',
  '/api/v1/posts/',
  '/api/v1/pages/about',
  '/api/v1/search',
  '/api',
  '/api/v2/',
  '/mcp',
  '/mcp/',
  '/healthz',
  '/',
  '/md/',
  '/products/',
  '/blog/',
  '/openapi.json',
  '/.well-known/',
  '/llms.txt',
  '/developers',
  '/oauth/',
];
/** Path pieces a decoder or router may trip on. */
const PIECES = ['..', '.', '//', '%2e%2e', '%2F', '%', '%zz', '%C0%AF', '%00', '%E2%82', '%FF', '\x80\xff', 'é', ';x=1', '?', '??', '&', '#frag', '*', '~', '%25', '\\', 'index.md'];
const ACCEPTS = [
  'application/json',
  'application/problem+json',
  'text/html',
  'text/markdown',
  'application/json, text/event-stream',
  'text/event-stream',
  '*/*',
  '*/*;q=0',
  'application/json;q=0',
  'text/*',
  'image/png',
  ';;;',
  ',',
  'application/json; q=abc',
  '*',
  'a/b/c',
];
const MCP_METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'resources/templates/list', 'prompts/list', 'notifications/initialized', 'logging/setLevel', 'completion/complete', '', 'x'];
const TOOLS = ['list_products', 'get_product', 'list_posts', 'get_post', 'get_page', 'search_content', 'get_company_info', 'nope', ''];
const ARGUMENT_NAMES = ['slug', 'status', 'tag', 'limit', 'offset', 'category', 'locale', 'query', 'kind', 'uri', '__proto__', 'constructor'];

const bytes = fc.string({ unit: fc.integer({ min: 0x21, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 24 });
/** Mostly a method a route answers, sometimes one the parser refuses. */
const method = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...METHODS.slice(0, 7)) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });
const pathSuffix = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: bytes }, { weight: 1, arbitrary: fc.constant('a'.repeat(3000)) }), { maxLength: 4 })
  .map((parts) => parts.join(''));
const target = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PREFIXES) },
  { weight: 12, arbitrary: fc.tuple(fc.constantFrom(...PREFIXES), pathSuffix).map(([prefix, suffix]) => prefix + suffix) },
  { weight: 1, arbitrary: fc.constantFrom('*', 'http://127.0.0.1/api/v1', '/api/v1?' + 'q='.repeat(5000), 'api/v1', '/api/v1/search?q=' + 'x'.repeat(9000), '/api/v1/posts?q=' + 'x'.repeat(20_000), '') },
);
const accept = fc.option(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ACCEPTS) }, { weight: 1, arbitrary: bytes }), { nil: undefined });
/** What MCP clients send (MCP 2025-06-18, "Sending Messages to the Server"), most of the time. */
const mcpAccept = fc.oneof({ weight: 6, arbitrary: fc.constant('application/json, text/event-stream') }, { weight: 1, arbitrary: accept.map((value) => value ?? '*/*') });
const extraHeaders = fc.record(
  {
    'if-none-match': fc.oneof({ weight: 4, arbitrary: fc.constantFrom('*', '"x"', 'W/"x"', '"a", "b"') }, { weight: 1, arbitrary: bytes }),
    'content-type': fc.oneof({ weight: 4, arbitrary: fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x') }, { weight: 1, arbitrary: bytes }),
    'x-filler': fc.oneof({ weight: 6, arbitrary: fc.constant('x'.repeat(100)) }, { weight: 1, arbitrary: fc.constant('x'.repeat(40_000)) }),
    'mcp-protocol-version': fc.oneof({ weight: 6, arbitrary: fc.constant('2025-06-18') }, { weight: 1, arbitrary: fc.constantFrom('2024-11-05', 'x') }),
  },
  { requiredKeys: [] },
);

/** Tool arguments: the names the tools read, with values of the right type, the wrong type, or out of range. */
const argumentValue = fc.oneof(
  fc.constantFrom('live', 'coming-soon', 'Kubernetes', 'en', 'pt-BR', 'post', 'product', 'page', 'about', 'open-source-cloud', 'cloud', 'automacao'),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -5, max: 200 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const toolArguments = fc.oneof({ weight: 8, arbitrary: fc.dictionary(fc.constantFrom(...ARGUMENT_NAMES), argumentValue, { maxKeys: 4 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
const params = fc.oneof(
  { weight: 6, arbitrary: fc.record({ name: fc.constantFrom(...TOOLS), arguments: toolArguments }, { requiredKeys: ['name'] }) },
  { weight: 2, arbitrary: fc.record({ uri: fc.oneof(fc.constantFrom('http://vitrine.test/md/about.md', 'http://vitrine.test/md/products/x.md'), fc.string({ maxLength: 30 })) }) },
  {
    weight: 2,
    arbitrary: fc.record({ protocolVersion: fc.constantFrom('2025-06-18', '2024-11-05', 'x'), capabilities: fc.constant({}), clientInfo: fc.constant({ name: 'fuzz', version: '1' }) }, { requiredKeys: [] }),
  },
  { weight: 1, arbitrary: fc.record({ cursor: fc.string({ maxLength: 10 }) }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
/** A well-shaped JSON-RPC request (most often), or something near one: wrong versions, ids, members. */
const wellShaped = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 })), method: fc.constantFrom(...MCP_METHODS), params });
const nearMiss = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue({ maxDepth: 1 })),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.double(), fc.constant({})),
    method: fc.oneof(fc.constantFrom(...MCP_METHODS), fc.string({ maxLength: 20 })),
    params,
    result: fc.jsonValue({ maxDepth: 1 }),
    error: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);
const mcpBody = fc.oneof(
  { weight: 12, arbitrary: wellShaped.map((message) => Buffer.from(JSON.stringify(message))) },
  { weight: 4, arbitrary: nearMiss.map((message) => Buffer.from(JSON.stringify(message))) },
  { weight: 1, arbitrary: fc.array(wellShaped, { maxLength: 3 }).map((batch) => Buffer.from(JSON.stringify(batch))) },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((array) => Buffer.from(array)) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '{"jsonrpc":"2.0"', 'null', '\ufeff{}', '{"__proto__":{"x":1},"jsonrpc":"2.0","id":1,"method":"ping"}').map((text) => Buffer.from(text)) },
);

/** The door that owns a request target's path, and whether it answers in JSON only. */
function zoneOf(requestTarget: string): { readonly door: string; readonly json: boolean } {
  return app.zones.of(pathOf(requestTarget));
}

/** Answers seen, by door and status: printed, and checked so a fuzzer that stopped reaching the routes fails. */
const seen = new Map<string, number>();

/** The checks every fuzzed answer passes. */
function check(method: string, requestTarget: string, answer: RawAnswer | undefined): void {
  const key = answer === undefined ? 'closed' : `${parserRefused(answer) ? 'parser' : zoneOf(requestTarget).door} ${answer.status}`;
  seen.set(key, (seen.get(key) ?? 0) + 1);
  const context = `${method} ${JSON.stringify(requestTarget.slice(0, 120))}`;
  // Closing without a word is acceptable only for a request line the parser could not read.
  if (answer === undefined) return;
  assert.ok(answer.status < 500, `${context} answered ${answer.statusLine}: ${answer.body.slice(0, 300)}`);
  assert.equal(answer.headers['x-content-type-options'], 'nosniff', `${context}: ${answer.statusLine}`);
  // A request Node's parser refused before the pipeline read it is answered by the door of its path all the same.
  const zone = zoneOf(requestTarget);
  const bodyless = method === 'HEAD' || answer.status === 204 || answer.status === 304 || answer.status === 202;
  if (zone.json) {
    assert.doesNotMatch(String(answer.headers['content-type']), /html/, `${context}: HTML under /api`);
    if (answer.status >= 400 && !bodyless) assertProblem(answer, context);
  } else if (zone.door === 'mcp' && !bodyless) {
    if (answer.status === 429) assertProblem(answer, context);
    else if (answer.status >= 400) assertRpcError(answer, context);
    else if (answer.status === 200) {
      assertRpcResponse(answer, context);
      assert.doesNotMatch(answer.body, /failed unexpectedly/, `${context}: a tool crashed: ${answer.body.slice(0, 300)}`);
    }
  }
}

async function assertHealthy(): Promise<void> {
  const answer = await rawRequest(port, httpRequest('GET', '/healthz'));
  assert.equal(answer?.status, 200, 'GET /healthz after the fuzzing');
  assert.equal((JSON.parse(answer.body) as { status: string }).status, 'ok');
}

describe('raw HTTP/1.1 fuzzing of the listening app', () => {
  test('odd methods, paths, headers and Accept values never get a 5xx or a malformed error', async () => {
    announceSeed('test/fuzz/raw-socket.test.ts', 'raw requests', RUNS);
    await fc.assert(
      fc.asyncProperty(method, target, accept, extraHeaders, fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) }), async (verb, path, acceptValue, headers, body) => {
        const request = httpRequest(verb, path, { ...headers, ...(acceptValue === undefined ? {} : { accept: acceptValue }) }, body === null ? undefined : Buffer.from(body));
        check(verb, path, await rawRequest(port, request));
      }),
      {
        seed: FUZZ_SEED,
        numRuns: RUNS,
        includeErrorInReport: true,
        // Always tried first, whatever the seed: a read with a body, rare among the random requests.
        examples: [
          ['GET', '/api/v1/products', 'application/json', { 'content-type': 'application/json' }, new Uint8Array([123, 125])],
          ['HEAD', '/healthz', undefined, {}, new Uint8Array([1, 2, 3])],
        ],
      },
    );
    await assertHealthy();
  });

  test('garbage JSON-RPC bodies to POST /mcp get a JSON-RPC answer, never a 5xx or a crashed tool', async () => {
    announceSeed('test/fuzz/raw-socket.test.ts', 'POST /mcp bodies', RUNS);
    await fc.assert(
      fc.asyncProperty(mcpBody, mcpAccept, extraHeaders, async (body, acceptValue, headers) => {
        const request = httpRequest(
          'POST',
          '/mcp',
          { 'content-type': 'application/json', accept: acceptValue, ...(headers['mcp-protocol-version'] ? { 'mcp-protocol-version': headers['mcp-protocol-version'] } : {}) },
          body,
        );
        check('POST', '/mcp', await rawRequest(port, request));
      }),
      { seed: FUZZ_SEED, numRuns: RUNS, includeErrorInReport: true },
    );
    await assertHealthy();
  });

  test('the fuzzers reached the routes, the tools and the parser limits, not only one kind of refusal', { skip: RUNS < 500 && 'too few runs to expect every kind' }, () => {
    for (const key of ['api 200', 'api 400', 'api 405', 'api 406', 'mcp 200', 'mcp 400', 'mcp 405', 'parser 400', 'parser 431', 'site 200']) {
      assert.ok((seen.get(key) ?? 0) > 0, `no "${key}" answer in ${RUNS * 2} fuzzed requests`);
    }
    // A read with a body is rare among the fuzzed requests: any part of the API answering it will do.
    const unsupported = seen.get('api 415') ?? 0;
    assert.ok(unsupported > 0, `no 415 answer under /api in ${RUNS * 2} fuzzed requests`);
  });
});
