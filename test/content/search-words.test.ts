import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkContent } from '../../src/check/content-check.js';
import { FIXTURES } from '../helper.js';
import { vitrine } from '../process.js';

/** A copy of the minimal fixture (a bakery in pt-BR) whose site.yaml is changed by `edit`; removed after the tests. */
function bakery(edit: (site: string) => string): { dir: () => string } {
  let dir = '';
  before(async () => {
    dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-search-words-')), 'bakery');
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    const site = path.join(dir, 'site.yaml');
    await writeFile(site, edit(await readFile(site, 'utf8')));
  });
  after(() => rm(path.dirname(dir), { recursive: true, force: true }));
  return { dir: () => dir };
}

/** The errors of `vitrine check`, as field and message. */
async function errorsOf(dir: string): Promise<[field: string | null, message: string][]> {
  const report = await checkContent(dir);
  assert.deepEqual(report.warnings, []);
  return report.errors.map((problem) => [problem.field, problem.message]);
}

describe('synonyms and expansions of site.yaml that the search could not use', () => {
  const content = bakery(
    (site) => `${site}search:
  synonyms:
    pt-br:
      - [pão, bisnaga]
    pt-BR:
      - [pão francês, cacetinho, Pão Francês]
      - [Cacetinho, bisnaguinha]
      - ["!!!", broa]
  expansions:
    pt-BR:
      doce: [sonho, Doce, sonho, de]
      DOCE: [bolo]
`,
  );

  test('are errors of vitrine check naming the field: an unknown locale (with the nearest), a word twice, in two groups, without a word or too common', async () => {
    assert.deepEqual(await errorsOf(content.dir()), [
      ['search.synonyms.pt-br', 'is not one of the locales (pt-BR); did you mean pt-BR?'],
      ['search.synonyms.pt-BR[0][2]', '"Pão Francês" is listed twice in this group (case and accents do not matter)'],
      ['search.synonyms.pt-BR[1][0]', '"Cacetinho" is already in group 0; put what means the same in one group'],
      ['search.synonyms.pt-BR[2][0]', '"!!!" holds no word a search could find'],
      ['search.expansions.pt-BR.doce[1]', '"Doce" is what is searched for: a search for it finds it already'],
      ['search.expansions.pt-BR.doce[2]', '"sonho" is listed twice (case and accents do not matter)'],
      ['search.expansions.pt-BR.doce[3]', '"de" is a word the search ignores (too common)'],
      ['search.expansions.pt-BR.DOCE', '"DOCE" is the same as "doce" (case and accents do not matter); join their lists'],
    ]);
  });
});

describe('groups that say nothing', () => {
  const content = bakery(
    (site) => `${site}search:
  synonyms:
    pt-BR:
      - []
      - [sonho]
  expansions:
    pt-BR:
      doce: []
`,
  );

  test('an empty group, a group of one word and an expansion to nothing are errors of vitrine check', async () => {
    assert.deepEqual(await errorsOf(content.dir()), [
      ['search.synonyms.pt-BR[0]', 'must list at least two words or phrases that mean the same'],
      ['search.synonyms.pt-BR[1]', 'must list at least two words or phrases that mean the same'],
      ['search.expansions.pt-BR.doce', 'must list at least one word or phrase'],
    ]);
  });
});

describe('a locale whose language the search has no stemmer for', () => {
  const content = bakery((site) => site.replace('locales: [pt-BR]', 'locales: [pt-BR, ja]'));
  const problem = 'ja: the search has no stemmer for its language; the languages it reads are ar, bg, da, de, el, en, es, fi, fr, ga, hi, hu, hy, id, it, lt, nb, ne, nl, nn, no, pt, ro, ru, sr, sv, ta, tr, uk';

  test('is an error of vitrine check naming the locale', async () => {
    assert.deepEqual(await errorsOf(content.dir()), [['locales[1]', problem]]);
  });

  test('stops vitrine serve at start-up with the same line', async () => {
    const run = await vitrine(['serve', content.dir()], { PORT: '0' });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, `vitrine: content is invalid (1 problem):\n  bakery/site.yaml: locales[1]: ${problem}\n`);
  });
});
