import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { writtenDestinations } from '../../src/content/body-references.js';
import { checkContent } from '../../src/check/content-check.js';
import { splitFrontMatter } from '../../src/util/front-matter.js';
import { ContentError, loadCatalog } from '../../src/content/load.js';
import { resolveBody } from '../../src/content/resolve-body.js';
import { markdownToText } from '../../src/content/markdown.js';
import type { Catalog } from '../../src/content/types.js';
import type { Service } from '../../src/http/service.js';
import { BASE_URL, buildTestApp, FIXTURES, testCatalog } from '../helper.js';

/**
 * Bodies that show pictures and link records by relative paths, as an
 * editor's preview resolves them: the loader makes each an address that
 * works wherever the body is shown.
 */

const DIR = path.join(FIXTURES, 'body-links');
const PICTURE = 'images/posts/rack.png';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let bytes: Buffer;
/** The picture's URL path: under the first 12 hex digits of its SHA-256. */
let mediaPath: string;

before(async () => {
  bytes = await readFile(path.join(DIR, PICTURE));
  mediaPath = `/media/${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}/${PICTURE}`;
});

/** The body of the post as the loader resolves it, with every site URL under `base`. */
function resolvedPost(base: string): string {
  const media = `${base}${mediaPath}`;
  return `Misture o fubá.

![O forno da padaria](${media} "O forno")

Asse como o [pão de queijo](${base}/products/pao-de-queijo#como-e-feito), leia a
[página sobre](${base}/about), a [outra receita](${base}/blog/outra-receita) e [quem somos](${base}/about).

Já estes ficam como estão: [sobre](${base}/about), [o site](https://example.org/broa), [email](mailto:ola@lumen.example), [telefone](tel:+554133334444) e [o passo 2](#passo-2).

Em código nada muda: \`![forno](../images/posts/rack.png)\` e \`[pão](../products/pao-de-queijo.md)\`.

\`\`\`
![forno](../images/posts/rack.png)
[pão](../products/pao-de-queijo.md)
\`\`\`

    [pão](../products/pao-de-queijo.md)

| Foto | Produto |
| --- | --- |
| ![O forno, de novo][forno] | [pão de queijo](${base}/products/pao-de-queijo) |

[forno]: ${media}
`;
}

