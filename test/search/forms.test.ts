import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import { found, measure, readJudged, sameHits } from '../../bench/relevance-measure.js';
import type { Catalog } from '../../src/content/types.js';
import type { Analysis, Hit, WordPlan } from '../../src/search/engine.js';
import { BOOST, FIELDS, STEM_WEIGHT, TermIndex } from '../../src/search/engine.js';
import { stemKey } from '../../src/search/forms.js';
import { searchAnalysis, searchIndexFor } from '../../src/search/index.js';
import { canonical, fold, lower, words } from '../../src/text/normalize.js';
import { portugueseSingular, stemmerOf } from '../../src/text/stemmers.js';
import { STOP_WORDS } from '../../src/text/stop-words.js';
import { testCatalog } from '../helper.js';

let catalog: Catalog;

before(async () => {
  catalog = await testCatalog();
});

const PT = { code: 'pt', stem: stemmerOf('pt-BR')! };
const EN = { code: 'en', stem: stemmerOf('en')! };

/** Records in Portuguese (0) and English (1); titles, tags, summaries, bodies. */
const RECORDS = [
  { language: 0, fields: ['Nuvens claras', '', '', 'As nuvens passam depressa.'] },
  { language: 0, fields: ['Nuvem escura', '', '', 'Uma nuvem sozinha no céu.'] },
  { language: 1, fields: ['Our servers', '', '', 'The servers run all night.'] },
  { language: 0, fields: ['Servir bem', '', '', 'Servimos o almoço ao meio-dia.'] },
  { language: 0, fields: ['Migração', '', '', 'A migração terminou.'] },
  { language: 0, fields: ['Sem acentos', '', '', 'A migracao foi escrita assim.'] },
  { language: 1, fields: ['Tagged', 'Agentes', '', 'Nothing else here.'] },
];
const small = () =>
  TermIndex.load(
    RECORDS.map((record) => record.fields),
    { languages: [PT, EN], languageOf: RECORDS.map((record) => record.language), stemmed: [0, 2, 3] },
  );

/** Records matching the query word `typed` alone, best first, each with the words it matched. */
function matching(index: TermIndex, typed: string): [id: number, matched: string][] {
  const plan = index.plan(fold(typed), false, lower(typed));
  return index
    .match([plan], 'AND')
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((hit) => [hit.id, index.matchedTerms([plan], hit.id).join(' ')]);
}

describe('word forms', () => {
  test('Portuguese plurals Snowball leaves whole are reduced to their singular first, accents typed or not', () => {
    const words = ['nuvens', 'migrações', 'migracoes', 'pães', 'papéis', 'lençóis', 'normais', 'containers', 'mais', 'mães', 'lápis', 'país', 'casa'];
    assert.deepEqual(
      words.map(portugueseSingular),
      ['nuvem', 'migração', 'migracao', 'pão', 'papel', 'lençol', 'normal', 'container', 'mais', 'mães', 'lápis', 'país', 'casa'],
    );
    for (const [a, b] of [['nuvem', 'nuvens'], ['migração', 'migrações'], ['servidor', 'servidores'], ['imagem', 'imagens']] as const) assert.equal(PT.stem(a), PT.stem(b), `${a} ${b}`);
    for (const [a, b] of [['policy', 'policies'], ['company', 'companies'], ['upgrade', 'upgrading'], ['server', 'servers']] as const) assert.equal(EN.stem(a), EN.stem(b), `${a} ${b}`);
  });

  test('a word finds the other forms of it in records of its language, the form asked for first', () => {
    const index = small();
    assert.deepEqual(matching(index, 'nuvens'), [
      [0, 'nuvens'],
      [1, 'nuvem'],
    ]);
    assert.deepEqual(matching(index, 'nuvem'), [
      [1, 'nuvem'],
      [0, 'nuvens'],
    ]);
  });

  test('a word that records of one language hold is not stemmed in another: servers does not find the Portuguese servir', () => {
    const index = small();
    assert.equal(index.stemOf('servers', 1), stemKey('en', 'server'));
    assert.equal(index.stemOf('servers', 0), undefined);
    assert.deepEqual(matching(index, 'servers'), [[2, 'servers']]);
  });

  test('a word is stemmed as records of its language mostly spell it: migracao, written without accents, shares the stem of migração', () => {
    const index = small();
    assert.equal(index.stemOf('migracao', 0), stemKey('pt', 'migraca'));
    for (const typed of ['migrações', 'migracoes', 'MIGRAÇÕES']) {
      assert.deepEqual(matching(index, typed), [
        [4, 'migracao'],
        [5, 'migracao'],
      ], typed);
    }
  });

  test('tags and categories are names, matched as written: an English product tagged Agentes is not stemmed as English', () => {
    const index = small();
    assert.equal(index.stemOf('agentes', 1), undefined);
    assert.deepEqual(matching(index, 'agentes'), [[6, 'agentes']]);
  });

  test('a stem weighs STEM_WEIGHT of the word itself', () => {
    const plan = small().plan('nuvens', false);
    assert.deepEqual([...plan.terms], [
      ['nuvens', 1],
      [stemKey('pt', 'nuv'), STEM_WEIGHT],
    ]);
  });
});

