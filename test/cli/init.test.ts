import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkContent } from '../../src/check/content-check.js';
import { buildTestApp, testCatalog } from '../helper.js';
import { vitrine } from '../process.js';

/**
 * `vitrine init DIR`: a complete starter for a new company, in each of its
 * languages, that serves at once and passes the check with a warning for
 * each TODO left.
 */

let work: string;
before(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-init-'));
});
after(() => rm(work, { recursive: true, force: true }));

async function filesOf(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('vitrine init DIR --locales en,es,de', () => {
  let dir: string;
  before(async () => {
    dir = path.join(work, 'acme-tools');
    const run = await vitrine(['init', dir, '--locales', 'en,es,de', '--country', 'us']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Wrote 25 files for Acme tools in en, es, de to /);
  });

  test('writes site.yaml, company.md, the five pages in each locale, a product and its translations, a post in each locale, a logo and an icon', async () => {
    assert.deepEqual(await filesOf(dir), [
      'company.md',
      'images/icon.svg',
      'images/logo.svg',
      'pages/about.md',
      'pages/contact.md',
      'pages/de/about.md',
      'pages/de/contact.md',
      'pages/de/index.md',
      'pages/de/privacy.md',
      'pages/de/terms.md',
      'pages/es/about.md',
      'pages/es/contact.md',
      'pages/es/index.md',
      'pages/es/privacy.md',
      'pages/es/terms.md',
      'pages/index.md',
      'pages/privacy.md',
      'pages/terms.md',
      'posts/bienvenida.md',
      'posts/welcome.md',
      'posts/willkommen.md',
      'products/de/first-product.md',
      'products/es/first-product.md',
      'products/first-product.md',
      'site.yaml',
    ]);
  });

  test('site.yaml names the editors\' schema of the installed engine, relative to the folder, and explains each field', async () => {
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    const modeline = /^# yaml-language-server: \$schema=(.+)$/m.exec(site)?.[1];
    assert.ok(modeline, site);
    const schema = JSON.parse(await readFile(path.resolve(dir, modeline), 'utf8')) as { $id: string };
    assert.equal(schema.$id, 'urn:vitrine:schema:site');
    assert.match(site, /# Every language the site is written in, as BCP 47 tags; `default_locale` among them\.\nlocales: \["en","es","de"\]/);
    assert.match(site, /post_categories:\n {2}"en": \["News"\]\n {2}"es": \["Noticias"\]\n {2}"de": \["Neuigkeiten"\]/);
  });

  test('each page is worded in its own language; the address is in the country asked for, with no invented identifier', async () => {
    assert.match(await readFile(path.join(dir, 'pages/es/privacy.md'), 'utf8'), /^title: "Política de privacidad"$/m);
    assert.match(await readFile(path.join(dir, 'pages/de/terms.md'), 'utf8'), /^title: "Nutzungsbedingungen"$/m);
    assert.match(await readFile(path.join(dir, 'products/es/first-product.md'), 'utf8'), /^summary: "TODO: /m);
    const company = await readFile(path.join(dir, 'company.md'), 'utf8');
    assert.match(company, /^ {2}country: "US"$/m);
    assert.match(company, /^identifiers: \[\]$/m);
  });

  test('passes vitrine check: no error, a warning for each TODO left and for the missing identifier', async () => {
    const report = await checkContent(dir);
    assert.deepEqual(report.errors, []);
    assert.ok(report.warnings.length > 30, `${report.warnings.length} warnings`);
    const todo = report.warnings.find((warning) => warning.file === path.join(dir, 'pages/es/index.md') && warning.message.startsWith('TODO left: '));
    assert.ok(todo, 'a TODO of the Spanish home page is listed');
    assert.equal(typeof todo.line, 'number');
    assert.ok(report.warnings.some((warning) => warning.field === 'identifiers'));
    const run = await vitrine(['check', dir]);
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, new RegExp(`^0 errors, ${report.warnings.length} warnings in 23 files$`, 'm'));
  });

  test('serves at once: each language\'s home page is framed in that language and lists the product', async () => {
    const app = await buildTestApp({ catalog: await testCatalog(dir) });
    try {
      for (const [locale, path, skip] of [
        ['en', '/', 'Skip to content'],
        ['es', '/es', 'Saltar al contenido'],
        ['de', '/de', 'Zum Inhalt springen'],
      ] as const) {
        const page = await app.server.inject(path);
        assert.equal(page.statusCode, 200, path);
        assert.match(page.body, new RegExp(`<html lang="${locale}"`), path);
        assert.match(page.body, new RegExp(`>${skip}<`), path);
      }
      const products = await app.server.inject('/api/v1/products?locale=de');
      assert.equal((products.json() as { total: number }).total, 1);
    } finally {
      await app.server.close();
    }
  });
});

describe('vitrine init', () => {
  test('names the company after the folder unless --name says, and takes the country from the first locale', async () => {
    const dir = path.join(work, 'padaria');
    const run = await vitrine(['init', dir, '--locales', 'pt-BR', '--name', 'Padaria Lumen']);
    assert.equal(run.code, 0, run.stderr);
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    assert.match(site, /^name: "Padaria Lumen"$/m);
    assert.match(site, /^product_tags: \["Serviços"\]$/m);
    assert.match(await readFile(path.join(dir, 'company.md'), 'utf8'), /^ {2}country: "BR"$/m);
    assert.deepEqual((await checkContent(dir)).errors, []);
  });

  test('refuses a folder that holds files, exit 1, unless --force', async () => {
    const dir = path.join(work, 'taken');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'notes.txt'), 'mine');
    const refused = await vitrine(['init', dir]);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr, `vitrine: init: ${dir} is not empty (notes.txt); choose an empty or new folder, or add --force to write over it\n`);
    const forced = await vitrine(['init', dir, '--force']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(await readFile(path.join(dir, 'notes.txt'), 'utf8'), 'mine');
    assert.deepEqual((await checkContent(dir)).errors, []);
  });

  test('--demo copies the demo company, which passes the check warned only of its products not translated into pt-BR', async () => {
    const dir = path.join(work, 'demo');
    const run = await vitrine(['init', dir, '--demo']);
    assert.equal(run.code, 0, run.stderr);
    const report = await checkContent(dir);
    assert.deepEqual(report.errors, []);
    assert.deepEqual(
      report.warnings.map((warning) => `${warning.field}: ${warning.message.replace(/;.*/, '')}`),
      ['locales: pt-BR has no translation of 4 products, answered in en meanwhile'],
    );
  });

  for (const [args, problem] of [
    [['init'], 'init needs the folder to write (DIR)'],
    [['init', 'x', '--locales', 'en,ja'], 'vitrine: --locales: vitrine has no words in the language of "ja" yet; it has them for en, pt-BR, es, fr, de (start with those, then add a locale with its own messages, as docs/authoring.md says)'],
    [['init', 'x', '--country', 'Brazil'], 'vitrine: --country must be a country code of ISO 3166-1 (two letters, such as US, BR or DE), got "Brazil"'],
    [['init', 'x', '--demo', '--name', 'A'], 'vitrine: --demo copies the demo company as it is: it takes no --name'],
    [['init', 'x', '--lang', 'en'], 'vitrine: unknown option --lang for init'],
  ] as const) {
    test(`vitrine ${args.join(' ')} is a usage error, exit 2`, async () => {
      const run = await vitrine(args);
      assert.equal(run.code, 2);
      assert.equal(run.stderr.split('\n')[0], problem.startsWith('vitrine: ') ? problem : `vitrine: ${problem}`);
      assert.match(run.stderr, /\nusage: vitrine init DIR /);
    });
  }
});
