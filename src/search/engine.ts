import MiniSearch from 'minisearch';
import type { Query, SearchOptions as MiniSearchOptions, SearchResult as MiniSearchResult } from 'minisearch';
import { canonical, fold, forEachWord, words } from './normalize.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * MiniSearch (BM25+ over a radix tree) with two additions, both measured by
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
 *   and under the budget the scores are MiniSearch's own (tested). Typo
 *   tolerance also accepts two swapped neighbouring letters, the commonest
 *   typo, which plain Levenshtein distance counts as two edits.
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
  /** Postings the terms hold: what matching the word costs. */
  readonly postings: number;
}

type FieldTermData = Map<number, Map<number, number>>;

interface Candidate {
  readonly term: string;
  readonly weight: number;
  readonly postings: number;
}

export class CatalogMiniSearch extends MiniSearch<{ id: number }> {
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
    const index = new CatalogMiniSearch(CatalogMiniSearch.options);
    index.#load(documents);
    return index;
  }

  #load(documents: readonly (readonly string[])[]): void {
    // term -> field id -> [document id, occurrences, document id, occurrences, ...]:
    // flat arrays grow much faster than millions of small maps, and become
    // MiniSearch's maps once, at the end. Stop words are counted like any
    // word, since they count in a field's length as in `add`, and dropped then.
    const postings = new Map<string, number[][]>();
    const totals: number[] = FIELDS.map(() => 0);
    documents.forEach((fields, id) => {
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
    });
    this._documentCount = documents.length;
    this._nextId = documents.length;
    this._avgFieldLength = totals.map((total) => (documents.length ? total / documents.length : 0));
    // In order of first occurrence, as `add` inserts them.
    for (const [term, byField] of postings) {
      if (STOP_WORDS.has(term)) continue;
      const fieldData: FieldTermData = new Map();
      byField.forEach((list, fieldId) => {
        const frequencies = new Map<number, number>();
        for (let i = 0; i < list.length; i += 2) frequencies.set(list[i]!, list[i + 1]!);
        fieldData.set(fieldId, frequencies);
      });
      this._index.set(term, fieldData);
    }
  }

  /**
   * The terms that stand for the query word `word` (folded): itself, its
   * completions when `prefix`, and its one-typo neighbours when it has
   * MIN_TYPO_LENGTH letters or more.
   */
  plan(word: string, prefix: boolean): WordPlan {
    const terms = new Map<string, number>([[word, 1]]);
    let postings = count(this._index.get(word));
    let spent = 0;
    const take = (candidates: Candidate[]) => {
      // Most frequent first: the likeliest meant, and the budget bounds the cost.
      candidates.sort((a, b) => b.postings - a.postings || a.term.length - b.term.length || (a.term < b.term ? -1 : 1));
      for (const candidate of candidates) {
        if (spent >= EXPANSION_BUDGET) break;
        if (terms.has(candidate.term)) continue;
        terms.set(candidate.term, candidate.weight);
        spent += candidate.postings;
      }
    };
    if (prefix) {
      const completions: Candidate[] = [];
      for (const [term, data] of this._index.atPrefix(word)) {
        // MiniSearch's prefix weight: it fades as the completion grows longer than the prefix.
        const added = term.length - word.length;
        if (added > 0) completions.push({ term, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * added), postings: count(data) });
      }
      take(completions);
    }
    if ([...word].length >= MIN_TYPO_LENGTH) {
      const neighbours = new Map<string, FieldTermData>();
      for (const [term, [data, distance]] of this._index.fuzzyGet(word, 1)) if (distance > 0) neighbours.set(term, data);
      for (let i = 0; i + 1 < word.length; i += 1) {
        const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
        const data = swapped === word ? undefined : this._index.get(swapped);
        if (data) neighbours.set(swapped, data);
      }
      // MiniSearch's fuzzy weight for one edit.
      take([...neighbours].map(([term, data]) => ({ term, weight: (FUZZY_WEIGHT * term.length) / (term.length + 1), postings: count(data) })));
    }
    postings += spent;
    return { word, terms, postings };
  }

  /** Records matching `plans`, all of them (AND) or any (OR), in no useful order. Scores are BM25+ sums, as MiniSearch computes them. */
  searchPlans(plans: readonly WordPlan[], combineWith: 'AND' | 'OR', options: MiniSearchOptions): MiniSearchResult[] {
    const query: Query = {
      combineWith,
      queries: plans.map((plan) => ({
        combineWith: 'OR',
        queries: [...plan.terms.keys()],
        // The terms are index terms already: no further splitting or folding.
        tokenize: (term: string) => [term],
        processTerm: (term: string) => term,
        prefix: false,
        fuzzy: false,
        boostTerm: (term: string) => plan.terms.get(term) ?? 1,
      })),
    };
    // Not sorted again: dividing the factor out changes the order, and only the first few are needed (`best`).
    return this.search(query, { boost: BOOST, ...options }).map(unweighted);
  }
}

/** Postings of one term: how many (document, field) pairs hold it. */
function count(data: FieldTermData | undefined): number {
  let total = 0;
  if (data) for (const documents of data.values()) total += documents.size;
  return total;
}

/**
 * MiniSearch multiplies each score by the number of query terms the record
 * matched; with every expansion a term of its own, that would favour records
 * that happen to hold several spellings. Dividing it out leaves the BM25+ sum.
 */
function unweighted(result: MiniSearchResult): MiniSearchResult {
  result.score /= result.queryTerms.length || 1;
  return result;
}

/** Whether `a` ranks before `b`: a higher score, or the same score and an earlier record (catalog order). */
function ranksBefore(a: MiniSearchResult, b: MiniSearchResult): boolean {
  return a.score > b.score || (a.score === b.score && (a.id as number) < (b.id as number));
}

/**
 * The `count` best results, best first. One pass that keeps a short sorted
 * list, instead of sorting thousands of results to show ten.
 */
export function best(results: readonly MiniSearchResult[], count: number): MiniSearchResult[] {
  const top: MiniSearchResult[] = [];
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
