import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { loadCatalog } from '../../src/content/load.js';
import type { Catalog } from '../../src/content/types.js';
import { MANIFEST } from '../../src/export.js';
import type { ExportedAnswer } from '../../src/export.js';
import { BASE_URL, buildTestApp, FIXTURES } from '../helper.js';
import type { ServerProcess } from '../process.js';
import { startServer, vitrine } from '../process.js';

/**
 * A camera's photograph dropped into a content folder, served by the real
 * command: the pages offer it in widths and formats a phone can afford, no
 * file made from it carries its EXIF (a GPS position above all), anything
 * else is a 404, and `vitrine export` writes the same files. A picture that
 * cannot be served stops `vitrine check` and start-up, naming its file, and
 * never takes a running server down.
 */

const MINUTE = 60_000;
const KB = 1024;
/** The bakery of the second content folder: its product's card is on its home page. */
const FIXTURE = path.join(FIXTURES, 'bilingual');
const PRODUCT = 'products/pao-de-queijo.md';

/**
 * A 4000x3000 JPEG that weighs what a camera's does: a gradient under
 * grain (seeded, so every run is the same picture), with the EXIF a phone
 * writes, a GPS position included (sharp's `withExif`; IFD3 is the GPS one).
 */
async function cameraPhotograph(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const grain = (random() + random() + random() - 1.5) * 40;
      pixels[at] = Math.max(0, Math.min(255, 40 + (x / width) * 180 + grain));
      pixels[at + 1] = Math.max(0, Math.min(255, 90 + (y / height) * 120 + grain));
      pixels[at + 2] = Math.max(0, Math.min(255, 160 - (x / width) * 100 + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Vitrine', Model: 'Test camera' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '27/1 35/1 48/1', GPSLongitudeRef: 'W', GPSLongitude: '48/1 32/1 58/1' },
    })
    .toBuffer();
}

/** The tags of the first IFD of an EXIF block (a TIFF structure): 0x8825 points to the GPS IFD. */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + 12 * i));
}

/** A copy of the bakery whose product shows `file` (written into its images/) instead of its drawing. */
async function bakeryWith(work: string, name: string, bytes: Buffer): Promise<string> {
  const dir = path.join(work, 'content');
  await cp(FIXTURE, dir, { recursive: true });
  await writeFile(path.join(dir, 'images', name), bytes);
  const product = await readFile(path.join(dir, PRODUCT), 'utf8');
  await writeFile(path.join(dir, PRODUCT), product.replace('file: images/pao.png', `file: images/${name}`));
  return dir;
}

/**
 * The bakery with one of its files edited, loaded and served in-process
 * (pictures kept in a cache of its own) while `use` runs; everything is
 * removed afterwards.
 */
