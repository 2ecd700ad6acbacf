/**
 * The limits that keep one client from exhausting the process: the
 * /mcp body size, the request head size, the head and request timeouts
 * against slow clients, and the cap on open connections.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { App } from '../../src/app.js';
import { MAX_BODY_BYTES } from '../../src/mcp/endpoint.js';
import { MAX_TARGET_LENGTH } from '../../src/http/pipeline.js';
import { MAX_HEADER_BYTES } from '../../src/http/service.js';
import { httpRequest, parseResponse, rawRequest } from '../fuzz/raw-client.js';
import { assertProblem, assertRpcError, unlimited } from '../fuzz/support.js';
import { BASE_URL, listenTestApp } from '../helper.js';

type Listening = App & { url: string };
const portOf = (app: Listening) => Number(new URL(app.url).port);

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Opens a connection and resolves once it is established. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent once it closes the connection. */
function closed(socket: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks))));
}

/**
 * Writes `piece` every `everyMs` until the server closes the connection or
 * `maxPieces` have gone out; resolves with how many were written.
 */
async function trickle(socket: Socket, piece: string, everyMs: number, maxPieces: number): Promise<number> {
  for (let sent = 0; sent < maxPieces; sent += 1) {
    if (socket.destroyed || socket.writableEnded || socket.readableEnded) return sent;
    socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return maxPieces;
}

describe('request body size on /mcp', () => {
  let app: Listening;
  before(async () => {
    app = await listenTestApp({ limiter: unlimited() });
  });
  after(() => app.server.close());

  const oversized = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(MAX_BODY_BYTES)}"}}`;

  test('a body declared over 4 MiB answers 413 with a JSON-RPC error', async () => {
    const answer = await rawRequest(portOf(app), httpRequest('POST', '/mcp', MCP_HEADERS, oversized));
    assert.ok(answer);
    assert.equal(answer.status, 413);
    assertRpcError(answer, 'POST /mcp (4 MiB + 60 bytes)');
    assert.deepEqual(JSON.parse(answer.body), {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Payload Too Large: a request body must not exceed ${MAX_BODY_BYTES} bytes.` },
    });
  });

  test('a chunked body that grows past 4 MiB answers 413 with a JSON-RPC error', async () => {
    const head = 'POST /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n';
    const body = Buffer.from(oversized);
    const chunked = `${body.length.toString(16)}\r\n${oversized}\r\n0\r\n\r\n`;
    const answer = await rawRequest(portOf(app), head + chunked);
    assert.equal(answer?.status, 413);
    assertRpcError(answer, 'POST /mcp chunked (4 MiB + 60 bytes)');
  });

  test('a body of exactly 4 MiB is read and answered', async () => {
    const padding = MAX_BODY_BYTES - Buffer.byteLength('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""}}');
    const answer = await rawRequest(portOf(app), httpRequest('POST', '/mcp', MCP_HEADERS, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(padding)}"}}`));
    assert.equal(answer?.status, 200);
    assert.deepEqual(JSON.parse(answer.body), { jsonrpc: '2.0', id: 1, result: {} });
  });
});

describe('request head size', () => {
  let app: Listening;
  before(async () => {
    app = await listenTestApp({ limiter: unlimited() });
  });
  after(() => app.server.close());

  test(`a head over ${MAX_HEADER_BYTES} bytes answers 431 with its own problem code, then closes`, async () => {
    const answer = await rawRequest(portOf(app), httpRequest('GET', '/api/v1', { 'x-filler': 'x'.repeat(MAX_HEADER_BYTES + 1) }));
    assert.ok(answer);
    assert.equal(answer.statusLine, 'HTTP/1.1 431 Request Header Fields Too Large');
    assert.equal(answer.headers.connection, 'close');
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    // An answer under /api/v1 like any other: versioned, whatever refused it.
    assert.equal(answer.headers['x-api-version'], '1.0.0');
    assertProblem(answer, 'oversized head');
    assert.deepEqual(JSON.parse(answer.body), {
      type: `${BASE_URL}/developers#headers_too_large`,
      title: 'Request Header Fields Too Large',
      status: 431,
      code: 'headers_too_large',
      detail: 'The request head is larger than this server reads.',
      hint: 'Send the request again with fewer or shorter headers.',
      instance: '/api/v1',
      parameter: 'headers',
      accepted: `a request head of at most ${MAX_HEADER_BYTES} bytes`,
    });
  });

  test('a head just under the limit is answered normally', async () => {
    const answer = await rawRequest(portOf(app), httpRequest('GET', '/api/v1', { 'x-filler': 'x'.repeat(MAX_HEADER_BYTES - 200) }));
    assert.equal(answer?.status, 200);
  });

  test(`a request target over ${MAX_TARGET_LENGTH} characters answers 414 with the API's headers`, async () => {
    const answer = await rawRequest(portOf(app), httpRequest('GET', `/api/v1/posts?q=${'x'.repeat(16_000)}`));
    assert.ok(answer);
    assert.equal(answer.status, 414);
    assert.equal(answer.headers['x-api-version'], '1.0.0');
    const problem = assertProblem(answer, 'long target') as { code: string; parameter: string };
    assert.deepEqual([problem.code, problem.parameter], ['uri_too_long', 'url']);
  });
});

