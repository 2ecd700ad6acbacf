import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { CORE_SCHEMA, load } from 'js-yaml';
import { catalogFrom, MessageCatalogError, messages, overrideCatalog, SHIPPED_LOCALES } from '../../src/i18n/catalog.js';
import type { MessageKey } from '../../src/i18n/keys.js';
import { MESSAGE_KEYS } from '../../src/i18n/keys.js';
import { fieldLabel, kindWords, statusWords } from '../../src/documents/labels.js';
import { wordsIn } from './_words.js';

// Not ROOT from test/helper.ts: that module loads the whole app, and these tests need only the catalogs.
const DIR = fileURLToPath(new URL('../../src/i18n/messages', import.meta.url));
const fileOf = (locale: string) => path.join(DIR, `${locale}.yaml`);
/** A shipped catalog as its file says, read here without the module under test. */
const read = (locale: string) => load(readFileSync(fileOf(locale), 'utf8'), { schema: CORE_SCHEMA }) as Record<string, string>;
const EN = read('en');

/** The placeholder names anywhere in a parsed message: every named element but literal text (0) and a plural's # (7). */
function placeholders(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const child of node) placeholders(child, found);
  else if (node !== null && typeof node === 'object') {
    const { type, value } = node as { type?: unknown; value?: unknown };
    if (typeof type === 'number' && typeof value === 'string' && type !== 0 && type !== 7) found.add(value);
    for (const child of Object.values(node)) placeholders(child, found);
  }
  return found;
}

const parse = (message: string, locale: string) => new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst();

