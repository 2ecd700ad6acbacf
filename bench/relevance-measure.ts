/**
 * How well the search answers the judged queries of
 * bench/relevance-queries.yaml over the demo content: recall of the judged
 * documents among the first 100 hits, and nDCG@10 (graded relevance, gain
 * 2^grade - 1, discount log2(rank + 1)). `npm run bench:relevance` prints
 * these figures; a test holds them at or above the stored baseline.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseYaml } from '../src/util/front-matter.js';
import type { Catalog } from '../src/content/types.js';
import type { SearchHit } from '../src/search/index.js';
import { MAX_SEARCH_LIMIT, searchIndexFor } from '../src/search/index.js';

export const JUDGED_FILE = fileURLToPath(new URL('./relevance-queries.yaml', import.meta.url));

/** How many of the first hits nDCG counts. */
export const NDCG_DEPTH = 10;

export interface JudgedQuery {
  readonly query: string;
  /** The language the query is written in. */
  readonly language: string;
  /** The word whose forms this query is one of, for single words. */
  readonly forms?: string;
  /** Document (`kind:slug`, pages `page:locale/slug`) to grade, 1 or 2. */
  readonly relevant: Readonly<Record<string, number>>;
}

export interface Figures {
  /** Mean over the queries of the share of their judged documents found. */
  readonly recall: number;
  /** Mean nDCG of the first NDCG_DEPTH hits. */
  readonly ndcg: number;
}

export interface Judged {
  readonly queries: readonly JudgedQuery[];
  /** The figures before word forms and synonyms were matched. */
  readonly baseline?: Figures;
}

export function readJudged(file = JUDGED_FILE): Judged {
  const data = parseYaml(readFileSync(file, 'utf8')) as Judged;
  for (const { query, relevant } of data.queries) {
    if (Object.keys(relevant ?? {}).length === 0) throw new Error(`${file}: "${query}" judges no document relevant`);
  }
  return data;
}

/** How a hit is named in the judged file. */
export function documentOf(hit: Pick<SearchHit, 'kind' | 'slug' | 'locale'>): string {
  return hit.kind === 'page' ? `page:${hit.locale}/${hit.slug}` : `${hit.kind}:${hit.slug}`;
}

export interface QueryFigures {
  readonly query: JudgedQuery;
  /** The documents found, best first (at most MAX_SEARCH_LIMIT). */
  readonly found: readonly string[];
  readonly recall: number;
  readonly ndcg: number;
}

/** Discounted cumulative gain of `grades`, in rank order, over the first NDCG_DEPTH. */
function dcg(grades: readonly number[]): number {
  return grades.slice(0, NDCG_DEPTH).reduce((sum, grade, rank) => sum + (2 ** grade - 1) / Math.log2(rank + 2), 0);
}

/** The documents a search for `query` finds, best first (at most MAX_SEARCH_LIMIT). */
export function found(catalog: Catalog, query: string): string[] {
  return searchIndexFor(catalog).search(query, { limit: MAX_SEARCH_LIMIT }).items.map(documentOf);
}

export function measureQuery(catalog: Catalog, query: JudgedQuery): QueryFigures {
  const hits = found(catalog, query.query);
  const judged = Object.keys(query.relevant);
  const recall = judged.filter((document) => hits.includes(document)).length / judged.length;
  const ideal = dcg(Object.values(query.relevant).sort((a, b) => b - a));
  const ndcg = dcg(hits.map((document) => query.relevant[document] ?? 0)) / ideal;
  return { query, found: hits, recall, ndcg };
}

export function measure(catalog: Catalog, judged: Judged): { figures: Figures; queries: QueryFigures[] } {
  const queries = judged.queries.map((query) => measureQuery(catalog, query));
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return { figures: { recall: mean(queries.map((q) => q.recall)), ndcg: mean(queries.map((q) => q.ndcg)) }, queries };
}

/** The share of the documents either of two searches found that both found. */
export function sameHits(a: readonly string[], b: readonly string[]): number {
  const union = new Set([...a, ...b]);
  if (union.size === 0) return 1;
  return a.filter((document) => b.includes(document)).length / union.size;
}
