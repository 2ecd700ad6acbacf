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
import { copyFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadCatalog } from '../src/content/load.js';
import type { Catalog } from '../src/content/types.js';
import { searchIndexFor } from '../src/search/index.js';
import { canonical, fold, queryTerms } from '../src/search/normalize.js';

const POSTS = 10_000;
const WORDS_PER_POST = 400;
const QUERIES = 1_000;
const WARM_UP_QUERIES = 200;
const LIMIT = 10;
const RUNS_PER_QUERY = 3;
/** Upper bounds of the hit counts latency is broken down by. */
const HIT_BUCKETS = [100, 500, 1_000, 2_000, 5_000];
const TARGETS = { buildMs: 3_000, p99Ms: 2, memoryMb: 150 };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEMO = path.join(ROOT, 'content');

// --- a seeded generator, so every run measures the same corpus -------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

// --- the corpus ---------------------------------------------------------------
//
// Text with the statistics of real text, which is what an index's size and
// speed depend on (grammar is not):
// - function words ("de", "que", "the", "and") are the 150 most frequent
//   words of the demo posts of the locale, drawn with their real frequencies,
//   and make up 45% of the words, as in real prose;
// - content words follow Zipf's law over a vocabulary of 40,000 per locale:
//   the real words of the demo content first (accents and all), in order of
//   frequency, then made-up words for the long tail every real vocabulary has;
// - words cluster by topic: each post is about two of 300 topics and takes
//   60% of its content words from them, so a word is frequent in a few posts
//   and absent from most, not spread evenly.

