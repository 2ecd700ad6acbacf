import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { listenTestApp, testCatalog } from '../helper.js';
import { starterSite } from '../process.js';
import { connectClient, failure, rpcError, structured } from './_client.js';

/**
 * A near miss is answered with the near thing: every not-found names the
 * closest real names first (a slug cut short gets the slug it begins),
 * slugs forgive case and accents, and no hint carries an unfilled
 * placeholder. Through the real server: REST over its socket, MCP through
 * the official SDK client.
 */

interface Served {
  readonly url: string;
  readonly client: Client;
  readonly close: () => Promise<void>;
}

async function serve(dir?: string): Promise<Served> {
  const app = await listenTestApp(dir ? { catalog: await testCatalog(dir) } : {});
  const { client } = await connectClient(app.url);
  return {
    url: app.url,
    client,
    close: async () => {
      await client.close();
      await app.server.close();
    },
  };
}

interface Problem {
  readonly detail: string;
  readonly hint: string;
  readonly valid_slugs?: readonly string[];
}

describe('near misses on the demo content', () => {
  let served: Served;
  const get = async (path: string) => {
    const response = await fetch(`${served.url}${path}`);
    return { status: response.status, problem: (await response.json()) as Problem };
  };
  before(async () => {
    served = await serve();
  });
  after(() => served.close());

  test('get_post with a slug a real one begins with names that one first', async () => {
    const text = failure(await served.client.callTool({ name: 'get_post', arguments: { slug: 'kubernetes-upgrade-runbook' } }));
    assert.match(text, /^No post has the slug "kubernetes-upgrade-runbook"; did you mean kubernetes-upgrade-runbook-production\? Call list_posts/);
  });

  test('get_product forgives case and accents in a slug, and names the nearest when none is found', async () => {
    assert.equal(structured(await served.client.callTool({ name: 'get_product', arguments: { slug: 'Maré' } })).slug, 'mare');
    assert.equal(structured(await served.client.callTool({ name: 'get_page', arguments: { slug: 'ABOUT' } })).slug, 'about');
    assert.match(failure(await served.client.callTool({ name: 'get_product', arguments: { slug: 'jacy' } })), /^Invalid arguments for get_product: did you mean "jaci"\? expected one of /);
  });

  test('an unknown tool and an unknown prompt are told the nearest first, then every one', async () => {
    assert.match(failure(await served.client.callTool({ name: 'get_posts', arguments: {} })), /^There is no tool "get_posts"; did you mean get_post\? The tools are: list_products: /);
    assert.match(failure(await served.client.callTool({ name: 'search', arguments: {} })), /^There is no tool "search"; did you mean search_content\? /);
    const error = await rpcError(served.client.getPrompt({ name: 'quote_articles', arguments: { topic: 'LGPD' } }));
    assert.match(error.message, /there is no prompt "quote_articles"; did you mean quote_article\? The prompts are: describe_company \(locale\), quote_article \(topic, locale, order\), verify_company_registration/);
  });

  test('GET /api/v1/product/jaci points at /api/v1/products/jaci', async () => {
    const { status, problem } = await get('/api/v1/product/jaci');
    assert.equal(status, 404);
    assert.equal(problem.hint, 'Did you mean GET /api/v1/products/jaci? Call GET /api/v1 for the map of every endpoint.');
  });

  test('a slug not found over REST is told the nearest, and the hint is the call that works', async () => {
    const { status, problem } = await get('/api/v1/posts/kubernetes-upgrade-runbook');
    assert.equal(status, 404);
    assert.equal(problem.detail, 'No post has the slug "kubernetes-upgrade-runbook"; did you mean kubernetes-upgrade-runbook-production?');
    assert.match(problem.hint, /^Call GET \/api\/v1\/posts\/kubernetes-upgrade-runbook-production, or: call GET \/api\/v1\/posts to list every post/);
    assert.equal((await fetch(`${served.url}/api/v1/products/Mar%C3%A9`)).status, 200);
  });

  test('no hint carries an unfilled placeholder, and a misspelt locale is named', async () => {
    const { status, problem } = await get('/api/v1/pages/about?locale=pt_BR');
    assert.equal(status, 400);
    assert.equal(problem.detail, 'The parameter "locale" must be one of "en", "pt-BR"; got "pt_BR"; did you mean pt-BR?');
    assert.ok(!problem.hint.includes('{'), problem.hint);
    const unknown = (await get('/api/v1/pages/about?colour=red')).problem;
    assert.equal(unknown.detail, '/api/v1/pages/about has no parameter "colour".');
    assert.equal(unknown.hint, 'Call GET /api/v1/pages/about with only "locale".');
    assert.match(problem.hint, /^Call GET \/api\/v1\/pages\/about\?locale=/);
    assert.match(failure(await served.client.callTool({ name: 'list_posts', arguments: { locale: 'pt_BR' } })), /did you mean "pt-BR"\?/);
  });

  test('quote_article takes the locale of the words it is given, and can ask for the newest article', async () => {
    const catalog = await testCatalog();
    const portuguese = (await served.client.getPrompt({ name: 'quote_article', arguments: { topic: 'Lei Geral de Proteção de Dados' } })) as GetPromptResult;
    assert.match(JSON.stringify(portuguese.messages[0]), /Responda em português/);
    const newest = (await served.client.getPrompt({ name: 'quote_article', arguments: { topic: 'LGPD', locale: 'en', order: 'newest' } })) as GetPromptResult;
    assert.match(JSON.stringify(newest.messages[0]), /Quote the newest article of /);
    const embedded = newest.messages.slice(1).map((message) => (message.content as { resource: { uri: string } }).resource.uri);
    const english = catalog.posts.filter((post) => post.locale === 'en' && embedded.includes(post.markdown_url));
    assert.ok(english.length > 0);
    assert.deepEqual(embedded, [...english].sort((a, b) => b.published_at.localeCompare(a.published_at)).map((post) => post.markdown_url));
  });
});

describe('near misses on a starter site', () => {
  let site: { dir: string; remove: () => Promise<void> };
  let served: Served;
  before(async () => {
    site = await starterSite('near-co', ['--locales', 'en']);
    served = await serve(site.dir);
  });
  after(async () => {
    await served?.close();
    await site?.remove();
  });

  test('a slug cut short and a misspelt path are each answered with the real one', async () => {
    assert.match(failure(await served.client.callTool({ name: 'get_post', arguments: { slug: 'welc' } })), /^No post has the slug "welc"; did you mean welcome\?/);
    const problem = (await (await fetch(`${served.url}/api/v1/post/welcome`)).json()) as Problem;
    assert.match(problem.hint, /^Did you mean GET \/api\/v1\/posts\/welcome\?/);
  });
});
