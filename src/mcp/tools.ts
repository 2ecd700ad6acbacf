import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../log.js';
import * as z from 'zod';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { QueryError } from '../query/errors.js';
import type { Collection } from '../query/pagination.js';
import type { EnumParam, InstantParam, IntegerParam, SortParam } from '../query/params.js';
import { readInstant, readSort } from '../query/params.js';
import { companyRecord, pageDetail, postDetail, productDetail } from '../query/present.js';
import * as queries from '../query/queries.js';
import { pageLocale, pageSlugs, postQuery, productQuery, productSlugs, searchQuery } from '../query/queries.js';
import * as schemas from '../query/schemas.js';

/**
 * The seven tools, as data. Each calls the query layer (src/query), as the
 * REST endpoints do: the arguments are the query's parameters, with their
 * bounds and allowed values, and the result is the same record or page the
 * API answers. The same list feeds the MCP server (registerTools) and the
 * documents that describe it without running it (toolDefinitions,
 * genericToolDefinitions).
 */

/** A tool as clients see it in `tools/list` (MCP 2025-06-18, "Tools"). */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** JSON Schema (draft-07, as the SDK emits it) of the arguments. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** JSON Schema of `structuredContent`. */
  readonly outputSchema: Readonly<Record<string, unknown>>;
  readonly annotations: ToolAnnotations;
}

/**
 * A list or search result stays under about 25,000 tokens (the default limit
 * of common MCP clients on one tool result), counted at a cautious three
 * characters a token: JSON with URLs and accented words is denser than prose.
 * A page that would be larger is answered with fewer items, exactly as the
 * REST API answers that smaller `limit`, and a note says how to get the rest.
 */
export const MAX_LIST_RESULT_CHARS = 75_000;

/** Every tool only reads the published content: no side effect, same answer for the same arguments. */
const READ_ONLY: ToolAnnotations = Object.freeze({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });

type Shape = Record<string, z.ZodType>;

interface ToolOutcome {
  readonly body: Record<string, unknown>;
  /** Said after the JSON when the answer is not all that was asked for. */
  readonly note?: string;
}

interface ToolSpec<S extends Shape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /**
   * The arguments. Values the content defines (tags, categories, locales,
   * slugs) are enums read from `catalog`, the Catalog in force; without one
   * (a description valid for any content) they are plain strings.
   */
  readonly input: (catalog: Catalog | undefined) => S;
  /** The schema of `structuredContent`, converted on first use (milliseconds each, not paid at start-up). */
  readonly output: () => z.ZodType;
  readonly run: (catalog: Catalog, args: z.output<z.ZodObject<S>>) => ToolOutcome;
}

/** A tool with its argument types erased: `run` reads its arguments against the tool's own schema. */
interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: (catalog: Catalog | undefined) => Shape;
  readonly output: () => z.ZodType;
  readonly run: (catalog: Catalog, args: unknown) => ToolOutcome;
}

/** A failure the caller can fix; its message says how (which tool lists what is valid). */
class ToolError extends Error {}

function define<S extends Shape>(tool: ToolSpec<S>): Tool {
  const schemaFor = perCatalog((catalog) => z.object(tool.input(catalog)));
  // The SDK has validated the arguments against this schema already; reading them again types them.
  return { ...tool, run: (catalog, args) => tool.run(catalog, schemaFor(catalog).parse(args)) };
}

/**
 * A single record, its not-found told the way a tool caller recovers: the
 * tool that lists what exists, and every valid slug.
 */
function single(answer: () => object, listing: string): ToolOutcome {
  try {
    return { body: { ...answer() } };
  } catch (error) {
    if (error instanceof QueryError && error.code === 'not_found') {
      throw new ToolError(`${error.detail} ${listing} The valid slugs are: ${quoted(error.details.validSlugs ?? [])}.`);
    }
    throw error;
  }
}

/**
 * Runs `answer` with the largest limit (up to the one asked for) whose JSON
 * fits MAX_LIST_RESULT_CHARS. Each try shrinks the limit in proportion, so a
 * few tries at most.
 */
function fitted<T>(requested: number, answer: (limit: number) => T): { body: T; limit: number } {
  let limit = requested;
  let body = answer(limit);
  let size = JSON.stringify(body).length;
  while (size > MAX_LIST_RESULT_CHARS && limit > 1) {
    limit = Math.max(1, Math.min(limit - 1, Math.floor((limit * MAX_LIST_RESULT_CHARS) / size)));
    body = answer(limit);
    size = JSON.stringify(body).length;
  }
  return { body, limit };
}

