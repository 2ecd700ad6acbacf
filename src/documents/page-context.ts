import type { Catalog } from '../content/types.js';
import type { PageRoute } from './site-map.js';
import { navigationRoute, pageRoute } from './site-map.js';
import type { Words } from './words.js';
import { wordsOf } from './words.js';

/** One step of a breadcrumb trail: its name and absolute URL. */
export interface Crumb {
  readonly name: string;
  readonly url: string;
}

/**
 * What a page says of itself, decided once from the document it shows and
 * handed to everything that renders it: its language (the frame, the share
 * card, the structured data and the trail all speak it), the words of that
 * language, its URL, and its breadcrumb trail. A part of the page never
 * derives the locale again, so no part can describe the page in another
 * language than the rest.
 */
export interface PageContext {
  readonly catalog: Catalog;
  readonly locale: string;
  readonly words: Words;
  /** Absolute. */
  readonly url: string;
  /** From the home page of its language to the page itself; empty on a home page. */
  readonly trail: readonly Crumb[];
}

const crumbOf = (catalog: Catalog, route: PageRoute | undefined): Crumb[] => (route ? [{ name: route.title, url: `${catalog.base_url}${route.path}` }] : []);

/** The context of a page route: its trail is its language's home page, then itself. */
export function routeContext(catalog: Catalog, route: PageRoute): PageContext {
  const url = `${catalog.base_url}${route.path}`;
  const trail = route.slug === 'index' ? [] : [...crumbOf(catalog, pageRoute(catalog, 'index', route.locale)), ...crumbOf(catalog, route)];
  return { catalog, locale: route.locale, words: wordsOf(catalog, route.locale), url, trail };
}

/** The context of a record's page (a product, an article) in its own language: home, the list it belongs to, itself. */
export function recordContext(catalog: Catalog, record: { readonly locale: string; readonly url: string; readonly title: string; readonly list: 'products' | 'blog' }): PageContext {
  const { locale, url } = record;
  const trail = [
    ...crumbOf(catalog, navigationRoute(catalog, 'index', locale)),
    ...crumbOf(catalog, navigationRoute(catalog, record.list, locale)),
    { name: record.title, url },
  ];
  return { catalog, locale, words: wordsOf(catalog, locale), url, trail };
}
