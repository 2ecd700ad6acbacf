import type { Config } from '../config/config.js';
import { MINIMUM_NOTICE_DAYS } from '../config/parse.js';
import type { Catalog } from '../content/types.js';
import type { AiUsage, AiUsageKey } from '../content/ai-usage.js';
import { AI_USAGE_KEYS, AI_USAGE_SOURCES, contentSignal, contentUsage, signalLabel, usageLabel } from '../content/ai-usage.js';
import type { MessageKey } from '../i18n/keys.js';
import { CACHE_POLICY, EXPOSED_HEADERS } from '../http/policy.js';
import { MIN_COMPRESSED_BYTES } from '../http/encoding.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { quotaPolicy } from '../http/rate-limit.js';
import { completersFor } from '../model/completions.js';
import type { Endpoint, ServiceFacts } from '../model/endpoints.js';
import { API_PREFIX, documentedPath, ENDPOINTS } from '../model/endpoints.js';
import type { ExampleRequest } from '../model/examples.js';
import { problemExample } from '../model/examples.js';
import type { ParamSpec, SortParam } from '../query/params.js';
import { IGNORED_PARAMETERS } from '../query/params.js';
import type { ProblemCode } from '../model/problems.js';
import { PROBLEM_CODE_LIST, PROBLEM_MEDIA_TYPE, problemDocument, PROBLEMS } from '../model/problems.js';
import { PROMPT_SUMMARIES } from '../model/prompts.js';
import { quoteArticle } from './prompt-messages.js';
import { HEADERLESS_MCP_PROTOCOL_VERSION, LATEST_MCP_PROTOCOL_VERSION, MCP_PROTOCOL_VERSIONS, mcpServerIdentity, PREFERRED_MCP_PROTOCOL_VERSION } from '../model/protocol.js';
import { genericToolDefinitions } from '../model/tools.js';
import { BROWSER_TOOLS_FILE, SEARCH_FORM_TOOL } from '../model/browser-tools.js';
import { API_VERSION } from '../config/version.js';
import { paths } from '../routes/table.js';
import type { Words } from './words.js';
import { languageName } from './format.js';
import { acceptsText, code, endpointWords, parameterText, problemFix, problemWhen, promptText, referenceWords, toolText } from './reference-words.js';
import { searchSample } from '../query/parameters.js';

/**
 * The developer portal's reference (`/developers`), generated from the
 * declarations of the service (src/model): the endpoints with the errors
 * each can answer, the problem codes, the MCP tools, prompts and revisions;
 * and from the quota policy and the version. Every example response is the
 * endpoint's own answer over the Catalog in force, every example problem is
 * worded by the functions that word the API's.
 *
 * It is a tree of sections whose bodies are markdown, so the HTML page and
 * its markdown mirror say the same thing; each section has a fixed anchor
 * (problem `type` URIs point at `#<code>`, the Deprecation link at
 * `#deprecation`). Its words are the `reference.*` messages of the page's
 * locale (paths, parameters, JSON and code are given to them as they are);
 * a locale the engine has no words for reads the English ones.
 */

export interface ReferenceSection {
  /** The anchor: stable, linked from problem documents and headers. */
  readonly id: string;
  /** Inline markdown (code spans). */
  readonly title: string;
  /** Markdown (no headings: the tree gives the structure). */
  readonly body: string;
  readonly children?: readonly ReferenceSection[];
}


/** Strings longer than this are cut in examples, so one article body does not fill the page. */
const EXAMPLE_STRING_LIMIT = 240;

const fence = (language: string, text: string) => `\`\`\`${language}\n${text}\n\`\`\``;
/** A table cell: pipes escaped, line breaks flattened. */
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

/** Query string of the example call: required parameters at their example, lists cut to two items. */
function exampleQuery(spec: ParamSpec, catalog: Catalog): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, param] of Object.entries(spec)) {
    if (param.required) query[name] = String(param.exampleIn(catalog) ?? '');
    else if (name === 'limit') query[name] = '2';
  }
  return query;
}

/** Long strings cut, so the example stays readable; everything else is the real answer. */
function shorten(value: unknown): { value: unknown; shortened: boolean } {
  let shortened = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && v.length > EXAMPLE_STRING_LIMIT) {
      shortened = true;
      return `${v.slice(0, EXAMPLE_STRING_LIMIT)}…`;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
    return v;
  };
  return { value: walk(value), shortened };
}

interface Example {
  readonly url: string;
  readonly body: string;
  readonly shortened: boolean;
}

