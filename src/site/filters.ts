import type { Catalog, Post } from '../content/types.js';
import { ProblemError } from '../http/problem.js';
import { forReaders } from './error-pages.js';
import type { Words } from '../documents/words.js';
import { wordsOf } from '../documents/words.js';
import type { ChoicesParam } from '../query/params.js';
import { folded } from '../query/params.js';
import { tagLabel } from '../content/site-texts.js';
import { statusWords } from '../documents/labels.js';
import { blogPage as blogPageParam, postFilters, productFilters, searchQuery } from '../query/parameters.js';
import type { BlogFilters, ProductFilters } from '../documents/lists.js';
import { filterPosts, POSTS_PER_PAGE } from '../documents/lists.js';

/**
 * The query strings of the listing and search pages, read as a form's: they
 * come from plain GET forms and links, so an empty value ("All categories")
 * means "no filter" and a parameter the page does not know (a campaign tag)
 * is ignored; a value outside what the parameter's declaration allows (the
 * API's own, src/query/parameters.ts) is a 400 page that says, in the page's
 * language, what is allowed. The filtering itself is the query layer's.
 */

/** Where a query is read: the page's path, and its reader's words. */
export interface QueryPlace {
  readonly path: string;
  readonly w: Words;
  /** The page's locale, whose tag labels a `tag` filter also takes (and names the tags by). */
  readonly locale?: string;
}

/** A 400 worded for the page's reader. */
function refused(detail: string, hint: string, extensions: Record<string, unknown>): ProblemError {
  return forReaders(new ProblemError('invalid_parameter', { detail, hint, extensions }));
}

export type SiteQuery = Readonly<Record<string, string | string[] | undefined>>;

