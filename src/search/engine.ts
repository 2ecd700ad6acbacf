import { ClockCache } from '../util/clock-cache.js';
import { canonical, foldLowercase, forEachWord, lower } from '../text/normalize.js';
import type { FormsInput } from './forms.js';
import { Forms, isWord, Reading } from './forms.js';
import type { Stem } from '../text/stemmers.js';
import { STOP_WORDS } from '../text/stop-words.js';

/**
 * The search engine: an inverted index scored with BM25+, as MiniSearch
 * scores (its field boosts, prefix and one-typo weights and BM25+
 * parameters; tests compare every score with MiniSearch's own search), in
 * a layout of our own, for memory and speed (`npm run bench:search`, 10,000
 * posts, 4.3 million words):
 *
 * - Postings in one typed array. Every (record, occurrences) pair of every
 *   term and field lies in a single Uint32Array, each term's fields a range
 *   of it; terms are sorted, so a term's number is its rank. MiniSearch's
 *   maps of maps held the same postings in about three times the memory.
 * - Bulk loading. Occurrences are counted in flat arrays per term, then laid
 *   out once.
 * - Planned expansion. A prefix or a typo could stand for hundreds of words
 *   and tens of thousands of postings: `plan` lists the expansions itself,
 *   most frequent first, and stops once they reach EXPANSION_BUDGET
 *   postings, as Elasticsearch's `max_expansions` bounds prefix queries.
 *   Completions are a range of the sorted terms; one-typo neighbours (an
 *   insertion, a deletion, a substitution, or two swapped neighbouring
 *   letters, the commonest typo, which plain Levenshtein distance counts as
 *   two edits) share the word's first or last half, two ranges of the sorted
 *   terms and of the sorted reversed terms.
 * - Scoring in one array. `match` adds the scores of a query's plans into
 *   one array indexed by record: an AND starts from the word with the
 *   fewest postings and only ever adds to the records that matched every
 *   word before it.
 * - Word forms. With an Analysis, each record's words are also indexed
 *   under their stem in the record's language (stemmers.ts), a term of its
 *   own (`\0pt\0nuv` for `nuvem` and `nuvens` in Portuguese records), as
 *   MiniSearch indexes the several terms a `processTerm` returns. A query
 *   word stands for its stems too, at STEM_WEIGHT: a record holding the very
 *   word scores for both the word and its stem, above one that holds only
 *   another form.
 * - Concepts (the site's synonyms). A set of words and phrases that mean
 *   the same is indexed as one more term (`\u0001` and its number) wherever
 *   a record of its scope holds one of them (a word in any form, a phrase
 *   word for word); a query word that is one of them stands for it too.
 */

/** The indexed fields, in field id order. */
export const FIELDS = ['title', 'tags', 'summary', 'text'] as const;
export type Field = (typeof FIELDS)[number];

/** Relative weight of a match in each field: titles and names weigh most, bodies least. */
export const BOOST: Readonly<Record<Field, number>> = { title: 4, tags: 2, summary: 1.5, text: 1 };

/** The weights of a prefix and of a one-typo match relative to an exact one (MiniSearch's defaults). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/**
 * The weight of a match through a stem (another form of the word) and
 * through a concept (a synonym), relative to the word itself: below 1, so
 * that the form asked for ranks first; above a typo's, since another form
 * of the word, or a word declared to mean the same, is meant more surely
 * than a word one letter away. Chosen on the judged queries of
 * bench/relevance-queries.yaml.
 */
export const STEM_WEIGHT = 0.45;
export const SYNONYM_WEIGHT = 0.5;

/** Postings (document and field pairs) the expansions of one query word may add. */
export const EXPANSION_BUDGET = 2_000;

/** Words shorter than this match exactly: "gpu" must not find "cpu". */
export const MIN_TYPO_LENGTH = 5;

/** One query word: the index terms that stand for it, each with its weight. */
export interface WordPlan {
  readonly word: string;
  /** The word itself (weight 1) first, then its expansions. */
  readonly terms: ReadonlyMap<string, number>;
  /** The number of each of `terms` the index holds. */
  readonly ids: ReadonlyMap<string, number>;
  /** Postings the terms hold: what matching the word costs. */
  readonly postings: number;
}