function example(endpoint: Endpoint, catalog: Catalog, service: ServiceFacts): Example | undefined {
  const slug = endpoint.slug?.values(catalog)[0];
  if (endpoint.slug && slug === undefined) return undefined;
  const query = exampleQuery(endpoint.query, catalog);
  const path = `${API_PREFIX}${endpoint.path.replace(':slug', encodeURIComponent(slug ?? ''))}`;
  const search = new URLSearchParams(query).toString();
  const result = endpoint.answer({ catalog, query, slug: slug ?? '', service });
  const { value, shortened } = shorten(result.body);
  return { url: `${catalog.base_url}${path}${search ? `?${search}` : ''}`, body: JSON.stringify(value, null, 2), shortened };
}

function endpointSection(endpoint: Endpoint, catalog: Catalog, service: ServiceFacts, w: Words): ReferenceSection {
  const words = endpointWords(endpoint, w);
  const parts: string[] = [words.description];
  parts.push(w('reference.endpoint.answers', { request: code(`GET ${documentedPath(endpoint)}`), type: code('application/json') }));
  if (endpoint.slug) {
    const values = endpoint.slug.values(catalog);
    const slugText = endpoint.operationId === 'getProduct' ? w('reference.slug.product') : endpoint.operationId === 'getPost' ? w('reference.slug.post') : w('reference.slug.page');
    parts.push(
      table(
        [w('reference.table.path_parameter'), w('reference.table.type'), w('reference.table.accepted')],
        [['`slug`', 'string', `${slugText} ${w('reference.slug.currently', { values: values.length ? values.map(code).join(', ') : w('reference.none') })}`]],
      ),
    );
  }
  const params = Object.entries(endpoint.query);
  if (params.length) {
    parts.push(
      table(
        [w('reference.table.query_parameter'), w('reference.table.accepts'), w('reference.table.description')],
        params.map(([name, param]) => [code(name), acceptsText(param, catalog, w), parameterText(endpoint, name, param, w)]),
      ),
    );
  } else {
    parts.push(w('reference.endpoint.no_parameters'));
  }
  const sample = example(endpoint, catalog, service);
  if (sample) {
    parts.push(`**${w('reference.example_request')}**\n\n${fence('sh', `curl -s '${sample.url}'`)}`);
    parts.push(`**${w('reference.example_response')}** (${sample.shortened ? w('reference.live_answer_cut') : w('reference.live_answer')})\n\n${fence('json', sample.body)}`);
  } else {
    parts.push(w('reference.endpoint.no_example'));
  }
  parts.push(w('reference.endpoint.errors', { codes: endpoint.errors.map((c) => `[${code(c)}](#${c}) (${PROBLEMS[c].status})`).join(', ') }));
  return { id: endpoint.operationId, title: `${code(`GET ${documentedPath(endpoint)}`)} ${words.summary}`, body: parts.join('\n\n') };
}

/**
 * One problem document per code, as the API answers it: each provoked on the
 * first endpoint that declares the code; a parameter out of range shows what
 * `invalid_parameter` says.
 */
function problemExamples(catalog: Catalog, quota: RateLimitPolicy): Partial<Record<ProblemCode, string>> {
  const examples: Partial<Record<ProblemCode, string>> = {};
  const bounded = ENDPOINTS.flatMap((endpoint) =>
    Object.entries(endpoint.query).flatMap(([name, param]) => (param.type === 'integer' && param.maximum !== undefined ? [{ endpoint, name, maximum: param.maximum }] : [])),
  )[0];
  for (const problemCode of PROBLEM_CODE_LIST) {
    const invalid = problemCode === 'invalid_parameter' && bounded;
    const endpoint = invalid ? bounded.endpoint : ENDPOINTS.find((e) => e.errors.includes(problemCode));
    if (!endpoint) continue;
    const request: ExampleRequest = invalid ? { invalidQuery: { ...exampleQuery(endpoint.query, catalog), [bounded.name]: String(bounded.maximum + 1) } } : {};
    const example = problemExample(endpoint, problemCode, catalog, quota, documentedPath(endpoint), request);
    if (example) examples[problemCode] = JSON.stringify(problemDocument(example.problem, catalog.base_url, example.instance), null, 2);
  }
  return examples;
}

