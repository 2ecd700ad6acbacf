/**
 * What the fuzzers share: a seed that can be replayed, bounded run counts, an
 * app whose quota never refuses the load, and the checks every fuzzed answer
 * must pass (no 5xx, no HTML under /api, every error a well-formed
 * problem document or JSON-RPC error).
 */
import assert from 'node:assert/strict';
import { MemoryStore, RateLimiter } from '../../src/http/rate-limit.js';
import { PROBLEM_CODES } from '../../src/http/problem.js';
import { BASE_URL } from '../helper.js';

/**
 * FUZZ_SEED replays a run (every fuzz file prints the seed it used); unset,
 * each run draws a new one so the suite keeps exploring.
 */
export const FUZZ_SEED = readSeed(process.env.FUZZ_SEED);

/**
 * How many requests the fuzzers send in all: a few thousand in `npm test`,
 * 10,000 or more in `npm run fuzz` (FUZZ_REQUESTS=10000).
 */
export const FUZZ_REQUESTS = readCount(process.env.FUZZ_REQUESTS, 3000);

function readSeed(value: string | undefined): number {
  if (value === undefined || value === '') return Math.floor(Math.random() * 2 ** 31);
  assert.match(value, /^-?\d+$/, `FUZZ_SEED must be a whole number, got "${value}"`);
  return Number(value) | 0;
}

function readCount(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  assert.match(value, /^\d+$/, `FUZZ_REQUESTS must be a whole number, got "${value}"`);
  return Number(value);
}

/** The line each fuzz test prints, so a failure can be replayed exactly. */
export function announceSeed(file: string, what: string, runs: number): void {
  console.log(`# ${what}: ${runs} cases, seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_REQUESTS=${FUZZ_REQUESTS} npm run test:unit -- ${file})`);
}

/** A quota no fuzz run reaches: 10,000 requests from one address would otherwise be mostly 429s. */
export function unlimited(): RateLimiter {
  return new RateLimiter({ name: 'public-read', limit: 1_000_000_000, windowSeconds: 60 }, new MemoryStore());
}

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  readonly body: string;
}

const PROBLEM_TYPE = /^application\/problem\+json(?:;|$)/;

/** RFC 9457 plus this API's code and hint (a 400 also names its parameter and what it accepts): the members every problem document carries, consistent with the response. */
export function assertProblem(answer: Answer, context: string): Record<string, unknown> {
  assert.match(String(answer.headers['content-type']), PROBLEM_TYPE, `${context}: a ${answer.status} must be application/problem+json`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    assert.fail(`${context}: the ${answer.status} body is not JSON: ${answer.body.slice(0, 200)}`);
  }
  const code = String(body.code);
  assert.ok(code in PROBLEM_CODES, `${context}: unknown problem code ${code}`);
  assert.equal(body.type, `${BASE_URL}/developers#${code}`, context);
  assert.equal(body.status, answer.status, context);
  for (const member of ['title', 'detail', 'hint'] as const) {
    assert.equal(typeof body[member], 'string', `${context}: ${member} must be a string`);
    assert.ok((body[member] as string).length > 0, `${context}: ${member} must not be empty`);
  }
  if (body.instance !== undefined) assert.equal(typeof body.instance, 'string', context);
  if (answer.status === 400) {
    assert.equal(typeof body.parameter, "string", `${context}: a 400 names its parameter: ${JSON.stringify(answer)}`);
    assert.ok(body.accepted !== undefined, `${context}: a 400 says what is accepted`);
  }
  if (answer.status === 429) {
    assert.match(String(answer.headers['retry-after']), /^\d+$/, `${context}: a 429 carries Retry-After`);
  }
  assertNoInternals(answer.body, context);
  return body;
}

/** JSON-RPC 2.0 section 5.1: an error response with a null or echoed id and an integer code. */
export function assertRpcError(answer: Answer, context: string): void {
  assert.match(String(answer.headers['content-type']), /^application\/json(?:;|$)/, `${context}: a ${answer.status} from /mcp must be JSON`);
  let body: { jsonrpc?: unknown; id?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    assert.fail(`${context}: the ${answer.status} body is not JSON: ${answer.body.slice(0, 200)}`);
  }
  assert.equal(body.jsonrpc, '2.0', context);
  assert.ok(body.id === null || typeof body.id === 'string' || typeof body.id === 'number', `${context}: id must be null, a string or a number`);
  assert.ok(Number.isInteger(body.error?.code), `${context}: error.code must be an integer`);
  assert.equal(typeof body.error?.message, 'string', `${context}: error.message must be a string`);
  assertNoInternals(answer.body, context);
}

/** A JSON-RPC response (result or error) to a /mcp request that got 200; to a batch, an array of them. */
export function assertRpcResponse(answer: Answer, context: string): void {
  assert.match(String(answer.headers['content-type']), /^application\/json(?:;|$)/, context);
  const parsed = JSON.parse(answer.body) as unknown;
  const bodies = (Array.isArray(parsed) ? parsed : [parsed]) as { jsonrpc?: unknown; result?: unknown; error?: unknown }[];
  assert.ok(bodies.length > 0, `${context}: an empty batch answer`);
  for (const body of bodies) {
    assert.equal(body.jsonrpc, '2.0', context);
    assert.ok(('result' in body) !== ('error' in body), `${context}: exactly one of result and error`);
    if ('error' in body) assertRpcError({ ...answer, body: JSON.stringify(body) }, context);
  }
  assertNoInternals(answer.body, context);
}

/**
 * Never a stack trace: no source location (`/x/y.ts:12:5`). Bodies may echo
 * the fuzzed input (a slug in a 404's detail), so this looks only for what
 * no echo of random input plausibly forms.
 */
export function assertNoInternals(body: string, context: string): void {
  assert.doesNotMatch(body, /(?:file:\/\/|\/)[\w./@-]+\.(?:ts|js|mjs|cjs):\d+:\d+/, `${context}: leaks a stack trace`);
}
