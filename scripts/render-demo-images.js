#!/usr/bin/env node
// Renders the demo company's drawn SVGs into the raster images the site
// serves, because social networks do not show SVG in share cards and
// browsers, iOS and Windows want PNG and ICO icons:
//   - content/images/products/<slug>.png and content/images/posts/<name>.png
//     (1200x630), from design/illustrations/products/*.svg and
//     design/illustrations/posts/*.svg;
//   - content/images/icon-512.png, icon-192.png (transparent corners),
//     apple-touch-icon.png (180x180, opaque) and favicon.ico (16, 32 and 48
//     pixel PNG entries), from content/images/logo-mark.svg;
//   - content/images/share.png (1200x630), the site's default share card:
//     content/images/logo.svg on the brand background with the `description`
//     of content/site.yaml.
// Its output is committed demo content, not a build step: re-run it by hand
// (`node scripts/render-demo-images.js`) after changing a drawing, the logo,
// the mark or the site's description, and commit the PNG and ICO files with
// the change. It drives the system Chromium (/usr/bin/chromium, or
// CHROMIUM_PATH) through playwright-core and never downloads a browser.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DESIGN = join(ROOT, 'design', 'illustrations');
const IMAGES = join(ROOT, 'content', 'images');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LARGE = 120 * 1024; // flat art should stay well under this

// The width and height attributes of an SVG's root element: its page size.
function svgSize(svg, file) {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
  if (!width || !height) throw new Error(`${file}: the <svg> element needs numeric width and height attributes`);
  return { width, height };
}

const dataUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// A screenshot of `html` in a page of exactly width x height CSS pixels at
// device scale 1; `transparent` keeps the alpha channel where nothing is drawn.
async function shoot(browser, html, width, height, transparent) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    await page.setContent(html, { waitUntil: 'load' });
    await page.locator('img').evaluateAll((images) => Promise.all(images.map((img) => img.decode())));
    return await page.screenshot({ type: 'png', omitBackground: transparent });
  } finally {
    await page.close();
  }
}

// An SVG drawn to fill the whole page, on `background` (or none).
function svgPage(svg, width, height, background = 'transparent') {
  return `<!doctype html><html><head><style>html,body{margin:0;padding:0;overflow:hidden;background:${background}}img{display:block}</style></head>`
    + `<body><img src="${dataUrl(svg)}" width="${width}" height="${height}" alt=""></body></html>`;
}

// An ICO file holding the given PNG images (PNG entries: Windows Vista and later).
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width, 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // colours in the palette: none
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

// The default share card, in the illustrations' style: the wordmark on the
// brand background, the one-line description under it, the red rule and the
// green band.
function shareCardPage(logoSvg, description, colours) {
  const { background, ink, accent, brand } = colours;
  return `<!doctype html><html lang="en"><head><style>
html,body{margin:0;padding:0;width:1200px;height:630px;overflow:hidden;background:${background}}
body{position:relative;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.glow{position:absolute;left:800px;top:55px;width:520px;height:520px;border-radius:50%;background:${brand};opacity:.12}
.card{position:absolute;left:80px;top:0;bottom:24px;width:960px;display:flex;flex-direction:column;justify-content:center}
.logo{display:block;margin:0 0 40px -10px}
.description{margin:0;color:${ink};font-size:52px;line-height:1.2;font-weight:700;letter-spacing:-0.5px}
.rule{margin-top:36px;width:96px;height:10px;border-radius:5px;background:${accent}}
.band{position:absolute;left:0;bottom:0;width:1200px;height:24px;background:${brand}}
</style></head><body>
<div class="glow"></div>
<div class="card">
<img class="logo" src="${dataUrl(logoSvg)}" width="513" height="144" alt="">
<p class="description">${escapeHtml(description)}</p>
<div class="rule"></div>
</div>
<div class="band"></div>
</body></html>`;
}

const written = [];
async function write(file, data) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  written.push(file);
}

async function illustrations(browser, kind) {
  const from = join(DESIGN, kind);
  const files = (await readdir(from)).filter((name) => name.endsWith('.svg')).sort();
  for (const name of files) {
    const svg = await readFile(join(from, name), 'utf8');
    const { width, height } = svgSize(svg, name);
    if (width !== 1200 || height !== 630) console.warn(`warning: ${kind}/${name} is ${width}x${height}, not 1200x630`);
    const png = await shoot(browser, svgPage(svg, width, height), width, height, false);
    await write(join(IMAGES, kind, `${basename(name, '.svg')}.png`), png);
  }
}

// The icons, from the square mark; returns the mark's own background colour.
async function icons(browser) {
  const mark = await readFile(join(IMAGES, 'logo-mark.svg'), 'utf8');
  // The fill of the mark's first <rect>: its rounded tile.
  const tile = /<rect\b[^>]*\sfill="(#[0-9a-fA-F]{3,8})"/.exec(mark)?.[1];
  if (!tile) throw new Error('logo-mark.svg: no <rect fill="#..."> to take the touch icon background from');
  const render = (size, background) => shoot(browser, svgPage(mark, size, size, background), size, size, !background);
  await write(join(IMAGES, 'icon-512.png'), await render(512));
  await write(join(IMAGES, 'icon-192.png'), await render(192));
  // iOS ignores transparency (it would show black corners): fill them with the tile colour.
  await write(join(IMAGES, 'apple-touch-icon.png'), await render(180, tile));
  const entries = [];
  for (const size of [16, 32, 48]) entries.push({ size, png: await render(size) });
  await write(join(IMAGES, 'favicon.ico'), ico(entries));
  return tile;
}

async function shareCard(browser, background) {
  const logo = await readFile(join(IMAGES, 'logo.svg'), 'utf8');
  const site = load(await readFile(join(ROOT, 'content', 'site.yaml'), 'utf8'));
  if (typeof site?.description !== 'string' || !site.description.trim()) throw new Error('content/site.yaml: no description for the share card');
  const colours = { background, ink: '#1b1f23', accent: '#c0392b', brand: '#1f4d3a' };
  const png = await shoot(browser, shareCardPage(logo, site.description.trim(), colours), 1200, 630, false);
  await write(join(IMAGES, 'share.png'), png);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
try {
  await illustrations(browser, 'products');
  await illustrations(browser, 'posts');
  const tile = await icons(browser);
  await shareCard(browser, tile);
} finally {
  await browser.close();
}

for (const file of written) {
  const { size } = await stat(file);
  const flag = size > LARGE ? '  (over 120 KB)' : '';
  console.log(`${relative(ROOT, file)}  ${(size / 1024).toFixed(1)} KB${flag}`);
}
