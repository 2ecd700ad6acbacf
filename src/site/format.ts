/** Presentation of dates and locales for people (the site and the mirrors). */

/** The calendar day of an RFC 3339 timestamp, `2026-08-05`. */
export function isoDay(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/** "5 August 2026" in English, "5 de agosto de 2026" in Portuguese: the reader's locale, UTC day. */
export function longDate(timestamp: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(timestamp));
  } catch {
    // A locale tag Intl does not know still gets a readable date.
    return isoDay(timestamp);
  }
}

/**
 * A language's name in `inLocale`. Its name for itself ("Português
 * (Brasil)") stands alone, on a link that switches to it, and starts with a
 * capital; another language's is a word of a sentence ("Leer en inglés",
 * "Auf Englisch lesen") and is written as that language writes it there.
 */
export function languageName(locale: string, inLocale = locale): string {
  try {
    const name = new Intl.DisplayNames([inLocale], { type: 'language' }).of(locale) ?? locale;
    return locale === inLocale ? name.charAt(0).toLocaleUpperCase(inLocale) + name.slice(1) : name;
  } catch {
    return locale;
  }
}

/**
 * Cloudflare-style `x-markdown-tokens`: an estimate of the tokens a language
 * model spends on the body, at the common rule of thumb of four characters a
 * token. It is a budget hint, not a tokenizer's count.
 */
export function estimateTokens(text: string): number {
  return Math.ceil([...text].length / 4);
}
