import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ServerProcess } from '../process.js';
import { starterSite, startServer, vitrine } from '../process.js';
import { starterFiles } from '../../src/content/starter.js';
import { companySchema } from '../../src/content/schemas.js';
import { shippedCatalogFor } from '../../src/i18n/catalog.js';
import { splitFrontMatter } from '../../src/util/front-matter.js';

/**
 * `vitrine init --country CC`: a company of a country whose law asks for a
 * legal notice gets one (an Impressum, mentions légales, an aviso legal) in
 * each of its languages, linked in the footer beside privacy and terms,
 * listing the company's details from company.md; its identifiers are named
 * as their country names them, and nothing in the starter speaks of another
 * country's company.
 */

interface Filled {
  readonly dir: string;
  readonly remove: () => Promise<void>;
}

/**
 * A starter of `country` in `locales`, company.md filled in as its company
 * would: the example identifiers its comments give, taken as they are (so a
 * test proves them valid), managing directors, a founding year, an address.
 */
async function filledStarter(name: string, country: string, locales: string, address: Readonly<Record<string, string>>): Promise<Filled> {
  const site = await starterSite(name, ['--country', country, '--locales', locales]);
  const file = path.join(site.dir, 'company.md');
  let company = await readFile(file, 'utf8');
  const examples = company
    .split('\n')
    .filter((line) => /^# {3}[ -] /.test(line))
    .map((line) => line.slice(3));
  assert.ok(examples.length > 0, company);
  company = company
    .replace(/^legal_name: .*$/m, `legal_name: "${name} GmbH"`)
    .replace('identifiers: []', `identifiers:\n${examples.join('\n')}`)
    .replace(/^managing_directors: .*$/m, 'managing_directors: ["Anna Berger", "Jakob Huber"]\nfounded: 2014');
  for (const [field, value] of Object.entries(address)) company = company.replace(new RegExp(`^ {2}${field}: "TODO"$`, 'm'), `  ${field}: "${value}"`);
  await writeFile(file, company);
  return site;
}

async function text(server: ServerProcess, path: string, accept = 'text/html'): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept } });
  assert.equal(response.status, 200, path);
  return response.text();
}

/** The terms (`<dt>`) and descriptions (`<dd>`) of a page's company details, in order. */
function details(page: string): string[][] {
  const list = /<section[^>]*aria-labelledby="legal-notice-details"[\s\S]*?<dl class="facts">([\s\S]*?)<\/dl>/.exec(page)?.[1];
  assert.ok(list, 'the page lists the company details');
  return [...list.matchAll(/<div><dt>(.*?)<\/dt>(.*?)<\/div>(?=<div>|\s*$)/g)].map((m) => [m[1]!, ...[...m[2]!.matchAll(/<dd>(.*?)<\/dd>/g)].map((dd) => dd[1]!.replace(/<[^>]+>/g, (tag) => (tag === '<br>' ? ' / ' : '')))]);
}

