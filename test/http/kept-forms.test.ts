import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AnswerCache } from '../../src/http/answer-cache.js';
import { LATER_BYTES } from '../../src/http/encoding.js';
import { joined, PreparedAnswer } from '../../src/http/prepared.js';
import { MemoryStore, PUBLIC_READ, RateLimiter } from '../../src/http/rate-limit.js';
import { copyFixture, exchange, FIXTURES, listenTestApp, testCatalog } from '../helper.js';

/** A text answer of `bytes` bytes, of words drawn at random (it compresses to about two thirds), as a kept answer is prepared. */
function textAnswer(bytes: number): PreparedAnswer {
  let seed = 7;
  const letter = () => String.fromCharCode(97 + ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 26));
  let text = '';
  while (text.length < bytes) text += `${Array.from({ length: 1 + (seed % 7) }, letter).join('')} `;
  return new PreparedAnswer(200, [['content-type', 'text/markdown; charset=utf-8']], Buffer.from(text.slice(0, bytes)), '/llms-full.txt', '"tag"', true);
}

test('a kept answer makes no compressed form that would not fit in the cache beside it: it is written as it is, and nothing is pushed out', async () => {
  const catalog = await testCatalog();
  const small = textAnswer(2_000);
  const large = textAnswer(60_000);
  // Room for both identity bodies and their keys, not for a compressed form of the large one as well.
  const cache = new AnswerCache(small.bytes + large.bytes + '/small'.length + '/llms-full.txt'.length + 20);
  cache.set(catalog, '/small', small);
  cache.set(catalog, '/llms-full.txt', large);
  const before = large.bytes;

  for (let i = 0; i < 3; i += 1) {
    const representation = await large.choose(['br', 'gzip', 'identity']);
    assert.equal(representation.coding, 'identity', 'written as it is');
    assert.equal(large.bytes, before, 'no form kept with it');
    cache.grown(catalog, '/llms-full.txt', large);
    assert.equal(cache.get(catalog, '/llms-full.txt'), large, 'still kept');
    assert.equal(cache.get(catalog, '/small'), small, 'nothing pushed out');
  }
});

test('with room in the cache, a kept answer keeps its compressed forms', async () => {
  const catalog = await testCatalog();
  const large = textAnswer(60_000);
  const cache = new AnswerCache(1_000_000);
  cache.set(catalog, '/llms-full.txt', large);
  assert.equal(large.bytes, 60_000);
  const representation = await large.choose(['br', 'gzip', 'identity']);
  assert.equal(representation.coding, 'br');
  assert.ok(large.bytes > 60_000, 'the form counts with it');
  cache.grown(catalog, '/llms-full.txt', large);
  assert.equal(cache.get(catalog, '/llms-full.txt'), large);
  assert.ok(cache.bytes(catalog) <= 1_000_000);
});

test('an answer made for one request is compressed for it, whatever its size', async () => {
  const once = textAnswer(60_000);
  assert.equal((await once.choose(['br', 'identity'])).coding, 'br');
});

test('a large body is compressed off the event loop, once per coding: the requests that wait share it, the next ones get it at once', async () => {
  const large = textAnswer(LATER_BYTES + 1_000);
  large.keep();
  const first = large.choose(['br', 'identity']);
  const second = large.choose(['br', 'identity']);
  assert.ok(first instanceof Promise && second instanceof Promise, 'under way');
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a, b, 'one compression');
  assert.equal(a.coding, 'br');
  assert.equal(a.etag, '"tag-br"', 'a kept form, strongly validated');
  assert.deepEqual(brotliDecompressSync(joined(a.body)), large.body);
  assert.equal(large.bytes, LATER_BYTES + 1_000 + joined(a.body).length, 'kept with it');
  assert.equal(large.choose(['br', 'identity']), a, 'then chosen without waiting');
});

