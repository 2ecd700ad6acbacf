import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { compress, windowBits } from '../../src/http/encoding.js';

test('the brotli window is the smallest that holds the body, and never past brotli\'s default of 22 bits', () => {
  assert.equal(windowBits(0), constants.BROTLI_MIN_WINDOW_BITS);
  assert.equal(windowBits(1000), 10);
  assert.equal(windowBits(1009), 11, '2^10 - 16 bytes is the most a 10-bit window holds');
  assert.equal(windowBits(100_000), 17);
  assert.equal(windowBits(4_194_288), 22);
  assert.equal(windowBits(33_000_000), constants.BROTLI_DEFAULT_WINDOW, 'a 33 MB body: 22 bits, not 24');
});

test('a body larger than the window still round-trips, at either effort and in either coding', () => {
  const line = (n: number) => `${n}: ${'lorem ipsum dolor sit amet '.repeat(1 + (n % 5))}\n`;
  const body = Buffer.from(Array.from({ length: 60_000 }, (_, n) => line(n)).join(''));
  assert.ok(body.length > 4_194_304, `${body.length} bytes`);
  for (const effort of ['kept', 'once'] as const) {
    assert.deepEqual(brotliDecompressSync(compress(body, 'br', effort)), body, `br, ${effort}`);
    assert.deepEqual(gunzipSync(compress(body, 'gzip', effort)), body, `gzip, ${effort}`);
  }
});
