/**
 * Relevance benchmark (`npm run bench:relevance`).
 *
 * Runs every judged query of bench/relevance-queries.yaml against the demo
 * content and prints, query by query and on average, the recall of the
 * judged documents among the first 100 hits and nDCG@10, beside the
 * baseline stored in that file; then, for each pair of forms of one word,
 * the share of the hits both forms find.
 */
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '../src/content/load.js';
import { found, measure, NDCG_DEPTH, readJudged, sameHits } from './relevance-measure.js';

const DEMO = fileURLToPath(new URL('../content', import.meta.url));

const catalog = await loadCatalog({ dir: DEMO, baseUrl: 'http://bench.test' });
const judged = readJudged();
const { figures, queries } = measure(catalog, judged);

const fixed = (value: number) => value.toFixed(4);
const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ')}`);
};

console.log(`${queries.length} judged queries over the demo content (${catalog.products.length + [...catalog.pagesByLocale.values()].reduce((n, l) => n + l.pages.length, 0) + catalog.posts.length} documents):\n`);
table([
  ['query', 'language', 'judged', 'found', 'recall', `nDCG@${NDCG_DEPTH}`],
  ...queries.map(({ query, found, recall, ndcg }) => [query.query, query.language, String(Object.keys(query.relevant).length), String(found.length), fixed(recall), fixed(ndcg)]),
]);

const { baseline } = judged;
console.log('\nmean over the queries:');
table([
  ['', 'baseline', 'now', 'change'],
  ['recall (first 100 hits)', baseline ? fixed(baseline.recall) : '-', fixed(figures.recall), baseline ? `${figures.recall >= baseline.recall ? '+' : ''}${fixed(figures.recall - baseline.recall)}` : ''],
  [`nDCG@${NDCG_DEPTH}`, baseline ? fixed(baseline.ndcg) : '-', fixed(figures.ndcg), baseline ? `${figures.ndcg >= baseline.ndcg ? '+' : ''}${fixed(figures.ndcg - baseline.ndcg)}` : ''],
]);

const pairs = new Map<string, (typeof queries)[number][]>();
for (const entry of queries) if (entry.query.forms) pairs.set(entry.query.forms, [...(pairs.get(entry.query.forms) ?? []), entry]);
const whole = (query: string) => found(catalog, `${query} `);
console.log('\nforms of one word: hits of each (first 100), and the share of all their hits that both find; as typed (the last word also a prefix), and as whole words (a space after):');
table([
  ['forms', 'hits', 'same hits', 'whole words', 'same hits'],
  ...[...pairs.values()].map((forms) => {
    const [a, b] = forms.map((f) => whole(f.query.query)) as [string[], string[]];
    return [
      forms.map((f) => f.query.query).join(' / '),
      forms.map((f) => String(f.found.length)).join(' / '),
      `${Math.round(sameHits(forms[0]!.found, forms[1]!.found) * 100)}%`,
      `${a.length} / ${b.length}`,
      `${Math.round(sameHits(a, b) * 100)}%`,
    ];
  }),
]);
