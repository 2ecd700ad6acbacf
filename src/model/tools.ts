import * as z from 'zod';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { agentPage, CHOICE_FIELDS, companyRecord, hitChoice, pageChoice, pageDetail, postChoice, postDetail, productChoice, productDetail } from '../query/present.js';
import * as queries from '../query/queries.js';
import type { JsonSchema } from './json-schema.js';
import { mcpJsonSchemaOf } from './json-schema.js';
import { leanInputSchema, leanOutputSchema } from './lean-schema.js';
import type { ArgumentSpec, ParamSpec, QueryOf, SlugParam } from '../query/params.js';
import { argumentShape, FILTERS, queryOfArguments, quoted, slugArgument } from '../query/params.js';
import type { ProblemCode } from './problems.js';
import type { Endpoint } from './endpoints.js';
import * as endpoints from './endpoints.js';
import { listDetail, pageLocale, pageQuery, pageSlug, postQuery, postSlug, productLocale, productQuery, productSlug, searchQuery } from '../query/parameters.js';
import * as shapes from '../query/shapes.js';

/**
 * The MCP tools, declared once: name, title and description, the
 * arguments (each a parameter of the query it answers, src/query/parameters.ts,
 * with its bounds and allowed values), the output shape (the record the
 * REST API answers, or its page as an agent chooses from it: shapes.ts), the
 * errors a call can come to, and the query it answers with. src/mcp/tool-calls.ts
 * answers tools/call with them; the server card and the developer portal
 * describe them from the same declarations.
 */

/** What MCP 2025-06-18 ("Tools") lets a tool say of its behaviour. */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** Every tool only reads the published content: no side effect, same answer for the same arguments. */
export const READ_ONLY: ToolAnnotations = Object.freeze({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });

/** A tool as clients see it in `tools/list` (MCP 2025-06-18, "Tools"). */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** JSON Schema (draft-07, as the SDK emits it) of the arguments. */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of `structuredContent`. */
  readonly outputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
}

/** The one slug a tool that reads one record takes, first of its arguments. */
interface SlugArgument {
  readonly param: SlugParam;
  readonly description: string;
  /** Where a caller finds slugs, when the argument takes any text rather than the list of slugs in force. */
  readonly from?: string;
}

export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /**
   * The arguments object: unknown names are refused, naming the ones the
   * tool takes. Values the content defines (tags, categories, locales, slugs)
   * are enums read from `catalog`, the Catalog in force; without one (a
   * description valid for any content) they are plain strings.
   */
  readonly arguments: (catalog: Catalog | undefined) => z.ZodObject;
  readonly output: z.ZodType;
  /** What a call can come to besides its result (an `isError` result each). */
  readonly errors: readonly ProblemCode[];
  /** On `not_found`: where the caller finds what exists (a sentence naming the listing tool). */
  readonly recovery?: string;
  /**
   * A list (`items`) or search hits (`hits`), paged by its `limit` and
   * `offset` arguments: the MCP server answers fewer items than asked for
   * when they would not fit in one result.
   */
  readonly paged?: 'items' | 'hits';
  /** For a list or search: the fields of an item it shows unless asked for `detail: "full"` (CHOICE_FIELDS). */
  readonly choice?: readonly string[];
  /** The REST endpoint that answers the same query: the site's WebMCP tools call it (src/model/browser-tools.ts). */
  readonly endpoint: Endpoint;
  /** Each argument that is a query parameter of `endpoint`, with that parameter's name (`query` is `q`). */
  readonly parameters: Readonly<Record<string, string>>;
  /** The answer to arguments the tool's schema has validated. */
  readonly answer: (catalog: Catalog, args: Readonly<Record<string, unknown>>) => object;
}

interface Declaration<S extends ParamSpec> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly slug?: SlugArgument;
  /** The parameters the arguments read, and the arguments by name (in the order they are listed). */
  readonly reads: S;
  readonly arguments: Readonly<Record<string, ArgumentSpec<S>>>;
  readonly output: z.ZodType;
  readonly errors: readonly ProblemCode[];
  readonly recovery?: string;
  readonly paged?: 'items' | 'hits';
  readonly choice?: readonly string[];
  readonly endpoint: Endpoint;
  readonly answer: (catalog: Catalog, query: QueryOf<S>, slug: string) => object;
}

