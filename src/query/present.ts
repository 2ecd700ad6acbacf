import type { Catalog, Company, Image, Page, Post, Product } from '../content/types.js';

/**
 * The public representation of each record: what the API and MCP return.
 * List views omit the markdown body.
 */

/**
 * When a record last changed, for sync clients (`updated_at`, `updated_since`):
 * the content's own date; an article without one changed when it was
 * published; a product without one is dated by the loading of the content it
 * came in, so a sync client fetches it again after a reload and never misses
 * a change.
 */
export function productUpdatedAt(p: Product, catalog: Catalog): string {
  return p.updated_at ?? catalog.loaded_at;
}

export function postUpdatedAt(p: Post): string {
  return p.updated_at ?? p.published_at;
}

/** A record's image as the API shows it; absent when the record has none. */
function imageOf(image: Image | undefined): { image?: Image } {
  return image ? { image: { url: image.url, alt: image.alt, width: image.width, height: image.height, media_type: image.media_type } } : {};
}

export function productSummary(p: Product, catalog: Catalog) {
  return {
    slug: p.slug,
    name: p.name,
    summary: p.summary,
    status: p.status,
    tags: p.tags,
    links: p.links,
    updated_at: productUpdatedAt(p, catalog),
    ...imageOf(p.image),
    url: p.url,
    markdown_url: p.markdown_url,
  };
}

export function productDetail(p: Product, catalog: Catalog) {
  return { ...productSummary(p, catalog), markdown: p.markdown };
}

export function postSummary(p: Post) {
  return {
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    category: p.category,
    locale: p.locale,
    published_at: p.published_at,
    updated_at: postUpdatedAt(p),
    author: p.author,
    reading_time_minutes: p.reading_time_minutes,
    translations: p.translations,
    ...imageOf(p.image),
    url: p.url,
    markdown_url: p.markdown_url,
  };
}

export function postDetail(p: Post) {
  return { ...postSummary(p), markdown: p.markdown };
}

export function pageSummary(p: Page) {
  return {
    slug: p.slug,
    title: p.title,
    description: p.description,
    locale: p.locale,
    updated_at: p.updated_at,
    translations: p.translations,
    ...imageOf(p.image),
    url: p.url,
    markdown_url: p.markdown_url,
  };
}

export function pageDetail(p: Page) {
  return { ...pageSummary(p), markdown: p.markdown };
}

export function companyRecord(c: Company) {
  return {
    legal_name: c.legal_name,
    trade_name: c.trade_name,
    cnpj: c.cnpj,
    ...(c.founded === undefined ? {} : { founded: c.founded }),
    address: c.address,
    contact: c.contact,
    profiles: c.profiles,
    ...(c.logo ? { logo: imageOf(c.logo).image } : {}),
    url: c.url,
    markdown_url: c.markdown_url,
    markdown: c.markdown,
  };
}

/** Published products, posts and pages: the health record's `documents`. */
export function documentCount(catalog: Catalog): number {
  return catalog.products.length + catalog.posts.length + catalog.pages.length;
}
