import type { Catalog, Post, Product } from '../content/types.js';
import { ProblemError } from '../http/problem.js';
import { oneValue, postFilters, postsMatching, productFilters, productsMatching } from '../query/queries.js';

/**
 * The query strings of the two listing pages, read as a form's: they come
 * from plain GET forms and links, so an empty value ("All categories") means
 * "no filter" and a parameter the page does not know (a campaign tag) is
 * ignored; a value outside the allowed set (the query layer's, as the API
 * has) is a 400 page that says what is allowed. The filtering itself is the
 * query layer's.
 */

export type SiteQuery = Readonly<Record<string, string | string[] | undefined>>;

/** Articles per page of /blog. */
export const POSTS_PER_PAGE = 10;

export interface BlogFilters {
  readonly category?: string;
  readonly locale?: string;
  /** 1-based. */
  readonly page: number;
}

export interface ProductFilters {
  readonly status?: string;
  readonly tag?: string;
}

function single(query: SiteQuery, name: string, path: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    throw new ProblemError('invalid_parameter', {
      detail: `The parameter "${name}" is given ${value.length} times; give it once.`,
      hint: `Open ${path} with at most one "${name}".`,
      extensions: { parameter: name },
    });
  }
  return value === undefined || value === '' ? undefined : value;
}

function oneOf(query: SiteQuery, name: string, allowed: readonly string[], path: string): string | undefined {
  const value = single(query, name, path);
  if (value !== undefined && !allowed.includes(value)) {
    const shown = value.length > 100 ? `${value.slice(0, 100)}…` : value;
    throw new ProblemError('invalid_parameter', {
      detail: `There is no ${name} "${shown}".`,
      hint: `Choose one of: ${allowed.join(', ')}; or open ${path} without it.`,
      extensions: { parameter: name, accepted: allowed },
    });
  }
  return value;
}

export function parseBlogFilters(query: SiteQuery, catalog: Catalog): BlogFilters {
  const category = oneOf(query, 'category', postFilters.category.values(catalog), '/blog');
  const locale = oneOf(query, 'locale', postFilters.locale.values(catalog), '/blog');
  const rawPage = single(query, 'page', '/blog');
  let page = 1;
  if (rawPage !== undefined) {
    if (!/^[1-9]\d{0,5}$/.test(rawPage)) {
      throw new ProblemError('invalid_parameter', {
        detail: `The page number must be a whole number from 1; got "${rawPage.slice(0, 20)}".`,
        hint: 'Open /blog?page=2, or follow the page links at the bottom of /blog.',
        extensions: { parameter: 'page', accepted: 'a whole number from 1' },
      });
    }
    page = Number(rawPage);
  }
  return { ...(category ? { category } : {}), ...(locale ? { locale } : {}), page };
}

export function parseProductFilters(query: SiteQuery, catalog: Catalog): ProductFilters {
  const status = oneOf(query, 'status', productFilters.status.values(), '/products');
  const tag = oneOf(query, 'tag', productFilters.tag.values(catalog), '/products');
  return { ...(status ? { status } : {}), ...(tag ? { tag } : {}) };
}

export function filterPosts(catalog: Catalog, filters: BlogFilters): readonly Post[] {
  return postsMatching(catalog, { category: oneValue(filters.category), locale: oneValue(filters.locale) });
}

export function filterProducts(catalog: Catalog, filters: ProductFilters): readonly Product[] {
  return productsMatching(catalog, { status: oneValue(filters.status), tag: oneValue(filters.tag) });
}

export interface BlogPage {
  readonly posts: readonly Post[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
  /** Index of the first post shown, 0-based. */
  readonly start: number;
}

/** One page of the filtered articles; a page past the last is a 404 that names the last. */
export function blogPage(catalog: Catalog, filters: BlogFilters): BlogPage {
  const matches = filterPosts(catalog, filters);
  const pages = Math.max(1, Math.ceil(matches.length / POSTS_PER_PAGE));
  if (filters.page > pages) {
    throw new ProblemError('not_found', {
      detail: `There is no page ${filters.page} of this list: it has ${pages} page${pages === 1 ? '' : 's'}.`,
      hint: `Open ${blogHref({ ...filters, page: pages })}.`,
    });
  }
  const start = (filters.page - 1) * POSTS_PER_PAGE;
  return { posts: matches.slice(start, start + POSTS_PER_PAGE), total: matches.length, page: filters.page, pages, start };
}

/** The /blog URL of a filter state; page 1 and absent filters are left out, so each state has one URL. */
export function blogHref(filters: BlogFilters): string {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.locale) query.set('locale', filters.locale);
  if (filters.page > 1) query.set('page', String(filters.page));
  const search = query.toString();
  return search ? `/blog?${search}` : '/blog';
}

/** A stable key of a filter state, for the per-Catalog page cache. */
export function filterKey(filters: BlogFilters | ProductFilters): string {
  return JSON.stringify(filters);
}
