import MiniSearch from 'minisearch';
import { canonical, fold, forEachWord, words } from './normalize.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * MiniSearch (BM25+ over a radix tree) with three additions, all measured by
 * `npm run bench:search` (10,000 posts, 4.3 million words):
 *
 * - Bulk loading. `MiniSearch#addAll` walks the radix tree once per word
 *   occurrence; `load` counts occurrences in flat arrays first and puts each
 *   distinct word into the tree once: 2.1 s instead of 4.9 s on the
 *   benchmark machine. It fills the protected members MiniSearch declares
 *   for subclasses with the values `add` would give them; a test builds the
 *   demo catalog both ways and compares the two indexes term for term.
 * - Planned expansion. MiniSearch's own `prefix` and `fuzzy` options match
 *   every word that starts with, or is near, a query word: the prefix "con"
 *   stands for 215 words and 40,000 postings there, tens of milliseconds.
 *   `plan` lists the expansions itself, most frequent first, and stops once
 *   they reach EXPANSION_BUDGET postings, as Elasticsearch's
 *   `max_expansions` bounds prefix queries; each keeps MiniSearch's weight,
 *   and completions are read from a sorted term list rather than the tree;
 *   under the budget the scores are MiniSearch's own (tested). Typo
 *   tolerance also accepts two swapped neighbouring letters, the commonest
 *   typo, which plain Levenshtein distance counts as two edits.
 * - Scoring in one array. `match` computes MiniSearch's BM25+ scores for a
 *   query of plans without a result object per record and term (tested
 *   against MiniSearch's own `search`): a word found in 7,000 records costs
 *   a loop over their postings, not thousands of allocations and a sort.
 */

/** The indexed fields, in field id order. */
export const FIELDS = ['title', 'tags', 'summary', 'text'] as const;
export type Field = (typeof FIELDS)[number];

/** Relative weight of a match in each field: titles and names weigh most, bodies least. */
export const BOOST: Readonly<Record<Field, number>> = { title: 4, tags: 2, summary: 1.5, text: 1 };

/** MiniSearch's default weights of a prefix and of a fuzzy match, relative to an exact one. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** Postings (document and field pairs) the expansions of one query word may add. */
export const EXPANSION_BUDGET = 2_000;

/** Words shorter than this match exactly: "gpu" must not find "cpu". */
export const MIN_TYPO_LENGTH = 5;

/** One query word: the index terms that stand for it, each with its weight. */
export interface WordPlan {
  readonly word: string;
  /** The word itself (weight 1) first, then its expansions. */
  readonly terms: ReadonlyMap<string, number>;
  /** What the index holds for each of `terms` it has. */
  readonly data: ReadonlyMap<string, FieldTermData>;
  /** Postings the terms hold: what matching the word costs. */
  readonly postings: number;
}

type FieldTermData = Map<number, Map<number, number>>;

/** A matching record and its score. */
export interface Hit {
  readonly id: number;
  readonly score: number;
}

/** MiniSearch's BM25+ parameters (its defaults). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** How often `CatalogMiniSearch.loading` pauses: a few milliseconds of work each. */
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
  readonly data?: FieldTermData;
}

/**
 * Every indexed term in code unit order, with its postings: the completions
 * of a prefix are one range of it, found by binary search and read in order,
 * where the radix tree would build each completion anew.
 */
class Dictionary {
  constructor(
    readonly terms: readonly string[],
    readonly postings: Uint32Array,
  ) {}

  static of(index: Iterable<[string, FieldTermData]>): Dictionary {
    const entries = [...index].map(([term, data]) => [term, count(data)] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return new Dictionary(
      entries.map(([term]) => term),
      Uint32Array.from(entries, ([, postings]) => postings),
    );
  }

  /** Calls `visit` with each term that starts with `prefix` and is longer, and its postings. */
  forEachCompletion(prefix: string, visit: (term: string, postings: number) => void): void {
    const { terms, postings } = this;
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (terms[middle]! <= prefix) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < terms.length && terms[i]!.startsWith(prefix); i += 1) visit(terms[i]!, postings[i]!);
  }
}

export class CatalogMiniSearch extends MiniSearch<{ id: number }> {
  // Scratch space of `match`, zero between calls (a search runs synchronously, start to end).
  #scores = new Float64Array(0);
  #words = new Uint16Array(0);
  #norms: Float64Array[] | undefined;
  #dictionary: Dictionary | undefined;

