import { perCatalog } from '../content/per-catalog.js';
import { LruCache } from '../util/lru.js';
import { pauseEverySlice } from '../util/pause.js';
import { markdownToText } from '../content/markdown.js';
import type { Catalog, Page, Post, Product } from '../content/types.js';
import type { Hit, WordPlan } from './engine.js';
import { best, TermIndex, finish } from './engine.js';
import { excerpt } from './excerpt.js';
import { canonical, fold, queryTerms } from './normalize.js';
import { STOP_WORDS } from './stop-words.js';

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
 *   query does not end in a space or punctuation); words of MIN_TYPO_LENGTH
 *   letters or more tolerate one typo (engine.ts).
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
  /** Only posts in this locale (products and pages are left out). */
  readonly locale?: string;
  /**
   * What a reader of one language is shown: products (which have no
   * locale), and the pages and posts in that language.
   */
  readonly language?: string;
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
  /** The indexed words that matched (lowercase, without accents): `automacao` for a query `automaçao`. */
  readonly matches: readonly string[];
  readonly url: string;
  readonly markdown_url: string;
  /** Posts and pages: their locale. */
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
}

/** One record as the index sees it; its position in the index is its record id. */
interface Entry {
  readonly kind: SearchKind;
  readonly record: Product | Page | Post;
  readonly title: string;
  /** Summary of a product or post, description of a page, as plain text. */
  readonly summary: string;
  /** The locales whose readers are shown this record: its own, and for an original product every locale it is not translated into. */
  readonly shownIn: ReadonlySet<string>;
}

/** The last word matches as a prefix from this length on: a single letter stands for too many words to mean anything. */
const MIN_PREFIX_LENGTH = 2;

/** A query ending in a word character is still being typed: its last word is a prefix. */
const OPEN_WORD_AT_END = /[\p{L}\p{N}\p{M}]$/u;

