import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { load } from 'js-yaml';
import { loadCatalog } from '../../src/content/load.js';
import type { Service } from '../../src/http/service.js';
import { BASE_URL, buildTestApp } from '../helper.js';
import { IMPORT_FIXTURES, runImport, workFolder } from './helpers.js';

/**
 * From a WordPress export to a site that keeps the old site's links: `vitrine
 * import wordpress` writes the folder and its redirects.yaml, the server
 * serves it, and every old permalink and short link the file names answers
 * a redirect to a page that answers.
 */

/** Each export, and whether its permalinks end in "/" (WordPress's default: `/2013/01/11/some-title/`). */
const EXPORTS = [
  ['sample.xml', false],
  ['has-yoast-meta.xml', true],
] as const;

for (const [name, slashed] of EXPORTS) {
  describe(`${name} imported by vitrine import wordpress, then served`, () => {
    let server: Service;
    let redirects: { from: string; to: string; status: number }[];

    before(async () => {
      const dir = path.join(await workFolder('served-redirects'), 'site');
      const run = await runImport('wordpress', path.join(IMPORT_FIXTURES, 'wordpress-migrate', name), dir);
      assert.equal(run.code, 0, run.stderr);
      redirects = load(await readFile(path.join(dir, 'redirects.yaml'), 'utf8')) as typeof redirects;
      const catalog = await loadCatalog({ dir, baseUrl: BASE_URL });
      ({ server } = await buildTestApp({ catalog, checkOpenApi: false }));
    });
    after(() => server?.close());

    test('every old permalink and short link answers 301 to a page that answers 200', async () => {
      assert.ok(redirects.some((redirect) => redirect.from.startsWith('/?p=')), 'the file has short links');
      assert.ok(redirects.some((redirect) => !redirect.from.includes('?')), 'the file has permalinks');
      for (const redirect of redirects) {
        const old = await server.inject(redirect.from);
        assert.equal(old.statusCode, 301, redirect.from);
        assert.equal(old.headers.location, redirect.to, redirect.from);
        const moved = await server.inject(redirect.to);
        assert.equal(moved.statusCode, 200, `${redirect.from} -> ${redirect.to}`);
      }
    });

    test('a permalink is sent on with and without its trailing slash', async () => {
      const permalinks = redirects.filter((redirect) => !redirect.from.includes('?'));
      assert.equal(permalinks.some((redirect) => redirect.from.endsWith('/')), slashed);
      for (const redirect of permalinks) {
        const other = redirect.from.endsWith('/') ? redirect.from.slice(0, -1) : `${redirect.from}/`;
        const response = await server.inject(other);
        assert.equal(response.statusCode, 301, other);
        assert.equal(response.headers.location, redirect.to, other);
      }
    });
  });
}
