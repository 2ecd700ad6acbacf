import type { Deprecation } from '../config.js';
import { API_PREFIX } from '../content/paths.js';
import { SLUG } from '../content/schemas.js';
import type { Catalog } from '../content/types.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { Collection } from '../query/pagination.js';
import type { ParamSpec, QueryOf } from '../query/params.js';
import { parseQuery } from '../query/params.js';
import { companyRecord, documentCount, pageDetail, postDetail, productDetail } from '../query/present.js';
import * as queries from '../query/queries.js';
import { pageLocale, pageQuery, pageSlugs, postQuery, postSlugs, productQuery, productSlugs, searchQuery } from '../query/queries.js';
import * as schemas from '../query/schemas.js';
import { API_VERSION } from '../version.js';

export { API_PREFIX };

/**
 * Every /api/v1 endpoint as data: its path, parameters, response shape and
 * the query it answers with (src/query). The routes register them, and
 * discovery turns the same list into /openapi.json.
 */
export interface Endpoint {
  /** Path under `/api/v1` (`/products/:slug`). */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  readonly query: ParamSpec;
  /**
   * The `:slug` path parameter, when the path has one: the slugs in force and,
   * where the content may add more, the grammar every one follows (`pattern`),
   * which is what a client is told to send instead of today's list.
   */
  readonly slug?: { readonly description: string; readonly values: (catalog: Catalog) => readonly string[]; readonly pattern?: RegExp };
  readonly response: object;
  /** The answer to a request's query string (read against `query`) and slug; a QueryError when the content cannot answer it. */
  readonly answer: (context: AnswerContext<RawQuery>) => AnswerResult;
}

/** A query string as the pipeline reads it: each name with its value, or its values when repeated. */
export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

export interface AnswerContext<Q> {
  readonly catalog: Catalog;
  readonly query: Q;
  readonly slug: string;
  /** The running deployment; only the health record reads it. */
  readonly service?: ServiceState;
}

/** The path of an endpoint as OpenAPI and error messages write it: `/api/v1/posts/{slug}`. */
export function documentedPath(endpoint: Pick<Endpoint, 'path'>): string {
  return `${API_PREFIX}${endpoint.path.replace(':slug', '{slug}')}`;
}

/** What the health record reports beyond the content: where the quota is counted, and the version's end. */
export interface ServiceState {
  readonly limiter: RateLimiter;
  readonly deprecation: Deprecation | undefined;
}

export interface AnswerResult {
  readonly body: unknown;
  /** A Link header value (pagination). */
  readonly link?: string;
  /** When the one record answered last changed (RFC 3339): the Last-Modified of a single item. */
  readonly updatedAt?: string;
}

/** An endpoint whose answer reads the query string against its own parameters first. */
function define<S extends ParamSpec>(endpoint: Omit<Endpoint, 'query' | 'answer'> & { readonly query: S; readonly answer: (context: AnswerContext<QueryOf<S>>) => AnswerResult }): Endpoint {
  const path = documentedPath(endpoint);
  return {
    ...endpoint,
    answer: (context) => endpoint.answer({ ...context, query: parseQuery(endpoint.query, context.query, context.catalog, path) }),
  };
}

export const apiIndex = define({
  path: '',
  operationId: 'getApiIndex',
  summary: 'API index',
  description: 'The map of every resource, the OpenAPI document and the MCP endpoint.',
  tag: 'Service',
  query: {},
  response: schemas.ApiIndex,
  answer: ({ catalog }) => {
    const api = `${catalog.base_url}${API_PREFIX}`;
    return {
      body: {
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
        documentation_url: `${catalog.base_url}/developers`,
      },
    };
  },
});

export const health = define({
  path: '/health',
  operationId: 'getHealth',
  summary: 'Health check',
  description:
    'Deployment status, API version, the number of published documents, where the quota is counted and whether this version is deprecated. Also served at /healthz, outside the quota.',
  tag: 'Service',
  query: {},
  response: schemas.Health,
  answer: ({ catalog, service }) => {
    if (!service) throw new Error('the health record needs the service state: registerApiRoutes passes it');
    const { policy } = service.limiter;
    const { deprecation } = service;
    return {
      body: {
        status: 'ok',
        version: API_VERSION,
        documents: documentCount(catalog),
        content_version: catalog.version,
        content_loaded_at: catalog.loaded_at,
        quota: {
          policy: policy.name,
          limit: policy.limit,
          window_seconds: policy.windowSeconds,
          window: 'fixed',
          store: service.limiter.storeState(),
        },
        // Null while the version is current.
        deprecation: deprecation
          ? {
              deprecated_at: rfc3339(deprecation.date),
              sunset_at: rfc3339(deprecation.sunset),
              successor_url: deprecation.successor,
              documentation_url: `${catalog.base_url}/developers#deprecation`,
            }
          : null,
      },
    };
  },
});

