import * as z from 'zod';
import { perCatalog } from '../content/per-catalog.js';
import { SLUG } from '../content/schemas.js';
import type { Catalog } from '../content/types.js';
import { PRODUCT_STATUSES } from '../content/types.js';
import { SEARCH_KINDS } from '../search/index.js';
import { fold } from '../text/normalize.js';
import { STOP_WORDS } from '../text/stop-words.js';
import type { ParamSpec, SlugParam } from './params.js';
import { anyOf, instant, integer, oneOf, sortBy, text } from './params.js';

/**
 * The parameters of every query the content answers, declared once: the
 * REST endpoints read their query strings with them, the MCP tools their
 * arguments, the site its filter forms, and /openapi.json and the developer
 * portal document them.
 */

// Every slug of a kind, made once per Catalog (a 404 names them all; the slug parameters complete them).
export const productSlugs = perCatalog((c): readonly string[] => Object.freeze(c.products.map((p) => p.slug)));
export const postSlugs = perCatalog((c): readonly string[] => Object.freeze(c.posts.map((p) => p.slug)));
export const pageSlugs = (c: Catalog): readonly string[] => c.site.page_slugs;

/** How many of something to return. */
const limit = (defaultValue: number, what: string) =>
  integer(z.int().min(1).max(100).default(defaultValue).meta({ description: `How many ${what} to return, from 1 to 100.`, example: defaultValue }));

const offset = integer(z.int().min(0).default(0).meta({ description: 'How many matching items to skip before the first one returned.', example: 0 }));

/** Only the records that changed at or after an instant: what a sync client asks for. */
const updatedSince = instant({
  description: 'Only items updated at or after this instant (RFC 3339), compared with their updated_at: what changed since a sync client last asked.',
  example: '2026-01-01T00:00:00Z',
});

/**
 * The publication window of articles: both bounds instants (RFC 3339, or a
 * date alone for its midnight UTC), the lower one included, the upper one
 * not, so consecutive windows (`published_since=2026-01-01`,
 * `published_before=2026-02-01`) neither overlap nor leave a gap.
 */
const publishedSince = (others: string) =>
  instant({
    description: `Only articles published at or after this instant (RFC 3339 date-time, or a date alone such as 2026-01-01 for its midnight UTC), compared with their published_at.${others}`,
    example: '2026-01-01',
  });
const publishedBefore = (others: string) =>
  instant({
    description: `Only articles published before this instant, not at it (RFC 3339 date-time, or a date alone such as 2026-02-01 for its midnight UTC: that day is left out), compared with their published_at.${others}`,
    example: '2026-02-01T00:00:00Z',
  });

/** What a publication window does to the hits that have no publication date. */
const UNDATED_LEFT_OUT = ' Products and pages have no publication date: with it, they are left out.';

/** The order of a list by `fields`; `listOrder` is the order without it. */
const sort = (fields: readonly string[], listOrder: string) =>
  sortBy(fields, {
    description: `The order of the list: a field, with - before it for descending (${fields.map((f) => `${f}, -${f}`).join(', ')}). Text is compared as the site's language sorts it. Without it: ${listOrder}.`,
    example: `-${fields.includes('updated_at') ? 'updated_at' : fields[0]}`,
  });

/** The filters of the product list. */
export const productFilters = {
  status: anyOf(PRODUCT_STATUSES, { description: 'Only products with one of these statuses (separated by commas).', example: 'live' }),
  tag: anyOf((c) => c.site.product_tags, { description: 'Only products with one of these tags (separated by commas).' }),
} as const satisfies ParamSpec;

/** Which locale's products: the site's default unless asked. */
export const productLocale = {
  locale: oneOf((c) => c.site.locales, {
    description:
      "The products in this locale, their name, summary and text as translated (without it: the site's default locale). A product not translated into it is not in that locale's list.",
  }),
} as const satisfies ParamSpec;

export const productQuery = {
  ...productFilters,
  ...productLocale,
  updated_since: updatedSince,
  sort: sort(['name', 'updated_at'], 'the order the content gives'),
  limit: limit(100, 'products'),
  offset,
} as const satisfies ParamSpec;

/** The filters of the article list. */
export const postFilters = {
  category: anyOf((c) => c.site.all_post_categories, { description: 'Only posts in one of these categories (separated by commas).' }),
  locale: anyOf((c) => c.site.locales, { description: 'Only posts in one of these locales (separated by commas).' }),
  tag: anyOf((c) => c.site.post_tags, { description: 'Only posts with one of these tags (separated by commas).' }),
} as const satisfies ParamSpec;

