/**
 * The work of a row without the service around it: a bare node:http server
 * that does what the row's answer needs, with vitrine's own modules, and
 * nothing else: no route table, no ETag, no negotiation, no log. Where the
 * quota counts the row's answers, every row's work includes what the
 * contract asks of each counted request (src/http): the client's address
 * read as TRUST_PROXY says, its request counted in the quota (in memory, the
 * service's policy), and the five RateLimit headers. The other headers are
 * the ones vitrine wrote for the row's first request (captured by
 * bench/run.ts into FILE), with each answer's own Content-Length; the status
 * is that answer's, whatever the quota decides.
 *
 * For a computed row (`search`, `posts`), the work is vitrine's reading of
 * the query, its query and its JSON (src/http/request.ts, src/model,
 * src/query, src/util/json.ts) over the same content.
 *
 * For the repeated MCP call (`mcp`), the work is the endpoint's own for a
 * result it remembers (src/mcp): the body read and parsed as JSON-RPC, the
 * remembered result looked up under the call's canonical key and written
 * around the request's id. The result is the one vitrine gave the row's
 * first request, remembered as the endpoint remembers it.
 *
 * For a kept answer (`kept`), the work is finding the answer under its URL
 * (vitrine's 429, for a client over its quota).
 *
 * What it answers a second is the most the service could answer for that
 * row with its work as it is: between it and bare Node is the work's own
 * cost, between the service and it what the service does around the work.
 *
 * Usage: node work-only.mjs ROW FILE PORT [URL], ROW one of `search`,
 * `posts`, `mcp`, `kept` (URL: the row's, under which a kept answer is
 * found); CONTENT_DIR, BASE_URL, TRUST_PROXY and the quota's settings from
 * the environment, as for the service.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadCatalog } from '../src/content/load.js';
import { parseQuery as readQuery } from '../src/http/request.js';
import { parseQuery } from '../src/query/params.js';
import { postQuery, searchQuery } from '../src/query/parameters.js';
import { listPosts, searchContent } from '../src/query/queries.js';
import { warmSearchIndex } from '../src/search/index.js';
import { answerJson } from '../src/util/json.js';
import { byteLength, writeBody } from '../src/http/prepared.js';
import { resultBody, resultText } from '../src/mcp/endpoint.js';
import { readMessage } from '../src/mcp/messages.js';
import { remember, rememberedReply } from '../src/mcp/tool-results.js';
import { requestVersion } from '../src/mcp/versions.js';
import { loadConfig } from '../src/config/config.js';
import { clientAddressOf } from '../src/http/client-address.js';
import { pushRateLimitHeaders, quotaPolicy, RateLimiter } from '../src/http/rate-limit.js';
import { ClockCache } from '../src/util/clock-cache.js';
import type { CapturedAnswer } from './bare-node.js';

const [row = '', file = '', port = '0', rowUrl = '/'] = process.argv.slice(2);
const { CONTENT_DIR: dir = '', BASE_URL: baseUrl = '' } = process.env;
const catalog = await loadCatalog({ dir, baseUrl });
await warmSearchIndex(catalog);

const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer;

const config = loadConfig(process.env);
const policy = quotaPolicy(config);
const limiter = new RateLimiter(policy);
const clientAddress = clientAddressOf(config.trustProxy);

// The captured headers but Content-Length (each answer's own) and the quota's (each request's own).
const own: string[] = [];
let counted = false;
for (let i = 0; i < captured.headers.length; i += 2) {
  const name = captured.headers[i]!.toLowerCase();
  if (name.startsWith('ratelimit')) counted = true;
  else if (name !== 'content-length') own.push(captured.headers[i]!, captured.headers[i + 1]!);
}

/** The headers of the answer to `request` but its Content-Length: where the quota counts, the request is counted and its RateLimit headers written. */
function headersFor(request: IncomingMessage): string[] {
  if (!counted) return own;
  const decision = limiter.count(clientAddress(request));
  if (decision instanceof Promise) throw new Error('work-only: the quota counts in memory here');
  return pushRateLimitHeaders([...own], policy, decision);
}

const WORK: Record<string, (url: string) => unknown> = {
  search: (url) => searchContent(catalog, parseQuery(searchQuery, readQuery(url), catalog, '/api/v1/search')),
  posts: (url) => listPosts(catalog, parseQuery(postQuery, readQuery(url), catalog, '/api/v1/posts')),
};

/** The computed rows: the query of the URL, as JSON. */
function answerQuery(work: (url: string) => unknown, request: IncomingMessage, response: ServerResponse): void {
  const { body } = answerJson(work(request.url ?? '/'));
  response.writeHead(200, [...headersFor(request), 'Content-Length', String(byteLength(body))]);
  writeBody(response, body);
}

/**
 * The repeated MCP call: its body read and parsed, its remembered result
 * looked up and written around its id. The result is what vitrine answered
 * the row's first call, remembered as the endpoint remembers a result.
 */
function callAnswerer(): (request: IncomingMessage, response: ServerResponse) => void {
  const { result } = JSON.parse(Buffer.from(captured.body, 'base64').toString('utf8')) as { result?: unknown };
  if (result === undefined) throw new Error('work-only: the captured answer of the MCP row holds no JSON-RPC result');
  const resultJson = JSON.stringify(result);
  return (request, response) => answerCall(request, response, result, resultJson);
}

function answerCall(request: IncomingMessage, response: ServerResponse, result: unknown, resultJson: string): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.once('end', () => {
    let read;
    try {
      read = readMessage(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      // Not JSON (the readiness check's GET has no body).
    }
    if (read?.kind !== 'request') {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('not a JSON-RPC request');
      return;
    }
    const version = requestVersion({ requestInfo: { headers: request.headers } });
    const remembered = rememberedReply(catalog, read.message, version) ?? remember(catalog, read.message, version, result, resultJson);
    const body = remembered === undefined ? resultText(read.message.id, resultJson) : resultBody(read.message.id, remembered);
    response.writeHead(200, [...headersFor(request), 'Content-Length', String(byteLength(body))]);
    writeBody(response, body);
  });
}

/** A kept answer: found under the request's URL, the captured answer kept under the row's URL. */
function keptAnswerer(): (request: IncomingMessage, response: ServerResponse) => void {
  const kept = new ClockCache<Buffer>(Infinity, Infinity, (body) => body.length);
  kept.set(rowUrl, Buffer.from(captured.body, 'base64'));
  return (request, response) => {
    const headers = headersFor(request);
    const body = kept.get(request.url ?? '/');
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end(`not the row's URL (${rowUrl})`);
      return;
    }
    response.writeHead(captured.status, [...headers, 'Content-Length', String(body.length)]);
    response.end(body);
  };
}

const ROWS = [...Object.keys(WORK), 'mcp', 'kept'];
if (!ROWS.includes(row)) throw new Error(`work-only: no row "${row}"; the rows are ${ROWS.join(', ')}`);
const work = WORK[row];
const answer = work ? (request: IncomingMessage, response: ServerResponse) => answerQuery(work, request, response) : row === 'mcp' ? callAnswerer() : keptAnswerer();

createServer((request, response) => {
  try {
    answer(request, response);
  } catch (error) {
    // A query the row should never send: said, and counted by wrk as a non-2xx answer.
    response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
  }
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
