import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../src/app.js';
import { mirrorMarkdown } from '../../src/content/mirror.js';
import type { Catalog } from '../../src/content/types.js';
import { PROMPT_SUMMARIES } from '../../src/mcp/prompts.js';
import { BASE_URL, FIXTURES, listenTestApp, testCatalog } from '../helper.js';
import { connectClient, rpcError, useConnectedClient } from './_client.js';

let app: App & { url: string };
let catalog: Catalog;
let client: Client;

useConnectedClient((connected) => ({ app, catalog, client } = connected));

/** The text of the first message, and the embedded resources of the others. */
function parts(result: GetPromptResult): { text: string; resources: { uri: string; mimeType?: string; text?: string }[] } {
  const [first, ...rest] = result.messages;
  assert.equal(first?.role, 'user');
  assert.equal(first?.content.type, 'text');
  const resources = rest.map((message) => {
    assert.equal(message.role, 'user');
    assert.equal(message.content.type, 'resource');
    return (message.content as { resource: { uri: string; mimeType?: string; text?: string } }).resource;
  });
  return { text: (first!.content as { text: string }).text, resources };
}

describe('prompts/list', () => {
  test('lists the three prompts, each with a title, a description and its arguments, as the documents describe them', async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => p.name),
      ['describe_company', 'quote_article', 'verify_company_registration'],
    );
    for (const prompt of prompts) {
      assert.ok(prompt.title && prompt.description && prompt.description.length > 80, prompt.name);
      const summary = PROMPT_SUMMARIES.find((s) => s.name === prompt.name)!;
      assert.deepEqual({ name: prompt.name, title: prompt.title, description: prompt.description, arguments: prompt.arguments }, summary);
    }
    const quote = prompts.find((p) => p.name === 'quote_article')!;
    assert.deepEqual(
      quote.arguments?.map(({ name, required }) => ({ name, required })),
      [
        { name: 'topic', required: true },
        { name: 'locale', required: false },
      ],
    );
  });
});

describe('prompts/get describe_company', () => {
  test('in English by default: names the company from the content, lists its products, embeds the company record and the home page', async () => {
    const result = await client.getPrompt({ name: 'describe_company', arguments: {} });
    const { text, resources } = parts(result);
    assert.match(text, /^Describe Aroeira \(legal name Aroeira Tecnologia Ltda\.\)/);
    assert.match(text, /Answer in English \(en\)\./);
    assert.match(text, /get_product/);
    for (const product of catalog.products) assert.ok(text.includes(`- ${product.name} (${product.status}): ${product.summary} ${product.url}`), product.slug);
    const home = catalog.pagesBySlug.get('index')!;
    assert.deepEqual(resources, [
      { uri: catalog.company.markdown_url, mimeType: 'text/markdown', text: mirrorMarkdown(catalog.company) },
      { uri: home.markdown_url, mimeType: 'text/markdown', text: mirrorMarkdown(home) },
    ]);
    assert.equal(result.description, 'Describe Aroeira from its published content');
  });

  test('in Brazilian Portuguese for locale pt-BR; the same embedded resources', async () => {
    const english = parts(await client.getPrompt({ name: 'describe_company', arguments: { locale: 'en' } }));
    const portuguese = parts(await client.getPrompt({ name: 'describe_company', arguments: { locale: 'pt-BR' } }));
    assert.match(portuguese.text, /^Descreva a empresa Aroeira \(razão social Aroeira Tecnologia Ltda\.\)/);
    assert.match(portuguese.text, /Responda em português \(Brasil\) \(pt-BR\)\./);
    assert.deepEqual(portuguese.resources, english.resources);
  });

  test('is the engine\'s text over any content: another company\'s names, none of the demo\'s', async () => {
    const other = await listenTestApp();
    try {
      const minimal = await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL);
      other.store.replace(minimal);
      const { client: otherClient } = await connectClient(other.url);
      for (const [name, args] of [
        ['describe_company', {}],
        ['verify_company_registration', {}],
        ['quote_article', { topic: 'broa' }],
      ] as const) {
        const result = await otherClient.getPrompt({ name, arguments: args });
        const all = JSON.stringify(result);
        assert.doesNotMatch(all, /Aroeira|47\.381\.926/, name);
        if (name !== 'quote_article') assert.ok(all.includes(minimal.company.legal_name), name);
      }
      await otherClient.close();
    } finally {
      await other.server.close();
    }
  });
});

