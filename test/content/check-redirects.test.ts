import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkContent } from '../../src/check/content-check.js';
import { copyFixture, FIXTURES } from '../helper.js';

/** The check's errors of the minimal bakery with `redirects` as its redirects.yaml, each `field: message`. */
async function errorsWith(redirects: string): Promise<string[]> {
  const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
  await writeFile(path.join(dir, 'redirects.yaml'), redirects);
  const report = await checkContent(dir, 'https://padaria.example');
  for (const error of report.errors) assert.equal(error.file, path.join(dir, 'redirects.yaml'));
  return report.errors.map((error) => `${error.field}: ${error.message}`);
}

describe('vitrine check on redirects.yaml', () => {
  test('redirects to pages, records, chains that end on a page and other sites pass', async () => {
    const errors = await errorsWith(
      [
        '- { from: /quem-somos, to: /about }',
        '- { from: /?p=12, to: /blog/receita-de-broa }',
        '- { from: /loja, to: /quem-somos }',
        '- { from: /fora, to: "https://example.org/x" }',
        '- { from: /inicio, to: "https://padaria.example/products/pao-de-queijo" }',
        '- { from: /velho, to: "/?p=12" }',
      ].join('\n'),
    );
    assert.deepEqual(errors, []);
  });

  test('a to that no route answers is refused, with the nearest path that does', async () => {
    const errors = await errorsWith('- { from: /old, to: /abot }\n- { from: /receita, to: /blog/receita-de-bora }\n');
    assert.equal(errors.length, 2);
    assert.match(errors[0]!, /^0\.to: \/abot answers nothing: no page of the site is at \/abot; .*did you mean \/about\?/);
    assert.match(errors[1]!, /^1\.to: \/blog\/receita-de-bora answers nothing: no article "receita-de-bora" .*did you mean \/blog\/receita-de-broa\?/);
  });

  test('a chain is followed to its end: a dead end is named through the entry it ends on', async () => {
    const errors = await errorsWith('- { from: /a, to: /b }\n- { from: /b, to: /sobre }\n');
    assert.equal(errors.length, 2);
    assert.match(errors[0]!, /^0\.to: \/sobre answers nothing \(through \/b\): no page of the site is at \/sobre/);
    assert.match(errors[1]!, /^1\.to: \/sobre answers nothing: /);
  });

  test('a loop is refused, naming each address it passes', async () => {
    const errors = await errorsWith('- { from: /a, to: /b/ }\n- { from: /b, to: /c }\n- { from: /c, to: /a }\n- { from: /?p=1, to: /?p=1 }\n');
    assert.deepEqual(errors, [
      '0.to: is a loop: /a -> /b -> /c -> /a; a visitor would be sent round forever; send one of them to a page that answers',
      '1.to: is a loop: /b -> /c -> /a -> /b; a visitor would be sent round forever; send one of them to a page that answers',
      '2.to: is a loop: /c -> /a -> /b -> /c; a visitor would be sent round forever; send one of them to a page that answers',
      '3.to: is a loop: /?p=1 -> /?p=1; a visitor would be sent round forever; send one of them to a page that answers',
    ]);
  });

  test('an entry from a path the site answers is a warning: it is never used', async () => {
    const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
    await writeFile(path.join(dir, 'redirects.yaml'), '- { from: /about/, to: /blog/receita-de-broa }\n- { from: "/about?x=1", to: /blog/receita-de-broa }\n- { from: /blog/receita-de-broa/, to: /blog/receita-de-broa }\n');
    const report = await checkContent(dir);
    assert.deepEqual(report.errors, []);
    assert.deepEqual(
      report.warnings.filter((warning) => warning.file.endsWith('redirects.yaml')).map((warning) => `${warning.field}: ${warning.message}`),
      ['0.from: is never used: the site answers /about/ itself, and a redirect never takes a route\'s place; remove the entry, or the page at that path'],
    );
  });

  test('a bad entry is reported by the check as the loader finds it', async () => {
    const errors = await errorsWith('- { from: /a, to: /about, status: 303 }\n');
    assert.deepEqual(errors, ['0.status: must be one of 301, 302, 307, 308']);
  });

  test('each problem is given the line of its entry and field', async () => {
    const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
    await writeFile(path.join(dir, 'redirects.yaml'), '# Old addresses.\n- from: /a\n  to: /about\n\n- from: /b\n  to: /abot\n- { from: /c, to: /sobre }\n');
    const report = await checkContent(dir);
    assert.deepEqual(
      report.errors.map((error) => [error.line, error.field]),
      [
        [6, '1.to'],
        [7, '2.to'],
      ],
    );
    assert.equal(report.files, 7, "the records, site.yaml and redirects.yaml");
    await writeFile(path.join(dir, 'redirects.yaml'), '- from: /a\n  to: /about\n- from: /b\n  to: /about\n  status: 200\n');
    const loaded = await checkContent(dir);
    assert.deepEqual(
      loaded.errors.map((error) => [error.line, error.field, error.message]),
      [[5, '1.status', 'must be one of 301, 302, 307, 308']],
    );
  });
});

describe('vitrine check on a link to an old address', () => {
  test('a body link that redirects.yaml sends on to a page that answers passes; one it sends nowhere is still dead', async () => {
    const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
    await writeFile(path.join(dir, 'redirects.yaml'), '- { from: /quem-somos, to: /about }\n- { from: /velha-receita, to: /blog/nada }\n');
    const post = path.join(dir, 'posts', 'receita-de-broa.md');
    await writeFile(post, `${(await readFile(post, 'utf8')).trimEnd()}\n\n[Quem somos](/quem-somos/) e [a receita antiga](/velha-receita).\n`);
    const report = await checkContent(dir);
    const links = report.errors.filter((error) => error.file === post).map((error) => error.message);
    assert.equal(links.length, 1, links.join('\n'));
    assert.match(links[0]!, /^link \/velha-receita: /);
  });
});
