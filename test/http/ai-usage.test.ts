import assert from 'node:assert/strict';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { checkContent } from '../../src/check/content-check.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, FIXTURES, listenTestApp, testCatalog } from '../helper.js';
import { starterSite } from '../process.js';

/**
 * What automated systems may do with the content: `ai_usage` of site.yaml
 * (and of a document's front matter) stated in robots.txt, as a
 * Content-Signal line and a Content-Usage rule, and in the Content-Usage
 * header of every content answer: a page, a markdown mirror, an API answer,
 * an MCP result.
 */

interface Served {
  readonly url: string;
  readonly close: () => Promise<void>;
  /** The SDK's client, connected; `usage()` is the Content-Usage header of its last answer. */
  readonly client: Client;
  readonly usage: () => string | null;
}

async function serve(catalog?: Catalog): Promise<Served> {
  const app = await listenTestApp({ ...(catalog ? { catalog } : {}), checkOpenApi: false });
  let last: string | null = null;
  const recording: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    last = response.headers.get('content-usage');
    return response;
  };
  const client = new Client({ name: 'vitrine-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { fetch: recording }));
  return {
    url: app.url,
    client,
    usage: () => last,
    close: async () => {
      await client.close();
      await app.server.close();
    },
  };
}

const usageOf = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).headers.get('content-usage');