describe('the shipped message catalogs', () => {
  test('are en, pt-BR, es, fr and de, one file each that opens with a comment saying what it is', () => {
    assert.deepEqual([...SHIPPED_LOCALES], ['en', 'pt-BR', 'es', 'fr', 'de']);
    assert.deepEqual(readdirSync(DIR).sort(), ['de.yaml', 'en.yaml', 'es.yaml', 'fr.yaml', 'pt-BR.yaml']);
    for (const locale of SHIPPED_LOCALES) assert.match(readFileSync(fileOf(locale), 'utf8'), /^# The words of the website's frame in /, locale);
  });

  test('en has exactly the keys the frame uses', () => {
    assert.deepEqual(Object.keys(EN).sort(), [...MESSAGE_KEYS].sort());
  });

  for (const locale of SHIPPED_LOCALES) {
    test(`${locale} has exactly the keys of en, in the same order`, () => {
      assert.deepEqual(Object.keys(read(locale)), Object.keys(EN));
    });

    test(`every ${locale} message parses and uses the placeholders of the en one`, () => {
      for (const [key, message] of Object.entries(read(locale))) {
        assert.equal(typeof message, 'string', key);
        assert.deepEqual([...placeholders(parse(message, locale))].sort(), [...placeholders(parse(EN[key]!, 'en'))].sort(), `${locale} ${key}`);
      }
    });
  }

  /** Words a language shares with English, each checked by hand; any other identical message is an untranslated one. */
  const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
    // CNPJ, LEI, EIN and D-U-N-S are the identifiers' own names, the same in every language.
    // The developer reference shares a few technical words with English (Prompt, Tools, Header, Caching, Endpoints), and Spanish says no as English does.
    // A starter's home page and share card are titled by the company's name alone.
    es: ['frame.feed', 'blog.title', 'reference.table.prompt', 'reference.endpoints', 'reference.mcp.prompts', 'reference.usage.no', 'identifier.cnpj', 'identifier.lei', 'identifier.ein', 'identifier.duns', 'starter.index_title', 'starter.share_alt'],
    fr: [
      'frame.menu',
      'blog.title',
      'blog.articles',
      'blog.page',
      'blog.title_page',
      'reference.table.type',
      'reference.table.description',
      'reference.table.prompt',
      'reference.table.arguments',
      'reference.table.page',
      'reference.mcp.prompts',
      'identifier.cnpj',
      'identifier.lei',
      'identifier.ein',
      'identifier.duns',
      'channel.documentation',
      'kind.page',
      'kind.post',
      'mirror.contact',
      'mirror.logo',
      'starter.product_tag',
      'starter.index_title',
      'starter.contact_title',
      'starter.share_alt',
    ],
    de: [
      'frame.sitemap',
      'frame.feed',
      'products.links',
      'blog.title',
      'reference.table.tool',
      'reference.table.prompt',
      'reference.table.header',
      'reference.accepts.optional',
      'reference.mcp.tools',
      'reference.mcp.prompts',
      'reference.caching',
      'identifier.cnpj',
      'identifier.lei',
      'identifier.ein',
      'identifier.duns',
      'channel.support',
      'channel.website',
      'channel.repository',
      'mirror.status',
      'mirror.logo',
      'starter.index_title',
      'starter.share_alt',
    ],
  };
  for (const [locale, same] of Object.entries(SAME_AS_ENGLISH)) {
    test(`${locale} translates every message but the words it shares with English`, () => {
      const catalog = read(locale);
      assert.deepEqual(
        MESSAGE_KEYS.filter((key) => catalog[key] === EN[key]),
        same,
      );
    });
  }

  test('fr puts a no-break space before : and a narrow one before ; ? ! and inside « »', () => {
    for (const [key, message] of Object.entries(read('fr'))) {
      // Code (the markdown of a picture) is written as code, not as French.
      assert.doesNotMatch(message.replace(/`[^`]*`/g, ''), /[^\u00A0]:|[^\u202F][;?!»]|«[^\u202F]/u, key);
    }
    assert.equal(messages('fr').format('search.results', { query: 'cloud' }), 'Résultats pour «\u202Fcloud\u202F»');
    assert.equal(messages('fr').format('products.filtered', { active: 'Disponible' }), 'Produits\u00A0: Disponible');
  });
});

describe('es, fr and de frames', () => {
  test('give Spanish, French and German words to their locales and regional variants', () => {
    assert.equal(wordsIn('es')('frame.skip_to_content'), 'Saltar al contenido');
    assert.equal(wordsIn('es-MX'), wordsIn('es'));
    assert.equal(wordsIn('fr')('frame.skip_to_content'), 'Aller au contenu');
    assert.equal(wordsIn('fr-CA'), wordsIn('fr'));
    assert.equal(wordsIn('de')('frame.skip_to_content'), 'Zum Inhalt springen');
    assert.equal(wordsIn('de-AT'), wordsIn('de'));
  });

  const COUNTS = [0, 1, 2, 5] as const;
  const PLURALS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
    es: {
      articleCount: ['0 artículos, del más reciente al más antiguo.', '1 artículo, del más reciente al más antiguo.', '2 artículos, del más reciente al más antiguo.', '5 artículos, del más reciente al más antiguo.'],
      productCount: ['0 de 0 productos.', '1 de 1 producto.', '1 de 2 productos.', '1 de 5 productos.'],
      showing: ['0–0 de 0 artículos, del más reciente al más antiguo.', '1–1 de 1 artículo, del más reciente al más antiguo.', '1–2 de 2 artículos, del más reciente al más antiguo.', '1–5 de 5 artículos, del más reciente al más antiguo.'],
      hitCount: ['Sin resultados.', '1 resultado.', '1–2 de 2 resultados, ordenados por relevancia.', '1–5 de 5 resultados, ordenados por relevancia.'],
    },
    fr: {
      // French counts 0 as singular (CLDR "one": 0 and 1).
      articleCount: ['0 article, du plus récent au plus ancien.', '1 article, du plus récent au plus ancien.', '2 articles, du plus récent au plus ancien.', '5 articles, du plus récent au plus ancien.'],
      productCount: ['0 sur 0 produit.', '1 sur 1 produit.', '1 sur 2 produits.', '1 sur 5 produits.'],
      showing: ['0–0 sur 0 article, du plus récent au plus ancien.', '1–1 sur 1 article, du plus récent au plus ancien.', '1–2 sur 2 articles, du plus récent au plus ancien.', '1–5 sur 5 articles, du plus récent au plus ancien.'],
      hitCount: ['Aucun résultat.', '1\u00a0résultat.', '1–2 sur 2 résultats, par ordre de pertinence.', '1–5 sur 5 résultats, par ordre de pertinence.'],
    },
    de: {
      articleCount: ['0 Beiträge, neueste zuerst.', '1 Beitrag, neueste zuerst.', '2 Beiträge, neueste zuerst.', '5 Beiträge, neueste zuerst.'],
      // After "von", the dative plural.
      productCount: ['0 von 0 Produkten.', '1 von 1 Produkt.', '1 von 2 Produkten.', '1 von 5 Produkten.'],
      showing: ['0–0 von 0 Beiträgen, neueste zuerst.', '1–1 von 1 Beitrag, neueste zuerst.', '1–2 von 2 Beiträgen, neueste zuerst.', '1–5 von 5 Beiträgen, neueste zuerst.'],
      hitCount: ['Keine Ergebnisse.', '1 Ergebnis.', '1–2 von 2 Ergebnissen, nach Relevanz sortiert.', '1–5 von 5 Ergebnissen, nach Relevanz sortiert.'],
    },
  };
  for (const [locale, expected] of Object.entries(PLURALS)) {
    test(`${locale} counts 0, 1, 2 and 5 with the right plural forms`, () => {
      const w = wordsIn(locale);
      assert.deepEqual(COUNTS.map((n) => w('blog.article_count', { total: n })), expected.articleCount);
      assert.deepEqual(COUNTS.map((n) => w('products.count', { shown: Math.min(n, 1), total: n })), expected.productCount);
      assert.deepEqual(COUNTS.map((n) => w('blog.showing', { first: Math.min(n, 1), last: n, total: n })), expected.showing);
      assert.deepEqual(COUNTS.map((n) => w('search.hit_count', { total: n, first: Math.min(n, 1), last: n })), expected.hitCount);
    });
  }

  test('es and fr say "de" before an exact million (CLDR "many"), without grouping separators', () => {
    const [es, fr, de] = [wordsIn('es'), wordsIn('fr'), wordsIn('de')];
    assert.equal(es('blog.article_count', { total: 1_000_000 }), '1000000 de artículos, del más reciente al más antiguo.');
    assert.equal(fr('blog.article_count', { total: 1_000_000 }), '1000000 d’articles, du plus récent au plus ancien.');
    assert.equal(de('blog.article_count', { total: 1_000_000 }), '1000000 Beiträge, neueste zuerst.');
    assert.equal(es('blog.article_count', { total: 1_234_567 }), '1234567 artículos, del más reciente al más antiguo.');
  });

  test('name statuses, hit kinds and channels in their language', () => {
    assert.deepEqual([wordsIn('es'), wordsIn('fr'), wordsIn('de')].map((w) => [statusWords('live', w), statusWords('coming-soon', w), kindWords('post', w), fieldLabel('early_access', w)]), [
      ['Disponible', 'Próximamente', 'Artículo', 'Acceso anticipado'],
      ['Disponible', 'Bientôt disponible', 'Article', 'Accès anticipé'],
      ['Verfügbar', 'Demnächst verfügbar', 'Beitrag', 'Vorabzugang'],
    ]);
  });
});

describe('a catalog that cannot be used', () => {
  const SITE_FILE = '/site/messages/de.yaml';
  const broken = (changes: Record<string, unknown>, drop: readonly string[] = []) => {
    const data: Record<string, unknown> = { ...read('de'), ...changes };
    for (const key of drop) delete data[key];
    return () => catalogFrom('de', SITE_FILE, data);
  };
  const fails = (run: () => unknown, message: string) =>
    assert.throws(run, (error: unknown) => {
      assert.ok(error instanceof MessageCatalogError);
      assert.equal(error.message, message);
      return true;
    });

  test('an unknown key asked of a shipped catalog is an error naming the locale, the file and the key', () => {
    assert.throws(
      () => messages('fr').format('blog.nope' as MessageKey),
      (error: unknown) => {
        assert.ok(error instanceof MessageCatalogError);
        assert.equal(error.locale, 'fr');
        assert.equal(error.file, fileOf('fr'));
        assert.equal(error.message, `messages of locale fr (${fileOf('fr')}): "blog.nope" is not a message of the site's frame`);
        return true;
      },
    );
  });

  test('a message that does not parse is an error naming the locale, the file, the key and where it stops', () => {
    fails(
      broken({ 'blog.article_count': '{total, plural, one {# Beitrag} other {# Beiträge}' }),
      `messages of locale de (${SITE_FILE}): "blog.article_count" does not parse as an ICU message: EXPECT_ARGUMENT_CLOSING_BRACE at character 1`,
    );
    fails(broken({ 'blog.page': '{n, plural, one {Seite}}' }), `messages of locale de (${SITE_FILE}): "blog.page" does not parse as an ICU message: MISSING_OTHER_CLAUSE at character 24`);
  });

  test('a missing key, an unknown key and a value that is not a message are each named', () => {
    fails(
      broken({ 'frame.menus': 'Menü', 'blog.page': 5, 'frame.footer_navigation': { de: 'Fußzeile' } }, ['frame.menu']),
      `messages of locale de (${SITE_FILE}): "frame.footer_navigation" must be a message (a string), not a mapping; "blog.page" must be a message (a string), not the number 5; "frame.menus" is not a message of the site's frame; did you mean frame.menu?`,
    );
    fails(broken({}, ['frame.menu', 'error.try_again']), `messages of locale de (${SITE_FILE}): "frame.menu" is missing; "error.try_again" is missing`);
    fails(() => catalogFrom('de', SITE_FILE, ['Menü']), `messages of locale de (${SITE_FILE}): must be a mapping of dotted keys (frame.skip_to_content) to messages`);
  });

  test('a message whose placeholders are not the key\'s is an error', () => {
    fails(broken({ 'error.no_page_at': 'Diese Seite gibt es nicht.' }), `messages of locale de (${SITE_FILE}): "error.no_page_at" lacks the placeholder {path}`);
    fails(broken({ 'frame.menu': 'Menü von {site}' }), `messages of locale de (${SITE_FILE}): "frame.menu" uses {site}, which is not given to this message (it takes none)`);
    fails(broken({ 'frame.feed': '{language, plural, one {Feed} other {Feeds}}' }), `messages of locale de (${SITE_FILE}): "frame.feed" uses {language} as a number, but it is a string`);
  });

  test('a value a message needs, missing when it is formatted, is an error naming the key', () => {
    const format = messages('de').format as (key: string, values?: object) => string;
    fails(() => format('blog.page', {}), `messages of locale de (${fileOf('de')}): "blog.page" could not be formatted: The intl string context variable "n" was not provided to the string "Seite {n}"`);
  });

  test('a locale without a shipped catalog is an error listing the shipped ones', () => {
    fails(() => messages('ja'), `messages of locale ja (${DIR}${path.sep}): no catalog ships for this locale; the shipped ones are en, pt-BR, es, fr, de`);
  });
});

