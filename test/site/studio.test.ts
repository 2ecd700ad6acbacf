import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { App } from '../../src/app.js';
import { checkContent } from '../../src/check/content-check.js';
import { parseYaml } from '../../src/util/front-matter.js';
import { referenceCatalogFile } from '../../src/i18n/catalog.js';
import { FRAME_KEYS } from '../../src/i18n/keys.js';
import type { WrittenIdentifier } from '../../src/content/identifiers.js';
import { checkedIdentifier } from '../../src/content/identifiers.js';
import type { Catalog } from '../../src/content/types.js';
import { organizationNode } from '../../src/site/structured-data.js';
import { BASE_URL, copyFixture, FIXTURES, listenTestApp, testCatalog } from '../helper.js';
import { connectClient, structured } from '../mcp/_client.js';

/**
 * A company of another country: a US software studio writing in English,
 * with Spanish and German pages, identified by its EIN and D-U-N-S number
 * (no CNPJ), in Austin, Texas (no district). Every door prints its
 * identifiers and its address in the US layout.
 */

const DIR = path.join(FIXTURES, 'studio');
let catalog: Catalog;
let app: App & { url: string };
let client: Client;

before(async () => {
  catalog = await testCatalog(DIR);
  app = await listenTestApp({ catalog });
  ({ client } = await connectClient(app.url));
});
after(async () => {
  await client?.close();
  await app?.server.close();
});

const get = (url: string) => app.server.inject({ method: 'GET', url });

const ADDRESS_HTML = '<address>Suite 400<br>1100 Congress Avenue<br>Austin, TX 78701<br>United States of America</address>';

/** The JSON-LD graph of a page. */
function graphOf(body: string): { '@type': string; [key: string]: unknown }[] {
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  assert.ok(script, 'the page has structured data');
  return (JSON.parse(script) as { '@graph': { '@type': string }[] })['@graph'];
}