describe('the demo content: search and live AI input yes, training no', () => {
  let served: Served;
  before(async () => {
    served = await serve();
  });
  after(() => served.close());

  test('robots.txt states them in the * group as Content-Signal and as a Content-Usage rule for every path', async () => {
    const robots = await (await fetch(`${served.url}/robots.txt`)).text();
    const group = robots.slice(robots.indexOf('User-agent: *'), robots.indexOf('\n\n'));
    assert.deepEqual(group.split('\n'), ['User-agent: *', 'Content-Signal: search=yes, ai-input=yes, ai-train=no', 'Content-Usage: / search=y, ai-use=y, train-ai=n', 'Allow: /']);
    assert.match(robots, /^# Usage preferences \(.*draft-ietf-aipref-vocab-08, draft-ietf-aipref-attach-05\)\. The company allows search .* AI training/m);
  });

  test('an HTML page, a markdown mirror, an API answer and llms.txt carry the Content-Usage header', async () => {
    const expected = 'search=y, ai-use=y, train-ai=n';
    assert.equal(await usageOf(`${served.url}/about`), expected);
    assert.equal(await usageOf(`${served.url}/about`, { accept: 'text/markdown' }), expected);
    assert.equal(await usageOf(`${served.url}/md/blog/lgpd-basics-for-engineering-teams.md`), expected);
    assert.equal(await usageOf(`${served.url}/api/v1/products`), expected);
    assert.equal(await usageOf(`${served.url}/api/v1/posts/lgpd-basics-for-engineering-teams`), expected);
    assert.equal(await usageOf(`${served.url}/llms.txt`), expected);
    // Not content: the health record says nothing of it.
    assert.equal(await usageOf(`${served.url}/api/v1/health`), null);
    // A browser script may read it.
    assert.match((await fetch(`${served.url}/api/v1/products`)).headers.get('access-control-expose-headers') ?? '', /\bContent-Usage\b/);
  });

  test('an MCP result carries it, and the instructions say it in words', async () => {
    await served.client.callTool({ name: 'list_products', arguments: {} });
    assert.equal(served.usage(), 'search=y, ai-use=y, train-ai=n');
    assert.match(served.client.getInstructions() ?? '', /Usage preferences: The company allows search .* not be used for AI training/);
  });

  test('llms.txt and /developers say them in words', async () => {
    assert.match(await (await fetch(`${served.url}/llms.txt`)).text(), /^Usage preferences: The company allows search/m);
    const developers = await (await fetch(`${served.url}/developers`, { headers: { accept: 'text/markdown' } })).text();
    assert.match(developers, /^## Usage preferences$/m);
    assert.match(developers, /`Content-Signal: search=yes, ai-input=yes, ai-train=no`/);
  });
});

describe('a site that states no preference', () => {
  let served: Served;
  before(async () => {
    served = await serve(await testCatalog(path.join(FIXTURES, 'bilingual')));
  });
  after(() => served.close());

  test('robots.txt has no Content-Signal and no Content-Usage, and answers no header', async () => {
    const robots = await (await fetch(`${served.url}/robots.txt`)).text();
    assert.doesNotMatch(robots, /Content-Signal|Content-Usage|Usage preferences/);
    assert.equal(await usageOf(`${served.url}/`), null);
    assert.equal(await usageOf(`${served.url}/api/v1/products`), null);
  });
});

describe('a starter site whose article allows training and whose terms refuse live AI input', () => {
  let site: { dir: string; remove: () => Promise<void> };
  let served: Served;
  let slug: string;
  let product: string;
  before(async () => {
    site = await starterSite('usage-co', ['--locales', 'en,pt-BR']);
    slug = 'welcome';
    const prepend = async (file: string, lines: string) => {
      const text = await readFile(path.join(site.dir, file), 'utf8');
      await writeFile(path.join(site.dir, file), text.replace(/^---\n/, `---\n${lines}`));
    };
    await prepend(`posts/${slug}.md`, 'ai_usage:\n  ai_train: true\n');
    // The terms page asks that it not be used as live input to AI answers; its translation keeps that.
    await prepend('pages/terms.md', 'ai_usage:\n  ai_input: false\n');
    // A product that refuses search, left untranslated into Portuguese: asked for in pt-BR, it is answered in English.
    product = (await readdir(path.join(site.dir, 'products'))).find((file) => file.endsWith('.md'))!.replace(/\.md$/, '');
    await prepend(`products/${product}.md`, 'ai_usage:\n  search: false\n');
    await rm(path.join(site.dir, 'products', 'pt-BR', `${product}.md`), { force: true });
    served = await serve(await testCatalog(site.dir));
  });
  after(async () => {
    await served?.close();
    await site?.remove();
  });

  test('vitrine init writes the three preferences, each under its comment, training as a decision to make', async () => {
    const yaml = await readFile(path.join(site.dir, 'site.yaml'), 'utf8');
    const block = yaml.slice(yaml.indexOf('ai_usage:'));
    assert.match(block, /^ai_usage:\n {2}# Whether search engines .*\n {2}search: true\n {2}# Whether AI systems .*\n(?: {2}#.*\n)* {2}ai_input: true\n {2}# Whether the content .*\n {2}ai_train: false {2}# TODO: decide whether AI models may be trained/m);
  });

  test('robots.txt gives the article a rule of its own for each of its addresses', async () => {
    const robots = await (await fetch(`${served.url}/robots.txt`)).text();
    assert.match(robots, /^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    assert.match(robots, new RegExp(`^Content-Usage: /blog/${slug}\\$ search=y, ai-use=y, train-ai=y$`, 'm'));
    assert.match(robots, new RegExp(`^Content-Usage: /md/blog/${slug}\\.md\\$ search=y, ai-use=y, train-ai=y$`, 'm'));
  });

  test('its page, mirror, API answer and MCP read carry its own preferences; the rest the site\u2019s', async () => {
    const own = 'search=y, ai-use=y, train-ai=y';
    assert.equal(await usageOf(`${served.url}/blog/${slug}`), own);
    assert.equal(await usageOf(`${served.url}/md/blog/${slug}.md`), own);
    assert.equal(await usageOf(`${served.url}/api/v1/posts/${slug}`), own);
    await served.client.readResource({ uri: `${BASE_URL}/md/blog/${slug}.md` });
    assert.equal(served.usage(), own);
    await served.client.callTool({ name: 'get_post', arguments: { slug } });
    assert.equal(served.usage(), own);
    await served.client.callTool({ name: 'list_posts', arguments: {} });
    assert.equal(served.usage(), 'search=y, ai-use=y, train-ai=n');
    assert.equal(await usageOf(`${served.url}/blog`), 'search=y, ai-use=y, train-ai=n');
    assert.equal(await usageOf(`${served.url}/terms`), 'search=y, ai-use=n, train-ai=n');
    assert.equal(await usageOf(`${served.url}/pt-BR/terms`), 'search=y, ai-use=n, train-ai=n');
    assert.equal(await usageOf(`${served.url}/api/v1/pages/terms?locale=pt-BR`), 'search=y, ai-use=n, train-ai=n');
  });

  test('a record answered in the default language for a locale that lacks it carries its own preferences, in REST and MCP alike', async () => {
    const own = 'search=n, ai-use=y, train-ai=n';
    assert.equal(await usageOf(`${served.url}/api/v1/products/${product}?locale=pt-BR`), own);
    await served.client.callTool({ name: 'get_product', arguments: { slug: product, locale: 'pt-BR' } });
    assert.equal(served.usage(), own);
    await served.client.callTool({ name: 'get_product', arguments: { slug: product.toUpperCase() } });
    assert.equal(served.usage(), own);
  });
});

describe('vitrine check', () => {
  test('refuses a misspelt preference, naming the right one', async () => {
    const site = await starterSite('usage-typo', ['--locales', 'en']);
    try {
      const file = path.join(site.dir, 'site.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('ai_train: false', 'ai_trian: false'));
      const report = await checkContent(site.dir);
      const problem = report.errors.find((error) => error.field === 'ai_usage.ai_trian');
      assert.ok(problem, JSON.stringify(report.errors));
      assert.match(problem.message, /did you mean ai_train\?/);
    } finally {
      await site.remove();
    }
  });

  test('refuses a preference that is not true or false', async () => {
    const site = await starterSite('usage-word', ['--locales', 'en']);
    try {
      const file = path.join(site.dir, 'site.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('search: true', 'search: maybe'));
      const report = await checkContent(site.dir);
      assert.deepEqual(
        report.errors.filter((error) => error.field === 'ai_usage.search').map((error) => error.message),
        ['must be true or false'],
      );
    } finally {
      await site.remove();
    }
  });
});
