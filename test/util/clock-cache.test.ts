import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClockCache } from '../../src/util/clock-cache.js';

test('keeps at most maxEntries, dropping the least recently used', () => {
  const cache = new ClockCache<string>(3, Infinity, () => 1);
  for (const key of ['a', 'b', 'c']) cache.set(key, key.toUpperCase());
  assert.equal(cache.get('a'), 'A');
  cache.set('d', 'D');
  assert.equal(cache.get('b'), undefined, 'b was the least recently used');
  assert.deepEqual(['a', 'c', 'd'].map((key) => cache.get(key)), ['A', 'C', 'D']);
  assert.equal(cache.size, 3);
});

test('keeps at most maxBytes, counting a replaced value once, and never a value larger than the bound', () => {
  const cache = new ClockCache<string>(100, 10, (value) => value.length);
  cache.set('a', '12345');
  cache.set('a', '1234');
  cache.set('b', '12345');
  assert.equal(cache.size, 2, '4 + 5 bytes fit in 10');
  cache.set('c', '12');
  assert.equal(cache.get('a'), undefined, 'a went to make room');
  assert.equal(cache.get('b'), '12345');
  cache.set('huge', '12345678901');
  assert.equal(cache.get('huge'), undefined);
  assert.equal(cache.get('b'), '12345', 'a value too large evicts nothing');
});

test('a value that grows after it is kept is measured again, and the least recently used make room for it', () => {
  const sizes = new Map([['a', 3], ['b', 3], ['c', 3]]);
  const cache = new ClockCache<string>(100, 10, (value) => sizes.get(value)!);
  for (const key of ['a', 'b', 'c']) cache.set(key, key);
  assert.equal(cache.bytes, 9);
  cache.get('a');
  sizes.set('c', 5);
  cache.resize('c', 'c');
  assert.equal(cache.get('b'), undefined, 'b, the least recently used, went to make room');
  assert.equal(cache.bytes, 8);
  cache.resize('c', 'another value');
  assert.equal(cache.bytes, 8, 'a value no longer kept under its key is not measured');
});

test('every entry used since the last walk: each gets a second chance, the oldest goes, never the one being added', () => {
  const cache = new ClockCache<string>(3, Infinity, () => 1);
  for (const key of ['a', 'b', 'c']) cache.set(key, key.toUpperCase());
  for (const key of ['c', 'b', 'a']) cache.get(key);
  cache.set('d', 'D');
  assert.equal(cache.size, 3);
  assert.equal(cache.get('d'), 'D', 'the entry added stays');
  assert.equal(cache.get('a'), undefined, 'a, the oldest, went once every entry had had its second chance');
  // b and c were passed over unmarked; b is now marked again by this read, c is not.
  assert.equal(cache.get('b'), 'B');
  cache.set('e', 'E');
  assert.deepEqual(['b', 'c', 'd', 'e'].map((key) => cache.get(key)), ['B', undefined, 'D', 'E'], 'c, not used since the walk, went before b');
});

test('sizeOf is given the key too, for a cache whose keys a client makes as long as it likes', () => {
  const cache = new ClockCache<string>(100, 20, (value, key) => value.length + key.length);
  cache.set('short', 'v');
  assert.equal(cache.bytes, 6);
  cache.set('k'.repeat(15), 'v');
  assert.equal(cache.get('short'), undefined, 'a long key made room for itself');
  assert.equal(cache.bytes, 16);
});
