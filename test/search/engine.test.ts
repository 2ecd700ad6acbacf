import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import type { Catalog } from '../../src/content/types.js';
import type { Hit, WordPlan } from '../../src/search/engine.js';
import { best, BOOST, editDistance, EXPANSION_BUDGET, FIELDS, TermIndex, withinOneEdit } from '../../src/search/engine.js';
import { searchAnalysis, searchIndexFor } from '../../src/search/index.js';
import { canonical, fold, words } from '../../src/text/normalize.js';
import { STOP_WORDS } from '../../src/text/stop-words.js';

/**
 * MiniSearch, configured to read text as the index does (the same folding,
 * words and stop words), is the reference the engine's scores are checked
 * against: the engine keeps MiniSearch's BM25+ in a layout of its own.
 */
const MINISEARCH_OPTIONS = {
  idField: 'id',
  fields: [...FIELDS],
  extractField: (document: Readonly<Record<string, unknown>>, field: string) => (field === 'id' ? document.id : fold(canonical(String(document[field] ?? '')))),
  tokenize: words,
  processTerm: (term: string) => (STOP_WORDS.has(term) ? null : term),
};
import { testCatalog } from '../helper.js';

/** Every locale's pages, in the order the search index adds them. */
const allPages = () => [...catalog.pagesByLocale.values()].flatMap((locale) => locale.pages);

let catalog: Catalog;
let documents: string[][];

before(async () => {
  catalog = await testCatalog();
  // A record's tags are indexed as written and as its locale labels them; a post's with its category.
  const tags = (p: { tags: readonly string[]; labelled_tags: readonly string[] }, ...before: string[]) => [...new Set([...before, ...p.tags.flatMap((tag, i) => [tag, p.labelled_tags[i]!])])].join(' ');
  documents = [
    ...catalog.products.map((p) => [p.name, tags(p), p.summary, p.text]),
    ...allPages().map((p) => [p.title, '', p.description, p.text]),
    ...catalog.posts.map((p) => [p.title, tags(p, p.category), p.summary, p.text]),
  ];
});

/** The same documents, indexed one by one by MiniSearch's own `addAll`. */
function addedOneByOne(): MiniSearch {
  const index = new MiniSearch(MINISEARCH_OPTIONS);
  index.addAll(documents.map((fields, id) => ({ id, ...Object.fromEntries(FIELDS.map((field, i) => [field, fields[i]])) })));
  return index;
}

/**
 * What `match` computes, asked of MiniSearch's own `search`: each word an OR
 * of its terms boosted by their weights, the words combined with AND or OR.
 * MiniSearch multiplies a score by the number of terms matched; divided out.
 */
function miniSearchMatch(index: MiniSearch, plans: readonly WordPlan[], combineWith: 'AND' | 'OR'): Hit[] {
  const query: Query = {
    combineWith,
    queries: plans.map((plan) => ({
      combineWith: 'OR',
      queries: [...plan.terms.keys()],
      tokenize: (term: string) => [term],
      processTerm: (term: string) => term,
      boostTerm: (term: string) => plan.terms.get(term) ?? 1,
    })),
  };
  return index.search(query, { boost: BOOST }).map((result) => ({ id: result.id as number, score: result.score / result.queryTerms.length }));
}

/** Hits by score, then id, their scores rounded: sums made in another order differ in the last bits. */
const ranked = (hits: readonly Hit[]) =>
  hits.map((hit) => [hit.id, Math.round(hit.score * 1e9) / 1e9] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);

describe('TermIndex.load', () => {
  test("holds the postings MiniSearch's addAll holds, term for term", () => {
    const loaded = TermIndex.load(documents);
    const added = addedOneByOne().toJSON();
    assert.ok(added.index.length > 3000);
    for (const [term, byField] of added.index) {
      assert.ok(loaded.has(term), term);
      FIELDS.forEach((_, fieldId) => {
        const expected = Object.entries((byField as Record<string, Record<string, number>>)[fieldId] ?? {}).map(([id, count]) => [Number(id), count]);
        assert.deepEqual(loaded.postingsOf(term, fieldId), expected, `${term} in ${FIELDS[fieldId]}`);
      });
    }
  });

  test('does not index stop words, but counts them in field lengths', () => {
    const index = TermIndex.load([['the cloud of the north', '', '', ''], ['cloud', '', '', '']]);
    assert.deepEqual(['the', 'of', 'cloud', 'north'].map((term) => index.has(term)), [false, false, true, true]);
    // Four distinct words in the first title, one in the second: the first title's match on "cloud" weighs less.
    const [first, second] = index.match([index.plan('cloud', false)], 'AND').sort((a, b) => a.id - b.id);
    assert.ok(first!.score < second!.score);
  });
});

