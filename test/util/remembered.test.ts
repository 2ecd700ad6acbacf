import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rememberedByValue } from '../../src/util/remembered.js';
import { acceptedCodings } from '../../src/http/encoding.js';
import { preferredFormat } from '../../src/site/negotiate.js';
import { admitsJson } from '../../src/http/policy.js';

test('a header value is parsed once, until more than max values have been seen', () => {
  const parsed: string[] = [];
  const length = rememberedByValue((value) => {
    parsed.push(value);
    return value.length;
  }, 2);
  assert.deepEqual([length('gzip'), length('gzip'), length('br, gzip'), length('gzip')], [4, 4, 8, 4]);
  assert.deepEqual(parsed, ['gzip', 'br, gzip'], 'each value parsed once');
  length('identity');
  length('gzip');
  assert.deepEqual(parsed, ['gzip', 'br, gzip', 'identity', 'gzip'], 'the third value made room by forgetting the others');
});

test('remembered negotiation answers as the first did, for every header seen again', () => {
  for (let round = 0; round < 2; round += 1) {
    assert.deepEqual(acceptedCodings({ 'accept-encoding': 'gzip;q=0.5, br' }), ['br', 'gzip', 'identity']);
    assert.deepEqual(acceptedCodings({ 'accept-encoding': 'gzip, br;q=0' }), ['gzip', 'identity']);
    assert.deepEqual(acceptedCodings({}), ['identity']);
    assert.equal(preferredFormat({ accept: 'text/html;q=0.9, text/markdown' }), 'markdown');
    assert.equal(preferredFormat({ accept: 'text/markdown;q=0.1, text/html' }), 'html');
    assert.equal(preferredFormat({}), 'html');
    assert.equal(admitsJson({ accept: 'text/html' }), false);
    assert.equal(admitsJson({ accept: 'application/*' }), true);
    assert.equal(admitsJson({}), true);
  }
});