describe('overriding a shipped catalog', () => {
  const SITE_FILE = '/site/messages/en.yaml';

  test('replaces the messages it gives and keeps the others, leaving the shipped catalog as it was', () => {
    const site = overrideCatalog(messages('en'), SITE_FILE, { 'home.get_in_touch': 'Talk to us', 'blog.article_count': '{total, plural, one {# story} other {# stories}}, newest first.' });
    assert.equal(site.format('home.get_in_touch'), 'Talk to us');
    assert.equal(site.format('blog.article_count', { total: 2 }), '2 stories, newest first.');
    assert.equal(site.format('frame.menu'), 'Menu');
    assert.deepEqual(site.files, [fileOf('en'), SITE_FILE]);
    assert.equal(messages('en').format('home.get_in_touch'), 'Get in touch');
  });

  test('checks the overrides as a whole catalog is checked, naming their file', () => {
    assert.throws(
      () => overrideCatalog(messages('en'), SITE_FILE, { 'home.get_in_touch': 'Talk to {who}', 'home.contact': 'Contact' }),
      (error: unknown) => {
        assert.ok(error instanceof MessageCatalogError);
        assert.equal(
          error.message,
          `messages of locale en (${SITE_FILE}): "home.get_in_touch" uses {who}, which is not given to this message (it takes none); "home.contact" is not a message of the site's frame`,
        );
        return true;
      },
    );
  });

  test('a complete catalog for a locale the engine does not ship is checked and formats as the shipped ones do', () => {
    const italian = catalogFrom('it', '/site/messages/it.yaml', { ...read('en'), 'blog.article_count': '{total, plural, one {# articolo} other {# articoli}}, dal più recente.' });
    assert.equal(italian.format('blog.article_count', { total: 1 }), '1 articolo, dal più recente.');
    assert.equal(italian.format('blog.article_count', { total: 0 }), '0 articoli, dal più recente.');
  });
});
