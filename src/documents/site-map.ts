import { hrefOf, hrefOfUrl } from '../routes/table.js';
import { pageRouteSlugs, registryOf } from './registry.js';
import type { Catalog, Page, Post } from '../content/types.js';
import { descriptionIn } from '../content/site-texts.js';
import { pagesIn } from '../query/queries.js';
import { isLegalNotice, LEGAL_PAGE_SLUGS } from '../content/legal-notice.js';
import type { Words } from './words.js';
import { wordsOf } from './words.js';

/**
 * The site's routes, each with its `/md/` mirror, derived from the Catalog:
 * one per institutional page, one per product and per post. The navigation,
 * the sitemap, llms.txt and the tests all read this one list.
 */

/**
 * The titles of the listing pages (the product list, the blog, the API
 * reference) when the content has no page of that slug: the registry says
 * they exist (src/documents/registry.ts), the frame's words name them.
 */
export const LISTING_PAGES = {
  products: (w: Words) => ({ title: w('products.title'), description: w('products.description') }),
  blog: (w: Words) => ({ title: w('blog.title'), description: w('blog.description') }),
  developers: (w: Words) => ({ title: w('developers.title'), description: w('developers.description') }),
} as const;
export type ListingSlug = keyof typeof LISTING_PAGES;

export function isListing(slug: string): slug is ListingSlug {
  return Object.hasOwn(LISTING_PAGES, slug);
}


export interface PageRoute {
  readonly slug: string;
  /** The language of the page and its frame. */
  readonly locale: string;
  /** Site path: `/` for the home page, `/<slug>` otherwise; under `/<locale>` for another locale than the default. */
  readonly path: string;
  /** Its `/md/` mirror. */
  readonly markdownPath: string;
  /** The link to it that HTML prints: its path with BASE_URL's prefix. */
  readonly href: string;
  readonly title: string;
  readonly description: string;
  /** The content page, when the content has one. */
  readonly page?: Page;
}

/**
 * What a page route shows besides its own text, which its HTML
 * (src/site/page-routes.ts) and its markdown (page-markdown.ts) each
 * render, one renderer per kind, so neither can miss one: the home page's
 * lists, the product list, the blog, the search, the developer reference,
 * the company record, the contact channels, a legal notice's company
 * details, or nothing more.
 */
export type PageKind = 'home' | 'products' | 'blog' | 'search' | 'developers' | 'about' | 'contact' | 'legal-notice' | 'text';

export function pageKind(route: PageRoute): PageKind {
  switch (route.slug) {
    case 'index':
      return 'home';
    case 'products':
    case 'blog':
    case 'search':
    case 'developers':
    case 'about':
    case 'contact':
      return route.slug;
    default:
      return isLegalNotice(route.slug) ? 'legal-notice' : 'text';
  }
}

/**
 * The route of a page slug in a locale (the default one unless given), or
 * undefined when the site has no such page there (see the registry's
 * `hasPageRoute`), with the title and description the frame shows.
 */
export function pageRoute(catalog: Catalog, slug: string, locale: string = catalog.site.default_locale): PageRoute | undefined {
  const document = registryOf(catalog).page(slug, locale);
  if (!document) return undefined;
  const { page } = document;
  const words = wordsOf(catalog, locale);
  const listing = isListing(slug) ? LISTING_PAGES[slug](words) : slug === 'search' ? { title: words('search.title'), description: words('search.description') } : undefined;
  const home = slug === 'index' ? pagesIn(catalog, locale).bySlug.get('index') : undefined;
  return {
    slug,
    locale,
    path: document.path,
    markdownPath: document.markdownPath,
    href: href(catalog, document.path),
    title: page?.title ?? listing?.title ?? home?.title ?? catalog.site.name,
    description: page?.description ?? listing?.description ?? descriptionIn(catalog.site, locale),
    ...(page ? { page } : {}),
  };
}

/** Every page route of a locale (every locale's when none is given), in the registry's order. */
export function pageRoutes(catalog: Catalog, locale?: string): PageRoute[] {
  return registryOf(catalog)
    .pages.filter((document) => locale === undefined || document.locale === locale)
    .flatMap((document) => pageRoute(catalog, document.slug, document.locale) ?? []);
}