function errorsSection(catalog: Catalog, quota: RateLimitPolicy, locale: string, w: Words): ReferenceSection {
  const examples = problemExamples(catalog, quota);
  const body = [
    w('reference.errors.intro', { api: code('/api'), type: code(PROBLEM_MEDIA_TYPE), member: code('type'), code: code('code'), title: code('title'), detail: code('detail') }),
    table(
      [w('reference.table.member'), w('reference.table.always'), w('reference.table.meaning')],
      [
        ['`type`', w('reference.errors.yes'), w('reference.errors.member_type', { url: `${catalog.base_url}/developers#<code>` })],
        ['`title`', w('reference.errors.yes'), w('reference.errors.member_title')],
        ['`status`', w('reference.errors.yes'), w('reference.errors.member_status')],
        ['`code`', w('reference.errors.yes'), w('reference.errors.member_code')],
        ['`detail`', w('reference.errors.yes'), w('reference.errors.member_detail')],
        ['`hint`', w('reference.errors.yes'), w('reference.errors.member_hint')],
        ['`instance`', w('reference.errors.yes'), w('reference.errors.member_instance')],
        ['`documentation_url`', w('reference.errors.on_status', { status: '404' }), w('reference.errors.member_documentation_url')],
        ['`parameter`, `accepted`', w('reference.errors.on_status', { status: '400' }), w('reference.errors.member_parameter')],
        ['`valid_slugs`', w('reference.errors.on_slug_404', { slug: '`{slug}`' }), w('reference.errors.member_valid_slugs')],
      ],
    ),
    w('reference.errors.mcp', { header: code('Cache-Control: no-store') }),
  ].join('\n\n');
  const children = PROBLEM_CODE_LIST.map((problemCode) => {
    const { status, title } = PROBLEMS[problemCode];
    const parts = [`**${status} ${title}.** ${problemWhen(problemCode, locale, w)}`, `**${w('reference.errors.what_to_do')}** ${problemFix(problemCode, w)}`];
    const sample = examples[problemCode];
    if (sample) parts.push(`**${w('reference.errors.example')}**\n\n${fence('json', sample)}`);
    return { id: problemCode, title: code(problemCode), body: parts.join('\n\n') };
  });
  return { id: 'errors', title: w('reference.errors'), body, children };
}

function mcpSection(catalog: Catalog, locale: string, w: Words): ReferenceSection {
  const url = `${catalog.base_url}/mcp`;
  const serverName = catalog.site.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'content';
  const config = JSON.stringify({ mcpServers: { [serverName]: { type: 'http', url } } }, null, 2);
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: PREFERRED_MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'curl', version: '1.0.0' } },
  });
  const call = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const identity = mcpServerIdentity(catalog.site.name, catalog.base_url);
  const body = [
    w('reference.mcp.intro', { endpoint: code(`POST ${url}`), initialize: code('initialize') }),
    mcpVersionsText(w),
    `**${w('reference.mcp.connect')}** ${w('reference.mcp.connect_text', { member: code('mcpServers') })}\n\n${fence('json', config)}`,
    `**${w('reference.mcp.by_hand')}** ${w('reference.mcp.by_hand_text', { header: code('Accept') })}\n\n${fence(
      'sh',
      `curl -s ${url} \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -d '${initialize}'\n\ncurl -s ${url} \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -d '${call}'`,
    )}`,
    w('reference.mcp.answers', { revision: '2025-03-26', header: code('MCP-Protocol-Version'), path: code('/mcp') }),
    `**${w('reference.mcp.tools')}**\n\n${table(
      [w('reference.table.tool'), w('reference.table.what_it_does'), w('reference.table.arguments')],
      genericToolDefinitions().map((tool) => [code(tool.name), toolText(tool, w), toolArguments(tool.inputSchema, w)]),
    )}`,
    `**${w('reference.mcp.tool_answers')}** ${w('reference.mcp.tool_answers_text', {
      products: code('list_products'),
      posts: code('list_posts'),
      pages: code('list_pages'),
      search: code('search_content'),
      updated: code('updated_at'),
      since: code('updated_since'),
      full: code('detail: "full"'),
      next: code('next_offset'),
      none: code('null'),
      offset: code('offset'),
      structured: code('structuredContent'),
    })}`,
    w('reference.mcp.tool_errors', { error: code('isError: true'), hint: code('hint') }),
    `**${w('reference.mcp.name')}** ${w('reference.mcp.name_text', {
      initialize: code('initialize'),
      name: code(identity.name),
      suffix: code('/content'),
      title: code(identity.title),
      card: code('/.well-known/mcp.json'),
      card_alias: code('/.well-known/mcp/server-card'),
      catalog: code('/.well-known/ai-catalog.json'),
      llms: code('/llms.txt'),
    })}`,
    `**${w('reference.mcp.browser')}** ${w('reference.mcp.browser_text', {
      spec: 'https://webmachinelearning.github.io/webmcp/',
      api: code('document.modelContext'),
      file: code(paths.asset(BROWSER_TOOLS_FILE)),
      form: code(SEARCH_FORM_TOOL),
    })}`,
    `**${w('reference.mcp.resources')}** ${w('reference.mcp.resources_text', {
      list: code('resources/list'),
      type: code('text/markdown'),
      mirror: code('/md/'),
      read: code('resources/read'),
      templates: code('resources/templates/list'),
    })}`,
    mcpPromptsText(catalog, locale, w),
    mcpCompletionsText(catalog, w),
  ].join('\n\n');
  return { id: 'mcp', title: w('reference.mcp'), body };
}