describe('a US company without a CNPJ', () => {
  test('passes vitrine check without an error; its warnings name, for each locale, the translations it lacks', async () => {
    const report = await checkContent(DIR);
    assert.deepEqual(report.errors, []);
    assert.deepEqual(
      report.warnings.map((warning) => `${path.relative(DIR, warning.file)}:${warning.line} ${warning.field}: ${warning.message}`),
      [
        'site.yaml:5 locales: es has no translation of 4 pages, answered in en meanwhile; add pages/es/blog.md, pages/es/contact.md, pages/es/index.md, pages/es/products.md',
        'site.yaml:5 locales: de has no translation of 4 pages and 1 product, answered in en meanwhile; add products/de/lantern.md, pages/de/blog.md, pages/de/contact.md, pages/de/index.md, pages/de/products.md',
      ],
    );
  });

  test('GET /api/v1/company answers its identifiers, unverified (they have no check digits), no cnpj, and an address without district', async () => {
    const response = await get('/api/v1/company');
    assert.equal(response.statusCode, 200);
    const company = response.json() as Record<string, unknown>;
    assert.equal('cnpj' in company, false);
    assert.deepEqual(company.identifiers, [
      { scheme: 'tax_id', value: '87-2841596', country: 'US', verified: false },
      { scheme: 'duns', value: '117385962', verified: false },
    ]);
    assert.deepEqual(company.address, { street: 'Congress Avenue', number: '1100', complement: 'Suite 400', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' });
    assert.deepEqual(Object.keys(company), ['legal_name', 'trade_name', 'identifiers', 'founded', 'address', 'contact', 'profiles', 'url', 'markdown_url', 'markdown']);
  });

  test('MCP get_company_info answers the same record as GET /api/v1/company', async () => {
    const result = structured(await client.callTool({ name: 'get_company_info', arguments: {} }));
    assert.deepEqual(result, (await get('/api/v1/company')).json());
  });

  test('its markdown mirror lists each identifier by its name and the address in the US layout', async () => {
    const response = await get('/md/company.md');
    assert.equal(response.statusCode, 200);
    assert.equal(
      response.body,
      [
        '# Bluebonnet Software Studio LLC',
        '',
        '- Trade name: Bluebonnet',
        '- EIN: 87-2841596',
        '- D-U-N-S: 117385962',
        '- Founded: 2021-05-17',
        '- Address: Suite 400, 1100 Congress Avenue, Austin, TX 78701, United States of America',
        '- Contact (Email): hello@bluebonnet.example',
        '- Contact (Phone): +1 512 555 0142',
        '- Contact (Support): support@bluebonnet.example',
        '- Profile (GitHub): https://github.com/bluebonnet-studio',
        `- Canonical URL: ${BASE_URL}/about`,
        '',
        '---',
        '',
        'Bluebonnet is a software studio of eight people in Austin, Texas. We make small tools for teams that ship software, and we keep them small on purpose.',
        '',
      ].join('\n'),
    );
  });

  test('llms.txt names the company by its identifiers and address', async () => {
    const lines = (await get('/llms.txt')).body.split('\n');
    assert.equal(
      lines[4],
      `Bluebonnet Software Studio LLC (EIN 87-2841596; D-U-N-S 117385962; Suite 400, 1100 Congress Avenue, Austin, TX 78701, United States of America) publishes this site's content read-only. Every page has a markdown mirror (linked below, or send \`Accept: text/markdown\` to any page). The same content is served as JSON under ${BASE_URL}/api/v1 and by an MCP server at ${BASE_URL}/mcp, anonymously.`,
    );
    assert.ok(lines.includes(`- [Bluebonnet Software Studio LLC (English)](${BASE_URL}/md/company.md): legal name, identifiers, address, contact channels and official profiles, labelled in English.`));
  });

  test('the footer of every language labels each identifier in that language and prints the address in the US layout, the country named in that language', async () => {
    for (const [url, label, country] of [
      ['/', 'Company', 'United States of America'],
      ['/es/about', 'Empresa', 'Estados Unidos'],
      ['/de/about', 'Unternehmen', 'Vereinigte Staaten'],
    ] as const) {
      const body = (await get(url)).body;
      const footer = /<section class="footer-company" aria-label="([^"]+)">([\s\S]*?)<\/section>/.exec(body);
      assert.ok(footer, url);
      assert.equal(footer[1], label);
      assert.equal(
        footer[2]!.trim(),
        `<p class="footer-brand">Bluebonnet Software Studio LLC</p>\n      <p>EIN 87-2841596</p><p>D-U-N-S 117385962</p>\n      ${ADDRESS_HTML.replace('United States of America', country)}`,
        url,
      );
    }
  });

  test('the about page lists the identifiers as facts; the contact page puts the legal name above the address', async () => {
    const about = (await get('/about')).body;
    assert.ok(about.includes('<div><dt>EIN</dt><dd>87-2841596</dd></div><div><dt>D-U-N-S</dt><dd>117385962</dd></div>'));
    assert.ok(about.includes(`<div><dt>Address</dt><dd>${ADDRESS_HTML}</dd></div>`));
    assert.ok(!about.includes('CNPJ'));
    const contact = (await get('/contact')).body;
    assert.ok(contact.includes('<address>Bluebonnet Software Studio LLC<br>Suite 400<br>1100 Congress Avenue<br>Austin, TX 78701<br>United States of America</address>'));
  });

  test('JSON-LD gives the EIN as taxID and the D-U-N-S number as duns, and an address without a district', async () => {
    const organization = graphOf((await get('/products/tally')).body).find((node) => node['@type'] === 'Organization')!;
    assert.equal(organization.taxID, '87-2841596');
    assert.equal(organization.duns, '117385962');
    assert.equal('vatID' in organization, false);
    assert.equal('leiCode' in organization, false);
    assert.deepEqual(organization.address, {
      '@type': 'PostalAddress',
      streetAddress: '1100 Congress Avenue, Suite 400',
      addressLocality: 'Austin',
      addressRegion: 'TX',
      postalCode: '78701',
      addressCountry: 'US',
    });
  });

  test('JSON-LD of a company with a CNPJ, a VAT number without its prefix, a LEI and a grouped D-U-N-S: taxID is the CNPJ, vatID has its prefix, duns its digits', () => {
    const identifiers = [
      { scheme: 'tax_id', value: '87-2841596', country: 'US' },
      { scheme: 'vat', value: '136 695 976', country: 'DE' },
      { scheme: 'lei', value: '5493001KJTIIGC8Y1R12' },
      { scheme: 'duns', value: '11-738-5962' },
      { scheme: 'cnpj', value: '11.222.333/0001-81' },
      { scheme: 'company_number', value: '01234567', authority: 'Companies House' },
    ].map((identifier) => checkedIdentifier(identifier as WrittenIdentifier));
    const organization = organizationNode({ ...catalog, company: { ...catalog.company, identifiers } });
    assert.deepEqual(
      { taxID: organization.taxID, vatID: organization.vatID, leiCode: organization.leiCode, duns: organization.duns },
      { taxID: '11.222.333/0001-81', vatID: 'DE136695976', leiCode: '5493001KJTIIGC8Y1R12', duns: '117385962' },
    );
  });

  test('the verification prompt says the server could check only the format of its identifiers', async () => {
    const result = await client.getPrompt({ name: 'verify_company_registration', arguments: {} });
    const text = (result.messages[0]!.content as { text: string }).text;
    assert.ok(
      text.startsWith(
        'Verify the registration of Bluebonnet Software Studio LLC (trade name Bluebonnet), based at Suite 400, 1100 Congress Avenue, Austin, TX 78701, United States of America. It publishes these identifiers: EIN 87-2841596 and D-U-N-S 117385962. Its full record is below; the get_company_info tool returns it as structured data. EIN 87-2841596 and D-U-N-S 117385962 have no check digits, so this server checked only their format.',
      ),
      text,
    );
    assert.ok(text.includes('1. None of its identifiers has check digits: check that each is written the way its register writes it.'), text);
    assert.ok(text.includes('(EIN: the tax administration that issued it; D-U-N-S: Dun & Bradstreet)'), text);
    assert.equal(result.description, 'Verify the registration of Bluebonnet Software Studio LLC');
  });

  test('the verification prompt is written in each language the site configures', async () => {
    const said = async (locale: string) => {
      const result = await client.getPrompt({ name: 'verify_company_registration', arguments: { locale } });
      return { description: result.description, text: (result.messages[0]!.content as { text: string }).text };
    };
    const spanish = await said('es');
    assert.equal(spanish.description, 'Verificar el registro de Bluebonnet Software Studio LLC');
    assert.ok(spanish.text.includes('EIN 87-2841596 y D-U-N-S 117385962 no tienen dígitos de control, así que este servidor solo ha comprobado su formato.'), spanish.text);
    assert.ok(spanish.text.endsWith('Responde en español (es).'), spanish.text);
    const german = await said('de');
    assert.equal(german.description, 'Die Registrierung von Bluebonnet Software Studio LLC prüfen');
    assert.ok(german.text.includes('EIN 87-2841596 und D-U-N-S 117385962 haben keine Prüfziffern, daher hat dieser Server nur ihr Format geprüft.'), german.text);
    assert.ok(german.text.endsWith('Antworten Sie auf Deutsch (de).'), german.text);
  });
});