function single(query: SiteQuery, name: string, { path, w }: QueryPlace): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw refused(w('error.repeated_parameter', { name, count: value.length }), w('error.give_once', { path, name }), { parameter: name });
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The values of an enumerated filter, read by the parameter the API reads
 * it with (src/query/parameters.ts), so the site and the API accept and refuse
 * the same values (case and accents forgiven, several separated by commas);
 * then kept to `allowed` where the page lists fewer than the API (one
 * locale's categories). A refusal is worded for the page's reader.
 */
function valuesOf(query: SiteQuery, name: string, param: ChoicesParam, catalog: Catalog, place: QueryPlace, allowed: readonly string[] = param.values(catalog)): readonly string[] | undefined {
  const given = single(query, name, place);
  if (given === undefined) return undefined;
  const shown = given.length > 100 ? `${given.slice(0, 100)}…` : given;
  const label = (tag: string) => (place.locale === undefined ? tag : tagLabel(catalog.site, tag, place.locale));
  // A reader is told a status in the page's words ("Demnächst"), the value of the link beside it, and a tag by its label there; content values are their own words.
  const choices = allowed.map((choice) => (name === 'status' ? `${statusWords(choice, place.w)} (${choice})` : name === 'tag' ? label(choice) : choice)).join(', ');
  const refuse = (): never => {
    throw refused(place.w('error.no_such_value', { name, value: shown }), place.w('error.choose_one_of', { choices, path: place.path }), { parameter: name, accepted: allowed });
  };
  const value = name === 'tag' ? given.split(',').map((one) => tagOfLabel(allowed, label, one)).join(',') : given;
  const values = param.read(value, name, catalog, refuse);
  if (values.some((one) => !allowed.includes(one))) refuse();
  return values;
}

/**
 * The tag among `tags` that the page shows as `given` (its label there,
 * case and accents aside), or `given` as it is: a tag as site.yaml writes
 * it is read as the API reads it, before any label.
 */
function tagOfLabel(tags: readonly string[], label: (tag: string) => string, given: string): string {
  const wanted = folded(given);
  if (tags.some((tag) => folded(tag) === wanted)) return given;
  return tags.find((tag) => folded(label(tag)) === wanted) ?? given;
}

/**
 * The state of the blog at `path` in `locale`. A `locale` parameter (the
 * one blog of every language had it) names the blog to go to instead: it is
 * returned as `moveTo`, for a permanent redirect.
 */
export function parseBlogFilters(query: SiteQuery, catalog: Catalog, blog: { path: string; locale: string }): BlogFilters & { moveTo?: string } {
  const { path } = blog;
  const place = { path, w: wordsOf(catalog, blog.locale), locale: blog.locale };
  const locales = valuesOf(query, 'locale', postFilters.locale, catalog, place);
  if (locales !== undefined && locales.length > 1) throw refused(place.w('error.repeated_parameter', { name: 'locale', count: locales.length }), place.w('error.give_once', { path, name: 'locale' }), { parameter: 'locale' });
  const moveTo = locales?.[0];
  const categories = moveTo === undefined ? (catalog.site.post_categories[blog.locale] ?? []) : undefined;
  const category = valuesOf(query, 'category', postFilters.category, catalog, place, categories);
  const tag = valuesOf(query, 'tag', postFilters.tag, catalog, place);
  const rawPage = single(query, 'page', place);
  const page =
    rawPage === undefined
      ? blogPageParam.default
      : blogPageParam.read(rawPage, 'page', catalog, () => {
          throw refused(place.w('error.bad_page', { value: rawPage.slice(0, 20) }), pageHint(catalog, place, { path, locale: blog.locale, ...(category ? { category } : {}), page: 1 }), { parameter: 'page', accepted: `a whole number from ${blogPageParam.minimum}` });
        });
  return { path, locale: blog.locale, ...(category ? { category } : {}), ...(tag ? { tag } : {}), page, ...(moveTo === undefined ? {} : { moveTo }) };
}

/** The filters of the product list at `route` (its path and locale). */
export function parseProductFilters(query: SiteQuery, catalog: Catalog, route: { path: string; locale: string }): ProductFilters {
  const place = { path: route.path, w: wordsOf(catalog, route.locale), locale: route.locale };
  const status = valuesOf(query, 'status', productFilters.status, catalog, place);
  const tag = valuesOf(query, 'tag', productFilters.tag, catalog, place);
  return { ...(status ? { status } : {}), ...(tag ? { tag } : {}) };
}

export interface BlogPage {
  readonly posts: readonly Post[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
  /** Index of the first post shown, 0-based. */
  readonly start: number;
}

/** How many pages a list of `count` articles takes: one at least, the empty list's. */
const pagesOf = (count: number): number => Math.max(1, Math.ceil(count / POSTS_PER_PAGE));

/** What to open instead of a bad page number: the second page and the links to the others, or, when the list has one page, that page. */
function pageHint(catalog: Catalog, place: QueryPlace, filters: BlogFilters): string {
  const { path } = filters;
  if (pagesOf(filterPosts(catalog, filters).length) === 1) return place.w('error.one_page_hint', { path: blogHref(filters) });
  return place.w('error.bad_page_hint', { path, second: blogHref({ ...filters, page: 2 }) });
}

/** One page of the filtered articles; a page past the last is a 404 that names the last. */
export function blogPage(catalog: Catalog, filters: BlogFilters): BlogPage {
  const matches = filterPosts(catalog, filters);
  const pages = pagesOf(matches.length);
  if (filters.page > pages) {
    const w = wordsOf(catalog, filters.locale);
    throw forReaders(new ProblemError('not_found', { detail: w('blog.no_such_page', { page: filters.page, pages }), hint: w('blog.open_last_page', { path: blogHref({ ...filters, page: pages }) }) }));
  }
  const start = (filters.page - 1) * POSTS_PER_PAGE;
  return { posts: matches.slice(start, start + POSTS_PER_PAGE), total: matches.length, page: filters.page, pages, start };
}

/** The URL of a blog state; page 1 and absent filters are left out, so each state has one URL. */
export function blogHref(filters: BlogFilters): string {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category.join(','));
  if (filters.tag) query.set('tag', filters.tag.join(','));
  if (filters.page > 1) query.set('page', String(filters.page));
  const search = query.toString();
  return search ? `${filters.path}?${search}` : filters.path;
}

/** The words of a search, when there are some (an empty form shows the form alone). */
export function searchTerms(query: SiteQuery, place: QueryPlace): string | undefined {
  const q = single(query, 'q', place)?.trim();
  if (q === undefined || q === '') return undefined;
  // The API's bound on the words of a search: the site searches the same index.
  const { maxLength } = searchQuery.q;
  if ([...q].length > maxLength) throw refused(place.w('error.search_too_long', { max: maxLength }), place.w('error.search_few_words', { path: place.path }), { parameter: 'q', accepted: `at most ${maxLength} characters` });
  return q;
}

/** How many of the best hits a later page of results skips. */
export function searchOffset(query: SiteQuery, place: QueryPlace, catalog: Catalog): number {
  const raw = single(query, 'offset', place);
  if (raw === undefined) return searchQuery.offset.default;
  // The API's own reading of the parameter: the site's search takes what the API's does.
  return searchQuery.offset.read(raw, 'offset', catalog, () => {
    throw refused(place.w('error.bad_offset', { value: raw.slice(0, 20) }), place.w('error.bad_offset_hint', { path: place.path }), { parameter: 'offset', accepted: searchQuery.offset.accepted() });
  });
}
