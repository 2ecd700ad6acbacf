import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { pageSlugs, postSlugs, productSlugs } from '../query/parameters.js';
import { canonical, fold } from '../text/normalize.js';

/**
 * The values `completion/complete` suggests (MCP 2025-06-18, Server
 * Features, "Completion"): for every prompt argument and resource-template
 * variable that takes a slug, a category, a tag or a locale, the values of
 * the Catalog in force that start with what was typed, accents and case
 * aside (`ueber` suggests Über), in the content's own order. The SDK
 * sends at most 100 of them, with `total` and `hasMore`; the developer
 * portal shows a live completion from the same completers.
 */

/** Suggests the values that start with `typed`. */
export type Completer = (typed: string) => string[];

/** A completer over `values`, folded once: a keystroke costs a scan of short strings, no normalization of the content. */
function completerOf(values: readonly string[]): Completer {
  const folded = values.map((value) => fold(canonical(value)));
  return (typed) => {
    // A client sends what the user typed so far: bound it, as a value never needs more.
    const prefix = fold(canonical(String(typed).slice(0, 200)));
    return values.filter((_, i) => folded[i]!.startsWith(prefix));
  };
}

/** Every completer of one Catalog, built on its first completion. */
export interface Completers {
  readonly productSlug: Completer;
  readonly postSlug: Completer;
  readonly pageSlug: Completer;
  readonly locale: Completer;
  /** What an article may be about: the post categories (of `locale` alone when it is one of the site's), then the product tags. */
  readonly topic: (locale: string | undefined) => Completer;
}

export const completersFor = perCatalog((catalog: Catalog): Completers => {
  const { site } = catalog;
  const topics = new Map<string | undefined, Completer>();
  const topic = (locale: string | undefined) => {
    // Object.hasOwn: a locale named "constructor" is no key of the categories.
    const key = locale !== undefined && Object.hasOwn(site.post_categories, locale) ? locale : undefined;
    let found = topics.get(key);
    if (!found) {
      const categories = key === undefined ? site.all_post_categories : site.post_categories[key]!;
      found = completerOf([...new Set([...categories, ...site.product_tags])]);
      topics.set(key, found);
    }
    return found;
  };
  return {
    productSlug: completerOf(productSlugs(catalog)),
    postSlug: completerOf(postSlugs(catalog)),
    pageSlug: completerOf(pageSlugs(catalog)),
    locale: completerOf(site.locales),
    topic,
  };
});