describe('slow clients', () => {
  let app: Listening;
  before(async () => {
    app = await listenTestApp({ limiter: unlimited(), env: { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000' } });
  });
  after(() => app.server.close());

  test('the server applies the configured head, request and keep-alive timeouts', () => {
    assert.equal(app.server.server.headersTimeout, 500);
    assert.equal(app.server.server.requestTimeout, 1000);
    assert.equal(app.server.server.keepAliveTimeout, 72_000);
  });

  test('a client that trickles its headers (slowloris) is cut off before it finishes', async () => {
    const socket = await open(portOf(app));
    const answer = closed(socket);
    socket.write('GET /api/v1 HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    // 200 header lines, one every 50 ms: 10 s in all if the server let it, twenty times its head timeout.
    const sent = await trickle(socket, 'x-slow: 1\r\n', 50, 200);
    assert.ok(sent < 200, 'the server closed the connection before the head was complete');
    const data = await answer;
    // RFC 9110 section 15.5.9: the server tells the client it waited too long, then closes.
    const response = parseResponse(data);
    assert.equal(response.status, 408, data.toString('latin1'));
    assert.equal(response.headers['connection'], 'close');
    // Its request line was not read, so no door's words: a problem document any client reads.
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
  });

  test('a client that trickles its body is cut off before it finishes', async () => {
    const socket = await open(portOf(app));
    const answer = closed(socket);
    socket.write(`POST /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: 400\r\n\r\n{"jsonrpc":"2.0",`);
    const sent = await trickle(socket, ' ', 50, 200);
    assert.ok(sent < 200, 'the server closed the connection before the body was complete');
    const data = await answer;
    if (data.length > 0) assert.ok(parseResponse(data).status < 500);
  });

  test('a prompt client on the same server is answered', async () => {
    const answer = await rawRequest(portOf(app), httpRequest('GET', '/api/v1'));
    assert.equal(answer?.status, 200);
  });
});

describe('open connections per process', () => {
  let app: Listening;
  before(async () => {
    app = await listenTestApp({ limiter: unlimited(), env: { MAX_CONNECTIONS: '2' } });
  });
  after(() => app.server.close());

  const connections = () => new Promise<number>((resolve, reject) => app.server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  test('connections beyond MAX_CONNECTIONS are closed on arrival, and accepted again once one closes', async () => {
    assert.equal(app.server.server.maxConnections, 2);
    const first = await open(portOf(app));
    const second = await open(portOf(app));
    while ((await connections()) < 2) await new Promise((resolve) => setImmediate(resolve));

    const third = await open(portOf(app));
    const refused = closed(third);
    third.write(httpRequest('GET', '/api/v1'));
    assert.equal((await refused).length, 0, 'the third connection is closed without an answer');

    // The first two still work.
    const firstAnswer = closed(first);
    first.write(httpRequest('GET', '/healthz'));
    assert.equal(parseResponse(await firstAnswer).status, 200);

    while ((await connections()) > 1) await new Promise((resolve) => setImmediate(resolve));
    const answer = await rawRequest(portOf(app), httpRequest('GET', '/healthz'));
    assert.equal(answer?.status, 200, 'a new connection is accepted once one has closed');
    second.destroy();
  });
});
