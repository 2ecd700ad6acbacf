import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { deadFrameLinks } from '../../src/check/frame-links.js';
import { Router } from '../../src/http/router.js';
import { buildTestApp, FIXTURES, testCatalog } from '../helper.js';

describe('the links the frame prints', () => {
  test('of every page of the three-language studio site all lead somewhere', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'studio'));
    const app = await buildTestApp({ catalog });
    try {
      assert.deepEqual(await deadFrameLinks(app, catalog), []);
    } finally {
      await app.server.close();
    }
  });

  test('are reported, page by page, when one leads to no route', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'studio'));
    const app = await buildTestApp({ catalog });
    try {
      // The same service without its feeds: every page's footer links them.
      const router = new Router();
      for (const route of app.router.routes) if (route.pattern !== '/feeds/:file') router.add(route);
      const dead = await deadFrameLinks({ ...app, router }, catalog);
      assert.ok(dead.some(({ page, link }) => page === '/es/products' && link === '/feeds/es.xml'));
      assert.ok(dead.every(({ link }) => link.startsWith('/feeds/')));
    } finally {
      await app.server.close();
    }
  });
});