/** RFC 3339 in UTC, whole seconds, as every date the API sends. */
function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const company = define({
  path: '/company',
  operationId: 'getCompany',
  summary: 'Company record',
  description: 'Registered legal name, CNPJ, address, contact channels and official profiles.',
  tag: 'Company',
  query: {},
  response: schemas.Company,
  answer: ({ catalog }) => ({ body: companyRecord(catalog.company) }),
});

export const listProducts = define({
  path: '/products',
  operationId: 'listProducts',
  summary: 'List products',
  description: 'Products with status, tags and links, without their markdown bodies.',
  tag: 'Products',
  query: productQuery,
  response: schemas.ProductList,
  answer: ({ catalog, query }) => list(queries.listProducts(catalog, query)),
});

export const getProduct = define({
  path: '/products/:slug',
  operationId: 'getProduct',
  summary: 'One product',
  description: 'One product with its markdown body: the problem it solves and how it works.',
  tag: 'Products',
  query: {},
  slug: { description: 'A product slug.', values: productSlugs, pattern: SLUG },
  response: schemas.Product,
  answer: ({ catalog, slug }) => {
    const body = productDetail(queries.findProduct(catalog, slug), catalog);
    return { body, updatedAt: body.updated_at };
  },
});

export const listPosts = define({
  path: '/posts',
  operationId: 'listPosts',
  summary: 'List articles',
  description: 'Blog articles, newest first, with their metadata and without their bodies.',
  tag: 'Posts',
  query: postQuery,
  response: schemas.PostList,
  answer: ({ catalog, query }) => list(queries.listPosts(catalog, query)),
});

export const getPost = define({
  path: '/posts/:slug',
  operationId: 'getPost',
  summary: 'One article',
  description: 'One article with its metadata, its translations and its full markdown body.',
  tag: 'Posts',
  query: {},
  slug: { description: 'An article slug, as in /blog/<slug>.', values: postSlugs, pattern: SLUG },
  response: schemas.Post,
  answer: ({ catalog, slug }) => {
    const body = postDetail(queries.findPost(catalog, slug));
    return { body, updatedAt: body.updated_at };
  },
});

export const listPages = define({
  path: '/pages',
  operationId: 'listPages',
  summary: 'List pages',
  description: 'Institutional pages, most recently updated first, without their bodies.',
  tag: 'Pages',
  query: pageQuery,
  response: schemas.PageList,
  answer: ({ catalog, query }) => list(queries.listPages(catalog, query)),
});

export const getPage = define({
  path: '/pages/:slug',
  operationId: 'getPage',
  summary: 'One page',
  description: "One institutional page as markdown, in the site's default locale or the one asked for, with its translations.",
  tag: 'Pages',
  query: pageLocale,
  slug: { description: 'A page slug.', values: pageSlugs },
  response: schemas.Page,
  answer: ({ catalog, slug, query }) => {
    const body = pageDetail(queries.findPage(catalog, slug, query.locale));
    return { body, updatedAt: body.updated_at };
  },
});

export const search = define({
  path: '/search',
  operationId: 'search',
  summary: 'Search',
  description:
    'Accent- and case-insensitive full-text search over products, pages and articles, best match first (BM25+; a match in a title or name weighs more than one in a summary, which weighs more than one in a body). Each hit carries a plain-text excerpt around its best match and the indexed words that matched.',
  tag: 'Search',
  query: searchQuery,
  response: schemas.SearchResult,
  answer: ({ catalog, query }) => list(queries.searchContent(catalog, query)),
});

function list(page: Pick<Collection<unknown>, 'next' | 'prev'>): AnswerResult {
  const links = [page.next && `<${page.next}>; rel="next"`, page.prev && `<${page.prev}>; rel="prev"`].filter(Boolean);
  return { body: page, ...(links.length ? { link: links.join(', ') } : {}) };
}

/** Every endpoint, in the order the API index and OpenAPI present them. */
export const ENDPOINTS: readonly Endpoint[] = [
  apiIndex,
  health,
  company,
  listProducts,
  getProduct,
  listPosts,
  getPost,
  listPages,
  getPage,
  search,
];