/** The protocol revisions, as the endpoint negotiates and checks them (src/model/protocol.ts). */
function mcpVersionsText(w: Words): string {
  return [
    `**${w('reference.mcp.revisions')}** ${w('reference.mcp.revisions_text', {
      revisions: MCP_PROTOCOL_VERSIONS.map(code).join(', '),
      initialize: code('initialize'),
      asked: code('protocolVersion'),
      latest: code(LATEST_MCP_PROTOCOL_VERSION),
      header: code('MCP-Protocol-Version'),
      headerless: code(HEADERLESS_MCP_PROTOCOL_VERSION),
    })}`,
    w('reference.mcp.icon', { initialize: code('initialize'), member: code('serverInfo.icons'), latest: code(LATEST_MCP_PROTOCOL_VERSION) }),
  ].join('\n\n');
}

/** A JSON-RPC exchange as the developer portal shows it: the request, then the answer. */
function transcript(request: object, answer: object, w: Words): string {
  return `${w('reference.mcp.request')}\n\n${fence('json', JSON.stringify(request, null, 2))}\n\n${w('reference.mcp.answer')}\n\n${fence('json', JSON.stringify(answer, null, 2))}`;
}

function mcpPromptsText(catalog: Catalog, locale: string, w: Words): string {
  const rows = PROMPT_SUMMARIES.map((p) => [
    code(p.name),
    promptText(p, w),
    p.arguments.map((a) => `${code(a.name)}${a.required ? ` (${w('reference.required')})` : ''}`).join(', ') || w('reference.none'),
  ]);
  const promptLocale = catalog.site.default_locale;
  const topic = catalog.site.post_categories[promptLocale]?.[0] ?? catalog.site.product_tags[0] ?? searchSample(catalog) ?? catalog.site.name;
  const request = { jsonrpc: '2.0', id: 3, method: 'prompts/get', params: { name: 'quote_article', arguments: { topic, locale: promptLocale } } };
  const { value, shortened } = shorten({ jsonrpc: '2.0', id: 3, result: quoteArticle(catalog, topic, promptLocale) });
  const locales = catalog.site.locales.map((l) => `${languageName(l, locale)} (${code(l)})`).join(', ');
  const hasCnpj = catalog.company.identifiers.some((identifier) => identifier.scheme === 'cnpj');
  return [
    `**${w('reference.mcp.prompts')}** ${w('reference.mcp.prompts_text', {
      list: code('prompts/list'),
      get: code('prompts/get'),
      type: code('text/markdown'),
      locale: code('locale'),
      locales,
      verify: code('verify_company_registration'),
      identifier: code('identifier'),
      error: code('-32602'),
    })}${hasCnpj ? ` ${w('reference.mcp.prompts_cnpj', { cnpj: code('cnpj'), identifier: code('identifier') })}` : ''}`,
    table([w('reference.table.prompt'), w('reference.table.what_it_does'), w('reference.table.arguments')], rows),
    shortened ? w('reference.mcp.for_example_cut') : w('reference.mcp.for_example'),
    transcript(request, value as object, w),
  ].join('\n\n');
}

function mcpCompletionsText(catalog: Catalog, w: Words): string {
  const typed = (catalog.site.post_categories[catalog.site.default_locale]?.[0] ?? catalog.site.locales[0] ?? 'a').slice(0, 2).toLowerCase();
  const values = completersFor(catalog).topic(undefined)(typed);
  const request = { jsonrpc: '2.0', id: 4, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'quote_article' }, argument: { name: 'topic', value: typed } } };
  const answer = { jsonrpc: '2.0', id: 4, result: { completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } } };
  return [
    `**${w('reference.mcp.completions')}** ${w('reference.mcp.completions_text', {
      method: code('completion/complete'),
      locale: code('locale'),
      topic: code('topic'),
      context: code('context.arguments'),
      slug: code('slug'),
      resource: code('ref/resource'),
      template: code('uriTemplate'),
      total: code('total'),
      more: code('hasMore'),
    })}`,
    transcript(request, answer, w),
  ].join('\n\n');
}

