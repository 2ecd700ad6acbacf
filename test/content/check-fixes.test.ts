import assert from 'node:assert/strict';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { closestLocale } from '../../src/util/suggest.js';
import { copyFixture } from '../helper.js';
import { starterSite, vitrine } from '../process.js';

/**
 * `vitrine check` pointing at the fix, on an Austrian company's starter in
 * de-AT, en and fr: one mistake is one message (its translations say
 * nothing more), a link's suggestion knows the routes (an article has no
 * language in front, a slug cut short), a page's `description` and a post's
 * `summary` are each other's "did you mean", a page file site.yaml does not
 * list is told the line that lists it, and `de` is taken for `de-AT`.
 */

let starter: string;
let remove: (() => Promise<void>) | undefined;
let product: string;
let post: string;

before(async () => {
  ({ dir: starter, remove } = await starterSite('check-fixes', ['--locales', 'de-AT,en,fr', '--name', 'Kessler Messtechnik GmbH', '--country', 'AT']));
  product = (await readdir(path.join(starter, 'products', 'fr')))[0]!.replace(/\.md$/, '');
  post = (await readdir(path.join(starter, 'posts'))).find((name) => name !== 'welcome.md' && name !== 'bienvenue.md')!.replace(/\.md$/, '');
});
after(async () => {
  await remove?.();
});

/** A copy of the starter with `edit` applied to each file named (null removes it); the errors `vitrine check` prints for it, one line each, the folder taken off. */
async function errorsAfter(edits: Readonly<Record<string, (text: string) => string | null>>): Promise<string[]> {
  const dir = await copyFixture(starter);
  for (const [name, edit] of Object.entries(edits)) {
    const file = path.join(dir, name);
    const edited = edit(await readFile(file, 'utf8').catch(() => ''));
    await (edited === null ? rm(file) : writeFile(file, edited));
  }
  const run = await vitrine(['check', dir]);
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith(dir) && !line.includes(': warning: '))
    .map((line) => line.slice(dir.length + 1));
}

describe('one mistake, one message', () => {
  test("a misspelt field in a product is told once, with the field meant, and not again for each of the product's translations", async () => {
    const errors = await errorsAfter({ [`products/${product}.md`]: (text) => text.replace(/^summary:/m, 'sumary:') });
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, new RegExp(`^products/${product}\\.md:\\d+: sumary: is not a known field; did you mean summary\\?$`));
  });

  test("a page's description written as summary, and a post's summary written as description, are each told the other", async () => {
    const errors = await errorsAfter({
      'pages/about.md': (text) => text.replace(/^description:/m, 'summary:'),
      [`posts/${post}.md`]: (text) => text.replace(/^summary:/m, 'description:'),
    });
    assert.deepEqual(
      errors.map((line) => line.replace(/:\d+:/, ':')),
      ['pages/about.md: summary: is not a known field; did you mean description?', `posts/${post}.md: description: is not a known field; did you mean summary?`],
    );
  });

  test('locale: de on a de-AT site is told de-AT', async () => {
    const errors = await errorsAfter({ [`posts/${post}.md`]: (text) => text.replace(/^locale: .*$/m, 'locale: "de"') });
    assert.deepEqual(
      errors.map((line) => line.replace(/:\d+:/, ':')),
      [`posts/${post}.md: locale: must be one of de-AT, en, fr; did you mean de-AT?`],
    );
    assert.deepEqual(closestLocale('de-DE', ['de-AT', 'en']), ['de-AT']);
    assert.deepEqual(closestLocale('pt-br', ['en', 'pt-BR']), ['pt-BR']);
    assert.deepEqual(closestLocale('es', ['de-AT', 'en', 'fr']), []);
  });

  test('a page file site.yaml does not list is told the line that lists it', async () => {
    const errors = await errorsAfter({ 'pages/kalibrierung.md': () => '---\ntitle: Kalibrierung\ndescription: Wie wir Messgeräte kalibrieren.\nupdated_at: 2026-01-01\n---\nText.\n' });
    assert.deepEqual(errors, [
      'pages/kalibrierung.md: file name: "kalibrierung" is not one of the page_slugs of site.yaml (index, about, contact, privacy, terms, impressum); to publish it, list it there: page_slugs: [index, about, contact, privacy, terms, impressum, kalibrierung]',
    ]);
  });
});

describe("a link's suggestion knows the routes", () => {
  test('an article with a language in front is told its one address; a slug cut short is told the slug it begins', async () => {
    const errors = await errorsAfter({
      'pages/about.md': (text) => `${text.trimEnd()}\n\n[a](/en/blog/${post}) [b](/blog/${post.slice(0, -3)}) [c](/products/${product.slice(0, -3)})\n`,
    });
    assert.deepEqual(
      errors.map((line) => line.replace(/^pages\/about\.md:\d+: /, '')),
      [
        `link /en/blog/${post}: no page of the site is at /en/blog/${post}; an article is at /blog/<slug> in every language, with no language in front; did you mean /blog/${post}?`,
        `link /blog/${post.slice(0, -3)}: no article "${post.slice(0, -3)}" (posts/${post.slice(0, -3)}.md does not exist); did you mean /blog/${post}?`,
        `link /products/${product.slice(0, -3)}: no product "${product.slice(0, -3)}" (products/${product.slice(0, -3)}.md does not exist); did you mean /products/${product}?`,
      ],
    );
  });

  test("a link to a page or product under a locale that has not translated it is fine: the server answers it in the default language", async () => {
    const errors = await errorsAfter({
      'pages/fr/privacy.md': () => null,
      'pages/about.md': (text) => `${text.trimEnd()}\n\n[a](/fr/privacy) [b](/md/fr/privacy.md)\n`,
    });
    assert.deepEqual(errors.filter((line) => line.startsWith('pages/about.md')), []);
  });
});
