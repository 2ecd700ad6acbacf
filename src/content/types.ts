import type { Address } from '../i18n/address.js';
import type { Messages } from '../i18n/catalog.js';
/**
 * The content model: what a content folder becomes once loaded and validated.
 * Every record carries its absolute public `url` and the `markdown_url` of its
 * `/md/` mirror, computed once here so that the
 * API, MCP and the site never build a URL of their own.
 */

import type { MediaBytes, VariantMediaType } from '../media/variants.js';
import type { AiUsage } from './ai-usage.js';

export const PRODUCT_STATUSES = ['coming-soon', 'live'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * What a company's identifier is (src/content/identifiers.ts checks each):
 * a Brazilian CNPJ, an ISO 17442 Legal Entity Identifier, a VAT number, a
 * tax number (a US EIN), a D-U-N-S number, or a number given by a company
 * register (`authority`).
 */
export const IDENTIFIER_SCHEMES = ['cnpj', 'lei', 'vat', 'tax_id', 'duns', 'company_number'] as const;
export type IdentifierScheme = (typeof IDENTIFIER_SCHEMES)[number];

/** `content/site.yaml`: every enumerated value the content and the API accept. */
export interface Site {
  readonly name: string;
  /** The default locale's sentence on the company (`descriptionIn` gives another locale's). */
  readonly description: string;
  /** Locale -> its sentence on the company, for each locale site.yaml gives one (the default locale's among them). */
  readonly descriptions: Readonly<Record<string, string>>;
  readonly default_locale: string;
  readonly locales: readonly string[];
  readonly product_tags: readonly string[];
  /** Every tag a post may carry (none when site.yaml lists none). */
  readonly post_tags: readonly string[];
  /** Tag -> locale -> the label the tag shows on that locale's pages and mirrors (`tagLabel`). */
  readonly tag_labels: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Locale -> the categories a post in that locale may use. */
  readonly post_categories: Readonly<Record<string, readonly string[]>>;
  /** Every category of every locale, in file order. */
  readonly all_post_categories: readonly string[];
  /** Institutional pages in navigation order. */
  readonly page_slugs: readonly string[];
  readonly icons: SiteIcons;
  /** The picture a shared link shows when its page has no image of its own, with the default locale's alt text (`shareImageIn` gives another locale's). */
  readonly share_image?: Image;
  /** Locale -> the share image's alt text, for each locale site.yaml gives one. */
  readonly share_image_alt: Readonly<Record<string, string>>;
  /** What the search takes as meaning the same. */
  readonly search: SiteSearch;
  /** What automated systems may do with the content: `ai_usage` of site.yaml (empty: no preference stated). */
  readonly ai_usage: AiUsage;
}

/** `search` of site.yaml: what the site's search takes as meaning the same, each keyed by locale. */
export interface SiteSearch {
  /** Groups of words or phrases that mean the same: a search for one finds the others. */
  readonly synonyms: Readonly<Record<string, readonly (readonly string[])[]>>;
  /** A word or phrase, and what a search for it also finds (not the other way round). */
  readonly expansions: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

/** A file of the content folder served under /media/ (an icon, an image). */
export interface MediaFile {
  /** Absolute URL; its path holds a hash of the bytes, so it can be cached forever. */
  readonly url: string;
  readonly media_type: string;
  /** Intrinsic size in pixels, read from the file. */
  readonly width: number;
  readonly height: number;
}

/**
 * An image of the content, with the text that replaces it for people who
 * cannot see it. `url` is the picture at its own size and in its own format;
 * a raster picture is also offered in other widths and formats, and cut to a
 * share card (src/media/variants.ts).
 */
export interface Image extends MediaFile {
  readonly alt: string;
  /** The picture in several widths, each in AVIF, WebP and its own format, narrowest first; none for an SVG, a GIF or an animated WebP. */
  readonly variants: readonly ImageVariant[];
  /** The picture cut to a link preview's 1.91:1 (Open Graph), as a JPEG or a PNG; absent where there are no variants. */
  readonly card?: MediaFile;
}

/** A picture a body shows: an image but for its alt text, which the body gives. */
export type BodyPicture = Omit<Image, 'alt'>;

/** One width of a picture in one format. */
export interface ImageVariant extends MediaFile {
  readonly media_type: VariantMediaType;
}

/** The site's icons (`icons` of site.yaml), each optional. */
export interface SiteIcons {
  /** Scalable icon for browsers that take one. */
  readonly svg?: MediaFile;
  /** Square PNG, 512 pixels or more: the web app manifest's large icon. */
  readonly png?: MediaFile;
  /** Square PNG of about 192 pixels: the manifest's small icon. */
  readonly png_small?: MediaFile;
  /** 180-pixel opaque PNG for iOS home screens (apple-touch-icon). */
  readonly touch?: MediaFile;
  /** The classic /favicon.ico. */
  readonly ico?: MediaFile;
}

/** One identifier of the company, as written in company.md, and whether its check digits were verified. */
export interface Identifier {
  readonly scheme: IdentifierScheme;
  readonly value: string;
  /** The register that issued it (Companies House); always given for a company_number. */
  readonly authority?: string;
  /** ISO 3166-1 alpha-2: as written, or, for a VAT number, the country of its prefix. */
  readonly country?: string;
  /** Whether the loader checked its check digits (cnpj, lei, vat); false where only the format can be checked. */
  readonly verified: boolean;
  /** Where a person checks it: its register's public search, where its scheme and country have one. */
  readonly lookup_url?: string;
}

export interface Company {
  readonly legal_name: string;
  readonly trade_name: string;
  /** The CNPJ, when the company has one: the top-level `cnpj` of company.md, or its identifier of scheme cnpj. */
  readonly cnpj?: string;
  /** Every identifier, the CNPJ included; empty when company.md gives none. */
  readonly identifiers: readonly Identifier[];
  /** The founding day, YYYY-MM-DD, or its year alone, YYYY. */
  readonly founded?: string;
  /** The people who manage and represent the company, by full name, as company.md lists them. */
  readonly managing_directors?: readonly string[];
  readonly address: Address;
  readonly contact: Readonly<Record<string, string>>;
  readonly profiles: Readonly<Record<string, string>>;
  readonly logo?: Image;
  readonly url: string;
  readonly markdown_url: string;
  readonly markdown: string;
}

export interface Product {
  readonly slug: string;
  readonly name: string;
  readonly summary: string;
  /** The language of its name, summary and text: the default locale, or the one it was translated into (`products/<locale>/<slug>.md`). */
  readonly locale: string;
  /** The same product in other locales. */
  readonly translations: readonly TranslationLink[];
  readonly status: ProductStatus;
  readonly tags: readonly string[];
  /** Its tags as the pages and mirrors of its locale show them (tag_labels of site.yaml), in the same order. */
  readonly labelled_tags: readonly string[];
  readonly links: Readonly<Record<string, string>>;
  readonly order: number;
  readonly updated_at?: string;
  readonly image?: Image;
  /** What automated systems may do with it: its own `ai_usage`, each use it leaves out the site's. */
  readonly ai_usage: AiUsage;
  readonly url: string;
  readonly markdown_url: string;
  readonly markdown: string;
  /** The body as plain text (markdown syntax removed), for search and excerpts. */
  readonly text: string;
}

export interface TranslationLink {
  readonly locale: string;
  readonly slug: string;
  readonly title: string;
  readonly url: string;
  readonly markdown_url: string;
}

export interface Post {
  readonly slug: string;
  readonly title: string;
  readonly summary: string;
  readonly category: string;
  /** Chosen from the site's post_tags; may be empty. */
  readonly tags: readonly string[];
  /** Its tags as the pages and mirrors of its locale show them (tag_labels of site.yaml), in the same order. */
  readonly labelled_tags: readonly string[];
  readonly locale: string;
  readonly published_at: string;
  readonly updated_at?: string;
  readonly author: string;
  readonly reading_time_minutes: number;
  /** The same article in other locales (shared `translation_key`). */
  readonly translations: readonly TranslationLink[];
  readonly image?: Image;
  /** What automated systems may do with it: its own `ai_usage`, each use it leaves out the site's. */
  readonly ai_usage: AiUsage;
  readonly url: string;
  readonly markdown_url: string;
  readonly markdown: string;
  readonly text: string;
}

export interface Page {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly locale: string;
  readonly updated_at: string;
  /** The same page in other locales (same slug, `pages/<locale>/<slug>.md`). */
  readonly translations: readonly TranslationLink[];
  readonly image?: Image;
  /** What automated systems may do with it: its own `ai_usage`, each use it leaves out the site's. */
  readonly ai_usage: AiUsage;
  readonly url: string;
  readonly markdown_url: string;
  readonly markdown: string;
  readonly text: string;
}

export interface PagesOfLocale {
  readonly pages: readonly Page[];
  readonly bySlug: ReadonlyMap<string, Page>;
}

export interface ProductsOfLocale {
  readonly products: readonly Product[];
  readonly bySlug: ReadonlyMap<string, Product>;
}

/** An immutable snapshot of one content folder. A reload builds a new one. */
export interface Catalog {
  /** Short hash of every file loaded: changes whenever the content does. */
  readonly version: string;
  /** When this snapshot was built (RFC 3339, UTC). */
  readonly loaded_at: string;
  readonly base_url: string;
  readonly site: Site;
  /** The frame's messages of each locale of the site: the engine's, with the content's own (`i18n/<locale>.yaml`) over them. */
  readonly messages: ReadonlyMap<string, Messages>;
  readonly company: Company;
  /** The default locale's products, in `order`, then slug. */
  readonly products: readonly Product[];
  /** Every locale's products (the default locale's are `products`; another's, those translated into it), in the same order. */
  readonly productsByLocale: ReadonlyMap<string, ProductsOfLocale>;
  /** Newest first (`published_at`), then slug. */
  readonly posts: readonly Post[];
  /** The default locale's pages, newest route first: most recently updated first, then navigation order. */
  readonly pages: readonly Page[];
  /** Every locale's pages (the default locale's are `pages`), in the same order. */
  readonly pagesByLocale: ReadonlyMap<string, PagesOfLocale>;
  /** The files served under /media/, by their path there (`<hash>/<file>`). */
  readonly media: ReadonlyMap<string, MediaBytes>;
  /**
   * The pictures markdown bodies show, by the URL a body gives each (its
   * `src` once resolved): their size and variants, so the site can offer
   * them as it offers a record's image; the alt text is the body's own.
   */
  readonly bodyPictures: ReadonlyMap<string, BodyPicture>;
  readonly productsBySlug: ReadonlyMap<string, Product>;
  readonly postsBySlug: ReadonlyMap<string, Post>;
  readonly pagesBySlug: ReadonlyMap<string, Page>;
  /** `redirects.yaml`: old addresses sent on to new ones, in file order (none when the file is absent). */
  readonly redirects: readonly Redirect[];
}

/** The statuses a redirect may answer (RFC 9110 section 15.4): moved for good (301, 308) or for now (302, 307). */
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** One entry of `redirects.yaml`. */
export interface Redirect {
  /** The old path as written, without its query (`/2013/01/11/title/`, `/`). */
  readonly from: string;
  /** The query parameters the request must carry, each with that value (`p=12` of `/?p=12`); none matches any query. */
  readonly query: readonly (readonly [string, string])[];
  /** A path of the site (`/blog/title`) or an absolute URL of another site. */
  readonly to: string;
  readonly status: RedirectStatus;
}
