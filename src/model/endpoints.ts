import type * as z from 'zod';
import type { Deprecation } from '../config/parse.js';
import type { Catalog } from '../content/types.js';
import type { AiUsage } from '../content/ai-usage.js';
import type { Collection } from '../query/pagination.js';
import { companyRecord, documentCount, pageDetail, postDetail, productDetail } from '../query/present.js';
import * as queries from '../query/queries.js';
import { API_VERSION } from '../config/version.js';
import { API_PREFIX, paths, ROUTES, urlOf } from '../routes/table.js';
import type { ParamSpec, QueryOf, RawQuery, SlugParam } from '../query/params.js';
import { clip } from '../query/errors.js';
import { parseQuery } from '../query/params.js';
import type { ProblemCode } from './problems.js';
import { PROBLEMS } from './problems.js';
import { pageLocale, pageQuery, pageSlug, postQuery, postSlug, productLocale, productQuery, productSlug, searchQuery } from '../query/parameters.js';
import * as shapes from '../query/shapes.js';

export { API_PREFIX };
export type { RawQuery };

/**
 * Every /api/v1 endpoint, declared once: its path, summary and description,
 * parameters, response shape, the problems it can answer, and the query it
 * answers with (src/query). src/api mounts them, /openapi.json and the
 * developer portal document them, each listing exactly the errors declared
 * here.
 */
export interface Endpoint {
  /** Path under `/api/v1` (`/products/:slug`). */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  readonly query: ParamSpec;
  /** The `:slug` path parameter, when the path has one. */
  readonly slug?: SlugParam;
  readonly response: z.ZodType;
  /**
   * Every problem a GET of it can be answered with (another method is the
   * router's 405); `rate_limited` where the quota counts it, which then
   * states the quota in the RateLimit headers of every answer.
   */
  readonly errors: readonly ProblemCode[];
  /** Whether its answer is the same for everyone, so a cache may keep it (the health record describes the instance that answered). */
  readonly shared: boolean;
  /** The answer to a request's query string (read against `query`) and slug; a QueryError when the content cannot answer it. */
  readonly answer: (context: AnswerContext<RawQuery>) => AnswerResult;
}

export interface AnswerContext<Q> {
  readonly catalog: Catalog;
  readonly query: Q;
  readonly slug: string;
  /** The running deployment; only the health record reads it. */
  readonly service?: ServiceFacts;
}

/** Where the quota of this instance is counted (the health record's `quota.store`). */
export type QuotaStore = 'memory' | 'redis' | 'memory-fallback';

/** What the health record reports beyond the content: the quota, where it is counted, and the version's end. */
export interface ServiceFacts {
  readonly quota: { readonly name: string; readonly limit: number; readonly windowSeconds: number };
  readonly store: QuotaStore;
  readonly deprecation: Deprecation | undefined;
  /** With CONTENT_GIT: the commit served and the last one refused. */
  readonly content?: { readonly commit: string; readonly refused: { readonly commit: string; readonly error: string; readonly refused_at: string } | null };
}

export interface AnswerResult {
  readonly body: unknown;
  /** A Link header value (pagination). */
  readonly link?: string;
  /** When the one record answered last changed (RFC 3339): the Last-Modified of a single item. */
  readonly updatedAt?: string;
  /** The language of the one record answered: its Content-Language. */
  readonly language?: string;
  /** What automated systems may do with the one record answered (its Content-Usage header); otherwise the site's. */
  readonly usage?: AiUsage;
}

/** The path of an endpoint as OpenAPI and error messages write it: `/api/v1/posts/{slug}`. */
export function documentedPath(endpoint: Pick<Endpoint, 'path'>): string {
  return `${API_PREFIX}${endpoint.path.replace(':slug', '{slug}')}`;
}

/** What any request may be refused before its endpoint answers: too long, too large a head, an unexpected failure. */
const EVERY_REQUEST = ['uri_too_long', 'headers_too_large', 'internal_error'] as const satisfies readonly ProblemCode[];
/**
 * What the API refuses of any GET: an unknown parameter or an undecodable
 * path (every endpoint refuses them, so every one can answer 400), an Accept
 * it cannot satisfy, a body.
 */
const API_READ = ['invalid_parameter', 'not_acceptable', 'unsupported_media_type'] as const satisfies readonly ProblemCode[];

/** `codes` by status, as the documents list them. */
const byStatus = (codes: readonly ProblemCode[]): readonly ProblemCode[] => [...codes].sort((a, b) => PROBLEMS[a].status - PROBLEMS[b].status);

