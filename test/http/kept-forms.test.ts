import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnswerCache } from '../../src/http/answer-cache.js';
import { PreparedAnswer } from '../../src/http/prepared.js';
import { testCatalog } from '../helper.js';

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
    const representation = large.choose(['br', 'gzip', 'identity']);
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
  const representation = large.choose(['br', 'gzip', 'identity']);
  assert.equal(representation.coding, 'br');
  assert.ok(large.bytes > 60_000, 'the form counts with it');
  cache.grown(catalog, '/llms-full.txt', large);
  assert.equal(cache.get(catalog, '/llms-full.txt'), large);
  assert.ok(cache.bytes(catalog) <= 1_000_000);
});

test('an answer made for one request is compressed for it, whatever its size', () => {
  const once = textAnswer(60_000);
  assert.equal(once.choose(['br', 'identity']).coding, 'br');
});
