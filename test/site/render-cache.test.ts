import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Catalog } from '../../src/content/types.js';
import { RENDER_CACHE_SIZE, RenderCache } from '../../src/site/routes.js';

test('the render cache renders once per Catalog and key, and keeps only the most recently used', () => {
  const cache = new RenderCache();
  const catalog = {} as Catalog;
  const other = {} as Catalog;
  let renders = 0;
  const render = (key: string) => () => {
    renders += 1;
    return `page ${key}`;
  };
  assert.equal(cache.get(catalog, 'a', render('a')), 'page a');
  assert.equal(cache.get(catalog, 'a', render('a')), 'page a');
  assert.equal(renders, 1);
  assert.equal(cache.get(other, 'a', render('a')), 'page a');
  assert.equal(renders, 2, 'another Catalog renders its own');

  // Fill past the bound while "a" stays in use: the least recently used go first.
  for (let i = 0; i < RENDER_CACHE_SIZE; i += 1) {
    cache.get(catalog, `k${i}`, render(`k${i}`));
    cache.get(catalog, 'a', render('a'));
  }
  renders = 0;
  cache.get(catalog, 'a', render('a'));
  assert.equal(renders, 0, '"a" was used last, so it was kept');
  cache.get(catalog, 'k0', render('k0'));
  assert.equal(renders, 1, 'k0 was the least recently used, so it was dropped');
});
