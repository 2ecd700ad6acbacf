/**
 * Search benchmark (`npm run bench:search`).
 *
 * Writes a synthetic content folder of 10,000 posts (pt-BR and English
 * markdown with accents, about 400 words each, next to the demo site.yaml,
 * company.md and pages/), loads it with the real loader, then prints the
 * search index's build time, the memory it holds and its latency over 1,000
 * varied queries, each next to a baseline measured in the same run: a plain
 * linear scan over the normalized (folded) text. Targets are printed, never
 * asserted. The folder is deleted at the end, whatever happens.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadCatalog } from '../src/content/load.js';
import type { Catalog } from '../src/content/types.js';
import { searchIndexFor } from '../src/search/index.js';
import { canonical, fold, queryTerms } from '../src/text/normalize.js';
import type { QueryKind } from './corpus.js';
import { makeQueries, QUERY_KINDS, vocabularies, WORDS_PER_POST, writeCorpus } from './corpus.js';

const POSTS = 10_000;
const QUERIES = 1_000;
const WARM_UP_QUERIES = 200;
const LIMIT = 10;
/** Upper bounds of the hit counts latency is broken down by. */
const HIT_BUCKETS = [100, 500, 1_000, 2_000, 5_000];
const TARGETS = { buildMs: 3_000, p99Ms: 2, memoryMb: 150 };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEMO = path.join(ROOT, 'content');

// --- the baseline: a linear scan over folded text --------------------------

interface ScanDoc {
  readonly slug: string;
  readonly title: string;
  readonly body: string;
}

function scanIndex(catalog: Catalog): ScanDoc[] {
  const docs: ScanDoc[] = [];
  for (const p of catalog.products) docs.push({ slug: p.slug, title: fold(canonical(p.name)), body: fold(canonical(`${p.tags.join(' ')} ${p.summary} ${p.text}`)) });
  for (const p of catalog.pages) docs.push({ slug: p.slug, title: fold(canonical(p.title)), body: fold(canonical(`${p.description} ${p.text}`)) });
  for (const p of catalog.posts) docs.push({ slug: p.slug, title: fold(canonical(p.title)), body: fold(canonical(`${p.category} ${p.summary} ${p.text}`)) });
  return docs;
}

function occurrences(text: string, term: string): number {
  let count = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) count += 1;
  return count;
}

/** Every word must occur (as a substring, so prefixes match too); score = occurrences, a title one counts 4. */
function scan(docs: readonly ScanDoc[], query: string, limit: number): { total: number; top: string[] } {
  const terms = queryTerms(query);
  const hits: { slug: string; score: number }[] = [];
  if (terms.length === 0) return { total: 0, top: [] };
  for (const doc of docs) {
    let score = 0;
    let all = true;
    for (const term of terms) {
      const found = 4 * occurrences(doc.title, term) + occurrences(doc.body, term);
      if (found === 0) {
        all = false;
        break;
      }
      score += found;
    }
    if (all) hits.push({ slug: doc.slug, score });
  }
  hits.sort((a, b) => b.score - a.score);
  return { total: hits.length, top: hits.slice(0, limit).map((hit) => hit.slug) };
}

// --- measuring ---------------------------------------------------------------

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** Memory in use after full collections: the heap and the typed arrays' buffers outside it. */
function heapUsed(): number {
  for (let i = 0; i < 3; i += 1) collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
  readonly max: number;
}

function latency(times: readonly number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean: sorted.reduce((sum, t) => sum + t, 0) / sorted.length, max: sorted.at(-1)! };
}

/**
 * Times `run` on `query` once: the index keeps the plans of recent words,
 * so a second run of the same query would measure less than a new query's
 * search.
 */