/** A tool's arguments in one cell: `name` (type, required), from its JSON Schema. */
function toolArguments(schema: unknown, w: Words): string {
  const { properties = {}, required = [] } = (schema ?? {}) as { properties?: Record<string, { type?: unknown; anyOf?: readonly { type?: unknown }[] }>; required?: readonly string[] };
  const entries = Object.entries(properties);
  if (entries.length === 0) return w('reference.none');
  // A filter of several values is `anyOf` a string and an array of strings.
  const typeOf = (property: { type?: unknown; anyOf?: readonly { type?: unknown }[] }) =>
    typeof property.type === 'string' ? property.type : property.anyOf ? [...new Set(property.anyOf.map((p) => String(p.type)))].join(` ${w('reference.or')} `) : 'value';
  return entries.map(([name, property]) => `${code(name)} (${typeOf(property)}${required.includes(name) ? `, ${w('reference.required')}` : ''})`).join(', ');
}

function markdownSection(catalog: Catalog, w: Words): ReferenceSection {
  const base = catalog.base_url;
  const product = catalog.products[0];
  const body = [
    w('reference.markdown.intro', { accept: code('Accept: text/markdown'), weighted: code('text/html;q=0.9, text/markdown'), any: code('*/*'), folder: code('/md/') }),
    table(
      [w('reference.table.page'), w('reference.table.mirror')],
      [
        [code('/'), code('/md/index.md')],
        [code('/<page>'), code('/md/<page>.md')],
        [code('/products/<slug>'), code('/md/products/<slug>.md')],
        [code('/blog/<slug>'), code('/md/blog/<slug>.md')],
        [w('reference.markdown.company_record'), code('/md/company.md')],
      ],
    ),
    fence('sh', `curl -s -H 'Accept: text/markdown' '${product ? product.url : `${base}/`}'\ncurl -s '${product ? product.markdown_url : `${base}/md/index.md`}'`),
    w('reference.markdown.answers', {
      type: code('text/markdown; charset=utf-8'),
      vary: code('Vary: Accept, Accept-Encoding'),
      tokens: code('x-markdown-tokens'),
      llms: code('/llms.txt'),
      full: code('/llms-full.txt'),
    }),
  ].join('\n\n');
  return { id: 'markdown', title: w('reference.markdown'), body };
}

function collectionsSection(catalog: Catalog, w: Words): ReferenceSection {
  const base = `${catalog.base_url}${API_PREFIX}`;
  const body = [
    w('reference.collections.envelope', { total: code('total'), next: code('next'), prev: code('prev'), none: code('null'), link: code('Link') }),
    fence(
      'json',
      JSON.stringify({ items: ['…'], total: 42, limit: 20, offset: 20, next: `${base}/posts?limit=20&offset=40`, prev: `${base}/posts?limit=20&offset=0` }, null, 2),
    ),
    w('reference.collections.conventions', { case: code('snake_case'), url: code('url'), markdown_url: code('markdown_url'), markdown: code('markdown') }),
    w('reference.collections.pictures', {
      image: code('image'),
      logo: code('logo'),
      members: ['url', 'width', 'height', 'media_type', 'alt'].map(code).join(', '),
      variants: code('variants'),
      variant_members: ['url', 'width', 'media_type'].map(code).join(', '),
      immutable: code('immutable'),
    }),
  ].join('\n\n');
  return { id: 'collections', title: w('reference.collections'), body };
}