describe('TermIndex.plan and match', () => {
  test("score as MiniSearch's own prefix and fuzzy search when the expansions fit the budget", () => {
    const loaded = TermIndex.load(documents);
    const added = addedOneByOne();
    // A word the index holds is taken as spelled right and whole: only the others tolerate a typo or complete.
    for (const word of ['kub', 'clust', 'evidence', 'evidense', 'seguranca', 'seguranza', 'automacao', 'agent', 'agemt', 'guardiak']) {
      const plan = loaded.plan(word, true);
      assert.ok(plan.postings < EXPANSION_BUDGET, `${word}: ${plan.postings} postings`);
      const ours = loaded.match([plan], 'AND');
      const theirs = added.search(word, { prefix: !loaded.has(word), fuzzy: [...word].length >= 5 && !loaded.has(word) ? 1 : false, boost: BOOST });
      assert.ok(theirs.length > 0, word);
      assert.deepEqual(ranked(ours), ranked(theirs.map((result) => ({ id: result.id as number, score: result.score }))), word);
    }
  });

  test("score queries of several words as MiniSearch's AND and OR of their plans", () => {
    const loaded = TermIndex.load(documents);
    const added = addedOneByOne();
    for (const query of ['kubernetes cluster', 'dados pessoais lgpd', 'agent approval', 'open source cloud', 'ceph disc', 'cloud nuvem privacidade']) {
      const words = query.split(' ');
      const plans = words.map((word, i) => loaded.plan(word, i === words.length - 1));
      for (const combineWith of ['AND', 'OR'] as const) {
        const expected = ranked(miniSearchMatch(added, plans, combineWith));
        if (combineWith === 'OR') assert.ok(expected.length > 0, query);
        assert.deepEqual(ranked(loaded.match(plans, combineWith)), expected, `${query} (${combineWith})`);
      }
    }
  });

  test('considers only the records `accept` lets through, in AND and in OR', () => {
    const loaded = TermIndex.load(documents);
    const plans = ['cloud', 'dados'].map((word) => loaded.plan(word, false));
    const even = (id: number) => id % 2 === 0;
    for (const combineWith of ['AND', 'OR'] as const) {
      const all = ranked(loaded.match(plans, combineWith));
      assert.ok(all.some(([id]) => !even(id)), combineWith);
      assert.deepEqual(ranked(loaded.match(plans, combineWith, even)), all.filter(([id]) => even(id)), combineWith);
    }
  });

  test('names the terms of a plan a record holds, in plan order', () => {
    const loaded = TermIndex.load(documents);
    const plans = [loaded.plan('kuebrnetes', false), loaded.plan('clust', true)];
    const [hit] = best(loaded.match(plans, 'AND'), 1);
    assert.ok(hit);
    const terms = loaded.matchedTerms(plans, hit.id);
    assert.equal(terms[0], 'kubernetes');
    assert.ok(terms.slice(1).every((term) => term.startsWith('clust')) && terms.length > 1, terms.join());
  });

  test('a swap of two neighbouring letters counts as one typo', () => {
    const plan = TermIndex.load(documents).plan('kuebrnetes', false);
    assert.deepEqual([...plan.terms.keys()], ['kuebrnetes', 'kubernetes']);
    assert.ok(plan.terms.get('kubernetes')! < 1);
  });

  test('a typo anywhere finds the word: first letter, last letter, a swap across the middle', () => {
    const loaded = TermIndex.load(documents);
    for (const typo of ['xubernetes', 'kubernetex', 'kubenretes', 'ubernetes', 'kubernetess', 'kubrenetes']) {
      assert.ok(loaded.plan(typo, false).terms.has('kubernetes'), typo);
    }
  });

  test('withinOneEdit and editDistance agree with edit distance (insertions, deletions, substitutions, neighbour swaps)', () => {
    /** Damerau-Levenshtein distance with adjacent transpositions (optimal string alignment). */
    const distance = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i += 1) {
        for (let j = 1; j <= b.length; j += 1) {
          const cost = a[i - 1] === b[j - 1] ? 0 : 1;
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
      }
      return d[a.length]![b.length]!;
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 }), fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 }), (a, b) => {
        assert.equal(withinOneEdit(a, b), distance(a, b) <= 1, `${a} ${b}`);
        for (const most of [0, 1, 2]) assert.equal(editDistance(a, b, most), Math.min(distance(a, b), most + 1), `${a} ${b} ${most}`);
      }),
      { numRuns: 2000 },
    );
  });

  test('closest names the words within the edits given, fewest edits first, then the most frequent', () => {
    const index = TermIndex.load([
      ['kubernetes kubernetes', '', '', ''],
      ['kubernetes cubernetes', '', '', ''],
      ['kubernates', '', '', ''],
    ]);
    assert.deepEqual(index.closest('kubernetz', 2, 3), ['kubernetes']);
    assert.deepEqual(index.closest('kubernetx', 1, 3), []);
    // One edit, then two; cubernetes, two edits away too, shares neither the first nor the last third of the word.
    assert.deepEqual(index.closest('kubernetis', 2, 3), ['kubernetes', 'kubernates']);
    // Not the word itself.
    assert.deepEqual(index.closest('kubernetes', 1, 3), ['cubernetes', 'kubernates']);
  });

  test('short words get no typo tolerance', () => {
    assert.deepEqual([...TermIndex.load(documents).plan('gpx', false).terms.keys()], ['gpx']);
  });

  test('completions are taken most frequent first, until their postings reach the budget', () => {
    // 300 completions of "zz": zz0 is in 300 records, zz1 in 299, ... zz299 in 1.
    const many = Array.from({ length: 300 }, (_, id) => ['', '', '', Array.from({ length: 300 - id }, (_, n) => `zz${n}`).join(' ')]);
    const plan = TermIndex.load(many).plan('zz', true);
    const taken = [...plan.terms.keys()].slice(1);
    const postings = taken.reduce((sum, term) => sum + 300 - Number(term.slice(2)), 0);
    assert.deepEqual(
      taken,
      Array.from({ length: taken.length }, (_, n) => `zz${n}`),
    );
    assert.ok(postings >= EXPANSION_BUDGET && postings - (300 - taken.length + 1) < EXPANSION_BUDGET, `${postings}`);
    assert.equal(plan.postings, postings);
    assert.ok(taken.length < 300);
  });
});

