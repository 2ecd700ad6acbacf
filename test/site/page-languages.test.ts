import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CORE_SCHEMA, load } from 'js-yaml';
import sharp from 'sharp';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { PRODUCT_STATUSES } from '../../src/content/types.js';
import { registryOf } from '../../src/documents/registry.js';
import { localeOfPath } from '../../src/documents/words.js';
import { BASE_URL, listenTestApp, ROOT, testCatalog } from '../helper.js';
import { connectClient } from '../mcp/_client.js';
import { starterSite } from '../process.js';

/**
 * Every word the engine writes around a company's content is in the
 * language of the page it writes it on: a site started by `vitrine init` in
 * German, English and French is crawled (every page in HTML and in
 * markdown, every /md/ mirror, its error pages), and none of them holds a
 * word of another language's catalog nor a label the engine once wrote in
 * English. French is set as French sets it, and the feeds carry made
 * pictures, never a camera's original.
 */

let catalog: Catalog;
let app: App & { url: string };
let client: Client;
let remove: (() => Promise<void>) | undefined;
let pictureDir: string;

/** A company record with something under every label the mirrors print. */
const COMPANY = `---
legal_name: "Testwerk GmbH"
trade_name: "Testwerk"
identifiers:
  - scheme: vat
    value: DE136695976
  - scheme: company_number
    value: HRB 123456 B
    authority: Amtsgericht Charlottenburg
founded: "2015-06-01"
address:
  street: "Musterstraße"
  number: "12"
  city: "Berlin"
  postal_code: "10115"
  country: "DE"
contact:
  email: "hallo@testwerk.example"
  phone: "+49 30 1234567"
profiles:
  linkedin: "https://www.linkedin.com/company/testwerk"
logo:
  file: "images/logo.svg"
  alt: "Logo von Testwerk"
---
Testwerk prüft Messgeräte.
`;

before(async () => {
  let dir: string;
  ({ dir, remove } = await starterSite('testwerk', ['--locales', 'de,en,fr', '--name', 'Testwerk']));
  await writeFile(path.join(dir, 'company.md'), COMPANY);
  // A camera's photograph, megabytes of JPEG, as the German article's picture and in its body.
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6a8caf', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.2)
    .jpeg({ quality: 98 })
    .toBuffer();
  await writeFile(path.join(dir, 'images', 'camera.jpg'), photo);
  const german = path.join(dir, 'posts', 'willkommen.md');
  const post = await readFile(german, 'utf8');
  await writeFile(
    german,
    post
      .replace(/^---\n/, '---\nimage:\n  file: images/camera.jpg\n  alt: "Ein Messgerät"\n')
      .replace(/\n$/, '\n\n![Ein Messgerät im Labor](../images/camera.jpg)\n'),
  );
  // The first of a month, which French writes as an ordinal.
  const french = path.join(dir, 'posts', 'bienvenue.md');
  await writeFile(french, (await readFile(french, 'utf8')).replace(/^published_at: .*$/m, 'published_at: "2026-06-01"'));
  catalog = await testCatalog(dir);
  pictureDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pictures-'));
  app = await listenTestApp({ catalog, env: { IMAGE_CACHE_DIR: pictureDir } });
  ({ client } = await connectClient(app.url));
});
after(async () => {
  await client?.close();
  await app?.server.close();
  await remove?.();
  if (pictureDir) await rm(pictureDir, { recursive: true, force: true });
});

