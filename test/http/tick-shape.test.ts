import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keepTickObjectShape } from '../../src/http/tick-shape.js';

test("one of Node's tick objects is held, once, and nextTick still runs its callbacks", async () => {
  assert.equal(keepTickObjectShape(), true, 'this Node hands out TickObjects to an init hook');
  assert.equal(keepTickObjectShape(), true);
  const ran = await new Promise<string>((resolve) => process.nextTick(resolve, 'ran'));
  assert.equal(ran, 'ran');
});