test('a large form compressed for one request serves the requests that waited for it when the answer is kept meanwhile, and is not kept', async () => {
  const large = textAnswer(LATER_BYTES + 1_000);
  const pending = large.choose(['gzip', 'identity']);
  large.keep();
  const once = await pending;
  assert.equal(once.coding, 'gzip');
  assert.equal(once.etag, 'W/"tag-gzip"', 'made at the fastest setting: its own bytes, a weak validator');
  assert.deepEqual(gunzipSync(joined(once.body)), large.body);
  assert.equal(large.bytes, LATER_BYTES + 1_000, 'not kept');
  const kept = await large.choose(['gzip', 'identity']);
  assert.equal(kept.etag, '"tag-gzip"', 'the kept form is made for the next request');
  assert.deepEqual(gunzipSync(joined(kept.body)), large.body);
});

test('a large form that would not fit beside its answer gives way to the next coding the client accepts', async () => {
  const large = textAnswer(LATER_BYTES + 1_000);
  large.keep(LATER_BYTES + 1_100);
  const representation = await large.choose(['br', 'gzip', 'identity']);
  assert.equal(representation.coding, 'identity');
  assert.equal(large.bytes, LATER_BYTES + 1_000);
  assert.equal(large.choose(['br', 'gzip', 'identity']), large.identity, 'known not to fit: chosen without waiting');
});

test('a large body in parts is kept in its parts and compressed part after part, never joined', async () => {
  const whole = textAnswer(LATER_BYTES * 3).body;
  const parts = [whole.subarray(0, LATER_BYTES), whole.subarray(LATER_BYTES, 2 * LATER_BYTES + 7), whole.subarray(2 * LATER_BYTES + 7)];
  const large = new PreparedAnswer(200, [['content-type', 'text/plain; charset=utf-8']], parts, '/llms-full.txt', '"tag"', true);
  large.keep();
  assert.equal(large.identity.body, parts, 'written from its parts');
  const [br, gzip] = await Promise.all([large.choose(['br']), large.choose(['gzip'])]);
  assert.deepEqual(brotliDecompressSync(joined(br.body)), whole);
  assert.deepEqual(gunzipSync(joined(gzip.body)), whole);
  assert.equal(large.identity.body, parts, 'still its parts');
  assert.equal(large.bytes, whole.length + joined(br.body).length + joined(gzip.body).length);
});

test('over HTTP, a large document is the same text in every coding, whichever request started its compression', async () => {
  const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
  // An article long enough to take /llms-full.txt past the size compressed off the event loop.
  const paragraph = (n: number) => `Paragraph ${n}: the oven, the flour and the time each loaf needs, written out again for the ${n}th time.\n\n`;
  await mkdir(path.join(dir, 'posts'), { recursive: true });
  await writeFile(
    path.join(dir, 'posts', 'long-read.md'),
    `---\ntitle: A long read\nsummary: Every step, at length.\ncategory: Receitas\nlocale: pt-BR\npublished_at: 2026-02-01\nauthor: Ana\n---\n${Array.from({ length: 4_000 }, (_, n) => paragraph(n)).join('')}`,
  );
  const catalog = await testCatalog(dir);
  const app = await listenTestApp({ catalog, limiter: new RateLimiter({ ...PUBLIC_READ, limit: 100_000 }, new MemoryStore()) });
  try {
    const plain = await exchange(`${app.url}/llms-full.txt`, {});
    assert.equal(plain.status, 200);
    assert.ok(plain.body.length >= LATER_BYTES, `${plain.body.length} bytes`);
    const asked = await Promise.all([...Array.from({ length: 3 }, () => exchange(`${app.url}/llms-full.txt`, { 'accept-encoding': 'br' })), ...Array.from({ length: 3 }, () => exchange(`${app.url}/llms-full.txt`, { 'accept-encoding': 'gzip' }))]);
    const again = await Promise.all([exchange(`${app.url}/llms-full.txt`, { 'accept-encoding': 'br' }), exchange(`${app.url}/llms-full.txt`, { 'accept-encoding': 'gzip' })]);
    for (const answer of [...asked, ...again]) {
      const coding = answer.headers['content-encoding'];
      assert.equal(answer.status, 200);
      assert.ok(coding === 'br' || coding === 'gzip', String(coding));
      assert.deepEqual(coding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body), plain.body);
      assert.equal(Number(answer.headers['content-length']), answer.body.length);
      assert.equal(answer.headers.etag, `${String(plain.headers.etag).slice(0, -1)}-${coding}"`);
    }
  } finally {
    await app.server.close();
  }
});