/** The envelope of every list, as the list tools read it. */
interface Envelope {
  readonly items: readonly unknown[];
  readonly total: number;
  readonly offset: number;
}

/** A list's page, fitted to the budget, with a note when it holds fewer items than asked for. */
function listPage(requested: number, answer: (limit: number) => Collection<unknown>): ToolOutcome {
  const { body, limit } = fitted(requested, (l): Record<string, unknown> & Envelope => ({ ...answer(l) }));
  const next = body.offset + body.items.length;
  if (limit === requested || next >= body.total) return { body };
  return {
    body,
    note: `Only ${limit} of the ${requested} items asked for fit in one result (about 25,000 tokens). Call again with offset=${next} and limit=${limit} for the next ones.`,
  };
}

function quoted(values: readonly string[]): string {
  return values.length === 0 ? '(none: this site has no such value)' : values.map((v) => JSON.stringify(v)).join(', ');
}

/** An argument value echoed in an error, cut short: a message never grows with the request. */
function got(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (typeof input === 'string' && input.length > 100) return `a text of ${[...input].length} characters`;
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/*
 * Argument errors are worded "expected ...; got ...": the SDK turns a failed
 * validation into an isError result and appends " at <argument>" to each.
 */

/** An argument whose values the content defines (an endpoint's enum parameter). */
function choice(param: Pick<EnumParam, 'values' | 'description'>, catalog: Catalog | undefined, description = param.description): z.ZodType<string> {
  if (catalog === undefined) return z.string().describe(description);
  const values = [...param.values(catalog)];
  return z
    .enum(values, {
      error: (issue) => `expected one of ${quoted(values)}; got ${got(issue.input)}`,
    })
    .describe(description);
}

/** What several values of a filter look like, as the descriptions say it. */
const SEVERAL = 'several as an array (["A", "B"]) or in one string separated by commas ("A,B"), meaning any of them';

/**
 * A regular expression of `values` separated by commas, as JSON Schema's
 * `pattern` (ECMA-262; validators such as Ajv compile it with the `u` flag,
 * under which only syntax characters and `/` may be escaped).
 */
function commaListPattern(values: readonly string[]): string {
  const one = `(?:${values.map((v) => v.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|')})`;
  return `^${one}(?:,${one})*$`;
}

/**
 * A filter that takes one value or several, meaning any of them, as the REST
 * list takes `tag=A,B` (src/query/params.ts, `multiple`): one value, an
 * array of values, or the REST form, one string with commas. Agents write
 * all three; the schema shows the allowed values in each. The tool reads
 * the values with `valuesOf`.
 */
function choices(param: Pick<EnumParam, 'values' | 'description'>, catalog: Catalog | undefined, description: string): z.ZodType<string | string[]> {
  const text = `${description} One value, or ${SEVERAL}.`;
  if (catalog === undefined) return z.union([z.string(), z.array(z.string()).min(1)]).describe(text);
  const values = [...param.values(catalog)];
  const error = (issue: { readonly input?: unknown }) => {
    const given = Array.isArray(issue.input) ? issue.input : typeof issue.input === 'string' ? issue.input.split(',') : undefined;
    const wrong = given === undefined || given.length === 0 ? issue.input : given.find((one) => !values.includes(one as string));
    const what = given !== undefined && given.length > 1 ? `; ${got(wrong)} is not one of them` : '';
    return `expected one of ${quoted(values)}, or ${SEVERAL}; got ${got(issue.input)}${what}`;
  };
  // Zod reports the issue of the one option whose type matched (a string, an array) when there is one: each says the same.
  const one = z.enum(values, { error });
  const several = z.array(one, { error }).min(1, { error });
  const commas = z.string({ error }).regex(new RegExp(commaListPattern(values)), { error });
  return z.union([one, several, commas], { error }).describe(text);
}

/** The values of a `choices` argument, each once, in the order given; undefined when it is absent. */
function valuesOf(value: string | readonly string[] | undefined): readonly string[] | undefined {
  if (value === undefined) return undefined;
  return [...new Set(typeof value === 'string' ? value.split(',') : value)];
}

/** A whole-number argument with the bounds and default of an endpoint's parameter. */
function count(param: IntegerParam, description = param.description): z.ZodType<number> {
  const range = param.maximum === undefined ? `at least ${param.minimum}` : `from ${param.minimum} to ${param.maximum}`;
  const error = (issue: { readonly input?: unknown }) => `expected a whole number ${range} (default ${param.default}); got ${got(issue.input)}`;
  const bounded = z.int({ error }).min(param.minimum, { error });
  return (param.maximum === undefined ? bounded : bounded.max(param.maximum, { error })).default(param.default).describe(description);
}

/** An instant argument (`updated_since`), read by the query layer's rules. */
function instant(param: InstantParam): z.ZodType<string> {
  const error = (issue: { readonly input?: unknown }) =>
    `expected an RFC 3339 date-time such as 2026-03-14T12:00:00Z (or a date alone); got ${got(issue.input)}`;
  return z
    .string({ error })
    .refine((value) => readInstant(value) !== undefined, { error })
    .describe(param.description);
}

/** A sort argument: a field, `-` before it for descending. */
function order(param: SortParam): z.ZodType<string> {
  const values = param.fields.flatMap((field) => [field, `-${field}`]);
  return z.enum(values, { error: (issue) => `expected one of ${quoted(values)}; got ${got(issue.input)}` }).describe(param.description);
}

const since = (value: string | undefined) => (value === undefined ? undefined : readInstant(value));
const sorted = (param: SortParam, value: string | undefined) => (value === undefined ? undefined : readSort(param, value));

/** The arguments object: unknown names are refused, naming the ones the tool takes. */
function argumentsOf(tool: Tool, catalog: Catalog | undefined): z.ZodObject {
  const shape = tool.input(catalog);
  const names = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const accepts = names.length === 0 ? 'takes no arguments' : `takes only ${quoted(names)}`;
      return `${tool.name} has no argument ${quoted(issue.keys)}; it ${accepts}.`;
    },
  });
}