function define<S extends ParamSpec>(declaration: Declaration<S>): Tool {
  const { slug, reads, arguments: args, answer, ...rest } = declaration;
  const build = (catalog: Catalog | undefined): z.ZodObject => {
    const shape = {
      ...(slug ? { slug: slugArgument(slug.param, catalog, slug) } : {}),
      ...argumentShape(reads, args, catalog),
    };
    const names = Object.keys(shape);
    return z.strictObject(shape, {
      error: (issue) => {
        if (issue.code !== 'unrecognized_keys') return undefined;
        const accepts = names.length === 0 ? 'takes no arguments' : `takes only ${quoted(names)}`;
        return `${declaration.name} has no argument ${quoted(issue.keys)}; it ${accepts}.`;
      },
    });
  };
  // Over a Catalog, built on its first request: a fresh server per request must not rebuild them (milliseconds each time).
  const live = perCatalog((catalog: Catalog) => build(catalog));
  let generic: z.ZodObject | undefined;
  const parameters = Object.fromEntries(Object.entries(args).flatMap(([name, { reads: param }]) => (param in rest.endpoint.query ? [[name, param]] : [])));
  return {
    ...rest,
    parameters,
    arguments: (catalog) => (catalog ? live(catalog) : (generic ??= build(undefined))),
    answer: (catalog, values) => {
      // The SDK has validated the arguments against this schema already; reading them again types them.
      const parsed = live(catalog).parse(values) as Record<string, unknown>;
      return answer(catalog, queryOfArguments(reads, args, parsed), typeof parsed.slug === 'string' ? parsed.slug : '');
    },
  };
}

/** What any call may come to: arguments the schema refuses, an unexpected failure. */
const CALL_ERRORS = ['invalid_parameter', 'internal_error'] as const satisfies readonly ProblemCode[];

/** How a list tool pages, as its description says it. */
const PAGING = 'next_offset is the offset of the next page (null on the last).';

/** The arguments every list takes, each described once here (the REST parameters' own descriptions are longer). */
const LISTING = {
  updated_since: { reads: 'updated_since', description: 'Only what changed at or after this RFC 3339 instant.' },
  sort: { reads: 'sort', description: 'A field, - before it for descending.' },
  limit: { reads: 'limit', description: 'Items per page.' },
  offset: { reads: 'offset', description: 'Items to skip: the next_offset of the page before.' },
  detail: { reads: 'detail', description: 'full: each item whole, as the REST API answers it.' },
} as const;

/** An article's publication window, as list_posts and search_content take it. */
const PUBLISHED = {
  published_since: { reads: 'published_since', description: 'Articles published at or after this RFC 3339 instant or date.' },
  published_before: { reads: 'published_before', description: 'Articles published before this RFC 3339 instant or date.' },
} as const;

const listProducts = define({
  name: 'list_products',
  endpoint: endpoints.listProducts,
  choice: CHOICE_FIELDS.product,
  title: 'List products',
  description: `List the company's products, in the default language or the locale asked for. get_product answers one whole; search_content finds by subject. ${FILTERS} ${PAGING}`,
  reads: { ...productQuery, ...listDetail },
  arguments: {
    status: { reads: 'status', description: 'live, or coming-soon for an announced product.' },
    tag: { reads: 'tag', description: 'Only products with this tag.' },
    locale: { reads: 'locale', description: 'The products translated into this locale.' },
    ...LISTING,
  },
  output: shapes.ProductChoices,
  errors: CALL_ERRORS,
  paged: 'items',
  answer: (catalog, query) => agentPage(queries.listProducts(catalog, query), query.detail === 'full', productChoice),
});

const getProduct = define({
  name: 'get_product',
  endpoint: endpoints.getProduct,
  title: 'Get a product',
  description: 'One product by slug, whole: its markdown description (the problem it solves, how it works), status, tags, links and translations, in the default language or the locale asked for (one not translated there comes in the default language, with fallback saying so).',
  slug: { param: productSlug, description: 'From list_products or search_content.' },
  reads: productLocale,
  arguments: { locale: { reads: 'locale', description: 'The translation to read.' } },
  output: shapes.Product,
  errors: [...CALL_ERRORS, 'not_found'],
  recovery: 'Call list_products to see every product with its name and slug.',
  answer: (catalog, query, slug) => {
    const { record, fallback } = queries.findProduct(catalog, slug, query.locale);
    return productDetail(record, catalog, fallback);
  },
});

const listPosts = define({
  name: 'list_posts',
  endpoint: endpoints.listPosts,
  choice: CHOICE_FIELDS.post,
  title: 'List articles',
  description: `List the blog's articles, newest first, without their text. get_post answers one whole; search_content finds by subject. ${FILTERS} ${PAGING}`,
  reads: { ...postQuery, ...listDetail },
  arguments: {
    category: { reads: 'category' },
    locale: { reads: 'locale' },
    tag: { reads: 'tag' },
    ...PUBLISHED,
    ...LISTING,
    // Ten articles at a time, as a search answers: a page an agent reads whole in about 2,500 tokens.
    limit: { ...LISTING.limit, default: 10 },
  },
  output: shapes.PostChoices,
  errors: CALL_ERRORS,
  paged: 'items',
  answer: (catalog, query) => agentPage(queries.listPosts(catalog, query), query.detail === 'full', postChoice),
});

const getPost = define({
  name: 'get_post',
  endpoint: endpoints.getPost,
  title: 'Get an article',
  description: 'One blog article by slug, whole: its metadata (title, summary, category, locale, dates, author, translations) and its markdown text.',
  slug: { param: postSlug, description: 'From list_posts or search_content.', from: 'an article slug from list_posts or search_content' },
  reads: {},
  arguments: {},
  output: shapes.Post,
  errors: [...CALL_ERRORS, 'not_found'],
  recovery: 'Call list_posts or search_content to find an article and its slug.',
  answer: (catalog, _query, slug) => postDetail(queries.findPost(catalog, slug)),
});

