import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { basePathOf, compareSpecificity, hrefOf, hrefOfUrl, paths, ROUTES, routeAt, urlOf, withoutBasePath } from '../../src/routes/table.js';
import type { RouteName } from '../../src/routes/table.js';
import { buildTestApp } from '../helper.js';

describe('the route table', () => {
  test('is exactly what the doors mount: every pattern with its methods, none missing and none extra', async () => {
    const app = await buildTestApp();
    try {
      const mounted = new Map<string, Set<string>>();
      for (const route of app.router.routes) mounted.set(route.pattern, (mounted.get(route.pattern) ?? new Set()).add(route.method));
      const table = new Map(Object.values(ROUTES).map((route) => [route.pattern, new Set<string>(route.methods)]));
      assert.deepEqual([...mounted.keys()].sort(), [...table.keys()].sort());
      for (const [pattern, methods] of table) assert.deepEqual(mounted.get(pattern), methods, pattern);
    } finally {
      await app.server.close();
    }
  });

  test('each door owns the paths the table gives it (discovery documents are answered in the website\'s area)', async () => {
    const app = await buildTestApp();
    try {
      for (const [name, route] of Object.entries(ROUTES)) {
        const path = route.pattern.replace(/:[a-z]+/g, 'x').replace('*', 'x');
        const door = app.zones.of(path).door;
        assert.equal(door, route.door === 'discovery' ? 'site' : route.door, name);
      }
    } finally {
      await app.server.close();
    }
  });

  test('a path goes to the most specific route, whatever the order of the table', () => {
    const cases: [string, RouteName][] = [
      ['/', 'home'],
      ['/about', 'page'],
      ['/pt-BR/about', 'localePage'],
      ['/pt-BR/products/atlas', 'localeProduct'],
      ['/products/atlas', 'product'],
      ['/blog/a-post', 'post'],
      ['/md/about.md', 'mirror'],
      ['/md/pt-BR/about.md', 'mirror'],
      ['/media/abc/logo.png', 'media'],
      ['/feeds/en.xml', 'feed'],
      ['/favicon.ico', 'favicon'],
      ['/llms.txt', 'llmsTxt'],
      ['/api/v1', 'apiIndex'],
      ['/api/v1/products/atlas', 'productRecord'],
      ['/oauth/jwks', 'oauthJwks'],
      ['/.well-known/oauth-protected-resource/mcp', 'protectedResourceMcp'],
    ];
    for (const [path, name] of cases) assert.equal(routeAt(path)?.name, name, path);
    assert.equal(routeAt('/a/b/c'), undefined);
    assert.ok(compareSpecificity('/products/:slug', '/:locale/:page') < 0);
    assert.ok(compareSpecificity('/md/*', '/:page') < 0);
  });

  test('builds every kind of path, each locale but the default under its own prefix', () => {
    const site = { default_locale: 'en', locales: ['en', 'pt-BR'] };
    assert.equal(paths.page(site, 'index'), '/');
    assert.equal(paths.page(site, 'index', 'pt-BR'), '/pt-BR');
    assert.equal(paths.page(site, 'about', 'en'), '/about');
    assert.equal(paths.page(site, 'about', 'pt-BR'), '/pt-BR/about');
    assert.equal(paths.pageMirror(site, 'index', 'pt-BR'), '/md/pt-BR/index.md');
    assert.equal(paths.productMirror(site, 'atlas'), '/md/products/atlas.md');
    assert.equal(paths.product(site, 'atlas', 'en'), '/products/atlas');
    assert.equal(paths.product(site, 'atlas', 'pt-BR'), '/pt-BR/products/atlas');
    assert.equal(paths.productMirror(site, 'atlas', 'pt-BR'), '/md/pt-BR/products/atlas.md');
    assert.equal(paths.media('0123abcd', 'logo.png'), '/media/0123abcd/logo.png');
    // A picture's variant: under the picture's hash, named after the picture's file, its folders left out.
    assert.equal(paths.mediaVariant('0123abcd', 'images/posts/rack.png', '640w.avif'), '/media/0123abcd/rack-640w.avif');
    assert.equal(paths.mediaVariant('0123abcd', 'share.card.jpg', 'card-1200x630.jpg'), '/media/0123abcd/share.card-card-1200x630.jpg');
    assert.equal(paths.developers(site, 'not_found'), '/developers#not_found');
    for (const path of [paths.page(site, 'about', 'pt-BR'), paths.product(site, 'atlas'), paths.product(site, 'atlas', 'pt-BR'), paths.post('x'), paths.feed('en'), paths.api('/posts'), paths.mediaVariant('ab', 'x.png', '320w.webp')]) {
      assert.ok(routeAt(path), `${path} is a route of the table`);
    }
  });
});

describe("BASE_URL's path prefix", () => {
  test('is kept by every URL and link the service prints', () => {
    assert.equal(basePathOf('https://example.com'), '');
    assert.equal(basePathOf('https://example.com/site/'), '/site');
    assert.equal(urlOf('https://example.com/site', '/products'), 'https://example.com/site/products');
    assert.equal(urlOf('https://example.com/site', '/'), 'https://example.com/site/');
    assert.equal(hrefOf('https://example.com/site', '/products'), '/site/products');
    assert.equal(hrefOf('https://example.com/site', '/'), '/site/');
    assert.equal(hrefOf('https://example.com', '/products'), '/products');
    assert.equal(hrefOfUrl('https://example.com/site', 'https://example.com/site/blog/x'), '/site/blog/x');
    assert.equal(hrefOfUrl('https://example.com/site', 'https://example.com/sitemap.xml'), 'https://example.com/sitemap.xml');
    assert.equal(hrefOfUrl('https://example.com/site', 'https://elsewhere.example/x'), 'https://elsewhere.example/x');
  });

  test('is taken off a request that a proxy passes on with it, and a request without it is read as it is', () => {
    const base = 'https://example.com/site';
    assert.equal(withoutBasePath(base, '/site/products?tag=a'), '/products?tag=a');
    assert.equal(withoutBasePath(base, '/site'), '/');
    assert.equal(withoutBasePath(base, '/site?q=x'), '/?q=x');
    assert.equal(withoutBasePath(base, '/products'), '/products');
    assert.equal(withoutBasePath(base, '/sitemap.xml'), '/sitemap.xml');
    assert.equal(withoutBasePath('https://example.com', '/site/products'), '/site/products');
  });
});