/** The same page in every other locale it exists in. */
export function routeTranslations(catalog: Catalog, route: Pick<PageRoute, 'slug' | 'locale'>): PageRoute[] {
  return catalog.site.locales.flatMap((locale) => (locale === route.locale ? [] : (pageRoute(catalog, route.slug, locale) ?? [])));
}

/** A page of the navigation in `locale`: its own route when it has one, else the default locale's. */
export function navigationRoute(catalog: Catalog, slug: string, locale: string): PageRoute | undefined {
  return pageRoute(catalog, slug, locale) ?? pageRoute(catalog, slug);
}

/** The header's links in `locale`: every page but home, search and the legal ones. */
export function headerNavigation(catalog: Catalog, locale: string = catalog.site.default_locale): PageRoute[] {
  return pageRouteSlugs(catalog.site)
    .filter((slug) => slug !== 'index' && slug !== 'search' && !LEGAL_PAGE_SLUGS.includes(slug))
    .flatMap((slug) => navigationRoute(catalog, slug, locale) ?? []);
}

/** The footer's legal links in `locale`: the legal notice, privacy and terms pages the site has (src/content/legal-notice.ts). */
export function legalNavigation(catalog: Catalog, locale: string = catalog.site.default_locale): PageRoute[] {
  return LEGAL_PAGE_SLUGS.flatMap((slug) => navigationRoute(catalog, slug, locale) ?? []);
}

/** How many articles the home page shows. */
const LATEST_POSTS = 3;

/** The home page's articles: the newest in its locale. */
export function latestPosts(catalog: Catalog, locale: string = catalog.site.default_locale): readonly Post[] {
  return catalog.posts.filter((p) => p.locale === locale).slice(0, LATEST_POSTS);
}

/** A record's absolute URL as a site path (what the router matches). */
export function sitePath(catalog: Catalog, url: string): string {
  return url.startsWith(catalog.base_url) ? url.slice(catalog.base_url.length) || '/' : url;
}

/** The link HTML prints for a site path, BASE_URL's prefix included (see the route table's hrefOf). */
export function href(catalog: Catalog, path: string): string {
  return hrefOf(catalog.base_url, path);
}

/**
 * The link HTML prints for a site path or for a URL the service built (a
 * record's `url`, an image's): from the site's root, so it works on any host
 * name the site is reached by, with BASE_URL's path prefix. Other sites' URLs
 * are left as they are.
 */
export function linkTo(catalog: Catalog, target: string): string {
  return target.startsWith('/') ? hrefOf(catalog.base_url, target) : hrefOfUrl(catalog.base_url, target);
}

export interface SiteUrl {
  /** Absolute URL. */
  readonly loc: string;
  /** Calendar day of the last change (sitemaps.org `lastmod`), when known. */
  readonly lastmod?: string;
  /** Every language version of the page, itself included, when it has more than one. */
  readonly alternates?: readonly { readonly hreflang: string; readonly href: string }[];
}

/** Every site route with its last change (the registry's `updated_at`): the pages, each product and each post. */
export function siteUrls(catalog: Catalog): SiteUrl[] {
  const registry = registryOf(catalog);
  const alternates = (versions: readonly { locale: string; url: string }[]) =>
    versions.length > 1 ? { alternates: versions.map((v) => ({ hreflang: v.locale, href: v.url })) } : {};
  // The search page's results are not indexed (noindex): it is no sitemap URL.
  const pages = registry.pages
    .filter((route) => route.slug !== 'search')
    .map((route) => {
      const lastmod = route.updatedAt;
      const versions = [route, ...routeTranslations(catalog, route)].map((r) => ({ locale: r.locale, url: `${catalog.base_url}${r.path}` }));
      return { loc: `${catalog.base_url}${route.path}`, ...(lastmod ? { lastmod } : {}), ...alternates(versions) };
    });
  const recordUrls = registry.records.flatMap((d) => {
    if (d.kind === 'product') return [{ loc: d.record.url, lastmod: d.updatedAt }];
    if (d.kind === 'post') return [{ loc: d.record.url, lastmod: d.updatedAt, ...alternates([d.record, ...d.record.translations]) }];
    return [];
  });
  return [...pages, ...recordUrls];
}
