import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkContent } from '../../src/check/content-check.js';
import { ContentError, loadCatalog } from '../../src/content/load.js';
import { closest, closestPath, nearestNames, withSuggestion } from '../../src/util/suggest.js';
import { FIXTURES } from '../helper.js';

const POST_FIELDS = ['title', 'summary', 'category', 'locale', 'published_at', 'updated_at', 'author', 'translation_key', 'image'];

describe('closest names', () => {
  test('a slip of a letter or two finds the field meant', () => {
    assert.deepEqual(closest('publised_at', POST_FIELDS), ['published_at']);
    assert.deepEqual(closest('translation-key', POST_FIELDS), ['translation_key']);
    assert.deepEqual(closest('descripton', ['title', 'description', 'updated_at']), ['description']);
  });

  test('case, accents and two swapped letters count as little as they should', () => {
    assert.deepEqual(closest('pt-br', ['en', 'pt-BR']), ['pt-BR']);
    assert.deepEqual(closest('automacao', ['Automação', 'Cibersegurança']), ['Automação']);
    assert.deepEqual(closest('lvie', ['coming-soon', 'live']), ['live']);
  });

  test('nothing is suggested when nothing is close, for a short name, or for a valid one', () => {
    assert.deepEqual(closest('colour', ['name', 'summary', 'status', 'tags', 'links', 'order', 'updated_at', 'image']), []);
    assert.deepEqual(closest('en', ['es', 'fr']), []);
    assert.deepEqual(closest('live', ['coming-soon', 'live']), []);
  });

  test('names as near as each other are all given, in the order of the list', () => {
    assert.deepEqual(closest('tag', ['tan', 'tags', 'title']), ['tan', 'tags']);
  });

  test('site paths are compared segment by segment, among paths as deep', () => {
    const paths = ['/', '/about', '/products', '/products/atlas', '/products/jaci', '/blog/atlas', '/md/products/atlas.md'];
    assert.deepEqual(closestPath('/products/atlsa', paths), ['/products/atlas']);
    assert.deepEqual(closestPath('/produtos', paths), ['/products']);
    assert.deepEqual(closestPath('/About', paths), ['/about']);
    assert.deepEqual(closestPath('/md/product/atlas.md', paths), ['/md/products/atlas.md']);
    assert.deepEqual(closestPath('/products/mare', paths), []);
    assert.deepEqual(closestPath('/products/atlas/pricing', paths), []);
  });

  test('a suggestion ends the message as a question; no suggestion leaves it as it was', () => {
    assert.equal(withSuggestion('is not a known field', []), 'is not a known field');
    assert.equal(withSuggestion('is not a known field', ['alt']), 'is not a known field; did you mean alt?');
    assert.equal(withSuggestion('must be one of a, b', ['a', 'b']), 'must be one of a, b; did you mean a or b?');
    assert.equal(withSuggestion('x', ['a', 'b', 'c']), 'x; did you mean a, b or c?');
  });
});