/** A REST response schema (src/api/schemas.ts) as the zod schema the SDK validates structuredContent with, converted once, when first needed. */
function fromJson(schema: object): () => z.ZodType {
  let converted: z.ZodType | undefined;
  return () => (converted ??= z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema));
}

const listProductsTool = define({
  name: 'list_products',
  title: 'List products',
  description:
    "List the company's products, each with its slug, name, one-sentence summary, status (live, or coming-soon for announced products), tags and links (website, documentation, ...), without the long description. Use it to see what the company offers or to pick a product, then get_product with its slug for the full description. Filter with status and/or tag, each one value or several (an array, or separated by commas: any of them matches); updated_since keeps what changed at or after an instant, sort orders by name or updated_at (- for descending). To find products by subject rather than browse, use search_content.",
  input: (catalog) => ({
    status: choices(productQuery.status, catalog, 'Only products with this status.').optional(),
    tag: choices(productQuery.tag, catalog, 'Only products with this tag.').optional(),
    updated_since: instant(productQuery.updated_since).optional(),
    sort: order(productQuery.sort).optional(),
    limit: count(productQuery.limit),
    offset: count(productQuery.offset),
  }),
  output: fromJson(schemas.ProductList),
  run: (catalog, { status, tag, updated_since, sort, limit, offset }) =>
    listPage(limit, (l) =>
      queries.listProducts(catalog, { status: valuesOf(status), tag: valuesOf(tag), updated_since: since(updated_since), sort: sorted(productQuery.sort, sort), limit: l, offset }),
    ),
});

const getProductTool = define({
  name: 'get_product',
  title: 'Get a product',
  description:
    'One product by slug, with its full markdown description (the problem it solves and how it works), status, tags and links. Use it to explain or quote what a product does. The slugs are listed by list_products and found by search_content.',
  input: (catalog) => ({ slug: choice({ values: productSlugs, description: 'The product slug, as listed by list_products.' }, catalog) }),
  output: fromJson(schemas.Product),
  run: (catalog, { slug }) => single(() => productDetail(queries.findProduct(catalog, slug), catalog), 'Call list_products to see every product with its name and slug.'),
});