export const postQuery = {
  ...postFilters,
  published_since: publishedSince(''),
  published_before: publishedBefore(''),
  updated_since: updatedSince,
  sort: sort(['published_at', 'updated_at', 'title'], 'newest first'),
  limit: limit(20, 'posts'),
  offset,
} as const satisfies ParamSpec;

/** Which locale's pages: the site's default unless asked. */
export const pageLocale = {
  locale: oneOf((c) => c.site.locales, {
    description: "The pages in this locale (without it: the site's default locale). A page not translated into it is not in that locale's list.",
  }),
} as const satisfies ParamSpec;

export const pageQuery = {
  locale: anyOf((c) => c.site.locales, {
    description: "Only pages in one of these locales (separated by commas; every locale of the site lists them all). Without it: the site's default locale. A page not translated into a locale is not in its list.",
  }),
  updated_since: updatedSince,
  sort: sort(['title', 'updated_at'], 'most recently updated first'),
  limit: limit(100, 'pages'),
  offset,
} as const satisfies ParamSpec;

/**
 * A word of the content that the search finds, without searching (the
 * index may still be building): the longest word of four letters or more
 * of the first product's name, else of the first article's title, else of
 * the site's name, that is not a word the search ignores. A title's words
 * are indexed, so the search finds its record.
 */
export const searchSample = perCatalog((catalog): string | undefined => {
  const names = [catalog.products[0]?.name, catalog.posts[0]?.title, catalog.site.name].filter((name) => name !== undefined);
  for (const name of names) {
    const words = (name.match(/\p{L}{4,}/gu) ?? []).filter((word) => !STOP_WORDS.has(fold(word)));
    const [longest] = words.sort((a, b) => b.length - a.length);
    if (longest !== undefined) return longest;
  }
  return catalog.site.name.match(/\p{L}+/u)?.[0];
});

export const searchQuery = {
  q: text(
    z
      .string()
      .min(1)
      .max(200)
      .meta({
        description:
          'The words to look for. Accents and case do not matter; each word also finds its other forms (a plural its singular, a verb form its other forms) and the synonyms the site declares; every word must match, or, when no record has them all, any of them; common words such as "de" or "the" are ignored; the last word also matches as a prefix while it is being typed (no space after it) unless some record holds it as a whole word; a word of five letters or more that no record holds tolerates one typo.',
      }),
    searchSample,
  ),
  kind: oneOf(SEARCH_KINDS, { description: 'Only hits of this kind.', example: 'post' }),
  locale: oneOf((c) => c.site.locales, {
    description: 'Only hits in this locale: the articles and pages written in it (and any other record that has a locale); a record without one is left out.',
  }),
  published_since: publishedSince(UNDATED_LEFT_OUT),
  published_before: publishedBefore(UNDATED_LEFT_OUT),
  sort: sortBy(
    ['published_at'],
    {
      description:
        'The order of the hits: relevance (the default: best match first), -published_at (newest first) or published_at (oldest first). By date, hits without a publication date (products, pages) come after the articles, best match first; articles of the same date too.',
      example: '-published_at',
    },
    'relevance',
  ),
  limit: limit(10, 'hits'),
  offset,
} as const satisfies ParamSpec;

/**
 * How much of each item an MCP list or search shows: what an agent chooses
 * from (the default), or the whole item the REST API answers. Tools only:
 * a REST client gets the whole item and picks for itself.
 */
export const DETAILS = ['compact', 'full'] as const;
export type Detail = (typeof DETAILS)[number];

export const listDetail = {
  detail: oneOf(DETAILS, {
    description:
      'compact (the default): each item with what you choose by (slug, title or name, summary, dates, category or tags, locale, url); full: each item whole, as the REST API answers it (links, picture, author, translations, markdown_url, ...). The get_ tools answer one record whole.',
    example: 'full',
  }),
} as const satisfies ParamSpec;

/** The slug of a product: any the content gives follows the loader's grammar, so a new one needs no new client. */
export const productSlug: SlugParam = { description: 'A product slug.', values: productSlugs, pattern: SLUG };

export const postSlug: SlugParam = { description: 'An article slug, as in /blog/<slug>.', values: postSlugs, pattern: SLUG };

/** The slug of a page: one of those the site declares. */
export const pageSlug: SlugParam = { description: 'A page slug.', values: pageSlugs };

/** The page of a blog on the site (`/blog?page=2`), as its links write it: six digits at most, so no number is out of reach. */
export const blogPage = integer(z.int().min(1).max(999_999).default(1).meta({ description: 'The page of the blog to show, from 1.', example: 2 }));
