import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '../../src/content/types.js';
import { listenTestApp, testCatalog } from '../helper.js';
import { starterSite } from '../process.js';
import { connectClient, structured } from './_client.js';

/**
 * What an agent needs to keep a copy in sync and to check the company: the
 * date each list item last changed, every page of every locale listed like
 * the articles, and for each identifier the public page where a person
 * checks it. Through the real server: REST over its socket, MCP through the
 * official SDK client.
 */

interface Connected {
  readonly url: string;
  readonly client: Client;
  readonly catalog: Catalog;
  readonly close: () => Promise<void>;
}

async function connect(catalog?: Catalog): Promise<Connected> {
  const app = await listenTestApp(catalog ? { catalog } : {});
  const { client } = await connectClient(app.url);
  return {
    url: app.url,
    client,
    catalog: catalog ?? (await testCatalog()),
    close: async () => {
      await client.close();
      await app.server.close();
    },
  };
}

type Item = Record<string, unknown>;
const itemsOf = (body: unknown) => (body as { items: Item[] }).items;

describe('sync: list items and pages of every locale', () => {
  let served: Connected;
  before(async () => {
    served = await connect();
  });
  after(() => served.close());

  test('every item of list_products, list_posts and list_pages keeps its updated_at', async () => {
    for (const name of ['list_products', 'list_posts', 'list_pages']) {
      const items = itemsOf(structured(await served.client.callTool({ name, arguments: { limit: 5 } })));
      assert.ok(items.length > 0, name);
      for (const item of items) assert.match(String(item.updated_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, `${name} ${String(item.slug)}`);
    }
  });

  test('GET /api/v1/pages takes locale as several values separated by commas, and lists them all at once', async () => {
    const { site } = served.catalog;
    const each = await Promise.all(site.locales.map(async (locale) => (await (await fetch(`${served.url}/api/v1/pages?locale=${locale}&limit=100`)).json()) as { total: number; items: Item[] }));
    const all = (await (await fetch(`${served.url}/api/v1/pages?locale=${site.locales.join(',')}&limit=100`)).json()) as { total: number; items: Item[] };
    assert.equal(all.total, each.reduce((sum, page) => sum + page.total, 0));
    assert.deepEqual(new Set(all.items.map((item) => item.locale)), new Set(site.locales));
    const dates = all.items.map((item) => Date.parse(String(item.updated_at)));
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a), 'most recently updated first');
    assert.equal((await fetch(`${served.url}/api/v1/pages?locale=en,xx`)).status, 400);
  });

  test('list_pages answers the same pages as the REST list, a locale or several', async () => {
    const both = structured(await served.client.callTool({ name: 'list_pages', arguments: { locale: ['en', 'pt-BR'], limit: 100 } }));
    const rest = (await (await fetch(`${served.url}/api/v1/pages?locale=en,pt-BR&limit=100`)).json()) as { total: number; items: Item[] };
    assert.equal(both.total, rest.total);
    assert.deepEqual(
      itemsOf(both).map((item) => `${String(item.locale)}/${String(item.slug)}`),
      rest.items.map((item) => `${String(item.locale)}/${String(item.slug)}`),
    );
    const portuguese = itemsOf(structured(await served.client.callTool({ name: 'list_pages', arguments: { locale: 'pt-BR' } })));
    assert.ok(portuguese.length > 0);
    assert.ok(portuguese.every((item) => item.locale === 'pt-BR'));
  });

  test('the demo CNPJ carries the Receita Federal lookup, in REST, MCP, the verification prompt and the about page', async () => {
    const url = 'https://solucoes.receita.fazenda.gov.br/Servicos/cnpjreva/Cnpjreva_Solicitacao.asp?cnpj=47381926000138';
    const rest = (await (await fetch(`${served.url}/api/v1/company`)).json()) as { identifiers: Item[] };
    assert.equal(rest.identifiers[0]?.lookup_url, url);
    const record = structured(await served.client.callTool({ name: 'get_company_info', arguments: {} })) as { identifiers: Item[] };
    assert.equal(record.identifiers[0]?.lookup_url, url);
    const prompt = (await served.client.getPrompt({ name: 'verify_company_registration', arguments: {} })) as GetPromptResult;
    assert.ok(JSON.stringify(prompt.messages[0]).includes(url), 'the prompt names the register\u2019s address');
    const about = await (await fetch(`${served.url}/about`)).text();
    assert.ok(about.includes(`<a href="${url.replaceAll('&', '&amp;')}" rel="external">check it in the register</a>`));
  });
});

describe('verification: each scheme its register', () => {
  let site: { dir: string; remove: () => Promise<void> };
  let served: Connected;
  before(async () => {
    site = await starterSite('lookup-co', ['--locales', 'en,de', '--country', 'gb']);
    const file = path.join(site.dir, 'company.md');
    const identifiers = [
      'identifiers:',
      '  - { scheme: lei, value: 5493001KJTIIGC8Y1R12 }',
      '  - { scheme: vat, value: DE136695976 }',
      '  - { scheme: vat, value: GB980780684 }',
      '  - { scheme: company_number, value: "00445790", authority: Companies House, country: GB }',
      '  - { scheme: tax_id, value: 12-3456789, country: US }',
    ].join('\n');
    await writeFile(file, (await readFile(file, 'utf8')).replace('identifiers: []', identifiers));
    served = await connect(await testCatalog(site.dir));
  });
  after(async () => {
    await served?.close();
    await site?.remove();
  });

  test('GLEIF for a LEI, VIES for an EU VAT number, HMRC for a UK one, Companies House for its number, none for a US EIN', async () => {
    const record = structured(await served.client.callTool({ name: 'get_company_info', arguments: {} })) as { identifiers: Item[] };
    assert.deepEqual(
      record.identifiers.map((identifier) => [identifier.value, identifier.lookup_url]),
      [
        ['5493001KJTIIGC8Y1R12', 'https://search.gleif.org/#/record/5493001KJTIIGC8Y1R12'],
        ['DE136695976', 'https://ec.europa.eu/taxation_customs/vies/#/vat-validation'],
        ['GB980780684', 'https://www.tax.service.gov.uk/check-vat-number/enter-vat-details'],
        ['00445790', 'https://find-and-update.company-information.service.gov.uk/company/00445790'],
        ['12-3456789', undefined],
      ],
    );
    const prompt = (await served.client.getPrompt({ name: 'verify_company_registration', arguments: {} })) as GetPromptResult;
    const text = JSON.stringify(prompt.messages[0]);
    for (const url of ['https://search.gleif.org/#/record/5493001KJTIIGC8Y1R12', 'https://find-and-update.company-information.service.gov.uk/company/00445790']) assert.ok(text.includes(url), url);
    const about = await (await fetch(`${served.url}/de/about`)).text();
    assert.ok(about.includes('rel="external">im Register prüfen</a>'), 'the German about page links the register in German');
  });
});
