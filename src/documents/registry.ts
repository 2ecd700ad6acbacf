import { perCatalog } from '../content/per-catalog.js';
import type { Catalog, Company, Page, Post, Product, Site } from '../content/types.js';
import type { AiUsage } from '../content/ai-usage.js';
import { mirrorName, paths } from '../routes/table.js';
import { updatedAt } from '../query/updated-at.js';

/**
 * The document registry: every document the service publishes, of every
 * kind and locale (the company record, products, posts, every page route of
 * every locale, the feeds), with its paths, its one `updated_at`, its locale
 * and its translations. Built once per Catalog. The sitemap, llms.txt, the
 * feeds, the MCP resources, the site's page routes and mirrors read it, so a
 * document exists in one place.
 */

/**
 * Pages whose route lists generated content (the product list, the blog,
 * the API reference): they exist even when the content has no page of that
 * slug, because other documents link to them (problem `type` URIs point at
 * the developer page).
 */
export const LISTING_SLUGS: readonly string[] = ['products', 'blog', 'developers'];

/**
 * Routes every locale has, translated or not: its home page, its product
 * list (each product translated where it is), its blog (the articles in that
 * locale), its search page and the developer reference, which every page's
 * frame links and the engine writes itself.
 */
export const EVERY_LOCALE: readonly string[] = ['index', 'products', 'blog', 'search', 'developers'];

/** The slug of every page route: home, the content's pages in navigation order, then any listing the content lacks, then search. */
export function pageRouteSlugs(site: Pick<Site, 'page_slugs'>): string[] {
  return [...new Set(['index', ...site.page_slugs.filter((slug) => slug !== 'index'), ...LISTING_SLUGS, 'search'])];
}

/**
 * Whether a page route exists: in the default locale every route slug does;
 * in another, a page the content translates into it, and the routes every
 * locale has. `translated` says whether the content has the page in that locale.
 */
export function hasPageRoute(site: Pick<Site, 'default_locale' | 'locales' | 'page_slugs'>, slug: string, locale: string, translated: boolean): boolean {
  if (!site.locales.includes(locale)) return false;
  if (locale === site.default_locale) return translated || pageRouteSlugs(site).includes(slug);
  return translated || EVERY_LOCALE.includes(slug);
}

/** A page route: a slug in a locale, with the content page when there is one. */
export interface PageDocument {
  readonly kind: 'page';
  readonly slug: string;
  readonly locale: string;
  readonly path: string;
  readonly markdownPath: string;
  /** The content page, when the content has one (listing pages and other locales' home, blog and search may have none). */
  readonly page?: Page;
  /** When it last changed: its page's date, or for a list, its newest record's; none for a page of neither. */
  readonly updatedAt?: string;
}

export type RecordDocument =
  | { readonly kind: 'company'; readonly record: Company; readonly locale: string; readonly path: string; readonly markdownPath: string }
  | { readonly kind: 'product'; readonly record: Product; readonly locale: string; readonly path: string; readonly markdownPath: string; readonly updatedAt: string }
  | { readonly kind: 'post'; readonly record: Post; readonly locale: string; readonly path: string; readonly markdownPath: string; readonly updatedAt: string };

/** A file under /md/: a page route's mirror, or a record's. */
export type MirrorDocument = PageDocument | RecordDocument;

export interface FeedDocument {
  readonly kind: 'feed';
  readonly locale: string;
  readonly path: string;
}

export interface Registry {
  /** Every page route of every locale: locales in site order, slugs in pageRouteSlugs order. */
  readonly pages: readonly PageDocument[];
  /** The company record (in each locale, the default one first), then products (the default locale's, then each translation's locale), then posts (newest first). */
  readonly records: readonly RecordDocument[];
  readonly feeds: readonly FeedDocument[];
  /** Every markdown mirror by its name below /md/. */
  readonly mirrors: ReadonlyMap<string, MirrorDocument>;
  /** A page route by locale and slug. */
  page(slug: string, locale?: string): PageDocument | undefined;
}

function buildRegistry(catalog: Catalog): Registry {
  const { site } = catalog;
  const records: RecordDocument[] = [
    // The company record has no language of its own: its mirror is written once per locale, in that locale's labels.
    ...site.locales.map((locale) => ({ kind: 'company' as const, record: catalog.company, locale, path: paths.company(), markdownPath: paths.companyMirror(site, locale) })),
    ...[...catalog.productsByLocale.values()].flatMap((of) =>
      of.products.map((record) => ({
        kind: 'product' as const,
        record,
        locale: record.locale,
        path: paths.product(site, record.slug, record.locale),
        markdownPath: paths.productMirror(site, record.slug, record.locale),
        updatedAt: updatedAt(record, catalog),
      })),
    ),
    ...catalog.posts.map((record) => ({
      kind: 'post' as const,
      record,
      locale: record.locale,
      path: paths.post(record.slug),
      markdownPath: paths.postMirror(record.slug),
      updatedAt: updatedAt(record, catalog),
    })),
  ];
  const pages: PageDocument[] = [];
  const bySlug = new Map<string, PageDocument>();
  const newest = (dates: readonly (string | undefined)[]) => dates.filter((date): date is string => date !== undefined).sort().at(-1);
  // A list changed when the newest record it lists did: the product list of any locale, a locale's blog.
  const listed = (slug: string, locale: string) =>
    slug === 'products'
      ? newest(records.map((d) => (d.kind === 'product' ? d.updatedAt : undefined)))
      : slug === 'blog'
        ? newest(records.map((d) => (d.kind === 'post' && d.locale === locale ? d.updatedAt : undefined)))
        : undefined;
  for (const locale of site.locales) {
    const content = catalog.pagesByLocale.get(locale)?.bySlug;
    for (const slug of pageRouteSlugs(site)) {
      const key = `${locale} ${slug}`;
      const page = content?.get(slug);
      if (!hasPageRoute(site, slug, locale, page !== undefined)) continue;
      const changed = newest([page && updatedAt(page, catalog), listed(slug, locale)]);
      const document: PageDocument = {
        kind: 'page',
        slug,
        locale,
        path: paths.page(site, slug, locale),
        markdownPath: paths.pageMirror(site, slug, locale),
        ...(page ? { page } : {}),
        ...(changed ? { updatedAt: changed } : {}),
      };
      pages.push(document);
      bySlug.set(key, document);
    }
  }
  const feeds: FeedDocument[] = site.locales.map((locale) => ({ kind: 'feed', locale, path: paths.feed(locale) }));
  const mirrors = new Map<string, MirrorDocument>();
  for (const document of [...pages, ...records]) mirrors.set(mirrorName(document.markdownPath), document);
  return {
    pages,
    records,
    feeds,
    mirrors,
    page: (slug, locale = site.default_locale) => bySlug.get(`${locale} ${slug}`),
  };
}

/** The registry of `catalog`, built on first use and kept with it. */
export const registryOf = perCatalog(buildRegistry);

/**
 * What automated systems may do with a document (its Content-Usage header):
 * a product's, an article's or a content page's own preferences; the site's
 * for the company record and a page the content has no file for.
 */
export function usageOf(catalog: Catalog, document: MirrorDocument): AiUsage {
  if (document.kind === 'page') return document.page?.ai_usage ?? catalog.site.ai_usage;
  return document.kind === 'company' ? catalog.site.ai_usage : document.record.ai_usage;
}
