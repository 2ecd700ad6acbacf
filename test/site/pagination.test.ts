import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GAP, pageWindow } from '../../src/site/pages.js';

test('a pagination links the first and last pages and two on each side of the current one, a gap where pages are left out', () => {
  assert.deepEqual(pageWindow(1, 1), [1]);
  assert.deepEqual(pageWindow(2, 5), [1, 2, 3, 4, 5]);
  assert.deepEqual(pageWindow(1, 10), [1, 2, 3, GAP, 10]);
  assert.deepEqual(pageWindow(5, 10), [1, 2, 3, 4, 5, 6, 7, GAP, 10], 'a gap of one page shows that page');
  assert.deepEqual(pageWindow(10, 10), [1, GAP, 8, 9, 10]);
  assert.deepEqual(pageWindow(500, 900), [1, GAP, 498, 499, 500, 501, 502, GAP, 900]);
});

test('every page stays reachable: each shown page links the next one shown, or a gap that "older" steps through', () => {
  for (const pages of [1, 2, 7, 8, 50]) {
    for (let page = 1; page <= pages; page += 1) {
      const shown = pageWindow(page, pages);
      assert.equal(shown[0], 1);
      assert.equal(shown.at(-1), pages);
      assert.ok(shown.includes(page), `page ${page} of ${pages} is shown`);
      for (let i = 0; i + 1 < shown.length; i += 1) {
        const [here, next] = [shown[i]!, shown[i + 1]!];
        if (here === GAP) assert.ok(next - shown[i - 1]! > 2, `a gap leaves out two pages or more (${shown.join(' ')})`);
        else if (next !== GAP) assert.equal(next, here + 1, `no page left out without a gap (${shown.join(' ')})`);
      }
      assert.ok(shown.length <= 9, `at most nine items (${shown.join(' ')})`);
    }
  }
});