async function withEditedBakery(file: string, edit: (text: string) => string, use: (app: Awaited<ReturnType<typeof buildTestApp>>, catalog: Catalog) => Promise<void>): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pictures-'));
  try {
    const dir = path.join(work, 'content');
    await cp(FIXTURE, dir, { recursive: true });
    await writeFile(path.join(dir, file), edit(await readFile(path.join(dir, file), 'utf8')));
    const catalog = await loadCatalog({ dir, baseUrl: BASE_URL, pictures: { maxPixels: 40_000_000, maxBytes: 30 * 1024 * KB, cacheDir: path.join(work, 'cache') } });
    const app = await buildTestApp({ catalog, env: { IMAGE_CACHE_DIR: path.join(work, 'cache') } });
    try {
      await use(app, catalog);
    } finally {
      await app.server.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

interface Candidate {
  readonly url: string;
  readonly width: number;
}

/** `srcset` with width descriptors (HTML Living Standard, 4.8.4.2.1). */
function candidates(srcset: string): Candidate[] {
  return srcset.split(',').map((entry) => {
    const [url, descriptor] = entry.trim().split(/\s+/);
    assert.match(descriptor ?? '', /^\d+w$/);
    return { url: url!, width: Number.parseInt(descriptor!, 10) };
  });
}

/** A length of `sizes` in CSS pixels at a viewport `viewport` wide: `17rem`, `320px`, `100vw`, `calc(50vw - 2rem)`. */
function cssLength(length: string, viewport: number): number {
  const unit = (term: string) => {
    const [, number, kind] = /^(-?[\d.]+)(rem|px|vw)$/.exec(term.trim()) ?? [];
    assert.ok(number && kind, `a length this test reads: ${term}`);
    return Number(number) * (kind === 'rem' ? 16 : kind === 'vw' ? viewport / 100 : 1);
  };
  const calc = /^calc\((.+) ([-+]) (.+)\)$/.exec(length.trim());
  if (!calc) return unit(length);
  return calc[2] === '-' ? unit(calc[1]!) - unit(calc[3]!) : unit(calc[1]!) + unit(calc[3]!);
}

/** The width `sizes` gives at a viewport `viewport` wide: the first entry whose `(max-width: …)` holds, else the last (4.8.4.2.2). */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(/,(?![^(]*\))/).map((part) => part.trim())) {
    const condition = /^\(max-width: ([\d.]+)(rem|px)\)\s+(.+)$/.exec(entry);
    if (!condition) return cssLength(entry, viewport);
    const limit = Number(condition[1]) * (condition[2] === 'rem' ? 16 : 1);
    if (viewport <= limit) return cssLength(condition[3]!, viewport);
  }
  throw new Error(`sizes without a default: ${sizes}`);
}

/** The file a browser takes: the narrowest whose density reaches the screen's, else the widest. */
function pick(list: readonly Candidate[], slot: number, density: number): Candidate {
  const sorted = [...list].sort((a, b) => a.width - b.width);
  return sorted.find((candidate) => candidate.width / slot >= density) ?? sorted.at(-1)!;
}

/** The attributes of the first tag matching `tag` in `markup`. */
function attributes(markup: string, tag: RegExp): Record<string, string> {
  const found = tag.exec(markup)?.[0];
  assert.ok(found, `no tag matching ${tag}`);
  return Object.fromEntries([...found.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replaceAll('&amp;', '&')]));
}

