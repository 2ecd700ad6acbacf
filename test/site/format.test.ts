import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colonOf, estimateTokens, labelled, languageName, longDate, markOf, ownLanguageName } from '../../src/documents/format.js';

test('the token estimate counts characters as code points: an emoji or a CJK character written in two UTF-16 units is one', () => {
  const texts = ['', 'a', 'abcd', 'abcde', 'ação', '😀', 'a😀b', '𠮷野家', '\ud83d', 'x\ud83d', '\ude00y', '\ud83d\ud83d\ude00', 'é'.repeat(9), `${'😀'.repeat(7)}z`];
  for (const text of texts) assert.equal(estimateTokens(text), Math.ceil([...text].length / 4), JSON.stringify(text));
  assert.equal(estimateTokens('😀😀😀😀'), 1, 'four emoji are four characters');
});

test('a long date in the reader\'s locale, the same on every call; an unknown locale gets the ISO day', () => {
  assert.equal(longDate('2026-08-05T10:00:00Z', 'en'), 'August 5, 2026');
  assert.equal(longDate('2026-08-05T10:00:00Z', 'pt-BR'), '5 de agosto de 2026');
  assert.equal(longDate('2026-08-05T23:30:00-03:00', 'en'), 'August 6, 2026', 'the UTC day');
  assert.equal(longDate('2026-08-05T10:00:00Z', 'en'), 'August 5, 2026');
  assert.equal(longDate('2026-08-05T10:00:00Z', 'not a locale!'), '2026-08-05');
  assert.equal(longDate('2026-08-05T10:00:00Z', 'not a locale!'), '2026-08-05');
});

test('a language\'s name in a sentence is written as that language writes it, its own name included', () => {
  assert.equal(languageName('en', 'es'), 'inglés');
  assert.equal(languageName('en', 'de'), 'Englisch');
  assert.equal(languageName('es'), 'español');
  assert.equal(languageName('fr'), 'français');
  assert.equal(languageName('de'), 'Deutsch');
  assert.equal(languageName('xx-?'), 'xx-?', 'a tag Intl refuses is shown as it is');
});

test('a language\'s name for itself, standing alone on the link that switches to it, starts with a capital', () => {
  assert.equal(ownLanguageName('pt-BR'), 'Português (Brasil)');
  assert.equal(ownLanguageName('es'), 'Español');
  assert.equal(ownLanguageName('fr'), 'Français');
  assert.equal(ownLanguageName('xx-?'), 'xx-?');
});

test('French writes the first of a month as an ordinal, "1er", and no other day nor language does', () => {
  assert.equal(longDate('2015-06-01', 'fr'), '1er juin 2015');
  assert.equal(longDate('2026-01-01T12:00:00Z', 'fr-CA'), '1er janvier 2026');
  assert.equal(longDate('2015-06-11', 'fr'), '11 juin 2015');
  assert.equal(longDate('2015-06-21', 'fr'), '21 juin 2015');
  assert.equal(longDate('2015-06-01', 'de'), '1. Juni 2015');
  assert.equal(longDate('2015-06-01', 'es'), '1 de junio de 2015');
  assert.equal(longDate('2015-06-01', 'en'), 'June 1, 2015');
});

test('a punctuation mark the engine joins is set as the language sets it: French spaces it with a no-break space', () => {
  assert.equal(colonOf('fr'), '\u00a0:');
  assert.equal(colonOf('fr-CA'), '\u00a0:');
  assert.equal(markOf('fr', ';'), '\u202f;');
  assert.equal(markOf('fr', '?'), '\u202f?');
  assert.equal(markOf('fr', '!'), '\u202f!');
  for (const locale of ['en', 'de', 'es', 'pt-BR']) {
    assert.equal(colonOf(locale), ':');
    assert.equal(markOf(locale, '?'), '?');
  }
  assert.equal(labelled('fr', 'Étiquettes', 'Services'), 'Étiquettes\u00a0: Services');
  assert.equal(labelled('de', 'Schlagwörter', 'Leistungen'), 'Schlagwörter: Leistungen');
});
