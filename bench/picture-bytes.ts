/**
 * The bytes of pictures a phone downloads for some pages of a running
 * vitrine (`npm run bench:pictures -- ORIGIN [PATH ...]`).
 *
 * Each page is opened in Debian's Chromium (/usr/bin/chromium, or
 * CHROME_PATH; never a downloaded browser) at a phone's width, 390 CSS
 * pixels, at 1, 2 and 3 device pixels per CSS pixel, scrolled to its end so
 * every lazy picture loads, and the body bytes of every image response are
 * added up: what that phone's browser chose from the page's markup. Nothing
 * is cached between two loads. The paths default to the demo's home page,
 * the product and the post that show its photographs, and the blog.
 *
 * Run it against any build, this one or an older one, serving any content
 * folder: it reads only what the pages offer.
 */
import { chromium } from 'playwright-core';

const [origin = 'http://127.0.0.1:3000', ...given] = process.argv.slice(2);
const PATHS = given.length > 0 ? given : ['/', '/products/open-source-cloud', '/blog/leading-remote-teams-across-brazil', '/blog'];
const WIDTH = 390;
const HEIGHT = 844;
const DENSITIES = [1, 2, 3];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  console.log(`pictures downloaded at ${WIDTH} CSS pixels wide, ${origin}`);
  console.log(`${'page'.padEnd(48)}${DENSITIES.map((d) => `DPR ${d}`.padStart(14)).join('')}`);
  for (const path of PATHS) {
    const cells: string[] = [];
    for (const density of DENSITIES) {
      const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: density, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'image') sizes.push(response.body().then((body) => body.length, () => 0));
      });
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
      // Down the page a screen at a time, so each lazy picture comes near the viewport and loads.
      await page.evaluate(`(async () => {
        for (let y = 0; y <= document.documentElement.scrollHeight; y += ${HEIGHT / 2}) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      })()`);
      // Every picture the scroll brought near has arrived (a load state, once reached, would not wait again).
      await page.waitForFunction('[...document.images].every((image) => image.complete)', undefined, { timeout: 120_000 });
      await page.waitForTimeout(200);
      const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
      cells.push(`${(bytes / 1024).toFixed(0)} KB (${sizes.length})`.padStart(14));
      await context.close();
    }
    console.log(`${path.padEnd(48)}${cells.join('')}`);
  }
  console.log('\nKB of image bodies (number of images) per page and device pixel ratio.');
} finally {
  await browser.close();
}
