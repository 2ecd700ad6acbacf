import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CompleteRequest } from '@modelcontextprotocol/sdk/types.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, listenTestApp } from '../helper.js';
import { catalogWithPosts } from './_catalog.js';
import { connectClient, useConnectedClient } from './_client.js';

/** completion/complete (MCP 2025-06-18, Server Features, "Completion"), through the SDK's client. */

let app: App & { url: string };
let catalog: Catalog;
let client: Client;

useConnectedClient((connected) => ({ app, catalog, client } = connected));

const prompt = (name: string) => ({ type: 'ref/prompt' as const, name });
const template = (path: string) => ({ type: 'ref/resource' as const, uri: `${BASE_URL}${path}` });

async function complete(ref: CompleteRequest['params']['ref'], name: string, value: string, context?: Record<string, string>) {
  const { completion } = await client.complete({ ref, argument: { name, value }, ...(context ? { context: { arguments: context } } : {}) });
  return completion;
}

describe('prompt arguments', () => {
  test('locale, for each prompt: the site\'s locales that start with what was typed, case aside', async () => {
    for (const name of ['describe_company', 'quote_article', 'verify_company_registration']) {
      assert.deepEqual((await complete(prompt(name), 'locale', '')).values, ['en', 'pt-BR']);
      assert.deepEqual((await complete(prompt(name), 'locale', 'PT')).values, ['pt-BR']);
      assert.deepEqual((await complete(prompt(name), 'locale', 'fr')).values, []);
    }
  });

  test('topic: the post categories and product tags, accents and case aside, the locale of the context first narrowing them', async () => {
    const all = await complete(prompt('quote_article'), 'topic', 'AUTOMACAO');
    assert.deepEqual(all.values, ['Automação']);
    const typed = await complete(prompt('quote_article'), 'topic', 'auto');
    assert.deepEqual(typed.values, ['Automation', 'Automação']);
    const english = await complete(prompt('quote_article'), 'topic', 'a', { locale: 'en' });
    assert.deepEqual(english.values, ['Artificial Intelligence', 'Automation', 'Agentes de IA', 'Automação']);
    const portuguese = await complete(prompt('quote_article'), 'topic', 'ci', { locale: 'pt-BR' });
    assert.deepEqual(portuguese.values, ['Cibersegurança']);
    // An unknown locale in the context is no narrowing.
    assert.deepEqual((await complete(prompt('quote_article'), 'topic', 'cyber', { locale: 'fr' })).values, ['Cybersecurity']);
    const everything = await complete(prompt('quote_article'), 'topic', '');
    assert.deepEqual(everything.values, [...new Set([...catalog.site.all_post_categories, ...catalog.site.product_tags])]);
    assert.equal(everything.total, everything.values.length);
    assert.equal(everything.hasMore, false);
  });

  test('an argument that takes no content value completes to nothing; an unknown prompt is error -32602', async () => {
    assert.deepEqual((await complete(prompt('verify_company_registration'), 'cnpj', '47')).values, []);
    const error = await client.complete({ ref: prompt('write_poem'), argument: { name: 'locale', value: '' } }).then(
      () => assert.fail('the call succeeded'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof McpError);
    assert.equal(error.code, -32602);
    assert.equal(error.message, 'MCP error -32602: Prompt write_poem not found');
  });
});

describe('resource template variables', () => {
  test('slug of the product, post and page templates: the slugs that start with what was typed', async () => {
    const products = catalog.products.map((p) => p.slug);
    assert.deepEqual((await complete(template('/md/products/{slug}.md'), 'slug', '')).values, products);
    const first = products[0]!;
    assert.deepEqual((await complete(template('/md/products/{slug}.md'), 'slug', first.slice(0, 2).toUpperCase())).values, products.filter((s) => s.startsWith(first.slice(0, 2))));
    const posts = catalog.posts.map((p) => p.slug);
    assert.deepEqual((await complete(template('/md/blog/{slug}.md'), 'slug', 'k')).values, posts.filter((s) => s.startsWith('k')));
    assert.deepEqual((await complete(template('/md/{slug}.md'), 'slug', 'p')).values, catalog.site.page_slugs.filter((s) => s.startsWith('p')));
    assert.deepEqual((await complete(template('/md/{slug}.md'), 'slug', 'nothing-starts-so')).values, []);
  });

  test('an unknown template is error -32602', async () => {
    const error = await client.complete({ ref: template('/md/videos/{slug}.md'), argument: { name: 'slug', value: '' } }).then(
      () => assert.fail('the call succeeded'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof McpError);
    assert.equal(error.code, -32602);
  });

  test('at most 100 values, with total and hasMore when cut', async () => {
    const big = await listenTestApp({ catalog: await catalogWithPosts(150, { title: 20, summary: 40 }) });
    try {
      const { client: bigClient } = await connectClient(big.url);
      const { completion } = await bigClient.complete({ ref: template('/md/blog/{slug}.md'), argument: { name: 'slug', value: 'zebra-' } });
      assert.equal(completion.values.length, 100);
      assert.equal(completion.total, 150);
      assert.equal(completion.hasMore, true);
      assert.deepEqual(completion.values.slice(0, 2), ['zebra-000', 'zebra-001']);
      await bigClient.close();
    } finally {
      await big.server.close();
    }
  });
});

describe('remembered', () => {
  test('a repeated completion is the same bytes', async () => {
    const ask = (id: number) =>
      app.server.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: JSON.stringify({ jsonrpc: '2.0', id, method: 'completion/complete', params: { ref: prompt('quote_article'), argument: { name: 'topic', value: 'g' } } }),
      });
    const first = await ask(1);
    assert.equal(first.statusCode, 200);
    assert.equal((await ask(2)).body, first.body.replace('"id":1,', '"id":2,'));
    assert.equal((await ask(3)).body, first.body.replace('"id":1,', '"id":3,'), 'remembered from the second');
  });
});
