import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { load } from 'js-yaml';
import { assertChecks, filesOf, IMPORT_FIXTURES, readRecord, runImport, snapshot, wordsKept, workFolder, writePicture } from './helpers.js';

/**
 * `vitrine import wordpress` on real WordPress exports (WXR 1.2) that the
 * Ghost Foundation's migration tools are tested with: every published item
 * becomes a record the check accepts, with its words, its pictures and a
 * redirect from each of its old addresses.
 */

const FIXTURES = path.join(IMPORT_FIXTURES, 'wordpress-migrate');

interface ExportItem {
  readonly id: string;
  readonly type: string;
  readonly status: string;
  readonly title: string;
  readonly link: string;
  readonly html: string;
  readonly dateGmt: string;
  readonly pubDate: string;
}

/** The items of a WXR file, read with regular expressions: a reading independent of the importer's. */
function itemsOf(xml: string): ExportItem[] {
  const field = (item: string, name: string) => {
    const match = new RegExp(`<${name}>(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?</${name}>`).exec(item);
    return match?.[1]?.trim() ?? '';
  };
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item = '']) => ({
    id: field(item, 'wp:post_id'),
    type: field(item, 'wp:post_type'),
    status: field(item, 'wp:status'),
    title: field(item, 'title'),
    link: field(item, 'link'),
    html: field(item, 'content:encoded'),
    dateGmt: field(item, 'wp:post_date_gmt'),
    pubDate: field(item, 'pubDate'),
  }));
}

const published = (items: readonly ExportItem[]) => items.filter((item) => item.status === 'publish' && (item.type === 'post' || item.type === 'page'));

/** What the export says the item was published: its GMT date, else its RSS date. */
function expectedDate(item: ExportItem): string {
  const date = item.dateGmt ? new Date(`${item.dateGmt.replace(' ', 'T')}Z`) : new Date(item.pubDate);
  return date.toISOString().replace('.000Z', 'Z');
}

/** The visible words of an HTML body, as a reader of the old site saw them. */
function sourceText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');
}

interface Imported {
  readonly dir: string;
  readonly uploads: string;
  readonly items: readonly ExportItem[];
  readonly report: {
    imported: { kind: string; title: string; file: string; path: string; old_paths: string[] }[];
    skipped: { id: string; type: string; reason: string }[];
    not_found: { picture: string; file: string }[];
  };
}

/** Imports `name` into a new folder, with an uploads folder holding `pictures` (paths under wp-content/uploads/). */
async function importFixture(name: string, pictures: readonly string[]): Promise<Imported> {
  const work = await workFolder(`import-${path.basename(name, '.xml')}`);
  const uploads = path.join(work, 'uploads');
  for (const picture of pictures) await writePicture(path.join(uploads, ...picture.split('/')));
  if (pictures.length === 0) await writePicture(path.join(uploads, 'unused.png'));
  const dir = path.join(work, 'site');
  const run = await runImport('wordpress', path.join(FIXTURES, name), dir, '--uploads', uploads, '--format', 'json');
  assert.equal(run.code, 0, run.stderr);
  const items = itemsOf(await readFile(path.join(FIXTURES, name), 'utf8'));
  return { dir, uploads, items, report: JSON.parse(run.stdout) as Imported['report'] };
}

const EXPORTS: readonly (readonly [string, readonly string[]])[] = [
  ['sample.xml', []],
  ['has-yoast-meta.xml', []],
  ['feature-image-captions.xml', ['2013/06/described-image.jpg']],
  ['sample-with-alt.xml', ['2013/06/featured-image.jpg']],
];