/** The links of the footer's navigation and of the header's, by their text. */
function navigation(page: string): { readonly header: string[]; readonly footer: string[] } {
  const links = (part: string) => [...part.matchAll(/<a href="[^"]*"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
  return {
    header: links(/<nav class="site-nav"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? ''),
    footer: links(/<nav class="footer-nav"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? ''),
  };
}

describe('vitrine init --country AT --locales de,en,fr', () => {
  let site: Filled;
  let server: ServerProcess;
  before(async () => {
    site = await filledStarter('Messwerk', 'AT', 'de,en,fr', { street: 'Conrad-von-Hötzendorf-Straße', number: '37a', city: 'Graz', postal_code: '8010' });
    server = await startServer({ CONTENT_DIR: site.dir });
  });
  after(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await site?.remove();
  });

  test('writes an impressum page in each language, its title and text in that language, and lists it among the pages', async () => {
    const titles = { '': 'Impressum', 'en/': 'Legal notice', 'fr/': 'Mentions légales' };
    for (const [under, title] of Object.entries(titles)) {
      const page = await readFile(path.join(site.dir, `pages/${under}impressum.md`), 'utf8');
      assert.match(page, new RegExp(`^title: "${title}"$`, 'm'));
    }
    assert.match(await readFile(path.join(site.dir, 'pages/impressum.md'), 'utf8'), /^Angaben gemäß § 5 ECG, § 14 UGB und § 25 MedienG\.$/m);
    assert.match(await readFile(path.join(site.dir, 'site.yaml'), 'utf8'), /^page_slugs: \["index","about","contact","privacy","terms","impressum"\]$/m);
  });

  test('nothing in the starter speaks of a Brazilian company, and its example identifiers are Austrian', async () => {
    const files = (await readdir(site.dir, { recursive: true })).filter((file) => /\.(md|yaml)$/.test(file));
    for (const file of files) assert.doesNotMatch(await readFile(path.join(site.dir, file), 'utf8'), /logradouro|\bCEP\b|São Paulo|CNPJ|bairro/i, file);
    const fresh = await starterSite('frisch', ['--country', 'AT', '--locales', 'de']);
    try {
      const company = await readFile(path.join(fresh.dir, 'company.md'), 'utf8');
      assert.match(company, /^# {3}- scheme: "vat"\n# {5}value: "ATU\d{8}"$/m);
      assert.match(company, /^# {5}value: "FN \d+ [a-z]"\n# {5}authority: "Landesgericht/m);
      assert.doesNotMatch(company, /DE\d{9}/);
      assert.match(company, /^managing_directors: \["TODO"\] {2}# TODO: /m);
    } finally {
      await fresh.remove();
    }
  });

  test('passes vitrine check with no error once company.md is filled in with its examples', async () => {
    const run = await vitrine(['check', site.dir]);
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /^0 errors, \d+ warnings in \d+ files$/m);
  });

  test('the Impressum lists the legal name, address, managing directors, contact, UID-Nr., Firmenbuchnummer and Firmenbuchgericht from company.md', async () => {
    const page = await text(server, '/impressum');
    assert.match(page, /<h1>Impressum<\/h1>/);
    assert.deepEqual(details(page), [
      ['Firmenname', 'Messwerk GmbH'],
      ['Anschrift', 'Conrad-von-Hötzendorf-Straße 37a / 8010 Graz / Österreich'],
      ['Geschäftsführung', 'Anna Berger', 'Jakob Huber'],
      ['E-Mail', 'hello@example.com'],
      ['UID-Nr.', 'ATU12345675'],
      ['Firmenbuchnummer', 'FN 123456 a'],
      ['Firmenbuchgericht', 'Landesgericht für ZRS Graz'],
    ]);
  });

  test('in English and French, the same details in those languages', async () => {
    assert.deepEqual(details(await text(server, '/en/impressum')).map(([label]) => label), ['Legal name', 'Address', 'Managing directors', 'Email', 'VAT', 'Company register number', 'Company register court']);
    const french = details(await text(server, '/fr/impressum'));
    assert.deepEqual(french.map(([label]) => label), ['Raison sociale', 'Adresse', 'Dirigeants', 'E-mail', 'N° de TVA intracommunautaire', 'Numéro d’immatriculation', 'Tribunal du registre']);
    assert.deepEqual(french[1], ['Adresse', 'Conrad-von-Hötzendorf-Straße 37a / 8010 Graz / Autriche']);
  });

  test('its markdown mirror lists the details one per line', async () => {
    const mirror = await text(server, '/md/impressum.md', 'text/markdown');
    assert.ok(
      mirror.endsWith(
        [
          '## Angaben zum Unternehmen',
          '',
          '- Firmenname: Messwerk GmbH',
          '- Anschrift: Conrad-von-Hötzendorf-Straße 37a, 8010 Graz, Österreich',
          '- Geschäftsführung: Anna Berger, Jakob Huber',
          '- E-Mail: hello@example.com',
          '- UID-Nr.: ATU12345675',
          '- Firmenbuchnummer: FN 123456 a',
          '- Firmenbuchgericht: Landesgericht für ZRS Graz',
          '',
        ].join('\n'),
      ),
      mirror,
    );
    assert.match(await text(server, '/md/fr/impressum.md', 'text/markdown'), /^- Raison sociale\u00a0: Messwerk GmbH$/m);
  });

  test('every page links the legal notice in the footer beside privacy and terms, never in the header', async () => {
    for (const [url, footer] of [
      ['/', ['Impressum', 'Datenschutzerklärung', 'Nutzungsbedingungen']],
      ['/en/products', ['Legal notice', 'Privacy policy', 'Terms of use']],
      ['/fr/about', ['Mentions légales', 'Politique de confidentialité', 'Conditions générales d’utilisation']],
    ] as const) {
      const links = navigation(await text(server, url));
      assert.deepEqual(links.footer.slice(0, 3), footer, url);
      assert.ok(!links.header.includes(footer[0]), `${url}: ${links.header.join(', ')}`);
    }
  });

  test('the founding year is a year on the about page, in JSON-LD and in the API; the street line of JSON-LD is written as in Austria', async () => {
    const about = await text(server, '/about');
    assert.match(about, /<dt>Gegründet<\/dt><dd><time datetime="2014">2014<\/time><\/dd>/);
    assert.match(about, /<dt>Geschäftsführung<\/dt><dd>Anna Berger, Jakob Huber<\/dd>/);
    assert.match(about, /"foundingDate":"2014"/);
    assert.match(about, /"streetAddress":"Conrad-von-Hötzendorf-Straße 37a"/);
    const company = JSON.parse(await text(server, '/api/v1/company', 'application/json')) as Record<string, unknown>;
    assert.equal(company.founded, '2014');
    assert.deepEqual(company.managing_directors, ['Anna Berger', 'Jakob Huber']);
    assert.deepEqual(company.identifiers, [
      { scheme: 'vat', value: 'ATU12345675', country: 'AT', verified: true, lookup_url: 'https://ec.europa.eu/taxation_customs/vies/#/vat-validation' },
      { scheme: 'company_number', value: 'FN 123456 a', authority: 'Landesgericht für ZRS Graz', country: 'AT', verified: false },
    ]);
  });
});

describe('vitrine init --country DE, FR, ES: the legal notice each country asks for, under the name its readers look for', () => {
  const cases = [
    {
      country: 'DE',
      slug: 'impressum',
      title: 'Impressum',
      address: { street: 'Unter den Linden', number: '77', city: 'Berlin', postal_code: '10117' },
      labels: ['Firmenname', 'Anschrift', 'Geschäftsführung', 'E-Mail', 'USt-IdNr.', 'Registernummer', 'Registergericht'],
      footer: ['Impressum', 'Datenschutzerklärung', 'Nutzungsbedingungen'],
      street: 'Unter den Linden 77',
    },
    {
      country: 'FR',
      slug: 'mentions-legales',
      title: 'Mentions légales',
      address: { street: 'Rue de Rivoli', number: '12', city: 'Paris', postal_code: '75001' },
      labels: ['Raison sociale', 'Adresse', 'Dirigeants', 'E-mail', 'N° de TVA intracommunautaire', 'Numéro d’immatriculation', 'Registre'],
      footer: ['Mentions légales', 'Politique de confidentialité', 'Conditions générales d’utilisation'],
      street: '12 Rue de Rivoli',
    },
    {
      country: 'ES',
      slug: 'aviso-legal',
      title: 'Aviso legal',
      address: { street: 'Calle de Alcalá', number: '48', city: 'Madrid', postal_code: '28014' },
      labels: ['Razón social', 'Dirección', 'Administradores', 'Correo electrónico', 'NIF-IVA', 'Datos registrales', 'Registro'],
      footer: ['Aviso legal', 'Política de privacidad', 'Condiciones de uso'],
      street: 'Calle de Alcalá, 48',
    },
  ] as const;
  const language = { DE: 'de', FR: 'fr', ES: 'es' } as const;

  for (const expected of cases) {
    test(`--country ${expected.country}: the ${expected.slug} page with the company's details, in the footer, and check passes`, async () => {
      const site = await filledStarter('Beispiel', expected.country, `${language[expected.country]},en`, expected.address);
      const server = await startServer({ CONTENT_DIR: site.dir });
      try {
        assert.match(await readFile(path.join(site.dir, `pages/${expected.slug}.md`), 'utf8'), new RegExp(`^title: "${expected.title}"$`, 'm'));
        assert.match(await readFile(path.join(site.dir, `pages/en/${expected.slug}.md`), 'utf8'), /^title: "Legal notice"$/m);
        const run = await vitrine(['check', site.dir]);
        assert.equal(run.code, 0, run.stdout);
        assert.match(run.stdout, /^0 errors, /m);
        const page = await text(server, `/${expected.slug}`);
        assert.deepEqual(details(page).map(([label]) => label), expected.labels);
        assert.deepEqual(navigation(page).footer.slice(0, 3), expected.footer);
        assert.ok(!navigation(page).header.includes(expected.title));
        assert.match(page, new RegExp(`"streetAddress":"${expected.street}"`));
        assert.equal((await fetch(`${server.url}/en/${expected.slug}`)).status, 200);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
        await site.remove();
      }
    });
  }

  test('check warns of a legal notice whose company.md names no managing director, naming the field to add', async () => {
    const site = await starterSite('ohne', ['--country', 'DE', '--locales', 'de']);
    try {
      const file = path.join(site.dir, 'company.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^managing_directors: .*$/m, ''));
      const run = await vitrine(['check', site.dir]);
      assert.equal(run.code, 0, run.stdout);
      assert.match(run.stdout, /company\.md: warning: managing_directors: is not given, but the legal notice \(pages\/impressum\.md\) lists the company's details from this file/);
    } finally {
      await site.remove();
    }
  });

  test('--country US writes no legal notice: its law asks for none', async () => {
    const site = await starterSite('acme', ['--country', 'US']);
    try {
      assert.deepEqual((await readdir(path.join(site.dir, 'pages'))).sort(), ['about.md', 'contact.md', 'index.md', 'privacy.md', 'terms.md']);
      assert.match(await readFile(path.join(site.dir, 'company.md'), 'utf8'), /^# {3}- scheme: "tax_id"\n# {5}value: "12-3456789"\n# {5}country: "US"$/m);
    } finally {
      await site.remove();
    }
  });
});

describe('a regional locale: de-AT', () => {
  let site: Filled;
  let server: ServerProcess;
  before(async () => {
    site = await filledStarter('Jahreswerk', 'AT', 'de-AT,en', { street: 'Herrengasse', number: '16', city: 'Graz', postal_code: '8010' });
    const file = path.join(site.dir, 'company.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('founded: 2014', 'founded: "2014-01-15"'));
    server = await startServer({ CONTENT_DIR: site.dir });
  });
  after(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await site?.remove();
  });

  test('init takes it, and its pages are written in German', async () => {
    assert.match(await readFile(path.join(site.dir, 'site.yaml'), 'utf8'), /^locales: \["de-AT","en"\]$/m);
    assert.match(await readFile(path.join(site.dir, 'pages/impressum.md'), 'utf8'), /^title: "Impressum"$/m);
  });

  test('its frame takes the words of the German catalog, and its dates are written as in Austria ("Jänner")', async () => {
    const about = await text(server, '/about');
    assert.match(about, /<html lang="de-AT"/);
    assert.match(about, />Zum Inhalt springen</);
    assert.match(about, /<time datetime="2014-01-15">15\. Jänner 2014<\/time>/);
    assert.deepEqual(details(await text(server, '/impressum')).map(([label]) => label).slice(4), ['UID-Nr.', 'Firmenbuchnummer', 'Firmenbuchgericht']);
  });
});

describe('regional locales of each shipped language: fr-CA, es-MX, de-CH beside en', () => {
  test('init takes them, check passes, and each serves its language\'s words with its region\'s dates', async () => {
    const site = await filledStarter('Regional', 'CA', 'fr-CA,es-MX,de-CH,en', { street: 'Rue Sainte-Catherine', number: '100', city: 'Montréal', postal_code: 'H2X 1Z4', state: 'QC' });
    const file = path.join(site.dir, 'company.md');
    const company = (await readFile(file, 'utf8')).replace(/^address:$/m, 'founded: "2014-01-15"\naddress:');
    await writeFile(file, company.replace(/^ {2}postal_code: "H2X 1Z4"$/m, '  postal_code: "H2X 1Z4"\n  state: "QC"'));
    const run = await vitrine(['check', site.dir]);
    assert.equal(run.code, 0, run.stdout);
    const server = await startServer({ CONTENT_DIR: site.dir });
    try {
      for (const [path, lang, skip, day] of [
        ['/about', 'fr-CA', 'Aller au contenu', '15 janvier 2014'],
        ['/es-MX/about', 'es-MX', 'Saltar al contenido', '15 de enero de 2014'],
        ['/de-CH/about', 'de-CH', 'Zum Inhalt springen', '15. Januar 2014'],
      ] as const) {
        const page = await text(server, path);
        assert.match(page, new RegExp(`<html lang="${lang}"`), path);
        assert.match(page, new RegExp(`>${skip}<`), path);
        assert.match(page, new RegExp(`<time datetime="2014-01-15">${day}</time>`), path);
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await site.remove();
    }
  });
});

describe('company.md\u2019s example identifiers', () => {
  test('are of the company\u2019s own country, and company.md takes them as they are written', () => {
    const messages = new Map([['en', shippedCatalogFor('en')!]]);
    for (const country of ['AT', 'DE', 'CH', 'FR', 'ES', 'IT', 'NL', 'BE', 'PT', 'IE', 'GB', 'BR', 'US', 'JP']) {
      const files = starterFiles({ name: 'Example', locales: ['en'], messages, country, dir: '/tmp/example', schemasDir: '/tmp/schemas', today: '2026-11-29' });
      const company = files.find((file) => file.file === 'company.md')!.content;
      const examples = company
        .split('\n')
        .filter((line) => /^# {3}[ -] /.test(line))
        .map((line) => line.slice(3));
      const { data } = splitFrontMatter(company.replace('identifiers: []', `identifiers:\n${examples.join('\n')}`).replace(/^managing_directors: .*$/m, ''));
      const parsed = companySchema.safeParse({ ...(data as object), address: { street: 'Main Street', number: '1', city: 'Town', postal_code: '1000', country } });
      assert.ok(parsed.success, `${country}: ${JSON.stringify(parsed.error?.issues)}`);
      const vat = parsed.data.identifiers?.find((identifier) => identifier.scheme === 'vat');
      if (vat) assert.match(vat.value, new RegExp(`^${country === 'CH' ? 'CHE' : country}`), country);
      if (country !== 'DE') assert.doesNotMatch(company, /DE136695976/, country);
    }
  });
});