describe('a body with relative pictures and links, served', () => {
  let server: Service;
  let catalog: Catalog;
  before(async () => {
    catalog = await testCatalog(DIR);
    ({ server } = await buildTestApp({ catalog }));
  });
  after(() => server?.close());
  const get = (url: string) => server.inject({ method: 'GET', url });

  test("the article's page shows the picture from its /media/ folder, whose file answers 200 with the picture, without its metadata, cached for a year as immutable", async () => {
    const page = await get('/blog/receita-de-broa');
    assert.equal(page.statusCode, 200);
    // Shown as the site shows a record's picture (its widths and formats: test/media/pictures.test.ts), its size reserved.
    const img = /<picture>.*?<img class="body-image" src="([^"]+)"[^>]* alt="O forno da padaria" title="O forno" width="640" height="336" loading="lazy"/.exec(page.body);
    assert.ok(img, 'the body shows its picture as a <picture>');
    assert.equal(path.posix.dirname(img[1]!), path.posix.dirname(mediaPath).replace(/\/images\/posts$/, ''));
    const picture = await get(mediaPath);
    assert.equal(picture.statusCode, 200);
    assert.equal(picture.headers['content-type'], 'image/png');
    assert.equal(picture.headers['cache-control'], IMMUTABLE);
    // Made again from the file: the same picture, its size kept, nothing of its metadata.
    const served = await sharp(picture.rawPayload).metadata();
    assert.deepEqual([served.format, served.width, served.height, served.exif, served.xmp], ['png', 640, 336, undefined, undefined]);
    const pixels = async (png: Buffer) => (await sharp(png).raw().toBuffer()).equals(await sharp(bytes).raw().toBuffer());
    assert.equal(await pixels(picture.rawPayload), true);
  });

  test("the article's page links the product, the page, the other article and the company at their URLs", async () => {
    const page = (await get('/blog/receita-de-broa')).body;
    for (const link of [
      `<a href="${BASE_URL}/products/pao-de-queijo#como-e-feito">pão de queijo</a>`,
      `<a href="${BASE_URL}/about">página sobre</a>`,
      `<a href="${BASE_URL}/blog/outra-receita">outra receita</a>`,
      `<a href="${BASE_URL}/about">quem somos</a>`,
    ]) {
      assert.ok(page.includes(link), link);
    }
  });

  test('the API, the markdown mirror and the record hold the resolved body, code left as written', async () => {
    const post = (await get('/api/v1/posts/receita-de-broa')).json() as { markdown: string };
    assert.equal(post.markdown, resolvedPost(BASE_URL));
    assert.equal(catalog.postsBySlug.get('receita-de-broa')!.markdown, resolvedPost(BASE_URL));
    const mirror = (await get('/md/blog/receita-de-broa.md')).body;
    assert.ok(mirror.endsWith(resolvedPost(BASE_URL)), mirror);
  });

  test('the plain text search reads is the text of the body as written', async () => {
    const source = await readFile(path.join(DIR, 'posts/receita-de-broa.md'), 'utf8');
    const post = catalog.postsBySlug.get('receita-de-broa')!;
    assert.equal(post.text, markdownToText(splitFrontMatter(source).body));
    assert.ok(post.text.includes('Em código nada muda: ![forno](../images/posts/rack.png) e [pão](../products/pao-de-queijo.md).'), post.text);
  });

  test('one picture named by a front matter and four bodies is read once, and has one URL', () => {
    // Its own URL, and the widths, formats and share card made from it, all under its hash.
    const hash = mediaPath.split('/')[2]!;
    assert.deepEqual(
      [...catalog.media.keys()].sort(),
      [mediaPath.slice('/media/'.length), ...['320w.avif', '320w.webp', '320w.png', '480w.avif', '480w.webp', '480w.png', '640w.avif', '640w.webp', '640w.png', 'card-640x336.png'].map((name) => `${hash}/rack-${name}`)].sort(),
    );
    const url = `${BASE_URL}${mediaPath}`;
    const product = catalog.productsBySlug.get('pao-de-queijo')!;
    assert.equal(product.image?.url, url);
    assert.equal(product.markdown, `## Como é feito\n\nPolvilho, queijo e **ovos**, no [forno](${url}).\n`);
    assert.equal(catalog.pagesBySlug.get('about')!.markdown, `Texto da página about. ![O forno](${url})\n`);
  });

  test('bodies of every kind are resolved from their own folder: the company, a page, a translated page', () => {
    assert.equal(catalog.company.markdown, `A bakery; [our bread](${BASE_URL}/products/pao-de-queijo).\n`);
    assert.equal(catalog.pagesBySlug.get('index')!.markdown, `Veja a [broa](${BASE_URL}/blog/receita-de-broa).\n`);
    assert.equal(
      catalog.pagesByLocale.get('en')!.bySlug.get('about')!.markdown,
      `Read it [in Portuguese](${BASE_URL}/about), or see the [cheese bread](${BASE_URL}/products/pao-de-queijo).\n\n![The oven](${BASE_URL}${mediaPath})\n`,
    );
  });

  test('the content passes vitrine check, warned only of the English translations it lacks', async () => {
    const report = await checkContent(DIR, BASE_URL);
    assert.deepEqual(report.errors, []);
    assert.deepEqual(
      report.warnings.map((warning) => warning.field),
      ['locales'],
    );
  });
});