/** How a client mirrors the content: updated_since, sort and next, and how filters are written. */
function syncSection(catalog: Catalog, w: Words): ReferenceSection {
  const base = catalog.base_url;
  const api = `${base}${API_PREFIX}`;
  const sorts = ENDPOINTS.flatMap((endpoint) =>
    Object.values(endpoint.query)
      .filter((param): param is SortParam => param.type === 'sort')
      .map((param) => `${code(documentedPath(endpoint))} (${param.fields.map(code).join(', ')})`),
  );
  const [first = 'A', second = first] = catalog.site.all_post_categories;
  const client = [
    "import createClient from 'openapi-fetch';",
    "import type { components, paths } from './api.js';",
    '',
    "type PostList = components['schemas']['PostList'];",
    '',
    `// ${w('reference.sync.client_comment')}`,
    `const api = createClient<paths>({ baseUrl: '${base}', querySerializer: { array: { style: 'form', explode: false } } });`,
    '',
    'export async function syncPosts(since: string): Promise<void> {',
    "  const first = await api.GET('/api/v1/posts', { params: { query: { updated_since: since, sort: 'updated_at', limit: 100 } } });",
    '  if (first.error) throw new Error(`${first.error.code}: ${first.error.hint}`);',
    '  let page: PostList = first.data;',
    '  for (;;) {',
    '    for (const item of page.items) {',
    "      const post = await api.GET('/api/v1/posts/{slug}', { params: { path: { slug: item.slug } } });",
    '      if (post.error) {',
    `        if (post.error.code === 'not_found') continue; // ${w('reference.sync.removed_comment')}`,
    '        throw new Error(`${post.error.code}: ${post.error.hint}`);',
    '      }',
    '      save(post.data);',
    '    }',
    '    if (page.next === null) break;',
    '    page = (await (await fetch(page.next)).json()) as PostList;',
    '  }',
    '}',
    '',
    "declare function save(post: components['schemas']['Post']): void;",
  ].join('\n');
  const body = [
    w('reference.sync.intro', { next: code('next'), prev: code('prev'), none: code('null'), link: code('Link') }),
    fence(
      'sh',
      [
        `since=2026-11-01T00:00:00Z   # ${w('reference.sync.since_comment')}`,
        `url="${api}/posts?updated_since=$since&sort=updated_at&limit=100"`,
        'mkdir -p posts',
        'while [ "$url" != null ]; do',
        '  page=$(curl -sf "$url") || break',
        `  echo "$page" | jq -r '.items[].slug' | while read -r slug; do curl -sf "${api}/posts/$slug" > "posts/$slug.json"; done`,
        '  url=$(echo "$page" | jq -r .next)',
        'done',
      ].join('\n'),
    ),
    w('reference.sync.typescript', { document: code(`${base}/openapi.json`), command: code(`npx openapi-typescript ${base}/openapi.json -o api.d.ts`), client: code('openapi-fetch') }),
    fence('ts', client),
    [
      `- ${w('reference.sync.updated_since', { parameter: code('updated_since'), field: code('updated_at') })}`,
      `- ${w('reference.sync.sort', { parameter: code('sort'), minus: code('-'), sorts: sorts.join(', ') })}`,
      `- ${w('reference.sync.limit', { parameter: code('limit'), next: code('next') })}`,
      `- ${w('reference.sync.filters', { example: code(`category=${first},${second}`), error: `[${code('invalid_parameter')}](#invalid_parameter)`, explode: code('explode: false') })}`,
      `- ${w('reference.sync.ignored', { parameters: IGNORED_PARAMETERS.map(code).join(', ') })}`,
      `- ${w('reference.sync.etag', { etag: code('ETag'), header: code('If-None-Match'), status: code('304') })}`,
    ].join('\n'),
  ].join('\n\n');
  return { id: 'sync', title: w('reference.sync'), body };
}

function authenticationSection(catalog: Catalog, w: Words): ReferenceSection {
  const base = catalog.base_url;
  const body = [
    w('reference.authentication.anonymous', { header: code('Authorization') }),
    w('reference.authentication.discovery', {
      resource: code(`${base}/.well-known/oauth-protected-resource`),
      server: code(`${base}/.well-known/oauth-authorization-server`),
      auth: code(`${base}/auth.md`),
    }),
    w('reference.authentication.cors', { origin: code('Access-Control-Allow-Origin: *'), options: code('OPTIONS'), headers: EXPOSED_HEADERS.split(', ').map(code).join(', ') }),
  ].join('\n\n');
  return { id: 'authentication', title: w('reference.authentication'), body };
}

/** Each use by name, as a sentence lists it, and with its meaning, as the table gives it. */
const USAGE_WORDS = {
  search: { name: 'reference.usage.search', meaning: 'reference.usage.search_meaning' },
  ai_input: { name: 'reference.usage.ai_input', meaning: 'reference.usage.ai_input_meaning' },
  ai_train: { name: 'reference.usage.ai_train', meaning: 'reference.usage.ai_train_meaning' },
} as const satisfies Readonly<Record<AiUsageKey, { readonly name: MessageKey; readonly meaning: MessageKey }>>;

/** The site's preferences in sentences: what it allows, what it asks not to be done, what it leaves open. */
function usageSentences(usage: AiUsage, locale: string, w: Words): string {
  const uses = (stated: boolean | undefined) => {
    const names = AI_USAGE_KEYS.filter((key) => usage[key] === stated).map((key) => w(USAGE_WORDS[key].name));
    return names.length ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(names) : undefined;
  };
  const [allowed, refused, unstated] = [uses(true), uses(false), uses(undefined)];
  if (allowed === undefined && refused === undefined) return w('reference.usage.none');
  const sentences = [allowed === undefined ? undefined : w('reference.usage.allows', { uses: allowed })];
  if (refused !== undefined) sentences.push(w(allowed === undefined ? 'reference.usage.refuses' : 'reference.usage.then_refuses', { uses: refused }));
  if (unstated !== undefined) sentences.push(w('reference.usage.then_unstated', { uses: unstated }));
  return sentences.filter((sentence) => sentence !== undefined).join(' ');
}

function usageSection(catalog: Catalog, locale: string, w: Words): ReferenceSection {
  const usage = catalog.site.ai_usage;
  const header = contentUsage(usage);
  const signal = contentSignal(usage);
  const stated = (key: AiUsageKey) => (usage[key] === undefined ? w('reference.usage.no_preference') : usage[key] ? w('reference.usage.yes') : w('reference.usage.no'));
  const body = [
    usageSentences(usage, locale, w),
    [
      w('reference.usage.header', { header: code('Content-Usage'), vocabulary: AI_USAGE_SOURCES.vocabulary, attachment: AI_USAGE_SOURCES.attachment }),
      w('reference.usage.robots', { robots: code('/robots.txt'), group: code('User-agent: *'), signal: code('Content-Signal'), usage: code('Content-Usage') }),
      header && signal ? w('reference.usage.here', { usage: code(`Content-Usage: ${header}`), signal: code(`Content-Signal: ${signal}`) }) : '',
    ]
      .filter(Boolean)
      .join(' '),
    table(
      [w('reference.usage.use'), code('Content-Usage'), code('Content-Signal'), w('reference.usage.stated')],
      AI_USAGE_KEYS.map((key) => [w(USAGE_WORDS[key].meaning), code(usageLabel(key)), code(signalLabel(key)), stated(key)]),
    ),
  ].join('\n\n');
  return { id: 'usage-preferences', title: w('reference.usage'), body };
}

function cachingSection(catalog: Catalog, w: Words): ReferenceSection {
  const url = `${catalog.base_url}${API_PREFIX}/products`;
  const body = [
    w('reference.caching.policy', { policy: code(`Cache-Control: ${CACHE_POLICY}`), etag: code('ETag'), weak: code('W/'), header: code('If-None-Match'), status: code('304 Not Modified') }),
    fence('sh', `curl -s -D - -o /dev/null ${url}   # ${w('reference.caching.note_etag')}\ncurl -s -D - -o /dev/null -H 'If-None-Match: "<ETag>"' ${url}   # 304`),
    w('reference.caching.errors', { limited: code('429'), failed: code('5xx'), store: code('Cache-Control: no-store'), status: code('304') }),
    w('reference.caching.compression', { kibibytes: String(MIN_COMPRESSED_BYTES / 1024), accept: code('Accept-Encoding'), vary: code('Vary: Accept-Encoding') }),
  ].join('\n\n');
  return { id: 'caching', title: w('reference.caching'), body };
}

function rateLimitSection(quota: RateLimitPolicy, w: Words): ReferenceSection {
  const { name, limit, windowSeconds } = quota;
  const body = [
    w('reference.rate_limits.quota', { limit: String(limit), seconds: String(windowSeconds), api: code('/api/v1'), mcp: code('/mcp'), policy: code(`"${name}"`), health: code('/healthz'), mirrors: code('/md/') }),
    w('reference.rate_limits.headers'),
    fence(
      'http',
      [
        `RateLimit-Policy: "${name}";q=${limit};w=${windowSeconds}`,
        `RateLimit: "${name}";r=${limit - 1};t=${windowSeconds}`,
        `RateLimit-Limit: ${limit}`,
        `RateLimit-Remaining: ${limit - 1}`,
        `RateLimit-Reset: ${windowSeconds}`,
      ].join('\n'),
    ),
    w('reference.rate_limits.over', { remaining: code('r'), reset: code('t'), status: code('429'), retry: code('Retry-After'), problem: `[${code('rate_limited')}](#rate_limited)` }),
  ].join('\n\n');
  return { id: 'rate-limits', title: w('reference.rate_limits'), body };
}

function versioningSection(w: Words): ReferenceSection {
  const body = [
    w('reference.versioning.path', { prefix: code(API_PREFIX), api: code('/api/v1'), mcp: code('/mcp'), health: code('/healthz'), header: code(`X-API-Version: ${API_VERSION}`) }),
    [`- ${w('reference.versioning.additive')}`, `- ${w('reference.versioning.breaking', { path: code('/api/v2') })}`, `- ${w('reference.versioning.notice')}`].join('\n'),
  ].join('\n\n');
  return { id: 'versioning', title: w('reference.versioning'), body };
}

function deprecationSection(config: Config, w: Words): ReferenceSection {
  const { deprecation } = config;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const status = deprecation
    ? w('reference.deprecation.deprecated', { prefix: code(API_PREFIX), since: day(deprecation.date), sunset: day(deprecation.sunset), successor: code(deprecation.successor) })
    : w('reference.deprecation.current', { prefix: code(API_PREFIX) });
  const body = [
    status,
    w('reference.deprecation.notice', { days: String(MINIMUM_NOTICE_DAYS) }),
    table(
      [w('reference.table.header'), w('reference.table.content')],
      [
        ['`Deprecation`', w('reference.deprecation.header_deprecation', { example: '`@1798761599`' })],
        ['`Sunset`', w('reference.deprecation.header_sunset', { example: '`Wed, 30 Jun 2027 23:59:59 GMT`' })],
        ['`Link; rel="deprecation"`', w('reference.deprecation.header_link')],
        ['`Link; rel="successor-version"`', w('reference.deprecation.header_successor')],
      ],
    ),
    w('reference.deprecation.health', { path: code(`${API_PREFIX}/health`), member: code('deprecation') }),
  ].join('\n\n');
  return { id: 'deprecation', title: w('reference.deprecation'), body };
}

function quickStartSection(catalog: Catalog, w: Words): ReferenceSection {
  const base = catalog.base_url;
  const [status = 'live'] = catalog.products.map((product) => product.status);
  const body = [
    w('reference.quick_start.base', { base: code(`${base}${API_PREFIX}`), document: code(`${base}/openapi.json`) }),
    fence('sh', `curl -s ${base}${API_PREFIX}\ncurl -s '${base}${API_PREFIX}/products?status=${status}'\ncurl -s ${base}/openapi.json`),
  ].join('\n\n');
  return { id: 'quick-start', title: w('reference.quick_start'), body };
}

/** The whole reference in `locale`, in page order. */
export function developerReference(catalog: Catalog, config: Config, locale: string): readonly ReferenceSection[] {
  // The health example reports the policy this deployment enforces, counted where its configuration says.
  const quota = quotaPolicy(config);
  const service: ServiceFacts = { quota, store: config.redisUrl === undefined ? 'memory' : 'redis', deprecation: config.deprecation };
  const w = referenceWords(catalog, locale);
  return [
    quickStartSection(catalog, w),
    authenticationSection(catalog, w),
    {
      id: 'endpoints',
      title: w('reference.endpoints'),
      body: w('reference.endpoints.intro', { get: code('GET'), head: code('HEAD'), error: `[${code('method_not_allowed')}](#method_not_allowed)`, allow: code('Allow') }),
      children: ENDPOINTS.map((endpoint) => endpointSection(endpoint, catalog, service, w)),
    },
    collectionsSection(catalog, w),
    syncSection(catalog, w),
    mcpSection(catalog, locale, w),
    markdownSection(catalog, w),
    usageSection(catalog, locale, w),
    cachingSection(catalog, w),
    rateLimitSection(quota, w),
    versioningSection(w),
    deprecationSection(config, w),
    errorsSection(catalog, quota, locale, w),
  ];
}

/** Every anchor the reference defines, so the page's own headings never take one. */
export function referenceIds(sections: readonly ReferenceSection[]): string[] {
  return sections.flatMap((s) => [s.id, ...referenceIds(s.children ?? [])]);
}

/** The reference as markdown, its sections at `level` (the mirror of /developers). */
export function referenceMarkdown(sections: readonly ReferenceSection[], level = 2): string {
  return sections
    .map((s) => `${'#'.repeat(level)} ${s.title}\n\n${s.body}${s.children?.length ? `\n\n${referenceMarkdown(s.children, level + 1)}` : ''}`)
    .join('\n\n');
}
