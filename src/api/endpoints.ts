import type { Deprecation } from '../config.js';
import type { Catalog } from '../content/types.js';
import { PRODUCT_STATUSES } from '../content/types.js';
import { ProblemError } from '../http/problem.js';
import type { SearchKind } from '../search/index.js';
import { SEARCH_KINDS, searchIndexFor } from '../search/index.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { API_VERSION } from '../version.js';
import type { Collection, PageRequest } from './pagination.js';
import { paginate } from './pagination.js';
import type { ParamSpec, QueryOf } from './params.js';
import { limitParam, offsetParam } from './params.js';
import {
  companyRecord,
  documentCount,
  pageDetail,
  pageSummary,
  postDetail,
  postSummary,
  productDetail,
  productSummary,
} from './present.js';
import * as schemas from './schemas.js';

/**
 * Every /api/v1 endpoint as data: its path, parameters, response shape and a
 * pure function from (Catalog, parameters) to the response body. The routes
 * register them, and discovery turns the same list into /openapi.json.
 */
export interface Endpoint<S extends ParamSpec = ParamSpec> {
  /** Path under `/api/v1`, Fastify syntax (`/products/:slug`). */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  readonly query: S;
  /** The `:slug` path parameter, when the path has one. */
  readonly slug?: { readonly description: string; readonly values: (catalog: Catalog) => readonly string[] };
  readonly response: object;
  readonly answer: (context: AnswerContext<S>) => AnswerResult;
}

export interface AnswerContext<S extends ParamSpec> {
  readonly catalog: Catalog;
  readonly query: QueryOf<S>;
  readonly slug: string;
  /** The running deployment; only the health record reads it. */
  readonly service?: ServiceState;
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
}

const define = <S extends ParamSpec>(endpoint: Endpoint<S>): Endpoint<S> => endpoint;

export const API_PREFIX = '/api/v1';

function listRequest(catalog: Catalog, path: string, query: { limit: number; offset: number }, filters: Record<string, string | undefined>): PageRequest {
  return { endpoint: `${catalog.base_url}${API_PREFIX}${path}`, filters, limit: query.limit, offset: query.offset };
}

function notFound(kind: string, slug: string, list: string, valid: readonly string[]): ProblemError {
  return new ProblemError('not_found', {
    detail: `No ${kind} has the slug "${slug.length > 100 ? `${slug.slice(0, 100)}…` : slug}".`,
    hint: `Call GET ${API_PREFIX}${list} to list every ${kind} with its slug, or use one of valid_slugs.`,
    extensions: { valid_slugs: valid },
  });
}

export const productSlugs = (c: Catalog) => c.products.map((p) => p.slug);
export const postSlugs = (c: Catalog) => c.posts.map((p) => p.slug);
export const pageSlugs = (c: Catalog) => c.site.page_slugs;

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
        // SPEC.md section 9: null while the version is current.
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

/** CONTRACT.md "Conventions": RFC 3339 in UTC, whole seconds. */
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

const productQuery = {
  status: {
    type: 'enum',
    values: () => PRODUCT_STATUSES,
    description: 'Only products with this status.',
    example: 'live',
  },
  tag: {
    type: 'enum',
    values: (c: Catalog) => c.site.product_tags,
    description: 'Only products with this tag.',
    example: 'Kubernetes',
  },
  limit: limitParam(100, 'products'),
  offset: offsetParam,
} as const satisfies ParamSpec;

export const listProducts = define({
  path: '/products',
  operationId: 'listProducts',
  summary: 'List products',
  description: 'Products with status, tags and links, without their markdown bodies.',
  tag: 'Products',
  query: productQuery,
  response: schemas.ProductList,
  answer: ({ catalog, query }) => {
    const { status, tag } = query;
    const matches = catalog.products.filter((p) => (!status || p.status === status) && (!tag || p.tags.includes(tag)));
    return list(paginate(matches, listRequest(catalog, '/products', query, { status, tag }), productSummary));
  },
});

export const getProduct = define({
  path: '/products/:slug',
  operationId: 'getProduct',
  summary: 'One product',
  description: 'One product with its markdown body: the problem it solves and how it works.',
  tag: 'Products',
  query: {},
  slug: { description: 'A product slug.', values: productSlugs },
  response: schemas.Product,
  answer: ({ catalog, slug }) => {
    const product = catalog.productsBySlug.get(slug);
    if (!product) throw notFound('product', slug, '/products', productSlugs(catalog));
    return { body: productDetail(product) };
  },
});