describe('word forms scored as MiniSearch scores the terms its processTerm returns', () => {
  /**
   * MiniSearch reads each word as the index does (folded, stop words left
   * out) and indexes, beside it, its stem in the record's language, stemmed
   * in the spelling records of that language most often give it with
   * accents: the reference for the postings and scores of stems.
   */
  function reference(documents: readonly (readonly string[])[], analysis: Analysis): MiniSearch {
    const spellings = analysis.languages.map(() => new Map<string, Map<string, number>>());
    documents.forEach((fields, id) => {
      for (const field of [0, 2, 3]) {
        const text = lower(canonical(fields[field]!));
        for (const spelling of text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []) {
          if (fold(spelling) === spelling) continue;
          const counts = spellings[analysis.languageOf[id]!]!;
          const byWord = counts.get(fold(spelling)) ?? new Map<string, number>();
          byWord.set(spelling, (byWord.get(spelling) ?? 0) + 1);
          counts.set(fold(spelling), byWord);
        }
      }
    });
    const spelled = (language: number, word: string) => [...(spellings[language]!.get(word) ?? [])].reduce<[string, number]>((most, each) => (each[1] > most[1] ? each : most), [word, 0])[0];
    const index = new MiniSearch({
      idField: 'id',
      fields: [...FIELDS],
      // Each word carries its record's language, after a character no word holds.
      extractField: (document: Readonly<Record<string, unknown>>, field: string) => (field === 'id' ? document.id : `${String(document.language)}\u0001${String(document[field] ?? '')}`),
      tokenize: (text: string) => {
        const [language, body = ''] = text.split('\u0001');
        return words(fold(canonical(body))).map((word) => `${language}\u0001${word}`);
      },
      processTerm: (token: string, field?: string) => {
        const [language, word] = token.split('\u0001') as [string, string];
        if (STOP_WORDS.has(word)) return null;
        if (field === 'tags') return word;
        const { code, stem } = analysis.languages[Number(language)]!;
        return [word, stemKey(code, fold(stem(spelled(Number(language), word))))];
      },
    });
    index.addAll(documents.map((fields, id) => ({ id, language: analysis.languageOf[id], ...Object.fromEntries(FIELDS.map((field, i) => [field, fields[i]])) })));
    return index;
  }

  /** The demo's records in the order the search index holds them, read with its analysis but no synonyms. */
  function demo(): { documents: string[][]; analysis: Analysis } {
    const pages = [...catalog.pagesByLocale.values()].flatMap((locale) => locale.pages);
    return {
      documents: [
        ...catalog.products.map((p) => [p.name, p.tags.join(' '), p.summary, p.text]),
        ...pages.map((p) => [p.title, '', p.description, p.text]),
        ...catalog.posts.map((p) => [p.title, p.category, p.summary, p.text]),
      ],
      analysis: { ...searchAnalysis(catalog), concepts: [] },
    };
  }

  const ranked = (hits: readonly Hit[]) => hits.map((hit) => [hit.id, Math.round(hit.score * 1e9) / 1e9] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);

  test('holds the postings of every word and stem that MiniSearch holds', () => {
    const { documents, analysis } = demo();
    const loaded = TermIndex.load(documents, analysis);
    const added = reference(documents, analysis).toJSON();
    assert.ok(added.index.filter(([term]) => term.startsWith('\0')).length > 2000);
    for (const [term, byField] of added.index) {
      FIELDS.forEach((_, fieldId) => {
        const expected = Object.entries((byField as Record<string, Record<string, number>>)[fieldId] ?? {}).map(([id, count]) => [Number(id), count]);
        assert.deepEqual(loaded.postingsOf(term, fieldId), expected, `${JSON.stringify(term)} in ${FIELDS[fieldId]}`);
      });
    }
  });

  test('scores words and their stems as MiniSearch scores the OR of their terms, each boosted by its weight', () => {
    const { documents, analysis } = demo();
    const loaded = TermIndex.load(documents, analysis);
    const added = reference(documents, analysis);
    for (const typed of ['nuvens', 'migrações', 'policies', 'upgrading', 'servidores', 'companies', 'automatizamos']) {
      const plan: WordPlan = loaded.plan(fold(typed), false, typed);
      assert.ok([...plan.terms.keys()].some((term) => term.startsWith('\0')), typed);
      const query: Query = { combineWith: 'OR', queries: [...plan.terms.keys()], tokenize: (term: string) => [term], processTerm: (term: string) => term, boostTerm: (term: string) => plan.terms.get(term) ?? 1 };
      const theirs = added.search(query, { boost: BOOST }).map((result) => ({ id: result.id as number, score: result.score / result.queryTerms.length }));
      assert.ok(theirs.length > 0, typed);
      assert.deepEqual(ranked(loaded.match([plan], 'AND')), ranked(theirs), typed);
    }
  });

  test('a word that is the one form of its stem takes the weight of the stem, which scores the same and is not read twice', () => {
    const { documents, analysis } = demo();
    const loaded = TermIndex.load(documents, analysis);
    const added = reference(documents, analysis);
    const english = analysis.languages.findIndex((language) => language.code === 'en');
    for (const word of ['rightsizing', 'monthly']) {
      const stem = loaded.stemOf(word, english)!;
      assert.ok(stem, word);
      const plan = loaded.plan(word, false);
      assert.deepEqual([...plan.terms], [[word, 1 + STEM_WEIGHT]]);
      const weights = new Map([
        [word, 1],
        [stem, STEM_WEIGHT],
      ]);
      const query: Query = { combineWith: 'OR', queries: [...weights.keys()], tokenize: (term: string) => [term], processTerm: (term: string) => term, boostTerm: (term: string) => weights.get(term)! };
      const theirs = added.search(query, { boost: BOOST }).map((result) => ({ id: result.id as number, score: result.score / result.queryTerms.length }));
      assert.ok(theirs.length > 0, word);
      assert.deepEqual(ranked(loaded.match([plan], 'AND')), ranked(theirs), word);
    }
  });
});

