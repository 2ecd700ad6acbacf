import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { mirrorMarkdown } from '../../src/documents/record-markdown.js';
import { BASE_URL, FIXTURES, testCatalog } from '../helper.js';

/** src/documents/record-markdown.ts: the text of every MCP resource and /md/ file. */
describe('mirrorMarkdown', () => {
  test('a product: name, quoted summary, status, tags, links and canonical URL, then the body', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog.products[0]!),
      [
        '# Pão de queijo',
        '',
        '> Cheese bread baked every morning.',
        '',
        '- Status: live',
        '- Tags: Pão',
        `- Links: [order](${BASE_URL}/about)`,
        `- Canonical URL: ${BASE_URL}/products/pao-de-queijo`,
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

  test('a post: title, quoted summary, date, author, category, locale and canonical URL, then the body', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog.posts[0]!),
      [
        '# Receita de broa',
        '',
        '> A broa de milho da casa.',
        '',
        '- Published: 2026-01-05',
        '- Author: Ana',
        '- Category: Receitas',
        '- Locale: pt-BR',
        `- Canonical URL: ${BASE_URL}/blog/receita-de-broa`,
        '',
        '---',
        '',
        'Misture o fubá.',
        '',
      ].join('\n'),
    );
  });

  test('a page: title, quoted description, last update, locale and canonical URL, then the body', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog.pagesBySlug.get('about')!),
      ['# Página about', '', '> A página about.', '', '- Updated: 2026-01-02', '- Locale: pt-BR', `- Canonical URL: ${BASE_URL}/about`, '', '---', '', 'Texto da página about.', ''].join(
        '\n',
      ),
    );
  });

  test('the company: legal name, then its registration facts, contacts and profiles, then the body', async () => {
    const catalog = await testCatalog(path.join(FIXTURES, 'minimal'));
    assert.equal(
      mirrorMarkdown(catalog.company),
      [
        '# Padaria Lumen Ltda.',
        '',
        '- Trade name: Lumen',
        '- CNPJ: 11.222.333/0001-81',
        '- Address: Rua das Flores 10, Centro, Curitiba - PR, 80010-000, Brazil',
        '- Contact (email): ola@lumen.example',
        `- Canonical URL: ${BASE_URL}/about`,
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
    assert.ok(mirrorMarkdown(post).includes(`\n- Translation (${translation!.locale}): [${translation!.title}](${translation!.markdown_url})\n`));
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
      const text = mirrorMarkdown(record);
      const [header, ...body] = text.split('\n\n---\n\n');
      assert.ok(header!.startsWith(`# ${title}\n\n`), record.markdown_url);
      assert.ok(header!.endsWith(`\n- Canonical URL: ${record.url}`), record.markdown_url);
      assert.equal(body.join('\n\n---\n\n'), `${record.markdown.trim()}\n`);
    }
  });
});