describe('a content folder with slips in it', () => {
  let dir: string;
  let root: string;
  const file = (name: string) => path.join(dir, name);
  const post = (fields: string) => `---\ntitle: Pão doce\nsummary: A soft sweet bread.\n${fields}\n---\nBody.\n`;

  before(async () => {
    dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-suggest-')), 'content');
    root = path.basename(dir);
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const broa = await readFile(file('posts/receita-de-broa.md'), 'utf8');
    await writeFile(file('posts/receita-de-broa.md'), broa.replace('published_at:', 'publised_at:'));
    await writeFile(file('posts/sem-autor.md'), post('category: Receitas\nlocale: pt-BR\npublished_at: 2026-01-06'));
    await writeFile(file('posts/categoria.md'), post('category: Receita\nlocale: pt-BR\npublished_at: 2026-01-07\nauthor: Ana'));
    await writeFile(file('posts/idioma.md'), post('category: Receitas\nlocale: pt-br\npublished_at: 2026-01-08\nauthor: Ana'));
    await writeFile(file('products/bolo.md'), '---\nname: Bolo\nsummary: Cake.\nstatus: live\n---\nBody.\n');
    const product = await readFile(file('products/pao-de-queijo.md'), 'utf8');
    await writeFile(
      file('products/pao-de-queijo.md'),
      product.replace('  order: /about', '  order: /abuot\nimage:\n  file: images/pao.png\n  atl: Cheese bread on a tray').replace('Polvilho', 'See [the cake](/products/pao-de-queij).\n\nPolvilho'),
    );
  });
  after(() => rm(path.dirname(dir), { recursive: true, force: true }));

  test('the loader reports each slip once, at the misspelt field or value, with what was meant', async () => {
    const error = await loadCatalog({ dir, baseUrl: 'https://example.com' }).then(
      () => assert.fail('the content loaded'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ContentError, String(error));
    assert.deepEqual(error.problems, [
      `${root}/products/bolo.md: tags: is required; for example: \`tags: [Cloud]\``,
      `${root}/products/pao-de-queijo.md: image.atl: is not a known field; did you mean alt?`,
      `${root}/posts/categoria.md: category: must be one of Receitas for locale pt-BR; did you mean Receitas?`,
      `${root}/posts/idioma.md: locale: must be one of pt-BR; did you mean pt-BR?`,
      `${root}/posts/receita-de-broa.md: publised_at: is not a known field; did you mean published_at?`,
      `${root}/posts/sem-autor.md: author: is required; for example: \`author: Ana Souza\``,
    ]);
  });

  test('vitrine check gives the same messages with their lines, and names the page or record a dead link meant', async () => {
    const report = await checkContent(dir);
    const error = (name: string, line: number | null, field: string | null, message: string) => ({ file: file(name), line, field, message, severity: 'error' });
    assert.deepEqual(report.errors, [
      error('posts/categoria.md', 4, 'category', 'must be one of Receitas for locale pt-BR; did you mean Receitas?'),
      error('posts/idioma.md', 5, 'locale', 'must be one of pt-BR; did you mean pt-BR?'),
      error('posts/receita-de-broa.md', 6, 'publised_at', 'is not a known field; did you mean published_at?'),
      error('posts/sem-autor.md', null, 'author', 'is required; for example: `author: Ana Souza`'),
      error('products/bolo.md', null, 'tags', 'is required; for example: `tags: [Cloud]`'),
      error('products/pao-de-queijo.md', 7, 'links.order', 'link /abuot: no page of the site is at /abuot; the pages are /, /about, /products, /blog, /developers, /search; did you mean /about?'),
      error('products/pao-de-queijo.md', 10, 'image.atl', 'is not a known field; did you mean alt?'),
      error(
        'products/pao-de-queijo.md',
        14,
        null,
        'link /products/pao-de-queij: no product "pao-de-queij" (products/pao-de-queij.md does not exist); did you mean /products/pao-de-queijo?',
      ),
    ]);
  });
});

test('a translation_key one slip from another post’s is named in the warning', async () => {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-suggest-')), 'content');
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const post = (key: string, date: string) =>
      `---\ntitle: Pão doce\nsummary: A soft sweet bread.\ncategory: Receitas\nlocale: pt-BR\npublished_at: ${date}\nauthor: Ana\ntranslation_key: ${key}\n---\nBody.\n`;
    await writeFile(path.join(dir, 'posts', 'pao-doce.md'), post('pao-doce', '2026-01-06'));
    await writeFile(path.join(dir, 'posts', 'pao-doce-2.md'), post('pao-doces', '2026-01-07'));
    const report = await checkContent(dir);
    assert.deepEqual(report.errors, []);
    assert.deepEqual(
      report.warnings.map((warning) => [path.relative(dir, warning.file), warning.message]),
      [
        [path.join('posts', 'pao-doce-2.md'), '"pao-doces" is shared by no other post, so no translation is linked; give the translation the same key, or remove it; did you mean pao-doce?'],
        [path.join('posts', 'pao-doce.md'), '"pao-doce" is shared by no other post, so no translation is linked; give the translation the same key, or remove it; did you mean pao-doces?'],
      ],
    );
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});

describe('nearestNames', () => {
  const slugs = ['annual-report-2025', 'annual-review', 'jaci', 'mare'];

  test('names first the names that begin with the one given, then the closest', () => {
    assert.deepEqual(nearestNames('annual-report', slugs), ['annual-report-2025', 'annual-review']);
    assert.deepEqual(nearestNames('annual-report-202', slugs), ['annual-report-2025']);
    assert.deepEqual(nearestNames('annual', slugs), ['annual-report-2025', 'annual-review']);
    assert.deepEqual(nearestNames('jacy', slugs), ['jaci']);
  });

  test('a start of one or two characters, a name far from all, or one of the names, gets nothing', () => {
    assert.deepEqual(nearestNames('ja', slugs), []);
    assert.deepEqual(nearestNames('kubernetes', slugs), []);
    assert.deepEqual(nearestNames('mare', slugs), []);
  });
});
