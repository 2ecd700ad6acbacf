import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, buildTestApp, testCatalog } from '../helper.js';
import { starterSite } from '../process.js';

/**
 * The developer page, its mirror, /openapi.json and the API's hints on a
 * site that is not the demo company's: an Austrian company in German,
 * English and French, as `vitrine init` writes it. The reference speaks the
 * page's language, and every example it, the OpenAPI document and a
 * problem's hint give is a value of this site that answers something.
 * Its owner allows search, refuses AI answers and has not decided on
 * training yet, so the usage preferences say a yes, a no and no preference.
 */

let remove: (() => Promise<void>) | undefined;
let catalog: Catalog;
let server: Service;

before(async () => {
  const site = await starterSite('testwerk', ['--locales', 'de,en,fr', '--country', 'AT', '--name', 'Testwerk GmbH']);
  remove = site.remove;
  const settings = path.join(site.dir, 'site.yaml');
  const written = await readFile(settings, 'utf8');
  assert.match(written, /^ {2}ai_input: true$/m, 'the starter states live input to AI answers');
  assert.match(written, /^ {2}ai_train: .*$/m, 'the starter states AI training');
  const undecided = written.replace(/^ {2}ai_input: true$/m, '  ai_input: false').replace(/^ {2}ai_train: .*\n/m, '');
  await writeFile(settings, undecided);
  catalog = await testCatalog(site.dir);
  ({ server } = await buildTestApp({ catalog }));
});
after(async () => {
  await server?.close();
  await remove?.();
});

/** The headings and phrases of the English reference, none of which a German or French page may show. */
const ENGLISH_HEADINGS = ['Quick start', 'Authentication and CORS', 'Endpoints', 'Collections and conventions', 'Sync and pagination', 'MCP server', 'Markdown mirrors', 'Rate limits', 'Versioning', 'Deprecation', 'Errors', 'Usage preferences'];
const ENGLISH_PROSE = [
  'Base URL:',
  'Example request',
  'Example response',
  'the live answer',
  'What to do:',
  'It takes no query parameters',
  'Query parameter',
  'Path parameter',
  'case and accents do not matter',
  'a whole number from',
  'Every endpoint answers',
  'Anonymous. There is no key',
  'Connect a client.',
  'Call it by hand.',
  'Protocol revisions.',
  'What a tool answers.',
  'Each client address may make',
  'The version is in the path',
  'A query parameter is malformed',
  'Retry after a short pause',
  'Only products with one of these',
  'List products',
  'Full-text search over products',
  'Describe the company',
  'In the browser',
  'no preference',
  'The company allows',
  'Every content answer',
];

/** The same sections' words in each language, which its page must show. */
const TRANSLATED: Readonly<Record<'de' | 'fr', { readonly headings: readonly string[]; readonly prose: readonly string[] }>> = {
  de: {
    headings: ['Schnellstart', 'Authentifizierung und CORS', 'Endpunkte', 'MCP-Server', 'Markdown-Versionen', 'Ratenbegrenzung', 'Versionierung', 'Abkündigung', 'Fehler', 'Nutzungspräferenzen'],
    prose: [
      'Basis-URL:',
      'Beispielanfrage',
      'Beispielantwort',
      'Was zu tun ist:',
      'Query-Parameter',
      'Produkte auflisten',
      'Im Browser.',
      'Das Unternehmen erlaubt die Suche. Es lehnt die Verwendung als Live-Eingabe für KI-Antworten ab. Für das KI-Training äußert das Unternehmen keine Präferenz.',
      'keine Präferenz',
    ],
  },
  fr: {
    headings: ['Démarrage rapide', 'Authentification et CORS', 'Points d’accès', 'Serveur MCP', 'Versions Markdown', 'Limites de débit', 'Gestion des versions', 'Dépréciation', 'Erreurs', 'Préférences d’utilisation'],
    prose: [
      'URL de base\u00A0:',
      'Exemple de requête',
      'Exemple de réponse',
      'Que faire\u00A0:',
      'Paramètre de requête',
      'Lister les produits',
      'Dans le navigateur.',
      'L’entreprise autorise la recherche. Elle demande que son contenu ne soit pas utilisé pour l’alimentation en direct des réponses d’IA. Elle n’exprime aucune préférence sur l’entraînement d’IA.',
      'aucune préférence',
    ],
  },
};

/** What only the demo company's content holds: its tags, categories, words and languages. */
const DEMO_VALUES = /kubernetes|automa[cç][aã]o|\bcloud\b|\bnuvens?\b|aroeira|00\.000\.000\/0000-00|brazilian portuguese|portugu[eê]s/i;

/** The prose of an HTML page, without its markup and its code blocks (JSON and commands stay as the API and the shell write them). */
const text = (html: string) =>
  html
    .replace(/<(script|style|pre)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"');

/** The prose of a markdown page, without its fenced code. */
const proseOf = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '');

async function get(url: string): Promise<{ readonly status: number; readonly body: string }> {
  const response = await server.inject({ url });
  return { status: response.statusCode, body: response.body };
}

