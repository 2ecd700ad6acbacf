import { API_PREFIX } from '../routes/table.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog, Page, PagesOfLocale, Post, Product, ProductsOfLocale } from '../content/types.js';
import type { ParamSpec, QueryOf, SortOrder } from './params.js';
import { folded } from './params.js';
import { nearestNames, withSuggestion } from '../util/suggest.js';
import type { pageQuery, postFilters, postQuery, productFilters, productQuery, searchQuery } from './parameters.js';
import { pageSlugs, postSlugs, productSlugs } from './parameters.js';
import type { SearchHit, SearchKind, SearchResult } from '../search/index.js';
import { SEARCH_KINDS, searchIndexFor } from '../search/index.js';
import type { RecordKind } from './errors.js';
import { clip, QueryError } from './errors.js';
import type { Collection } from './pagination.js';
import { pageLinks, paginate } from './pagination.js';
import { pageSummary, postSummary, productSummary } from './present.js';
import { updatedAt } from './updated-at.js';
import type { InLocale } from './untranslated.js';
import type { EmptiedBy, EmptyList, ListFilter } from './empty-lists.js';
import { byInstant, byValues, whyEmpty } from './empty-lists.js';
import { pageInLocale, productInLocale } from './untranslated.js';
import { ClockCache } from '../util/clock-cache.js';

/**
 * Every read of the content that a door offers: the filters, lists, pages of
 * results, search and single-record lookups. Their parameters are declared
 * once, in src/query/parameters.ts. REST, MCP and the website all call these;
 * none filters on its own.
 */

export { pageSlugs, postSlugs, productSlugs };

/** The pages of `locale` (the default locale's when absent or when it has none). */
export function pagesIn(catalog: Catalog, locale: string | undefined): PagesOfLocale {
  return ofLocale(catalog, catalog.pagesByLocale, locale);
}

/** A locale's part of `byLocale`: the default locale's when none is asked or the locale has none. */
function ofLocale<T>(catalog: Catalog, byLocale: ReadonlyMap<string, T>, locale: string | undefined): T {
  return byLocale.get(locale ?? catalog.site.default_locale) ?? byLocale.get(catalog.site.default_locale)!;
}

