import type { Catalog, Company, Image, Page, Post, Product } from '../content/types.js';
import type * as shapes from './shapes.js';
import { updatedAt } from './updated-at.js';
import { nextOffset } from './pagination.js';
import type { Fallback } from './untranslated.js';
import type { EmptiedBy } from './empty-lists.js';

/**
 * The public representation of each record: what the API and MCP return,
 * typed by the shapes that document it (src/query/shapes.ts), so a record
 * and its published schema cannot part. List views omit the markdown body.
 */

/** A record's image as a list shows it (no variants); absent when the record has none. */
function imageSummaryOf(image: Image | undefined): { image?: shapes.ImageSummary } {
  return image ? { image: { url: image.url, alt: image.alt, width: image.width, height: image.height, media_type: image.media_type } } : {};
}

/** A record's image as the record shows it, with its variants; absent when the record has none. */
function imageOf(image: Image | undefined): { image?: shapes.Image } {
  if (!image) return {};
  const { url, alt, width, height, media_type } = image;
  return { image: { url, alt, width, height, media_type, variants: image.variants.map((variant) => ({ url: variant.url, width: variant.width, media_type: variant.media_type })) } };
}

/**
 * Each record's list form, made once: a record belongs to one Catalog and
 * never changes, and frozen, its JSON is written once too (src/util/json.ts).
 */
function once<R extends object, A extends unknown[], S extends object>(make: (record: R, ...rest: A) => S): (record: R, ...rest: A) => S {
  const made = new WeakMap<R, S>();
  return (record, ...rest) => {
    let summary = made.get(record);
    if (summary === undefined) made.set(record, (summary = freeze(make(record, ...rest))));
    return summary;
  };
}

/** `summary` and its picture frozen; what else it holds is the frozen record's own. */
function freeze<S extends object>(summary: S): S {
  const { image } = summary as { image?: object };
  if (image) Object.freeze(image);
  return Object.freeze(summary);
}

export const productSummary = once((p: Product, catalog: Catalog): shapes.ProductSummary => productFields(p, catalog, imageSummaryOf(p.image)));

/** A product as its own answer gives it; `fallback` when it is answered in another locale than the one asked for. */
export function productDetail(p: Product, catalog: Catalog, fallback?: Fallback): shapes.Product {
  return { ...productFields(p, catalog, imageOf(p.image)), markdown: p.markdown, ...(fallback ? { fallback } : {}) };
}

/** The fields of a product as a list and the record show them, its image as each shows it. */
function productFields<I>(p: Product, catalog: Catalog, image: { image?: I }) {
  return {
    slug: p.slug,
    name: p.name,
    summary: p.summary,
    locale: p.locale,
    translations: p.translations,
    status: p.status,
    tags: p.tags,
    links: p.links,
    updated_at: updatedAt(p, catalog),
    ...image,
    url: p.url,
    markdown_url: p.markdown_url,
  };
}

export const postSummary = once((p: Post): shapes.PostSummary => postFields(p, imageSummaryOf(p.image)));

export function postDetail(p: Post): shapes.Post {
  return { ...postFields(p, imageOf(p.image)), markdown: p.markdown };
}

/** The fields of a post as a list and the record show them, its image as each shows it. */
function postFields<I>(p: Post, image: { image?: I }) {
  return {
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    category: p.category,
    tags: p.tags,
    locale: p.locale,
    published_at: p.published_at,
    updated_at: updatedAt(p),
    author: p.author,
    reading_time_minutes: p.reading_time_minutes,
    translations: p.translations,
    ...image,
    url: p.url,
    markdown_url: p.markdown_url,
  };
}

export const pageSummary = once((p: Page): shapes.PageSummary => pageFields(p, imageSummaryOf(p.image)));

/** A page as its own answer gives it; `fallback` when it is answered in another locale than the one asked for. */
export function pageDetail(p: Page, fallback?: Fallback): shapes.Page {
  return { ...pageFields(p, imageOf(p.image)), markdown: p.markdown, ...(fallback ? { fallback } : {}) };
}

/** The fields of a page as a list and the record show them, its image as each shows it. */
function pageFields<I>(p: Page, image: { image?: I }) {
  return {
    slug: p.slug,
    title: p.title,
    description: p.description,
    locale: p.locale,
    updated_at: p.updated_at,
    translations: p.translations,
    ...image,
    url: p.url,
    markdown_url: p.markdown_url,
  };
}

