import { perCatalog } from '../content/per-catalog.js';
import { pauseEverySlice } from '../util/pause.js';
import { markdownToText } from '../content/markdown.js';
import type { Catalog, Page, Post, Product } from '../content/types.js';
import { tagLabel } from '../content/site-texts.js';
import type { Analysis, Concept, Hit, WordPlan } from './engine.js';
import { best, FIELDS, MIN_TYPO_LENGTH, TermIndex } from './engine.js';
import { excerpt } from './excerpt.js';
import type { QueryWord } from '../text/normalize.js';
import { canonical, fold, forEachWord, lower, queryWords } from '../text/normalize.js';
import { languageOf, stemmerOf } from '../text/stemmers.js';
import { STOP_WORDS } from '../text/stop-words.js';

/**
 * Full-text search over the products, pages and posts of one Catalog
 * (`GET /api/v1/search`). The REST endpoint and the MCP tool
 * `search_content` both call `searchIndexFor`.
 *
 * - Accents and case never matter: words are folded (normalize.ts) on both
 *   the index and the query side.
 * - Every word of the query must match; when no record has them all, any of
 *   them may, so a question in natural language still finds the records that
 *   share its key words.
 * - The last word also matches as a prefix while it is being typed (the
 *   query does not end in a space or punctuation) and no record holds it as
 *   a whole word; words of MIN_TYPO_LENGTH
 *   letters or more tolerate one typo (engine.ts).
 * - A word also finds its other forms (`nuvens` finds `nuvem`, `policies`
 *   `policy`, `upgrading` `upgrade`): each record's words are indexed with
 *   their stems in the record's language (stemmers.ts; products are in the
 *   site's default locale). The form asked for ranks above the others.
 * - The site's synonyms (site.yaml `search`): a word or phrase declared to
 *   mean the same as another finds the records of that locale that use the
 *   other; an expansion does so one way only.
 * - A search that finds nothing suggests queries that do: the indexed words
 *   nearest to each of its words (`suggestions`).
 * - Ranking is BM25+ (engine.ts, scored as MiniSearch scores); a match in a title or name weighs more
 *   than one in a summary, tag or category, which weighs more than one in a
 *   body.
 * - Records are matched and excerpted on their plain text (`text`, computed
 *   by the loader without markdown syntax).
 */

export type SearchKind = 'product' | 'page' | 'post';

/** Every kind, in the order the index holds them. */
export const SEARCH_KINDS: readonly SearchKind[] = Object.freeze(['product', 'page', 'post'] as const);

/** At most this many hits in one answer, which bounds the work one request costs. */
export const MAX_SEARCH_LIMIT = 100;

export interface SearchOptions {
  /** How many hits to return, 1 to MAX_SEARCH_LIMIT. */
  readonly limit: number;
  /** How many of the best hits to skip first (a later page). */
  readonly offset?: number;
  /** Only hits of this kind. */
  readonly kind?: SearchKind;
  /** Only records in this locale: products (the original's locale is the default one), pages and posts. */
  readonly locale?: string;
  /**
   * What a reader of one language is shown: the records in that language,
   * and the products not translated into it, in the default language.
   */
  readonly language?: string;
  /** Only records published at or after this instant (epoch milliseconds); those without a publication date are left out. */
  readonly publishedSince?: number;
  /** Only records published before this instant (epoch milliseconds); those without a publication date are left out. */
  readonly publishedBefore?: number;
  /**
   * The order of the hits: by relevance (absent), or by publication date,
   * newest first (`-published_at`) or oldest first (`published_at`), the
   * hits without a date after the others; equal dates by relevance.
   */
  readonly sort?: 'published_at' | '-published_at';
}

