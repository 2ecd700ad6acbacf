/**
 * Text normalization shared by the index, the query and the excerpts.
 *
 * Folding is accent- and case-insensitive (`automacao`
 * finds `Automação`, `AUTOMAÇÃO` finds `automacao`) and keeps the length of
 * the text: the character at position i of `fold(text)` comes from the
 * character at position i of `text`. A match found in folded text is
 * therefore at the same offsets in the original, which is how an excerpt is
 * cut from the original text around a match.
 */

/** A word: letters, digits and combining marks. Everything else separates words. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Characters already folded: only ever as many as there are UTF-16 code units. */
const foldedChars = new Map<string, string>();

/** One lowercase UTF-16 code unit without its diacritics, or itself when that takes more or fewer units. */
function foldChar(char: string): string {
  let folded = foldedChars.get(char);
  if (folded === undefined) {
    // NFD splits "ã" into "a" + U+0303; the combining marks (\p{M}) are dropped.
    const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
    folded = base.length === 1 ? base.toLowerCase() : char;
    foldedChars.set(char, folded);
  }
  return folded;
}

/**
 * Lowercase, without diacritics, the same length as `text`. Callers pass
 * NFC text (see `canonical`), so a precomposed "ç" folds to "c"; a combining
 * mark that NFC could not compose stays, on both the query and the index side.
 */
export function fold(text: string): string {
  return foldLowercase(lower(text));
}

/** fold() of text already lowercase (`lower(text)`), which it does not lowercase again. */
export function foldLowercase(lowered: string): string {
  // ASCII is already final after toLowerCase(); only the rest goes through the table.
  return lowered.replace(/[^\0-\x7f]/g, foldChar);
}

/**
 * Lowercase, accents kept, the same length as `text`: the form a stemmer
 * reads (normalize.ts folds only after stemming, see stemmers.ts).
 */
export function lower(text: string): string {
  // U+0130 (İ) is the one UTF-16 code unit whose lowercase is two units long.
  return (text.includes('\u0130') ? text.replaceAll('\u0130', 'I') : text).toLowerCase();
}

/** fold() of each UTF-16 code unit on its own, filled as they are met (-1: not yet). */
const foldedUnits = new Int32Array(0x10000).fill(-1);

/** The code unit `code` folds to, out of context: a quick first test before folding a whole word. */
export function foldUnit(code: number): number {
  let folded = foldedUnits[code]!;
  if (folded < 0) {
    folded = fold(String.fromCharCode(code)).charCodeAt(0);
    foldedUnits[code] = folded;
  }
  return folded;
}

/** NFC form of `text`, or `text` itself (the same string, not a copy) when it is already NFC. */
export function canonical(text: string): string {
  const nfc = text.normalize('NFC');
  return nfc === text ? text : nfc;
}

/**
 * Which UTF-16 code units belong to words (the WORD class), as a table: the
 * index splits millions of words, and a table lookup per character is several
 * times faster than a Unicode-property regular expression. Filled as code
 * units are met (-1: not yet), so start-up does not test all 65,536.
 */
const WORD_UNITS = new Int8Array(0x10000).fill(-1);
const WORD_UNIT = /[\p{L}\p{N}\p{M}]/u;

function isWordUnit(code: number): boolean {
  let known = WORD_UNITS[code]!;
  if (known < 0) {
    known = WORD_UNIT.test(String.fromCharCode(code)) ? 1 : 0;
    WORD_UNITS[code] = known;
  }
  return known === 1;
}
const ASTRAL_WORD = /^[\p{L}\p{N}\p{M}]$/u;

/** Whether a surrogate pair starts at `index` of `text` and is a letter, digit or mark outside the BMP. */
function astralWordAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff || index + 1 >= text.length) return false;
  const codePoint = text.codePointAt(index)!;
  return codePoint > 0xffff && ASTRAL_WORD.test(String.fromCodePoint(codePoint));
}

/**
 * Whether the code unit at `index` belongs to a word as forEachWord splits
 * `text`: a word unit, or either half of a surrogate pair that is one.
 */
export function isWordAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  if (isWordUnit(text.charCodeAt(index)) || astralWordAt(text, index)) return true;
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff && astralWordAt(text, index - 1);
}

/**
 * Calls `visit` with the start and end offsets of each word of `text`, in
 * order (the WORD class), until it returns false.
 */
export function forEachWord(text: string, visit: (start: number, end: number) => boolean | void): void {
  let start = -1;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    let width = 1;
    let inWord = isWordUnit(code);
    // A letter outside the Basic Multilingual Plane is a surrogate pair.
    if (!inWord && astralWordAt(text, i)) {
      inWord = true;
      width = 2;
    }
    if (inWord) {
      if (start < 0) start = i;
      i += width - 1;
    } else if (start >= 0) {
      if (visit(start, i) === false) return;
      start = -1;
    }
  }
  if (start >= 0) visit(start, text.length);
}

/** The words of already folded text, in order. */
export function words(folded: string): string[] {
  const found: string[] = [];
  forEachWord(folded, (start, end) => {
    found.push(folded.slice(start, end));
  });
  return found;
}

/** The terms of a query: NFC, folded, split into words. */
export function queryTerms(query: string): string[] {
  return words(fold(canonical(query)));
}

/** One word of a query: as its terms are indexed (folded), and as it was typed (NFC, lowercase, accents kept). */
export interface QueryWord {
  readonly term: string;
  readonly typed: string;
}

/** The words of a query in order, each folded and as typed (queryTerms gives the folded ones). */
export function queryWords(query: string): QueryWord[] {
  const typed = lower(canonical(query));
  const folded = fold(typed);
  const found: QueryWord[] = [];
  forEachWord(folded, (start, end) => {
    found.push({ term: folded.slice(start, end), typed: typed.slice(start, end) });
  });
  return found;
}