describe('SearchIndex', () => {
  test('scores a query of several words exactly as a plain AND of their plans, stems and synonyms included', () => {
    const loaded = TermIndex.load(documents, searchAnalysis(catalog));
    const index = searchIndexFor(catalog);
    const slugOf = (id: number) => [...catalog.products, ...allPages(), ...catalog.posts][id]!.slug;
    for (const query of ['kubernetes cluster', 'dados pessoais lgpd', 'agent approval', 'open source cloud', 'ceph disc', 'nuvens migrações']) {
      const words = query.split(' ');
      const plans = words.map((word, i) => loaded.plan(fold(word), i === words.length - 1, word));
      const plain = best(loaded.match(plans, 'AND'), 100);
      assert.ok(plain.length > 0, query);
      assert.deepEqual(
        index.search(query, { limit: 100 }).items.map((hit) => [hit.slug, hit.score]),
        plain.map((result) => [slugOf(result.id), Math.round(result.score * 1000) / 1000]),
        query,
      );
    }
  });
});

describe('best', () => {
  const result = (id: number, score: number): Hit => ({ id, score });

  test('is the head of a full sort by score, highest first, then by record', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), fc.integer({ min: 1, max: 100 }), (scores, count) => {
        const results = scores.map((score, id) => result(id, score));
        const sorted = [...results].sort((a, b) => b.score - a.score || a.id - b.id);
        assert.deepEqual(best(results, count), sorted.slice(0, count));
      }),
    );
  });
});
