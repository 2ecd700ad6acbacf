import assert from 'node:assert/strict';
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseYaml } from '../../src/util/front-matter.js';
import { checkContent } from '../../src/check/content-check.js';
import { loadCatalog } from '../../src/content/load.js';
import { referenceCatalogFile } from '../../src/i18n/catalog.js';
import { FRAME_KEYS } from '../../src/i18n/keys.js';
import { buildTestApp, copyFixture, FIXTURES, testCatalog } from '../helper.js';

/**
 * A site's own words: a content folder overrides any message of a shipped
 * locale with i18n/<locale>.yaml, and brings every message of a locale the
 * engine has no catalog for. A locale without messages is an error naming
 * the file to add; a message that is unknown or does not parse is named.
 */

const STUDIO = path.join(FIXTURES, 'studio');

/** The problems vitrine check finds, as `file field: message` lines. */
async function problems(dir: string): Promise<string[]> {
  const report = await checkContent(dir);
  return report.errors.map((problem) => `${path.relative(dir, problem.file)}${problem.field ? ` ${problem.field}` : ''}: ${problem.message}`);
}

async function setLocales(dir: string, locales: string): Promise<void> {
  const file = path.join(dir, 'site.yaml');
  const source = await readFile(file, 'utf8');
  await writeFile(file, source.replace('locales: [en, es, de]', `locales: ${locales}`).replace('  de: [Technik]', `  de: [Technik]\n  nl: [Techniek]`));
}

describe("a site's own messages", () => {
  test('override the words of a shipped locale on every page of that locale, and nowhere else', async () => {
    const app = await buildTestApp({ catalog: await testCatalog(STUDIO) });
    try {
      const german = await app.server.inject('/de/blog');
      assert.match(german.body, /<title>Journal · Bluebonnet<\/title>/);
      const spanish = await app.server.inject('/es/blog');
      assert.match(spanish.body, /<title>Blog · Bluebonnet<\/title>/);
    } finally {
      await app.server.close();
    }
  });

  test('give a locale the engine has no catalog for its whole frame', async () => {
    const dir = await copyFixture(STUDIO);
    await setLocales(dir, '[en, es, de, nl]');
    const english = parseYaml(await readFile(referenceCatalogFile(), 'utf8')) as Record<string, string>;
    const dutch: Record<string, string> = Object.fromEntries(FRAME_KEYS.map((key) => [key, english[key]!]));
    Object.assign(dutch, { 'frame.skip_to_content': 'Naar de inhoud', 'search.title': 'Zoeken', 'blog.title': 'Blog' });
    await mkdir(path.join(dir, 'i18n'), { recursive: true });
    await writeFile(path.join(dir, 'i18n', 'nl.yaml'), Object.entries(dutch).map(([key, message]) => `${key}: ${JSON.stringify(message)}`).join('\n'));
    assert.deepEqual(await problems(dir), []);
    const app = await buildTestApp({ catalog: await testCatalog(dir) });
    try {
      const home = await app.server.inject('/nl');
      assert.equal(home.statusCode, 200);
      assert.match(home.body, /<html lang="nl"/);
      assert.match(home.body, />Naar de inhoud</);
      assert.equal((await app.server.inject('/nl/search')).statusCode, 200);
    } finally {
      await app.server.close();
    }
  });

  test('a locale with no catalog and no i18n file stops check and start-up, naming the locale and the file to add', async () => {
    const dir = await copyFixture(STUDIO);
    await setLocales(dir, '[en, es, de, nl]');
    const expected = `site.yaml locales: "nl" has no messages for the site's frame: the engine has them for en, pt-BR, es, fr, de; add i18n/nl.yaml with every message of the English catalog (${referenceCatalogFile()}) in that language`;
    assert.deepEqual(await problems(dir), [expected]);
    await assert.rejects(loadCatalog({ dir, baseUrl: 'http://localhost:3000' }), (error: Error) => error.message.includes('"nl" has no messages'));
  });

  test('an unknown key, a message that does not parse, a missing message and a file of no locale are each named', async () => {
    const dir = await copyFixture(STUDIO);
    await writeFile(path.join(dir, 'i18n', 'de.yaml'), 'blog.titel: "Journal"\nsearch.results: "Ergebnisse für {query"\n');
    await writeFile(path.join(dir, 'i18n', 'fr.yaml'), 'blog.title: "Journal"\n');
    await setLocales(dir, '[en, es, de, nl]');
    await writeFile(path.join(dir, 'i18n', 'nl.yaml'), 'frame.menu: "Menu"\n');
    const found = await problems(dir);
    assert.deepEqual(found.slice(0, 3), [
      'i18n/de.yaml: "blog.titel" is not a message of the site\'s frame; did you mean blog.title?',
      'i18n/de.yaml: "search.results" does not parse as an ICU message: EXPECT_ARGUMENT_CLOSING_BRACE at character 16',
      'i18n/fr.yaml: is not the messages of a locale of site.yaml: i18n/ holds <locale>.yaml for en, es, de, nl',
    ]);
    assert.equal(found[3], 'i18n/nl.yaml: "frame.skip_to_content" is missing');
    assert.equal(found.length, 3 + FRAME_KEYS.length - 1);
    await rm(path.join(dir, 'i18n'), { recursive: true });
  });
});