for (const [name, pictures] of EXPORTS) {
  describe(`vitrine import wordpress ${name}`, () => {
    let imported: Imported;
    before(async () => {
      imported = await importFixture(name, pictures);
    });

    test('writes every published post and page with its title and publication date, and the folder passes vitrine check', async () => {
      const items = published(imported.items);
      assert.ok(items.length > 0);
      assert.equal(imported.report.imported.length, items.length);
      for (const item of items) {
        const record = imported.report.imported.find((entry) => entry.title === item.title);
        assert.ok(record, `${item.title} is imported`);
        const { data } = await readRecord(imported.dir, record.file);
        assert.equal(data.title, item.title);
        if (item.type === 'post') assert.equal(data.published_at, expectedDate(item));
        else assert.match(String(data.updated_at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      }
      await assertChecks(imported.dir);
    });

    test('keeps at least 90% of the words of each body, and leaves no block comment or handled shortcode', async () => {
      for (const item of published(imported.items)) {
        const record = imported.report.imported.find((entry) => entry.title === item.title)!;
        const { body } = await readRecord(imported.dir, record.file);
        assert.ok(wordsKept(sourceText(item.html), body) >= 0.9, `${record.file} keeps the words of ${item.title}:\n${body}`);
        assert.doesNotMatch(body, /<!--|\[\/?(caption|gallery|embed|audio|video)\b/);
      }
    });

    test('lists every item it does not import (drafts, other types, attachments no item shows) with a reason', () => {
      const skipped = imported.items.filter((item) => !published(imported.items).includes(item));
      for (const item of skipped) {
        const entry = imported.report.skipped.find((row) => row.id === item.id);
        if (item.type === 'attachment' && !entry) continue;
        assert.ok(entry, `item ${item.id} (${item.type}, ${item.status}) is listed as skipped`);
        assert.ok(entry.reason.length > 0);
      }
    });

    test('writes a redirect from each old permalink and short link to the new path', async () => {
      const redirects = load(await readFile(path.join(imported.dir, 'redirects.yaml'), 'utf8')) as { from: string; to: string; status: number }[];
      const to = new Map(redirects.map((redirect) => [redirect.from, redirect.to]));
      for (const item of published(imported.items)) {
        const record = imported.report.imported.find((entry) => entry.title === item.title)!;
        assert.equal(to.get(item.type === 'page' ? `/?page_id=${item.id}` : `/?p=${item.id}`), record.path);
        const link = new URL(item.link, 'https://example.com');
        if (link.host === 'example.com' && link.pathname !== record.path) assert.equal(to.get(link.pathname), record.path, `${link.pathname} redirects`);
      }
      for (const redirect of redirects) assert.equal(redirect.status, 301);
    });

    test('copies every picture of the uploads folder an item shows, and names the ones not found', async () => {
      for (const picture of pictures) {
        assert.deepEqual(await readFile(path.join(imported.dir, 'media', ...picture.split('/'))), await readFile(path.join(imported.uploads, ...picture.split('/'))));
      }
      for (const { picture } of imported.report.not_found) assert.ok(!pictures.includes(picture), `${picture} is in the uploads folder, yet reported as not found`);
    });

    test('a second import changes no file, not even its modification time', async () => {
      const before = await snapshot(imported.dir);
      const run = await runImport('wordpress', path.join(FIXTURES, name), imported.dir, '--uploads', imported.uploads, '--format', 'json');
      assert.equal(run.code, 0, run.stderr);
      const report = JSON.parse(run.stdout) as { files: { created: string[]; updated: string[] } };
      assert.deepEqual([report.files.created, report.files.updated], [[], []]);
      assert.deepEqual(await snapshot(imported.dir), before);
    });
  });
}

describe('what the WordPress exports carry beyond the body', () => {
  test("an SEO plugin's description (Yoast) is the summary of a post with no excerpt", async () => {
    const { dir, report } = await importFixture('has-yoast-meta.xml', []);
    const record = report.imported.find((entry) => entry.title === 'My Sample Post')!;
    assert.equal((await readRecord(dir, record.file)).data.summary, 'A short description of the post for search engine results pages');
  });

  test("a featured picture becomes the record's image with the media library's alt text", async () => {
    const { dir, report } = await importFixture('sample-with-alt.xml', ['2013/06/featured-image.jpg']);
    const { data } = await readRecord(dir, report.imported[0]!.file);
    assert.deepEqual(data.image, { file: 'media/2013/06/featured-image.jpg', alt: 'Sunset over mountains with orange and pink sky' });
  });

  test('a featured picture missing from the uploads folder is reported by name and never stops the import', async () => {
    const { dir, report } = await importFixture('feature-image-captions.xml', ['2013/06/described-image.jpg']);
    assert.deepEqual(
      report.not_found.map(({ picture }) => picture),
      ['2013/06/title-only-image.jpg'],
    );
    assert.equal(report.imported.length, 3);
    assert.ok((await filesOf(dir)).includes('media/2013/06/described-image.jpg'));
  });

  test('a slug written with a file extension (basic-post.html) becomes a slug, and the change is reported', async () => {
    const { report } = await importFixture('sample.xml', []);
    assert.ok(report.imported.some((entry) => entry.file === 'posts/basic-post.md' && entry.old_paths.includes('/blog/basic-post.html')));
  });
});

describe('an import into a folder that holds other content', () => {
  test('never overwrites a file that holds something else, reports it and exits 1; --force replaces it', async () => {
    const work = await workFolder('import-conflict');
    const dir = path.join(work, 'site');
    const fixture = path.join(FIXTURES, 'sample.xml');
    assert.equal((await runImport('wordpress', fixture, dir)).code, 0);
    const file = path.join(dir, 'posts', 'basic-post.md');
    await writeFile(file, '---\ntitle: Mine\n---\nMy own words.\n');
    const run = await runImport('wordpress', fixture, dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /Not overwritten[^\n]*\n {2}posts\/basic-post\.md/);
    assert.equal(await readFile(file, 'utf8'), '---\ntitle: Mine\n---\nMy own words.\n');
    const forced = await runImport('wordpress', fixture, dir, '--force');
    assert.equal(forced.code, 0, forced.stdout);
    assert.match(await readFile(file, 'utf8'), /^title: Basic Post$/m);
  });

  test('--dry-run reports what it would write and writes nothing', async () => {
    const work = await workFolder('import-dry');
    const dir = path.join(work, 'site');
    const run = await runImport('wordpress', path.join(FIXTURES, 'sample.xml'), dir, '--dry-run');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Would import 3 items/);
    assert.deepEqual(await snapshot(dir), new Map());
    assert.equal((await runImport('wordpress', path.join(FIXTURES, 'sample.xml'), dir)).code, 0);
    const written = await snapshot(dir);
    assert.equal((await runImport('wordpress', path.join(FIXTURES, 'has-yoast-meta.xml'), dir, '--dry-run')).code, 0);
    assert.deepEqual(await snapshot(dir), written);
  });
});

describe('an import into a folder vitrine init wrote', () => {
  test("adds the records and the categories, post tags and pages they need to site.yaml, keeping its comments, and passes vitrine check", async () => {
    const { vitrine } = await import('../process.js');
    const dir = path.join(await workFolder('import-init'), 'site');
    assert.equal((await vitrine(['init', dir, '--name', 'Acme'])).code, 0);
    const before = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    const run = await runImport('wordpress', path.join(FIXTURES, 'sample.xml'), dir);
    assert.equal(run.code, 0, run.stdout);
    const after = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    for (const comment of before.split('\n').filter((line) => line.startsWith('#'))) assert.ok(after.includes(comment), comment);
    const site = load(after) as { post_categories: { en: string[] }; post_tags: string[]; page_slugs: string[] };
    assert.ok(site.post_categories.en.includes('Company News'));
    // The first category is the post's category; its tags are its tags, each listed once in post_tags.
    const post = (await readRecord(dir, 'posts/basic-post.md')).data;
    assert.deepEqual([post.category, post.tags], ['Company News', ['Has Images', 'Programming']]);
    assert.deepEqual(site.post_tags.filter((tag) => tag === 'Has Images' || tag === 'Programming'), ['Has Images', 'Programming']);
    assert.deepEqual(site.page_slugs.slice(-1), ['services']);
    await assertChecks(dir);
    const written = await snapshot(dir);
    assert.equal((await runImport('wordpress', path.join(FIXTURES, 'sample.xml'), dir)).code, 0);
    assert.deepEqual(await snapshot(dir), written);
  });
});
