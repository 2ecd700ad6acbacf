import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { listenTestApp, ROOT, testCatalog } from '../helper.js';
import { sitePaths } from '../site/routes.js';
import type { Chromium, PageProblems } from './chromium.js';
import { launchChromium, skipReason, watchPage } from './chromium.js';

/**
 * The website in a real browser: Debian's headless Chromium driven by
 * playwright-core, against the real app listening on 127.0.0.1.
 */

const SCREENSHOTS = path.join(ROOT, 'test-output', 'screenshots');
const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Paths the crawl does not open as pages: documents for machines and the API. */
const NOT_PAGES = ['/md/', '/api/', '/feeds/', '/assets/', '/llms.txt', '/llms-full.txt', '/sitemap.xml', '/robots.txt', '/openapi.json', '/.well-known/', '/auth.md', '/mcp'];

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

describe('the website in Chromium', { skip: skipReason }, () => {
  let app: App & { url: string };
  let catalog: Catalog;
  let chromium: Chromium | undefined;
  let page: Page;
  let problems: PageProblems;

  before(async () => {
    app = await listenTestApp();
    catalog = await testCatalog();
    chromium = await launchChromium();
    page = await chromium.context.newPage();
    problems = watchPage(page);
  });

  after(async () => {
    await chromium?.close();
    await app?.server.close();
  });

  /** Opens a site path and returns its status; the page's problems start empty. */
  async function open(sitePath: string): Promise<number> {
    problems.messages.length = 0;
    const response = await page.goto(`${app.url}${sitePath}`, { waitUntil: 'load' });
    return response?.status() ?? 0;
  }

  test('every route renders with no console error, a title, one h1 and a link to its mirror', async () => {
    for (const sitePath of sitePaths(catalog)) {
      assert.equal(await open(sitePath), 200, sitePath);
      assert.deepEqual(problems.messages, [], sitePath);
      assert.ok((await page.title()).length > 0, sitePath);
      assert.equal(await page.locator('h1').count(), 1, sitePath);
      assert.equal(await page.locator('link[rel="alternate"][type="text/markdown"]').count(), 1, sitePath);
      // The stylesheet applied (the CSP let it load): the header is laid out by it.
      assert.equal(await page.evaluate(`getComputedStyle(document.querySelector('.site-header')).borderBottomStyle`), 'solid', sitePath);
    }
  });

  test('the 404 page renders with no console error', async () => {
    assert.equal(await open('/no-such-page'), 404);
    assert.deepEqual(problems.messages, []);
    assert.equal(await page.locator('h1').textContent(), 'Page not found');
  });

  test('following links from the home page reaches every page, and no link is broken', async () => {
    const origin = new URL(app.url).origin;
    const queue = ['/'];
    const visited = new Set<string>();
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (visited.has(next)) continue;
      visited.add(next);
      assert.ok(visited.size < 400, 'the crawl stays bounded');
      assert.equal(await open(next), 200, `link to ${next}`);
      assert.deepEqual(problems.messages, [], next);
      const hrefs = await page.evaluate(`[...document.querySelectorAll('a[href]')].map((a) => a.href)`);
      for (const href of hrefs as string[]) {
        const target = new URL(href);
        if (target.origin !== origin) continue;
        const local = `${target.pathname}${target.search}`;
        if (NOT_PAGES.some((prefix) => target.pathname.startsWith(prefix))) continue;
        if (!visited.has(local)) queue.push(local);
      }
    }
    const reached = new Set([...visited].map((url) => url.split('?')[0]));
    for (const sitePath of sitePaths(catalog)) assert.ok(reached.has(sitePath), `${sitePath} is reachable by navigation`);
    // The header reaches every page but home and the legal pages, which the footer reaches.
    await open('/');
    const header = await page.evaluate(`[...document.querySelectorAll('.site-nav a')].map((a) => a.getAttribute('href'))`);
    assert.deepEqual(header, ['/method', '/capabilities', '/products', '/about', '/contact', '/developers', '/blog', '/search']);
  });

  test('the blog filters narrow the list and can be cleared', async () => {
    const category = 'Automation';
    const expected = catalog.posts.filter((p) => p.category === category);
    assert.ok(expected.length > 0 && expected.length <= 10);
    await open('/blog');
    await page.selectOption('#filter-category', category);
    await Promise.all([page.waitForURL(/category=Automation/), page.click('.filters button[type="submit"]')]);
    assert.deepEqual(problems.messages, []);
    assert.equal(new URL(page.url()).searchParams.get('category'), category);
    assert.deepEqual(await page.locator('.post-item h3 a').allTextContents(), expected.map((p) => p.title));
    assert.deepEqual(new Set(await page.locator('.post-item .chip').allTextContents()), new Set([category]));
    assert.equal(await page.locator('#filter-category').inputValue(), category, 'the form keeps the choice');
    assert.equal(await page.locator('.result-count').textContent(), `${expected.length} articles, newest first.`, 'one page of them: counted, not ranged');
    await Promise.all([page.waitForURL(/\/blog$/), page.click('text=Clear filters')]);
    assert.equal(await page.locator('.post-item').count(), 10);
  });

  test('each language has its own blog, paged newest first, reached from the other by its switch', async () => {
    for (const [blog, locale] of [['/blog', 'en'], ['/pt-BR/blog', 'pt-BR']] as const) {
      await open(blog);
      const titles: string[] = [];
      for (;;) {
        titles.push(...(await page.locator('.post-item h3 a').allTextContents()));
        const next = page.locator('.pagination a[rel="next"]');
        if ((await next.count()) === 0) break;
        await Promise.all([page.waitForURL(/page=\d+/), next.click()]);
        assert.deepEqual(problems.messages, []);
      }
      assert.deepEqual(titles, catalog.posts.filter((p) => p.locale === locale).map((p) => p.title), blog);
    }
    await open('/blog');
    await Promise.all([page.waitForURL(/\/pt-BR\/blog$/), page.click('.language-switch a[hreflang="pt-BR"]')]);
    assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
  });

  test('a translated article is framed in its language and links its translation', async () => {
    const post = catalog.posts.find((p) => p.locale === 'pt-BR' && p.translations.length > 0)!;
    await open(`/blog/${post.slug}`);
    assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
    assert.equal(await page.locator('.skip-link').textContent(), 'Pular para o conteúdo');
    const switchTo = page.locator('.language-switch a[hreflang="en"]');
    assert.equal(await switchTo.getAttribute('href'), new URL(post.translations[0]!.url).pathname);
    assert.equal(await page.locator('link[rel="alternate"][hreflang="x-default"]').count(), 1);
  });

  test('the search page works without script, in the page\'s language, with the matches marked', async () => {
    await open('/pt-BR/search');
    await page.fill('#search-q', 'nuvem');
    await Promise.all([page.waitForURL(/q=nuvem/), page.click('.search-form button[type="submit"]')]);
    assert.deepEqual(problems.messages, []);
    assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
    assert.ok((await page.locator('.search-hit').count()) > 0);
    assert.ok((await page.locator('.search-hit mark').count()) > 0);
    const langs = (await page.evaluate(`[...document.querySelectorAll('.search-hit[lang]')].map((li) => li.lang)`)) as string[];
    // The demo translates no product: a product is shown in English, and marked so.
    assert.ok(langs.every((l) => l === 'pt-BR' || l === 'en'), 'pages and articles in Portuguese, products in English');
    assert.ok(langs.includes('pt-BR'));
    assert.equal(await page.getAttribute('meta[name="robots"]', 'content'), 'noindex');
  });

  test('home, a product, a pt-BR article, search and /developers at phone and desktop width: no sideways scroll, one nav row or a menu, images loaded', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const product = catalog.products.find((p) => p.status === 'coming-soon') ?? catalog.products[0]!;
    const post = catalog.posts.find((p) => p.locale === 'pt-BR' && p.translations.length > 0) ?? catalog.posts[0]!;
    const shots = { home: '/', product: `/products/${product.slug}`, post: `/blog/${post.slug}`, search: '/search?q=cloud', developers: '/developers' };
    for (const [name, sitePath] of Object.entries(shots)) {
      for (const [width, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: scheme });
          assert.equal(await open(sitePath), 200);
          // Nothing may be wider than the screen: a phone never scrolls sideways.
          const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
          assert.equal(overflow, 0, `${name} at ${width} width (${scheme}) fits the screen`);
          // The navigation is one row, or (on a phone) a menu that opens without script.
          const rows = (await page.evaluate(`(() => { const links = [...document.querySelectorAll('.site-nav a')].filter((a) => a.offsetParent); return new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size; })()`)) as number;
          const menu = await page.locator('.nav-menu summary').isVisible();
          assert.ok(rows === 1 || (rows === 0 && menu), `${name} at ${width}: nav in ${rows} rows, menu ${menu}`);
          if (menu) {
            await page.click('.nav-menu summary');
            assert.ok(await page.locator('.nav-menu a').first().isVisible(), 'the menu opens');
            await page.click('.nav-menu summary');
          }
          // Every picture loads. A picture below the fold loads lazily, when it comes near the screen: each
          // still waiting is told to load now (loading="eager"), and awaited through the DevTools protocol
          // (a predicate polled inside the page would be evaluated as a string, which the page's CSP refuses).
          // Bounded: a picture that never settles is named rather than waited for.
          const unsettled = await page.evaluate(`(() => {
            const waiting = [...document.images].filter((img) => !img.complete);
            const settled = Promise.all(waiting.map((img) => new Promise((done) => {
              img.addEventListener('load', done);
              img.addEventListener('error', done);
              img.loading = 'eager';
            })));
            return Promise.race([settled.then(() => []), new Promise((done) => setTimeout(() => done(waiting.filter((img) => !img.complete).map((img) => img.currentSrc || img.src)), 20000))]);
          })()`);
          assert.deepEqual(unsettled, [], `${name}: every picture settles`);
          const broken = await page.evaluate('[...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src)');
          assert.deepEqual(broken, [], `${name}: every image loads`);
          const file = path.join(SCREENSHOTS, `${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`);
          await page.screenshot({ path: file, fullPage: true });
          assert.ok((await readFile(file)).subarray(1, 4).toString() === 'PNG', file);
        }
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('an accessibility scan (axe-core) finds no serious or critical violation, light or dark', async () => {
    const axe = await readFile(AXE, 'utf8');
    const product = catalog.products[0]!;
    const posts = catalog.site.locales.map((locale) => catalog.posts.find((p) => p.locale === locale)!).filter(Boolean);
    const paths = [
      ...sitePaths(catalog).filter((p) => !p.startsWith('/products/') && !p.startsWith('/blog/')),
      `/products/${product.slug}`,
      // Not translated into Portuguese: the English page, with the note above it.
      `/pt-BR/products/${product.slug}`,
      ...posts.map((p) => `/blog/${p.slug}`),
      '/blog?category=Automation&page=1',
      '/search?q=cloud',
      '/pt-BR/search?q=nuvem',
      '/no-such-page',
    ];
    const found: string[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const sitePath of paths) {
          await open(sitePath);
          // Evaluated through the DevTools protocol: the page's CSP (the site's own script only) stays in force for the page itself.
          await page.evaluate(axe);
          const violations = (await page.evaluate(
            `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })))`,
          )) as Violation[];
          for (const v of violations) {
            if (v.impact === 'serious' || v.impact === 'critical') {
              found.push(`${sitePath} (${viewport.width}px, ${scheme}): ${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
            }
          }
        }
      }
    }
    assert.deepEqual(found, []);
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('closing the browser leaves no Chromium process behind', async () => {
    const browser = chromium!;
    chromium = undefined;
    await browser.close();
    assert.deepEqual(browser.leftovers(), []);
  });
});