/** A matching record and its score. */
export interface Hit {
  readonly id: number;
  readonly score: number;
}

/** A language of an Analysis: its code (`pt`) and its stemmer. */
export interface Language {
  readonly code: string;
  readonly stem: Stem;
}

/**
 * Words and phrases that stand for one another (the site's synonyms), as
 * one term: records of `scope` hold it where they hold one of `indexed`,
 * and a query holding one of `triggers` asks for it. Each word or phrase is
 * given as written (its words lowercase, accents kept); a single word
 * matches in any of its forms, through its stem in `language`.
 */
export interface Concept {
  /** The records it applies to: those whose scope (Analysis.scopeOf) is this one. */
  readonly scope: number;
  /** The language of its words: a number of Analysis.languages. */
  readonly language: number;
  /** What a record holds when it holds the concept: each a list of words (one word, or a phrase). */
  readonly indexed: readonly (readonly string[])[];
  /** What in a query stands for the concept. */
  readonly triggers: readonly (readonly string[])[];
}

/** How records are read beyond their words: the stems of their language, and the concepts of their scope. */
export interface Analysis {
  readonly languages: readonly Language[];
  /** Each record's language, a number of `languages`. */
  readonly languageOf: ArrayLike<number>;
  /** The fields whose words are stemmed (numbers of FIELDS); the others are names (tags, categories), matched as written. */
  readonly stemmed: readonly number[];
  /** Each record's scope (a locale), which concepts apply to. */
  readonly scopeOf?: ArrayLike<number>;
  readonly concepts?: readonly Concept[];
}

/** A phrase of a query that stands for concepts: query words `start` to `end` (excluded). */
export interface PhraseMatch {
  readonly start: number;
  readonly end: number;
  readonly plan: WordPlan;
}

/** BM25+ parameters (MiniSearch's defaults). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** How often `TermIndex.loading` pauses: a few milliseconds of work each. */
const DOCUMENTS_PER_STEP = 100;
const TERMS_PER_STEP = 5_000;

/** Runs `steps` to the end and returns what it returns. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** In `match`, a record `accept` refused. */
const REJECTED = 0xffff;

interface Candidate {
  readonly term: string;
  readonly weight: number;
  readonly postings: number;
}

const FIELD_COUNT = FIELDS.length;

/** Query words whose plans are kept (each a few small maps). */
const PLANNED_WORDS = 5_000;

export class TermIndex {
  /** Every indexed term, in code unit order: a term's number is its place here. Stems and concepts come first. */
  readonly #terms: readonly string[];
  readonly #ids: ReadonlyMap<string, number>;
  /** The number of the first word among #terms (the stems and concepts come before it). */
  readonly #firstWord: number;
  /**
   * Where each term's postings lie in #postings, field by field: term t's
   * field f is #postings[offsets[t * FIELD_COUNT + f] .. offsets[t * FIELD_COUNT + f + 1]].
   */
  readonly #offsets: Uint32Array;
  /** Pairs of (record, occurrences), records ascending within each term and field. */
  readonly #postings: Uint32Array;
  /** Each field's BM25 length normalisation of each record: k * (1 - b + b * length / average length). */
  readonly #norms: readonly Float64Array[];
  /** How many records the index holds. */
  readonly size: number;
  readonly #forms: Forms;
  /**
   * Plans of the words searched lately: a search of new words is rare, one
   * of new combinations of known words common, and finding a word's
   * one-typo neighbours costs more than the rest of its plan.
   */
  readonly #plans = new ClockCache<WordPlan>(PLANNED_WORDS, Infinity, () => 0);
  // Scratch space of `match`, zero between calls (a search runs synchronously, start to end).
  #scores = new Float64Array(0);
  #words = new Uint16Array(0);
  #reversedTerms: { terms: readonly string[]; ids: Uint32Array } | undefined;