describe('products translated into Spanish and German', () => {
  test('GET /api/v1/products?locale=es lists the products translated into Spanish, in Spanish, with the original\'s status and tags', async () => {
    const response = await get('/api/v1/products?locale=es');
    assert.equal(response.statusCode, 200);
    const body = response.json() as { items: Record<string, unknown>[]; total: number };
    assert.equal(body.total, 2);
    assert.deepEqual(
      body.items.map(({ slug, name, summary, locale, status, tags, url }) => ({ slug, name, summary, locale, status, tags, url })),
      [
        { slug: 'tally', name: 'Tally', summary: 'Un contador de tiempo que vive en la terminal.', locale: 'es', status: 'live', tags: ['Time tracking', 'Developer tools'], url: `${BASE_URL}/es/products/tally` },
        { slug: 'lantern', name: 'Lantern', summary: 'Notas de versión escritas a partir de tus commits.', locale: 'es', status: 'coming-soon', tags: ['Developer tools', 'Open source'], url: `${BASE_URL}/es/products/lantern` },
      ],
    );
  });

  test('GET /api/v1/products/tally?locale=de answers the German text, its own links and the other languages as translations', async () => {
    const response = await get('/api/v1/products/tally?locale=de');
    assert.equal(response.statusCode, 200);
    const product = response.json() as Record<string, unknown>;
    assert.equal(product.locale, 'de');
    assert.deepEqual(product.links, { website: 'https://tally.example/de' });
    assert.equal(product.markdown, 'Ein Befehl startet die Zeitmessung; Tally schreibt schlichten Text, den Sie lesen und aufbewahren können.\n');
    assert.deepEqual(
      (product.translations as { locale: string; url: string }[]).map(({ locale, url }) => ({ locale, url })),
      [
        { locale: 'en', url: `${BASE_URL}/products/tally` },
        { locale: 'es', url: `${BASE_URL}/es/products/tally` },
      ],
    );
  });

  test('a product not translated into a locale is answered in the default one, with the fallback that says so', async () => {
    const response = await get('/api/v1/products/lantern?locale=de');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-language'], 'en');
    const body = response.json() as { locale: string; fallback: unknown };
    assert.equal(body.locale, 'en');
    assert.deepEqual(body.fallback, { requested_locale: 'de', available_locales: ['en', 'es'] });
  });

  test('MCP get_product with locale answers the same record as the API', async () => {
    const result = structured(await client.callTool({ name: 'get_product', arguments: { slug: 'tally', locale: 'es' } }));
    assert.deepEqual(result, (await get('/api/v1/products/tally?locale=es')).json());
  });

  test('the German product page is framed in German and links its other languages; its mirror is under /md/de/', async () => {
    const page = await get('/de/products/tally');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="de"/);
    assert.match(page.body, /<p class="lead">Eine Zeiterfassung, die im Terminal zu Hause ist.<\/p>/);
    assert.match(page.body, /<link rel="alternate" hreflang="es" href="http:\/\/[^"]+\/es\/products\/tally">/);
    const mirror = await get('/md/de/products/tally.md');
    assert.equal(mirror.statusCode, 200);
    assert.match(mirror.body, /^# Tally/);
    const untranslated = await get('/de/products/lantern');
    assert.equal(untranslated.statusCode, 200);
    assert.match(untranslated.body, /<html lang="en"/);
    assert.equal((await get('/de/products/nothing')).statusCode, 404);
  });

  test('the Spanish home page and product list show each product in Spanish where it is translated, and in English where it is not', async () => {
    for (const path of ['/es', '/es/products']) {
      const page = await get(path);
      assert.equal(page.statusCode, 200, path);
      assert.match(page.body, /<a href="\/es\/products\/tally">Tally<\/a>/, path);
      assert.match(page.body, /Un contador de tiempo que vive en la terminal\./, path);
    }
    const german = await get('/de/products');
    assert.match(german.body, /<a href="\/products\/lantern">Lantern<\/a>/);
    assert.match(german.body, /<a href="\/de\/products\/tally">Tally<\/a>/);
  });

  test('a translation that names no product, or sets what only the original may, fails vitrine check naming the file and field', async () => {
    const dir = await copyFixture(DIR);
    await writeFile(path.join(dir, 'products/es/tallly.md'), '---\nname: Tally\nsummary: Otro.\n---\nTexto.\n');
    await writeFile(path.join(dir, 'products/de/lantern.md'), '---\nname: Lantern\nsummary: Notizen.\nstatus: live\n---\nText.\n');
    const report = await checkContent(dir);
    assert.deepEqual(
      report.errors.map((problem) => `${path.relative(dir, problem.file)} ${problem.field}: ${problem.message}`),
      [
        `products/de/lantern.md status: is the original product's, the same in every language: a translation gives only name, summary, links, image and updated_at`,
        'products/es/tallly.md file name: "tallly" is not a product of products/ (lantern, tally), which a translation must name; did you mean tally?',
      ],
    );
  });
});

