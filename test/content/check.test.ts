import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CheckProblem } from '../../src/check/content-check.js';
import { checkContent } from '../../src/check/content-check.js';
import { FIXTURES, ROOT } from '../helper.js';
import { vitrine } from '../process.js';

const DEMO = path.join(ROOT, 'content');
const BASE = 'https://aroeira.example';
const PAGES = '/, /method, /capabilities, /products, /about, /contact, /developers, /blog, /privacy, /terms, /search';

/** The demo's products are written in English only: the one warning of its check names each file a Portuguese version would be. */
const DEMO_PRODUCTS = ['guardiao', 'jaci', 'mare', 'open-source-cloud'];
const untranslatedMessage = (products: readonly string[]) =>
  `pt-BR has no translation of ${products.length} products, answered in en meanwhile; add ${products.map((slug) => `products/pt-BR/${slug}.md`).join(', ')}`;
/** The line of site.yaml that declares `locales`, where the warning points. */
const localesLine = (dir: string): number => readFileSync(path.join(dir, 'site.yaml'), 'utf8').split('\n').findIndex((line) => line.startsWith('locales:')) + 1;
const untranslatedWarning = (dir: string, products: readonly string[] = DEMO_PRODUCTS): CheckProblem => ({
  file: path.join(dir, 'site.yaml'),
  line: localesLine(dir),
  field: 'locales',
  message: untranslatedMessage(products),
  severity: 'warning',
});
/** The broken copy adds a product, kit, after jaci. */
const BROKEN_PRODUCTS = ['guardiao', 'jaci', 'kit', 'mare', 'open-source-cloud'];

/** The files the check reads: site.yaml, company.md and every record, translated pages (pages/<locale>/) included. */
async function contentFileCount(dir: string): Promise<number> {
  const records = await Promise.all(['products', 'posts', 'pages'].map((folder) => readdir(path.join(dir, folder), { recursive: true, encoding: 'utf8' })));
  return 2 + records.flat().filter((name) => name.endsWith('.md')).length;
}

function lineStartingWith(text: string, start: string): number {
  return text.split('\n').findIndex((line) => line.startsWith(start)) + 1;
}

