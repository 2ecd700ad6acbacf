import type { Config } from '../config/config.js';
import type { Documents } from '../documents/documents.js';
import type { DoorDescriptor } from '../http/doors.js';
import { quotaPolicy } from '../http/rate-limit.js';
import type { Route } from '../http/router.js';
import type { PictureMaker } from '../media/pictures.js';
import { paths, ROUTES } from '../routes/table.js';
import { untranslatedPaths, untranslatedProduct } from '../documents/untranslated.js';
import { securityTxt, webManifest } from './assets.js';
import { llmsFullTxt, llmsTxt, robotsTxt, sitemapXml } from './crawlers.js';
import { siteErrorRenderer } from './error-pages.js';
import { assetRoute, faviconRoute, feedRoute, mediaRoute, mirrorRoute, wholeContentRoute } from './file-routes.js';
import { preferredFormat } from './negotiate.js';
import { pagesAt, recordRoute } from './page-routes.js';
import { postHtml, productHtml } from './pages.js';

/** What a product's page says when it is missing, and how it is written: the same in every locale. */
const PRODUCT_PAGES = { missing: 'There is no product at', listed: 'Every product is listed on /products.', html: productHtml } as const;

/**
 * The website: every page as HTML or, to `Accept: text/markdown`, as its
 * markdown (`Vary: Accept, Accept-Encoding`); the mirrors again as files
 * under /md/; the stylesheet and icon; llms.txt, llms-full.txt, the
 * sitemap, robots.txt and one Atom feed per locale. Everything is read from
 * the request's Catalog, each document as the documents layer describes it.
 */
export function siteDoor(config: Config, pictures: PictureMaker, documents: Documents): DoorDescriptor {
  const quota = quotaPolicy(config);
  const text = wholeContentRoute;
  const routes: Route[] = [
    pagesAt(ROUTES.home, documents),
    recordRoute(ROUTES.product.pattern, documents, {
      ...PRODUCT_PAGES,
      find: (catalog, { slug = '' }) => catalog.productsBySlug.get(slug),
      all: (catalog) => catalog.products,
    }),
    // A product translated into another locale than the default, under that locale.
    recordRoute(ROUTES.localeProduct.pattern, documents, {
      ...PRODUCT_PAGES,
      find: (catalog, { locale = '', slug = '' }) => (locale === catalog.site.default_locale ? undefined : catalog.productsByLocale.get(locale)?.bySlug.get(slug)),
      // The default locale's products live at the root: `/de/products/x` on a German-first site is `/products/x`.
      alias: (catalog, { locale = '', slug = '' }) => (locale === catalog.site.default_locale && catalog.productsBySlug.has(slug) ? paths.product(catalog.site, slug) : undefined),
      // A product the locale has not translated: the default locale's, which says so.
      untranslated: (catalog, { locale = '', slug = '' }) => untranslatedProduct(catalog, slug, locale),
      untranslatedPaths: (catalog) => untranslatedPaths(catalog).products,
      all: (catalog) => [...catalog.productsByLocale.values()].flatMap((of) => of.products).filter((product) => product.locale !== catalog.site.default_locale),
    }),
    recordRoute(ROUTES.post.pattern, documents, {
      find: (catalog, { slug = '' }) => catalog.postsBySlug.get(slug),
      all: (catalog) => catalog.posts,
      missing: 'There is no article at',
      listed: 'Every article is listed on /blog.',
      html: postHtml,
    }),
    mirrorRoute(documents),
    assetRoute,
    text(ROUTES.manifest.pattern, 'application/manifest+json; charset=utf-8', webManifest),
    text(ROUTES.securityTxt.pattern, 'text/plain; charset=utf-8', securityTxt),
    faviconRoute,
    mediaRoute(pictures),
    // Markdown by content (llmstxt.org), served as text/plain so a browser shows it
    // rather than downloads it; the token estimate helps an agent budget the full one.
    text(ROUTES.llmsTxt.pattern, 'text/plain; charset=utf-8', (catalog) => llmsTxt(catalog, quota), true),
    text(ROUTES.llmsFullTxt.pattern, 'text/plain; charset=utf-8', llmsFullTxt, true),
    text(ROUTES.sitemap.pattern, 'application/xml; charset=utf-8', sitemapXml),
    text(ROUTES.robots.pattern, 'text/plain; charset=utf-8', robotsTxt),
    feedRoute,
    // Last: one path segment that no other route took is a page slug or a locale's home page,
    // two are a page of a locale.
    pagesAt(ROUTES.page, documents, 'page'),
    pagesAt(ROUTES.localePage, documents, 'locale', 'page'),
  ];

  return {
    name: 'site',
    // Every path no other door owns: free, unversioned, errors as pages in the visitor's format.
    areas: [{ prefix: '/', counted: false, versioned: false, json: false, notFoundHint: `Call GET ${paths.api()} for the map of every endpoint.` }],
    routes,
    renderer: siteErrorRenderer(),
    variant: (request) => (preferredFormat(request.headers) === 'markdown' ? 'markdown ' : ''),
  };
}
