import type { Catalog, Post, Product } from '../content/types.js';
import type { Html } from './html.js';
import { html } from './html.js';
import type { Crumb, PostNode, ProductNode, WebPageType } from './structured-data.js';
import { breadcrumbNode, jsonLd, organizationNode, postNode, productNode, shareMeta, webPageNode, websiteNode } from './structured-data.js';
import type { PageRoute } from '../documents/site-map.js';
import { pageRoute, routeTranslations } from '../documents/site-map.js';

/**
 * What a page tells link previews and search engines about itself: its share
 * card (Open Graph, Twitter) and its structured data (JSON-LD: the company,
 * the site and its search, the page and its breadcrumb trail, and the
 * product or article it shows).
 */

const PAGE_TYPES: Readonly<Record<string, WebPageType>> = {
  about: 'AboutPage',
  contact: 'ContactPage',
  products: 'CollectionPage',
  blog: 'CollectionPage',
  search: 'SearchResultsPage',
};

/** A route as a step of a trail. */
function crumb(catalog: Catalog, route: PageRoute | undefined): Crumb[] {
  return route ? [{ name: route.title, url: `${catalog.base_url}${route.path}` }] : [];
}

/** The site-wide nodes, then the page's own and its trail (none on a home page). */
function graph(
  catalog: Catalog,
  page: { url: string; title: string; description: string; locale: string; type?: WebPageType },
  trail: readonly Crumb[],
  ...shown: readonly (ProductNode | PostNode)[]
): Html {
  const searchPath = pageRoute(catalog, 'search', page.locale)?.path ?? '/search';
  const breadcrumb = trail.length > 1 ? breadcrumbNode(page.url, trail) : undefined;
  return jsonLd(
    organizationNode(catalog),
    websiteNode(catalog, searchPath),
    webPageNode(catalog, { ...page, ...(breadcrumb ? { breadcrumb } : {}) }),
    ...(breadcrumb ? [breadcrumb] : []),
    ...shown,
  );
}

export function pageSeo(catalog: Catalog, route: PageRoute): Html {
  const url = `${catalog.base_url}${route.path}`;
  const home = pageRoute(catalog, 'index', route.locale);
  const trail = route.slug === 'index' ? [] : [...crumb(catalog, home), ...crumb(catalog, route)];
  const card = shareMeta(catalog, {
    title: route.title,
    description: route.description,
    url,
    type: 'website',
    locale: route.locale,
    alternateLocales: routeTranslations(catalog, route).map((t) => t.locale),
    ...(route.page?.image ? { image: route.page.image } : {}),
  });
  const type = PAGE_TYPES[route.slug];
  return html`${card}
${graph(catalog, { url, title: route.title, description: route.description, locale: route.locale, ...(type ? { type } : {}) }, trail)}`;
}

export function productSeo(catalog: Catalog, product: Product): Html {
  const locale = catalog.site.default_locale;
  const trail = [...crumb(catalog, pageRoute(catalog, 'index')), ...crumb(catalog, pageRoute(catalog, 'products')), { name: product.name, url: product.url }];
  const card = shareMeta(catalog, {
    title: product.name,
    description: product.summary,
    url: product.url,
    type: 'website',
    locale,
    alternateLocales: [],
    ...(product.image ? { image: product.image } : {}),
  });
  return html`${card}
${graph(catalog, { url: product.url, title: product.name, description: product.summary, locale }, trail, productNode(catalog, product))}`;
}

export function postSeo(catalog: Catalog, post: Post): Html {
  const trail = [...crumb(catalog, pageRoute(catalog, 'index', post.locale)), ...crumb(catalog, pageRoute(catalog, 'blog', post.locale)), { name: post.title, url: post.url }];
  const card = shareMeta(catalog, {
    title: post.title,
    description: post.summary,
    url: post.url,
    type: 'article',
    locale: post.locale,
    alternateLocales: post.translations.map((t) => t.locale),
    ...(post.image ? { image: post.image } : {}),
    article: { published: post.published_at, ...(post.updated_at ? { modified: post.updated_at } : {}), author: post.author, section: post.category },
  });
  return html`${card}
${graph(catalog, { url: post.url, title: post.title, description: post.summary, locale: post.locale }, trail, postNode(catalog, post))}`;
}
