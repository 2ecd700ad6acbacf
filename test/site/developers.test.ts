import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Service } from '../../src/http/service.js';
import { ENDPOINTS } from '../../src/model/endpoints.js';
import type { Catalog } from '../../src/content/types.js';
import { PROBLEM_CODES } from '../../src/http/problem.js';
import { PUBLIC_READ } from '../../src/http/rate-limit.js';
import { PROMPT_SUMMARIES } from '../../src/model/prompts.js';
import { quoteArticle } from '../../src/documents/prompt-messages.js';
import { genericToolDefinitions } from '../../src/model/tools.js';
import { API_VERSION } from '../../src/config/version.js';
import { BASE_URL, buildTestApp, testCatalog } from '../helper.js';

let server: Service;
let catalog: Catalog;
let page: string;
let mirror: string;

before(async () => {
  ({ server } = await buildTestApp());
  catalog = await testCatalog();
  page = (await server.inject({ url: '/developers' })).body;
  mirror = (await server.inject({ url: '/md/developers.md' })).body;
});
after(() => server.close());

const documented = (path: string) => `/api/v1${path.replace(':slug', '{slug}')}`;

/** The markdown of one endpoint's section in the mirror. */
function endpointSection(path: string): string {
  const start = mirror.indexOf(`\n### \`GET ${documented(path)}\` `);
  assert.ok(start >= 0, `a section for ${documented(path)}`);
  const end = mirror.indexOf('\n### ', start + 1);
  return mirror.slice(start, end === -1 ? undefined : end);
}

/** What the portal promises about its examples: the live answer, long strings cut at 240 characters. */
function shortened(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 240 ? `${value.slice(0, 240)}…` : value;
  if (Array.isArray(value)) return value.map(shortened);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v)]));
  return value;
}

