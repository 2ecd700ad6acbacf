import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { load } from 'js-yaml';
import { loadCatalog } from '../../src/content/load.js';
import type { Service } from '../../src/http/service.js';
import { BASE_URL, buildTestApp } from '../helper.js';
import { IMPORT_FIXTURES, runImport, workFolder, writePicture } from './helpers.js';

/**
 * From a WordPress export to a served site that keeps the old one's links
 * and pictures: `vitrine import wordpress` writes the folder and its
 * redirects.yaml, the server serves it, every old permalink and short link
 * answers a redirect to a page that answers, and every imported page shows
 * its title, its date and pictures that answer.
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

/** The exports whose items show pictures, and the pictures their uploads folder holds (paths under wp-content/uploads/). */
const WITH_PICTURES = [
  ['feature-image-captions.xml', ['2013/06/described-image.jpg']],
  ['sample-with-alt.xml', ['2013/06/featured-image.jpg']],
] as const;

for (const [name, pictures] of WITH_PICTURES) {
  describe(`${name} imported with its uploads folder, then served`, () => {
    let server: Service;
    let imported: { kind: string; title: string; path: string }[];
    let catalog: Awaited<ReturnType<typeof loadCatalog>>;

    before(async () => {
      const work = await workFolder('served-pictures');
      const uploads = path.join(work, 'uploads');
      for (const picture of pictures) await writePicture(path.join(uploads, ...picture.split('/')));
      const dir = path.join(work, 'site');
      const run = await runImport('wordpress', path.join(IMPORT_FIXTURES, 'wordpress-migrate', name), dir, '--uploads', uploads, '--format', 'json');
      assert.equal(run.code, 0, run.stderr);
      imported = (JSON.parse(run.stdout) as { imported: typeof imported }).imported;
      catalog = await loadCatalog({ dir, baseUrl: BASE_URL });
      ({ server } = await buildTestApp({ catalog, checkOpenApi: false }));
    });
    after(() => server?.close());

    test('every imported item is served at its new path with its title, and an article with its publication date', async () => {
      assert.ok(imported.length > 0);
      for (const item of imported) {
        const page = await server.inject(item.path);
        assert.equal(page.statusCode, 200, item.path);
        const title = item.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
        assert.ok(page.body.includes(`<h1>${title}</h1>`), `${item.path} shows its title`);
        const post = catalog.posts.find((candidate) => candidate.url === `${BASE_URL}${item.path}`);
        if (post) assert.ok(page.body.includes(`<time datetime="${post.published_at}">`), `${item.path} shows its date`);
      }
    });

    test('every picture an imported page shows answers 200', async () => {
      let shown = 0;
      for (const item of imported) {
        const page = await server.inject(item.path);
        const sources = [...page.body.matchAll(/(?:src|srcset)="([^"]+)"/g)].flatMap(([, value = '']) => value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!));
        for (const source of sources.filter((candidate) => candidate.startsWith('/media/'))) {
          const picture = await server.inject(source.replaceAll('&amp;', '&'));
          assert.equal(picture.statusCode, 200, `${item.path}: ${source}`);
          shown += 1;
        }
      }
      assert.ok(shown > 0, 'the imported pages show the pictures of the uploads folder');
    });
  });
}
