import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../src/app.js';
import type { SearchHit } from '../../src/search/index.js';
import { listenTestApp } from '../helper.js';
import { connectClient, structured } from '../mcp/_client.js';

/**
 * The site's synonyms (the demo's site.yaml declares K8s and Kubernetes,
 * LGPD and its name in full, hyperscaler and nuvem proprietária as meaning
 * the same) and the suggestions of a search that finds nothing, through
 * each door: the REST API, the MCP tool (the SDK's own client) and the
 * site's search page.
 */

let app: App & { url: string };
let client: Client;

before(async () => {
  app = await listenTestApp();
  ({ client } = await connectClient(app.url));
});
after(async () => {
  await client.close();
  await app.server.close();
});

interface SearchBody {
  readonly items: readonly SearchHit[];
  readonly total: number;
  readonly suggestions: readonly string[];
}

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${app.url}${url}`);
  return { status: response.status, body: await response.text() };
}

async function rest(query: string): Promise<SearchBody> {
  const { status, body } = await get(`/api/v1/search?${new URLSearchParams({ q: query, limit: '100' })}`);
  assert.equal(status, 200);
  return JSON.parse(body) as SearchBody;
}

const hitOf = (body: SearchBody, slug: string) => body.items.find((hit) => hit.slug === slug);

describe('synonyms', () => {
  test('GET /api/v1/search?q=k8s finds the records that say Kubernetes, naming the word they matched', async () => {
    const body = await rest('k8s');
    assert.equal(hitOf(body, 'gpu-scheduling-private-models-regulated-sectors')?.matches.join(), 'k8s,kubernetes');
    // The runbook never writes "k8s".
    assert.deepEqual(hitOf(body, 'kubernetes-upgrade-runbook-production')?.matches, ['kubernetes']);
    assert.deepEqual(body.suggestions, []);
  });

  test('search_content finds by a phrase what the records name by its acronym: General Data Protection Law finds the LGPD article', async () => {
    const result = structured(await client.callTool({ name: 'search_content', arguments: { query: 'General Data Protection Law', kind: 'post', locale: 'en', detail: 'full' } })) as unknown as SearchBody;
    const hit = result.items.find((item) => item.slug === 'lgpd-basics-for-engineering-teams');
    assert.ok(hit, result.items.map((item) => item.slug).join());
    assert.ok(hit.matches.includes('lgpd'), hit.matches.join());
  });

  test("the site's search page in Portuguese finds nuvem proprietária for hyperscaler, and marks it", async () => {
    const { status, body } = await get('/pt-BR/search?q=hyperscaler');
    assert.equal(status, 200);
    assert.match(body, /<a href="\/blog\/o-que-aprendemos-saindo-da-nuvem-proprietaria">Saindo de uma nuvem proprietária/);
    assert.match(body, /uma <mark>nuvem<\/mark> <mark>proprietária<\/mark> para uma pilha de código aberto/);
  });

  test('an expansion works one way: compliance finds a record that only names LGPD and ISO 27001, LGPD does not find compliance', async () => {
    const compliance = await rest('compliance ');
    const lgpd = await rest('lgpd ');
    assert.deepEqual(hitOf(compliance, 'iso-27001-evidence-collection-guardiao')?.matches, ['lgpd', 'iso', '27001', 'soc', '2']);
    assert.ok(lgpd.items.every((hit) => !hit.matches.includes('compliance')));
  });
});

describe('word forms', () => {
  test('the search page marks the words a hit matched through their stem: nuvem for a search of nuvens', async () => {
    const { body } = await get('/pt-BR/search?q=nuvens');
    assert.match(body, /região de São Paulo de uma <mark>nuvem<\/mark> proprietária/);
  });
});

describe('a search that finds nothing suggests what does', () => {
  test('GET /api/v1/search?q=kubernetz answers no hit and the suggestion Kubernetes, as the content writes it inside a sentence', async () => {
    const body = await rest('kubernetz');
    assert.equal(body.total, 0);
    assert.deepEqual(body.suggestions, ['Kubernetes']);
    assert.ok((await rest('kubernetes')).total > 0);
  });

  test('each word is replaced by the nearest word of the content, as the content spells it', async () => {
    assert.deepEqual((await rest('guardiaum')).suggestions, ['Guardião']);
    assert.deepEqual((await rest('xyzzyq')).suggestions, []);
  });

  test('search_content answers the suggestions, and a note that says to call it again with one', async () => {
    const result = (await client.callTool({ name: 'search_content', arguments: { query: 'guardiaum' } })) as CallToolResult;
    assert.deepEqual((result.structuredContent as unknown as SearchBody).suggestions, ['Guardião']);
    assert.deepEqual(result.content[1], {
      type: 'text',
      text: 'Nothing matches "guardiaum". This query finds something: "Guardião". Call search_content again with one as the query (the other arguments as they were).',
    });
  });

  test('search_content says when nothing is close either', async () => {
    const result = (await client.callTool({ name: 'search_content', arguments: { query: 'xyzzyq' } })) as CallToolResult;
    assert.deepEqual((result.structuredContent as unknown as SearchBody).suggestions, []);
    assert.match((result.content[1] as { text: string }).text, /^Nothing matches "xyzzyq", and no word the content uses is close to its words\./);
  });

  test('the search page asks "Did you mean" in its own language, each suggestion a link that runs it', async () => {
    const english = await get('/search?q=kubernetz');
    assert.match(english.body, /<p>Did you mean <a href="\/search\?q=Kubernetes">Kubernetes<\/a>\?<\/p>/);
    const portuguese = await get('/pt-BR/search?q=guardiaum');
    assert.match(portuguese.body, /<p>Você quis dizer <a href="\/pt-BR\/search\?q=Guardi%C3%A3o">Guardião<\/a>\?<\/p>/);
    const followed = await get('/pt-BR/search?q=guardi%C3%A3o');
    assert.match(followed.body, /<li class="search-hit"/);
  });

  test('the markdown of the search page lists the suggestions too', async () => {
    const response = await fetch(`${app.url}/search?q=kubernetz`, { headers: { accept: 'text/markdown' } });
    assert.match(await response.text(), /Did you mean \[Kubernetes\]\(http:\/\/[^)]+\/search\?q=Kubernetes\)\?/);
  });
});