  private constructor(parts: { terms: string[]; offsets: Uint32Array; postings: Uint32Array; norms: Float64Array[]; size: number; forms: FormsInput }) {
    this.#terms = parts.terms;
    this.#ids = new Map(parts.terms.map((term, id) => [term, id]));
    let firstWord = 0;
    while (firstWord < parts.terms.length && !isWord(parts.terms[firstWord]!)) firstWord += 1;
    this.#firstWord = firstWord;
    this.#offsets = parts.offsets;
    this.#postings = parts.postings;
    this.#norms = parts.norms;
    this.size = parts.size;
    this.#forms = new Forms(parts.forms, parts.terms, this.#ids, firstWord);
  }

  /** An index of `documents`: document i has id i and its fields in FIELDS order, as plain text. */
  static load(documents: readonly (readonly string[])[], analysis?: Analysis): TermIndex {
    return finish(TermIndex.loading(documents, analysis));
  }

  /**
   * `load` in steps: the generator pauses every few hundred documents and
   * every few thousand terms, so a caller can answer requests in between
   * (`load` runs it to the end at once).
   */
  static *loading(documents: readonly (readonly string[])[], analysis?: Analysis): Generator<void, TermIndex> {
    // term -> field id -> [record, occurrences, record, occurrences, ...]. Stop
    // words are counted like any word, since they count in a field's length,
    // and left out of the index.
    const counts = new Map<string, number[][]>();
    const lengths = FIELDS.map(() => new Uint32Array(documents.length));
    const reading = new Reading(analysis);
    for (let id = 0; id < documents.length; id += 1) {
      if (id % DOCUMENTS_PER_STEP === DOCUMENTS_PER_STEP - 1) yield;
      documents[id]!.forEach((value, fieldId) => {
        let distinct = 0;
        // Folded once per field, not once per word.
        const lowered = lower(canonical(value));
        const folded = foldLowercase(lowered);
        const field = reading.field(id, folded, folded === lowered ? undefined : lowered, (concept) => count(reading.conceptCounts, concept, fieldId, id));
        forEachWord(folded, (start, end) => {
          const term = folded.slice(start, end);
          if (count(counts, term, fieldId, id)) distinct += 1;
          field?.word(term, start, end);
        });
        // A field's length is the number of distinct words in it.
        lengths[fieldId]![id] = distinct;
      });
    }
    yield;
    for (const term of STOP_WORDS) counts.delete(term);
    const forms = yield* reading.forms(counts);
    const lists = (term: string) => counts.get(term) ?? forms.lists.get(term)!;
    const terms = [...counts.keys(), ...forms.lists.keys()].sort(byCodeUnits);
    let total = 0;
    for (const term of terms) for (const list of lists(term)) total += list?.length ?? 0;
    const offsets = new Uint32Array(terms.length * FIELD_COUNT + 1);
    const postings = new Uint32Array(total);
    let at = 0;
    for (let t = 0; t < terms.length; t += 1) {
      if (t % TERMS_PER_STEP === TERMS_PER_STEP - 1) yield;
      const byField = lists(terms[t]!);
      for (let f = 0; f < FIELD_COUNT; f += 1) {
        offsets[t * FIELD_COUNT + f] = at;
        const list = byField[f];
        if (list) {
          postings.set(list, at);
          at += list.length;
        }
      }
    }
    offsets[terms.length * FIELD_COUNT] = at;
    const norms = lengths.map((fieldLengths) => {
      let sum = 0;
      for (const length of fieldLengths) sum += length;
      const average = documents.length ? sum / documents.length : 0;
      return Float64Array.from(fieldLengths, (length) => BM25.k * (1 - BM25.b + (BM25.b * length) / average));
    });
    return new TermIndex({ terms, offsets, postings, norms, size: documents.length, forms: forms.input });
  }

  /** Whether `term` (folded) is indexed. */
  has(term: string): boolean {
    return this.#ids.has(term);
  }

