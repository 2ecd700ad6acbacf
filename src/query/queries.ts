import { API_PREFIX } from '../model/routes.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog, Page, PagesOfLocale, Post, Product, ProductsOfLocale } from '../content/types.js';
import type { ParamSpec, QueryOf, SortOrder } from '../model/params.js';
import type { pageQuery, postFilters, postQuery, productFilters, productQuery, searchQuery } from '../model/queries.js';
import { pageSlugs, postSlugs, productSlugs } from '../model/queries.js';
import type { SearchKind, SearchResult } from '../search/index.js';
import { searchIndexFor } from '../search/index.js';
import type { RecordKind } from './errors.js';
import { clip, QueryError } from './errors.js';
import type { Collection } from './pagination.js';
import { pageLinks, paginate } from './pagination.js';
import { pageSummary, postSummary, productSummary } from './present.js';
import { updatedAt } from './documents.js';

/**
 * Every read of the content that a door offers: the filters, lists, pages of
 * results, search and single-record lookups. Their parameters are declared
 * once, in src/model/queries.ts. REST, MCP and the website all call these;
 * none filters on its own.
 */

export { pageSlugs, postSlugs, productSlugs };

/** The pages of `locale` (the default locale's when absent or when it has none). */
export function pagesIn(catalog: Catalog, locale: string | undefined): PagesOfLocale {
  return catalog.pagesByLocale.get(locale ?? catalog.site.default_locale) ?? catalog.pagesByLocale.get(catalog.site.default_locale)!;
}

/** The products of `locale`: the default locale's (all of them) when absent, else those translated into it. */
export function productsIn(catalog: Catalog, locale: string | undefined): ProductsOfLocale {
  return catalog.productsByLocale.get(locale ?? catalog.site.default_locale) ?? catalog.productsByLocale.get(catalog.site.default_locale)!;
}

/** Every product as a reader of `locale` is shown it: in that language where it is translated, else in the default one. */
export function productsShownIn(catalog: Catalog, locale: string): readonly Product[] {
  const translated = productsIn(catalog, locale).bySlug;
  return catalog.products.map((product) => translated.get(product.slug) ?? product);
}

/** Each filter: the values a record may have (any of them), or none for no filter. */
type Filters<S extends ParamSpec> = Partial<Record<keyof S, readonly string[] | undefined>>;

/** The products (the default locale's unless others are given) that match every filter given (one of its values each), in the content's order. */
export function productsMatching(catalog: Catalog, { status, tag }: Filters<typeof productFilters>, products: readonly Product[] = catalog.products): readonly Product[] {
  if (!status && !tag) return products;
  return products.filter((p) => (!status || status.includes(p.status)) && (!tag || p.tags.some((t) => tag.includes(t))));
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
  const { status, tag, locale, limit, offset } = query;
  const records = arranged(catalog, productsMatching(catalog, { status, tag }, productsIn(catalog, locale).products), { name: (p) => p.name, updated_at: (p) => updatedAt(p, catalog) }, (p) => updatedAt(p, catalog), query.updated_since, query.sort);
  return paginate(records, { endpoint: collectionUrl(catalog, '/products'), filters: { status: joined(status), tag: joined(tag), locale, ...kept(query) }, limit, offset }, (p) =>
    productSummary(p, catalog),
  );
}

export function listPosts(catalog: Catalog, query: QueryOf<typeof postQuery>): Collection<ReturnType<typeof postSummary>> {
  const { category, locale, limit, offset } = query;
  const records = arranged(catalog, postsMatching(catalog, { category, locale }), { published_at: (p) => p.published_at, updated_at: (p) => updatedAt(p), title: (p) => p.title }, (p) => updatedAt(p), query.updated_since, query.sort);
  return paginate(
    records,
    { endpoint: collectionUrl(catalog, '/posts'), filters: { category: joined(category), locale: joined(locale), ...kept(query) }, limit, offset },
    postSummary,
  );
}

export function listPages(catalog: Catalog, query: QueryOf<typeof pageQuery>): Collection<ReturnType<typeof pageSummary>> {
  const { limit, offset, locale } = query;
  const records = arranged(catalog, pagesIn(catalog, locale).pages, { title: (p) => p.title, updated_at: (p) => updatedAt(p) }, (p) => updatedAt(p), query.updated_since, query.sort);
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

/** A product in `locale` (the default locale's when absent); a slug the locale has not translated is not found there. */
export function findProduct(catalog: Catalog, slug: string, locale?: string): Product {
  const products = productsIn(catalog, locale);
  const product = products.bySlug.get(slug);
  if (!product) throw notFound('product', slug, productSlugs(catalog).filter((valid) => products.bySlug.has(valid)));
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