test('every link, picture, stylesheet and form of every page in English, Spanish and German answers', async () => {
  const seen = new Set<string>();
  const queue = catalog.site.locales.map((locale) => (locale === catalog.site.default_locale ? '/' : `/${locale}`));
  const failures: string[] = [];
  while (queue.length > 0 && seen.size < 400) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await get(url);
    if (response.statusCode !== 200) failures.push(`${url}: ${response.statusCode}`);
    if (!String(response.headers['content-type']).startsWith('text/html')) continue;
    for (const [, target = ''] of response.body.matchAll(/\s(?:href|src|action)="([^"]*)"/g)) {
      const resolved = new URL(target.replaceAll('&amp;', '&'), `${BASE_URL}${url}`);
      if (resolved.origin !== BASE_URL || resolved.protocol !== 'http:') continue;
      const next = `${resolved.pathname}${resolved.search}`;
      if (!seen.has(next)) queue.push(next);
    }
  }
  assert.deepEqual(failures, []);
  // Each language's pages were reached, not only the default one's.
  for (const locale of ['es', 'de']) assert.ok([...seen].some((url) => url.startsWith(`/${locale}/`)), locale);
});

test('no Spanish or German page prints a word of the English frame', async () => {
  const english = parseYaml(await readFile(referenceCatalogFile(), 'utf8')) as Record<string, string>;
  // The frame's plain messages (no placeholder) that a translation says otherwise: a page of that language must not hold them.
  const frameWords = (locale: string) => {
    const own = catalog.messages.get(locale)!;
    return FRAME_KEYS.flatMap((key) => {
      const message = english[key]!;
      if (message.includes('{') || message.length < 4) return [];
      return (own.format as (key: string) => string)(key) === message ? [] : [[key, message] as const];
    });
  };
  const found: string[] = [];
  for (const locale of ['es', 'de']) {
    const words = frameWords(locale);
    const pages = [...(await get(`/${locale}`)).body.matchAll(/href="(\/[^"#?]*)"/g)].map(([, href]) => href!).filter((href) => href.startsWith(`/${locale}`));
    for (const path of new Set([`/${locale}`, ...pages])) {
      const page = await get(path);
      if (!String(page.headers['content-type']).startsWith('text/html')) continue;
      // The API reference is written for developers in English in every language; its frame is the page's.
      const text = page.body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<div class="reference-body">[\s\S]*?<aside/, '<aside');
      for (const [key, message] of words) if (text.includes(`>${message}<`) || text.includes(`"${message}"`)) found.push(`${path}: ${key} "${message}"`);
    }
  }
  assert.deepEqual(found, []);
});

describe("a language's name on the Spanish pages", () => {
  test('is lower case in a phrase, as Spanish writes it (the feeds), and capitalised alone on the switch', async () => {
    const page = (await get('/es')).body;
    assert.ok(page.includes('>Feed (español)</a>'), 'the footer names the page\'s own feed in lower case');
    assert.ok(page.includes('>Feed (alemán)</a>'));
    assert.ok(!page.includes('Feed (Español)'));
    assert.match(page, /hreflang="de" lang="de">Deutsch<\/a>/);
    const feed = (await get('/feeds/es.xml')).body;
    assert.match(feed, /<title>[^<]*\(español\)<\/title>/);
  });
});