describe('the demo content', () => {
  test('passes: no error, one warning naming the translations it lacks, exit 0, and the summary counts every file', async () => {
    const report = await checkContent(DEMO, BASE);
    assert.deepEqual(report.errors, []);
    assert.deepEqual(report.warnings, [untranslatedWarning(DEMO)]);
    assert.equal(report.ok, true);
    const files = await contentFileCount(DEMO);
    const run = await vitrine(['check', DEMO], { BASE_URL: BASE });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${DEMO}/site.yaml:${localesLine(DEMO)}: warning: locales: ${untranslatedMessage(DEMO_PRODUCTS)}\n0 errors, 1 warning in ${files} files\n`);
    assert.equal(run.stderr, '');
  });

  test('is what `vitrine check` checks with no DIR and no CONTENT_DIR', async () => {
    const run = await vitrine(['check', '--format', 'json']);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { ok: true, errors: [], warnings: [untranslatedWarning(DEMO)] });
  });
});

describe('a broken copy of the demo content', () => {
  let dir: string;
  let cnpjLine: number;

  const file = (name: string) => path.join(dir, name);
  const error = (name: string, line: number | null, field: string | null, message: string): CheckProblem => ({
    file: file(name),
    line,
    field,
    message,
    severity: 'error',
  });

  before(async () => {
    dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-check-')), 'content');
    await cp(DEMO, dir, { recursive: true });
    // A check digit off by one.
    const company = await readFile(file('company.md'), 'utf8');
    const cnpj = /^cnpj: (.+)$/m.exec(company)?.[1] ?? '';
    const wrong = cnpj.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    await writeFile(file('company.md'), company.replace(`cnpj: ${cnpj}`, `cnpj: ${wrong}`));
    cnpjLine = lineStartingWith(company, 'cnpj:');
    await writeFile(
      file('posts/robot-arms.md'),
      '---\ntitle: Robot arms\nsummary: A post in a category the site does not have.\ncategory: Robotics\nlocale: en\npublished_at: 2026-05-02\nauthor: Test Author\n---\nBody.\n',
    );
    await writeFile(
      file('products/kit.md'),
      '---\nname: Kit\nsummary: A product whose manual link leads nowhere.\nstatus: live\ntags: [SaaS]\nlinks:\n  manual: /docs/kit\n---\nBody.\n',
    );
    await mkdir(file('images'), { recursive: true });
    await writeFile(file('images/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>\n');
    await writeFile(
      file('posts/only-in-english.md'),
      [
        '---',
        'title: Only in English',
        'summary: A post with no translation yet.',
        'category: Automation',
        'locale: en',
        'published_at: 2026-05-01',
        'author: Test Author',
        'translation_key: only-in-english',
        '---',
        'These work: [Maré](/products/mare#architecture), [about](/about/?ref=post), [the feed](/feeds/pt-BR.xml), [the API](/api/v1/products/jaci), [the MCP card](/.well-known/mcp.json), [a mirror](https://aroeira.example/md/products/jaci.md), [elsewhere](https://example.org/nope), [a section](#later) and `[code](/not-checked)`.',
        '',
        'Read [the roadmap](/blog/roadmap-2027) and',
        '[our Portuguese page](https://aroeira.example/produtos).',
        '',
        "![Maré's architecture](../images/mare-architecture.png)",
        '',
        '| diagram | link |',
        '| --- | --- |',
        '| ![](/images/diagram.svg) | [home](/) |',
        '',
      ].join('\n'),
    );
  });
  after(() => rm(path.dirname(dir), { recursive: true, force: true }));

  const expectedErrors = () => [
    error('company.md', cnpjLine, 'cnpj', 'has invalid check digits'),
    error('posts/only-in-english.md', 12, null, 'link /blog/roadmap-2027: no article "roadmap-2027" (posts/roadmap-2027.md does not exist)'),
    error('posts/only-in-english.md', 13, null, `link https://aroeira.example/produtos: no page of the site is at /produtos; the pages are ${PAGES}; did you mean /products?`),
    error('posts/only-in-english.md', 15, null, 'image ../images/mare-architecture.png: images/mare-architecture.png is not in the content folder'),
    error('posts/only-in-english.md', 19, null, 'image /images/diagram.svg: has no alt text; say what it shows: ![what it shows](/images/diagram.svg)'),
    error('posts/robot-arms.md', 4, 'category', 'must be one of Artificial Intelligence, Automation, Cybersecurity, Management for locale en'),
    error('products/kit.md', 7, 'links.manual', `link /docs/kit: no page of the site is at /docs/kit; the pages are ${PAGES}`),
  ];
  const expectedWarnings = () => [
    {
      file: file('posts/only-in-english.md'),
      line: 8,
      field: 'translation_key',
      message: '"only-in-english" is shared by no other post, so no translation is linked; give the translation the same key, or remove it',
      severity: 'warning',
    },
    untranslatedWarning(dir, BROKEN_PRODUCTS),
  ];

  test('reports every problem in one run, each with its file, line and field, errors apart from warnings', async () => {
    const report = await checkContent(dir, BASE);
    assert.deepEqual(report.errors, expectedErrors());
    assert.deepEqual(report.warnings, expectedWarnings());
    assert.equal(report.ok, false);
    assert.equal(report.files, await contentFileCount(dir));
  });

  test('prints one line a problem and the summary, and exits 1', async () => {
    const run = await vitrine(['check', dir], { BASE_URL: BASE });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, '');
    const files = await contentFileCount(dir);
    assert.deepEqual(run.stdout.split('\n'), [
      `${file('company.md')}:${cnpjLine}: cnpj: has invalid check digits`,
      `${file('posts/only-in-english.md')}:12: link /blog/roadmap-2027: no article "roadmap-2027" (posts/roadmap-2027.md does not exist)`,
      `${file('posts/only-in-english.md')}:13: link https://aroeira.example/produtos: no page of the site is at /produtos; the pages are ${PAGES}; did you mean /products?`,
      `${file('posts/only-in-english.md')}:15: image ../images/mare-architecture.png: images/mare-architecture.png is not in the content folder`,
      `${file('posts/only-in-english.md')}:19: image /images/diagram.svg: has no alt text; say what it shows: ![what it shows](/images/diagram.svg)`,
      `${file('posts/robot-arms.md')}:4: category: must be one of Artificial Intelligence, Automation, Cybersecurity, Management for locale en`,
      `${file('products/kit.md')}:7: links.manual: link /docs/kit: no page of the site is at /docs/kit; the pages are ${PAGES}`,
      `${file('posts/only-in-english.md')}:8: warning: translation_key: "only-in-english" is shared by no other post, so no translation is linked; give the translation the same key, or remove it`,
      `${file('site.yaml')}:${localesLine(dir)}: warning: locales: ${untranslatedMessage(BROKEN_PRODUCTS)}`,
      `7 errors, 2 warnings in ${files} files`,
      '',
    ]);
  });

  test('--format json prints one object with ok, errors and warnings, and exits 1', async () => {
    const run = await vitrine(['check', '--format', 'json', dir], { BASE_URL: BASE });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { ok: false, errors: expectedErrors(), warnings: expectedWarnings() });
  });

  test('with no DIR checks CONTENT_DIR; without BASE_URL a link to the public address is left alone', async () => {
    const run = await vitrine(['check', '--format=json'], { CONTENT_DIR: dir });
    assert.equal(run.code, 1, run.stderr);
    const { errors } = JSON.parse(run.stdout) as { errors: CheckProblem[] };
    assert.deepEqual(
      errors,
      expectedErrors().filter((problem) => !problem.message.startsWith('link https://aroeira.example/')),
    );
  });
});