const listPostsTool = define({
  name: 'list_posts',
  title: 'List articles',
  description:
    "List the blog's articles, newest first, each with its slug, title, summary, category, locale, publication date, author and links to its translations, without the article text. Filter by category and/or locale, each one value or several (an array, or separated by commas: any of them matches), keep what changed since an instant with updated_since, order with sort (published_at, updated_at or title; - for descending), and page with limit (1 to 100, default 20) and offset: total counts every match. Use get_post with a slug for an article's full text; to find articles about a subject, use search_content.",
  input: (catalog) => ({
    category: choices(postQuery.category, catalog, 'Only posts in this category.').optional(),
    locale: choices(postQuery.locale, catalog, 'Only posts in this locale.').optional(),
    updated_since: instant(postQuery.updated_since).optional(),
    sort: order(postQuery.sort).optional(),
    limit: count(postQuery.limit),
    offset: count(postQuery.offset),
  }),
  output: fromJson(schemas.PostList),
  run: (catalog, { category, locale, updated_since, sort, limit, offset }) =>
    listPage(limit, (l) =>
      queries.listPosts(catalog, { category: valuesOf(category), locale: valuesOf(locale), updated_since: since(updated_since), sort: sorted(postQuery.sort, sort), limit: l, offset }),
    ),
});

const getPostTool = define({
  name: 'get_post',
  title: 'Get an article',
  description:
    'One blog article by slug, with its metadata (title, summary, category, locale, publication date, author, translations) and its full markdown text. Use it to read, summarise or quote an article. Slugs come from list_posts or search_content; translations names the same article in other locales.',
  input: () => ({
    slug: z
      .string({ error: (issue) => `expected an article slug from list_posts or search_content; got ${got(issue.input)}` })
      .min(1, { error: 'expected an article slug from list_posts or search_content; got ""' })
      .describe('The article slug, as in /blog/<slug>; list_posts and search_content give it.'),
  }),
  output: fromJson(schemas.Post),
  run: (catalog, { slug }) => single(() => postDetail(queries.findPost(catalog, slug)), 'Call list_posts or search_content to find an article and its slug.'),
});

const getPageTool = define({
  name: 'get_page',
  title: 'Get a page',
  description:
    "One institutional page of the website by slug (index is the home page; the slug argument lists them all), as markdown with its title and description, in the site's default language or the locale asked for (translations names the locales it exists in). Use it for what the site itself says: who the company is, how it works, how to reach it, its privacy policy and terms. Products and articles have their own tools.",
  input: (catalog) => ({
    slug: choice({ values: pageSlugs, description: 'The page slug; index is the home page.' }, catalog),
    locale: choice(pageLocale.locale, catalog).optional(),
  }),
  output: fromJson(schemas.Page),
  run: (catalog, { slug, locale }) =>
    single(() => pageDetail(queries.findPage(catalog, slug, locale)), 'Call search_content to find a page by its words, or get_page without locale for the default language.'),
});

const { q: queryParam } = searchQuery;
const queryError = (issue: { readonly input?: unknown }) =>
  `expected the words to look for, ${queryParam.minLength} to ${queryParam.maxLength} characters; got ${got(issue.input)}`;

const searchContentTool = define({
  name: 'search_content',
  title: 'Search the content',
  description:
    'Full-text search over products, institutional pages and blog articles, ignoring accents and case (automacao finds Automação), best match first. Each hit has its kind (product, page or post), slug, title, a plain-text excerpt around the match and a score, not the full text: follow up with get_product, get_page or get_post using the kind and slug. Narrow with kind, and with locale for articles only. Use it when you look for a subject; use the list tools to browse everything.',
  input: (catalog) => ({
    query: z
      .string({ error: queryError })
      .min(queryParam.minLength, { error: queryError })
      .max(queryParam.maxLength, { error: queryError })
      .refine((query) => query.trim() !== '', { error: 'expected the words to look for; got only spaces' })
      .describe(queryParam.description),
    limit: count(searchQuery.limit),
    offset: count(searchQuery.offset, 'How many of the best hits to skip: the next page of a search starts at offset + limit.'),
    kind: choice(searchQuery.kind, catalog).optional(),
    locale: choice(searchQuery.locale, catalog).optional(),
  }),
  output: fromJson(schemas.SearchResult),
  run: (catalog, { query, limit, offset, kind, locale }) => {
    const { body, limit: used } = fitted(limit, (l): Record<string, unknown> & { total: number } => ({
      ...queries.searchContent(catalog, { q: query, kind, locale, limit: l, offset }),
    }));
    if (used === limit || body.total <= offset + used) return { body };
    return {
      body,
      note: `Only the best ${used} of the ${limit} hits asked for fit in one result (about 25,000 tokens). Call again with offset=${offset + used} and limit=${used} for the next ones, or narrow the search with kind, locale or more specific words.`,
    };
  },
});