describe('/developers on a German-first site', () => {
  for (const [locale, path, mirror] of [
    ['de', '/developers', '/md/developers.md'],
    ['fr', '/fr/developers', '/md/fr/developers.md'],
  ] as const) {
    test(`${path} and ${mirror} have no English heading or prose, and the ${locale} ones`, async () => {
      const page = await get(path);
      const markdown = await get(mirror);
      assert.equal(page.status, 200);
      assert.equal(markdown.status, 200);
      const shown = text(page.body);
      for (const heading of ENGLISH_HEADINGS) {
        assert.doesNotMatch(page.body, new RegExp(`<h[23][^>]*>${heading}</h[23]>`), `${path}: ${heading}`);
        assert.ok(!markdown.body.includes(`\n## ${heading}\n`), `${mirror}: ${heading}`);
      }
      for (const phrase of ENGLISH_PROSE) {
        assert.ok(!shown.includes(phrase), `${path}: ${phrase}`);
        assert.ok(!proseOf(markdown.body).includes(phrase), `${mirror}: ${phrase}`);
      }
      const { headings, prose } = TRANSLATED[locale];
      for (const heading of headings) {
        assert.match(page.body, new RegExp(`<h2 id="[^"]+">${heading}</h2>`), `${path}: ${heading}`);
        assert.ok(markdown.body.includes(`\n## ${heading}\n`), `${mirror}: ${heading}`);
      }
      for (const phrase of prose) {
        assert.ok(shown.includes(phrase), `${path}: ${phrase}`);
        assert.ok(markdown.body.includes(phrase), `${mirror}: ${phrase}`);
      }
    });
  }

  test('names no value of the demo company, no CNPJ, and the languages of this site in words', async () => {
    for (const url of ['/developers', '/fr/developers', '/en/developers', '/md/developers.md', '/md/fr/developers.md', '/md/en/developers.md']) {
      const { body } = await get(url);
      assert.doesNotMatch(body, DEMO_VALUES, url);
      assert.ok(!body.includes('CNPJ'), url);
    }
    const german = (await get('/md/developers.md')).body;
    assert.ok(german.includes('Deutsch (`de`), Englisch (`en`), Französisch (`fr`)'));
    const french = (await get('/md/fr/developers.md')).body;
    assert.ok(french.includes('allemand (`de`), anglais (`en`), français (`fr`)'));
  });

  test("shows how case and accents are forgiven on the site's own tag, and every example call answers", async () => {
    const mirror = (await get('/md/developers.md')).body;
    const [tag] = catalog.site.product_tags;
    assert.ok(tag);
    assert.ok(mirror.includes(`\`${tag.toLowerCase()}\` oder \`${tag.toUpperCase()}\` wird als \`${tag}\` gelesen`));
    const calls = [...mirror.matchAll(/curl -s '(http:\/\/vitrine\.test\/api\/v1[^']*)'/g)].map((match) => match[1]!);
    assert.ok(calls.length >= 10, 'an example call per endpoint');
    for (const call of calls) assert.equal((await get(call.slice(BASE_URL.length))).status, 200, call);
    const search = calls.find((call) => call.includes('/api/v1/search?'));
    assert.ok(search);
    const hits = JSON.parse((await get(search.slice(BASE_URL.length))).body) as { total: number };
    assert.ok(hits.total > 0, `${search} finds something`);
  });
});

describe('/openapi.json and the hints on a German-first site', () => {
  test("names no value of the demo company, and its examples are the site's own", async () => {
    const { body } = await get('/openapi.json');
    assert.doesNotMatch(body, DEMO_VALUES);
    const document = JSON.parse(body) as { paths: Record<string, { get: { parameters?: { name: string; example?: unknown }[] } }> };
    const example = (path: string, name: string) => document.paths[path]!.get.parameters!.find((p) => p.name === name)?.example;
    assert.deepEqual(example('/api/v1/products', 'tag'), [catalog.site.product_tags[0]]);
    assert.ok(catalog.site.all_post_categories.includes((example('/api/v1/posts', 'category') as string[])[0]!));
    assert.ok(catalog.site.locales.includes((example('/api/v1/pages', 'locale') as string[])[0]!));
    const q = example('/api/v1/search', 'q') as string;
    const hits = JSON.parse((await get(`/api/v1/search?q=${encodeURIComponent(q)}`)).body) as { total: number };
    assert.ok(hits.total > 0, `the search example ${q} finds something`);
  });

  test("a problem's hint is a call with a value of this site, which answers", async () => {
    for (const url of ['/api/v1/products?tag=nope', '/api/v1/posts?category=nope', '/api/v1/posts?locale=pt-BR', '/api/v1/search']) {
      const problem = JSON.parse((await get(url)).body) as { status: number; hint: string };
      assert.equal(problem.status, 400, url);
      assert.doesNotMatch(problem.hint, DEMO_VALUES, url);
      const call = /^Call GET (\S+)\.$/.exec(problem.hint)?.[1];
      assert.ok(call, `${url}: ${problem.hint}`);
      const answer = await get(call);
      assert.equal(answer.status, 200, `${url}: ${call}`);
      assert.ok((JSON.parse(answer.body) as { total: number }).total > 0, `${url}: ${call} answers something`);
    }
  });
});
