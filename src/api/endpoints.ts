import type { Catalog } from '../content/types.js';
import { PRODUCT_STATUSES } from '../content/types.js';
import { ProblemError } from '../http/problem.js';
import { API_VERSION } from '../version.js';
import type { PageRequest } from './pagination.js';
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
  description: 'Deployment status, API version and the number of published documents. Also served at /healthz, outside the quota.',
  tag: 'Service',
  query: {},
  response: schemas.Health,
  answer: ({ catalog }) => ({
    body: {
      status: 'ok',
      version: API_VERSION,
      documents: documentCount(catalog),
      content_version: catalog.version,
      content_loaded_at: catalog.loaded_at,
    },
  }),
});

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

function list(page: ReturnType<typeof paginate>): AnswerResult {
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
] as unknown as readonly Endpoint[];