export function companyRecord(c: Company): shapes.Company {
  return {
    legal_name: c.legal_name,
    trade_name: c.trade_name,
    ...(c.cnpj === undefined ? {} : { cnpj: c.cnpj }),
    identifiers: c.identifiers.map((i) => ({
      scheme: i.scheme,
      value: i.value,
      ...(i.authority === undefined ? {} : { authority: i.authority }),
      ...(i.country === undefined ? {} : { country: i.country }),
      verified: i.verified,
      ...(i.lookup_url === undefined ? {} : { lookup_url: i.lookup_url }),
    })),
    ...(c.founded === undefined ? {} : { founded: c.founded }),
    ...(c.managing_directors === undefined ? {} : { managing_directors: c.managing_directors }),
    address: c.address,
    contact: c.contact,
    profiles: c.profiles,
    ...(c.logo ? { logo: imageOf(c.logo).image } : {}),
    url: c.url,
    markdown_url: c.markdown_url,
    markdown: c.markdown,
  };
}

/*
 * What an MCP list shows of an item unless asked for all of it (the shapes
 * ProductChoice, PostChoice, HitChoice): what an agent chooses by. The rest
 * (links, pictures and their descriptions, translations, authors) is one
 * get_ call away, and would otherwise be read for every item of every page.
 */

/**
 * The fields of each choice, in the order it gives them: the one list the
 * MCP tools pick by and that the site's WebMCP tools in the browser read
 * (src/model/browser-tools.ts), so both answer the same item.
 */
export const CHOICE_FIELDS = Object.freeze({
  product: ['slug', 'name', 'summary', 'locale', 'status', 'tags', 'updated_at', 'url'],
  post: ['slug', 'title', 'summary', 'category', 'locale', 'published_at', 'updated_at', 'url'],
  page: ['slug', 'title', 'description', 'locale', 'updated_at', 'url'],
  hit: ['kind', 'slug', 'title', 'excerpt', 'score', 'url', 'locale', 'published_at', 'updated_at'],
} as const satisfies { product: readonly (keyof shapes.ProductChoice)[]; post: readonly (keyof shapes.PostChoice)[]; page: readonly (keyof shapes.PageChoice)[]; hit: readonly (keyof shapes.HitChoice)[] });

/** The `fields` of `item` it has (a field it lacks stays absent), in their order. */
function pick<T extends object>(item: T, fields: readonly (keyof T)[]): Partial<T> {
  const chosen: Partial<T> = {};
  for (const field of fields) if (item[field] !== undefined) chosen[field] = item[field];
  return chosen;
}

export function productChoice(p: shapes.ProductSummary): shapes.ProductChoice {
  return pick(p, CHOICE_FIELDS.product) as shapes.ProductChoice;
}

export function postChoice(p: shapes.PostSummary): shapes.PostChoice {
  return pick(p, CHOICE_FIELDS.post) as shapes.PostChoice;
}

export function pageChoice(p: shapes.PageSummary): shapes.PageChoice {
  return pick(p, CHOICE_FIELDS.page) as shapes.PageChoice;
}

export function hitChoice(hit: shapes.HitChoice): shapes.HitChoice {
  return pick(hit, CHOICE_FIELDS.hit) as shapes.HitChoice;
}

/** A page of a list or search as an MCP tool answers it: `next_offset` for the links, each item whole or as `choose` shows it. */
export function agentPage<T, C>(
  page: { readonly items: readonly T[]; readonly total: number; readonly limit: number; readonly offset: number; readonly why_empty?: readonly EmptiedBy[] },
  full: boolean,
  choose: (item: T) => C,
): { items: readonly (T | C)[]; total: number; limit: number; offset: number; why_empty?: readonly EmptiedBy[]; next_offset: number | null } {
  const { items, total, limit, offset, why_empty: whyEmpty } = page;
  return { items: full ? items : items.map(choose), total, limit, offset, ...(whyEmpty ? { why_empty: whyEmpty } : {}), next_offset: nextOffset(offset, limit, total) };
}

/** Published products, posts and pages: the health record's `documents`. */
export function documentCount(catalog: Catalog): number {
  return catalog.products.length + catalog.posts.length + catalog.pages.length;
}
