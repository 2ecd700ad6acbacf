import { API_PREFIX } from '../content/paths.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog, Page, PagesOfLocale, Post, Product } from '../content/types.js';
import { PRODUCT_STATUSES } from '../content/types.js';
import type { SearchKind, SearchResult } from '../search/index.js';
import { SEARCH_KINDS, searchIndexFor } from '../search/index.js';
import type { RecordKind } from './errors.js';
import { clip, QueryError } from './errors.js';
import type { Collection } from './pagination.js';
import { pageLinks, paginate } from './pagination.js';
import type { InstantParam, ParamSpec, QueryOf, SortOrder, SortParam } from './params.js';
import { limitParam, offsetParam } from './params.js';
import { pageSummary, postSummary, postUpdatedAt, productSummary, productUpdatedAt } from './present.js';

/**
 * Every read of the content that a door offers: the filters, lists, pages of
 * results, search and single-record lookups, with their parameters declared
 * once. REST, MCP and the website all call these; none filters on its own.
 */

export const productSlugs = (c: Catalog) => c.products.map((p) => p.slug);
export const postSlugs = (c: Catalog) => c.posts.map((p) => p.slug);
export const pageSlugs = (c: Catalog) => c.site.page_slugs;

/** The pages of `locale` (the default locale's when absent or when it has none). */
export function pagesIn(catalog: Catalog, locale: string | undefined): PagesOfLocale {
  return catalog.pagesByLocale.get(locale ?? catalog.site.default_locale) ?? catalog.pagesByLocale.get(catalog.site.default_locale)!;
}

/** The filters of the product list. */
export const productFilters = {
  status: { type: 'enum', multiple: true, values: () => PRODUCT_STATUSES, description: 'Only products with one of these statuses (separated by commas).', example: 'live' },
  tag: { type: 'enum', multiple: true, values: (c: Catalog) => c.site.product_tags, description: 'Only products with one of these tags (separated by commas).', example: 'Kubernetes' },
} as const satisfies ParamSpec;

/** Only the records that changed at or after an instant: what a sync client asks for. */
const updatedSince = {
  type: 'instant',
  description: 'Only items updated at or after this instant (RFC 3339), compared with their updated_at: what changed since a sync client last asked.',
  example: '2026-01-01T00:00:00Z',
} as const satisfies InstantParam;

const sortBy = (fields: readonly string[], listOrder: string): SortParam => ({
  type: 'sort',
  fields,
  description: `The order of the list: a field, with - before it for descending (${fields.map((f) => `${f}, -${f}`).join(', ')}). Text is compared as the site's language sorts it. Without it: ${listOrder}.`,
  example: `-${fields.includes('updated_at') ? 'updated_at' : fields[0]}`,
});

export const productQuery = {
  ...productFilters,
  updated_since: updatedSince,
  sort: sortBy(['name', 'updated_at'], 'the order the content gives'),
  limit: limitParam(100, 'products'),
  offset: offsetParam,
} as const satisfies ParamSpec;

/** The filters of the article list. */
export const postFilters = {
  category: {
    type: 'enum',
    multiple: true,
    values: (c: Catalog) => c.site.all_post_categories,
    description: 'Only posts in one of these categories (separated by commas).',
    example: 'Automation',
  },
  locale: { type: 'enum', multiple: true, values: (c: Catalog) => c.site.locales, description: 'Only posts in one of these locales (separated by commas).', example: 'en' },
} as const satisfies ParamSpec;

export const postQuery = {
  ...postFilters,
  updated_since: updatedSince,
  sort: sortBy(['published_at', 'updated_at', 'title'], 'newest first'),
  limit: limitParam(20, 'posts'),
  offset: offsetParam,
} as const satisfies ParamSpec;

/** Which locale's pages: the site's default unless asked. */
export const pageLocale = {
  locale: {
    type: 'enum',
    values: (c: Catalog) => c.site.locales,
    description: "The pages in this locale (without it: the site's default locale). A page not translated into it is not in that locale's list.",
    example: 'pt-BR',
  },
} as const satisfies ParamSpec;