  /** The records that hold `term` in field `fieldId`, with their occurrences, records ascending. */
  postingsOf(term: string, fieldId: number): [id: number, occurrences: number][] {
    const t = this.#ids.get(term);
    if (t === undefined) return [];
    const pairs: [number, number][] = [];
    for (let i = this.#offsets[t * FIELD_COUNT + fieldId]!; i < this.#offsets[t * FIELD_COUNT + fieldId + 1]!; i += 2) pairs.push([this.#postings[i]!, this.#postings[i + 1]!]);
    return pairs;
  }

  /** A record that holds `term` (folded), the first in record order of its first field that has one; none when no record does. */
  holderOf(term: string): number | undefined {
    const t = this.#ids.get(term);
    if (t === undefined) return undefined;
    for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId += 1) {
      const start = this.#offsets[t * FIELD_COUNT + fieldId]!;
      if (start < this.#offsets[t * FIELD_COUNT + fieldId + 1]!) return this.#postings[start];
    }
    return undefined;
  }

  /** The term under which records of language `language` (a number of the Analysis) hold `word` (folded) in any form, if any does. */
  stemOf(word: string, language: number): string | undefined {
    const t = this.#ids.get(word);
    const s = t === undefined ? -1 : (this.#forms.stems[language]?.[t] ?? -1);
    return s < 0 ? undefined : this.#terms[s];
  }

  /** Postings of term `t`: how many (record, field) pairs hold it. */
  #count(t: number): number {
    return (this.#offsets[(t + 1) * FIELD_COUNT]! - this.#offsets[t * FIELD_COUNT]!) / 2;
  }

  /**
   * The terms that stand for the query word `word` (folded, `typed` as it
   * was typed): itself, its completions when `prefix` and the index does
   * not hold it, its one-typo
   * neighbours when it has MIN_TYPO_LENGTH letters or more and the index
   * does not hold it, its stems, and the concepts it is one of.
   */
  plan(word: string, prefix: boolean, typed = word): WordPlan {
    const key = `${prefix ? '+' : '='}${typed}`;
    let plan = this.#plans.get(key);
    if (!plan) this.#plans.set(key, (plan = this.#plan(word, prefix, typed)));
    return plan;
  }

  #plan(word: string, prefix: boolean, typed: string): WordPlan {
    const terms = new Map<string, number>([[word, 1]]);
    const ids = new Map<string, number>();
    const exact = this.#ids.get(word);
    if (exact !== undefined) ids.set(word, exact);
    let postings = exact === undefined ? 0 : this.#count(exact);
    let spent = 0;
    const take = (candidates: Candidate[]) => {
      // Most frequent first: the likeliest meant, and the budget bounds the cost.
      candidates.sort((a, b) => b.postings - a.postings || a.term.length - b.term.length || (a.term < b.term ? -1 : 1));
      for (const candidate of candidates) {
        if (spent >= EXPANSION_BUDGET) break;
        if (terms.has(candidate.term)) continue;
        terms.set(candidate.term, candidate.weight);
        ids.set(candidate.term, this.#ids.get(candidate.term)!);
        spent += candidate.postings;
      }
    };
    // A word the index holds is complete, as a word followed by a space is: its completions are other
    // words ("incident" is not "incidente", "disco" not "discovery"), which its other forms would not find.
    if (prefix && exact === undefined) {
      const completions: Candidate[] = [];
      for (let t = this.#firstAfter(word); t < this.#terms.length && this.#terms[t]!.startsWith(word); t += 1) {
        const term = this.#terms[t]!;
        // The prefix weight fades as the completion grows longer than the prefix.
        const added = term.length - word.length;
        completions.push({ term, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * added), postings: this.#count(t) });
      }
      take(completions);
    }
    // A word the index holds is spelled as records spell it: its one-typo neighbours are other words
    // ("disco" is not a typo of "disso"), and each form of a word would find different ones.
    const typos: string[] = [];
    if (exact === undefined && [...word].length >= MIN_TYPO_LENGTH) {
      const neighbours = [...this.#neighbours(word)];
      take(neighbours.map((term) => ({ term, weight: (FUZZY_WEIGHT * term.length) / (term.length + 1), postings: this.#count(this.#ids.get(term)!) })));
      typos.push(...neighbours.filter((term) => terms.has(term)));
    }
    postings += spent;
    // Stems and concepts are not expansions: they are the word itself, in other forms or other words.
    const also = (t: number, weight: number) => {
      const term = this.#terms[t]!;
      if (terms.has(term)) return;
      terms.set(term, weight);
      ids.set(term, t);
      postings += this.#count(t);
    };
    const stem = (of: string, t: number, weight: number) => {
      // A stem whose one word is `of` itself holds that word's very postings (same records, fields and
      // counts), so it scores STEM_WEIGHT times what the word scores: the word's weight takes it, and
      // the postings are read once. Scores are the same; most words of a large index have no other form.
      const w = this.#ids.get(of);
      const forms = this.#forms.wordsOf(t);
      if (w !== undefined && forms.length === 1 && forms[0] === w && this.#count(t) === this.#count(w)) terms.set(of, terms.get(of)! + weight);
      else also(t, weight);
    };
    const { matched, triggers } = this.#forms.stemsOf(word, typed);
    for (const t of matched) stem(word, t, STEM_WEIGHT);
    // A word typed with a typo finds the other forms of the word it was meant to be, as that word does.
    for (const typo of typos) {
      const weight = terms.get(typo)! * STEM_WEIGHT;
      for (const t of this.#forms.stemsOf(typo, typo).matched) stem(typo, t, weight);
    }
    for (const t of this.#forms.conceptsOf(word, triggers)) also(t, SYNONYM_WEIGHT);
    return { word, terms, ids, postings };
  }

  /**
   * The concepts that phrases of a query stand for: `words` are the query's
   * words in order (folded, common words included); each phrase found is
   * answered with a plan of its concepts.
   */
  phrases(words: readonly string[]): PhraseMatch[] {
    const found: PhraseMatch[] = [];
    for (const { start, end, concepts } of this.#forms.phrasesIn(words)) {
      const terms = new Map<string, number>();
      const ids = new Map<string, number>();
      let postings = 0;
      for (const t of concepts) {
        terms.set(this.#terms[t]!, 1);
        ids.set(this.#terms[t]!, t);
        postings += this.#count(t);
      }
      found.push({ start, end, plan: { word: words.slice(start, end).join(' '), terms, ids, postings } });
    }
    return found;
  }

  /** The number of the first term after `word` in code unit order. */
  #firstAfter(word: string): number {
    let low = 0;
    let high = this.#terms.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.#terms[middle]! <= word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The indexed terms one edit away from `word` (an insertion, a deletion, a
   * substitution or a swap of neighbours), `word` itself excluded. One edit
   * leaves one half of the word whole: such a term starts with the word's
   * first half or ends with its second half, two ranges of the sorted terms
   * and of the sorted reversed terms, whose members are checked one by one.
   */
  #neighbours(word: string): Set<string> {
    const found = new Set<string>();
    const half = word.length >> 1;
    const check = (term: string) => {
      if (term !== word && !found.has(term) && withinOneEdit(word, term)) found.add(term);
    };
    const head = word.slice(0, half);
    for (let t = Math.max(this.#firstWord, this.#firstAtLeast(this.#terms, head)); t < this.#terms.length && this.#terms[t]!.startsWith(head); t += 1) check(this.#terms[t]!);
    // A swap of the two letters either side of the middle changes both halves: it is looked up as it is.
    if (half > 0 && half < word.length) {
      const swapped = word.slice(0, half - 1) + word[half] + word[half - 1] + word.slice(half + 1);
      if (this.#ids.has(swapped)) check(swapped);
    }
    const tail = reverse(word.slice(half));
    const reversed = this.#reversed();
    for (let r = this.#firstAtLeast(reversed.terms, tail); r < reversed.terms.length && reversed.terms[r]!.startsWith(tail); r += 1) {
      check(this.#terms[reversed.ids[r]!]!);
    }
    return found;
  }

  /** The words reversed and sorted, with each one's number: made on the first typo search. */
  #reversed(): { terms: readonly string[]; ids: Uint32Array } {
    if (!this.#reversedTerms) {
      const order = this.#terms
        .slice(this.#firstWord)
        .map((term, n) => [reverse(term), this.#firstWord + n] as const)
        .sort(([a], [b]) => byCodeUnits(a, b));
      this.#reversedTerms = { terms: order.map(([term]) => term), ids: Uint32Array.from(order, ([, id]) => id) };
    }
    return this.#reversedTerms;
  }

  /** The first place in sorted `terms` whose term is not before `word`. */
  #firstAtLeast(terms: readonly string[], word: string): number {
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (terms[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The indexed words closest to `word` (folded), at most `most` of them,
   * each within `edits` edits (two neighbouring letters swapped count as one):
   * fewest edits first, then the most frequent. What a search that found
   * nothing suggests instead.
   *
   * Candidates are not every word of the index (a query of gibberish would
   * then cost a pass over hundreds of thousands): `edits` edits leave one of
   * `edits + 1` parts of the word whole, and only words that share its first
   * or its last part are measured, two ranges of the sorted words and of the
   * sorted reversed words, as #neighbours finds one-typo neighbours. A word
   * whose only whole part is a middle one is missed: a suggestion needs to be
   * near, not to be every near word.
   */
  closest(word: string, edits: number, most: number): string[] {
    const found = new Map<string, { term: string; edits: number; postings: number }>();
    const part = Math.max(1, Math.floor(word.length / (edits + 1)));
    const measure = (t: number) => {
      const term = this.#terms[t]!;
      if (term === word || found.has(term) || Math.abs(term.length - word.length) > edits) return;
      const distance = editDistance(word, term, edits);
      if (distance <= edits) found.set(term, { term, edits: distance, postings: this.#count(t) });
    };
    const head = word.slice(0, part);
    for (let t = Math.max(this.#firstWord, this.#firstAtLeast(this.#terms, head)); t < this.#terms.length && this.#terms[t]!.startsWith(head); t += 1) measure(t);
    const tail = reverse(word.slice(word.length - part));
    const reversed = this.#reversed();
    for (let r = this.#firstAtLeast(reversed.terms, tail); r < reversed.terms.length && reversed.terms[r]!.startsWith(tail); r += 1) measure(reversed.ids[r]!);
    return [...found.values()]
      .sort((a, b) => a.edits - b.edits || b.postings - a.postings || byCodeUnits(a.term, b.term))
      .slice(0, most)
      .map(({ term }) => term);
  }

  /**
   * Records matching every word of `plans` (AND) or any of them (OR), scored
   * with BM25+ (each word an OR of its terms, each term boosted by its
   * weight and its field's boost), in no useful order. Only records that
   * `accept` are considered.
   */
  match(plans: readonly WordPlan[], combineWith: 'AND' | 'OR', accept?: (id: number) => boolean): Hit[] {
    const size = this.size;
    if (this.#scores.length < size) {
      this.#scores = new Float64Array(size);
      this.#words = new Uint16Array(size);
    }
    const scores = this.#scores;
    // AND: how many words a record has matched so far. OR: 1 once seen. REJECTED: refused by `accept`.
    const words = this.#words;
    const offsets = this.#offsets;
    const postings = this.#postings;
    const touched: number[] = [];
    const all = combineWith === 'AND';
    const order = all ? [...plans].sort((a, b) => a.postings - b.postings) : plans;
    for (let j = 0; j < order.length; j += 1) {
      const next = all ? j + 1 : 1;
      const plan = order[j]!;
      for (const [term, weight] of plan.terms) {
        const t = plan.ids.get(term);
        if (t === undefined) continue;
        for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId += 1) {
          const start = offsets[t * FIELD_COUNT + fieldId]!;
          const end = offsets[t * FIELD_COUNT + fieldId + 1]!;
          if (start === end) continue;
          const frequency = (end - start) / 2;
          const boost = weight * BOOST[FIELDS[fieldId]!];
          const idf = Math.log(1 + (size - frequency + 0.5) / (frequency + 0.5));
          const norm = this.#norms[fieldId]!;
          for (let i = start; i < end; i += 2) {
            const id = postings[i]!;
            const seen = words[id]!;
            if (seen === 0) {
              if (all && j > 0) continue;
              touched.push(id);
              if (accept && !accept(id)) {
                words[id] = REJECTED;
                continue;
              }
            } else if (seen === REJECTED || (all && seen < j)) {
              continue;
            }
            const occurrences = postings[i + 1]!;
            words[id] = next;
            scores[id]! += boost * idf * (BM25.d + (occurrences * (BM25.k + 1)) / (occurrences + norm[id]!));
          }
        }
      }
    }
    const hits: Hit[] = [];
    const wanted = all ? order.length : 1;
    for (const id of touched) {
      if (words[id] === wanted) hits.push({ id, score: scores[id]! });
      scores[id] = 0;
      words[id] = 0;
    }
    return hits;
  }

  /**
   * The words of `plans` that record `id` holds, in plan order: what it
   * matched. A stem or a concept names the words of the record it stands
   * for (`nuvem` for a query `nuvens`), which is what an excerpt marks.
   */
  matchedTerms(plans: readonly WordPlan[], id: number): string[] {
    const matched = new Set<string>();
    for (const plan of plans) {
      for (const term of plan.terms.keys()) {
        const t = plan.ids.get(term);
        if (t === undefined || !this.#holds(t, id)) continue;
        if (t >= this.#firstWord) {
          matched.add(term);
          continue;
        }
        for (const w of this.#forms.wordsOf(t)) if (this.#holds(w, id)) matched.add(this.#terms[w]!);
        for (const phrase of this.#forms.phrasesOf(t)) {
          if (phrase.every((w) => this.#holds(w, id))) for (const w of phrase) matched.add(this.#terms[w]!);
        }
      }
    }
    return [...matched];
  }

  /** Whether any field of term `t` has record `id` (records are ascending within a field: a binary search each). */
  #holds(t: number, id: number): boolean {
    for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId += 1) {
      let low = this.#offsets[t * FIELD_COUNT + fieldId]! / 2;
      let high = this.#offsets[t * FIELD_COUNT + fieldId + 1]! / 2;
      while (low < high) {
        const middle = (low + high) >> 1;
        const record = this.#postings[middle * 2]!;
        if (record === id) return true;
        if (record < id) low = middle + 1;
        else high = middle;
      }
    }
    return false;
  }
}

/** Adds one occurrence of `term` in field `fieldId` of record `id` to `counts`; whether it is the term's first there. */
function count(counts: Map<string, number[][]>, term: string, fieldId: number, id: number): boolean {
  let byField = counts.get(term);
  if (!byField) counts.set(term, (byField = []));
  let list = byField[fieldId];
  if (!list) byField[fieldId] = list = [];
  const last = list.length - 2;
  if (last >= 0 && list[last] === id) {
    list[last + 1]! += 1;
    return false;
  }
  list.push(id, 1);
  return true;
}

/** `text` backwards, code unit by code unit (as the edits are counted). */
function reverse(text: string): string {
  let reversed = '';
  for (let i = text.length - 1; i >= 0; i -= 1) reversed += text[i];
  return reversed;
}

/** Whether `b` is `a` with one insertion, deletion or substitution, or with two neighbouring code units swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  const difference = b.length - a.length;
  if (difference > 1 || difference < -1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (difference === 0) {
    if (i === a.length) return true;
    // A substitution at i, or a swap of i and i + 1: the rest must then be equal.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One code unit more on one side, at i.
  return difference > 0 ? a.slice(i) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}

/**
 * Edits from `a` to `b` (insertions, deletions, substitutions, and swaps of
 * two neighbouring code units, each one edit: the optimal string alignment
 * distance), or `most + 1` as soon as it is known to exceed `most`.
 */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j += 1) {
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > most) return most + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, most + 1);
}

/** Code unit order, as `<` compares strings. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `a` ranks before `b`: a higher score, or the same score and an earlier record (catalog order). */
function ranksBefore(a: Hit, b: Hit): boolean {
  return a.score > b.score || (a.score === b.score && a.id < b.id);
}

/**
 * The `count` best results, best first. One pass that keeps a short sorted
 * list, instead of sorting thousands of results to show ten.
 */
export function best<T extends Hit>(results: readonly T[], count: number): T[] {
  const top: T[] = [];
  for (const result of results) {
    if (top.length === count && !ranksBefore(result, top[count - 1]!)) continue;
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranksBefore(top[middle]!, result)) low = middle + 1;
      else high = middle;
    }
    top.splice(low, 0, result);
    if (top.length > count) top.pop();
  }
  return top;
}
