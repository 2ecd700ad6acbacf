import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { digestOf } from '../../src/util/digest.js';
import { answerJson, jsonWithKeptLists } from '../../src/util/json.js';

/** The JSON an answer's body holds, as text. */
const textOf = (body: unknown) => (typeof body === 'string' ? body : Buffer.concat(body as readonly Buffer[]).toString('utf8'));
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
    for (const body of bodies) assert.equal(textOf(answerJson(body).body), JSON.stringify(body));
  });

  test('a page of a list is the same text whether its records were written before or not', async () => {
    const catalog = await testCatalog();
    const query = { limit: 3, offset: 1 } as Parameters<typeof listPosts>[1];
    const first = listPosts(catalog, query);
    assert.equal(textOf(answerJson(first).body), JSON.stringify(first));
    // The same records again, each now written from the text kept for it.
    const again = listPosts(catalog, query);
    assert.equal(again.items[0], first.items[0], 'a record has one list form');
    assert.ok(Object.isFrozen(again.items[0]));
    assert.equal(textOf(answerJson(again).body), JSON.stringify(first));
    const products = listProducts(catalog, { limit: 100, offset: 0 } as Parameters<typeof listProducts>[1]);
    assert.equal(textOf(answerJson(products).body), JSON.stringify(products));
  });

  test('digests a page of frozen items from their digests: one digest per text, another whenever a byte differs', () => {
    const item = (slug: string, title: string) => Object.freeze({ slug, title });
    const [a, b, c] = [item('a', 'Nuvem'), item('b', 'Dados'), item('c', 'Nuvem')];
    const page = (items: readonly unknown[], offset = 0, next: string | null = null) => ({ items, total: 3, limit: 2, offset, next });
    const digest = (body: unknown) => {
      const { digest: made } = answerJson(body);
      assert.ok(made !== undefined && /^[A-Za-z0-9_-]{27}$/.test(made), String(made));
      return made;
    };
    // The same text, from other objects with the same members: the same digest.
    assert.equal(digest(page([a, b])), digest(page([item('a', 'Nuvem'), item('b', 'Dados')])));
    const seen = new Map<string, string>();
    for (const body of [page([a, b]), page([b, a]), page([a]), page([a, c]), page([c, b]), page([a, b], 1), page([a, b], 0, 'http://x/?offset=2'), page([]), { items: [a, b], total: 3 }]) {
      const text = textOf(answerJson(body).body);
      const made = digest(body);
      assert.ok(!seen.has(made) || seen.get(made) === text, `${text} and ${seen.get(made)} share a digest`);
      seen.set(made, text);
    }
    assert.equal(seen.size, 9);
    // One member's value moved into an item's place reads differently too.
    assert.notEqual(digest({ items: [a], note: 'x' }), digest({ items: [], note: 'x', more: a }));
  });

  test('leaves the digest to the text when an item is not frozen or there is no list of items', () => {
    const frozen = Object.freeze({ slug: 'a' });
    for (const body of [{ items: [frozen, { slug: 'b' }] }, { items: [frozen, 'text'] }, { name: 'no items' }, [frozen], 'text']) {
      assert.equal(answerJson(body).digest, undefined, JSON.stringify(body));
    }
    assert.equal(digestOf('{"a":1}'), digestOf(Buffer.from('{"a":1}')));
  });
});

describe('a flat object with frozen lists (a 404 naming every valid slug)', () => {
  const joinedText = (json: string | Buffer[]) => (typeof json === 'string' ? json : Buffer.concat(json).toString('utf8'));

  test('is written as JSON.stringify writes it, byte for byte', () => {
    const slugs = Object.freeze(['a', 'ação', 'x"y', '😀']);
    const objects: Record<string, unknown>[] = [
      {},
      { title: 'Not Found', status: 404 },
      { title: 'Not Found', valid_slugs: slugs },
      { valid_slugs: slugs, detail: 'No post has the slug "b".', skipped: undefined, also: slugs },
      { empty: Object.freeze([]), open: ['not', 'frozen'], nested: { list: slugs }, date: new Date(0), none: null },
      { first: undefined, valid_slugs: slugs },
    ];
    for (const object of objects) assert.equal(joinedText(jsonWithKeptLists(object)), JSON.stringify(object), JSON.stringify(object));
  });

  test('a frozen list is serialized once: every answer writes the same bytes; an object without one stays text', () => {
    const slugs = Object.freeze(Array.from({ length: 1000 }, (_, i) => `post-${i}`));
    const first = jsonWithKeptLists({ detail: 'one', valid_slugs: slugs });
    const second = jsonWithKeptLists({ detail: 'two', valid_slugs: slugs });
    assert.ok(Array.isArray(first) && Array.isArray(second));
    assert.equal(first[1], second[1], 'the same buffer');
    assert.equal(typeof jsonWithKeptLists({ detail: 'three', valid_slugs: [...slugs] }), 'string');
  });
});