export const pageQuery = {
  ...pageLocale,
  updated_since: updatedSince,
  sort: sortBy(['title', 'updated_at'], 'most recently updated first'),
  limit: limitParam(100, 'pages'),
  offset: offsetParam,
} as const satisfies ParamSpec;

export const searchQuery = {
  q: {
    type: 'text',
    minLength: 1,
    maxLength: 200,
    required: true,
    description:
      'The words to look for. Accents and case do not matter (automacao finds Automação); every word must match, or, when no record has them all, any of them; common words such as "de" or "the" are ignored; the last word also matches as a prefix while it is being typed (no space after it); words of five letters or more tolerate one typo.',
    example: 'cloud',
  },
  kind: { type: 'enum', values: () => SEARCH_KINDS, description: 'Only hits of this kind.', example: 'post' },
  locale: {
    type: 'enum',
    values: (c: Catalog) => c.site.locales,
    description: 'Only articles in this locale; products and pages have no locale, so they are left out.',
    example: 'en',
  },
  limit: limitParam(10, 'hits'),
  offset: offsetParam,
} as const satisfies ParamSpec;

/** Each filter: the values a record may have (any of them), or none for no filter. */
type Filters<S extends ParamSpec> = Partial<Record<keyof S, readonly string[] | undefined>>;

/** The products that match every filter given (one of its values each), in the content's order. */
export function productsMatching(catalog: Catalog, { status, tag }: Filters<typeof productFilters>): readonly Product[] {
  if (!status && !tag) return catalog.products;
  return catalog.products.filter((p) => (!status || status.includes(p.status)) && (!tag || p.tags.some((t) => tag.includes(t))));
}

/** The articles that match every filter given (one of its values each), newest first. */
export function postsMatching(catalog: Catalog, { category, locale }: Filters<typeof postFilters>): readonly Post[] {
  if (!category && !locale) return catalog.posts;
  return catalog.posts.filter((p) => (!category || category.includes(p.category)) && (!locale || locale.includes(p.locale)));
}

/** One filter value (a form's, a tool argument's) as the list of values a filter takes. */
export const oneValue = (value: string | undefined): readonly string[] | undefined => (value === undefined ? undefined : [value]);

/** A filter as its collection's links repeat it: the values joined by commas. */
const joined = (values: readonly string[] | undefined) => values?.join(',');

/** The absolute URL of a collection of the API, where its `next` and `prev` links lead. */
function collectionUrl(catalog: Catalog, path: string): string {
  return `${catalog.base_url}${API_PREFIX}${path}`;
}

/**
 * `records` changed at or after `since` (epoch milliseconds), in the order
 * `sort` asks for (stable: equal keys keep the list's own order); text is
 * compared as the site's default locale sorts it.
 */
function arranged<T>(
  catalog: Catalog,
  records: readonly T[],
  keys: Readonly<Record<string, (record: T) => string>>,
  updated: (record: T) => string,
  since: number | undefined,
  sort: SortOrder | undefined,
): readonly T[] {
  const recent = since === undefined ? records : records.filter((record) => Date.parse(updated(record)) >= since);
  if (!sort) return recent;
  const key = keys[sort.field]!;
  const collator = collatorFor(catalog);
  const direction = sort.descending ? -1 : 1;
  const text = sort.field !== 'updated_at' && sort.field !== 'published_at';
  return [...recent].sort((a, b) => direction * (text ? collator.compare(key(a), key(b)) : Date.parse(key(a)) - Date.parse(key(b))));
}

const collatorFor = perCatalog((catalog) => new Intl.Collator(catalog.site.default_locale, { sensitivity: 'base', numeric: true }));

/** The parameters a collection's links repeat: the filters as given, the instant and order as written. */
function kept(query: { readonly updated_since?: number | undefined; readonly sort?: SortOrder | undefined }): Record<string, string | undefined> {
  return {
    updated_since: query.updated_since === undefined ? undefined : new Date(query.updated_since).toISOString().replace(/\.000Z$/, 'Z'),
    sort: query.sort === undefined ? undefined : `${query.sort.descending ? '-' : ''}${query.sort.field}`,
  };
}