test('front matter problems carry the YAML error line, field problems the line of their field', async () => {
  const report = await checkContent(path.join(FIXTURES, 'broken'));
  const find = (name: string, field: string) => report.errors.find((p) => p.file === path.join(FIXTURES, 'broken', name) && p.field === field);
  assert.equal(find('posts/yaml-ruim.md', 'front matter')?.line, 2);
  assert.equal(find('posts/chave-dupla.md', 'front matter')?.line, 4);
  assert.equal(find('company.md', 'address.country')?.line, 12);
  assert.equal(find('products/bolo.md', 'colour')?.line, 6);
  assert.equal(find('products/bolo.md', 'tags[0]')?.line, 5);
  assert.equal(find('products/Pao_Frances.md', 'file name')?.line, null);
  assert.equal(report.errors.length, 17);
  assert.deepEqual(report.warnings, []);
});

test('a page whose slug is a route the server answers itself (/healthz) is an error on site.yaml', async () => {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-check-')), 'minimal');
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    await writeFile(path.join(dir, 'site.yaml'), site.replace('page_slugs: [index, about]', 'page_slugs: [index, about, healthz]'));
    await writeFile(path.join(dir, 'pages', 'healthz.md'), '---\ntitle: Health\ndescription: How we stay healthy.\nupdated_at: 2026-01-01\n---\nBody.\n');
    const report = await checkContent(dir);
    assert.deepEqual(report.errors, [
      {
        file: path.join(dir, 'site.yaml'),
        line: lineStartingWith(site, 'page_slugs:'),
        field: 'page_slugs',
        message: '"healthz" would be served at /healthz, which the server already answers, so the page would never be shown; choose another slug',
        severity: 'error',
      },
    ]);
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});

describe('usage errors exit 2 with one line naming the problem', () => {
  for (const [args, line] of [
    [['check', '--strict'], 'vitrine: check: unknown option --strict; the only option is --format text|json'],
    [['check', 'content', 'test/fixtures/minimal'], 'vitrine: check: takes one content folder, got 2: content test/fixtures/minimal'],
    [['check', 'no-such-folder'], 'vitrine: check: no-such-folder does not exist'],
    [['check', 'README.md'], 'vitrine: check: README.md is not a folder'],
    [['check', '--format', 'xml'], 'vitrine: check: --format must be text or json, got "xml"'],
  ] as const) {
    test(`vitrine ${args.join(' ')}`, async () => {
      const run = await vitrine(args);
      assert.equal(run.code, 2);
      assert.equal(run.stderr, `${line}\n`);
      assert.equal(run.stdout, '');
    });
  }
});

test('links in a translated page are checked against the routes of every language', async () => {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-check-')), 'bilingual');
  try {
    await cp(path.join(FIXTURES, 'bilingual'), dir, { recursive: true });
    const page = path.join(dir, 'pages', 'en', 'about.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nSee [ours](/about), [home](/en), [blog](/en/blog), [search](/en/search), [this](/md/en/about.md) and [nothing](/en/nope).\n`);
    const report = await checkContent(dir);
    assert.deepEqual(
      report.errors.map((e) => [path.relative(dir, e.file), e.message.split(':')[0]]),
      [[path.join('pages', 'en', 'about.md'), 'link /en/nope']],
    );
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});

test('links to the documents the service answers itself pass, and the API judges its record routes against the content', async () => {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-check-')), 'minimal');
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const page = path.join(dir, 'pages', 'about.md');
    const links = [
      '/favicon.ico',
      '/manifest.webmanifest',
      '/oauth/jwks',
      '/.well-known/security.txt',
      '/.well-known/mcp/server-card',
      '/api/v1/pages/about',
      '/api/v1/products/nope',
      '/oauth/token',
      '/.well-known/nope',
    ];
    await writeFile(page, `${await readFile(page, 'utf8')}\n${links.map((link) => `[x](${link})`).join(' ')}\n`);
    const report = await checkContent(dir);
    assert.deepEqual(
      report.errors.map((e) => e.message.split(':')[0]),
      ['link /api/v1/products/nope', 'link /oauth/token', 'link /.well-known/nope'],
    );
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});
