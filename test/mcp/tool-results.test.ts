import assert from 'node:assert/strict';
import { test } from 'node:test';
import { constants, inflateRawSync } from 'node:zlib';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '../../src/content/types.js';
import { remember, rememberedReply } from '../../src/mcp/tool-results.js';

// Results are kept per Catalog object; these tests need no content, only a Catalog of their own.
const fresh = () => ({}) as Catalog;
const call = (params: Record<string, unknown>): JSONRPCRequest => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products', arguments: {}, ...params } });
const RESULT = { content: [{ type: 'text', text: '{}' }], structuredContent: {} };

test('a result is remembered the second time its request is made, and found from then on', () => {
  const catalog = fresh();
  const request = call({});
  assert.equal(remember(catalog, request, '2025-06-18', RESULT, JSON.stringify(RESULT)), undefined, 'made once: nothing kept');
  assert.equal(rememberedReply(catalog, request, '2025-06-18'), undefined);
  const kept = remember(catalog, request, '2025-06-18', RESULT, JSON.stringify(RESULT));
  assert.ok(kept !== undefined && kept.json.equals(Buffer.from(JSON.stringify(RESULT))));
  assert.equal(kept.deflated, undefined, 'too short to be worth compressing');
  assert.equal(rememberedReply(catalog, call({}), '2025-06-18'), kept);
});

test('a long result is deflated once when first asked for, the middle of its gzip answers, and counted with it', () => {
  const catalog = fresh();
  const long = { content: [{ type: 'text', text: 'pão de queijo '.repeat(500) }], structuredContent: {} };
  remember(catalog, call({}), '2025-06-18', long, JSON.stringify(long));
  const kept = remember(catalog, call({}), '2025-06-18', long, JSON.stringify(long));
  assert.ok(kept !== undefined);
  assert.equal(kept.bytes, kept.json.length, 'not deflated when kept');
  const deflated = kept.deflated;
  assert.ok(deflated !== undefined);
  assert.ok(inflateRawSync(deflated, { finishFlush: constants.Z_SYNC_FLUSH }).equals(kept.json));
  assert.equal(kept.deflated, deflated, 'once');
  assert.equal(kept.bytes, kept.json.length + deflated.length);
  assert.equal(rememberedReply(catalog, call({}), '2025-06-18'), kept);
});

test('a request whose parameters run to millions of characters is never remembered', () => {
  const catalog = fresh();
  const request = call({ padding: 'x'.repeat(3_000_000) });
  for (let i = 0; i < 3; i += 1) assert.equal(remember(catalog, request, '2025-06-18', RESULT, JSON.stringify(RESULT)), undefined);
  assert.equal(rememberedReply(catalog, request, '2025-06-18'), undefined);
});

test('an error result is never remembered', () => {
  const catalog = fresh();
  const failed = { ...RESULT, isError: true };
  for (let i = 0; i < 3; i += 1) assert.equal(remember(catalog, call({}), '2025-06-18', failed, JSON.stringify(failed)), undefined);
});