describe('GET /developers', () => {
  test('has its fixed section anchors, and one per problem code', () => {
    for (const id of ['versioning', 'deprecation', 'rate-limits', 'authentication', 'caching', 'mcp', 'errors', ...Object.keys(PROBLEM_CODES)]) {
      assert.equal(page.split(` id="${id}"`).length - 1, 1, `exactly one element with id="${id}"`);
    }
  });

  test('every problem type URI the API answers points at an anchor of this page', async () => {
    const calls = [
      { url: '/api/v1/products/nope' },
      { url: '/api/v1/posts?limit=0' },
      { url: '/api/v1/search' },
      { url: '/api/v1/products', method: 'DELETE' as const },
      { url: '/api/v1/products', headers: { accept: 'text/csv' } },
    ];
    const seen = new Set<string>();
    for (const call of calls) {
      const response = await server.inject({ method: call.method ?? 'GET', url: call.url, headers: call.headers ?? {} });
      const { type, code } = response.json() as { type: string; code: string };
      assert.equal(type, `${BASE_URL}/developers#${code}`);
      assert.ok(page.includes(` id="${code}"`), code);
      seen.add(code);
    }
    assert.deepEqual([...seen].sort(), ['invalid_parameter', 'method_not_allowed', 'missing_parameter', 'not_acceptable', 'not_found']);
  });

  test('documents every endpoint: its path, every parameter with default and accepted values, a curl call', () => {
    for (const endpoint of ENDPOINTS) {
      assert.ok(page.includes(` id="${endpoint.operationId}"`), endpoint.operationId);
      const section = endpointSection(endpoint.path);
      assert.ok(section.includes(endpoint.description), endpoint.operationId);
      for (const [name, param] of Object.entries(endpoint.query)) {
        const row = section.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
        assert.ok(row, `${endpoint.operationId}: a row for ${name}`);
        if (param.type === 'integer') {
          assert.ok(row.includes(`| optional: a whole number `), row);
          assert.ok(row.includes(`${param.minimum}`) && row.includes(`(default ${param.default})`), row);
        }
        if (param.type === 'enum') for (const value of param.values(catalog)) assert.ok(row.includes(`\`${value}\``), `${name}: ${value}`);
        if (param.type === 'text') assert.ok(row.includes(`| required: text of ${param.minLength} to ${param.maxLength} characters |`), row);
        assert.ok(row.endsWith(`| ${param.description} |`), row);
      }
      assert.match(section, new RegExp(`curl -s '${BASE_URL}/api/v1[^']*'`), endpoint.operationId);
    }
  });

  test('each example response is the live answer of its curl call', async () => {
    for (const endpoint of ENDPOINTS) {
      const section = endpointSection(endpoint.path);
      const call = /curl -s '([^']+)'/.exec(section)?.[1];
      const json = /\*\*Example response\*\*[^\n]*\n\n```json\n([\s\S]*?)\n```/.exec(section)?.[1];
      assert.ok(call && json, endpoint.operationId);
      const live = await server.inject({ url: call.slice(BASE_URL.length) });
      assert.equal(live.statusCode, 200, call);
      assert.deepEqual(JSON.parse(json), shortened(live.json()), endpoint.operationId);
    }
  });

  test('states the quota, the version and the current deprecation status', () => {
    assert.ok(mirror.includes(`RateLimit-Policy: "${PUBLIC_READ.name}";q=${PUBLIC_READ.limit};w=${PUBLIC_READ.windowSeconds}`));
    assert.ok(mirror.includes(`X-API-Version: ${API_VERSION}`));
    assert.ok(mirror.includes('**Status:** `/api/v1` is current. No deprecation is announced and no sunset date is set.'));
  });

  test('gives each error code its status, when it happens and what to do', () => {
    for (const [code, { status, title }] of Object.entries(PROBLEM_CODES)) {
      const start = mirror.indexOf(`\n### \`${code}\`\n`);
      assert.ok(start >= 0, code);
      const end = mirror.indexOf('\n### ', start + 1);
      const section = mirror.slice(start, end === -1 ? undefined : end);
      assert.ok(section.includes(`**${status} ${title}.**`), code);
      assert.ok(section.includes('**What to do:**'), code);
    }
    const notFound = mirror.slice(mirror.indexOf('\n### `not_found`\n'));
    const example = /```json\n([\s\S]*?)\n```/.exec(notFound)?.[1];
    assert.ok(example);
    assert.equal((JSON.parse(example) as { type: string }).type, `${BASE_URL}/developers#not_found`);
  });

  test('tells how to connect an MCP client and lists every MCP tool with its arguments', () => {
    assert.ok(mirror.includes(`"url": "${BASE_URL}/mcp"`));
    assert.ok(mirror.includes(`curl -s ${BASE_URL}/mcp \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream'`));
    for (const tool of genericToolDefinitions()) {
      const row = mirror.split('\n').find((line) => line.startsWith(`| \`${tool.name}\` | `));
      assert.ok(row, tool.name);
      for (const name of Object.keys((tool.inputSchema.properties ?? {}) as object)) assert.ok(row.includes(`\`${name}\``), `${tool.name}: ${name}`);
    }
  });

  test('states the MCP protocol revisions, how they are negotiated, and the icons', () => {
    assert.ok(mirror.includes('**Protocol revisions.** `2025-11-25`, `2025-06-18`, `2025-03-26`.'), 'the revisions');
    assert.match(mirror, /otherwise the latest, `2025-11-25`/);
    assert.match(mirror, /no header is taken as `2025-03-26`/);
    assert.match(mirror, /"protocolVersion":"2025-06-18"/, 'the curl example asks for the revision every current client speaks');
    assert.match(mirror, /`serverInfo\.icons`/);
  });

  test('documents the prompts, each with its arguments, and a live prompts/get transcript', () => {
    for (const prompt of PROMPT_SUMMARIES) {
      const row = mirror.split('\n').find((line) => line.startsWith(`| \`${prompt.name}\` | `));
      assert.ok(row, prompt.name);
      assert.ok(row.includes(prompt.title), prompt.name);
      for (const argument of prompt.arguments) assert.ok(row.includes(`\`${argument.name}\``), `${prompt.name}: ${argument.name}`);
    }
    const topic = catalog.site.post_categories[catalog.site.default_locale]![0]!;
    assert.ok(mirror.includes(`"method": "prompts/get",\n  "params": {\n    "name": "quote_article",\n    "arguments": {\n      "topic": "${topic}",`), 'the request');
    const answer = JSON.stringify(shortened({ jsonrpc: '2.0', id: 3, result: quoteArticle(catalog, topic, catalog.site.default_locale) }), null, 2);
    assert.ok(mirror.includes(`Answer:\n\n\`\`\`json\n${answer}\n\`\`\``), 'the live answer');
  });

  test('documents completions with a live completion/complete transcript', () => {
    assert.match(mirror, /\*\*Completions\.\*\* `completion\/complete` suggests/);
    const start = mirror.indexOf('"method": "completion/complete"');
    assert.ok(start > 0);
    const answer = mirror.slice(mirror.indexOf('Answer:', start));
    const body = JSON.parse(answer.slice(answer.indexOf('{'), answer.indexOf('\n```', answer.indexOf('{')))) as { result: { completion: { values: string[]; total: number } } };
    assert.ok(body.result.completion.values.length > 0);
    assert.equal(body.result.completion.total, body.result.completion.values.length);
  });

  test('speaks Portuguese at /pt-BR/developers, with the same anchors, examples and live answers', async () => {
    const portuguese = (await server.inject({ url: '/md/pt-BR/developers.md' })).body;
    for (const heading of ['## Primeiros passos', '## Autenticação e CORS', '## Limites de uso', '## Erros', '### `GET /api/v1/products` Listar produtos']) {
      assert.ok(portuguese.includes(`\n${heading}\n`), heading);
    }
    for (const english of ['## Quick start', 'Base URL:', '**Example request**', '**What to do:**', 'case and accents do not matter']) assert.ok(!portuguese.includes(english), english);
    assert.ok(portuguese.includes('**Exemplo de requisição**') && portuguese.includes('**O que fazer:**'));
    // The examples are the same calls: only the words around them change.
    const calls = (text: string) => [...text.matchAll(/curl -s '([^']+)'/g)].map((match) => match[1]);
    assert.deepEqual(calls(portuguese), calls(mirror));
    const html = (await server.inject({ url: '/pt-BR/developers' })).body;
    assert.match(html, /<h2 id="quick-start">Primeiros passos<\/h2>/);
  });

  test('is also its markdown mirror to Accept: text/markdown', async () => {
    const response = await server.inject({ url: '/developers', headers: { accept: 'text/html;q=0.5, text/markdown' } });
    assert.equal(response.body, mirror);
  });
});

describe('GET /developers with a deprecation configured', () => {
  test('announces the dates and the successor in #deprecation', async () => {
    const { server: deprecated } = await buildTestApp({
      env: { DEPRECATION_DATE: '2027-01-01', SUNSET_DATE: '2027-07-31', SUCCESSOR_URL: '/api/v2' },
    });
    try {
      const body = (await deprecated.inject({ url: '/md/developers.md' })).body;
      assert.ok(body.includes(`**Status: \`/api/v1\` is deprecated** since 2027-01-01 and stops answering on 2027-07-31. Move to \`${BASE_URL}/api/v2\`.`), body);
    } finally {
      await deprecated.close();
    }
  });
});
