import { pagePaths } from '../content/paths.js';
import type { Catalog, Page, Post, Site } from '../content/types.js';
import { pagesIn } from '../query/queries.js';
import type { Words } from './i18n.js';
import { wordsOf } from './i18n.js';

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
  products: (w: Words) => ({ title: w.products, description: w.productsDescription }),
  blog: (w: Words) => ({ title: w.blog, description: w.blogDescription }),
  developers: (w: Words) => ({ title: w.developers, description: w.developersDescription }),
} as const;
export type ListingSlug = keyof typeof LISTING_PAGES;

/**
 * Routes every locale has, translated or not: its home page, its blog (the
 * articles in that locale) and its search page.
 */
export const EVERY_LOCALE: ReadonlySet<string> = new Set(['index', 'blog', 'search']);

export function isListing(slug: string): slug is ListingSlug {
  return Object.hasOwn(LISTING_PAGES, slug);
}

/** Pages shown in the footer rather than the header. */
const LEGAL_PAGES = ['privacy', 'terms'];

export interface PageRoute {
  readonly slug: string;
  /** The language of the page and its frame. */
  readonly locale: string;
  /** Site path: `/` for the home page, `/<slug>` otherwise; under `/<locale>` for another locale than the default. */
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

/**
 * The route of a page slug in a locale (the default one unless given), or
 * undefined when the site has no such page there. In another locale than
 * the default, a page exists when the content translates it, and the home
 * page, the blog and the search page always do.
 */
export function pageRoute(catalog: Catalog, slug: string, locale: string = catalog.site.default_locale): PageRoute | undefined {
  if (!catalog.site.locales.includes(locale)) return undefined;
  const isDefault = locale === catalog.site.default_locale;
  const page = catalog.pagesByLocale.get(locale)?.bySlug.get(slug);
  const words = wordsOf(locale);
  const listing = isListing(slug) ? LISTING_PAGES[slug](words) : slug === 'search' ? { title: words.search, description: words.searchDescription } : undefined;
  if (!page && !(isDefault ? listing || slug === 'index' : EVERY_LOCALE.has(slug))) return undefined;
  const home = slug === 'index' ? pagesIn(catalog, locale).bySlug.get('index') : undefined;
  return {
    slug,
    locale,
    ...pagePaths(slug, isDefault ? undefined : locale),
    title: page?.title ?? listing?.title ?? home?.title ?? catalog.site.name,
    description: page?.description ?? listing?.description ?? catalog.site.description,
    ...(page ? { page } : {}),
  };
}

/** The slug of every page route: home, the content's pages in navigation order, then any listing the content lacks, then search. */
export function pageRouteSlugs(site: Pick<Site, 'page_slugs'>): string[] {
  return [...new Set(['index', ...site.page_slugs.filter((slug) => slug !== 'index'), ...Object.keys(LISTING_PAGES), 'search'])];
}

/** Every page route of a locale (every locale's when none is given), in the order of pageRouteSlugs. */
export function pageRoutes(catalog: Catalog, locale?: string): PageRoute[] {
  const locales = locale === undefined ? catalog.site.locales : [locale];
  return locales.flatMap((l) => pageRouteSlugs(catalog.site).flatMap((slug) => pageRoute(catalog, slug, l) ?? []));
}

/** The same page in every other locale it exists in. */
export function routeTranslations(catalog: Catalog, route: PageRoute): PageRoute[] {
  return catalog.site.locales.flatMap((locale) => (locale === route.locale ? [] : (pageRoute(catalog, route.slug, locale) ?? [])));
}

/** A page of the navigation in `locale`: its own route when it has one, else the default locale's. */
export function navigationRoute(catalog: Catalog, slug: string, locale: string): PageRoute | undefined {
  return pageRoute(catalog, slug, locale) ?? pageRoute(catalog, slug);
}

/** The header's links in `locale`: every page but home, search and the legal ones. */
export function headerNavigation(catalog: Catalog, locale: string = catalog.site.default_locale): PageRoute[] {
  return pageRouteSlugs(catalog.site)
    .filter((slug) => slug !== 'index' && slug !== 'search' && !LEGAL_PAGES.includes(slug))
    .flatMap((slug) => navigationRoute(catalog, slug, locale) ?? []);
}

export function legalNavigation(catalog: Catalog, locale: string = catalog.site.default_locale): PageRoute[] {
  return LEGAL_PAGES.flatMap((slug) => navigationRoute(catalog, slug, locale) ?? []);
}

/** How many articles the home page shows. */
const LATEST_POSTS = 3;

/** The home page's articles: the newest in its locale. */
export function latestPosts(catalog: Catalog, locale: string = catalog.site.default_locale): readonly Post[] {
  return catalog.posts.filter((p) => p.locale === locale).slice(0, LATEST_POSTS);
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
  /** Every language version of the page, itself included, when it has more than one. */
  readonly alternates?: readonly { readonly hreflang: string; readonly href: string }[];
}

/** Every site route with its last change: the pages, each product and each post. */
export function siteUrls(catalog: Catalog): SiteUrl[] {
  const latest = (dates: readonly (string | undefined)[]) =>
    dates.filter((date): date is string => date !== undefined).sort().at(-1);
  const listingLastmod = (slug: string, locale: string) =>
    slug === 'products'
      ? latest(catalog.products.map((p) => p.updated_at))
      : slug === 'blog'
        ? latest(catalog.posts.filter((p) => p.locale === locale).map((p) => p.updated_at ?? p.published_at))
        : undefined;
  const alternates = (versions: readonly { locale: string; url: string }[]) =>
    versions.length > 1 ? { alternates: versions.map((v) => ({ hreflang: v.locale, href: v.url })) } : {};
  // The search page's results are not indexed (noindex): it is no sitemap URL.
  const pages = pageRoutes(catalog)
    .filter((route) => route.slug !== 'search')
    .map((route) => {
      const lastmod = latest([route.page?.updated_at, listingLastmod(route.slug, route.locale)]);
      const versions = [route, ...routeTranslations(catalog, route)].map((r) => ({ locale: r.locale, url: `${catalog.base_url}${r.path}` }));
      return { loc: `${catalog.base_url}${route.path}`, ...(lastmod ? { lastmod } : {}), ...alternates(versions) };
    });
  const products = catalog.products.map((p) => ({ loc: p.url, ...(p.updated_at ? { lastmod: p.updated_at } : {}) }));
  const posts = catalog.posts.map((p) => ({ loc: p.url, lastmod: p.updated_at ?? p.published_at, ...alternates([p, ...p.translations]) }));
  return [...pages, ...products, ...posts];
}