describe('a camera photograph in the content, served by the real server', { timeout: 10 * MINUTE }, () => {
  let work: string;
  let dir: string;
  let cache: string;
  let photo: Buffer;
  let server: ServerProcess;
  let home: string;
  /** The card's <picture> on the home page. */
  let card: string;

  before(
    async () => {
      work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pictures-'));
      cache = path.join(work, 'cache');
      photo = await cameraPhotograph();
      dir = await bakeryWith(work, 'forno.jpg', photo);
      server = await startServer({ CONTENT_DIR: dir, IMAGE_CACHE_DIR: cache });
      home = await (await fetch(`${server.url}/`)).text();
      const found = [...home.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map(([markup]) => markup).find((markup) => markup.includes('class="card-image"') && markup.includes('/forno-'));
      assert.ok(found, 'the home page shows the product card with the photograph');
      card = found;
    },
    { timeout: 2 * MINUTE },
  );

  after(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (work) await rm(work, { recursive: true, force: true });
  });

  test("the picture is a camera's: 4000x3000, several megabytes, with a GPS position in its EXIF", async () => {
    const metadata = await sharp(photo).metadata();
    assert.deepEqual([metadata.format, metadata.width, metadata.height], ['jpeg', 4000, 3000]);
    assert.ok(photo.length > 4 * 1024 * KB, `${photo.length} bytes`);
    assert.ok(metadata.exif && ifd0Tags(metadata.exif).includes(0x8825), 'it has a GPS IFD');
  });

  test('a phone 390 CSS pixels wide gets the card in AVIF in under 100 KB, at 1, 2 and 3 device pixels per CSS pixel', async () => {
    const avif = attributes(card, /<source type="image\/avif"[^>]*>/);
    const slot = slotWidth(avif.sizes!, 390);
    // The card fills the phone's width but for the container's padding and the card's border: 390 - 40 - 2.
    assert.ok(Math.abs(slot - 348) < 1, `the card is ${slot} CSS pixels wide`);
    const picked = [1, 2, 3].map((density) => pick(candidates(avif.srcset!), slot, density));
    assert.deepEqual(
      picked.map((candidate) => candidate.width),
      [480, 750, 1080],
    );
    for (const candidate of picked) {
      const response = await fetch(`${server.url}${candidate.url}`);
      assert.equal(response.status, 200, candidate.url);
      assert.equal(response.headers.get('content-type'), 'image/avif');
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.ok(bytes.length < 100 * KB, `${candidate.url}: ${bytes.length} bytes`);
      const metadata = await sharp(bytes).metadata();
      assert.deepEqual([metadata.format, metadata.width, metadata.height], ['heif', candidate.width, Math.round((3000 * candidate.width) / 4000)]);
    }
  });

  test('no file made from the picture carries EXIF, XMP or a GPS position, and each is in sRGB at the size it says', async () => {
    const avif = candidates(attributes(card, /<source type="image\/avif"[^>]*>/).srcset!);
    const webp = candidates(attributes(card, /<source type="image\/webp"[^>]*>/).srcset!);
    const img = attributes(card, /<img[^>]*>/);
    const jpeg = candidates(img.srcset!);
    // No wider than the widest variant, 1920: the 4000-pixel file is not offered to the page.
    for (const list of [avif, webp, jpeg]) assert.deepEqual(list.map((c) => c.width), [320, 480, 640, 750, 960, 1080, 1280, 1920]);
    assert.deepEqual([img.width, img.height, img.src], ['4000', '3000', jpeg.find((c) => c.width === 960)!.url]);
    const product = (await (await fetch(`${server.url}/api/v1/products/pao-de-queijo`)).json()) as { image: { url: string; variants: { url: string; width: number; media_type: string }[] } };
    const page = await (await fetch(`${server.url}/products/pao-de-queijo`)).text();
    const shared = attributes(page, /<meta property="og:image" [^>]*>/).content!;
    assert.match(shared, /\/forno-card-1200x630\.jpg$/);
    const files = [
      ...[...avif, ...webp, ...jpeg].map((c) => ({ url: `${server.url}${c.url}`, width: c.width, height: Math.round((3000 * c.width) / 4000) })),
      { url: shared, width: 1200, height: 630 },
      { url: product.image.url, width: 4000, height: 3000 },
    ];
    assert.equal(product.image.variants.length, 24);
    for (const { url, width, height } of files) {
      const response = await fetch(url.replace(/^http:\/\/localhost:\d+/, server.url));
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      assert.deepEqual(
        { exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, orientation: metadata.orientation, space: metadata.space, width: metadata.width, height: metadata.height },
        { exif: undefined, xmp: undefined, iptc: undefined, orientation: undefined, space: 'srgb', width, height },
        url,
      );
    }
  });

  test('a width or a format the page does not offer is a 404, and nothing is made for it', async () => {
    const offered = candidates(attributes(card, /<source type="image\/avif"[^>]*>/).srcset!)[0]!.url;
    const base = offered.replace(/-320w\.avif$/, '');
    const before = (await readdir(cache, { recursive: true })).sort();
    for (const wanted of ['-321w.avif', '-2400w.avif', '-4000w.jpg', '-320w.gif', '-320w.tiff', '-card-600x315.jpg', '-320w.avif.png']) {
      const response = await fetch(`${server.url}${base}${wanted}`);
      assert.equal(response.status, 404, wanted);
      assert.equal(response.headers.get('cache-control'), 'no-store');
    }
    assert.deepEqual((await readdir(cache, { recursive: true })).sort(), before);
  });

  test('vitrine export writes every file of the picture, byte for byte what the server answers', { timeout: 5 * MINUTE }, async () => {
    const out = path.join(work, 'export');
    const ran = await vitrine(['export', dir, out], { IMAGE_CACHE_DIR: cache, BASE_URL: 'https://padaria.example' });
    assert.equal(ran.code, 0, ran.stderr);
    const manifest = JSON.parse(await readFile(path.join(out, MANIFEST), 'utf8')) as ExportedAnswer[];
    const pictures = manifest.filter((answer) => /\/forno[-.]/.test(answer.url));
    const names = pictures.map((answer) => answer.url.slice(answer.url.lastIndexOf('/') + 1)).sort();
    const widths = [320, 480, 640, 750, 960, 1080, 1280, 1920].flatMap((width) => ['avif', 'jpg', 'webp'].map((ext) => `forno-${width}w.${ext}`));
    assert.deepEqual(names, ['forno-card-1200x630.jpg', 'forno.jpg', ...widths].sort());
    for (const answer of pictures) {
      const served = Buffer.from(await (await fetch(`${server.url}${answer.url}`)).arrayBuffer());
      assert.ok((await readFile(path.join(out, answer.file))).equals(served), answer.url);
      assert.equal(Object.fromEntries(answer.headers)['cache-control'], 'public, max-age=31536000, immutable');
    }
  });
});

