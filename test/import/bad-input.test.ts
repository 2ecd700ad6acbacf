import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { IMPORT_FIXTURES, runImport, snapshot, workFolder, writePicture } from './helpers.js';

/**
 * Input that is no export the command can read: it exits 1 with one line
 * that names the file, and the content folder is left as it was, whether
 * it held an earlier import or did not exist yet.
 */

const WXR = path.join(IMPORT_FIXTURES, 'wordpress-migrate', 'sample.xml');
const GHOST = path.join(IMPORT_FIXTURES, 'ghost-migrate', 'ghost.json');

let work: string;
let imported: string;
const files: Record<string, string> = {};

before(async () => {
  work = await workFolder('bad-input');
  imported = path.join(work, 'site');
  assert.equal((await runImport('wordpress', WXR, imported)).code, 0);
  const xml = await readFile(WXR, 'utf8');
  files.truncated = path.join(work, 'truncated.xml');
  await writeFile(files.truncated, xml.slice(0, Math.floor(xml.length / 2)));
  files.rss = path.join(work, 'feed.xml');
  await writeFile(files.rss, '<?xml version="1.0"?><rss version="2.0"><channel><title>A feed</title><item><title>Not WordPress</title></item></channel></rss>');
  files.json = path.join(work, 'package.json');
  await writeFile(files.json, JSON.stringify({ name: 'not-a-ghost-export', posts: [] }));
  files.text = path.join(work, 'notes.txt');
  await writeFile(files.text, 'Just some notes.\n');
});

const CASES: readonly (readonly [string, () => readonly string[], RegExp])[] = [
  ['a missing export file', () => ['wordpress', path.join(work, 'missing.xml')], /missing\.xml: does not exist$/],
  ['a WordPress export cut short', () => ['wordpress', files.truncated!], /truncated\.xml: is cut short/],
  ['an RSS feed that is no WordPress export', () => ['wordpress', files.rss!], /feed\.xml: is not a WordPress export/],
  ['a text file given as a WordPress export', () => ['wordpress', files.text!], /notes\.txt: is not a WordPress export/],
  ['a JSON file that is no Ghost export', () => ['ghost', files.json!], /package\.json: is not a Ghost export/],
  ['a WordPress export given as a Ghost export', () => ['ghost', WXR], /sample\.xml: is not a Ghost export/],
  ['a Ghost export given as a WordPress export', () => ['wordpress', GHOST], /ghost\.json: is not a WordPress export/],
  ['an uploads folder that does not exist', () => ['wordpress', WXR, '--uploads', path.join(work, 'no-uploads')], /no-uploads: does not exist$/],
];

for (const [what, args, line] of CASES) {
  describe(`${what} exits 1 with one line naming the file`, () => {
    test('and leaves a folder with an earlier import as it was', async () => {
      const [format, file, ...options] = args();
      const before = await snapshot(imported);
      const run = await runImport(format!, file!, imported, ...options);
      assert.equal(run.code, 1);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr.split('\n').filter(Boolean).length, 1, run.stderr);
      assert.match(run.stderr.trim(), line);
      assert.deepEqual(await snapshot(imported), before);
    });

    test('and creates no folder that did not exist', async () => {
      const [format, file, ...options] = args();
      const dir = path.join(work, `new-${format}-${path.basename(file!)}`);
      assert.equal((await runImport(format!, file!, dir, ...options)).code, 1);
      assert.deepEqual(await snapshot(dir), new Map());
    });
  });
}

describe('a wrong command line exits 2 with the usage line', () => {
  for (const args of [[], ['joomla', WXR, 'dir'], ['wordpress', WXR], ['ghost', GHOST, 'dir', '--uploads', 'x'], ['wordpress', WXR, 'dir', '--format', 'yaml']]) {
    test(`vitrine import ${args.join(' ')}`, async () => {
      const run = await runImport(...args);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /^vitrine: [^\n]+\nusage: vitrine import wordpress\|ghost EXPORT DIR/);
    });
  }
});

describe('vitrine help import and vitrine import --help', () => {
  test('print the usage, the arguments and every option', async () => {
    const { vitrine } = await import('../process.js');
    const run = await vitrine(['help', 'import']);
    assert.equal(run.code, 0);
    for (const row of ['wordpress EXPORT', 'ghost EXPORT', 'DIR', '--uploads PATH', '--images PATH', '--dry-run', '--force', '--format text|json', '--help, -h']) {
      assert.ok(run.stdout.split('\n').some((line) => line.startsWith(`  ${row}  `)), row);
    }
    assert.equal((await runImport('--help')).stdout, run.stdout);
  });
});

describe('a failure while writing', () => {
  test('exits 1 with one line and leaves the folder as it was: no new file, no file half written', async () => {
    const dir = path.join(await workFolder('write-failure'), 'site');
    assert.equal((await runImport('wordpress', WXR, dir)).code, 0);
    const uploads = path.join(path.dirname(dir), 'uploads');
    await writePicture(path.join(uploads, '2013', '06', 'featured-image.jpg'));
    // A file where the import needs its media/ folder: every record is staged before the picture fails.
    await writeFile(path.join(dir, 'media'), 'not a folder\n');
    const before = await snapshot(dir);
    const run = await runImport('wordpress', path.join(IMPORT_FIXTURES, 'wordpress-migrate', 'sample-with-alt.xml'), dir, '--uploads', uploads);
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr.trim(), /^vitrine: import: .*site: cannot be written \(ENOTDIR[^\n]*\); nothing was changed in it$/);
    assert.deepEqual(await snapshot(dir), before);
  });
});