const postQuery = {
  category: {
    type: 'enum',
    values: (c: Catalog) => c.site.all_post_categories,
    description: 'Only posts in this category.',
    example: 'Automation',
  },
  locale: {
    type: 'enum',
    values: (c: Catalog) => c.site.locales,
    description: 'Only posts in this locale.',
    example: 'en',
  },
  limit: limitParam(20, 'posts'),
  offset: offsetParam,
} as const satisfies ParamSpec;

export const listPosts = define({
  path: '/posts',
  operationId: 'listPosts',
  summary: 'List articles',
  description: 'Blog articles, newest first, with their metadata and without their bodies.',
  tag: 'Posts',
  query: postQuery,
  response: schemas.PostList,
  answer: ({ catalog, query }) => {
    const { category, locale } = query;
    const matches = catalog.posts.filter((p) => (!category || p.category === category) && (!locale || p.locale === locale));
    return list(paginate(matches, listRequest(catalog, '/posts', query, { category, locale }), postSummary));
  },
});

export const getPost = define({
  path: '/posts/:slug',
  operationId: 'getPost',
  summary: 'One article',
  description: 'One article with its metadata, its translations and its full markdown body.',
  tag: 'Posts',
  query: {},
  slug: { description: 'An article slug, as in /blog/<slug>.', values: postSlugs },
  response: schemas.Post,
  answer: ({ catalog, slug }) => {
    const post = catalog.postsBySlug.get(slug);
    if (!post) throw notFound('post', slug, '/posts', postSlugs(catalog));
    return { body: postDetail(post) };
  },
});

const pageQuery = { limit: limitParam(100, 'pages'), offset: offsetParam } as const satisfies ParamSpec;

export const listPages = define({
  path: '/pages',
  operationId: 'listPages',
  summary: 'List pages',
  description: 'Institutional pages, most recently updated first, without their bodies.',
  tag: 'Pages',
  query: pageQuery,
  response: schemas.PageList,
  answer: ({ catalog, query }) => list(paginate(catalog.pages, listRequest(catalog, '/pages', query, {}), pageSummary)),
});

export const getPage = define({
  path: '/pages/:slug',
  operationId: 'getPage',
  summary: 'One page',
  description: 'One institutional page as markdown.',
  tag: 'Pages',
  query: {},
  slug: { description: 'A page slug.', values: pageSlugs },
  response: schemas.Page,
  answer: ({ catalog, slug }) => {
    const page = catalog.pagesBySlug.get(slug);
    if (!page) throw notFound('page', slug, '/pages', pageSlugs(catalog));
    return { body: pageDetail(page) };
  },
});

const searchQuery = {
  q: {
    type: 'text',
    minLength: 1,
    maxLength: 200,
    required: true,
    description:
      'The words to look for. Accents and case do not matter (automacao finds Automação); every word must match, or, when no record has them all, any of them; common words such as "de" or "the" are ignored; the last word also matches as a prefix while it is being typed (no space after it); words of five letters or more tolerate one typo.',
    example: 'cloud',
  },
  kind: {
    type: 'enum',
    values: () => SEARCH_KINDS,
    description: 'Only hits of this kind.',
    example: 'post',
  },
  locale: {
    type: 'enum',
    values: (c: Catalog) => c.site.locales,
    description: 'Only articles in this locale; products and pages have no locale, so they are left out.',
    example: 'en',
  },
  limit: limitParam(10, 'hits'),
} as const satisfies ParamSpec;

export const search = define({
  path: '/search',
  operationId: 'search',
  summary: 'Search',
  description:
    'Accent- and case-insensitive full-text search over products, pages and articles, best match first (BM25+; a match in a title or name weighs more than one in a summary, which weighs more than one in a body). Each hit carries a plain-text excerpt around its best match and the indexed words that matched.',
  tag: 'Search',
  query: searchQuery,
  response: schemas.SearchResult,
  answer: ({ catalog, query }) => {
    const { q, limit, kind, locale } = query;
    return {
      body: searchIndexFor(catalog).search(q, {
        limit,
        ...(kind === undefined ? {} : { kind: kind as SearchKind }),
        ...(locale === undefined ? {} : { locale }),
      }),
    };
  },
});

function list(page: Collection<unknown>): AnswerResult {
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
] as unknown as readonly Endpoint[];