describe('a picture that cannot be served', { timeout: 5 * MINUTE }, () => {
  let work: string;
  let cache: string;
  let photo: Buffer;

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pictures-'));
    cache = path.join(work, 'cache');
    photo = await cameraPhotograph();
  });
  after(() => rm(work, { recursive: true, force: true }));

  /** A fresh copy of the bakery in its own folder under `work`, showing `bytes` as images/<file>. */
  async function bakery(name: string, bytes: Buffer, file = 'forno.jpg'): Promise<string> {
    const folder = path.join(work, name);
    return bakeryWith(folder, file, bytes);
  }

  /** The one warning the bakery's check adds to its error: what its English side has not translated. */
  const untranslated = (dir: string) =>
    `${dir}/site.yaml:5: warning: locales: en has no translation of 1 page and 1 product, answered in pt-BR meanwhile; add products/en/pao-de-queijo.md, pages/en/index.md\n1 error, 1 warning in 8 files\n`;

  test('cut short, it stops vitrine check naming the file', async () => {
    const dir = await bakery('check-truncated', photo.subarray(0, photo.length / 2));
    const ran = await vitrine(['check', dir], { IMAGE_CACHE_DIR: cache });
    assert.equal(ran.code, 1);
    assert.equal(ran.stdout, `${dir}/images/forno.jpg: cannot be decoded (VipsJpeg: premature end of JPEG image)\n${untranslated(dir)}`);
  });

  test('damaged inside, its header whole, it stops vitrine check naming the file', async () => {
    // The bakery's own drawing, thirty bytes of its compressed pixels changed.
    const png = Buffer.from(await readFile(path.join(FIXTURE, 'images', 'pao.png')));
    const data = png.indexOf('IDAT') + 60;
    for (let at = data; at < data + 30; at++) png[at] = png[at]! ^ 0x55;
    const dir = await bakery('check-damaged', png, 'forno.png');
    const ran = await vitrine(['check', dir], { IMAGE_CACHE_DIR: cache });
    assert.equal(ran.code, 1);
    assert.equal(ran.stdout, `${dir}/images/forno.png: cannot be decoded (vipspng: libpng read error)\n${untranslated(dir)}`);
  });

  test('over IMAGE_MAX_MEGAPIXELS or IMAGE_MAX_MB, it stops vitrine check naming the file and the setting', async () => {
    const dir = await bakery('check-large', photo);
    const pixels = await vitrine(['check', dir], { IMAGE_CACHE_DIR: cache, IMAGE_MAX_MEGAPIXELS: '10' });
    assert.equal(pixels.code, 1);
    assert.equal(
      pixels.stdout,
      `${dir}/${PRODUCT}:9: image.file: images/forno.jpg is 4000x3000, 12 megapixels, more than IMAGE_MAX_MEGAPIXELS allows (10)\n${untranslated(dir)}`,
    );
    const bytes = await vitrine(['check', dir], { IMAGE_CACHE_DIR: cache, IMAGE_MAX_MB: '1' });
    assert.equal(bytes.code, 1);
    assert.equal(
      bytes.stdout,
      `${dir}/${PRODUCT}:9: image.file: images/forno.jpg is ${(photo.length / (1024 * KB)).toFixed(1)} MB, more than IMAGE_MAX_MB allows (1)\n${untranslated(dir)}`,
    );
    // Within the limits, the same folder passes; checking it decodes the photograph but makes none of its files.
    assert.equal((await vitrine(['check', dir], { IMAGE_CACHE_DIR: cache })).code, 0);
    const kept = (await readdir(cache, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
    assert.ok(kept.length > 0, 'the decoded picture is remembered');
    assert.deepEqual(kept.filter((name) => /\.(avif|webp|jpe?g|png)$/.test(name)), []);
  });

  test('cut short, it stops start-up with a line naming the file, not a stack trace', async () => {
    const dir = await bakery('serve-truncated', photo.subarray(0, photo.length / 2));
    const ran = await vitrine(['serve', dir], { IMAGE_CACHE_DIR: cache, PORT: '0' });
    assert.equal(ran.code, 1);
    assert.equal(ran.stderr, `vitrine: content is invalid (1 problem):\n  ${path.basename(dir)}/images/forno.jpg: cannot be decoded (VipsJpeg: premature end of JPEG image)\n`);
  });

  test('cut short under a running server, it is refused by the reload and the server keeps serving the picture it had', { timeout: 3 * MINUTE }, async () => {
    const dir = await bakery('serve-reload', photo);
    const server = await startServer({ CONTENT_DIR: dir, IMAGE_CACHE_DIR: cache });
    try {
      const page = await (await fetch(`${server.url}/`)).text();
      const small = /<source type="image\/avif" srcset="([^" ]+forno-320w\.avif) 320w/.exec(page)?.[1];
      assert.ok(small);
      await writeFile(path.join(dir, 'images', 'forno.jpg'), photo.subarray(0, photo.length / 3));
      server.child.kill('SIGHUP');
      await server.waitFor(/content reload failed/);
      assert.match(server.output(), /"problems":\["content\/images\/forno\.jpg: cannot be decoded \(VipsJpeg: premature end of JPEG image\)"\]/);
      assert.equal((await fetch(`${server.url}/`)).status, 200);
      const picture = await fetch(`${server.url}${small}`);
      assert.equal(picture.status, 200);
      assert.equal((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width, 320);
      assert.equal(server.child.exitCode, null);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

describe('EXIF orientation', () => {
  test('a picture turned a quarter by its EXIF is as wide as its file is high, and its files are upright', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pictures-'));
    try {
      // 600 pixels wide and 300 high as stored, red on the left: orientation 6 shows it turned clockwise, red on top.
      const stored = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#0000ff' } })
        .composite([{ input: { create: { width: 300, height: 300, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      assert.equal((await sharp(stored).metadata()).orientation, 6);
      const dir = await bakeryWith(work, 'turned.jpg', stored);
      const catalog = await loadCatalog({ dir, baseUrl: 'http://vitrine.test', pictures: { maxPixels: 40_000_000, maxBytes: 30 * 1024 * KB, cacheDir: path.join(work, 'cache') } });
      const image = catalog.productsBySlug.get('pao-de-queijo')!.image!;
      assert.deepEqual([image.width, image.height], [300, 600]);
      assert.deepEqual(
        image.variants.filter((variant) => variant.media_type === 'image/jpeg').map((variant) => [variant.width, variant.height]),
        [[300, 600]],
      );
      const server = await startServer({ CONTENT_DIR: dir, IMAGE_CACHE_DIR: path.join(work, 'cache') });
      try {
        const file = await fetch(`${server.url}${new URL(image.variants[0]!.url).pathname}`);
        const upright = sharp(Buffer.from(await file.arrayBuffer()));
        const metadata = await upright.metadata();
        assert.deepEqual([metadata.width, metadata.height, metadata.orientation], [300, 600, undefined]);
        // The top is red, the bottom blue.
        const { data } = await upright.clone().removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const at = (x: number, y: number) => [...data.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)].map((value) => (value > 128 ? 1 : 0));
        assert.deepEqual([at(150, 100), at(150, 500)], [[1, 0, 0], [0, 0, 1]]);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('a raster logo', () => {
  test('heads every page as a <picture> whose sizes is its width at the header\'s 2.5rem height', async () => {
    // The bakery's share card, 1200x630, stands in for a PNG logo: shown 40 pixels high, it is 77 wide.
    await withEditedBakery('company.md', (company) => company.replace('file: images/logo.svg', 'file: images/share.png'), async (app, catalog) => {
      const page = (await app.server.inject('/')).body;
      const logo = /<a class="brand"[^>]*>(<picture>[\s\S]*?<\/picture>)<\/a>/.exec(page)?.[1];
      assert.ok(logo, 'the header shows the logo as a <picture>');
      const hash = new URL(catalog.company.logo!.url).pathname.split('/')[2];
      assert.equal(
        attributes(logo, /<source type="image\/avif"[^>]*>/).srcset,
        [320, 480, 640, 750, 960, 1200].map((width) => `/media/${hash}/share-${width}w.avif ${width}w`).join(', '),
      );
      const img = attributes(logo, /<img[^>]*>/);
      assert.deepEqual([img.class, img.alt, img.width, img.height, img.sizes], ['brand-logo', 'Padaria Lumen', '1200', '630', '77px']);
    });
  });
});

describe('a picture in a markdown body', () => {
  test('is a <picture> of its variants with its size reserved, loaded as it is scrolled to; a picture from elsewhere stays an <img>', async () => {
    const pictures = '![The loaf, *sliced*](../images/share.png "Fresh from the oven")\n\n![A drawing](../images/logo.svg)\n\n![Elsewhere](https://example.com/bread.png)\n';
    await withEditedBakery('posts/corn-bread-recipe.md', (post) => `${post}\n${pictures}`, async (app, catalog) => {
      const page = (await app.server.inject(new URL(catalog.postsBySlug.get('corn-bread-recipe')!.url).pathname)).body;
      const prose = /<div class="prose">([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';
      const shown = /<picture>[\s\S]*?<\/picture>/.exec(prose)?.[0];
      assert.ok(shown, 'the body shows its raster picture as a <picture>');
      const hash = /\/media\/([0-9a-f]+)\/share-320w\.avif/.exec(shown)?.[1];
      assert.ok(hash, 'the <picture> offers the picture in AVIF');
      assert.equal(
        attributes(shown, /<source type="image\/webp"[^>]*>/).srcset,
        [320, 480, 640, 750, 960, 1200].map((width) => `/media/${hash}/share-${width}w.webp ${width}w`).join(', '),
      );
      const img = attributes(shown, /<img[^>]*>/);
      assert.deepEqual(
        [img.class, img.alt, img.title, img.width, img.height, img.loading, img.sizes],
        ['body-image', 'The loaf, sliced', 'Fresh from the oven', '1200', '630', 'lazy', '(max-width: 48.5rem) calc(100vw - 2.5rem), 46rem'],
      );
      for (const url of [img.src!, ...candidates(img.srcset!).map((candidate) => candidate.url)]) {
        assert.equal((await app.server.inject(url)).statusCode, 200, `${url} is served`);
      }
      const drawing = attributes(prose, /<img[^>]*alt="A drawing"[^>]*>/);
      assert.ok(drawing.width && drawing.height, 'an SVG keeps its one file, its size reserved');
      assert.match(drawing.src!, /^\/media\/[0-9a-f]+\/images\/logo\.svg$/);
      assert.match(prose, /<img src="https:\/\/example\.com\/bread\.png" alt="Elsewhere">/);
    });
  });
});
