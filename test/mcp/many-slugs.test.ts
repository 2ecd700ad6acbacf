import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { SLUGS_NAMED } from '../../src/mcp/slug-lists.js';
import { BASE_URL, copyFixture, FIXTURES, listenTestApp, testCatalog } from '../helper.js';
import { connectClient, failure, rpcError } from './_client.js';

/**
 * A site with more articles than a not-found error names: the error says how
 * many slugs there are and how to find one, instead of naming every one.
 */
describe('not found on a site with many articles', () => {
  test('get_post and resources/read count the slugs and point to the lists, in a few hundred characters', async () => {
    const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
    const extra = SLUGS_NAMED + 10;
    for (let n = 1; n <= extra; n += 1) {
      await writeFile(
        path.join(dir, 'posts', `receita-${n}.md`),
        `---\ntitle: Receita ${n}\nsummary: A receita número ${n}.\ncategory: Receitas\nlocale: pt-BR\npublished_at: 2026-02-${String((n % 28) + 1).padStart(2, '0')}\nauthor: Ana\n---\nMisture.\n`,
      );
    }
    const catalog = await testCatalog(dir, BASE_URL);
    const count = catalog.posts.length;
    assert.equal(count, extra + 1);
    const app = await listenTestApp({ catalog });
    try {
      const { client } = await connectClient(app.url);
      const text = failure(await client.callTool({ name: 'get_post', arguments: { slug: 'receita-de-bolo' } }));
      assert.equal(text, `No post has the slug "receita-de-bolo"; did you mean receita-de-broa? Call list_posts or search_content to find an article and its slug. There are ${count} valid slugs, too many to name here.`);

      const error = await rpcError(client.readResource({ uri: `${BASE_URL}/md/blog/receita-de-bolo.md` }));
      assert.equal(error.code, -32002);
      assert.match(error.message, new RegExp(`no post has the slug "receita-de-bolo"; did you mean receita-de-broa\\? There are ${count} valid slugs, too many to name here\\. resources/list names every resource`));
      assert.deepEqual(error.data, { uri: `${BASE_URL}/md/blog/receita-de-bolo.md`, template: `${BASE_URL}/md/blog/{slug}.md`, slug_count: count });
      // The products, fewer than the bound, are still named every one.
      const product = await rpcError(client.readResource({ uri: `${BASE_URL}/md/products/bolo.md` }));
      assert.deepEqual((product.data as { valid_slugs: unknown }).valid_slugs, catalog.products.map((p) => p.slug));
      await client.close();
    } finally {
      await app.server.close();
    }
  });
});
