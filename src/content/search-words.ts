import { queryTerms } from '../text/normalize.js';
import { STEMMED_LANGUAGES, stemmerOf } from '../text/stemmers.js';
import { STOP_WORDS } from '../text/stop-words.js';
import { closestLocale, withSuggestion } from '../util/suggest.js';
import type { SiteSearch } from './types.js';

/**
 * The checks of what site.yaml tells the search: every locale has a
 * stemmer for its language, and the synonyms and expansions of `search`
 * name locales of the site and words a search can find, none twice.
 */

export interface SearchProblem {
  readonly field: string;
  readonly message: string;
}

/** Each locale the search cannot read: its language has no stemmer. */
export function stemmerProblems(locales: readonly string[]): SearchProblem[] {
  return locales.flatMap((locale, i) =>
    stemmerOf(locale)
      ? []
      : [{ field: `locales[${i}]`, message: `${locale}: the search has no stemmer for its language; the languages it reads are ${STEMMED_LANGUAGES.join(', ')}` }],
  );
}

/** A word or phrase as the search compares them: its words folded, separated by one space. */
const asSearched = (words: string) => queryTerms(words).join(' ');

/**
 * What is wrong with `search` (as parsed, unknown keys already refused) for
 * a site of `locales`, and the same filled in: every locale of the site
 * present, without one where nothing is declared.
 */
export function checkSearch(search: { synonyms?: Record<string, string[][]>; expansions?: Record<string, Record<string, string[]>> } | undefined, locales: readonly string[]): { problems: SearchProblem[]; search: SiteSearch } {
  const problems: SearchProblem[] = [];
  const synonyms = search?.synonyms ?? {};
  const expansions = search?.expansions ?? {};
  const unknownLocale = (field: string, locale: string) => {
    if (!locales.includes(locale)) problems.push({ field, message: withSuggestion(`is not one of the locales (${locales.join(', ')})`, closestLocale(locale, locales)) });
  };
  /** A word or phrase the search can match: it holds a word, and is not one word the search ignores. */
  const searchable = (field: string, words: string) => {
    const terms = queryTerms(words);
    if (terms.length === 0) problems.push({ field, message: `"${words}" holds no word a search could find` });
    else if (terms.length === 1 && STOP_WORDS.has(terms[0]!)) problems.push({ field, message: `"${words}" is a word the search ignores (too common)` });
    return terms.length > 0;
  };
  for (const [locale, groups] of Object.entries(synonyms)) {
    unknownLocale(`search.synonyms.${locale}`, locale);
    // Where each word or phrase is met first: a second group holding it would make two meanings of one word.
    const seen = new Map<string, number>();
    groups.forEach((group, g) => {
      const inGroup = new Set<string>();
      group.forEach((words, w) => {
        const field = `search.synonyms.${locale}[${g}][${w}]`;
        if (!searchable(field, words)) return;
        const key = asSearched(words);
        if (inGroup.has(key)) problems.push({ field, message: `"${words}" is listed twice in this group (case and accents do not matter)` });
        else if (seen.has(key) && seen.get(key) !== g) problems.push({ field, message: `"${words}" is already in group ${seen.get(key)}; put what means the same in one group` });
        inGroup.add(key);
        if (!seen.has(key)) seen.set(key, g);
      });
    });
  }
  for (const [locale, entries] of Object.entries(expansions)) {
    unknownLocale(`search.expansions.${locale}`, locale);
    const keys = new Map<string, string>();
    for (const [from, to] of Object.entries(entries)) {
      const field = `search.expansions.${locale}.${from}`;
      if (!searchable(field, from)) continue;
      const key = asSearched(from);
      if (keys.has(key)) problems.push({ field, message: `"${from}" is the same as "${keys.get(key)}" (case and accents do not matter); join their lists` });
      keys.set(key, from);
      const listed = new Set<string>();
      to.forEach((words, w) => {
        const at = `${field}[${w}]`;
        if (!searchable(at, words)) return;
        const target = asSearched(words);
        if (target === key) problems.push({ field: at, message: `"${words}" is what is searched for: a search for it finds it already` });
        else if (listed.has(target)) problems.push({ field: at, message: `"${words}" is listed twice (case and accents do not matter)` });
        listed.add(target);
      });
    }
  }
  return { problems, search: { synonyms, expansions } };
}
