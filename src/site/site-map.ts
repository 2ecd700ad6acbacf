import { pagePaths } from '../content/paths.js';
import type { Catalog, Page, Post, Site } from '../content/types.js';

/**
 * The site's routes, each with its `/md/` mirror, derived from the Catalog:
 * one per institutional page, one per product and per post. The navigation,
 * the sitemap, llms.txt and the tests all read this one list.
 */

/**
 * Pages whose route lists generated content (the product list, the blog, the
 * API reference): they exist even when the content has no page of that slug,
 * because other documents link to them (problem `type` URIs point at
 * `/developers`).
 */
export const LISTING_PAGES = {
  products: { title: 'Products', description: 'Every product, its status and its tags.' },
  blog: { title: 'Blog', description: 'Articles, newest first.' },
  developers: { title: 'Developers', description: 'The public, read-only content API, its MCP server and its markdown mirrors.' },
} as const;
export type ListingSlug = keyof typeof LISTING_PAGES;

export function isListing(slug: string): slug is ListingSlug {
  return Object.hasOwn(LISTING_PAGES, slug);
}

/** Pages shown in the footer rather than the header. */
const LEGAL_PAGES = ['privacy', 'terms'];

export interface PageRoute {
  readonly slug: string;
  /** Site path: `/` for the home page, `/<slug>` otherwise. */
  readonly path: string;
  /** Its `/md/` mirror. */
  readonly markdownPath: string;
  readonly title: string;
  readonly description: string;
  /** The content page, when the content has one. */
  readonly page?: Page;
}

export function pagePath(slug: string): string {
  return pagePaths(slug).path;
}

/** The route of a page slug, or undefined when the site has no such page. */
export function pageRoute(catalog: Catalog, slug: string): PageRoute | undefined {
  const page = catalog.pagesBySlug.get(slug);
  const listing = isListing(slug) ? LISTING_PAGES[slug] : undefined;
  if (!page && !listing && slug !== 'index') return undefined;
  return {
    slug,
    ...pagePaths(slug),
    title: page?.title ?? listing?.title ?? catalog.site.name,
    description: page?.description ?? listing?.description ?? catalog.site.description,
    ...(page ? { page } : {}),
  };
}

/** The slug of every page route: home, the content's pages in navigation order, then any listing the content lacks. */
export function pageRouteSlugs(site: Pick<Site, 'page_slugs'>): string[] {
  return [...new Set(['index', ...site.page_slugs.filter((slug) => slug !== 'index'), ...Object.keys(LISTING_PAGES)])];
}

/** Every page route, in the order of pageRouteSlugs. */
export function pageRoutes(catalog: Catalog): PageRoute[] {
  return pageRouteSlugs(catalog.site).flatMap((slug) => pageRoute(catalog, slug) ?? []);
}

/** The header's links: every page but home and the legal ones. */
export function headerNavigation(catalog: Catalog): PageRoute[] {
  return pageRoutes(catalog).filter((route) => route.slug !== 'index' && !LEGAL_PAGES.includes(route.slug));
}

export function legalNavigation(catalog: Catalog): PageRoute[] {
  return pageRoutes(catalog).filter((route) => LEGAL_PAGES.includes(route.slug));
}

/** How many articles the home page shows. */
const LATEST_POSTS = 3;

/** The home page's articles: the newest in the site's default locale. */
export function latestPosts(catalog: Catalog): readonly Post[] {
  return catalog.posts.filter((p) => p.locale === catalog.site.default_locale).slice(0, LATEST_POSTS);
}

/** A record's absolute URL as a site path, for links that must work on any host. */
export function sitePath(catalog: Catalog, url: string): string {
  return url.startsWith(catalog.base_url) ? url.slice(catalog.base_url.length) || '/' : url;
}

export interface SiteUrl {
  /** Absolute URL. */
  readonly loc: string;
  /** Calendar day of the last change (sitemaps.org `lastmod`), when known. */
  readonly lastmod?: string;
}

/** Every site route with its last change: the pages, each product and each post. */
export function siteUrls(catalog: Catalog): SiteUrl[] {
  const latest = (dates: readonly (string | undefined)[]) =>
    dates.filter((date): date is string => date !== undefined).sort().at(-1);
  const listingLastmod: Record<string, string | undefined> = {
    products: latest(catalog.products.map((p) => p.updated_at)),
    blog: latest(catalog.posts.map((p) => p.updated_at ?? p.published_at)),
  };
  const pages = pageRoutes(catalog).map((route) => {
    const lastmod = latest([route.page?.updated_at, listingLastmod[route.slug]]);
    return { loc: `${catalog.base_url}${route.path}`, ...(lastmod ? { lastmod } : {}) };
  });
  const products = catalog.products.map((p) => ({ loc: p.url, ...(p.updated_at ? { lastmod: p.updated_at } : {}) }));
  const posts = catalog.posts.map((p) => ({ loc: p.url, lastmod: p.updated_at ?? p.published_at }));
  return [...pages, ...products, ...posts];
}
