import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { structured, useConnectedClient } from './_client.js';

/**
 * Same answers, whatever the door: for every product, article and page, the
 * MCP tool's structuredContent and the REST single item, both asked of the
 * real server over its socket, are the same record: the same fields, the
 * same URLs, the same markdown.
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
