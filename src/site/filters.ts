import type { Catalog, Post, Product } from '../content/types.js';
import { ProblemError } from '../http/problem.js';
import { forReaders } from './errors.js';
import { wordsOf } from './i18n.js';
import { blogPage as blogPageParam, postFilters, productFilters, searchQuery } from '../model/queries.js';
import { oneValue, postsMatching, productsMatching, productsShownIn } from '../query/queries.js';

/**
 * The query strings of the listing and search pages, read as a form's: they
 * come from plain GET forms and links, so an empty value ("All categories")
 * means "no filter" and a parameter the page does not know (a campaign tag)
 * is ignored; a value outside what the parameter's declaration allows (the
 * API's own, src/model/queries.ts) is a 400 page that says what is allowed.
 * The filtering itself is the query layer's.
 */

export type SiteQuery = Readonly<Record<string, string | string[] | undefined>>;

/** Articles per page of /blog. */
export const POSTS_PER_PAGE = 10;

/** A state of one locale's blog: its articles, one category or all, one page of them. */
export interface BlogFilters {
  /** The blog's path (`/blog`, `/pt-BR/blog`). */
  readonly path: string;
  /** The blog's locale: it lists that locale's articles. */
  readonly locale: string;
  readonly category?: string;
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

/**
 * The state of the blog at `path` in `locale`. A `locale` parameter (the
 * one blog of every language had it) names the blog to go to instead: it is
 * returned as `moveTo`, for a permanent redirect.
 */
export function parseBlogFilters(query: SiteQuery, catalog: Catalog, blog: { path: string; locale: string }): BlogFilters & { moveTo?: string } {
  const { path } = blog;
  const moveTo = oneOf(query, 'locale', postFilters.locale.values(catalog), path);
  const category = oneOf(query, 'category', moveTo === undefined ? (catalog.site.post_categories[blog.locale] ?? []) : postFilters.category.values(catalog), path);
  const rawPage = single(query, 'page', path);
  const page =
    rawPage === undefined
      ? blogPageParam.default
      : blogPageParam.read(rawPage, 'page', catalog, () => {
          const from = `a whole number from ${blogPageParam.minimum}`;
          throw new ProblemError('invalid_parameter', {
            detail: `The page number must be ${from}; got "${rawPage.slice(0, 20)}".`,
            hint: `Open ${path}?page=2, or follow the page links at the bottom of ${path}.`,
            extensions: { parameter: 'page', accepted: from },
          });
        });
  return { path, locale: blog.locale, ...(category ? { category } : {}), page, ...(moveTo === undefined ? {} : { moveTo }) };
}

export function parseProductFilters(query: SiteQuery, catalog: Catalog): ProductFilters {
  const status = oneOf(query, 'status', productFilters.status.values(catalog), '/products');
  const tag = oneOf(query, 'tag', productFilters.tag.values(catalog), '/products');
  return { ...(status ? { status } : {}), ...(tag ? { tag } : {}) };
}

export function filterPosts(catalog: Catalog, filters: BlogFilters): readonly Post[] {
  return postsMatching(catalog, { category: oneValue(filters.category), locale: [filters.locale] });
}

/** The products a reader of `locale` is shown (each in that language where it is translated) that match the filters. */
export function filterProducts(catalog: Catalog, filters: ProductFilters, locale: string): readonly Product[] {
  return productsMatching(catalog, { status: oneValue(filters.status), tag: oneValue(filters.tag) }, productsShownIn(catalog, locale));
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
    const w = wordsOf(catalog, filters.locale);
    throw forReaders(new ProblemError('not_found', { detail: w.noSuchPage(filters.page, pages), hint: w.openLastPage(blogHref({ ...filters, page: pages })) }));
  }
  const start = (filters.page - 1) * POSTS_PER_PAGE;
  return { posts: matches.slice(start, start + POSTS_PER_PAGE), total: matches.length, page: filters.page, pages, start };
}

/** The URL of a blog state; page 1 and absent filters are left out, so each state has one URL. */
export function blogHref(filters: BlogFilters): string {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.page > 1) query.set('page', String(filters.page));
  const search = query.toString();
  return search ? `${filters.path}?${search}` : filters.path;
}

/** A stable key of a filter state, for the per-Catalog page cache. */
export function filterKey(filters: BlogFilters | ProductFilters): string {
  return JSON.stringify(filters);
}

/** The words of a search, when there are some (an empty form shows the form alone). */
export function searchTerms(query: SiteQuery, path: string): string | undefined {
  const q = single(query, 'q', path)?.trim();
  if (q === undefined || q === '') return undefined;
  // The API's bound on the words of a search: the site searches the same index.
  const { maxLength } = searchQuery.q;
  if ([...q].length > maxLength) {
    throw new ProblemError('invalid_parameter', {
      detail: `The search is longer than ${maxLength} characters.`,
      hint: `Search for a few words at ${path}.`,
      extensions: { parameter: 'q', accepted: `at most ${maxLength} characters` },
    });
  }
  return q;
}

/** How many of the best hits a later page of results skips. */
export function searchOffset(query: SiteQuery, path: string): number {
  const raw = single(query, 'offset', path);
  if (raw === undefined) return 0;
  if (!/^\d{1,6}$/.test(raw)) {
    throw new ProblemError('invalid_parameter', {
      detail: `The offset must be a whole number from 0; got "${raw.slice(0, 20)}".`,
      hint: `Follow the links below the results of ${path}.`,
      extensions: { parameter: 'offset', accepted: 'a whole number from 0' },
    });
  }
  return Number(raw);
}
