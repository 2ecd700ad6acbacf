import type { Config } from '../config/config.js';
import { MINIMUM_NOTICE_DAYS } from '../config/parse.js';
import type { Catalog } from '../content/types.js';
import { CACHE_POLICY, EXPOSED_HEADERS } from '../http/policy.js';
import { MIN_COMPRESSED_BYTES } from '../http/encoding.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { quotaPolicy } from '../http/rate-limit.js';
import { completersFor } from '../model/completions.js';
import type { Endpoint, ServiceFacts } from '../model/endpoints.js';
import { API_PREFIX, documentedPath, ENDPOINTS } from '../model/endpoints.js';
import type { ExampleRequest } from '../model/examples.js';
import { problemExample } from '../model/examples.js';
import type { Param, ParamSpec, SortParam } from '../query/params.js';
import { enumerationsForgive, IGNORED_PARAMETERS } from '../query/params.js';
import { SHIPPED_LOCALES } from '../i18n/catalog.js';
import type { ProblemCode } from '../model/problems.js';
import { PROBLEM_CODE_LIST, PROBLEM_MEDIA_TYPE, problemDocument, PROBLEMS } from '../model/problems.js';
import { PROMPT_SUMMARIES } from '../model/prompts.js';
import { quoteArticle } from './prompt-messages.js';
import { HEADERLESS_MCP_PROTOCOL_VERSION, LATEST_MCP_PROTOCOL_VERSION, MCP_PROTOCOL_VERSIONS, mcpServerIdentity, PREFERRED_MCP_PROTOCOL_VERSION } from '../model/protocol.js';
import { genericToolDefinitions } from '../model/tools.js';
import { API_VERSION } from '../config/version.js';

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
 * `#deprecation`).
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

const code = (text: string) => `\`${text.replaceAll('`', 'ˋ')}\``;
const fence = (language: string, text: string) => `\`\`\`${language}\n${text}\n\`\`\``;
/** A table cell: pipes escaped, line breaks flattened. */
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