async function get(pathname: string, accept = 'text/html'): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`${app.url}${pathname}`, { headers: { accept } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

/** A path of the site from a link the service printed: absolute (markdown) or from the root (HTML). */
function sitePathOf(link: string): string | undefined {
  const local = link.startsWith(BASE_URL) ? link.slice(BASE_URL.length) || '/' : link;
  if (!local.startsWith('/') || local.startsWith('//')) return undefined;
  return local.split('#')[0];
}

/*
 * The words each language's catalog gives the frame. A probe is a message
 * of another language that has no placeholder (a whole label or sentence),
 * and the labels the engine wrote in English before they were in a catalog;
 * a probe that is also a word of the page's own catalog ("Blog", "Status",
 * "Logo", "Menu" in French) says nothing and is left out.
 */
const CATALOGS = new Map(['de', 'en', 'fr'].map((locale) => [locale, load(readFileSync(path.join(ROOT, 'src/i18n/messages', `${locale}.yaml`), 'utf8'), { schema: CORE_SCHEMA }) as Record<string, string>]));

const ENGLISH_LABELS = [
  'Published',
  'Updated',
  'Author',
  'Category',
  'Locale',
  'Translation',
  'Canonical URL',
  'Status',
  'Tags',
  'Links',
  'Trade name',
  'VAT',
  'Company number',
  'Founded',
  'Address',
  'Contact',
  'Profile',
  'live',
  'coming-soon',
  'product',
  'post',
  'page',
  'company record',
  'documentation',
  'Germany',
];

const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

function probesFor(locale: string): string[] {
  const own = Object.values(CATALOGS.get(locale)!).join('\n');
  const foreign = [...CATALOGS].flatMap(([other, messages]) =>
    other === locale ? [] : Object.entries(messages).flatMap(([key, message]) => (key.startsWith('starter.') || key.startsWith('prompt.') || message.includes('{') ? [] : [message])),
  );
  const english = locale === 'en' ? [] : ENGLISH_LABELS;
  return [...new Set([...foreign, ...english])].filter((probe) => !wholeWord(probe).test(own));
}

/** What the content says (titles, summaries, bodies, the company's facts, in every language): not the engine's words. */
function contentTexts(): string[] {
  const { site, company } = catalog;
  const texts = [
    site.name,
    site.description,
    company.legal_name,
    company.trade_name,
    company.markdown,
    ...Object.values(company.contact),
    ...catalog.products.flatMap((p) => [p.name, p.summary, p.markdown, ...p.tags]),
    ...[...catalog.productsByLocale.values()].flatMap((of) => of.products.flatMap((p) => [p.name, p.summary, p.markdown, ...p.tags])),
    ...catalog.posts.flatMap((p) => [p.title, p.summary, p.markdown, p.author, p.category]),
    ...catalog.pages.flatMap((p) => [p.title, p.description, p.markdown]),
    ...[...catalog.pagesByLocale.values()].flatMap((of) => [...of.bySlug.values()].flatMap((p) => [p.title, p.description, p.markdown])),
  ];
  return [...new Set(texts.filter((text) => text.trim() !== ''))].sort((a, b) => b.length - a.length);
}

/** The text a reader is given: HTML's text and the attributes read aloud, without scripts, styles, code (blocks and inline), URLs or the content's own text. */
function engineText(body: string, html: boolean, content: readonly string[]): string {
  let pieces: string[];
  if (html) {
    const stripped = body
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
      // Text marked as another language is the content's (a translation's title).
      .replace(/<(\w+)[^>]*\slang="[^"]*"[^>]*>[\s\S]*?<\/\1>/g, (element) => (element.startsWith('<html') ? element : ' '))
      .replace(/<(code|pre)\b[\s\S]*?<\/\1>/g, ' ');
    const attributes = [...stripped.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map(([, value]) => value!);
    pieces = [...stripped.replace(/<[^>]*>/g, '\n').split('\n'), ...attributes];
  } else {
    // Code (an example's JSON, a curl call) is written as it runs, in no reader's language.
    pieces = body.replace(/^```[\s\S]*?^```/gm, ' ').replace(/`[^`\n]*`/g, ' ').split('\n');
  }
  const decoded = pieces.map((piece) =>
    piece
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );
  return decoded
    .map((piece) => {
      // A status's value beside its words ("Disponible (live)") is what to type in the address, not a word.
      let text = piece.replace(STATUS_VALUES, ' ').replace(REASON_PHRASES, ' ');
      for (const written of content) text = text.split(written).join(' ');
      // A piece of a rendered body: part of some content text.
      if (text.trim() !== '' && content.some((written) => written.includes(text.trim()))) return '';
      return text.replace(/\]\([^)]*\)/g, '] ').replace(/\bhttps?:\/\/\S+/g, ' ').replace(/(?:^|\s)\/\S*/g, ' ');
    })
    .join('\n');
}

/** An HTTP status with its reason phrase ("415 Unsupported Media Type"): the protocol's words, as RFC 9110 writes them. */
const REASON_PHRASES = /\b[1-5]\d\d(?: [A-Z][A-Za-z-]*)+/g;

const STATUS_VALUES = new RegExp(`\\((?:${PRODUCT_STATUSES.join('|')})\\)`, 'g');

interface Crawled {
  readonly path: string;
  readonly locale: string;
  readonly format: 'html' | 'markdown';
  readonly status: number;
  readonly body: string;
}


/**
 * Every page the site links from its home pages, following links as far as
 * they go (pages of the registry and their list states, such as a filter),
 * each in HTML and in markdown; and every /md/ mirror of the registry, with
 * the pages its links reach.
 */
async function crawl(): Promise<Crawled[]> {
  const registry = registryOf(catalog);
  const pagePaths = new Set([...registry.pages.map((d) => d.path), ...registry.records.map((d) => d.path)]);
  const mirrors = new Map([...registry.mirrors.values()].map((d) => [d.markdownPath, d.locale]));
  const queue = ['/', '/en', '/fr', ...[...mirrors.keys()]];
  const seen = new Set<string>();
  const crawled: Crawled[] = [];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const bare = next.split('?')[0]!;
    const links: string[] = [];
    if (mirrors.has(bare)) {
      const { status, body } = await get(next, 'text/markdown');
      crawled.push({ path: next, locale: mirrors.get(bare)!, format: 'markdown', status, body });
      links.push(...[...body.matchAll(/\]\((\S+?)\)/g)].map(([, link]) => link!));
    } else if (pagePaths.has(bare)) {
      const html = await get(next);
      const locale = /<html lang="([^"]+)"/.exec(html.body)?.[1] ?? '';
      const markdown = await get(next, 'text/markdown');
      crawled.push({ path: next, locale, format: 'html', status: html.status, body: html.body }, { path: next, locale, format: 'markdown', status: markdown.status, body: markdown.body });
      links.push(...[...html.body.matchAll(/\shref="([^"]+)"/g)].map(([, link]) => link!.replace(/&amp;/g, '&')));
    }
    for (const link of links) {
      const local = sitePathOf(link);
      if (local !== undefined && !seen.has(local)) queue.push(local);
    }
  }
  return crawled;
}

/** Error pages and states the links do not reach: a missing page, a bad page number, a bad filter, a search with hits. */
async function errorsAndSearches(): Promise<Crawled[]> {
  const paths = ['/nope', '/fr/nope', '/en/nope', '/blog?page=abc', '/fr/blog?page=abc', '/en/blog?page=abc', '/fr/products?status=nope', '/products?status=nope', '/fr/search?q=TODO', '/search?q=TODO', '/en/search?q=TODO'];
  const answers: Crawled[] = [];
  for (const pathname of paths) {
    const locale = localeOfPath(catalog, pathname);
    for (const format of ['html', 'markdown'] as const) {
      const { status, body } = await get(pathname, format === 'html' ? 'text/html' : 'text/markdown');
      answers.push({ path: pathname, locale, format, status, body });
    }
  }
  return answers;
}

let everything: Promise<Crawled[]> | undefined;
const crawledOnce = () => (everything ??= Promise.all([crawl(), errorsAndSearches()]).then(([pages, errors]) => [...pages, ...errors]));

describe('every page and mirror in its own language', () => {
  test('the crawl reaches every page and mirror of every locale', async () => {
    const crawled = await crawledOnce();
    const reached = new Set(crawled.map((answer) => answer.path));
    for (const document of registryOf(catalog).mirrors.values()) {
      assert.ok(reached.has(document.markdownPath), document.markdownPath);
      if (document.kind !== 'company') assert.ok(reached.has(document.path), document.path);
    }
    for (const answer of crawled.filter((a) => !a.path.includes('nope') && !a.path.includes('page=abc'))) assert.equal(answer.status, 200, `${answer.path} (${answer.format})`);
    assert.deepEqual([...new Set(crawled.map((answer) => answer.locale))].sort(), ['de', 'en', 'fr']);
  });

  test('no page or mirror holds a word of another language, nor a label the engine wrote in English', async () => {
    const content = contentTexts();
    const probes = new Map(['de', 'en', 'fr'].map((locale) => [locale, probesFor(locale)]));
    const found: string[] = [];
    for (const answer of await crawledOnce()) {
      const text = engineText(answer.body, answer.format === 'html', content);
      for (const probe of probes.get(answer.locale)!) {
        if (wholeWord(probe).test(text)) found.push(`${answer.path} (${answer.format}, ${answer.locale}): "${probe}"`);
      }
    }
    assert.deepEqual(found, []);
  });

  test('French sets a no-break space before every colon the engine writes', async () => {
    const content = contentTexts();
    const french = (await crawledOnce()).filter((answer) => answer.locale === 'fr');
    assert.ok(french.length > 10, `${french.length} French answers`);
    for (const answer of french) {
      const text = engineText(answer.body, answer.format === 'html', content);
      assert.doesNotMatch(text, /[^\s\u00a0\u202f]:(?:\s|$)/mu, `${answer.path} (${answer.format})`);
      assert.doesNotMatch(text, /[^\s\u00a0\u202f][;?!](?:\s|$)/mu, `${answer.path} (${answer.format})`);
    }
  });
});

describe('the company record in every locale', () => {
  test('/md/<locale>/company.md labels the record in its language, the country named in it', async () => {
    const expected = {
      '/md/company.md': ['- Handelsname: Testwerk', '- USt-IdNr.: DE136695976', '- Handelsregister (Amtsgericht Charlottenburg): HRB 123456 B', '- Gegründet: 2015-06-01', 'Deutschland', '- Kontakt (E-Mail): hallo@testwerk.example', '- Profil (LinkedIn): https://www.linkedin.com/company/testwerk', '- Logo: ![Logo von Testwerk]'],
      '/md/en/company.md': ['- Trade name: Testwerk', '- VAT: DE136695976', '- Commercial register (Amtsgericht Charlottenburg): HRB 123456 B', '- Founded: 2015-06-01', 'Germany', '- Contact (Phone): +49 30 1234567', '- Profile (LinkedIn): https://www.linkedin.com/company/testwerk'],
      '/md/fr/company.md': ['- Nom commercial\u00a0: Testwerk', '- N° de TVA intracommunautaire\u00a0: DE136695976', '- Numéro d’immatriculation (Amtsgericht Charlottenburg)\u00a0: HRB 123456 B', '- Date de création\u00a0: 2015-06-01', 'Allemagne', '- Contact (Téléphone)\u00a0: +49 30 1234567', '- Profil (LinkedIn)\u00a0: https://www.linkedin.com/company/testwerk'],
    };
    for (const [mirror, lines] of Object.entries(expected)) {
      const { status, type, body } = await get(mirror);
      assert.equal(status, 200, mirror);
      assert.equal(type, 'text/markdown; charset=utf-8', mirror);
      assert.ok(body.startsWith('# Testwerk GmbH\n\n'), body);
      for (const line of lines) assert.ok(body.includes(line), `${mirror}: ${line}\n${body}`);
      assert.ok(body.endsWith('\n---\n\nTestwerk prüft Messgeräte.\n'), mirror);
    }
  });

  test("each locale's about page links its own company mirror, which MCP reads as GET answers it", async () => {
    for (const [about, mirror] of [['/about', '/md/company.md'], ['/en/about', '/md/en/company.md'], ['/fr/about', '/md/fr/company.md']] as const) {
      assert.ok((await get(about)).body.includes(`href="${mirror}" type="text/markdown"`), about);
      const read = await client.readResource({ uri: `${BASE_URL}${mirror}` });
      assert.deepEqual(read.contents, [{ uri: `${BASE_URL}${mirror}`, mimeType: 'text/markdown', text: (await get(mirror)).body }]);
    }
    const names = (await client.listResources()).resources.map((resource) => resource.name);
    assert.deepEqual(
      names.filter((name) => name.startsWith('company')),
      ['company', 'company/en', 'company/fr'],
    );
  });

  test('llms.txt, English as the one index of the site, lists the company mirror of every locale', async () => {
    const llms = (await get('/llms.txt')).body;
    for (const [mirror, language] of [['/md/company.md', 'German'], ['/md/en/company.md', 'English'], ['/md/fr/company.md', 'French']] as const) {
      assert.ok(llms.includes(`- [Testwerk GmbH (${language})](${BASE_URL}${mirror}): legal name, identifiers, address, contact channels and official profiles, labelled in ${language}.`), mirror);
    }
  });
});

describe('French typography', () => {
  test('the mirrors set a no-break space before the colons the engine joins', async () => {
    const home = (await get('/md/fr/index.md')).body;
    assert.match(home, /\nTous les articles\u00a0: http:\/\/vitrine\.test\/md\/fr\/blog\.md\n/);
    assert.match(home, / \(Bientôt disponible\)\u00a0: | \(Disponible\)\u00a0: /);
    assert.match(home, / Étiquettes\u00a0: /);
    const missing = await get('/fr/nope', 'text/markdown');
    assert.equal(missing.status, 404);
    assert.match(missing.body, /\n404\u00a0: Il n’y a pas de page à l’adresse \/fr\/nope\.\n/);
  });

  test('a bad page number on a list of one page offers that page, never a page 2, in every language', async () => {
    for (const [pathname, hint] of [
      ['/blog?page=abc', 'Die Liste hat nur eine Seite: /blog.'],
      ['/en/blog?page=abc', 'The list has a single page: /en/blog.'],
      ['/fr/blog?page=abc', 'Cette liste ne compte qu’une page\u00a0: /fr/blog.'],
    ] as const) {
      const { status, body } = await get(pathname, 'text/markdown');
      assert.equal(status, 400, pathname);
      assert.ok(body.includes(`\n${hint}\n`), body);
      assert.ok(!body.includes('page=2'), body);
    }
  });

  test('the first of a month is "1er", as French dates are written', async () => {
    const blog = (await get('/fr/blog')).body;
    assert.ok(blog.includes('>1er juin 2026</time>'), blog);
    assert.ok((await get('/fr/about')).body.includes('>1er juin 2015</time>'));
    assert.ok((await get('/about')).body.includes('>1. Juni 2015</time>'));
  });
});

describe('the feeds carry made pictures', () => {
  test("an article's picture and its body's pictures are variants at most 1200 pixels wide, never the camera's original", async () => {
    const feed = (await get('/feeds/de.xml')).body;
    const original = catalog.posts.find((post) => post.slug === 'willkommen')!.image!;
    const pictures = [
      ...[...feed.matchAll(/<link rel="enclosure" type="image\/jpeg" href="([^"]+)"\/>/g)].map(([, url]) => url!),
      ...[...feed.matchAll(/&lt;img src=&quot;([^&]+)&quot;[^]*?width=&quot;(\d+)&quot;/g)].map(([, url, width]) => {
        assert.ok(Number(width) <= 1200, `${url} is ${width} pixels wide`);
        return url!;
      }),
    ];
    // The enclosure, the article's picture above the text and the body's picture.
    assert.equal(pictures.length, 3, feed);
    const originalBytes = Number((await fetch(`${app.url}${original.url.slice(BASE_URL.length)}`)).headers.get('content-length') ?? (await get(original.url.slice(BASE_URL.length))).body.length);
    for (const url of pictures) {
      assert.notEqual(url, original.url);
      assert.match(url, /-\d+w\.jpg$/);
      const response = await fetch(`${app.url}${url.slice(BASE_URL.length)}`);
      assert.equal(response.status, 200, url);
      const bytes = (await response.arrayBuffer()).byteLength;
      assert.ok(bytes <= 400 * 1024, `${url}: ${bytes} bytes`);
      assert.ok(bytes * 4 < originalBytes, `${url}: ${bytes} bytes against the original's ${originalBytes}`);
    }
  });
});