/** The errors of an endpoint: the API's, the quota's, and its own. */
const errorsOf = (...own: readonly ProblemCode[]): readonly ProblemCode[] => byStatus([...API_READ, ...own, ...EVERY_REQUEST, 'rate_limited']);

type Declared<S extends ParamSpec> = Omit<Endpoint, 'query' | 'answer' | 'shared'> & {
  readonly query: S;
  readonly shared?: boolean;
  readonly answer: (context: AnswerContext<QueryOf<S>>) => AnswerResult;
};

/** An endpoint whose answer reads the query string against its own parameters first. */
function define<S extends ParamSpec>(endpoint: Declared<S>): Endpoint {
  const path = documentedPath(endpoint);
  return {
    shared: true,
    ...endpoint,
    // Errors name the path asked for: its slug, never an unfilled {slug}.
    answer: (context) => endpoint.answer({ ...context, query: parseQuery(endpoint.query, context.query, context.catalog, context.slug ? path.replace('{slug}', clip(context.slug)) : path) }),
  };
}

export const apiIndex = define({
  path: '',
  operationId: 'getApiIndex',
  summary: 'API index',
  description: 'The map of every resource, the OpenAPI document and the MCP endpoint.',
  tag: 'Service',
  query: {},
  response: shapes.ApiIndex,
  errors: errorsOf(),
  answer: ({ catalog }) => {
    const api = `${catalog.base_url}${API_PREFIX}`;
    const body: shapes.ApiIndex = {
      name: `${catalog.site.name} content API`,
      description: `Read-only, anonymous access to the published content of ${catalog.site.name}: ${catalog.site.description}`,
      version: API_VERSION,
      resources: {
        company: `${api}/company`,
        products: `${api}/products`,
        posts: `${api}/posts`,
        pages: `${api}/pages`,
        search: `${api}/search`,
        health: `${api}/health`,
      },
      openapi_url: `${catalog.base_url}/openapi.json`,
      mcp_url: `${catalog.base_url}/mcp`,
      documentation_url: urlOf(catalog.base_url, paths.developers(catalog.site)),
    };
    return { body };
  },
});

const HEALTH_DESCRIPTION =
  'Deployment status, API version, the number of published documents, where the quota is counted and whether this version is deprecated. Also served at /healthz, outside the quota.';

/** The health record of the deployment `service` describes. */
function healthAnswer({ catalog, service }: AnswerContext<unknown>): AnswerResult {
  if (!service) throw new Error('the health record needs the service state: the route that answers it passes it');
  const { quota, deprecation } = service;
  const body: shapes.Health = {
    status: 'ok',
    version: API_VERSION,
    documents: documentCount(catalog),
    content_version: catalog.version,
    content_loaded_at: catalog.loaded_at,
    quota: { policy: quota.name, limit: quota.limit, window_seconds: quota.windowSeconds, window: 'fixed', store: service.store },
    // Null while the version is current.
    deprecation: deprecation
      ? {
          deprecated_at: rfc3339(deprecation.date),
          sunset_at: rfc3339(deprecation.sunset),
          successor_url: deprecation.successor,
          documentation_url: urlOf(catalog.base_url, paths.developers(catalog.site, 'deprecation')),
        }
      : null,
    ...(service.content ? { content_commit: service.content.commit, content_refused: service.content.refused } : {}),
  };
  return { body };
}

export const health = define({
  path: '/health',
  operationId: 'getHealth',
  summary: 'Health check',
  description: HEALTH_DESCRIPTION,
  tag: 'Service',
  query: {},
  response: shapes.Health,
  errors: errorsOf(),
  // It follows the quota store, which changes while the Catalog does not: no cache keeps it.
  shared: false,
  answer: healthAnswer,
});

/**
 * The health record at /healthz, for load balancers: outside the quota, so
 * never a 429 and no RateLimit headers. Documented as its own operation.
 */
export const healthz = {
  ...health,
  operationId: 'getHealthz',
  description: 'The health record, outside the quota (no RateLimit headers, never a 429), for load balancers.',
  errors: byStatus([...API_READ, ...EVERY_REQUEST]),
} as const satisfies Endpoint;

/** Where /healthz is served, outside /api/v1. */
export const HEALTHZ_PATH = ROUTES.healthz.pattern;

/** RFC 3339 in UTC, whole seconds, as every date the API sends. */
function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const company = define({
  path: '/company',
  operationId: 'getCompany',
  summary: 'Company record',
  description: 'Registered legal name, identifiers (VAT number, LEI, company number and the others the company publishes), address, contact channels and official profiles.',
  tag: 'Company',
  query: {},
  response: shapes.Company,
  errors: errorsOf(),
  answer: ({ catalog }) => ({ body: companyRecord(catalog.company) }),
});