const LOCALES = ['pt-BR', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const VOCABULARY_SIZE = 40_000;
const TOPICS = 300;
const WORDS_PER_TOPIC = 120;
const ZIPF_EXPONENT = 1.05;

interface Vocabulary {
  /** Function words, each as often as in the demo posts (repeats included). */
  readonly functionWords: readonly string[];
  /** Content words, most frequent first. */
  readonly words: readonly string[];
  /** Cumulative Zipf weights of `words`, for sampling by rank. */
  readonly cumulative: Float64Array;
  readonly topics: readonly (readonly string[])[];
  /** Real content words of four letters or more: what people search for. */
  readonly searchable: readonly string[];
  readonly headings: readonly string[];
  readonly authors: readonly string[];
}

/** Syllables of made-up words, by locale. */
const SYLLABLES: Record<Locale, readonly string[]> = {
  'pt-BR': `ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga ge gi go la le li lo lu ma me mi mo mu na ne ni
    no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo ção ções são ção nha lho que gua tra
    bra cre pro pla gra dra ã õ é ê á í ó ú`
    .trim()
    .split(/\s+/),
  en: `ba be bi bo ca co da de di do fa fe fi ga ge go la le li lo ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se
    si so ta te ti to va ve vi tion ing er ly ment ness able th sh ch str pl gr tr`
    .trim()
    .split(/\s+/),
};

/** A rank drawn from Zipf's law over `cumulative`. */
function zipfRank(cumulative: Float64Array): number {
  const target = random() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

function vocabularies(demo: Catalog): Record<Locale, Vocabulary> {
  const tokenize = (text: string) => text.match(/[\p{L}\p{N}\p{M}]+(?:-[\p{L}\p{N}\p{M}]+)*/gu) ?? [];
  const build = (locale: Locale): Vocabulary => {
    const posts = demo.posts.filter((post) => post.locale === locale);
    // Products and pages are written in the site's default locale.
    const others = locale === demo.site.default_locale ? [...demo.products, ...demo.pages] : [];
    const tokens = [...posts, ...others].flatMap((record) => tokenize(record.text));
    const frequency = new Map<string, number>();
    for (const token of tokens) frequency.set(token.toLowerCase(), (frequency.get(token.toLowerCase()) ?? 0) + 1);
    const ranked = [...frequency].sort((a, b) => b[1] - a[1]).map(([word]) => word);
    const functionSet = new Set(ranked.slice(0, 150));
    const functionWords = tokens.filter((token) => functionSet.has(token.toLowerCase())).map((token) => token.toLowerCase());
    // Real content words keep their own spelling (LGPD, Kubernetes, São Paulo).
    const spelling = new Map<string, string>();
    for (const token of tokens) if (!spelling.has(token.toLowerCase()) || token === token.toLowerCase()) spelling.set(token.toLowerCase(), token);
    const real = ranked.filter((word) => !functionSet.has(word)).map((word) => spelling.get(word)!);
    const known = new Set(ranked);
    const words = [...real];
    while (words.length < VOCABULARY_SIZE) {
      const word = Array.from({ length: between(2, 4) }, () => pick(SYLLABLES[locale])).join('');
      if (/^\p{L}{4,}$/u.test(word) && !known.has(word)) {
        known.add(word);
        words.push(word);
      }
    }
    const cumulative = new Float64Array(words.length);
    let sum = 0;
    for (let rank = 0; rank < words.length; rank += 1) cumulative[rank] = sum += 1 / (rank + 1) ** ZIPF_EXPONENT;
    const topics = Array.from({ length: TOPICS }, () => {
      const topic = new Set<string>();
      while (topic.size < WORDS_PER_TOPIC) topic.add(words[zipfRank(cumulative)]!);
      return [...topic];
    });
    const searchable = real.filter((word) => [...word].length >= 4 && !/\d/.test(word));
    const headings = posts.flatMap((post) => post.markdown.match(/^#{2,3} .+$/gm) ?? []).map((line) => line.replace(/^#+ /, ''));
    return { functionWords, words, cumulative, topics, searchable, headings, authors: [...new Set(posts.map((post) => post.author))] };
  };
  return { 'pt-BR': build('pt-BR'), en: build('en') };
}

function writer(vocabulary: Vocabulary) {
  const topics = [pick(vocabulary.topics), pick(vocabulary.topics)];
  const word = (): string => {
    const roll = random();
    if (roll < 0.45) return pick(vocabulary.functionWords);
    if (roll < 0.78) return pick(pick(topics));
    if (roll < 0.99) return vocabulary.words[zipfRank(vocabulary.cumulative)]!;
    return String(between(2, 2030));
  };
  const sentence = (length = between(8, 22)): string => {
    const out = Array.from({ length }, word);
    const first = out[0]!;
    out[0] = first[0]!.toUpperCase() + first.slice(1);
    if (length > 12) out[between(4, length - 4)] += ',';
    return `${out.join(' ')}.`;
  };
  return { sentence };
}

/** Inline markdown on a few words of a sentence: bold, emphasis, code and links. */
function decorate(text: string): string {
  return text
    .split(' ')
    .map((word) => {
      const roll = random();
      if (/[.,]$/.test(word) || roll > 0.06) return word;
      if (roll < 0.015) return `**${word}**`;
      if (roll < 0.03) return `_${word}_`;
      if (roll < 0.045) return `\`${word}\``;
      return `[${word}](https://example.com/${encodeURIComponent(fold(word))})`;
    })
    .join(' ');
}

function postMarkdown(vocabulary: Vocabulary, sentence: (length?: number) => string): string {
  const blocks: string[] = [];
  let count = 0;
  const paragraph = () => {
    const text = Array.from({ length: between(2, 5) }, () => sentence()).join(' ');
    count += text.split(' ').length;
    blocks.push(decorate(text));
  };
  paragraph();
  while (count < WORDS_PER_POST) {
    const roll = random();
    if (roll < 0.12) {
      const heading = pick(vocabulary.headings);
      blocks.push(`## ${heading}`);
      count += heading.split(' ').length;
    } else if (roll < 0.22) {
      const items = Array.from({ length: between(3, 5) }, () => `- ${decorate(sentence(between(4, 9)))}`);
      count += items.join(' ').split(' ').length - items.length;
      blocks.push(items.join('\n'));
    } else if (roll < 0.26) {
      const quote = sentence();
      count += quote.split(' ').length;
      blocks.push(`> ${decorate(quote)}`);
    } else if (roll < 0.29) {
      blocks.push(['```sh', `kubectl get pods -n ${fold(pick(pick(vocabulary.topics)))}`, `ceph osd out ${between(1, 300)}`, '```'].join('\n'));
      count += 9;
    } else {
      paragraph();
    }
  }
  return blocks.join('\n\n');
}

const yamlString = (text: string) => JSON.stringify(text);

async function writeCorpus(dir: string, demo: Catalog, vocabulary: Record<Locale, Vocabulary>): Promise<void> {
  await copyFile(path.join(DEMO, 'site.yaml'), path.join(dir, 'site.yaml'));
  await copyFile(path.join(DEMO, 'company.md'), path.join(dir, 'company.md'));
  await cp(path.join(DEMO, 'pages'), path.join(dir, 'pages'), { recursive: true });
  // The loader requires a products/ folder; the benchmark's records are the posts.
  await mkdir(path.join(dir, 'products'));
  await mkdir(path.join(dir, 'posts'));
  const start = Date.UTC(2019, 0, 1);
  const pending: Promise<void>[] = [];
  for (let n = 0; n < POSTS; n += 1) {
    const locale = pick(LOCALES);
    const words = vocabulary[locale];
    const { sentence } = writer(words);
    const title = sentence(between(5, 9)).slice(0, -1).replace(',', '');
    const slug = `${fold(title)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60)
      .replace(/-$/, '')}-${n}`;
    const front = [
      '---',
      `title: ${yamlString(title)}`,
      `summary: ${yamlString(sentence(between(18, 30)))}`,
      `category: ${yamlString(pick(demo.site.post_categories[locale] ?? []))}`,
      `locale: ${locale}`,
      `published_at: "${new Date(start + n * 3_600_000 * 5).toISOString().replace('.000Z', 'Z')}"`,
      `author: ${yamlString(pick(words.authors))}`,
      '---',
    ].join('\n');
    pending.push(writeFile(path.join(dir, 'posts', `${slug}.md`), `${front}\n${postMarkdown(words, sentence)}\n`));
    if (pending.length >= 256) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}

// --- queries ------------------------------------------------------------------

const stripAccents = (word: string) => word.normalize('NFD').replace(/\p{M}+/gu, '');

function typo(word: string): string {
  const at = between(1, word.length - 2);
  const roll = random();
  if (roll < 0.34) return word.slice(0, at) + word.slice(at + 1); // a letter left out
  if (roll < 0.67) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2); // two letters swapped
  return word.slice(0, at) + pick([...'aeiourstn']) + word.slice(at + 1); // a wrong letter
}

/** The kinds of query, in the order they take turns. */
const QUERY_KINDS = ['one word', 'two words', 'prefix', 'word + prefix', 'typo', 'accented', 'unaccented', 'ACCENTED + word'] as const;
type QueryKind = (typeof QUERY_KINDS)[number];

interface BenchQuery {
  readonly kind: QueryKind;
  readonly text: string;
}

/** Single words, two words, prefixes, typos, accented and unaccented, upper and lower case, in turn. */
function makeQueries(vocabulary: Record<Locale, Vocabulary>, count: number): BenchQuery[] {
  const queries: BenchQuery[] = [];
  for (let i = 0; i < count; i += 1) {
    const searchable = vocabulary[pick(LOCALES)].searchable;
    const word = () => pick(searchable);
    const accented = searchable.filter((w) => w !== stripAccents(w));
    const kind = QUERY_KINDS[i % QUERY_KINDS.length]!;
    const text = (() => {
      switch (kind) {
        case 'one word':
          return word();
        case 'two words':
          return `${word()} ${word()}`;
        case 'prefix': {
          const w = word();
          return w.slice(0, between(3, Math.max(3, w.length - 1)));
        }
        case 'word + prefix':
          return `${word()} ${word().slice(0, 3)}`;
        case 'typo':
          return typo(pick(searchable.filter((w) => w.length >= 6)));
        case 'accented':
          return pick(accented);
        case 'unaccented':
          return stripAccents(pick(accented));
        case 'ACCENTED + word':
          return `${pick(accented).toUpperCase()} ${stripAccents(word())}`;
      }
    })();
    queries.push({ kind, text });
  }
  return queries;
}

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

function heapUsed(): number {
  for (let i = 0; i < 3; i += 1) collect();
  return process.memoryUsage().heapUsed;
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
 * Times `run` on `query` RUNS_PER_QUERY times and keeps the median: on a
 * shared machine one run can wait for a CPU, which says nothing of the code.
 */
function timeQuery(run: (query: string) => number, query: string): { ms: number; total: number } {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS_PER_QUERY; i += 1) {
    const started = performance.now();
    total = run(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1]!, total };
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
    await writeCorpus(dir, demo, vocabulary);
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
    // Alternated query by query, so that a change in the machine's load weighs on both alike.
    const indexTimes: number[] = [];
    const scanTimes: number[] = [];
    const byKind = new Map<QueryKind, number[]>();
    const byHits = new Map<string, number[]>();
    let indexHits = 0;
    let scanHits = 0;
    for (const { kind, text } of queries) {
      const indexed = timeQuery(search, text);
      const scanned = timeQuery(linear, text);
      indexTimes.push(indexed.ms);
      scanTimes.push(scanned.ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), indexed.ms]);
      const bucket = HIT_BUCKETS.find((limit) => indexed.total <= limit) ?? Infinity;
      byHits.set(String(bucket), [...(byHits.get(String(bucket)) ?? []), indexed.ms]);
      if (indexed.total > 0) indexHits += 1;
      if (scanned.total > 0) scanHits += 1;
    }
    const indexed = latency(indexTimes);
    const scanned = latency(scanTimes);

    const table = (rows: string[][]) => {
      const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
      for (const row of rows) console.log(`  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ')}`);
    };
    console.log(
      `\n${QUERIES} queries (${QUERY_KINDS.join(', ')}), limit ${LIMIT}, after ${WARM_UP_QUERIES} warm-up queries; each query's time is the median of ${RUNS_PER_QUERY} runs:`,
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
