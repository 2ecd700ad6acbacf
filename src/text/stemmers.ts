import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as irish } from '@orama/stemmers/irish';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as nepali } from '@orama/stemmers/nepali';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';

/**
 * The stemmer of each language the search knows: a word and its other
 * forms (`nuvem`, `nuvens`; `policy`, `policies`; `upgrade`, `upgrading`)
 * share a stem, through which a query finds documents that spell the word
 * another way. The stemmers are the Snowball algorithms of each language
 * (snowballstem.org) as @orama/stemmers ships them; its English is
 * Porter's original algorithm, the one Snowball also offers as `porter`.
 *
 * A stemmer takes one word, lowercase, accents kept (the Snowball rules of
 * Portuguese, French or German read them), and returns its stem.
 */
export type Stem = (word: string) => string;

/** A language's stemmer, by ISO 639-1 code (the language subtag of a BCP 47 locale). */
const STEMMERS: Readonly<Record<string, Stem>> = {
  ar: arabic,
  bg: bulgarian,
  da: danish,
  de: german,
  el: greek,
  en: english,
  es: spanish,
  fi: finnish,
  fr: french,
  ga: irish,
  hi: hindi,
  hu: hungarian,
  hy: armenian,
  id: indonesian,
  it: italian,
  lt: lithuanian,
  nb: norwegian,
  ne: nepali,
  nl: dutch,
  nn: norwegian,
  no: norwegian,
  pt: portugueseWithPlurals,
  ro: romanian,
  ru: russian,
  sr: serbian,
  sv: swedish,
  ta: tamil,
  tr: turkish,
  uk: ukrainian,
};

/** The languages with a stemmer, by ISO 639-1 code, in code order. */
export const STEMMED_LANGUAGES: readonly string[] = Object.freeze(Object.keys(STEMMERS).sort());

/** The language of a BCP 47 locale as the stemmers are named: its language subtag, lowercase (`pt-BR` -> `pt`). */
export function languageOf(locale: string): string {
  return locale.split(/[-_]/)[0]!.toLowerCase();
}

/** The stemmer of `locale`'s language, or none when the search has no stemmer for it. */
export function stemmerOf(locale: string): Stem | undefined {
  const language = languageOf(locale);
  return Object.hasOwn(STEMMERS, language) ? STEMMERS[language] : undefined;
}

/** Plural endings whose singular Snowball's Portuguese stemmer would not reach, and the singular ending of each. */
const PORTUGUESE_PLURALS: readonly (readonly [plural: string, singular: string])[] = [
  ['ões', 'ão'],
  ['ães', 'ão'],
  // The same typed without accents, as queries often are: "migracoes" stems as "migracao", whose stem folds as that of "migração".
  ['oes', 'ao'],
  ['aes', 'ao'],
  ['éis', 'el'],
  ['óis', 'ol'],
  ['ais', 'al'],
  ['ns', 'm'],
];

/** Words that end as a plural does, yet are not one (or whose singular is irregular). */
const NOT_PORTUGUESE_PLURALS: ReadonlySet<string> = new Set(['mães', 'mais', 'demais', 'jamais', 'cais', 'pais', 'ais']);

/**
 * Portuguese: the plural is reduced to its singular first, then Snowball's
 * stemmer runs. Snowball removes a suffix only within the word's R regions,
 * so the plurals of short words kept an ending their singular lacks:
 * `nuvens` stayed `nuvens` while `nuvem` became `nuv`, `migrações`
 * `migraçõ` while `migração` became `migraçã`. The reduction is the plural
 * step of RSLP (Orengo and Huyck, "A Stemming Algorithm for the Portuguese
 * Language", SPIRE 2001), for the endings Snowball leaves, and an `s` after
 * a consonant, which only borrowed words have (`backups`, `containers`).
 */
function portugueseWithPlurals(word: string): string {
  return portuguese(portugueseSingular(word));
}

export function portugueseSingular(word: string): string {
  if (word.length < 4 || NOT_PORTUGUESE_PLURALS.has(word)) return word;
  for (const [plural, singular] of PORTUGUESE_PLURALS) {
    if (word.endsWith(plural) && word.length > plural.length) return word.slice(0, -plural.length) + singular;
  }
  // A borrowed word's plural: a consonant, then "s".
  if (word.endsWith('s') && /[b-df-hj-np-rt-z]s$/.test(word)) return word.slice(0, -1);
  return word;
}