test('under a BASE_URL with a path, a link from the site root gets the path, and every resolved URL is under it', async () => {
  const base = 'http://vitrine.test/site';
  const catalog = await loadCatalog({ dir: DIR, baseUrl: `${base}/` });
  assert.equal(catalog.postsBySlug.get('receita-de-broa')!.markdown, resolvedPost(base));
  // The front matter's link from the root, for comparison: the same rule.
  assert.equal(catalog.productsBySlug.get('pao-de-queijo')!.links.order, `${base}/about`);
});

describe('a body whose picture or link leads nowhere', () => {
  let dir: string;
  let source: string;
  const file = 'posts/receita-de-broa.md';
  const lineOf = (text: string) => source.split('\n').findIndex((line) => line.includes(text)) + 1;
  const problems = () => [
    { line: lineOf('![Sem foto]'), message: 'image ../images/posts/nope.png: images/posts/nope.png is not in the content folder' },
    { line: lineOf('[Broa doce]'), message: 'link ../products/broa-doce.md#receita: products/broa-doce.md is not a record of the content folder (company.md, or a product, article or page: products/, posts/, pages/, pages/<locale>/)' },
    { line: lineOf('![Fora]'), message: 'image ../../fora.png: is outside the content folder; keep images in it' },
    { line: lineOf('![A configuração]'), message: 'image ../site.yaml: site.yaml must be one of png, jpg, jpeg, gif, webp, svg, ico (the file\'s extension says what it is)' },
    { line: lineOf('[as notas]'), message: 'link notas.txt: posts/notas.txt is neither a record (a .md file) nor a picture (png, jpg, jpeg, gif, webp, svg, ico); link a page of the site by its path (/about)' },
    { line: lineOf('[sem-foto]:'), message: 'image ../images/sem-foto.png: images/sem-foto.png is not in the content folder' },
  ];

  before(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'vitrine-body-links-')), 'content');
    await cp(DIR, dir, { recursive: true });
    const post = path.join(dir, file);
    source = `${await readFile(post, 'utf8')}
![Sem foto](../images/posts/nope.png)

Uma [Broa doce](../products/broa-doce.md#receita), e fora da pasta:
![Fora](../../fora.png)

![A configuração](../site.yaml) e [as notas](notas.txt).

> Em uma citação: ![Sem foto, de novo][sem-foto]
>
> [sem-foto]: ../images/sem-foto.png
`;
    await writeFile(post, source);
  });
  after(() => rm(path.dirname(dir), { recursive: true, force: true }));

  test('stops loading with a ContentError naming the file, the line and the target of each', async () => {
    const error = await loadCatalog({ dir, baseUrl: BASE_URL }).then(
      () => assert.fail('the content loaded'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ContentError, String(error));
    assert.deepEqual(
      error.problems,
      problems().map(({ line, message }) => `content/${file}:${line}: ${message}`),
    );
    assert.deepEqual(
      error.details,
      problems().map(({ line, message }) => ({ file, line, message })),
    );
  });

  test('vitrine check reports each once, with its file and line', async () => {
    const report = await checkContent(dir, BASE_URL);
    assert.deepEqual(
      report.errors,
      problems().map(({ line, message }) => ({ file: path.join(dir, file), line, field: null, message, severity: 'error' })),
    );
    assert.equal(report.ok, false);
  });
});

test("a body's problems are reported in the same pass as its front matter's", async () => {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'vitrine-body-links-')), 'content');
  try {
    await cp(DIR, dir, { recursive: true });
    await writeFile(
      path.join(dir, 'posts/bolo.md'),
      '---\ntitle: Bolo\nsummary: Um bolo.\ncategory: Bolos\nlocale: pt-BR\npublished_at: 2026-01-07\nauthor: Ana\n---\nSem forno.\n\n![O bolo](../images/bolo.png)\n',
    );
    const error = await loadCatalog({ dir, baseUrl: BASE_URL }).then(
      () => assert.fail('the content loaded'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ContentError, String(error));
    assert.deepEqual(error.problems, ['content/posts/bolo.md:11: image ../images/bolo.png: images/bolo.png is not in the content folder', 'content/posts/bolo.md: category: must be one of Receitas for locale pt-BR']);
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});

