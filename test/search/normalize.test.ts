import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { canonical, fold, queryTerms, WORD, words } from '../../src/text/normalize.js';
import { STOP_WORDS } from '../../src/text/stop-words.js';

describe('fold', () => {
  test('lowercases and removes diacritics in Portuguese and other Latin text', () => {
    assert.equal(fold('AÇÃO São Paulo Ñandú Über Crème brûlée'), 'acao sao paulo nandu uber creme brulee');
    assert.equal(fold('AUTOMAÇÃO'), fold('automacao'));
    assert.equal(fold('İstanbul'), 'istanbul');
  });

  test('keeps the length of any text, so offsets in folded text are offsets in the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        assert.equal(fold(text).length, text.length);
      }),
    );
  });

  test('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        assert.equal(fold(fold(text)), fold(text));
      }),
    );
  });
});

describe('words', () => {
  test('splits exactly as the WORD class: letters, digits and combining marks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        assert.deepEqual(words(text), text.match(WORD) ?? []);
      }),
    );
    assert.deepEqual(words('ação-rápida, ISO/IEC 27001; 𝐀𝐁 e-mail'), ['ação', 'rápida', 'ISO', 'IEC', '27001', '𝐀𝐁', 'e', 'mail']);
  });
});

describe('queryTerms', () => {
  test('folds decomposed (NFD) input like composed input', () => {
    assert.deepEqual(queryTerms('Integrac\u0327a\u0303o CONTÍNUA'), ['integracao', 'continua']);
    assert.deepEqual(queryTerms('Integração contínua'), ['integracao', 'continua']);
  });

  test('canonical returns the very same string when it is already NFC', () => {
    const text = 'Já está em NFC';
    assert.equal(canonical(text), text);
    assert.equal(canonical('a\u0303'), 'ã');
  });
});

describe('stop words', () => {
  test('are folded, and hold neither content words nor Portuguese verbs such as são', () => {
    for (const word of ['de', 'que', 'nao', 'voce', 'the', 'and', 'e']) assert.ok(STOP_WORDS.has(word), word);
    for (const word of ['sao', 'paulo', 'dados', 'cloud', 'kubernetes', 'lgpd']) assert.ok(!STOP_WORDS.has(word), word);
    for (const word of STOP_WORDS) assert.equal(fold(word), word);
  });
});
