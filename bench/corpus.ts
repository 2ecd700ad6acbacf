/**
 * The synthetic content folder the benchmarks load: the demo's site.yaml,
 * company.md, pages/ and images/, and any number of generated posts in pt-BR and
 * English (markdown with accents, about 400 words each). Seeded, so every run
 * measures the same corpus. `npm run bench:search` and the 10,000-post cold
 * start of `npm run bench` both use it.
 */
import { copyFile, cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '../src/content/load.js';
import type { Catalog } from '../src/content/types.js';
import { fold } from '../src/text/normalize.js';

export const WORDS_PER_POST = 400;

const DEMO = fileURLToPath(new URL('../content', import.meta.url));

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
export const random = mulberry32(20261122);
export const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

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

export const LOCALES = ['pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const VOCABULARY_SIZE = 40_000;
const TOPICS = 300;
const WORDS_PER_TOPIC = 120;
const ZIPF_EXPONENT = 1.05;

export interface Vocabulary {
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

export function vocabularies(demo: Catalog): Record<Locale, Vocabulary> {
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

export async function writeCorpus(dir: string, demo: Catalog, vocabulary: Record<Locale, Vocabulary>, posts: number): Promise<void> {
  await copyFile(path.join(DEMO, 'site.yaml'), path.join(dir, 'site.yaml'));
  await copyFile(path.join(DEMO, 'company.md'), path.join(dir, 'company.md'));
  await cp(path.join(DEMO, 'pages'), path.join(dir, 'pages'), { recursive: true });
  // The pictures and icons site.yaml and company.md name.
  await cp(path.join(DEMO, 'images'), path.join(dir, 'images'), { recursive: true });
  // The loader requires a products/ folder; the benchmark's records are the posts.
  await mkdir(path.join(dir, 'products'));
  await mkdir(path.join(dir, 'posts'));
  const start = Date.UTC(2019, 0, 1);
  const pending: Promise<void>[] = [];
  for (let n = 0; n < posts; n += 1) {
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
export const QUERY_KINDS = ['one word', 'two words', 'prefix', 'word + prefix', 'typo', 'accented', 'unaccented', 'ACCENTED + word'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface BenchQuery {
  readonly kind: QueryKind;
  readonly text: string;
}

/** Single words, two words, prefixes, typos, accented and unaccented, upper and lower case, in turn. */
export function makeQueries(vocabulary: Record<Locale, Vocabulary>, count: number): BenchQuery[] {
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

/** Writes the demo's site files and `posts` generated posts into `dir` (which must exist). */
export async function generateCorpus(dir: string, posts: number): Promise<void> {
  const demo = await loadCatalog({ dir: DEMO, baseUrl: 'http://bench.test' });
  await writeCorpus(dir, demo, vocabularies(demo), posts);
}