test('a picture written from the root (/images/...) is the file at that path of the content folder, served like any other', async () => {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'vitrine-body-links-')), 'content');
  try {
    await cp(DIR, dir, { recursive: true });
    await writeFile(
      path.join(dir, 'posts/raiz.md'),
      `---\ntitle: Raiz\nsummary: Da raiz.\ncategory: Receitas\nlocale: pt-BR\npublished_at: 2026-01-08\nauthor: Ana\n---\n![O forno](/${PICTURE})\n`,
    );
    const catalog = await loadCatalog({ dir, baseUrl: BASE_URL });
    assert.equal(catalog.postsBySlug.get('raiz')?.markdown, `![O forno](${BASE_URL}${mediaPath})\n`);
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});

describe('where a body writes each destination', () => {
  test('a link in a code span is no destination; the link after it is found at its columns', () => {
    assert.deepEqual(writtenDestinations('Em código: `[pão](../products/pao.md)` e [forno](forno.md).'), [
      { use: 'link', target: 'forno.md', line: 0, written: { start: 49, end: 57, text: 'forno.md' } },
    ]);
  });

  test("in a table's cells, a picture and a link whose text holds an escaped pipe are found at their columns on the row", () => {
    const body = '| Foto | Produto |\n| --- | --- |\n| ![O forno](../images/forno.png) | [pão \\| queijo](../products/pao.md) |';
    assert.deepEqual(writtenDestinations(body), [
      { use: 'image', target: '../images/forno.png', line: 2, written: { start: 13, end: 32, text: '../images/forno.png' } },
      { use: 'link', target: '../products/pao.md', line: 2, written: { start: 52, end: 70, text: '../products/pao.md' } },
    ]);
  });

  test("a picture that is a link's text: the picture's and the link's destinations, each at its own columns", () => {
    assert.deepEqual(writtenDestinations('[![O forno](../images/forno.png)](../products/pao.md)'), [
      { use: 'image', target: '../images/forno.png', line: 0, written: { start: 12, end: 31, text: '../images/forno.png' } },
      { use: 'link', target: '../products/pao.md', line: 0, written: { start: 34, end: 52, text: '../products/pao.md' } },
    ]);
  });

  test('a definition in a block quote, its destination in angle brackets on the next line, is found there, a link when a link uses it', () => {
    const body = '> Uma citação [usa][forno]\n>\n> [forno]:\n>   <../images/o forno.png> "O forno"';
    assert.deepEqual(writtenDestinations(body), [
      { use: 'link', target: '../images/o forno.png', line: 3, written: { start: 4, end: 27, text: '<../images/o forno.png>' } },
    ]);
  });

  test('a definition whose label spans two lines is found on the next; a picture uses the definition of its own label', () => {
    assert.deepEqual(writtenDestinations('![usa][forno]\n\n[forno\nda padaria]: a.png\n[forno]: b.png\n'), [
      { use: 'link', target: 'a.png', line: 3, written: { start: 13, end: 18, text: 'a.png' } },
      { use: 'image', target: 'b.png', line: 4, written: { start: 9, end: 14, text: 'b.png' } },
    ]);
  });
});

test('a link to a misspelt record file says which record was meant', () => {
  const links = {
    base: 'https://example.com',
    records: new Map([['products/pao-de-queijo.md', 'https://example.com/products/pao-de-queijo']]),
    picture: () => ({ problem: 'no pictures here' }),
  };
  const { problems } = resolveBody('See [the bread](../products/pao-de-quejo.md).\n', 'pages/about.md', links);
  assert.deepEqual(problems, [
    {
      line: 0,
      message:
        'link ../products/pao-de-quejo.md: products/pao-de-quejo.md is not a record of the content folder (company.md, or a product, article or page: products/, posts/, pages/, pages/<locale>/); did you mean products/pao-de-queijo.md?',
    },
  ]);
});
