import assert from 'node:assert/strict';
import { test } from 'node:test';
import { digestOf } from '../../src/util/digest.js';

test('the digest of bytes in parts is the digest of the parts joined, and of the text they encode', () => {
  const text = 'pão de queijo, ☃ e 😀 '.repeat(500);
  const bytes = Buffer.from(text);
  const parts = [bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2, 5_000), bytes.subarray(5_000)];
  assert.equal(digestOf(parts), digestOf(bytes));
  assert.equal(digestOf(bytes), digestOf(text));
  assert.equal(digestOf([]), digestOf(''));
  assert.match(digestOf(bytes), /^[A-Za-z0-9_-]{27}$/);
  assert.notEqual(digestOf([bytes, Buffer.from('x')]), digestOf(bytes));
});
