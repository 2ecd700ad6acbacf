import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { excerpt, EXCERPT_LENGTH } from '../../src/search/excerpt.js';
import { fold } from '../../src/text/normalize.js';
import { FUZZ_SEED } from '../fuzz/support.js';

const filler = (word: string, count: number) => Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');

describe('excerpt', () => {
  test('a short text is shown whole, whitespace collapsed, without …', () => {
    assert.equal(excerpt('Uma   automação\nsimples.', ['automacao']), 'Uma automação simples.');
  });

  test('a match in the middle of a long text: context before it, … at both ends, whole words', () => {
    const source = `${filler('antes', 60)} A Automação chegou. ${filler('depois', 60)}`;
    const text = excerpt(source, ['automacao']);
    assert.ok(text.startsWith('…') && text.endsWith('…'), text);
    const inner = text.slice(1, -1);
    assert.ok(source.includes(inner), text);
    assert.ok(inner.includes('A Automação chegou.'), text);
    assert.ok(inner.length <= EXCERPT_LENGTH && inner.length > EXCERPT_LENGTH - 20, `${inner.length}`);
    assert.ok(inner.indexOf('Automação') >= 20, 'keeps some words before the match');
    assert.match(inner, /^antes\d+ /);
    assert.match(inner, / depois\d+$/);
  });

  test('a match near the start: no leading …', () => {
    const text = excerpt(`Automação primeiro. ${filler('depois', 60)}`, ['automacao']);
    assert.ok(text.startsWith('Automação primeiro.'), text);
    assert.ok(text.endsWith('…'));
  });

  test('a match near the end: no trailing …, and still about the full length', () => {
    const source = `${filler('antes', 60)} e no fim a automação.`;
    const text = excerpt(source, ['automacao']);
    assert.ok(text.startsWith('…'));
    assert.ok(text.endsWith('no fim a automação.'), text);
    assert.ok(text.length >= EXCERPT_LENGTH - 20, `${text.length}`);
  });

  test('prefers the stretch that holds the most distinct terms', () => {
    const source = `kubernetes once. ${filler('x', 40)} Here kubernetes upgrades run in a runbook. ${filler('y', 40)}`;
    const text = excerpt(source, ['kubernetes', 'upgrades', 'runbook']);
    assert.ok(text.includes('Here kubernetes upgrades run in a runbook.'), text);
  });

  test('matches whole words only', () => {
    const source = `${filler('a', 40)} cloudy days. ${filler('b', 40)} the cloud is here. ${filler('c', 40)}`;
    assert.ok(excerpt(source, ['cloud']).includes('the cloud is here.'));
  });

  test('a text without the terms opens the excerpt', () => {
    const source = `Notes from a trip. ${filler('word', 60)}`;
    const text = excerpt(source, ['quokka']);
    assert.ok(text.startsWith('Notes from a trip. word0'), text);
    assert.ok(text.endsWith('…'));
  });

  test('a single word longer than an excerpt is cut inside it', () => {
    assert.equal(excerpt('x'.repeat(400), ['automacao']), `${'x'.repeat(EXCERPT_LENGTH)}…`);
    assert.equal(excerpt(`${'x'.repeat(400)} automação`, ['automacao']), '…automação');
  });

  test('no dangling comma or dash before the closing …', () => {
    const source = `A automação, ${filler('termo', 30).replaceAll(' ', ', ')}`;
    assert.doesNotMatch(excerpt(source, ['automacao']), /[,;:–—-]…$/);
  });

  test('with the folded source given, the same excerpt as without it, for any text and terms', () => {
    // Mostly filler, so that where the few matches fall decides the excerpt. Words with accents,
    // capitals, digits, a Greek sigma, letters outside the BMP, a combining mark and a dotted I;
    // separators with punctuation, an emoji (not a word character) and a lone surrogate.
    const filler = fc.constantFrom('a', 'de', 'x1', '2026');
    const rare = fc.constantFrom('Automação', 'AUTOMAÇÃO', 'automacao', 'cloud', 'Cloudy', 'cloud2', 'Multicloud', 'ΟΔΟΣ', 'σοφία', '𝐀𝐁𝐂', 'éte\u0301', 'İstanbul', 'kubernetes');
    const word = fc.oneof({ weight: 12, arbitrary: filler }, { weight: 1, arbitrary: rare });
    const separator = fc.constantFrom(' ', ' ', ' ', '\n', ', ', '. ', '-', "'", ' 🚀 ', '\ud800');
    const source = fc.array(fc.tuple(word, separator), { minLength: 20, maxLength: 200, size: 'max' }).map((parts) => parts.flat().join(''));
    const terms = fc.array(fc.constantFrom('automacao', 'cloud', 'cloudy', 'οδος', 'σοφια', '𝐚𝐛𝐜', 'etê', 'istanbul', 'kubernetes', 'quokka'), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(source, terms, (text, wanted) => {
        assert.equal(excerpt(text, wanted, fold(text)), excerpt(text, wanted));
      }),
      { seed: FUZZ_SEED, numRuns: 1000 },
    );
  });
});