const getCompanyInfoTool = define({
  name: 'get_company_info',
  title: 'Get the company record',
  description:
    "The company's registration record: legal name, trade name, CNPJ (Brazilian company registration number), founding date, address, contact channels (email, phone, ...) and official profiles, with a short about text in markdown. Use it to identify the company, verify its identity or find how to contact it. It takes no arguments.",
  input: () => ({}),
  output: fromJson(schemas.Company),
  run: (catalog) => ({ body: companyRecord(catalog.company) }),
});

/** In the order the service's description lists them. */
const TOOLS: readonly Tool[] = [listProductsTool, getProductTool, listPostsTool, getPostTool, getPageTool, searchContentTool, getCompanyInfoTool];

/** The tools' names: a call naming another is counted as `unknown`. */
export const TOOL_NAMES: ReadonlySet<string> = new Set(TOOLS.map((tool) => tool.name));

/**
 * The argument schemas over one Catalog, built on its first request: a fresh
 * server per request must not rebuild them (milliseconds each time). Keyed
 * weakly, so a reload's new Catalog gets its own and the old ones go with it.
 */
const argumentsFor = perCatalog((catalog): ReadonlyMap<string, z.ZodObject> => new Map(TOOLS.map((tool) => [tool.name, argumentsOf(tool, catalog)])));

/**
 * A tool as `tools/list` shows it: the JSON Schemas converted as the SDK
 * converts them (zod-json-schema-compat: draft-07, input or output side).
 */
function definition(tool: Tool, catalog: Catalog | undefined): ToolDefinition {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: z.toJSONSchema((catalog && argumentsFor(catalog).get(tool.name)) ?? argumentsOf(tool, catalog), { target: 'draft-7', io: 'input' }),
    outputSchema: z.toJSONSchema(tool.output(), { target: 'draft-7', io: 'output' }),
    annotations: READ_ONLY,
  };
}

/**
 * The tools as `tools/list` answers them over `catalog`: its tags,
 * categories, locales and slugs as enums. Built once per Catalog (converting
 * the schemas takes milliseconds).
 */
export const toolDefinitions = perCatalog((catalog): readonly ToolDefinition[] => Object.freeze(TOOLS.map((tool) => definition(tool, catalog))));

let generic: readonly ToolDefinition[] | undefined;

/**
 * The tools for documents that hold for any content (the developer portal):
 * content-defined values are plain strings there. Built on first use.
 */
export function genericToolDefinitions(): readonly ToolDefinition[] {
  return (generic ??= Object.freeze(TOOLS.map((tool) => definition(tool, undefined))));
}

/**
 * Registers every tool on `server`, over `catalog` (src/mcp/server.ts then
 * answers tools/list with `toolDefinitions`). Only types of the SDK here: the
 * discovery documents and the developer portal read this module at start-up,
 * and the SDK's modules are evaluated on the first MCP request.
 */
export function registerTools(server: McpServer, catalog: Catalog, log: Log): void {
  const schemas = argumentsFor(catalog);
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: schemas.get(tool.name), outputSchema: tool.output(), annotations: READ_ONLY },
      (args: Record<string, unknown>) => call(tool, catalog, args, log),
    );
  }
}

/**
 * One call: the result as `structuredContent` and the same JSON as text
 * (MCP 2025-06-18, "Structured Content": "SHOULD also return the serialized
 * JSON in a TextContent block"). A failure is an `isError` result that says
 * how to recover; an unexpected one says nothing of its cause, which is logged.
 */
function call(tool: Tool, catalog: Catalog, args: Record<string, unknown>, log: Log): CallToolResult {
  try {
    const { body, note } = tool.run(catalog, args);
    const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(body) }];
    if (note) content.push({ type: 'text', text: note });
    return { content, structuredContent: body };
  } catch (error) {
    if (error instanceof ToolError) return { content: [{ type: 'text', text: error.message }], isError: true };
    log.error({ err: error, tool: tool.name }, 'MCP tool failed');
    return { content: [{ type: 'text', text: `${tool.name} failed unexpectedly; the failure has been logged. Call it again in a moment.` }], isError: true };
  }
}