/** What a parameter accepts, in one cell: required or not, then its type, bounds, values and default. */
function acceptsText(param: Param, catalog: Catalog): string {
  const values = param.accepted(catalog);
  const what = typeof values === 'string' ? values : `${param.type === 'enum' && param.multiple ? 'one or more, separated by commas (any of them matches), of' : 'one of'} ${values.map(code).join(', ')}`;
  return `${param.required ? 'required' : 'optional'}: ${what}${param.type === 'enum' && typeof values !== 'string' ? ` (${enumerationsForgive(values)})` : ''}`;
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

function endpointSection(endpoint: Endpoint, catalog: Catalog, service: ServiceFacts): ReferenceSection {
  const parts: string[] = [endpoint.description];
  parts.push(`${code(`GET ${documentedPath(endpoint)}`)} answers ${code('application/json')}.`);
  if (endpoint.slug) {
    const values = endpoint.slug.values(catalog);
    parts.push(
      table(
        ['Path parameter', 'Type', 'Accepted'],
        [['`slug`', 'string', `${endpoint.slug.description} Currently: ${values.length ? values.map(code).join(', ') : 'none'}.`]],
      ),
    );
  }
  const params = Object.entries(endpoint.query);
  if (params.length) {
    parts.push(
      table(
        ['Query parameter', 'Accepts', 'Description'],
        params.map(([name, param]) => [code(name), acceptsText(param, catalog), param.description]),
      ),
    );
  } else {
    parts.push('It takes no query parameters.');
  }
  const sample = example(endpoint, catalog, service);
  if (sample) {
    parts.push(`**Example request**\n\n${fence('sh', `curl -s '${sample.url}'`)}`);
    parts.push(
      `**Example response** (200, the live answer${sample.shortened ? '; long texts are cut here with "…", the API returns them whole' : ''})\n\n${fence('json', sample.body)}`,
    );
  } else {
    parts.push('There is no example: nothing of this kind is published yet.');
  }
  parts.push(`**Errors:** ${endpoint.errors.map((c) => `[${code(c)}](#${c}) (${PROBLEMS[c].status})`).join(', ')}.`);
  return { id: endpoint.operationId, title: `${code(`GET ${documentedPath(endpoint)}`)} ${endpoint.summary}`, body: parts.join('\n\n') };
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

function errorsSection(catalog: Catalog, quota: RateLimitPolicy): ReferenceSection {
  const examples = problemExamples(catalog, quota);
  const body = [
    `Every failure under ${code('/api')} is an RFC 9457 problem document, ${code(PROBLEM_MEDIA_TYPE)}, whose ${code('type')} is the link to its code's section below. Branch on ${code('code')}, never on ${code('title')} or ${code('detail')}.`,
    table(
      ['Member', 'Always', 'Meaning'],
      [
        ['`type`', 'yes', `${catalog.base_url}/developers#<code>: this page, at the code's section.`],
        ['`title`', 'yes', 'The HTTP status title.'],
        ['`status`', 'yes', 'The HTTP status.'],
        ['`code`', 'yes', 'The stable machine code.'],
        ['`detail`', 'yes', 'What went wrong, in one sentence.'],
        ['`hint`', 'yes', 'A concrete call that resolves it.'],
        ['`instance`', 'yes', 'The request path.'],
        ['`documentation_url`', 'on 404', 'This page.'],
        ['`parameter`, `accepted`', 'on 400', 'The parameter at fault and what it accepts.'],
        ['`valid_slugs`', 'on 404 of a `{slug}` endpoint', 'Every slug that exists.'],
      ],
    ),
    `The MCP endpoint answers its protocol errors as JSON-RPC errors instead, and its 429 as a problem document. Error responses are never cached (${code('Cache-Control: no-store')}).`,
  ].join('\n\n');
  const children = PROBLEM_CODE_LIST.map((problemCode) => {
    const { status, title, when, fix } = PROBLEMS[problemCode];
    const parts = [`**${status} ${title}.** ${when}`, `**What to do:** ${fix}`];
    const sample = examples[problemCode];
    if (sample) parts.push(`**Example** (worded by the code that answers the API):\n\n${fence('json', sample)}`);
    return { id: problemCode, title: code(problemCode), body: parts.join('\n\n') };
  });
  return { id: 'errors', title: 'Errors', body, children };
}

function mcpSection(catalog: Catalog): ReferenceSection {
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
  const body = [
    `${code(`POST ${url}`)} speaks the Model Context Protocol over Streamable HTTP with JSON responses. It is stateless and anonymous: no session, no credential, no ${code('initialize')} needed before other calls. It serves the same content as the JSON API, as tools, as resources (the markdown mirrors) and through prompts.`,
    mcpVersionsText(),
    `**Connect a client.** Clients that read an ${code('mcpServers')} configuration need only the URL:\n\n${fence('json', config)}`,
    `**Call it by hand.** Send one JSON-RPC message per request, with both media types in ${code('Accept')}:\n\n${fence(
      'sh',
      `curl -s ${url} \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -d '${initialize}'\n\ncurl -s ${url} \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -d '${call}'`,
    )}`,
    `A request gets 200 with a JSON-RPC response; a notification gets 202 with no body; a batch (an array) is answered with the array of its requests' responses for a 2025-03-26 client (no ${code('MCP-Protocol-Version')}, or that one) and is a 400 for later revisions, which removed batching; a body that is not a JSON-RPC message gets 400 with a JSON-RPC error; any method but POST gets 405. The quota and headers below apply to ${code('/mcp')} as to the API.`,
    `**Tools**\n\n${table(
      ['Tool', 'What it does', 'Arguments'],
      genericToolDefinitions().map((tool) => [code(tool.name), tool.description, toolArguments(tool.inputSchema)]),
    )}`,
    `**What a tool answers.** The get_ tools answer the API's record whole. ${code('list_products')}, ${code('list_posts')} and ${code('search_content')} answer, for each item, what an agent chooses by (slug, title or name, summary, dates, category or tags and status, locale, url; a hit's kind, excerpt and score), ten articles or hits a page by default; ${code('detail: "full"')} gives each item as the API does. Their next page is an argument of the tool itself, not a URL: ${code('next_offset')} (${code('null')} on the last page) is the ${code('offset')} to call again with. Every result carries its JSON twice, as ${code('structuredContent')} and as the text block that serializes it. Enumerated arguments (status, tag, category, locale, kind) match whatever their case and accents, and the answer shows them as the content writes them.`,
    `A tool that cannot answer (an unknown slug, a bad argument, a tool name that does not exist) returns a result with ${code('isError: true')} whose text says how to recover, like the API's ${code('hint')}: the valid slugs, what the argument accepts, the tools there are.`,
    `**Its name.** ${code('initialize')} names the server ${code(mcpServerIdentity(catalog.site.name, catalog.base_url).name)} (the host of the site, reversed, then ${code('/content')}), titled ${code(mcpServerIdentity(catalog.site.name, catalog.base_url).title)}, as its instructions, the server card (${code('/.well-known/mcp.json')}, also at ${code('/.well-known/mcp/server-card')}: the endpoint, the revisions and each tool and prompt in a line), the AI catalog (${code('/.well-known/ai-catalog.json')}) and ${code('/llms.txt')} do.`,
    `**Resources.** ${code('resources/list')} lists every product, article and page and the company record as ${code('text/markdown')} resources. A resource's URI is its ${code('/md/')} mirror URL (see [Markdown mirrors](#markdown)), and ${code('resources/read')} answers the mirror's text. ${code('resources/templates/list')} gives their forms by slug (product, post, page).`,
    mcpPromptsText(catalog),
    mcpCompletionsText(catalog),
  ].join('\n\n');
  return { id: 'mcp', title: 'MCP server', body };
}

/** The protocol revisions, as the endpoint negotiates and checks them (src/model/protocol.ts). */
function mcpVersionsText(): string {
  return [
    `**Protocol revisions.** ${MCP_PROTOCOL_VERSIONS.map(code).join(', ')}. In ${code('initialize')}, the server answers the ${code('protocolVersion')} the client asks for when it is one of these, otherwise the latest, ${code(LATEST_MCP_PROTOCOL_VERSION)}; a client that cannot speak the answer disconnects. Later requests name the revision in the ${code('MCP-Protocol-Version')} header: another value is a 400 whose JSON-RPC error lists these; no header is taken as ${code(HEADERLESS_MCP_PROTOCOL_VERSION)}, as the specification says.`,
    `The server's icon (the company logo, when the content has one) is in the ${code('initialize')} answer's ${code('serverInfo.icons')} and on every tool, resource and resource template, for ${code(LATEST_MCP_PROTOCOL_VERSION)} clients only: older revisions have no such member.`,
  ].join('\n\n');
}

/** A JSON-RPC exchange as the developer portal shows it: the request, then the answer. */
function transcript(request: object, answer: object): string {
  return `Request:\n\n${fence('json', JSON.stringify(request, null, 2))}\n\nAnswer:\n\n${fence('json', JSON.stringify(answer, null, 2))}`;
}

function mcpPromptsText(catalog: Catalog): string {
  const rows = PROMPT_SUMMARIES.map((p) => [
    code(p.name),
    `**${p.title}.** ${p.description}`,
    p.arguments.map((a) => `${code(a.name)}${a.required ? ' (required)' : ''}`).join(', ') || 'none',
  ]);
  const locale = catalog.site.default_locale;
  const topic = catalog.site.post_categories[locale]?.[0] ?? catalog.site.product_tags[0] ?? 'cloud';
  const request = { jsonrpc: '2.0', id: 3, method: 'prompts/get', params: { name: 'quote_article', arguments: { topic, locale } } };
  const { value, shortened } = shorten({ jsonrpc: '2.0', id: 3, result: quoteArticle(catalog, topic, locale) });
  return [
    `**Prompts.** ${code('prompts/list')} and ${code('prompts/get')} offer what this server is for, as messages a client puts before its model. Each embeds the records the model needs (embedded ${code('text/markdown')} resources) and names the tools to call for more. Every argument is a string; ${code('locale')} is one of the site's (${catalog.site.locales.map(code).join(', ')}; the default locale when left out): ${code('verify_company_registration')} is written in that locale's language from the engine's message catalogs (${SHIPPED_LOCALES.map(code).join(', ')}; English for another), the other two in English or Brazilian Portuguese, and each tells the model which language to answer in. ${code('verify_company_registration')} takes ${code('identifier')}, one the user was given, of any kind (${code('cnpj')} is the same, under its first name), and says whether it is the company's. A bad argument (an unknown locale, a missing topic) is JSON-RPC error ${code('-32602')} that says what is accepted.`,
    table(['Prompt', 'What it does', 'Arguments'], rows),
    `For example${shortened ? ' (the live answer; long texts are cut here with "…")' : ' (the live answer)'}:`,
    transcript(request, value as object),
  ].join('\n\n');
}

function mcpCompletionsText(catalog: Catalog): string {
  const typed = (catalog.site.post_categories[catalog.site.default_locale]?.[0] ?? catalog.site.locales[0] ?? 'a').slice(0, 2).toLowerCase();
  const values = completersFor(catalog).topic(undefined)(typed);
  const request = { jsonrpc: '2.0', id: 4, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'quote_article' }, argument: { name: 'topic', value: typed } } };
  const answer = { jsonrpc: '2.0', id: 4, result: { completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } } };
  return [
    `**Completions.** ${code('completion/complete')} suggests the values of every prompt argument and resource-template variable that takes one from the content: ${code('locale')} and ${code('topic')} (the post categories and product tags; those of the ${code('locale')} given in ${code('context.arguments')} first narrow them) of the prompts, and ${code('slug')} of the product, post and page templates (${code('ref/resource')} with the template's ${code('uriTemplate')}). It returns the values that start with what was typed, accents and case aside, at most 100, with ${code('total')} and ${code('hasMore')}.`,
    transcript(request, answer),
  ].join('\n\n');
}

/** A tool's arguments in one cell: `name` (type, required), from its JSON Schema. */
function toolArguments(schema: unknown): string {
  const { properties = {}, required = [] } = (schema ?? {}) as { properties?: Record<string, { type?: unknown; anyOf?: readonly { type?: unknown }[] }>; required?: readonly string[] };
  const entries = Object.entries(properties);
  if (entries.length === 0) return 'none';
  // A filter of several values is `anyOf` a string and an array of strings.
  const typeOf = (property: { type?: unknown; anyOf?: readonly { type?: unknown }[] }) =>
    typeof property.type === 'string' ? property.type : property.anyOf ? [...new Set(property.anyOf.map((p) => String(p.type)))].join(' or ') : 'value';
  return entries.map(([name, property]) => `${code(name)} (${typeOf(property)}${required.includes(name) ? ', required' : ''})`).join(', ');
}

function markdownSection(catalog: Catalog): ReferenceSection {
  const base = catalog.base_url;
  const product = catalog.products[0];
  const body = [
    `Every page of the site has a markdown mirror: the same content without layout, its facts (status, date, category, canonical URL) on the first lines. Ask for it at the page's own address with ${code('Accept: text/markdown')} (q-values are honoured: ${code('text/html;q=0.9, text/markdown')} gets markdown, ${code('*/*')} gets HTML), or fetch the file under ${code('/md/')}:`,
    table(
      ['Page', 'Mirror'],
      [
        [code('/'), code('/md/index.md')],
        [code('/<page>'), code('/md/<page>.md')],
        [code('/products/<slug>'), code('/md/products/<slug>.md')],
        [code('/blog/<slug>'), code('/md/blog/<slug>.md')],
        ['the company record', code('/md/company.md')],
      ],
    ),
    fence('sh', `curl -s -H 'Accept: text/markdown' '${product ? product.url : `${base}/`}'\ncurl -s '${product ? product.markdown_url : `${base}/md/index.md`}'`),
    `Mirrors answer ${code('text/markdown; charset=utf-8')} with ${code('Vary: Accept, Accept-Encoding')} and an ${code('x-markdown-tokens')} estimate of their size in tokens (about four characters a token). ${code('/llms.txt')} lists them all; ${code('/llms-full.txt')} has the whole content in one file.`,
  ].join('\n\n');
  return { id: 'markdown', title: 'Markdown mirrors', body };
}

function collectionsSection(catalog: Catalog): ReferenceSection {
  const base = `${catalog.base_url}${API_PREFIX}`;
  const body = [
    'Every list answers the same envelope. `total` counts every match of the filters; `next` and `prev` are the neighbouring pages with the same filters, or `null`. The same links are in the RFC 8288 `Link` header.',
    fence(
      'json',
      JSON.stringify({ items: ['…'], total: 42, limit: 20, offset: 20, next: `${base}/posts?limit=20&offset=40`, prev: `${base}/posts?limit=20&offset=0` }, null, 2),
    ),
    `JSON property names are ${code('snake_case')}, dates are RFC 3339 in UTC, and every URL is absolute. Every product, post and page carries ${code('url')} (its page on the site) and ${code('markdown_url')} (its mirror); single views add the full ${code('markdown')} body.`,
    `A picture (${code('image')}, the company's ${code('logo')}) is its file, at its own size and in its own format with its metadata removed (${code('url')}, ${code('width')}, ${code('height')}, ${code('media_type')}, ${code('alt')}); single views add its ${code('variants')}: the same picture in widths up to 1920 pixels (never wider than it), each in AVIF, WebP and its own format, as ${code('url')}, ${code('width')} and ${code('media_type')}. Take the narrowest wide enough for where it is shown. Picture URLs change with the picture and are cached for a year (${code('immutable')}); a width or format not listed is a 404, never made on request.`,
  ].join('\n\n');
  return { id: 'collections', title: 'Collections and conventions', body };
}

/** How a client mirrors the content: updated_since, sort and next, and how filters are written. */
function syncSection(catalog: Catalog): ReferenceSection {
  const base = catalog.base_url;
  const api = `${base}${API_PREFIX}`;
  const sorts = ENDPOINTS.flatMap((endpoint) =>
    Object.values(endpoint.query)
      .filter((param): param is SortParam => param.type === 'sort')
      .map((param) => `${code(documentedPath(endpoint))}: ${param.fields.map(code).join(', ')}`),
  );
  const [first = 'A', second = 'B'] = catalog.site.all_post_categories;
  const client = [
    "import createClient from 'openapi-fetch';",
    "import type { components, paths } from './api.js';",
    '',
    "type PostList = components['schemas']['PostList'];",
    '',
    '// A filter\'s several values are one parameter, separated by commas: tell the client so.',
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
    "        if (post.error.code === 'not_found') continue; // removed since the list was read",
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
    `Every list answers one page; ${code('next')} and ${code('prev')} are the absolute URLs of the neighbouring pages with the same filters, sort and limit (${code('null')} at either end), repeated in the ${code('Link')} header. To mirror the content, keep the time your last run started, ask only for what changed since, oldest change first, and follow ${code('next')} until it is ${code('null')}:`,
    fence(
      'sh',
      [
        'since=2026-11-01T00:00:00Z   # when the previous run started',
        `url="${api}/posts?updated_since=$since&sort=updated_at&limit=100"`,
        'mkdir -p posts',
        'while [ "$url" != null ]; do',
        '  page=$(curl -sf "$url") || break',
        `  echo "$page" | jq -r '.items[].slug' | while read -r slug; do curl -sf "${api}/posts/$slug" > "posts/$slug.json"; done`,
        '  url=$(echo "$page" | jq -r .next)',
        'done',
      ].join('\n'),
    ),
    `The same in TypeScript, with types generated from ${code(`${base}/openapi.json`)} (${code(`npx openapi-typescript ${base}/openapi.json -o api.d.ts`)}) and ${code('openapi-fetch')}:`,
    fence('ts', client),
    [
      `- ${code('updated_since')} takes an RFC 3339 instant (a date alone is its midnight UTC) and keeps the items whose ${code('updated_at')} is at or after it.`,
      `- ${code('sort')} is a field, with ${code('-')} before it for descending: ${sorts.join('; ')}. Without it, each list has its own order.`,
      `- ${code('limit')} is 1 to 100. Follow ${code('next')} rather than computing offsets. A record removed from the content no longer appears: compare the slugs you hold with a full listing now and then.`,
      `- A filter takes several values as one parameter, separated by commas, meaning any of them: ${code(`category=${first},${second}`)}. No value contains a comma; repeating the parameter is a [${code('invalid_parameter')}](#invalid_parameter) error, so tell a generated client ${code('explode: false')}.`,
      `- ${IGNORED_PARAMETERS.map(code).join(', ')} (what the web adds to links) are ignored on every endpoint; any other unknown parameter is an error that names it.`,
      `- Send the ${code('ETag')} of a page you hold in ${code('If-None-Match')}: an unchanged answer is a ${code('304')} with no body (see [Caching](#caching)).`,
    ].join('\n'),
  ].join('\n\n');
  return { id: 'sync', title: 'Sync and pagination', body };
}

function authenticationSection(catalog: Catalog): ReferenceSection {
  const base = catalog.base_url;
  const body = [
    `Anonymous. There is no key, token or account: send no ${code('Authorization')} header, and every call works. The service only serves content that is already public, and only reads.`,
    `For clients that discover authorization before calling, the service publishes the documents they look for, which say the same thing: ${code(`${base}/.well-known/oauth-protected-resource`)} (RFC 9728), ${code(`${base}/.well-known/oauth-authorization-server`)} (RFC 8414) and ${code(`${base}/auth.md`)}. The OAuth endpoints they name exist so discovery resolves; none of them issues a credential, and each error names the call that works instead. The scopes they declare are reserved for a future version and checked by nothing today.`,
    `CORS is open: every response carries ${code('Access-Control-Allow-Origin: *')}, a preflight ${code('OPTIONS')} gets 204, and a browser script may read these headers: ${EXPOSED_HEADERS.split(', ').map(code).join(', ')}.`,
  ].join('\n\n');
  return { id: 'authentication', title: 'Authentication and CORS', body };
}

function cachingSection(catalog: Catalog): ReferenceSection {
  const url = `${catalog.base_url}${API_PREFIX}/products`;
  const body = [
    `Every successful read answers ${code(`Cache-Control: ${CACHE_POLICY}`)}: five minutes fresh, then served stale for up to a day while a cache revalidates. Each carries a strong ${code('ETag')} (its weak form, ${code('W/')}, on a compressed answer made for one request, whose bytes differ); send it back in ${code('If-None-Match')} and an unchanged resource answers ${code('304 Not Modified')} with no body.`,
    fence('sh', `curl -s -D - -o /dev/null ${url}   # note the ETag header\ncurl -s -D - -o /dev/null -H 'If-None-Match: "<that ETag>"' ${url}   # 304`),
    `Errors, ${code('429')} and ${code('5xx')} answer ${code('Cache-Control: no-store')}. A ${code('304')} counts against the quota like any response, so revalidating is cheap but not free.`,
    `Text answers of ${MIN_COMPRESSED_BYTES / 1024} KiB or more come compressed when ${code('Accept-Encoding')} allows it, brotli before gzip, with ${code('Vary: Accept-Encoding')}. The MCP endpoint answers a result it has given before in gzip whenever gzip is accepted: it is kept compressed, so asking for it again costs neither side a compression.`,
  ].join('\n\n');
  return { id: 'caching', title: 'Caching', body };
}

function rateLimitSection(quota: RateLimitPolicy): ReferenceSection {
  const { name, limit, windowSeconds } = quota;
  const body = [
    `Each client address may make ${limit} requests per ${windowSeconds} seconds to ${code('/api/v1')} and ${code('/mcp')} together (policy ${code(`"${name}"`)}). The window starts with a client's first request and ends ${windowSeconds} seconds later. ${code('/healthz')}, the website, the ${code('/md/')} mirrors and the discovery documents are not counted.`,
    'Every counted response says where you stand (IETF httpapi ratelimit-headers):',
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
    `${code('r')} is what remains of the window, ${code('t')} the seconds until it resets. Over the quota the answer is ${code('429')} with ${code('Retry-After')} in seconds and a [${code('rate_limited')}](#rate_limited) problem document. Cache what you fetch (see [Caching](#caching)) and spread out bulk reads.`,
  ].join('\n\n');
  return { id: 'rate-limits', title: 'Rate limits', body };
}

function versioningSection(): ReferenceSection {
  const body = [
    `The version is in the path: ${code(API_PREFIX)} is the current and only version. Every response from ${code('/api/v1')}, ${code('/mcp')} and ${code('/healthz')} names the deployment that answered in ${code(`X-API-Version: ${API_VERSION}`)} (semantic versioning).`,
    '- Additive changes happen in place and are not breaking: a new field, a new optional parameter, a new endpoint, a new tool. Ignore members you do not know.\n- A breaking change ships as a new path (`/api/v2`); the existing path keeps answering.\n- Nothing is removed without the notice described in [Deprecation](#deprecation).',
  ].join('\n\n');
  return { id: 'versioning', title: 'Versioning', body };
}

function deprecationSection(config: Config): ReferenceSection {
  const { deprecation } = config;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const status = deprecation
    ? `**Status: ${code(API_PREFIX)} is deprecated** since ${day(deprecation.date)} and stops answering on ${day(deprecation.sunset)}. Move to ${code(deprecation.successor)}.`
    : `**Status:** ${code(API_PREFIX)} is current. No deprecation is announced and no sunset date is set.`;
  const body = [
    status,
    `A version that is going away is announced at least ${MINIMUM_NOTICE_DAYS} days before it stops answering. From the announcement until the switch-off, every response of that version carries:`,
    table(
      ['Header', 'Content'],
      [
        ['`Deprecation`', 'RFC 9745: when the version was announced deprecated, e.g. `@1798761599`.'],
        ['`Sunset`', 'RFC 8594: when it stops answering, e.g. `Wed, 30 Jun 2027 23:59:59 GMT`.'],
        ['`Link; rel="deprecation"`', 'This section.'],
        ['`Link; rel="successor-version"`', 'The version that replaces it.'],
      ],
    ),
    `The health record (${code(`${API_PREFIX}/health`)}) reports the same dates in its ${code('deprecation')} member. A resource that starts requiring a token is announced the same way first. Watch for these headers in your client's logs.`,
  ].join('\n\n');
  return { id: 'deprecation', title: 'Deprecation', body };
}

function quickStartSection(catalog: Catalog): ReferenceSection {
  const base = catalog.base_url;
  const body = [
    `Base URL: ${code(`${base}${API_PREFIX}`)}. Start from the index, which links every resource; ${code(`${base}/openapi.json`)} describes the same API in OpenAPI 3.1 for client generators.`,
    fence('sh', `curl -s ${base}${API_PREFIX}\ncurl -s '${base}${API_PREFIX}/products?status=live'\ncurl -s ${base}/openapi.json`),
  ].join('\n\n');
  return { id: 'quick-start', title: 'Quick start', body };
}

/** The whole reference, in page order. */
export function developerReference(catalog: Catalog, config: Config): readonly ReferenceSection[] {
  // The health example reports the policy this deployment enforces, counted where its configuration says.
  const quota = quotaPolicy(config);
  const service: ServiceFacts = { quota, store: config.redisUrl === undefined ? 'memory' : 'redis', deprecation: config.deprecation };
  return [
    quickStartSection(catalog),
    authenticationSection(catalog),
    {
      id: 'endpoints',
      title: 'Endpoints',
      body: `Every endpoint answers ${code('GET')} (and ${code('HEAD')}), takes no body and returns JSON; another method is a [${code('method_not_allowed')}](#method_not_allowed) (405) whose ${code('Allow')} header lists those that work. Each endpoint lists the errors a GET of it can answer.`,
      children: ENDPOINTS.map((endpoint) => endpointSection(endpoint, catalog, service)),
    },
    collectionsSection(catalog),
    syncSection(catalog),
    mcpSection(catalog),
    markdownSection(catalog),
    cachingSection(catalog),
    rateLimitSection(quota),
    versioningSection(),
    deprecationSection(config),
    errorsSection(catalog, quota),
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
