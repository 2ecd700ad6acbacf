import type { Catalog, Post, Product } from '../content/types.js';
import { postsMatching, productsMatching, productsShownIn } from '../query/queries.js';

/**
 * What the listing pages show (the product list, one locale's blog): their
 * states and the records each state lists, the same for a page, its
 * markdown mirror and its MCP resource. Reading them from a query string is
 * the site's.
 */

/** Articles per page of /blog. */
export const POSTS_PER_PAGE = 10;

/** A state of one locale's blog: its articles, of some categories and tags or all, one page of them. */
export interface BlogFilters {
  /** The blog's path (`/blog`, `/pt-BR/blog`). */
  readonly path: string;
  /** The blog's locale: it lists that locale's articles. */
  readonly locale: string;
  /** Any of these categories (as the content writes them). */
  readonly category?: readonly string[];
  /** Any of these tags (as site.yaml's post_tags write them). */
  readonly tag?: readonly string[];
  /** 1-based. */
  readonly page: number;
}

export interface ProductFilters {
  /** Any of these statuses, and any of these tags (as the content writes them). */
  readonly status?: readonly string[];
  readonly tag?: readonly string[];
}

export function filterPosts(catalog: Catalog, filters: BlogFilters): readonly Post[] {
  return postsMatching(catalog, { category: filters.category, locale: [filters.locale], tag: filters.tag });
}

/** The products a reader of `locale` is shown (each in that language where it is translated) that match the filters. */
export function filterProducts(catalog: Catalog, filters: ProductFilters, locale: string): readonly Product[] {
  return productsMatching(catalog, { status: filters.status, tag: filters.tag }, productsShownIn(catalog, locale));
}
