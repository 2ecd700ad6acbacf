import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { deflateAhead, gzipAround } from '../../src/http/encoding.js';

const middle = Buffer.from(`{"content":[${Array.from({ length: 300 }, (_, n) => `{"type":"text","text":"pão de queijo nº ${n}"}`).join(',')}]}`);
const deflated = deflateAhead(middle);

test('a gzip member made around a middle deflated once reads back as head, middle and tail, for Node\'s zlib and the gzip program', () => {
  for (const [head, tail] of [
    ['{"jsonrpc":"2.0","id":1,"result":', '}'],
    ['{"jsonrpc":"2.0","id":"quote \\" and ünïcode ☃","result":', '}'],
    ['', ''],
    ['x'.repeat(65_535), 'y'.repeat(65_535)],
  ] as const) {
    const parts = gzipAround(Buffer.from(head), middle, deflated, Buffer.from(tail));
    assert.ok(parts, `${head.length} + ${tail.length}`);
    const member = Buffer.concat(parts);
    const expected = Buffer.concat([Buffer.from(head), middle, Buffer.from(tail)]);
    // Both check the member's CRC-32 and length.
    assert.deepEqual(gunzipSync(member), expected);
    const viaGzip = spawnSync('gzip', ['-dc'], { input: member, maxBuffer: 1 << 24 });
    assert.equal(viaGzip.status, 0, String(viaGzip.stderr));
    assert.deepEqual(viaGzip.stdout, expected);
  }
});

test('the middle is compressed once: a member is its deflated bytes and a few dozen more', () => {
  const member = Buffer.concat(gzipAround(Buffer.from('{"id":7,"result":'), middle, deflated, Buffer.from('}'))!);
  assert.ok(deflated.length < middle.length / 4, `${deflated.length} of ${middle.length}`);
  assert.equal(member.length, 10 + 5 + 17 + deflated.length + 5 + 1 + 8);
});

test('a head or tail longer than one stored block holds is not made so', () => {
  assert.equal(gzipAround(Buffer.alloc(65_536, 32), middle, deflated, Buffer.from('}')), undefined);
  assert.equal(gzipAround(Buffer.from('{'), middle, deflated, Buffer.alloc(65_536, 32)), undefined);
});