export interface SearchHit {
  readonly kind: SearchKind;
  readonly slug: string;
  /** The post or page title, the product name. */
  readonly title: string;
  /** Plain text around the best match, `…` where cut. */
  readonly excerpt: string;
  /** Relevance (BM25+), rounded to three decimals; hits come highest first. */
  readonly score: number;
  /**
   * The indexed words that matched (lowercase, without accents): `automacao`
   * for a query `automaçao`, and the record's words that share a stem with
   * the query's (`nuvem` for `nuvens`) or are its declared synonyms.
   */
  readonly matches: readonly string[];
  readonly url: string;
  readonly markdown_url: string;
  /** The record's locale: its language. */
  readonly locale?: string;
}

export interface SearchResult {
  /** The query as given. */
  readonly query: string;
  /** The first `limit` hits. */
  readonly items: readonly SearchHit[];
  /** Every hit that matches, not just the ones in `items`. */
  readonly total: number;
  readonly limit: number;
  /** How many better hits came before `items`. */
  readonly offset: number;
  /** When nothing matched: queries that find something (each word replaced by the nearest indexed word), best first; otherwise empty. */
  readonly suggestions: readonly string[];
}

/** One record as the index sees it; its position in the index is its record id. */
interface Entry {
  readonly kind: SearchKind;
  readonly record: Product | Page | Post;
  readonly title: string;
  /** Summary of a product or post, description of a page, as plain text. */
  readonly summary: string;
  /** Its tags and category, as written and as labelled in its locale, separated by spaces. */
  readonly tags: string;
  /** The record's locale, when its kind has one. */
  readonly locale: string | undefined;
  /** The locales whose readers are shown this record: its own, and for an original product every locale it is not translated into. */
  readonly shownIn: ReadonlySet<string>;
  /** When it was published (epoch milliseconds), when its kind has a publication date. */
  readonly published: number | undefined;
  /** What its excerpts are cut from: its summary and text, NFC. */
  readonly source: string;
  /** `source` folded (normalize.ts), the same length: where the matched terms are found. */
  readonly folded: string;
}

/**
 * The names a product or post is filed under, as searched: each tag as
 * written and as labelled on its locale's pages (a reader searches the word
 * the page shows), and a post's category.
 */
function tagWords(catalog: Catalog, record: Product | Post): string {
  const tags = record.tags.flatMap((tag) => [tag, tagLabel(catalog.site, tag, record.locale)]);
  return [...new Set([...('category' in record ? [record.category] : []), ...tags])].join(' ');
}

/** The last word matches as a prefix from this length on: a single letter stands for too many words to mean anything. */
const MIN_PREFIX_LENGTH = 2;

/** A query ending in a word character is still being typed: its last word is a prefix. */
const OPEN_WORD_AT_END = /[\p{L}\p{N}\p{M}]$/u;

