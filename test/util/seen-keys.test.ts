import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeenKeys } from '../../src/util/seen-keys.js';

test('a key is "again" the second time it is asked for, and starts over once it is', () => {
  const seen = new SeenKeys(10, Infinity);
  assert.equal(seen.again('a'), false);
  assert.equal(seen.again('b'), false);
  assert.equal(seen.again('a'), true);
  assert.equal(seen.again('a'), false, 'told once: the caller keeps what it was for');
  assert.equal(seen.again('b'), true);
});

test('at most max keys: a full set is forgotten at once, and a key asked for after that starts over', () => {
  const seen = new SeenKeys(3, Infinity);
  for (const key of ['a', 'b', 'c']) assert.equal(seen.again(key), false);
  assert.equal(seen.again('d'), false, 'the fourth key forgets the three before it');
  assert.equal(seen.again('a'), false);
  assert.equal(seen.again('d'), true);
});

test('at most maxChars characters of keys: a key that would pass them forgets the rest, and one longer than them is never remembered', () => {
  const seen = new SeenKeys(100, 10);
  assert.equal(seen.again('aaaa'), false);
  assert.equal(seen.again('bbbb'), false);
  assert.equal(seen.again('cccc'), false, 'twelve characters: the eight before it are forgotten');
  assert.equal(seen.again('aaaa'), false);
  assert.equal(seen.again('cccc'), true);
  const long = 'x'.repeat(11);
  assert.equal(seen.again(long), false);
  assert.equal(seen.again(long), false, 'never remembered, so never asked for again');
  assert.equal(seen.again('aaaa'), true, 'and it made nothing else be forgotten');
});