/** The products of `locale`: the default locale's (all of them) when absent, else those translated into it. */
export function productsIn(catalog: Catalog, locale: string | undefined): ProductsOfLocale {
  return ofLocale(catalog, catalog.productsByLocale, locale);
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

/** How many selections (filtered and ordered records) each content version keeps, and how many records in all. */
const SELECTIONS_KEPT = 128;
const SELECTED_RECORDS_KEPT = 1_000_000;

const selectionsOf = perCatalog(() => new ClockCache<readonly unknown[]>(SELECTIONS_KEPT, SELECTED_RECORDS_KEPT, (records) => records.length + 1));

/**
 * The records a list is cut from, for one combination of its filters and
 * order (`key`), made by `select` once per content version and kept while
 * it is asked for: the pages of a list, and the same list asked for again,
 * then cost their page alone. At 10,000 articles, ordering them by title
 * took 48 ms and keeping one locale's 2 ms, on every request.
 */
function selection<T>(catalog: Catalog, key: readonly unknown[], select: () => readonly T[]): readonly T[] {
  const selections = selectionsOf(catalog);
  const name = JSON.stringify(key);
  let records = selections.get(name) as readonly T[] | undefined;
  if (records === undefined) selections.set(name, (records = select()));
  return records;
}

/** What, besides its page, selects a list's records: the same for every page of it. */
const selectedBy = (query: Published & { readonly updated_since?: number | undefined; readonly sort?: SortOrder | undefined }) => [
  query.published_since,
  query.published_before,
  query.updated_since,
  query.sort?.field,
  query.sort?.descending,
];

/** The articles that match every filter given (one of its values each), newest first. */
export function postsMatching(catalog: Catalog, { category, locale, tag }: Filters<typeof postFilters>): readonly Post[] {
  if (!category && !locale && !tag) return catalog.posts;
  return selection(catalog, ['matching posts', category, locale, tag], () =>
    catalog.posts.filter((p) => (!category || category.includes(p.category)) && (!locale || locale.includes(p.locale)) && (!tag || p.tags.some((t) => tag.includes(t)))),
  );
}

/** A publication window: instants in epoch milliseconds, `since` included, `before` not. */
interface Published {
  readonly published_since?: number | undefined;
  readonly published_before?: number | undefined;
}

/** `posts` published within the window (all of them without one), in their order. */
function publishedWithin(posts: readonly Post[], { published_since: since, published_before: before }: Published): readonly Post[] {
  if (since === undefined && before === undefined) return posts;
  return posts.filter((p) => {
    const at = Date.parse(p.published_at);
    return (since === undefined || at >= since) && (before === undefined || at < before);
  });
}

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

/** An instant as a collection's links write it: RFC 3339 UTC, without milliseconds when it has none. */
const instantText = (instant: number | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString().replace(/\.000Z$/, 'Z'));

/** The parameters a collection's links repeat: the filters as given, the instants and order as written. */
function kept(query: Published & { readonly updated_since?: number | undefined; readonly sort?: SortOrder | undefined }): Record<string, string | undefined> {
  return {
    published_since: instantText(query.published_since),
    published_before: instantText(query.published_before),
    updated_since: instantText(query.updated_since),
    sort: query.sort === undefined ? undefined : `${query.sort.descending ? '-' : ''}${query.sort.field}`,
  };
}

export function listProducts(catalog: Catalog, query: QueryOf<typeof productQuery>): Collection<ReturnType<typeof productSummary>> {
  const { status, tag, locale, limit, offset } = query;
  const records = selection(catalog, ['products', status, tag, locale, ...selectedBy(query)], () =>
    arranged(catalog, productsMatching(catalog, { status, tag }, productsIn(catalog, locale).products), { name: (p) => p.name, updated_at: (p) => updatedAt(p, catalog) }, (p) => updatedAt(p, catalog), query.updated_since, query.sort),
  );
  const page = paginate(records, { endpoint: collectionUrl(catalog, '/products'), filters: { status: joined(status), tag: joined(tag), locale, ...kept(query) }, limit, offset }, (p) =>
    productSummary(p, catalog),
  );
  return explained(page, () => {
    const items = locale === undefined ? catalog.products : [...catalog.productsByLocale.values()].flatMap((of) => of.products);
    const filters = [
      ...valueFilter<Product>('locale', locale === undefined ? undefined : [locale], (p) => [p.locale]),
      ...valueFilter<Product>('status', status, (p) => [p.status]),
      ...valueFilter<Product>('tag', tag, (p) => p.tags),
      ...instantFilter<Product>('updated_since', query.updated_since, 'since', (p) => updatedAt(p, catalog)),
    ];
    return { noun: ['product', 'products'], items, filters, also: { locale: fallbackNote('product', catalog) } };
  });
}

/** `page`, with why it is empty when its filters left nothing. */
function explained<T, I>(page: Collection<T>, list: () => EmptyList<I>): Collection<T> {
  if (page.total > 0) return page;
  const why = whyEmpty(list());
  return why ? { ...page, why_empty: why } : page;
}

/** A filter of values, when the list is given one. */
function valueFilter<T>(parameter: string, asked: readonly string[] | undefined, valuesOf: (item: T) => readonly string[]): ListFilter<T>[] {
  return asked === undefined ? [] : [{ parameter, asked, valuesOf }];
}

/** A bound of instants, when the list is given one. */
function instantFilter<T>(parameter: string, bound: number | undefined, side: 'since' | 'before', instantOf: (item: T) => string): ListFilter<T>[] {
  const field = parameter.startsWith('published') ? 'published_at' : 'updated_at';
  return bound === undefined ? [] : [{ parameter, bound, side, field, instantOf }];
}

/** What a list filtered by locale adds: a record asked for by slug is still answered, by the rule for untranslated records. */
const fallbackNote = (kind: string, catalog: Catalog) =>
  `Each ${kind} is written in ${catalog.site.default_locale} first; asked for by slug in a locale it has no translation in, it is answered in ${catalog.site.default_locale}, with fallback saying so.`;

export function listPosts(catalog: Catalog, query: QueryOf<typeof postQuery>): Collection<ReturnType<typeof postSummary>> {
  const { category, locale, tag, limit, offset } = query;
  const records = selection(catalog, ['posts', category, locale, tag, ...selectedBy(query)], () =>
    arranged(catalog, publishedWithin(postsMatching(catalog, { category, locale, tag }), query), { published_at: (p) => p.published_at, updated_at: (p) => updatedAt(p), title: (p) => p.title }, (p) => updatedAt(p), query.updated_since, query.sort),
  );
  const page = paginate(
    records,
    { endpoint: collectionUrl(catalog, '/posts'), filters: { category: joined(category), locale: joined(locale), tag: joined(tag), ...kept(query) }, limit, offset },
    postSummary,
  );
  return explained(page, () => ({
    noun: ['article', 'articles'],
    items: catalog.posts,
    filters: [
      ...valueFilter<Post>('category', category, (p) => [p.category]),
      ...valueFilter<Post>('locale', locale, (p) => [p.locale]),
      ...instantFilter<Post>('published_since', query.published_since, 'since', (p) => p.published_at),
      ...instantFilter<Post>('published_before', query.published_before, 'before', (p) => p.published_at),
      ...instantFilter<Post>('updated_since', query.updated_since, 'since', (p) => updatedAt(p)),
    ],
  }));
}

export function listPages(catalog: Catalog, query: QueryOf<typeof pageQuery>): Collection<ReturnType<typeof pageSummary>> {
  const { limit, offset, locale } = query;
  const records = arranged(catalog, pagesOfLocales(catalog, locale), { title: (p) => p.title, updated_at: (p) => updatedAt(p) }, (p) => updatedAt(p), query.updated_since, query.sort);
  const page = paginate(records, { endpoint: collectionUrl(catalog, '/pages'), filters: { locale: joined(locale), ...kept(query) }, limit, offset }, pageSummary);
  return explained(page, () => ({
    noun: ['page', 'pages'],
    items: locale === undefined ? catalog.pages : [...catalog.pagesByLocale.values()].flatMap((of) => of.pages),
    filters: [
      ...valueFilter<Page>('locale', locale, (p) => [p.locale]),
      ...instantFilter<Page>('updated_since', query.updated_since, 'since', (p) => updatedAt(p)),
    ],
    also: { locale: fallbackNote('page', catalog) },
  }));
}

/**
 * The pages of the locales asked for (the default locale's without any),
 * most recently updated first as each locale's list is: stable, so pages
 * of the same date keep their locale's order and the locales theirs.
 */
function pagesOfLocales(catalog: Catalog, locales: readonly string[] | undefined): readonly Page[] {
  if (locales === undefined || locales.length === 1) return pagesIn(catalog, locales?.[0]).pages;
  const pages = catalog.site.locales.filter((locale) => locales.includes(locale)).flatMap((locale) => catalog.pagesByLocale.get(locale)?.pages ?? []);
  return [...pages].sort((a, b) => Date.parse(updatedAt(b)) - Date.parse(updatedAt(a)));
}

/** A search hit as it is answered: the index's, with the dates of its record. */
export type AnsweredHit = SearchHit & { readonly published_at?: string; readonly updated_at: string };

/** A page of search hits, paged like a list: `next` and `prev` keep the query and its filters. */
export type SearchPage = Omit<SearchResult, 'items'> & {
  readonly items: readonly AnsweredHit[];
  readonly next: string | null;
  readonly prev: string | null;
  /** When its filters left nothing the words find without them: why (src/query/empty-lists.ts). */
  readonly why_empty?: readonly EmptiedBy[];
};

/** The record a hit names. */
function recordOf(catalog: Catalog, hit: SearchHit): Product | Post | Page | undefined {
  if (hit.kind === 'product') return catalog.productsBySlug.get(hit.slug);
  if (hit.kind === 'post') return catalog.postsBySlug.get(hit.slug);
  return pagesIn(catalog, hit.locale).bySlug.get(hit.slug);
}

/** `hit` with its record's dates: when it was published (articles), when it last changed (every record). */
function withDates(catalog: Catalog, hit: SearchHit): AnsweredHit {
  const record = recordOf(catalog, hit);
  if (!record) return { ...hit, updated_at: catalog.loaded_at };
  return { ...hit, ...('published_at' in record ? { published_at: record.published_at } : {}), updated_at: updatedAt(record, catalog) };
}

export function searchContent(catalog: Catalog, query: QueryOf<typeof searchQuery>): SearchPage {
  const { q, limit, kind, locale, offset, published_since: publishedSince, published_before: publishedBefore, sort } = query;
  const result = searchIndexFor(catalog).search(q, {
    limit,
    offset,
    ...(kind === undefined ? {} : { kind: kind as SearchKind }),
    ...(locale === undefined ? {} : { locale }),
    ...(publishedSince === undefined ? {} : { publishedSince }),
    ...(publishedBefore === undefined ? {} : { publishedBefore }),
    ...(sort === undefined ? {} : { sort: sort.descending ? '-published_at' : 'published_at' }),
  });
  const { next, prev } = pageLinks({ endpoint: collectionUrl(catalog, '/search'), filters: { q, kind, locale, ...kept(query) }, limit, offset }, result.total);
  const answered = { ...result, items: result.items.map((hit) => withDates(catalog, hit)), next, prev };
  if (result.total > 0) return answered;
  const why = searchWhyEmpty(catalog, q, { kind: kind as SearchKind | undefined, locale, publishedSince, publishedBefore });
  return why.length > 0 ? { ...answered, why_empty: why } : answered;
}

/** The filters of a search, as its index takes them. */
interface SearchFilters {
  readonly kind?: SearchKind | undefined;
  readonly locale?: string | undefined;
  readonly publishedSince?: number | undefined;
  readonly publishedBefore?: number | undefined;
}

/**
 * Why the words `q` find nothing under their filters when they find
 * something without one of them: for a kind or a locale, how many hits each
 * other value has; for a publication bound, the nearest date beyond it.
 * Nothing when the words find nothing whatever the filters (the search's
 * suggestions answer that).
 */
function searchWhyEmpty(catalog: Catalog, q: string, filters: SearchFilters): EmptiedBy[] {
  const index = searchIndexFor(catalog);
  const defined = (options: SearchFilters) => Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const total = (options: SearchFilters) => index.search(q, { limit: 1, ...defined(options) }).total;
  const noun = ['hit', 'hits'] as const;
  const found: EmptiedBy[] = [];
  const { kind, locale, publishedSince, publishedBefore } = filters;
  const valued = [
    ['kind', kind, SEARCH_KINDS],
    ['locale', locale, catalog.site.locales],
  ] as const;
  for (const [parameter, asked, values] of valued) {
    if (asked === undefined) continue;
    const others = values
      .filter((value) => value !== asked)
      .map((value) => ({ value, total: total({ ...filters, [parameter]: value }) }))
      .filter((other) => other.total > 0)
      .sort((a, b) => b.total - a.total);
    if (others.length > 0) found.push(byValues(noun, parameter, [asked], others));
  }
  // The nearest publication beyond a bound: the newest before `since`, the oldest at or after `before`.
  const nearest = (options: SearchFilters, sort: '-published_at' | 'published_at') => {
    const [hit] = index.search(q, { limit: 1, ...defined(options), sort }).items;
    const record = hit && recordOf(catalog, hit);
    return record && 'published_at' in record ? record.published_at : undefined;
  };
  if (publishedSince !== undefined) {
    const at = nearest({ ...filters, publishedSince: undefined, publishedBefore: Math.min(publishedSince, publishedBefore ?? Infinity) }, '-published_at');
    if (at) found.push(byInstant(noun[0], { parameter: 'published_since', field: 'published_at', bound: publishedSince, side: 'since' }, Date.parse(at)));
  }
  if (publishedBefore !== undefined) {
    const at = nearest({ ...filters, publishedBefore: undefined, publishedSince: Math.max(publishedBefore, publishedSince ?? -Infinity) }, 'published_at');
    if (at) found.push(byInstant(noun[0], { parameter: 'published_before', field: 'published_at', bound: publishedBefore, side: 'before' }, Date.parse(at)));
  }
  return found;
}

/**
 * The site's search: what a reader of `language` is shown (products, and
 * that language's pages and articles), a page of ten at `offset`.
 */
export function searchSite(catalog: Catalog, q: string, offset: number, language: string): SearchResult {
  return searchIndexFor(catalog).search(q, { limit: 10, offset, language });
}

function notFound(kind: RecordKind, slug: string, validSlugs: readonly string[]): QueryError {
  const nearest = nearestNames(slug, validSlugs);
  const detail = withSuggestion(`No ${kind} has the slug "${clip(slug)}"`, nearest);
  return new QueryError('not_found', nearest.length ? detail : `${detail}.`, { kind, validSlugs, ...(nearest.length ? { nearest } : {}) });
}

/**
 * The record of `slug`, forgiving its case and accents as every other
 * argument does (`Café` is `cafe`): slugs are lowercase letters, digits and
 * hyphens.
 */
function bySlugOf<R>(bySlug: ReadonlyMap<string, R>, slug: string): R | undefined {
  return bySlug.get(slug) ?? bySlug.get(folded(slug));
}

/**
 * A product in `locale` (the default locale's when absent), by the rule for
 * untranslated records (src/query/untranslated.ts): a slug the locale has not
 * translated is answered in the default locale, with its fallback.
 */
export function findProduct(catalog: Catalog, slug: string, locale?: string): InLocale<Product> {
  const found = productInLocale(catalog, slug, locale) ?? productInLocale(catalog, folded(slug), locale);
  if (!found) throw notFound('product', slug, productSlugs(catalog));
  return found;
}

export function findPost(catalog: Catalog, slug: string): Post {
  const post = bySlugOf(catalog.postsBySlug, slug);
  if (!post) throw notFound('post', slug, postSlugs(catalog));
  return post;
}

/** A page in `locale` (the default locale's when absent), by the same rule as a product. */
export function findPage(catalog: Catalog, slug: string, locale?: string): InLocale<Page> {
  const found = pageInLocale(catalog, slug, locale) ?? pageInLocale(catalog, folded(slug), locale);
  if (!found) throw notFound('page', slug, pageSlugs(catalog));
  return found;
}