  /** The options of every index, whichever way it is built. */
  static readonly options = {
    idField: 'id',
    fields: [...FIELDS],
    extractField: (document: Readonly<Record<string, unknown>>, field: string) =>
      field === 'id' ? document.id : fold(canonical(String(document[field] ?? ''))),
    tokenize: words,
    processTerm: (term: string) => (STOP_WORDS.has(term) ? null : term),
  };

  /** An index of `documents`: document i has id i and its fields in FIELDS order, as plain text. */
  static load(documents: readonly (readonly string[])[]): CatalogMiniSearch {
    return finish(CatalogMiniSearch.loading(documents));
  }

  /**
   * `load` in steps: the generator pauses every few hundred documents and
   * every few thousand terms, so a caller can answer requests in between
   * (`load` runs it to the end at once).
   */
  static *loading(documents: readonly (readonly string[])[]): Generator<void, CatalogMiniSearch> {
    const index = new CatalogMiniSearch(CatalogMiniSearch.options);
    yield* index.#load(documents);
    return index;
  }

  *#load(documents: readonly (readonly string[])[]): Generator<void> {
    // term -> field id -> [document id, occurrences, document id, occurrences, ...]:
    // flat arrays grow much faster than millions of small maps, and become
    // MiniSearch's maps once, at the end. Stop words are counted like any
    // word, since they count in a field's length as in `add`, and dropped then.
    const postings = new Map<string, number[][]>();
    const totals: number[] = FIELDS.map(() => 0);
    for (let id = 0; id < documents.length; id += 1) {
      if (id % DOCUMENTS_PER_STEP === DOCUMENTS_PER_STEP - 1) yield;
      const fields = documents[id]!;
      const lengths: number[] = [];
      fields.forEach((value, fieldId) => {
        let distinct = 0;
        // Folded once per field, not once per word.
        const folded = fold(canonical(value));
        forEachWord(folded, (start, end) => {
          const term = folded.slice(start, end);
          let byField = postings.get(term);
          if (!byField) postings.set(term, (byField = []));
          let list = byField[fieldId];
          if (!list) byField[fieldId] = list = [];
          const last = list.length - 2;
          if (last >= 0 && list[last] === id) {
            list[last + 1]! += 1;
          } else {
            list.push(id, 1);
            distinct += 1;
          }
        });
        // MiniSearch's field length is the number of distinct words.
        lengths[fieldId] = distinct;
        totals[fieldId]! += distinct;
      });
      this._idToShortId.set(id, id);
      this._documentIds.set(id, id);
      this._fieldLength.set(id, lengths);
    }
    this._documentCount = documents.length;
    this._nextId = documents.length;
    this._avgFieldLength = totals.map((total) => (documents.length ? total / documents.length : 0));
    // In order of first occurrence, as `add` inserts them.
    const dictionary: [string, FieldTermData][] = [];
    let terms = 0;
    for (const [term, byField] of postings) {
      if (++terms % TERMS_PER_STEP === 0) yield;
      if (STOP_WORDS.has(term)) continue;
      const fieldData: FieldTermData = new Map();
      byField.forEach((list, fieldId) => {
        const frequencies = new Map<number, number>();
        for (let i = 0; i < list.length; i += 2) frequencies.set(list[i]!, list[i + 1]!);
        fieldData.set(fieldId, frequencies);
      });
      this._index.set(term, fieldData);
      dictionary.push([term, fieldData]);
    }
    this.#dictionary = Dictionary.of(dictionary);
  }

  /**
   * The terms that stand for the query word `word` (folded): itself, its
   * completions when `prefix`, and its one-typo neighbours when it has
   * MIN_TYPO_LENGTH letters or more.
   */
  plan(word: string, prefix: boolean): WordPlan {
    const terms = new Map<string, number>([[word, 1]]);
    const data = new Map<string, FieldTermData>();
    const exact = this._index.get(word);
    if (exact) data.set(word, exact);
    let postings = count(exact);
    let spent = 0;
    const take = (candidates: Candidate[]) => {
      // Most frequent first: the likeliest meant, and the budget bounds the cost.
      candidates.sort((a, b) => b.postings - a.postings || a.term.length - b.term.length || (a.term < b.term ? -1 : 1));
      for (const candidate of candidates) {
        if (spent >= EXPANSION_BUDGET) break;
        if (terms.has(candidate.term)) continue;
        terms.set(candidate.term, candidate.weight);
        data.set(candidate.term, candidate.data ?? this._index.get(candidate.term)!);
        spent += candidate.postings;
      }
    };
    if (prefix) {
      const dictionary = (this.#dictionary ??= Dictionary.of(this._index));
      const completions: Candidate[] = [];
      dictionary.forEachCompletion(word, (term, termPostings) => {
        // MiniSearch's prefix weight: it fades as the completion grows longer than the prefix.
        const added = term.length - word.length;
        completions.push({ term, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * added), postings: termPostings });
      });
      take(completions);
    }
    if ([...word].length >= MIN_TYPO_LENGTH) {
      const neighbours = new Map<string, FieldTermData>();
      for (const [term, [termData, distance]] of this._index.fuzzyGet(word, 1)) if (distance > 0) neighbours.set(term, termData);
      for (let i = 0; i + 1 < word.length; i += 1) {
        const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
        const termData = swapped === word ? undefined : this._index.get(swapped);
        if (termData) neighbours.set(swapped, termData);
      }
      // MiniSearch's fuzzy weight for one edit.
      take([...neighbours].map(([term, termData]) => ({ term, weight: (FUZZY_WEIGHT * term.length) / (term.length + 1), postings: count(termData), data: termData })));
    }
    postings += spent;
    return { word, terms, data, postings };
  }

  /**
   * Records matching every word of `plans` (AND) or any of them (OR), scored
   * as MiniSearch scores the equivalent query (each word an OR of its terms,
   * each term boosted by its weight), in no useful order. Only records that
   * `accept` are considered.
   *
   * MiniSearch builds a result object per record and term and combines them
   * in maps; here the scores add up in one array indexed by record, and an
   * AND starts from the word with the fewest postings and only ever adds to
   * the records that matched every word before it. The same sums, a fraction
   * of the work: what keeps a query over thousands of hits within a couple
   * of milliseconds.
   */
  match(plans: readonly WordPlan[], combineWith: 'AND' | 'OR', accept?: (id: number) => boolean): Hit[] {
    const size = this._documentCount;
    if (this.#scores.length < size) {
      this.#scores = new Float64Array(size);
      this.#words = new Uint16Array(size);
    }
    const scores = this.#scores;
    // AND: how many words a record has matched so far. OR: 1 once seen. REJECTED: refused by `accept`.
    const words = this.#words;
    const norms = (this.#norms ??= this.#fieldNorms());
    const touched: number[] = [];
    const all = combineWith === 'AND';
    const order = all ? [...plans].sort((a, b) => a.postings - b.postings) : plans;
    for (let j = 0; j < order.length; j += 1) {
      const next = all ? j + 1 : 1;
      const plan = order[j]!;
      for (const [term, weight] of plan.terms) {
        plan.data.get(term)?.forEach((frequencies, fieldId) => {
          const boost = weight * BOOST[FIELDS[fieldId]!];
          const idf = Math.log(1 + (size - frequencies.size + 0.5) / (frequencies.size + 0.5));
          const norm = norms[fieldId]!;
          frequencies.forEach((frequency, id) => {
            const seen = words[id]!;
            if (seen === 0) {
              if (all && j > 0) return;
              touched.push(id);
              if (accept && !accept(id)) {
                words[id] = REJECTED;
                return;
              }
            } else if (seen === REJECTED || (all && seen < j)) {
              return;
            }
            words[id] = next;
            scores[id]! += boost * idf * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + norm[id]!));
          });
        });
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

  /** BM25's length normalization of each field of each record: k * (1 - b + b * length / average length). */
  #fieldNorms(): Float64Array[] {
    return FIELDS.map((_, fieldId) => {
      const norm = new Float64Array(this._documentCount);
      const average = this._avgFieldLength[fieldId]!;
      for (const [id, lengths] of this._fieldLength) norm[id] = BM25.k * (1 - BM25.b + (BM25.b * lengths[fieldId]!) / average);
      return norm;
    });
  }

  /** The terms of `plans` that record `id` holds, in plan order: what it matched. */
  matchedTerms(plans: readonly WordPlan[], id: number): string[] {
    const matched: string[] = [];
    for (const plan of plans) {
      for (const term of plan.terms.keys()) {
        const data = plan.data.get(term);
        if (data && [...data.values()].some((documents) => documents.has(id))) matched.push(term);
      }
    }
    return matched;
  }
}

/** Postings of one term: how many (document, field) pairs hold it. */
function count(data: FieldTermData | undefined): number {
  let total = 0;
  if (data) for (const documents of data.values()) total += documents.size;
  return total;
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
