import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseYaml, readSimpleFrontMatter, splitFrontMatter, YamlSyntaxError } from '../../src/util/front-matter.js';
import { FIXTURES, ROOT } from '../helper.js';

/** The front matter block of a markdown file, between its two `---` lines. */
function blockOf(source: string): string | undefined {
  return /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
}

/** Every markdown file under `dir`. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(dir, file));
}

/** What the YAML parser makes of `block`, or its error message. */
function parsed(block: string): unknown {
  try {
    return parseYaml(block, 2);
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('front matter read without the YAML parser', () => {
  test('reads every front matter of the demo content and the fixtures that it reads at all exactly as the YAML parser does', () => {
    const files = [...markdownFiles(path.join(ROOT, 'content')), ...markdownFiles(FIXTURES)];
    let read = 0;
    for (const file of files) {
      const block = blockOf(readFileSync(file, 'utf8'));
      if (block === undefined) continue;
      const simple = readSimpleFrontMatter(block);
      if (simple === undefined) continue;
      read += 1;
      assert.deepEqual(simple, parsed(block), file);
    }
    // The common shape is read directly: every demo post and page, and most fixtures.
    const demo = markdownFiles(path.join(ROOT, 'content'));
    assert.ok(read >= demo.length, `${read} of ${files.length} files read directly, fewer than the ${demo.length} of the demo content`);
  });

  const same: readonly string[] = [
    'title: "Olá, mundo"\nlocale: pt-BR\npublished_at: "2025-04-09T09:30:00Z"',
    'title: Plain words, with commas and "quotes"\ncategory: Inteligência Artificial',
    "title: 'single quoted'\nsummary: 'it is'",
    'published_at: 2025-04-09\nupdated_at: 2025-04-09T09:30:00Z\nother: 2025-04-09T09:30:00.5-03:00',
    'order: 2\nzero: 0',
    'answer: Yes\nswitch: on\nnumber: NaN\nnothing: Nothing',
    'tags: [GRC, SaaS, Automação]\nempty: []',
    'image:\n  file: images/a.png\n  alt: "An image"\ntitle: After',
    'links:\n    website: https://example.com/a\n    docs: https://docs.example.com',
    'title: trailing spaces   \nname: "quoted"   ',
    'title: x\r\nlocale: en\r\n',
    'title: x\n\nlocale: en\n',
  ];
  for (const block of same) {
    test(`reads ${JSON.stringify(block)} as the YAML parser does`, () => {
      const simple = readSimpleFrontMatter(block);
      assert.notEqual(simple, undefined, 'read directly');
      assert.deepEqual(simple, parsed(block));
    });
  }

  const toParser: readonly string[] = [
    'flag: true',
    'flag: False',
    'nothing: null',
    'nothing: ~',
    'nothing:',
    'count: 007',
    'count: -3',
    'ratio: 1.5',
    'hex: 0x1F',
    'big: 12345678901234567890',
    'version: .inf',
    'title: "escaped \\" quote"',
    'title: "a\\tb"',
    "title: 'it''s'",
    'title: a # comment',
    'title: "x" # comment',
    'title: a: b',
    'title: ends with colon:',
    'title: x\ntitle: y',
    'image:\n  file: a.png\nimage:\n  file: b.png',
    'image:\n  file: a.png\n    alt: deeper',
    'image:\n  file: a.png\n alt: shallower',
    'summary: first line\n  continues here',
    'tags:\n  - a\n  - b',
    'tags: [a, [b]]',
    'tags: ["a", b]',
    'title: *anchor',
    'title: &anchor x',
    'title: !tag x',
    '# a comment\ntitle: x',
    '"quoted key": x',
    'key with space: x',
    '__proto__: x',
    'title:x',
    'title:\tx',
    'title: a\u0007b',
    'title: a\ud800b',
    'title: x\rlocale: en',
    '',
    '- a list',
  ];
  for (const block of toParser) {
    test(`leaves ${JSON.stringify(block)} to the YAML parser`, () => {
      assert.equal(readSimpleFrontMatter(block), undefined);
    });
  }

  test('a block left to the parser keeps its errors and their lines', () => {
    assert.throws(() => splitFrontMatter('---\ntitle: x\ntitle: y\n---\nbody'), (error: unknown) => error instanceof YamlSyntaxError && error.line === 3);
    assert.deepEqual(splitFrontMatter('---\ntitle: x\n---\n\nbody\n'), { data: { title: 'x' }, body: 'body\n' });
  });
});