/** Characters that may be markdown syntax in a front matter string. */
const MARKDOWN_SYNTAX = /[*_`[\]<>#!~\\|]/;

export class SearchIndex {
  readonly #entries: readonly Entry[];
  readonly #engine: TermIndex;

  private constructor(entries: readonly Entry[], engine: TermIndex) {
    this.#entries = entries;
    this.#engine = engine;
  }

  /** The index of `catalog`, built in steps (see TermIndex.loading). */
  static *building(catalog: Catalog): Generator<void, SearchIndex> {
    const entries: Entry[] = [];
    const fields: string[][] = [];
    const { locales, default_locale } = catalog.site;
    const add = (kind: SearchKind, record: Product | Page | Post, title: string, tags: string, summary: string) => {
      const original = kind === 'product' && record.locale === default_locale;
      const translated = new Set(original ? record.translations.map((t) => t.locale) : []);
      const shownIn = new Set(original ? locales.filter((locale) => !translated.has(locale)) : [record.locale]);
      const published = 'published_at' in record ? Date.parse(record.published_at) : undefined;
      const plainSummary = plain(summary);
      // Made from the markdown on each read (content/load.ts): read once.
      const text = record.text;
      const source = canonical(`${plainSummary}\n${text}`);
      const entry = { kind, record, title, summary: plainSummary, tags, locale: record.locale, shownIn, published, source, folded: fold(source) };
      entries.push(entry);
      // In the order of FIELDS: title, tags, summary, text.
      fields.push([title, tags, entry.summary, text]);
    };
    for (const { products } of catalog.productsByLocale.values()) for (const p of products) add('product', p, p.name, tagWords(catalog, p), p.summary);
    for (const { pages } of catalog.pagesByLocale.values()) for (const p of pages) add('page', p, p.title, '', p.description);
    // Reading `text` parses the post's markdown the first time (content/load.ts): pause now and then.
    for (const [n, p] of catalog.posts.entries()) {
      if (n % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
      add('post', p, p.title, tagWords(catalog, p), p.summary);
    }
    yield;
    return new SearchIndex(entries, yield* TermIndex.loading(fields, searchAnalysis(catalog)));
  }

  /** How many records the index holds. */
  get size(): number {
    return this.#entries.length;
  }

  search(query: string, options: SearchOptions): SearchResult {
    const { limit, offset = 0 } = options;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw new RangeError(`limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${limit}`);
    }
    const accept = acceptor(options, this.#entries);
    const { words, plans, hits } = this.#match(query, accept);
    const top = options.sort === undefined ? best(hits, offset + limit) : this.#byDate(hits, options.sort === '-published_at').slice(0, offset + limit);
    const items = top.slice(offset).map((hit): SearchHit => {
      const entry = this.#entries[hit.id]!;
      const terms = this.#engine.matchedTerms(plans, hit.id);
      const { record } = entry;
      return {
        kind: entry.kind,
        slug: record.slug,
        title: entry.title,
        excerpt: this.#excerpt(entry, terms),
        score: Math.round(hit.score * 1000) / 1000,
        matches: terms,
        url: record.url,
        markdown_url: record.markdown_url,
        ...(entry.locale === undefined ? {} : { locale: entry.locale }),
      };
    });
    const suggestions = hits.length === 0 ? this.#suggestions(query, words, accept) : [];
    return { query, items, total: hits.length, limit, offset, suggestions };
  }

  /** `hits` by publication date (newest first when `newest`), the undated after; equal dates best match first. */
  #byDate(hits: readonly Hit[], newest: boolean): Hit[] {
    const date = (hit: Hit) => this.#entries[hit.id]!.published;
    return [...hits].sort((a, b) => {
      const [da, db] = [date(a), date(b)];
      if (da !== db) {
        if (da === undefined) return 1;
        if (db === undefined) return -1;
        return newest ? db - da : da - db;
      }
      return b.score - a.score || a.id - b.id;
    });
  }

  /**
   * The excerpt of a hit. What it is cut from, the record's text and the
   * same folded, is made with the index and kept with it: made for each hit,
   * the sources of a long article cost more than the search (the demo's REST
   * search with every query new answered half as many requests); kept in a
   * cache of recent ones, every new hit's outlived the young generation and
   * copying them out of it made a collection every few dozen searches take
   * milliseconds (10,000 posts, `npm run bench:search`: p99 11.5 ms). Made
   * with the index they are old already, and a search allocates no text but
   * its excerpts.
   */
  #excerpt(entry: Entry, terms: readonly string[]): string {
    return excerpt(entry.source, terms, entry.folded);
  }

  /**
   * The words of a query the search looks for, the plans of their terms, and
   * every record that matches them, in no useful order. A phrase of the
   * site's synonyms in the query is also looked for as what it means: the
   * records matching the query with the phrase taken as one concept are
   * added, scored so.
   */
  #match(query: string, accept: ((id: number) => boolean) | undefined): { words: QueryWord[]; plans: WordPlan[]; hits: Hit[] } {
    const all = queryWords(query);
    const last = all.at(-1);
    const typing = last !== undefined && OPEN_WORD_AT_END.test(query) && [...last.term].length >= MIN_PREFIX_LENGTH;
    const prefix = (at: number) => typing && at === all.length - 1;
    // Stop words are not indexed; the word being typed still stands for its completions.
    const wanted = all.map((word, at) => ({ word, at })).filter(({ word, at }) => !STOP_WORDS.has(word.term) || prefix(at));
    const seen = new Set<string>();
    const kept = wanted.filter(({ word }) => !seen.has(word.term) && seen.add(word.term));
    const plan = ({ word, at }: (typeof kept)[number]) => this.#engine.plan(word.term, prefix(at), word.typed);
    const plans = kept.map(plan);
    const words = kept.map(({ word }) => word);
    if (plans.length === 0) return { words, plans, hits: [] };
    // Every word must match; when no record has them all, any of them may.
    let hits = this.#engine.match(plans, 'AND', accept);
    const phrases = this.#engine.phrases(all.map((word) => word.term));
    if (phrases.length > 0) {
      const outside = kept.filter(({ at }) => phrases.every((phrase) => at < phrase.start || at >= phrase.end));
      const meant = [...outside.map(plan), ...phrases.map((phrase) => phrase.plan)];
      hits = union(hits, this.#engine.match(meant, 'AND', accept));
      plans.push(...phrases.map((phrase) => phrase.plan));
    }
    if (hits.length === 0 && plans.length > 1) hits = this.#engine.match(plans, 'OR', accept);
    return { words, plans, hits };
  }

  /**
   * Queries that find something, for a query that found nothing: each of
   * its words that finds nothing replaced by one of the indexed words
   * nearest to it (two edits for a word of MIN_TYPO_LENGTH letters or more,
   * which tolerated one already; one for a shorter one), as the records
   * spell it; at most MAX_SUGGESTIONS, each checked to find something
   * under the same filters.
   */
  #suggestions(query: string, words: readonly QueryWord[], accept: ((id: number) => boolean) | undefined): string[] {
    const options = words.map((word) => {
      if (this.#engine.match([this.#engine.plan(word.term, false, word.typed)], 'OR', accept).length > 0) return [word.typed];
      const letters = [...word.term].length;
      const edits = letters >= MIN_TYPO_LENGTH ? 2 : letters >= 3 ? 1 : 0;
      return edits === 0 ? [] : this.#engine.closest(word.term, edits, CANDIDATES_PER_WORD);
    });
    const candidates: string[][] = [options.flatMap((found) => found.slice(0, 1))];
    options.forEach((found, i) => {
      for (const other of found.slice(1)) candidates.push(options.flatMap((each, j) => (j === i ? [other] : each.slice(0, 1))));
    });
    const suggestions: string[] = [];
    const asked = queryWords(query)
      .map((word) => word.term)
      .join(' ');
    for (const candidate of candidates) {
      if (suggestions.length === MAX_SUGGESTIONS) break;
      if (candidate.length === 0) continue;
      const shown = candidate.map((term) => this.#spelling(term)).join(' ');
      if (suggestions.includes(shown) || fold(shown) === asked) continue;
      // Complete words, as a suggestion is a query in its own right.
      if (this.#match(`${shown} `, accept).hits.length > 0) suggestions.push(shown);
    }
    return suggestions;
  }

  /**
   * How records write the indexed word `term`, accents kept: `migração` for
   * `migracao`; `term` itself when none is found. Its case is the one the
   * text gives it inside a sentence, so a German noun keeps its capital
   * (`Messdaten`) and an English word starting a title does not
   * (`cloud`); where the text has it only at the start of a sentence or in
   * a title, lowercase.
   */
  #spelling(term: string): string {
    const id = this.#engine.holderOf(term);
    if (id === undefined) return term;
    const entry = this.#entries[id]!;
    const inSentence = withinSentence(entry.source, entry.folded, term);
    if (inSentence !== undefined) return inSentence;
    const title = canonical(entry.title);
    const tags = canonical(entry.tags);
    // The text was folded with the index.
    const fields: readonly (readonly [field: string, folded?: string])[] = [[title], [entry.source, entry.folded], [tags]];
    for (const [field, foldedAlready] of fields) {
      let spelled: string | undefined;
      const folded = foldedAlready ?? fold(field);
      forEachWord(folded, (start, end) => {
        if (folded.slice(start, end) !== term) return true;
        spelled = lower(field.slice(start, end));
        return false;
      });
      if (spelled !== undefined) return spelled;
    }
    return term;
  }
}

/** The first writing of `term` in `text` (folded as `folded`) that does not start a sentence, as written; undefined when there is none. */
function withinSentence(text: string, folded: string, term: string): string | undefined {
  let written: string | undefined;
  forEachWord(folded, (start, end) => {
    if (folded.slice(start, end) !== term) return true;
    // A sentence, a heading, a list item or a quotation starts here: its capital says nothing of the word.
    if (startsSentence(text, start)) return true;
    written = text.slice(start, end);
    return false;
  });
  return written;
}

/** Whether the word at `start` of `text` opens a sentence, a line, a heading, a list item or a quotation: the character before it, spaces aside. */
function startsSentence(text: string, start: number): boolean {
  let at = start - 1;
  for (; at >= 0 && /\s/.test(text[at]!); at--) if (text[at] === '\n' || text[at] === '\r') return true;
  return at < 0 || '.!?:;#*>-"“„«('.includes(text[at]!);
}

/** Hits of either list, each record once, with the higher of its two scores. */
function union(a: readonly Hit[], b: readonly Hit[]): Hit[] {
  const scores = new Map<number, number>();
  for (const hit of [...a, ...b]) scores.set(hit.id, Math.max(hit.score, scores.get(hit.id) ?? 0));
  return [...scores].map(([id, score]) => ({ id, score }));
}

/** At most this many suggestions, and nearest words tried per word of the query. */
const MAX_SUGGESTIONS = 3;
const CANDIDATES_PER_WORD = 4;

/**
 * How the index reads the records of `catalog` (in the order it holds
 * them: each locale's products, each locale's pages, posts): each record in
 * its locale's language (a product in the default one, or its translation's), tags and categories
 * not stemmed, and the site's synonyms in the scope of their locale.
 */
export function searchAnalysis(catalog: Catalog): Analysis {
  const { site } = catalog;
  // Each locale is a scope of synonyms; each language, one stemmer (pt-BR and pt-PT share one).
  const languages = [...new Set(site.locales.map(languageOf))];
  const languageOfLocale = site.locales.map((locale) => languages.indexOf(languageOf(locale)));
  const scopeOf = (locale: string) => Math.max(0, site.locales.indexOf(locale));
  const scopes = [
    ...[...catalog.productsByLocale.values()].flatMap(({ products }) => products.map((product) => scopeOf(product.locale))),
    ...[...catalog.pagesByLocale.values()].flatMap(({ pages }) => pages.map((page) => scopeOf(page.locale))),
    ...catalog.posts.map((post) => scopeOf(post.locale)),
  ];
  return {
    // The loader refuses a locale whose language has no stemmer.
    languages: languages.map((code) => ({ code, stem: stemmerOf(code)! })),
    languageOf: Uint8Array.from(scopes, (scope) => languageOfLocale[scope]!),
    // Tags and categories are names: a product of the default locale may carry tags in another language.
    stemmed: [FIELDS.indexOf('title'), FIELDS.indexOf('summary'), FIELDS.indexOf('text')],
    scopeOf: Uint8Array.from(scopes),
    concepts: conceptsOf(catalog, languageOfLocale),
  };
}

/**
 * The site's synonyms and expansions as concepts of the index: one per
 * group and per expansion, in the scope of its locale. A group is found by
 * each of its words and phrases; an expansion by its key, in the records
 * that hold what it lists.
 */
function conceptsOf(catalog: Catalog, languageOfLocale: readonly number[]): Concept[] {
  const { locales } = catalog.site;
  const { synonyms, expansions } = catalog.site.search;
  const split = (words: string) => queryWords(words).map((word) => word.typed);
  const concepts: Concept[] = [];
  const scopeOf = (locale: string) => ({ scope: locales.indexOf(locale), language: languageOfLocale[locales.indexOf(locale)]! });
  for (const [locale, groups] of Object.entries(synonyms)) {
    for (const group of groups) {
      const members = group.map(split);
      concepts.push({ ...scopeOf(locale), indexed: members, triggers: members });
    }
  }
  for (const [locale, entries] of Object.entries(expansions)) {
    for (const [from, to] of Object.entries(entries)) concepts.push({ ...scopeOf(locale), indexed: to.map(split), triggers: [split(from)] });
  }
  return concepts;
}

/** Which records the filters of `options` let through, by record id; undefined when they let every one through. */
function acceptor(options: SearchOptions, entries: readonly Entry[]): ((id: number) => boolean) | undefined {
  const { kind, locale, language, publishedSince: since, publishedBefore: before } = options;
  if (kind === undefined && locale === undefined && language === undefined && since === undefined && before === undefined) return undefined;
  return (id) => {
    const entry = entries[id]!;
    const { published } = entry;
    return (
      (kind === undefined || entry.kind === kind) &&
      (locale === undefined || entry.locale === locale) &&
      (language === undefined || entry.shownIn.has(language)) &&
      (since === undefined || (published !== undefined && published >= since)) &&
      (before === undefined || (published !== undefined && published < before))
    );
  };
}

/**
 * The build of one Catalog's index, run in slices by warmSearchIndex or to
 * the end by searchIndexFor, whichever asks first. Once it is done, its steps
 * are let go, and with them every text they read (the fields of each record),
 * which the index does not keep.
 */
class Build {
  #steps: Generator<void, SearchIndex> | undefined;
  #index: SearchIndex | undefined;

  constructor(catalog: Catalog) {
    this.#steps = SearchIndex.building(catalog);
  }

  /** Runs the rest of the build at once. */
  finish(): SearchIndex {
    for (;;) {
      const index = this.#step();
      if (index) return index;
    }
  }

  /** Runs the build a few milliseconds at a time, letting other work (requests) run in between. */
  async inSlices(): Promise<SearchIndex> {
    const pause = pauseEverySlice();
    for (;;) {
      const index = this.#step();
      if (index) return index;
      await pause();
    }
  }

  /** One step of the build; the index once it is done. */
  #step(): SearchIndex | undefined {
    if (this.#index === undefined) {
      const step = this.#steps!.next();
      if (step.done) {
        this.#index = step.value;
        this.#steps = undefined;
      }
    }
    return this.#index;
  }
}

/** How many posts are read between two pauses of a background build. */
const RECORDS_PER_STEP = 50;

const buildOf = perCatalog((catalog) => new Build(catalog));

/**
 * The index of `catalog`, built on first use (or finished, when
 * warmSearchIndex has begun it). Keyed weakly: a reload makes a new Catalog,
 * which gets its own index, and the old pair is collected together once no
 * request holds it.
 */
export function searchIndexFor(catalog: Catalog): SearchIndex {
  return buildOf(catalog).finish();
}

/** Builds the index of `catalog` in the background, a slice at a time, so that requests are answered meanwhile. */
export function warmSearchIndex(catalog: Catalog): Promise<SearchIndex> {
  return buildOf(catalog).inSlices();
}

/** Front matter strings are meant to be plain; one with markdown syntax is reduced to its text. */
function plain(text: string): string {
  return MARKDOWN_SYNTAX.test(text) ? markdownToText(text).replace(/\s+/g, ' ') : text;
}
