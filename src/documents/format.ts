/** Presentation of dates and locales for people (the site and the mirrors). */
import { rememberedByValue } from '../util/remembered.js';

/** The calendar day of an RFC 3339 timestamp, `2026-08-05`. */
export function isoDay(timestamp: string): string {
  return timestamp.slice(0, 10);
}

// Intl's formatters are made once per locale, and language names once per pair: making a formatter
// costs tens of microseconds, and every page of a site asks for the same few.
const longDates = rememberedByValue((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));

/**
 * "5 August 2026" in English, "5 de agosto de 2026" in Portuguese: the
 * reader's locale, UTC day. French writes the first of a month as an
 * ordinal ("1er juin 2015"), which Intl does not: the day is made one here.
 */
export function longDate(timestamp: string, locale: string): string {
  try {
    const parts = longDates(locale).formatToParts(new Date(timestamp));
    const firstOfMonth = isFrench(locale) && parts.some((part) => part.type === 'day' && part.value === '1');
    return parts.map((part) => (firstOfMonth && part.type === 'day' ? '1er' : part.value)).join('');
  } catch {
    // A locale tag Intl does not know still gets a readable date.
    return isoDay(timestamp);
  }
}

/** A day in the reader's words (longDate), or a year alone (`2014`) as it is: a company that gives only its founding year. */
export function dayOrYear(value: string, locale: string): string {
  return /^\d{4}$/.test(value) ? value : longDate(value, locale);
}

/**
 * A language's name in `inLocale`, as a word of a sentence is written in
 * that language: "Leer en inglés", "Flux (français)", "Feed (Deutsch)",
 * lower case where the language writes its names so, as Intl gives them.
 */
export function languageName(locale: string, inLocale = locale): string {
  // Locale tags hold no space: the pair is one key.
  return languageNamesOf(`${locale} ${inLocale}`);
}

/**
 * A language's name for itself, standing alone on the link that switches to
 * it ("Español", "Français", "Português (Brasil)"): it starts with a capital
 * as a menu item does.
 */
export function ownLanguageName(locale: string): string {
  const name = languageName(locale);
  try {
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return name;
  }
}

const languageNamesOf = rememberedByValue((pair) => {
  const [locale = '', inLocale = locale] = pair.split(' ');
  try {
    return new Intl.DisplayNames([inLocale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
});

/**
 * Cloudflare-style `x-markdown-tokens`: an estimate of the tokens a language
 * model spends on the body, at the common rule of thumb of four characters a
 * token. It is a budget hint, not a tokenizer's count.
 */
export function estimateTokens(text: string): number {
  return tokensOf(characterCount(text));
}

/** The estimate for a text of `characters` code points (a text counted in pieces). */
export function tokensOf(characters: number): number {
  return Math.ceil(characters / 4);
}

/** How many characters (code points) `text` holds, as `[...text].length` counts them, without the array. */
export function characterCount(text: string): number {
  // A high surrogate followed by a low one is one character written in two units; a lone one counts as one.
  return SURROGATE.test(text) ? text.length - (text.match(SURROGATE_PAIRS)?.length ?? 0) : text.length;
}

const SURROGATE = /[\uD800-\uDFFF]/;
const SURROGATE_PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** A high punctuation mark that French sets apart from the word before it. */
export type HighMark = ':' | ';' | '?' | '!';

/**
 * A punctuation mark as the language of `locale` sets it after a word, for
 * every place the engine joins words itself ("Étiquettes : ...", "404 : ...",
 * "Lire en allemand : ..."): French puts a no-break space (U+00A0) before a
 * colon and a narrow no-break space (U+202F) before ";", "?" and "!", as its
 * message catalog does, so the mark never starts a line; the other
 * languages put none.
 */
export function markOf(locale: string, mark: HighMark): string {
  if (!isFrench(locale)) return mark;
  return mark === ':' ? '\u00a0:' : `\u202f${mark}`;
}

/** The colon after a label, as `locale` writes it (see markOf). */
export function colonOf(locale: string): string {
  return markOf(locale, ':');
}

/** `label: value` with the colon `locale` writes. */
export function labelled(locale: string, label: string, value: string): string {
  return `${label}${colonOf(locale)} ${value}`;
}

function isFrench(locale: string): boolean {
  return locale.split('-')[0]!.toLowerCase() === 'fr';
}