describe('prompts/get quote_article', () => {
  test('embeds the best matching articles in the locale asked for and says how to quote them', async () => {
    for (const locale of ['en', 'pt-BR']) {
      const { text, resources } = parts(await client.getPrompt({ name: 'quote_article', arguments: { topic: 'kubernetes', locale } }));
      assert.ok(resources.length >= 1 && resources.length <= 2, locale);
      for (const resource of resources) {
        const post = catalog.posts.find((p) => p.markdown_url === resource.uri)!;
        assert.equal(post.locale, locale);
        assert.equal(resource.text, mirrorMarkdown(post));
      }
      assert.match(text, locale === 'en' ? /^Quote the article of Aroeira that best covers "kubernetes"\./ : /^Cite o artigo de Aroeira que melhor trata de "kubernetes"\./);
      assert.match(text, /search_content \(query "kubernetes", kind "post", locale "/);
    }
  });

  test('without a match, embeds nothing and sends the model to search_content and list_posts', async () => {
    const { text, resources } = parts(await client.getPrompt({ name: 'quote_article', arguments: { topic: 'xylophone zebra', locale: 'en' } }));
    assert.deepEqual(resources, []);
    assert.match(text, /^No article of Aroeira in English mentions "xylophone zebra"\. Call search_content/);
    assert.match(text, /list_posts \(locale "en"\)/);
  });

  test('a missing, blank or too long topic is error -32602', async () => {
    for (const args of [{}, { topic: '   ' }, { topic: 'x'.repeat(201) }] as Record<string, string>[]) {
      const error = await rpcError(client.getPrompt({ name: 'quote_article', arguments: args }));
      assert.equal(error.code, -32602);
      assert.match(error.message, /Invalid arguments for prompt quote_article: expected the subject to look for/);
    }
  });
});

describe('prompts/get verify_company_registration', () => {
  test('states the published CNPJ and tells how to check it, embedding the company record', async () => {
    const { text, resources } = parts(await client.getPrompt({ name: 'verify_company_registration', arguments: {} }));
    assert.match(text, new RegExp(`The CNPJ \\(Brazilian company registration number\\) it publishes is ${catalog.company.cnpj!.replace(/[./]/g, '\\$&')}`));
    assert.match(text, /Receita Federal/);
    assert.match(text, /get_company_info/);
    assert.deepEqual(resources, [{ uri: catalog.company.markdown_url, mimeType: 'text/markdown', text: mirrorMarkdown(catalog.company) }]);
  });

  test('compares a CNPJ the user was given, whatever its punctuation', async () => {
    const bare = catalog.company.cnpj!.replace(/\D/g, '');
    const same = parts(await client.getPrompt({ name: 'verify_company_registration', arguments: { cnpj: bare, locale: 'pt-BR' } }));
    assert.ok(same.text.includes(`O CNPJ informado pelo usuário, "${bare}", é o mesmo publicado.`), same.text);
    const other = parts(await client.getPrompt({ name: 'verify_company_registration', arguments: { cnpj: '11.222.333/0001-81' } }));
    assert.ok(other.text.includes(`The CNPJ the user was given, "11.222.333/0001-81", is NOT the one published (${catalog.company.cnpj}): say so plainly.`), other.text);
    const invalid = parts(await client.getPrompt({ name: 'verify_company_registration', arguments: { cnpj: '11.222.333/0001-00' } }));
    assert.match(invalid.text, /is NOT the one published .* and is not even a valid CNPJ \(check digits\)/);
    const error = await rpcError(client.getPrompt({ name: 'verify_company_registration', arguments: { cnpj: 'not a cnpj' } }));
    assert.equal(error.code, -32602);
    assert.match(error.message, /expected a CNPJ such as 00\.000\.000\/0000-00; got "not a cnpj" at cnpj/);
  });
});

describe('prompts/get with a bad argument or name', () => {
  test('an unknown locale is error -32602 that lists the locales', async () => {
    for (const name of ['describe_company', 'quote_article', 'verify_company_registration']) {
      const error = await rpcError(client.getPrompt({ name, arguments: { topic: 'cloud', locale: 'fr' } }));
      assert.equal(error.code, -32602);
      assert.equal(error.message, `MCP error -32602: Invalid arguments for prompt ${name}: expected one of "en", "pt-BR"; got "fr" at locale`);
    }
  });

  test('an unknown prompt is error -32602', async () => {
    const error = await rpcError(client.getPrompt({ name: 'write_poem', arguments: {} }));
    assert.equal(error.code, -32602);
    assert.match(error.message, /Prompt write_poem not found/);
  });

  test('an unexpected failure is error -32603 that says nothing of its cause', async () => {
    const failing = new Proxy(catalog, {
      get(target, property, receiver) {
        if (property === 'pagesBySlug') throw new Error('disk on fire at /secret/path.ts:12');
        return Reflect.get(target, property, receiver);
      },
    });
    const broken = await listenTestApp({ catalog: failing, openApiCatalog: catalog });
    const { client: brokenClient } = await connectClient(broken.url);
    try {
      const error = await rpcError(brokenClient.getPrompt({ name: 'describe_company', arguments: {} }));
      assert.equal(error.code, -32603);
      assert.equal(error.message, 'MCP error -32603: Internal error: the server could not build the prompt; call again in a moment.');
    } finally {
      await brokenClient.close();
      await broken.server.close();
    }
  });

  test('a repeated prompts/get is answered with the same bytes, from what was remembered', async () => {
    const ask = (id: number) =>
      app.server.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: JSON.stringify({ jsonrpc: '2.0', id, method: 'prompts/get', params: { name: 'quote_article', arguments: { topic: 'cloud', locale: 'en' } } }),
      });
    const first = await ask(1);
    const again = await ask(2);
    assert.equal(again.body, first.body.replace('"id":1,', '"id":2,'));
  });
});