export const listProducts = define({
  path: '/products',
  operationId: 'listProducts',
  summary: 'List products',
  description: 'Products with status, tags and links, without their markdown bodies.',
  tag: 'Products',
  query: productQuery,
  response: shapes.ProductList,
  errors: errorsOf(),
  answer: ({ catalog, query }) => list(queries.listProducts(catalog, query)),
});

export const getProduct = define({
  path: '/products/:slug',
  operationId: 'getProduct',
  summary: 'One product',
  description:
    "One product with its markdown body (the problem it solves and how it works), in the site's default locale or the one asked for, with its translations. A product not translated into the locale asked for is answered in the default locale, with `fallback` naming the locales it exists in; Content-Language gives the language of the answer.",
  tag: 'Products',
  query: productLocale,
  slug: productSlug,
  response: shapes.Product,
  errors: errorsOf('not_found'),
  answer: ({ catalog, slug, query }) => {
    const { record, fallback } = queries.findProduct(catalog, slug, query.locale);
    const body = productDetail(record, catalog, fallback);
    return { body, updatedAt: body.updated_at, language: body.locale, usage: record.ai_usage };
  },
});

export const listPosts = define({
  path: '/posts',
  operationId: 'listPosts',
  summary: 'List articles',
  description: 'Blog articles, newest first, with their metadata and without their bodies.',
  tag: 'Posts',
  query: postQuery,
  response: shapes.PostList,
  errors: errorsOf(),
  answer: ({ catalog, query }) => list(queries.listPosts(catalog, query)),
});

export const getPost = define({
  path: '/posts/:slug',
  operationId: 'getPost',
  summary: 'One article',
  description: 'One article with its metadata, its translations and its full markdown body.',
  tag: 'Posts',
  query: {},
  slug: postSlug,
  response: shapes.Post,
  errors: errorsOf('not_found'),
  answer: ({ catalog, slug }) => {
    const record = queries.findPost(catalog, slug);
    const body = postDetail(record);
    return { body, updatedAt: body.updated_at, language: body.locale, usage: record.ai_usage };
  },
});

export const listPages = define({
  path: '/pages',
  operationId: 'listPages',
  summary: 'List pages',
  description: 'Institutional pages, most recently updated first, without their bodies.',
  tag: 'Pages',
  query: pageQuery,
  response: shapes.PageList,
  errors: errorsOf(),
  answer: ({ catalog, query }) => list(queries.listPages(catalog, query)),
});

export const getPage = define({
  path: '/pages/:slug',
  operationId: 'getPage',
  summary: 'One page',
  description:
    "One institutional page as markdown, in the site's default locale or the one asked for, with its translations. A page not translated into the locale asked for is answered in the default locale, with `fallback` naming the locales it exists in; Content-Language gives the language of the answer.",
  tag: 'Pages',
  query: pageLocale,
  slug: pageSlug,
  response: shapes.Page,
  errors: errorsOf('not_found'),
  answer: ({ catalog, slug, query }) => {
    const { record, fallback } = queries.findPage(catalog, slug, query.locale);
    const body = pageDetail(record, fallback);
    return { body, updatedAt: body.updated_at, language: body.locale, usage: record.ai_usage };
  },
});

export const search = define({
  path: '/search',
  operationId: 'search',
  summary: 'Search',
  description:
    "Accent- and case-insensitive full-text search over products, pages and articles, best match first (BM25+; a match in a title or name weighs more than one in a summary, which weighs more than one in a body). A word also finds its other forms in each document's language (policies finds policy), below the form asked for, and the synonyms the site declares. Each hit carries a plain-text excerpt around its best match and the indexed words that matched. A search that finds nothing answers suggestions: queries that find something." +
    ' The index is built in the background once the service starts (a reload builds the new one before serving it); a search that arrives before it is ready waits until it is finished (on a site of 10,000 articles, a few seconds at most, once) and is answered in full, never with 503.',
  tag: 'Search',
  query: searchQuery,
  response: shapes.SearchResult,
  errors: errorsOf('missing_parameter'),
  answer: ({ catalog, query }) => list(queries.searchContent(catalog, query)),
});

function list(page: Pick<Collection<unknown>, 'next' | 'prev'>): AnswerResult {
  const links = [page.next && `<${page.next}>; rel="next"`, page.prev && `<${page.prev}>; rel="prev"`].filter(Boolean);
  return { body: page, ...(links.length ? { link: links.join(', ') } : {}) };
}

/** Every /api/v1 endpoint, in the order the API index and OpenAPI present them. */
export const ENDPOINTS: readonly Endpoint[] = [apiIndex, health, company, listProducts, getProduct, listPosts, getPost, listPages, getPage, search];
