/**
 * A little fuzzing under the real quota (600 requests per
 * 60 s per address): once the fuzzed requests of one address use it up,
 * every refusal is a well-formed 429 (a problem document with Retry-After and
 * the quota headers, on /mcp too), and /healthz, outside the quota, still answers.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import type { App } from '../../src/app.js';
import { listenTestApp } from '../helper.js';
import { httpRequest, rawRequest } from './raw-client.js';
import type { RawAnswer } from './raw-client.js';
import { announceSeed, assertProblem, FUZZ_SEED } from './support.js';

let app: App & { url: string };
let port: number;

before(async () => {
  app = await listenTestApp();
  port = Number(new URL(app.url).port);
});
after(() => app.server.close());

/** Past the 600 of the window, so the last hundred are refused. */
const REQUESTS = 700;

const apiTarget = fc.oneof(
  fc.constantFrom('/api/v1', '/api/v1/products?limit=2', '/api/v1/posts/x', '/api/v1/search?q=cloud', '/api/v1/search', '/api/v1/nope', '/api/v1/pages?offset=-1'),
  fc.string({ maxLength: 20 }).map((text) => `/api/v1/search?q=${encodeURIComponent(text)}`),
);
const request = fc.oneof(
  apiTarget.map((target) => ({ method: 'GET', target, body: undefined as string | undefined })),
  fc.constantFrom('DELETE', 'POST', 'OPTIONS').map((method) => ({ method, target: '/api/v1/products', body: undefined as string | undefined })),
  fc.jsonValue({ maxDepth: 2 }).map((params) => ({ method: 'POST', target: '/mcp', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }) })),
  fc.constant({ method: 'POST', target: '/mcp', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }),
);

test('fuzzed requests past the real quota get well-formed 429 problem documents, /mcp included', async () => {
  announceSeed('test/fuzz/quota.test.ts', 'requests past the real quota', REQUESTS);
  const cases = fc.sample(request, { seed: FUZZ_SEED, numRuns: REQUESTS });
  const answers: { target: string; answer: RawAnswer | undefined }[] = [];
  // Twenty at a time: concurrent like a busy client, bounded like a test.
  for (let at = 0; at < cases.length; at += 20) {
    const batch = cases.slice(at, at + 20);
    const results = await Promise.all(
      batch.map(({ method, target, body }) =>
        rawRequest(port, httpRequest(method, target, { accept: 'application/json, text/event-stream', 'content-type': 'application/json' }, body)),
      ),
    );
    results.forEach((answer, index) => answers.push({ target: batch[index]?.target ?? '', answer }));
  }
  const refused = answers.filter(({ answer }) => answer?.status === 429);
  // CORS preflights are not counted.
  const counted = cases.filter(({ method }) => method !== 'OPTIONS').length;
  assert.equal(refused.length, Math.max(0, counted - 600), 'exactly the counted requests past the 600 of the window are refused');
  for (const { target, answer } of answers) {
    assert.ok(answer && answer.status < 500, `${target}: ${answer?.statusLine}`);
  }
  for (const { target, answer } of refused) {
    if (!answer) continue;
    const problem = assertProblem(answer, target);
    assert.equal(problem.code, 'rate_limited', target);
    assert.equal(answer.headers['ratelimit-remaining'], '0', target);
    assert.match(String(answer.headers.ratelimit), /^"public-read";r=0;t=\d+$/, target);
    assert.equal(answer.headers['ratelimit-policy'], '"public-read";q=600;w=60', target);
    assert.equal(answer.headers['retry-after'], answer.headers['ratelimit-reset'], target);
    assert.equal(answer.headers['cache-control'], 'no-store', target);
  }
  const health = await rawRequest(port, httpRequest('GET', '/healthz'));
  assert.equal(health?.status, 200, '/healthz is outside the quota');
});
