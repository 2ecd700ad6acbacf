import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cnpjProblem } from '../../src/content/cnpj.js';
import { ContentError, loadCatalog } from '../../src/content/load.js';
import { markdownToText } from '../../src/content/markdown.js';
import { FIXTURES, ROOT } from '../helper.js';

const BASE = 'https://example.com';

async function problemsOf(dir: string): Promise<readonly string[]> {
  const error = await loadCatalog({ dir, baseUrl: BASE }).then(
    () => assert.fail('the content loaded'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ContentError, String(error));
  return error.problems;
}

test('the demo content loads: 4 products, 10 pages, 30+ posts in both locales and every category', async () => {
  const catalog = await loadCatalog({ dir: path.join(ROOT, 'content'), baseUrl: BASE });
  assert.equal(catalog.products.length, 4);
  assert.deepEqual(new Set(catalog.products.map((p) => p.status)), new Set(['live', 'coming-soon']));
  assert.deepEqual(new Set(catalog.products.flatMap((p) => p.tags)), new Set(catalog.site.product_tags));
  assert.ok(catalog.productsBySlug.has('open-source-cloud'));
  assert.equal(catalog.pages.length, 10);
  assert.ok(catalog.posts.length >= 30, `${catalog.posts.length} posts`);
  assert.deepEqual(new Set(catalog.posts.map((p) => p.locale)), new Set(['en', 'pt-BR']));
  assert.deepEqual(new Set(catalog.posts.map((p) => p.category)), new Set(catalog.site.all_post_categories));
  for (const post of catalog.posts) {
    assert.ok(catalog.site.post_categories[post.locale]?.includes(post.category), `${post.slug}: ${post.category}`);
  }
  const years = new Set(catalog.posts.map((p) => p.published_at.slice(0, 4)));
  assert.ok(years.size >= 2, 'posts span at least two years');
  assert.ok(catalog.posts.some((p) => p.translations.length > 0), 'some posts are linked to a translation');
});

test('posts are newest first, pages most recently updated first, products in their order', async () => {
  const catalog = await loadCatalog({ dir: path.join(ROOT, 'content'), baseUrl: BASE });
  const dates = catalog.posts.map((p) => p.published_at);
  assert.deepEqual(dates, [...dates].sort().reverse());
  const updated = catalog.pages.map((p) => p.updated_at);
  assert.deepEqual(updated, [...updated].sort().reverse());
  assert.deepEqual(
    catalog.products.map((p) => p.order),
    [...catalog.products.map((p) => p.order)].sort((a, b) => a - b),
  );
});

test('translations link both ways with title, url and mirror', async () => {
  const catalog = await loadCatalog({ dir: path.join(ROOT, 'content'), baseUrl: BASE });
  for (const post of catalog.posts) {
    for (const link of post.translations) {
      const other = catalog.postsBySlug.get(link.slug);
      assert.ok(other, `${post.slug} links to a missing ${link.slug}`);
      assert.notEqual(other.locale, post.locale);
      assert.equal(link.url, other.url);
      assert.ok(other.translations.some((back) => back.slug === post.slug), `${other.slug} does not link back to ${post.slug}`);
    }
  }
});

test('every record carries absolute url and markdown_url built from the base URL', async () => {
  const catalog = await loadCatalog({ dir: path.join(FIXTURES, 'minimal'), baseUrl: 'https://lumen.example/site/' });
  const product = catalog.productsBySlug.get('pao-de-queijo');
  assert.equal(product?.url, 'https://lumen.example/site/products/pao-de-queijo');
  assert.equal(product?.markdown_url, 'https://lumen.example/site/md/products/pao-de-queijo.md');
  assert.deepEqual(product?.links, { order: 'https://lumen.example/site/about' });
  assert.equal(catalog.postsBySlug.get('receita-de-broa')?.url, 'https://lumen.example/site/blog/receita-de-broa');
  assert.equal(catalog.postsBySlug.get('receita-de-broa')?.markdown_url, 'https://lumen.example/site/md/blog/receita-de-broa.md');
  assert.equal(catalog.pagesBySlug.get('index')?.url, 'https://lumen.example/site/');
  assert.equal(catalog.pagesBySlug.get('index')?.markdown_url, 'https://lumen.example/site/md/index.md');
  assert.equal(catalog.pagesBySlug.get('about')?.url, 'https://lumen.example/site/about');
  assert.equal(catalog.company.url, 'https://lumen.example/site/about');
  assert.equal(catalog.company.markdown_url, 'https://lumen.example/site/md/company.md');
});

test('another company with its own taxonomy loads: the engine knows no company', async () => {
  const catalog = await loadCatalog({ dir: path.join(FIXTURES, 'minimal'), baseUrl: BASE });
  assert.equal(catalog.site.name, 'Padaria Lumen');
  assert.deepEqual(catalog.site.product_tags, ['Pão', 'Doce']);
  assert.equal(catalog.company.cnpj, '11.222.333/0001-81');
  assert.equal(catalog.posts[0]?.published_at, '2026-01-05T00:00:00Z', 'a date-only value is served as RFC 3339 UTC');
});

test('a Catalog is deeply immutable', async () => {
  const catalog = await loadCatalog({ dir: path.join(FIXTURES, 'minimal'), baseUrl: BASE });
  assert.throws(() => {
    (catalog.products as unknown as unknown[]).push({});
  }, TypeError);
  assert.throws(() => {
    (catalog.company.address as { city: string }).city = 'x';
  }, TypeError);
  assert.throws(() => (catalog.productsBySlug as Map<string, unknown>).set('x', {}), TypeError);
});

test('the version is the same for the same files, however the reads interleave, and changes with any byte', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-version-'));
  try {
    await cp(path.join(ROOT, 'content'), dir, { recursive: true });
    const versions = await Promise.all(Array.from({ length: 4 }, async () => (await loadCatalog({ dir, baseUrl: BASE })).version));
    assert.equal(new Set(versions).size, 1, versions.join(' '));
    assert.match(versions[0]!, /^[0-9a-f]{16}$/);
    await writeFile(path.join(dir, 'pages', 'about.md'), `${await readFile(path.join(dir, 'pages', 'about.md'), 'utf8')}\n`);
    assert.notEqual((await loadCatalog({ dir, baseUrl: BASE })).version, versions[0]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('plain text and reading time are computed on first read, and kept', async () => {
  const catalog = await loadCatalog({ dir: path.join(FIXTURES, 'minimal'), baseUrl: BASE });
  const post = catalog.posts[0]!;
  assert.equal(post.text, markdownToText(post.markdown));
  assert.equal(post.text, post.text);
  assert.equal(post.reading_time_minutes, Math.max(1, Math.ceil(post.text.split(/\s+/).filter(Boolean).length / 220)));
  assert.ok(Object.keys(post).includes('text') && Object.keys(post).includes('reading_time_minutes'));
  assert.ok(Object.isFrozen(post));
});

test('a broken folder reports every problem, each as file: field: what is wrong', async () => {
  const problems = await problemsOf(path.join(FIXTURES, 'broken'));
  const expected = [
    'broken/company.md: cnpj: has invalid check digits',
    'broken/company.md: address.country: must be an ISO 3166-1 alpha-2 code such as BR',
    'broken/company.md: profiles.instagram: must be an absolute http(s) URL',
    'broken/products/bolo.md: status: must be one of coming-soon, live',
    'broken/products/bolo.md: tags[0]: must be one of Pão, Doce',
    'broken/products/bolo.md: colour: is not a known field',
    'broken/products/sem-fronteira.md: front matter: must start with a front matter block between two "---" lines',
    'broken/products/notes.txt: only .md files belong in products/',
    'broken/products/Pao_Frances.md: file name: must be a slug of lowercase letters, digits and single hyphens',
    'broken/posts/errado.md: title: must not be empty',
    'broken/posts/errado.md: published_at: must be a real date (YYYY-MM-DD) or RFC 3339 date-time (2026-03-14T12:00:00Z)',
    'broken/pages/index.md: updated_at: must be a real date (YYYY-MM-DD) or RFC 3339 date-time (2026-03-14T12:00:00Z)',
    'broken/pages/extra.md: file name: "extra" is not one of the page_slugs of site.yaml (index, about); to publish it, list it there: page_slugs: [index, about, extra]',
    'broken/pages/about.md: is missing (site.yaml lists the page "about")',
  ];
  for (const line of expected) assert.ok(problems.includes(line), `missing: ${line}\ngot:\n${problems.join('\n')}`);
  assert.ok(problems.some((p) => p.startsWith('broken/posts/yaml-ruim.md: front matter: ')), problems.join('\n'));
  // A key given twice would otherwise keep one of the two values without a word.
  assert.ok(problems.some((p) => /^broken\/posts\/chave-dupla\.md: front matter: duplicated mapping key \(line 4, column 1\)/.test(p)), problems.join('\n'));
  assert.ok(
    problems.some((p) => /^broken\/posts\/broa-(um|dois)\.md: translation_key: "broa" already has a pt-BR post/.test(p)),
    problems.join('\n'),
  );
  for (const problem of problems) assert.match(problem, /^broken\/\S+: .+/);
});

test('a post category must belong to the post locale', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-content-'));
  try {
    await cp(path.join(ROOT, 'content'), dir, { recursive: true });
    await writeFile(
      path.join(dir, 'posts', 'wrong-locale.md'),
      '---\ntitle: T\nsummary: S\ncategory: Gestão\nlocale: en\npublished_at: 2026-01-01\nauthor: A\n---\nBody.\n',
    );
    const problems = await problemsOf(dir);
    assert.deepEqual(problems, [
      `${path.basename(dir)}/posts/wrong-locale.md: category: must be one of Artificial Intelligence, Automation, Cybersecurity, Management for locale en`,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a missing content folder says so', async () => {
  const problems = await problemsOf(path.join(FIXTURES, 'does-not-exist'));
  assert.deepEqual(problems, ['does-not-exist/site.yaml: is missing']);
});

test('CNPJ: valid numeric and alphanumeric numbers pass, wrong ones say why', () => {
  assert.equal(cnpjProblem('11.222.333/0001-81'), undefined);
  assert.equal(cnpjProblem('12.ABC.345/01DE-35'), undefined, 'alphanumeric CNPJ (IN RFB 2.229/2024)');
  assert.equal(cnpjProblem('11.222.333/0001-82'), 'has invalid check digits');
  assert.equal(cnpjProblem('11222333000181'), 'must be formatted 00.000.000/0000-00');
  assert.equal(cnpjProblem('00.000.000/0000-00'), 'must not be a repeated digit');
});

test('plain text of markdown drops syntax and keeps words', () => {
  const text = markdownToText('## Título\n\nUm **negrito** e um [link](https://x.example) e `código`.\n\n- item um\n- item dois\n\n<script>alert(1)</script>');
  assert.equal(text, 'Título\nUm negrito e um link e código.\nitem um\nitem dois\n<script>alert(1)</script>');
});

test('a tag or category holding a comma is refused: filters list several values separated by commas', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-comma-'));
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    await writeFile(path.join(dir, 'site.yaml'), site.replace('product_tags: [Pão, Doce]', 'product_tags: [Pão, "Doce, salgado"]'));
    const problems = await problemsOf(dir);
    assert.ok(
      problems.some((p) => p === `${path.basename(dir)}/site.yaml: product_tags[1]: must not contain a comma (filters list several values separated by commas)`),
      problems.join('\n'),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('pictures: size and type are read from the file; a missing file, a missing alt or a path out of the folder are refused at their field', async () => {
  const good = await loadCatalog({ dir: path.join(FIXTURES, 'bilingual'), baseUrl: BASE });
  const image = good.productsBySlug.get('pao-de-queijo')!.image!;
  assert.deepEqual([image.width, image.height, image.media_type], [640, 336, 'image/png']);
  assert.match(image.url, /^https:\/\/example\.com\/media\/[0-9a-f]{12}\/images\/pao\.png$/);
  assert.deepEqual([good.company.logo!.width, good.company.logo!.height, good.company.logo!.media_type], [160, 48, 'image/svg+xml']);
  assert.deepEqual([...good.pagesByLocale.keys()], ['pt-BR', 'en']);

  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'vitrine-images-')), 'content');
  try {
    await cp(path.join(FIXTURES, 'bilingual'), dir, { recursive: true });
    const product = path.join(dir, 'products/pao-de-queijo.md');
    await writeFile(product, (await readFile(product, 'utf8')).replace('images/pao.png', 'images/nope.png'));
    const post = path.join(dir, 'posts/receita-de-broa.md');
    await writeFile(post, (await readFile(post, 'utf8')).replace('translation_key: broa', 'translation_key: broa\nimage:\n  file: images/pao.png'));
    const company = path.join(dir, 'company.md');
    await writeFile(company, (await readFile(company, 'utf8')).replace('file: images/logo.svg', 'file: ../outside.svg'));
    await writeFile(path.join(dir, 'pages/en/index.md'), '---\ntitle: Home\ndescription: Home.\nupdated_at: 2026-01-01\nimage:\n  file: site.yaml\n  alt: Not a picture\n---\nHi.\n');
    const problems = await problemsOf(dir);
    const root = path.basename(dir);
    assert.ok(problems.includes(`${root}/products/pao-de-queijo.md: image.file: images/nope.png is missing`), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith(`${root}/posts/receita-de-broa.md: image.alt: `)), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith(`${root}/company.md: logo.file: must be a relative path inside the content folder`)), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith(`${root}/pages/en/index.md: image.file: site.yaml must be one of png, jpg, jpeg, gif, webp, svg, ico`)), problems.join('\n'));
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});

test('texts of site.yaml per locale: each of a locale of the site, the default one among them', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-texts-'));
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    await writeFile(path.join(dir, 'site.yaml'), site.replace(/^description: .*$/m, 'description:\n  pt-br: Uma padaria pequena.\n  en: A small bakery.'));
    const name = path.basename(dir);
    assert.deepEqual(await problemsOf(dir), [
      `${name}/site.yaml: description.pt-br: is not one of the locales (pt-BR); did you mean pt-BR?`,
      `${name}/site.yaml: description.en: is not one of the locales (pt-BR)`,
      `${name}/site.yaml: description: has no text for the default locale (pt-BR), which every locale without its own shows; add pt-BR: ...`,
    ]);
    await writeFile(path.join(dir, 'site.yaml'), site.replace(/^description: .*$/m, 'description:\n  pt-BR: Uma padaria pequena.'));
    const catalog = await loadCatalog({ dir, baseUrl: BASE });
    assert.equal(catalog.site.description, 'Uma padaria pequena.');
    assert.deepEqual(catalog.site.descriptions, { 'pt-BR': 'Uma padaria pequena.' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a post's tags are chosen from post_tags, with the nearest named; a site without post_tags says so", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-post-tags-'));
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const post = path.join(dir, 'posts', 'receita-de-broa.md');
    const source = await readFile(post, 'utf8');
    await writeFile(post, source.replace(/^---\n/, '---\ntags: [Milho]\n'));
    const name = path.basename(dir);
    assert.deepEqual(await problemsOf(dir), [`${name}/posts/receita-de-broa.md: tags[0]: must be one of the post_tags of site.yaml, which lists none: list the tags posts may carry there`]);
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    await writeFile(path.join(dir, 'site.yaml'), `${site}post_tags: [Milho, Forno]\n`);
    await writeFile(post, source.replace(/^---\n/, '---\ntags: [Mlho]\n'));
    assert.deepEqual(await problemsOf(dir), [`${name}/posts/receita-de-broa.md: tags[0]: must be one of Milho, Forno; did you mean Milho?`]);
    await writeFile(post, source.replace(/^---\n/, '---\ntags: [Milho]\n'));
    const catalog = await loadCatalog({ dir, baseUrl: BASE });
    assert.deepEqual(catalog.posts[0]!.tags, ['Milho']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a product translation may give its picture's text alone, for the original's picture; without one to show, it is told to give the picture too", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-translated-alt-'));
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    await writeFile(path.join(dir, 'site.yaml'), site.replace('locales: [pt-BR]', 'locales: [pt-BR, en]'));
    await mkdir(path.join(dir, 'products', 'en'), { recursive: true });
    await writeFile(path.join(dir, 'products', 'en', 'pao-de-queijo.md'), '---\nname: Cheese bread\nsummary: Baked every morning.\nimage:\n  alt: Cheese bread on a plate\n---\nTapioca flour, cheese and eggs.\n');
    assert.deepEqual(await problemsOf(dir), [
      `${path.basename(dir)}/products/en/pao-de-queijo.md: image: gives alt text alone, but products/pao-de-queijo.md has no picture for it; give the picture too: image: {file: ..., alt: ...}`,
    ]);
    await cp(path.join(FIXTURES, 'bilingual', 'images'), path.join(dir, 'images'), { recursive: true });
    const original = path.join(dir, 'products', 'pao-de-queijo.md');
    await writeFile(original, (await readFile(original, 'utf8')).replace(/^---\n/, '---\nimage:\n  file: images/pao.png\n  alt: Pão de queijo num prato\n'));
    const catalog = await loadCatalog({ dir, baseUrl: BASE });
    const translated = catalog.productsByLocale.get('en')!.bySlug.get('pao-de-queijo')!;
    assert.equal(translated.image?.url, catalog.products[0]!.image?.url);
    assert.deepEqual([translated.image?.alt, catalog.products[0]!.image?.alt], ['Cheese bread on a plate', 'Pão de queijo num prato']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