/** Characters that may be markdown syntax in a front matter string. */
const MARKDOWN_SYNTAX = /[*_`[\]<>#!~\\|]/;

/** What an excerpt is cut from: a record's summary and text, NFC, and the same folded (normalize.ts). */
interface ExcerptSource {
  readonly text: string;
  readonly folded: string;
}

/**
 * Excerpt sources kept per index, the most recently matched first: a search
 * cuts an excerpt from each of up to 100 records, and building the source
 * (joining, NFC, folding) cost as much as finding the terms in it.
 */
const EXCERPT_SOURCES = 1_000;
const EXCERPTS = 20_000;
const EXCERPT_SOURCE_BYTES = 16 * 1024 * 1024;

export class SearchIndex {
  readonly #entries: readonly Entry[];
  readonly #engine: TermIndex;
  // Two UTF-16 strings of the same length: at most four bytes a character.
  readonly #excerptSources = new LruCache<ExcerptSource>(EXCERPT_SOURCES, EXCERPT_SOURCE_BYTES, (source) => source.text.length * 4);
  /** Excerpts cut lately, by record and matched terms: a few hundred bytes each. */
  readonly #excerpts = new LruCache<string>(EXCERPTS, EXCERPTS * 1024, (text) => text.length * 2);

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
      const translated = new Set((record as Product).translations?.map((t) => t.locale));
      const shownIn = new Set(original ? locales.filter((locale) => !translated.has(locale)) : [record.locale]);
      const entry = { kind, record, title, summary: plain(summary), shownIn };
      entries.push(entry);
      // In the order of FIELDS: title, tags, summary, text.
      fields.push([title, tags, entry.summary, record.text]);
    };
    for (const { products } of catalog.productsByLocale.values()) for (const p of products) add('product', p, p.name, p.tags.join(' '), p.summary);
    for (const { pages } of catalog.pagesByLocale.values()) for (const p of pages) add('page', p, p.title, '', p.description);
    // Reading `text` parses the post's markdown the first time (content/load.ts): pause now and then.
    for (const [n, p] of catalog.posts.entries()) {
      if (n % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
      add('post', p, p.title, p.category, p.summary);
    }
    yield;
    return new SearchIndex(entries, yield* TermIndex.loading(fields));
  }

  /** How many records the index holds. */
  get size(): number {
    return this.#entries.length;
  }

  search(query: string, options: SearchOptions): SearchResult {
    const { limit, kind, locale, language, offset = 0 } = options;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw new RangeError(`limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${limit}`);
    }
    const { plans, hits } = this.#match(query, kind, locale, language);
    const items = best(hits, offset + limit).slice(offset).map((hit): SearchHit => {
      const entry = this.#entries[hit.id]!;
      const terms = this.#engine.matchedTerms(plans, hit.id);
      const { record } = entry;
      return {
        kind: entry.kind,
        slug: record.slug,
        title: entry.title,
        excerpt: this.#excerpt(hit.id, entry, terms),
        score: Math.round(hit.score * 1000) / 1000,
        matches: terms,
        url: record.url,
        markdown_url: record.markdown_url,
        ...(entry.kind === 'product' ? {} : { locale: (record as Post | Page).locale }),
      };
    });
    return { query, items, total: hits.length, limit, offset };
  }

  #excerpt(id: number, entry: Entry, terms: readonly string[]): string {
    // A record matched by the same terms has the same excerpt, whatever else the query held.
    const cut = `${id}\0${terms.join(' ')}`;
    const kept = this.#excerpts.get(cut);
    if (kept !== undefined) return kept;
    const key = String(id);
    let source = this.#excerptSources.get(key);
    if (!source) {
      const text = canonical(`${entry.summary}\n${entry.record.text}`);
      source = { text, folded: fold(text) };
      this.#excerptSources.set(key, source);
    }
    const made = excerpt(source.text, terms, source.folded);
    this.#excerpts.set(cut, made);
    return made;
  }

  /** The plans of the query's words, and every record that matches them, in no useful order. */
  #match(query: string, kind: SearchKind | undefined, locale: string | undefined, language: string | undefined): { plans: WordPlan[]; hits: Hit[] } {
    const terms = queryTerms(query);
    const last = terms.at(-1);
    const typing = last !== undefined && OPEN_WORD_AT_END.test(query) && [...last].length >= MIN_PREFIX_LENGTH;
    // Stop words are not indexed; the word being typed still stands for its completions.
    const words = [...new Set(terms)].filter((word) => !STOP_WORDS.has(word) || (typing && word === last));
    const plans = words.map((word) => this.#engine.plan(word, typing && word === last));
    if (plans.length === 0) return { plans, hits: [] };
    const accept =
      kind === undefined && locale === undefined && language === undefined
        ? undefined
        : (id: number) => {
            const entry = this.#entries[id]!;
            return (
              (kind === undefined || entry.kind === kind) &&
              (locale === undefined || (entry.kind === 'post' && (entry.record as Post).locale === locale)) &&
              (language === undefined || entry.shownIn.has(language))
            );
          };
    // Every word must match; when no record has them all, any of them may.
    const all = this.#engine.match(plans, 'AND', accept);
    return { plans, hits: all.length > 0 || plans.length === 1 ? all : this.#engine.match(plans, 'OR', accept) };
  }
}

/** The build of one Catalog's index, run in slices by warmSearchIndex or to the end by searchIndexFor, whichever asks first. */
class Build {
  readonly #steps: Generator<void, SearchIndex>;
  #index: SearchIndex | undefined;

  constructor(catalog: Catalog) {
    this.#steps = SearchIndex.building(catalog);
  }

  /** Runs the rest of the build at once. */
  finish(): SearchIndex {
    return (this.#index ??= finish(this.#steps));
  }

  /** Runs the build a few milliseconds at a time, letting other work (requests) run in between. */
  async inSlices(): Promise<SearchIndex> {
    const pause = pauseEverySlice();
    while (!this.#index) {
      const step = this.#steps.next();
      if (step.done) this.#index = step.value;
      else await pause();
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
