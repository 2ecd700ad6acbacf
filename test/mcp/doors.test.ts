import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { asToolPage, CHOICE_FIELDS, structured, useConnectedClient } from './_client.js';

/**
 * Same answers, whatever the door: for every product, article and page, the
 * MCP tool's structuredContent and the REST single item, both asked of the
 * real server over its socket, are the same record: the same fields, the
 * same URLs, the same markdown. Lists and searches are the same pages.
 */

let app: App & { url: string };
let catalog: Catalog;
let client: Client;

useConnectedClient((connected) => ({ app, catalog, client } = connected));

async function rest(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${app.url}/api/v1${path}`);
  assert.equal(response.status, 200, path);
  return (await response.json()) as Record<string, unknown>;
}

async function tool(name: string, slug: string): Promise<Record<string, unknown>> {
  return structured(await client.callTool({ name, arguments: { slug } }));
}

function assertSameRecord(mcp: Record<string, unknown>, api: Record<string, unknown>, what: string): void {
  assert.deepEqual(Object.keys(mcp).sort(), Object.keys(api).sort(), `${what}: the same fields`);
  for (const field of ['url', 'markdown_url', 'markdown']) assert.equal(mcp[field], api[field], `${what}: the same ${field}`);
  assert.equal(typeof mcp.markdown, 'string', `${what} has its markdown`);
  assert.deepEqual(mcp, api, `${what}: the same record`);
}

const DOORS = [
  { kind: 'product', tool: 'get_product', path: '/products', slugs: (c: Catalog) => c.products.map((p) => p.slug) },
  { kind: 'post', tool: 'get_post', path: '/posts', slugs: (c: Catalog) => c.posts.map((p) => p.slug) },
  { kind: 'page', tool: 'get_page', path: '/pages', slugs: (c: Catalog) => c.site.page_slugs },
] as const;

describe('MCP and REST answer the same single record', () => {
  for (const door of DOORS) {
    test(`every ${door.kind}: ${door.tool} is GET /api/v1${door.path}/<slug>`, async () => {
      const slugs = door.slugs(catalog);
      assert.ok(slugs.length > 0);
      for (const slug of slugs) {
        assertSameRecord(await tool(door.tool, slug), await rest(`${door.path}/${encodeURIComponent(slug)}`), `${door.kind} ${slug}`);
      }
    });
  }

  test('the company record: get_company_info is GET /api/v1/company', async () => {
    assertSameRecord(structured(await client.callTool({ name: 'get_company_info', arguments: {} })), await rest('/company'), 'company');
  });
});

/**
 * The filters and orders agents ask for most, through both doors: the MCP
 * result is the REST page with each item as an agent chooses it and the
 * next page as next_offset; the same records, in the same order, with the
 * same total.
 */
describe('MCP and REST answer the same page for the date filters, the date sort and the locale filter', () => {
  const cases: [tool: string, args: Record<string, unknown>, path: string, fields: readonly string[]][] = [
    ['list_posts', { published_since: '2026-03-01', limit: 5 }, '/posts?published_since=2026-03-01&limit=5', CHOICE_FIELDS.post],
    ['list_posts', { published_before: '2026-03-01T00:00:00Z', locale: 'pt-BR', limit: 5 }, '/posts?published_before=2026-03-01T00:00:00Z&locale=pt-BR&limit=5', CHOICE_FIELDS.post],
    ['list_posts', { published_since: '2026-02-01', published_before: '2026-06-01', sort: 'published_at', limit: 4, offset: 2 }, '/posts?published_since=2026-02-01&published_before=2026-06-01&sort=published_at&limit=4&offset=2', CHOICE_FIELDS.post],
    ['list_pages', { locale: 'en,pt-BR', limit: 30 }, '/pages?locale=en,pt-BR&limit=30', CHOICE_FIELDS.page],
    ['list_pages', { locale: ['pt-BR'], sort: 'title' }, '/pages?locale=pt-BR&sort=title', CHOICE_FIELDS.page],
    ['search_content', { query: 'LGPD', sort: '-published_at' }, '/search?q=LGPD&sort=-published_at', CHOICE_FIELDS.hit],
    ['search_content', { query: 'LGPD', sort: 'published_at', limit: 20 }, '/search?q=LGPD&sort=published_at&limit=20', CHOICE_FIELDS.hit],
    ['search_content', { query: 'segurança', published_since: '2026-01-01', published_before: '2026-07-01' }, '/search?q=seguran%C3%A7a&published_since=2026-01-01&published_before=2026-07-01', CHOICE_FIELDS.hit],
    ['search_content', { query: 'LGPD', kind: 'page', locale: 'pt-BR' }, '/search?q=LGPD&kind=page&locale=pt-BR', CHOICE_FIELDS.hit],
    ['search_content', { query: 'LGPD', locale: 'pt-BR', limit: 4, offset: 4 }, '/search?q=LGPD&locale=pt-BR&limit=4&offset=4', CHOICE_FIELDS.hit],
  ];
  for (const [name, args, path, fields] of cases) {
    test(`${name} ${JSON.stringify(args)} is GET /api/v1${path}`, async () => {
      const page = await rest(path);
      const items = page.items as Record<string, unknown>[];
      assert.ok(items.length > 0, `${path} finds something`);
      assert.deepEqual(structured(await client.callTool({ name, arguments: args })), asToolPage(page, fields));
    });
  }

  test('the filters and the order hold: dates in the window, in order, every hit of the locale, of any kind that has one', async () => {
    const window = (await rest('/posts?published_since=2026-02-01&published_before=2026-06-01&limit=100')).items as { published_at: string }[];
    assert.ok(window.length > 0 && window.every((p) => p.published_at >= '2026-02-01' && p.published_at < '2026-06-01'));
    const newest = (await rest('/search?q=LGPD&sort=-published_at&limit=100')).items as { kind: string; published_at?: string }[];
    const dated = newest.filter((hit) => hit.published_at !== undefined).map((hit) => hit.published_at!);
    assert.deepEqual(dated, [...dated].sort().reverse());
    assert.ok(newest.slice(0, dated.length).every((hit) => hit.kind === 'post'), 'the articles come first, the undated after');
    const portuguese = (await rest('/search?q=LGPD&locale=pt-BR&limit=100')).items as { kind: string; locale?: string }[];
    assert.deepEqual([...new Set(portuguese.map((hit) => hit.kind))].sort(), ['page', 'post']);
    assert.ok(portuguese.every((hit) => hit.locale === 'pt-BR'));
  });
});