function timeQuery(run: (query: string) => number, query: string): { ms: number; total: number } {
  const started = performance.now();
  const total = run(query);
  return { ms: performance.now() - started, total };
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-search-'));
  try {
    const demo = await loadCatalog({ dir: DEMO, baseUrl: 'http://bench.test' });
    const vocabulary = vocabularies(demo);
    console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((load) => fixed(load)).join(' ')} (other work slows every figure)`);
    let started = performance.now();
    await writeCorpus(dir, demo, vocabulary, POSTS);
    console.log(`corpus: ${POSTS} posts of about ${WORDS_PER_POST} words written to ${dir} in ${fixed(performance.now() - started, 0)} ms`);

    started = performance.now();
    const catalog = await loadCatalog({ dir, baseUrl: 'http://bench.test' });
    const documents = catalog.products.length + catalog.pages.length + catalog.posts.length;
    const words = catalog.posts.reduce((sum, post) => sum + post.text.split(/\s+/).length, 0);
    console.log(`catalog: ${documents} documents (${fixed(words / catalog.posts.length, 0)} words per post) loaded in ${fixed(performance.now() - started, 0)} ms`);

    let before = heapUsed();
    started = performance.now();
    const index = searchIndexFor(catalog);
    const buildMs = performance.now() - started;
    const indexBytes = heapUsed() - before;

    before = heapUsed();
    started = performance.now();
    const scanDocs = scanIndex(catalog);
    const scanBuildMs = performance.now() - started;
    const scanBytes = heapUsed() - before;

    const queries = makeQueries(vocabulary, QUERIES);
    const warmUp = makeQueries(vocabulary, WARM_UP_QUERIES);
    const search = (query: string) => index.search(query, { limit: LIMIT }).total;
    const linear = (query: string) => scan(scanDocs, query, LIMIT).total;
    for (const { text } of warmUp) {
      search(text);
      linear(text);
    }
    // One pass each, the index's first: the scan splits every record's text again on each query, and
    // alternating the two made the index's queries pay for the collections of the scan's garbage.
    const indexTimes: number[] = [];
    const scanTimes: number[] = [];
    const byKind = new Map<QueryKind, number[]>();
    const byHits = new Map<string, number[]>();
    let indexHits = 0;
    let scanHits = 0;
    collect();
    for (const { kind, text } of queries) {
      const indexed = timeQuery(search, text);
      indexTimes.push(indexed.ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), indexed.ms]);
      const bucket = HIT_BUCKETS.find((limit) => indexed.total <= limit) ?? Infinity;
      byHits.set(String(bucket), [...(byHits.get(String(bucket)) ?? []), indexed.ms]);
      if (indexed.total > 0) indexHits += 1;
    }
    collect();
    for (const { text } of queries) {
      const scanned = timeQuery(linear, text);
      scanTimes.push(scanned.ms);
      if (scanned.total > 0) scanHits += 1;
    }
    const indexed = latency(indexTimes);
    const scanned = latency(scanTimes);

    const table = (rows: string[][]) => {
      const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
      for (const row of rows) console.log(`  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ')}`);
    };
    console.log(
      `\n${QUERIES} queries (${QUERY_KINDS.join(', ')}), limit ${LIMIT}, after ${WARM_UP_QUERIES} warm-up queries; each query timed once, the first time it is asked:`,
    );
    table([
      ['', 'search index', 'linear scan', 'scan / index'],
      ['build (ms)', fixed(buildMs, 0), fixed(scanBuildMs, 0), fixed(scanBuildMs / buildMs)],
      ['memory held (MB)', fixed(mb(indexBytes), 1), fixed(mb(scanBytes), 1), fixed(scanBytes / indexBytes)],
      ['p50 (ms)', fixed(indexed.p50, 3), fixed(scanned.p50, 3), fixed(scanned.p50 / indexed.p50, 1)],
      ['p99 (ms)', fixed(indexed.p99, 3), fixed(scanned.p99, 3), fixed(scanned.p99 / indexed.p99, 1)],
      ['mean (ms)', fixed(indexed.mean, 3), fixed(scanned.mean, 3), fixed(scanned.mean / indexed.mean, 1)],
      ['max (ms)', fixed(indexed.max, 3), fixed(scanned.max, 3), fixed(scanned.max / indexed.max, 1)],
      ['queries with hits', `${indexHits}/${QUERIES}`, `${scanHits}/${QUERIES}`, ''],
    ]);
    console.log('  (the scan finds substrings, prefixes included, but no typo; a ratio above 1: the index is faster or smaller)');

    console.log('\nsearch index latency by kind of query (ms):');
    table([
      ['', 'p50', 'p99', 'max'],
      ...QUERY_KINDS.map((kind) => {
        const { p50, p99, max } = latency(byKind.get(kind) ?? [0]);
        return [kind, fixed(p50, 3), fixed(p99, 3), fixed(max, 3)];
      }),
    ]);

    console.log(`\nsearch index latency by number of hits (ms): every matching record is scored`);
    table([
      ['hits', 'queries', 'p50', 'p99', 'max'],
      ...[...HIT_BUCKETS, Infinity].flatMap((limit, i, all) => {
        const times = byHits.get(String(limit));
        if (!times) return [];
        const { p50, p99, max } = latency(times);
        const label = limit === Infinity ? `over ${all[i - 1]}` : `${i === 0 ? 0 : all[i - 1]! + 1} to ${limit}`;
        return [[label, String(times.length), fixed(p50, 3), fixed(p99, 3), fixed(max, 3)]];
      }),
    ]);

    console.log(`\ntargets for ${POSTS} posts:`);
    console.log(`  index built in ${fixed(buildMs, 0)} ms (<= ${TARGETS.buildMs} ms): ${verdict(buildMs <= TARGETS.buildMs)}`);
    console.log(`  search p99 ${fixed(indexed.p99, 3)} ms (<= ${TARGETS.p99Ms} ms): ${verdict(indexed.p99 <= TARGETS.p99Ms)}`);
    console.log(`  index memory ${fixed(mb(indexBytes), 1)} MB (<= ${TARGETS.memoryMb} MB): ${verdict(mb(indexBytes) <= TARGETS.memoryMb)}`);
    console.log(`\nload average at the end: ${os.loadavg().map((load) => fixed(load)).join(' ')}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
