import type { Post, Product } from '../content/types.js';
import type { PageContext } from '../documents/page-context.js';
import type { Html } from './html.js';
import { html } from './html.js';
import type { PostNode, ProductNode, WebPageType } from './structured-data.js';
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

/** The site-wide nodes, then the page's own and its trail (none on a home page). */
function graph(page: PageContext, facts: { title: string; description: string; type?: WebPageType }, ...shown: readonly (ProductNode | PostNode)[]): Html {
  const { catalog, locale, url, trail } = page;
  const searchPath = pageRoute(catalog, 'search', locale)?.path ?? '/search';
  const breadcrumb = trail.length > 1 ? breadcrumbNode(url, trail) : undefined;
  return jsonLd(
    organizationNode(catalog),
    websiteNode(catalog, searchPath, locale),
    webPageNode(catalog, { url, locale, ...facts, ...(breadcrumb ? { breadcrumb } : {}) }),
    ...(breadcrumb ? [breadcrumb] : []),
    ...shown,
  );
}

export function pageSeo(page: PageContext, route: PageRoute): Html {
  const { catalog, locale, url } = page;
  const card = shareMeta(catalog, {
    title: route.title,
    description: route.description,
    url,
    type: 'website',
    locale,
    alternateLocales: routeTranslations(catalog, route).map((t) => t.locale),
    ...(route.page?.image ? { image: route.page.image } : {}),
  });
  const type = PAGE_TYPES[route.slug];
  return html`${card}
${graph(page, { title: route.title, description: route.description, ...(type ? { type } : {}) })}`;
}

export function productSeo(page: PageContext, product: Product): Html {
  const card = shareMeta(page.catalog, {
    title: product.name,
    description: product.summary,
    url: page.url,
    type: 'website',
    locale: page.locale,
    alternateLocales: product.translations.map((t) => t.locale),
    ...(product.image ? { image: product.image } : {}),
  });
  return html`${card}
${graph(page, { title: product.name, description: product.summary }, productNode(page.catalog, product))}`;
}

export function postSeo(page: PageContext, post: Post): Html {
  const card = shareMeta(page.catalog, {
    title: post.title,
    description: post.summary,
    url: page.url,
    type: 'article',
    locale: page.locale,
    alternateLocales: post.translations.map((t) => t.locale),
    ...(post.image ? { image: post.image } : {}),
    article: { published: post.published_at, ...(post.updated_at ? { modified: post.updated_at } : {}), author: post.author, section: post.category, tags: post.labelled_tags },
  });
  return html`${card}
${graph(page, { title: post.title, description: post.summary }, postNode(page.catalog, post))}`;
}