export function listProducts(catalog: Catalog, query: QueryOf<typeof productQuery>): Collection<ReturnType<typeof productSummary>> {
  const { status, tag, limit, offset } = query;
  const records = arranged(catalog, productsMatching(catalog, { status, tag }), { name: (p) => p.name, updated_at: (p) => productUpdatedAt(p, catalog) }, (p) => productUpdatedAt(p, catalog), query.updated_since, query.sort);
  return paginate(records, { endpoint: collectionUrl(catalog, '/products'), filters: { status: joined(status), tag: joined(tag), ...kept(query) }, limit, offset }, (p) =>
    productSummary(p, catalog),
  );
}

export function listPosts(catalog: Catalog, query: QueryOf<typeof postQuery>): Collection<ReturnType<typeof postSummary>> {
  const { category, locale, limit, offset } = query;
  const records = arranged(catalog, postsMatching(catalog, { category, locale }), { published_at: (p) => p.published_at, updated_at: postUpdatedAt, title: (p) => p.title }, postUpdatedAt, query.updated_since, query.sort);
  return paginate(
    records,
    { endpoint: collectionUrl(catalog, '/posts'), filters: { category: joined(category), locale: joined(locale), ...kept(query) }, limit, offset },
    postSummary,
  );
}

export function listPages(catalog: Catalog, query: QueryOf<typeof pageQuery>): Collection<ReturnType<typeof pageSummary>> {
  const { limit, offset, locale } = query;
  const records = arranged(catalog, pagesIn(catalog, locale).pages, { title: (p) => p.title, updated_at: (p) => p.updated_at }, (p) => p.updated_at, query.updated_since, query.sort);
  return paginate(records, { endpoint: collectionUrl(catalog, '/pages'), filters: { locale, ...kept(query) }, limit, offset }, pageSummary);
}

/** A page of search hits, paged like a list: `next` and `prev` keep the query and its filters. */
export type SearchPage = SearchResult & { readonly next: string | null; readonly prev: string | null };

export function searchContent(catalog: Catalog, query: QueryOf<typeof searchQuery>): SearchPage {
  const { q, limit, kind, locale, offset } = query;
  const result = searchIndexFor(catalog).search(q, {
    limit,
    offset,
    ...(kind === undefined ? {} : { kind: kind as SearchKind }),
    ...(locale === undefined ? {} : { locale }),
  });
  const { next, prev } = pageLinks({ endpoint: collectionUrl(catalog, '/search'), filters: { q, kind, locale }, limit, offset }, result.total);
  return { ...result, next, prev };
}

/**
 * The site's search: what a reader of `language` is shown (products, and
 * that language's pages and articles), a page of ten at `offset`.
 */
export function searchSite(catalog: Catalog, q: string, offset: number, language: string): SearchResult {
  return searchIndexFor(catalog).search(q, { limit: 10, offset, language });
}

function notFound(kind: RecordKind, slug: string, validSlugs: readonly string[]): QueryError {
  return new QueryError('not_found', `No ${kind} has the slug "${clip(slug)}".`, { kind, validSlugs });
}

export function findProduct(catalog: Catalog, slug: string): Product {
  const product = catalog.productsBySlug.get(slug);
  if (!product) throw notFound('product', slug, productSlugs(catalog));
  return product;
}

export function findPost(catalog: Catalog, slug: string): Post {
  const post = catalog.postsBySlug.get(slug);
  if (!post) throw notFound('post', slug, postSlugs(catalog));
  return post;
}

/** A page in `locale` (the default locale's when absent); a slug the locale has not translated is not found there. */
export function findPage(catalog: Catalog, slug: string, locale?: string): Page {
  const pages = pagesIn(catalog, locale);
  const page = pages.bySlug.get(slug);
  if (!page) throw notFound('page', slug, pageSlugs(catalog).filter((valid) => pages.bySlug.has(valid)));
  return page;
}