const listPages = define({
  name: 'list_pages',
  endpoint: endpoints.listPages,
  choice: CHOICE_FIELDS.page,
  title: 'List pages',
  description: `List the website's pages, most recently updated first, without their text. get_page answers one whole. ${FILTERS} ${PAGING}`,
  reads: { ...pageQuery, ...listDetail },
  arguments: {
    locale: { reads: 'locale', description: 'Without it: the default locale.' },
    ...LISTING,
  },
  output: shapes.PageChoices,
  errors: CALL_ERRORS,
  paged: 'items',
  answer: (catalog, query) => agentPage(queries.listPages(catalog, query), query.detail === 'full', pageChoice),
});

const getPage = define({
  name: 'get_page',
  endpoint: endpoints.getPage,
  title: 'Get a page',
  description: "One page of the website by slug, whole, as markdown: what the site says of the company, how it works, how to reach it, its privacy policy and terms; in the default language or the locale asked for (one not translated there comes in the default language, with fallback saying so).",
  slug: { param: pageSlug, description: 'index is the home page.' },
  reads: pageLocale,
  arguments: { locale: { reads: 'locale', description: 'The translation to read.' } },
  output: shapes.Page,
  errors: [...CALL_ERRORS, 'not_found'],
  recovery: 'Call list_pages to see every page with its slug and locale.',
  answer: (catalog, query, slug) => {
    const { record, fallback } = queries.findPage(catalog, slug, query.locale);
    return pageDetail(record, fallback);
  },
});

const searchContent = define({
  name: 'search_content',
  endpoint: endpoints.search,
  choice: CHOICE_FIELDS.hit,
  title: 'Search the content',
  description: `Full-text search over products, pages and articles, best match first; a word also finds its other forms and the site's synonyms. Each hit: kind, slug, title, excerpt, score, locale, dates, url; then get_product, get_page or get_post with its kind and slug. With no match, suggestions lists queries that find something. Case and accents do not matter. ${PAGING}`,
  reads: { ...searchQuery, ...listDetail },
  arguments: {
    query: { reads: 'q', what: 'the words to look for', description: 'The words to look for.' },
    kind: { reads: 'kind' },
    locale: { reads: 'locale', description: 'Only records written in this locale.' },
    ...PUBLISHED,
    sort: { reads: 'sort', description: 'relevance (default), or by publication date (- newest first).' },
    limit: LISTING.limit,
    offset: LISTING.offset,
    detail: { reads: 'detail', description: 'full adds each hit\'s matched words and markdown_url.' },
  },
  output: shapes.HitChoices,
  errors: CALL_ERRORS,
  paged: 'hits',
  answer: (catalog, query) => {
    const page = queries.searchContent(catalog, query);
    const { next_offset: nextOffset, ...rest } = agentPage(page, query.detail === 'full', hitChoice);
    return { query: page.query, ...rest, suggestions: page.suggestions, next_offset: nextOffset };
  },
});

const getCompanyInfo = define({
  name: 'get_company_info',
  endpoint: endpoints.company,
  title: 'Get the company record',
  description:
    "The company's registration record: legal and trade name, identifiers, founding date, address, contact channels, profiles, an about text. An identifier's verified is true when this server checked its check digits (CNPJ, LEI, VAT), false when only its format could be; neither proves it is this company's, which its register (lookup_url) can.",
  reads: {},
  arguments: {},
  output: shapes.Company,
  errors: CALL_ERRORS,
  answer: (catalog) => companyRecord(catalog.company),
});

/** In the order the service's description lists them. */
export const TOOLS: readonly Tool[] = [listProducts, getProduct, listPosts, getPost, listPages, getPage, searchContent, getCompanyInfo];

/** A tool in a line: what the server card lists, and what a call naming no tool is told. */
export interface ToolLine {
  readonly name: string;
  readonly title: string;
  /** The first sentence of its description. */
  readonly summary: string;
}

/** `text` up to its first full stop, colon or semicolon outside parentheses, ended with a full stop. */
function firstSentence(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0 && '.:;'.includes(char) && (i + 1 === text.length || text[i + 1] === ' ')) return `${text.slice(0, i)}.`;
  }
  return text;
}

export const TOOL_LINES: readonly ToolLine[] = Object.freeze(TOOLS.map(({ name, title, description }) => Object.freeze({ name, title, summary: firstSentence(description) })));

/** The tools' names: a call naming another is counted as `unknown`. */
export const TOOL_NAMES: ReadonlySet<string> = new Set(TOOLS.map((tool) => tool.name));

/** A tool as `tools/list` shows it: its schemas converted as the SDK converts them (draft-07, input or output side). */
function definition(tool: Tool, catalog: Catalog | undefined): ToolDefinition {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: leanInputSchema(mcpJsonSchemaOf(tool.arguments(catalog), 'input')),
    outputSchema: leanOutputSchema(mcpJsonSchemaOf(tool.output, 'output')),
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
