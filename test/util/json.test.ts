import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { answerJson } from '../../src/util/json.js';
import { listPosts, listProducts } from '../../src/query/queries.js';
import { testCatalog } from '../helper.js';

describe('answerJson', () => {
  test('writes what JSON.stringify writes, byte for byte, frozen items or not', () => {
    const frozen = Object.freeze({ slug: 'a', title: 'Nuvem é "aqui"', tags: Object.freeze(['x', 'y']), image: Object.freeze({ url: '/m/a.png', width: 10 }) });
    const bodies: unknown[] = [
      { items: [frozen, { slug: 'b', missing: undefined }, null, 3, 'text'], total: 5, limit: 10, offset: 0, next: null, prev: 'http://x/?offset=0', skipped: undefined },
      { items: [], total: 0 },
      { total: 1, items: [frozen, frozen] },
      { items: 'not a list' },
      [frozen],
      { name: 'no items' },
      'text',
      null,
    ];
    for (const body of bodies) assert.equal(answerJson(body), JSON.stringify(body));
  });

  test('a page of a list is the same text whether its records were written before or not', async () => {
    const catalog = await testCatalog();
    const query = { limit: 3, offset: 1 } as Parameters<typeof listPosts>[1];
    const first = listPosts(catalog, query);
    assert.equal(answerJson(first), JSON.stringify(first));
    // The same records again, each now written from the text kept for it.
    const again = listPosts(catalog, query);
    assert.equal(again.items[0], first.items[0], 'a record has one list form');
    assert.ok(Object.isFrozen(again.items[0]));
    assert.equal(answerJson(again), JSON.stringify(first));
    const products = listProducts(catalog, { limit: 100, offset: 0 } as Parameters<typeof listProducts>[1]);
    assert.equal(answerJson(products), JSON.stringify(products));
  });
});
