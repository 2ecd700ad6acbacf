import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { languageName } from '../../src/documents/format.js';
import { mirrorMarkdown } from '../../src/documents/record-markdown.js';
import { wordsOf } from '../../src/documents/words.js';
import { BASE_URL, FIXTURES, testCatalog } from '../helper.js';

/** src/documents/record-markdown.ts: the text of every MCP resource and /md/ file. */
describe('mirrorMarkdown', () => {
  test('a product: name, quoted summary, status, tags, links and canonical URL in its language, then the body', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog, catalog.products[0]!),
      [
        '# Pão de queijo',
        '',
        '> Cheese bread baked every morning.',
        '',
        '- Status: Disponível',
        '- Tags: Pão',
        `- Links: [Order](${BASE_URL}/about)`,
        `- URL canônica: ${BASE_URL}/products/pao-de-queijo`,
        '',
        '---',
        '',
        '## Como é feito',
        '',
        'Polvilho, queijo e **ovos**.',
        '',
      ].join('\n'),
    );
  });

  test('a post: title, quoted summary, date, author, category, locale and canonical URL in its language, then the body', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog, catalog.posts[0]!),
      [
        '# Receita de broa',
        '',
        '> A broa de milho da casa.',
        '',
        '- Publicado em: 2026-01-05',
        '- Autor: Ana',
        '- Categoria: Receitas',
        '- Idioma: pt-BR',
        `- URL canônica: ${BASE_URL}/blog/receita-de-broa`,
        '',
        '---',
        '',
        'Misture o fubá.',
        '',
      ].join('\n'),
    );
  });

  test('a page: title, quoted description, last update, locale and canonical URL in its language, then the body', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog, catalog.pagesBySlug.get('about')!),
      ['# Página about', '', '> A página about.', '', '- Atualizado em: 2026-01-02', '- Idioma: pt-BR', `- URL canônica: ${BASE_URL}/about`, '', '---', '', 'Texto da página about.', ''].join(
        '\n',
      ),
    );
  });

  test("the company: legal name, then its registration facts, contacts and profiles in the site's language, then the body", async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog, catalog.company),
      [
        '# Padaria Lumen Ltda.',
        '',
        '- Nome fantasia: Lumen',
        '- CNPJ: 11.222.333/0001-81',
        '- Endereço: Rua das Flores 10, Centro, Curitiba - PR, 80010-000, Brasil',
        '- Contato (E-mail): ola@lumen.example',
        `- URL canônica: ${BASE_URL}/about`,
        '',
        '---',
        '',
        'A bakery.',
        '',
      ].join('\n'),
    );
  });

  test('a translated post links each translation to its mirror', async () => {
    const catalog = await testCatalog();
    const post = catalog.posts.find((p) => p.translations.length > 0)!;
    const [translation] = post.translations;
    const language = languageName(translation!.locale, post.locale);
    assert.ok(mirrorMarkdown(catalog, post).includes(`\n- Também em ${language}: [${translation!.title}](${translation!.markdown_url})\n`), language);
  });

  test('every demo record: its title first, its canonical URL in the header, its body last and whole', async () => {
    const catalog = await testCatalog();
    const records = [
      [catalog.company.legal_name, catalog.company] as const,
      ...catalog.products.map((p) => [p.name, p] as const),
      ...catalog.posts.map((p) => [p.title, p] as const),
      ...catalog.pages.map((p) => [p.title, p] as const),
    ];
    for (const [title, record] of records) {
      const text = mirrorMarkdown(catalog, record);
      const [header, ...body] = text.split('\n\n---\n\n');
      assert.ok(header!.startsWith(`# ${title}\n\n`), record.markdown_url);
      const locale = 'locale' in record ? record.locale : catalog.site.default_locale;
      assert.ok(header!.endsWith(`\n- ${wordsOf(catalog, locale)('mirror.canonical_url')}: ${record.url}`), record.markdown_url);
      assert.equal(body.join('\n\n---\n\n'), `${record.markdown.trim()}\n`);
    }
  });
});