describe('on the demo content', () => {
  /** The pairs whose hits had least in common before words were matched through their stems. */
  const PAIRS = [
    ['nuvem', 'nuvens'],
    ['migração', 'migrações'],
    ['company', 'companies'],
    ['policy', 'policies'],
    ['server', 'servers'],
    ['upgrade', 'upgrading'],
  ] as const;

  test('each of two forms of a word finds at least 80% of the records the other finds, as typed', () => {
    for (const [a, b] of PAIRS) {
      const share = sameHits(found(catalog, a), found(catalog, b));
      assert.ok(share >= 0.8, `${a} / ${b}: ${Math.round(share * 100)}% of their hits in common`);
    }
  });

  test('so do the two forms of every word of the judged queries, as whole words', () => {
    const pairs = new Map<string, string[]>();
    for (const { query, forms } of readJudged().queries) if (forms) pairs.set(forms, [...(pairs.get(forms) ?? []), query]);
    assert.ok(pairs.size >= 15);
    for (const [a, b] of pairs.values()) {
      const share = sameHits(found(catalog, `${a} `), found(catalog, `${b!} `));
      assert.ok(share >= 0.8, `${a} / ${b}: ${Math.round(share * 100)}% of their hits in common`);
    }
  });

  test('the judged queries find more of their judged records than before stems and synonyms, ranked no worse', () => {
    const judged = readJudged();
    assert.ok(judged.queries.length >= 40 && judged.baseline);
    const { figures } = measure(catalog, judged);
    assert.ok(figures.ndcg >= judged.baseline.ndcg, `nDCG@10 ${figures.ndcg} fell below ${judged.baseline.ndcg}`);
    assert.ok(figures.recall > judged.baseline.recall, `recall ${figures.recall} did not rise above ${judged.baseline.recall}`);
  });

  test('an excerpt is cut around the words matched through their stem, which the hit names', () => {
    const [hit] = searchIndexFor(catalog).search('nuvens proprietárias', { limit: 1 }).items;
    assert.equal(hit?.slug, 'o-que-aprendemos-saindo-da-nuvem-proprietaria');
    assert.deepEqual(hit.matches, ['nuvem', 'proprietarias', 'proprietaria']);
    assert.match(hit.excerpt, /nuvem proprietária/);
  });
});
