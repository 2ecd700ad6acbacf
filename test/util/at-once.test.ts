import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eachAtOnce } from '../../src/util/at-once.js';

/** A turn of the event loop, so that the works under way interleave. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

test('takes the items in their order, never more than atOnce under way', async () => {
  const started: number[] = [];
  let running = 0;
  let most = 0;
  await eachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
    started.push(item);
    running += 1;
    most = Math.max(most, running);
    // The later items finish first: a free worker takes the next item, whichever ended.
    for (let i = 0; i < 8 - item; i += 1) await turn();
    running -= 1;
  });
  assert.deepEqual(started, [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(most, 3);
  assert.equal(running, 0);
});

test('an item is taken only when a worker is free: an iterator may end early', async () => {
  let open = true;
  function* items(): Generator<number> {
    for (let item = 1; open; item += 1) yield item;
  }
  const done: number[] = [];
  await eachAtOnce(items(), 2, async (item) => {
    await turn();
    done.push(item);
    if (item === 5) open = false;
  });
  // 1 and 2 first, then one item for each that ends: the sixth was taken before the fifth ended.
  assert.deepEqual(done, [1, 2, 3, 4, 5, 6]);
});

test('after a failure no new item is taken, and it rejects with that failure', async () => {
  const taken: number[] = [];
  await assert.rejects(
    eachAtOnce([1, 2, 3, 4, 5, 6], 2, async (item) => {
      taken.push(item);
      await turn();
      if (item === 2) throw new Error('item 2 failed');
    }),
    /item 2 failed/,
  );
  await turn();
  await turn();
  assert.deepEqual(taken, [1, 2, 3]);
});

test('at least one worker, and nothing to do is done at once', async () => {
  const seen: string[] = [];
  await eachAtOnce(['a', 'b'], 0, async (item) => {
    seen.push(item);
  });
  assert.deepEqual(seen, ['a', 'b']);
  await eachAtOnce([], 4, async () => assert.fail('no item'));
});

test('takes the items of an async iterable as they come, each once, and its failure is the failure', async () => {
  async function* made(): AsyncGenerator<number> {
    for (let item = 1; item <= 6; item += 1) {
      await turn();
      yield item;
    }
  }
  const done: number[] = [];
  await eachAtOnce(made(), 3, async (item) => {
    await turn();
    done.push(item);
  });
  assert.deepEqual(done.sort((a, b) => a - b), [1, 2, 3, 4, 5, 6]);

  async function* failing(): AsyncGenerator<number> {
    yield 1;
    throw new Error('could not make 2');
  }
  const seen: number[] = [];
  await assert.rejects(
    eachAtOnce(failing(), 2, async (item) => {
      seen.push(item);
    }),
    /could not make 2/,
  );
  assert.deepEqual(seen, [1]);
});
