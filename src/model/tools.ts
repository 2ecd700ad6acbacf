import * as z from 'zod';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { agentPage, companyRecord, hitChoice, pageDetail, postChoice, postDetail, productChoice, productDetail } from '../query/present.js';
import * as queries from '../query/queries.js';
import type { JsonSchema } from './json-schema.js';
import { mcpJsonSchemaOf } from './json-schema.js';
import type { ArgumentSpec, ParamSpec, QueryOf, SlugParam } from '../query/params.js';
import { argumentShape, queryOfArguments, quoted, slugArgument } from '../query/params.js';
import type { ProblemCode } from './problems.js';
import { listDetail, pageLocale, pageSlug, postQuery, postSlug, productLocale, productQuery, productSlug, searchQuery } from '../query/parameters.js';
import * as shapes from '../query/shapes.js';

/**
 * The seven MCP tools, declared once: name, title and description, the
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
  return {
    ...rest,
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
const PAGING = 'next_offset is the offset of the next page (null on the last); total counts every match.';

const listProducts = define({
  name: 'list_products',
  title: 'List products',
  description: `List the company's products, each with its slug, name, one-sentence summary, status (live, or coming-soon for announced products), tags and url; detail "full" adds links, picture, translations and markdown_url. Use it to see what the company offers or to pick a product, then get_product with its slug for the full description. Filter with status and/or tag (one value or several, as an array or separated by commas: any of them matches; case and accents do not matter); locale gives the products translated into that language; updated_since keeps what changed at or after an instant; sort orders by name or updated_at (- for descending). ${PAGING} To find products by subject rather than browse, use search_content.`,
  reads: { ...productQuery, ...listDetail },
  arguments: {
    status: { reads: 'status', description: 'Only products with this status.' },
    tag: { reads: 'tag', description: 'Only products with this tag.' },
    locale: { reads: 'locale' },
    updated_since: { reads: 'updated_since' },
    sort: { reads: 'sort' },
    limit: { reads: 'limit' },
    offset: { reads: 'offset' },
    detail: { reads: 'detail' },
  },
  output: shapes.ProductChoices,
  errors: CALL_ERRORS,
  paged: 'items',
  answer: (catalog, query) => agentPage(queries.listProducts(catalog, query), query.detail === 'full', productChoice),
});

const getProduct = define({
  name: 'get_product',
  title: 'Get a product',
  description:
    "One product by slug, with its full markdown description (the problem it solves and how it works), status, tags and links, in the site's default language or the locale asked for (translations names the locales it exists in). Use it to explain or quote what a product does. The slugs are listed by list_products and found by search_content.",
  slug: { param: productSlug, description: 'The product slug, as listed by list_products.' },
  reads: productLocale,
  arguments: { locale: { reads: 'locale' } },
  output: shapes.Product,
  errors: [...CALL_ERRORS, 'not_found'],
  recovery: 'Call list_products to see every product with its name and slug.',
  answer: (catalog, query, slug) => productDetail(queries.findProduct(catalog, slug, query.locale), catalog),
});

const listPosts = define({
  name: 'list_posts',
  title: 'List articles',
  description: `List the blog's articles, newest first, each with its slug, title, summary, category, locale, publication date and url, without the article text; detail "full" adds author, reading time, translations, picture and updated_at. Filter by category and/or locale (one value or several, as an array or separated by commas: any of them matches; case and accents do not matter), by publication date with published_since (included) and published_before (excluded), each an RFC 3339 date-time or a date such as 2026-03-01, and by last change with updated_since; order with sort (published_at, updated_at or title; - for descending); page with limit (1 to 100, default 10) and offset. ${PAGING} Use get_post with a slug for an article's full text; to find articles about a subject, use search_content.`,
  reads: { ...postQuery, ...listDetail },
  arguments: {
    category: { reads: 'category', description: 'Only posts in this category.' },
    locale: { reads: 'locale', description: 'Only posts in this locale.' },
    published_since: { reads: 'published_since' },
    published_before: { reads: 'published_before' },
    updated_since: { reads: 'updated_since' },
    sort: { reads: 'sort' },
    // Ten articles at a time, as a search answers: a page an agent reads whole in about 2,500 tokens.
    limit: { reads: 'limit', default: 10 },
    offset: { reads: 'offset' },
    detail: { reads: 'detail' },
  },
  output: shapes.PostChoices,
  errors: CALL_ERRORS,
  paged: 'items',
  answer: (catalog, query) => agentPage(queries.listPosts(catalog, query), query.detail === 'full', postChoice),
});

const getPost = define({
  name: 'get_post',
  title: 'Get an article',
  description:
    'One blog article by slug, with its metadata (title, summary, category, locale, publication date, author, translations) and its full markdown text. Use it to read, summarise or quote an article. Slugs come from list_posts or search_content; translations names the same article in other locales.',
  slug: { param: postSlug, description: 'The article slug, as in /blog/<slug>; list_posts and search_content give it.', from: 'an article slug from list_posts or search_content' },
  reads: {},
  arguments: {},
  output: shapes.Post,
  errors: [...CALL_ERRORS, 'not_found'],
  recovery: 'Call list_posts or search_content to find an article and its slug.',
  answer: (catalog, _query, slug) => postDetail(queries.findPost(catalog, slug)),
});

const getPage = define({
  name: 'get_page',
  title: 'Get a page',
  description:
    "One institutional page of the website by slug (index is the home page; the slug argument lists them all), as markdown with its title and description, in the site's default language or the locale asked for (translations names the locales it exists in). Use it for what the site itself says: who the company is, how it works, how to reach it, its privacy policy and terms. Products and articles have their own tools.",
  slug: { param: pageSlug, description: 'The page slug; index is the home page.' },
  reads: pageLocale,
  arguments: { locale: { reads: 'locale' } },
  output: shapes.Page,
  errors: [...CALL_ERRORS, 'not_found'],
  recovery: 'Call search_content to find a page by its words, or get_page without locale for the default language.',
  answer: (catalog, query, slug) => pageDetail(queries.findPage(catalog, slug, query.locale)),
});

const searchContent = define({
  name: 'search_content',
  title: 'Search the content',
  description: `Full-text search over products, institutional pages and blog articles, ignoring accents and case, best match first; a word also finds its other forms (plural, verb forms) and the synonyms the site declares. Each hit has its kind (product, page or post), slug, title, a plain-text excerpt around the match, a score, its locale, published_at (articles), updated_at and url, not the full text: follow up with get_product, get_page or get_post using the kind and slug (and the locale, for a page). Narrow with kind, with locale (the records in that language, whatever their kind) and, for articles, with published_since (included) and published_before (excluded), each an RFC 3339 date-time or a date such as 2026-03-01. sort: relevance (default), -published_at (newest first) or published_at. ${PAGING} When nothing matches, suggestions lists queries that do: call search_content again with one. Use it when you look for a subject; use the list tools to browse everything.`,
  reads: { ...searchQuery, ...listDetail },
  arguments: {
    query: { reads: 'q', what: 'the words to look for' },
    kind: { reads: 'kind' },
    locale: { reads: 'locale' },
    published_since: { reads: 'published_since' },
    published_before: { reads: 'published_before' },
    sort: { reads: 'sort' },
    limit: { reads: 'limit' },
    offset: { reads: 'offset', description: 'How many of the best hits to skip: the next page of a search starts at next_offset.' },
    detail: { reads: 'detail', description: 'compact (the default): each hit without the words it matched and its markdown_url; full: each hit as the REST API answers it.' },
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
  title: 'Get the company record',
  description:
    "The company's registration record (legal and trade name, identifiers, founding date, address, contact channels, official profiles) with a short about text in markdown. Each identifier (CNPJ, VAT number, LEI, tax ID such as a US EIN, D-U-N-S, company register number) has verified: true when this server checked its check digits (a CNPJ, a LEI, a VAT number), false when its kind has none (a tax ID, a D-U-N-S or a company number, of which only the format is checked); neither says the number is registered to this company, which only its register can. Use it to identify the company, verify its identity or find how to contact it. It takes no arguments.",
  reads: {},
  arguments: {},
  output: shapes.Company,
  errors: CALL_ERRORS,
  answer: (catalog) => companyRecord(catalog.company),
});

/** In the order the service's description lists them. */
export const TOOLS: readonly Tool[] = [listProducts, getProduct, listPosts, getPost, getPage, searchContent, getCompanyInfo];

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
    inputSchema: mcpJsonSchemaOf(tool.arguments(catalog), 'input'),
    outputSchema: mcpJsonSchemaOf(tool.output, 'output'),
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
