import { channelUri } from '../content/channels.js';
import { descriptionIn, shareImageIn } from '../content/site-texts.js';
import { updatedAt } from '../query/updated-at.js';
import type {
  AboutPageLeaf,
  BlogPostingLeaf,
  BreadcrumbListLeaf,
  CollectionPageLeaf,
  ContactPageLeaf,
  ContactPoint,
  EntryPoint,
  Graph,
  IdReference,
  ImageObject,
  ListItem,
  OrganizationLeaf,
  Person,
  PostalAddress,
  QuantitativeValue,
  SearchAction,
  SearchResultsPageLeaf,
  SoftwareApplicationLeaf,
  Thing,
  WebPageLeaf,
  WebSiteLeaf,
  WithActionConstraints,
} from 'schema-dts';
import { vatNumber } from '../content/identifiers.js';
import type { Catalog, Company, IdentifierScheme, Image, MediaFile, Post, Product } from '../content/types.js';
import type { Address } from '../i18n/address.js';
import { streetLine } from '../i18n/address.js';
import type { Crumb } from '../documents/page-context.js';
import { SHARE_CARD } from '../media/variants.js';
import type { Html } from './html.js';
import { html, trustedHtml } from './html.js';
import { variantUpTo } from './components.js';

/**
 * What a page says about itself to machines that read its <head>: the Open
 * Graph and X (Twitter) card tags that link previews are built from, and one
 * JSON-LD graph of schema.org nodes (the company, the site, a product, an
 * article, a breadcrumb trail) for search engines and agents. Everything comes
 * from the Catalog; nothing here knows whose site it is.
 *
 * The nodes are typed with schema-dts, generated from the schema.org
 * vocabulary: a property that schema.org does not define for a type, or a
 * value of the wrong kind, is a compile error. Its types only are imported,
 * so nothing of it is loaded at run time.
 */

// ---------------------------------------------------------------------------
// Share cards: Open Graph and X (Twitter) cards
// ---------------------------------------------------------------------------

/** What a link preview of one page shows. */
export interface ShareCard {
  readonly title: string;
  readonly description: string;
  /** The page's absolute canonical URL. */
  readonly url: string;
  readonly type: 'website' | 'article';
  /** BCP 47 tag of the page's language (`en`, `pt-BR`). */
  readonly locale: string;
  /** The other locales (BCP 47) the same page exists in. */
  readonly alternateLocales: readonly string[];
  /** The page's own picture; the site's share image stands in when it has none or it cannot be shared. */
  readonly image?: Image;
  /** For `type: 'article'`. */
  readonly article?: {
    /** RFC 3339. */
    readonly published: string;
    readonly modified?: string;
    /** The author's name, or the URL of their profile. */
    readonly author: string;
    readonly section?: string;
    readonly tags?: readonly string[];
  };
}

/**
 * Image formats link previews display. X accepts JPG, PNG, WEBP and GIF, and
 * says outright that SVG is not supported
 * (https://developer.x.com/en/docs/x-for-websites/cards/overview/summary-card-with-large-image);
 * Facebook's crawler and the other unfurlers render the same raster formats.
 * An allowlist rather than "not SVG", so an ICO never becomes a card either.
 */
const SHAREABLE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The smallest image the large card takes: "minimum dimensions of 300x157"
 * (https://developer.x.com/en/docs/x-for-websites/cards/overview/summary-card-with-large-image).
 * Below it the plain `summary` card shows the image as a thumbnail.
 */
const LARGE_CARD_MIN = { width: 300, height: 157 } as const;

/** What a share card shows: a file and the words that replace it. */
export type SharedImage = MediaFile & { readonly alt: string };

/**
 * The page's image when previews can show it, else the site's share image
 * (with its text in the page's `locale`) when they can, else none: its share
 * card (cut to 1.91:1, src/media) where it has one, else the file itself (a
 * GIF).
 */
export function shareImage(catalog: Catalog, locale: string, image?: Image): SharedImage | undefined {
  for (const candidate of [image, shareImageIn(catalog.site, locale)]) {
    if (candidate?.card) return { ...candidate.card, alt: candidate.alt };
    if (candidate && SHAREABLE_IMAGE_TYPES.has(candidate.media_type)) return { url: candidate.url, media_type: candidate.media_type, width: candidate.width, height: candidate.height, alt: candidate.alt };
  }
  return undefined;
}

/**
 * A picture as large as structured data wants it, in a format every reader
 * of it reads: its widest variant in its own format (1920 pixels at most),
 * or the file itself when it has no variants.
 */
export function largeImage(image: Image): SharedImage {
  const widest = image.variants.filter((variant) => variant.media_type === image.media_type).at(-1);
  return { ...(widest ?? { url: image.url, media_type: image.media_type, width: image.width, height: image.height }), alt: image.alt };
}

/**
 * A picture as a feed embeds it, for readers that show the file they are
 * given as it is: its widest variant in its own format no wider than a share
 * card (1200 pixels), a made file of tens or hundreds of kilobytes, never the
 * original a camera wrote (megabytes); the file itself only where it has no
 * variants (an SVG, a GIF, which are served as they are).
 */
export function feedImage(image: Omit<Image, 'alt'>): MediaFile {
  return variantUpTo(image, SHARE_CARD.width) ?? { url: image.url, media_type: image.media_type, width: image.width, height: image.height };
}

function isLargeEnough(image: MediaFile): boolean {
  return image.width >= LARGE_CARD_MIN.width && image.height >= LARGE_CARD_MIN.height;
}

/**
 * A BCP 47 tag as Open Graph writes a locale: `language_TERRITORY`
 * (https://ogp.me/#optional: "og:locale - The locale these tags are marked up
 * in. Of the format language_TERRITORY."). `pt-BR` becomes `pt_BR`. A bare
 * language has no territory, so it gets the one CLDR's likely-subtags data
 * gives it (Unicode TR35, "Likely Subtags", which `Intl.Locale#maximize`
 * implements): `en` -> `en_US`, `pt` -> `pt_BR`, `es` -> `es_ES`. That is the
 * territory a reader of the bare tag most likely means, and for `en` it is also
 * the one Open Graph assumes when no locale is given (its default is `en_US`);
 * the alternative, a bare `en`, is not in the format consumers parse. A tag
 * Intl cannot read keeps its own parts, hyphens made underscores.
 */
export function ogLocale(tag: string): string {
  try {
    const locale = new Intl.Locale(tag);
    const region = locale.region ?? locale.maximize().region;
    return region === undefined ? locale.language : `${locale.language}_${region}`;
  } catch {
    return tag.replaceAll('-', '_');
  }
}

/** Each locale of `others` as Open Graph writes it, once, without the page's own. */
function alternateOgLocales(locale: string, others: readonly string[]): string[] {
  const own = ogLocale(locale);
  return [...new Set(others.map(ogLocale))].filter((other) => other !== own);
}

/** Open Graph properties go in `property` (they are RDFa, https://ogp.me/#metadata). */
function og(property: string, content: string | number): Html {
  return html`<meta property="${property}" content="${String(content)}">\n`;
}

/** X reads its own tags from `name` (https://developer.x.com/en/docs/x-for-websites/cards/overview/markup). */
function twitter(name: string, content: string): Html {
  return html`<meta name="${name}" content="${content}">\n`;
}

/**
 * The article's own Open Graph properties (https://ogp.me/#type_article).
 * `article:author` is typed there as a profile, that is the URL of a page
 * about the person, so it is written only when the author is a URL: a bare
 * name in it is what Facebook and others reject. The author's name belongs in
 * `<meta name="author">` (HTML Living Standard, 4.2.5.1) and in the JSON-LD.
 */
function articleTags(article: NonNullable<ShareCard['article']>): Html[] {
  return [
    og('article:published_time', article.published),
    article.modified === undefined ? [] : og('article:modified_time', article.modified),
    isHttpUrl(article.author) ? og('article:author', article.author) : [],
    article.section === undefined ? [] : og('article:section', article.section),
    (article.tags ?? []).map((tag) => og('article:tag', tag)),
  ].flat();
}

function imageTags(image: SharedImage): Html {
  return html`${og('og:image', image.url)}${og('og:image:type', image.media_type)}${og('og:image:width', image.width)}${og('og:image:height', image.height)}${og('og:image:alt', image.alt)}`;
}

/**
 * The Open Graph (https://ogp.me/) and X card tags of one page, for its
 * <head>. `product` is not one of Open Graph's core types (products are
 * described by the JSON-LD), so a product page is a `website`.
 */
export function shareMeta(catalog: Catalog, card: ShareCard): Html {
  const image = shareImage(catalog, card.locale, card.image);
  const article = card.type === 'article' ? card.article : undefined;
  return html`${og('og:site_name', catalog.site.name)}${og('og:type', card.type)}${og('og:title', card.title)}${og('og:description', card.description)}${og('og:url', card.url)}${og('og:locale', ogLocale(card.locale))}${alternateOgLocales(card.locale, card.alternateLocales).map((locale) => og('og:locale:alternate', locale))}${image === undefined ? '' : imageTags(image)}${article === undefined ? '' : articleTags(article)}${twitter('twitter:card', image !== undefined && isLargeEnough(image) ? 'summary_large_image' : 'summary')}${twitter('twitter:title', card.title)}${twitter('twitter:description', card.description)}${image === undefined ? '' : html`${twitter('twitter:image', image.url)}${twitter('twitter:image:alt', image.alt)}`}`;
}

// ---------------------------------------------------------------------------
// JSON-LD
// ---------------------------------------------------------------------------

/**
 * Characters that JSON leaves as they are but that must not reach a <script>
 * element as themselves: `<` would let `</script` or `<!--` end or change the
 * element (HTML Living Standard, 4.12.1.3 "Restrictions for contents of script
 * elements"), `>` and `&` close the same doors for `-->` and for a copy pasted
 * into XHTML, and U+2028/U+2029 end a line in JavaScript parsers older than
 * ES2019, which some consumers run the block through. Each becomes its \u
 * escape, which is the same string to a JSON parser.
 */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * One `<script type="application/ld+json">` holding every node as one
 * `@graph` (https://www.w3.org/TR/json-ld11/#named-graphs), compact. The
 * nodes refer to each other by `@id`, so a reader sees one connected graph.
 * A data block, not a script: browsers never run it, so the site's
 * Content-Security-Policy, which runs no inline script, is untouched (HTML Living Standard,
 * 4.12.1.2 "Data blocks"). `trustedHtml` because the JSON is made safe for
 * the element by `scriptSafeJson` above, not by HTML escaping, which a data
 * block would not undo.
 */
export function jsonLd(...graph: readonly Thing[]): Html {
  const document: Graph = { '@context': 'https://schema.org', '@graph': graph };
  return trustedHtml(`<script type="application/ld+json">${scriptSafeJson(document)}</script>`);
}

/*
 * Each node is a schema.org type itself (schema-dts's `Leaf`, without its
 * subtypes), so an object literal of it may hold only that type's properties,
 * with the `@id` other nodes point at.
 */
export type OrganizationNode = OrganizationLeaf & IdReference;
export type WebSiteNode = WebSiteLeaf & IdReference;
export type ProductNode = SoftwareApplicationLeaf & IdReference;
export type PostNode = BlogPostingLeaf & IdReference;
export type BreadcrumbNode = BreadcrumbListLeaf & IdReference;
/** The kinds of page schema.org distinguishes (https://schema.org/WebPage, "More specific Types") that this site has. */
export type WebPageNode = (WebPageLeaf | AboutPageLeaf | ContactPageLeaf | CollectionPageLeaf | SearchResultsPageLeaf) & IdReference;
export type WebPageType = WebPageNode['@type'];

/** The site's home page: what the company and the site nodes give as their `url`. */
function homeUrl(catalog: Catalog): string {
  return `${catalog.base_url}/`;
}

export function organizationId(catalog: Catalog): string {
  return `${catalog.base_url}/#organization`;
}

export function websiteId(catalog: Catalog): string {
  return `${catalog.base_url}/#website`;
}

function ref(id: string): IdReference {
  return { '@id': id };
}

/** A list, or nothing when it is empty: an empty `sameAs` says nothing and is noise to a reader. */
function nonEmpty<T>(list: readonly T[]): readonly T[] | undefined {
  return list.length ? list : undefined;
}

/**
 * A size in pixels. schema.org's `width` and `height` take a Distance ("7 ft":
 * a length unit, which pixels are not) or a QuantitativeValue
 * (https://schema.org/width), so pixels are a QuantitativeValue in UN/CEFACT
 * common code E37, "pixel" (https://schema.org/unitCode).
 */
function pixels(value: number): QuantitativeValue {
  return { '@type': 'QuantitativeValue', value, unitCode: 'E37' };
}

/** An image as a large file (see largeImage) with its size; its alt text is what describes it. */
function imageObject(picture: Image): ImageObject {
  const image = largeImage(picture);
  return {
    '@type': 'ImageObject',
    url: image.url,
    contentUrl: image.url,
    encodingFormat: image.media_type,
    width: pixels(image.width),
    height: pixels(image.height),
    description: image.alt,
  };
}

/** A channel's kind, by the same rule as the contact page's links (src/content/channels.ts). */
const isHttpUrl = (value: string): boolean => channelUri(value)?.kind === 'web';
const isEmail = (value: string): boolean => channelUri(value)?.kind === 'email';
const isPhone = (value: string): boolean => channelUri(value)?.kind === 'phone';

/**
 * schema.org's PostalAddress has no district: the street line is street
 * and number in the country's order, then the complement
 * (https://schema.org/PostalAddress), and a
 * region only where the address has one. The country is the ISO 3166-1
 * alpha-2 code the content holds, which `addressCountry` accepts.
 */
function postalAddress(address: Address): PostalAddress {
  return {
    '@type': 'PostalAddress',
    streetAddress: streetLine(address),
    addressLocality: address.city,
    ...(address.state === undefined ? {} : { addressRegion: address.state }),
    postalCode: address.postal_code,
    addressCountry: address.country,
  };
}

/**
 * The company's identifiers as schema.org names them: `taxID` (the CNPJ,
 * else a tax number), `vatID` (with its country prefix, as VAT registers
 * write it), `leiCode`, `duns` (its nine digits). The first of a scheme
 * stands for it; a register's company number has no property of its own.
 */
function identifierProperties(company: Company): Pick<OrganizationLeaf, 'taxID' | 'vatID' | 'leiCode' | 'duns'> {
  const first = (scheme: IdentifierScheme) => company.identifiers.find((identifier) => identifier.scheme === scheme);
  const tax = first('cnpj') ?? first('tax_id');
  const vat = first('vat');
  const vatId = vat && vatNumber(vat.value, vat.country);
  const lei = first('lei');
  const duns = first('duns');
  return {
    ...(tax ? { taxID: tax.value } : {}),
    ...(vat ? { vatID: vatId && 'number' in vatId ? vatId.number : vat.value } : {}),
    ...(lei ? { leiCode: lei.value } : {}),
    ...(duns ? { duns: duns.value.replace(/\D/g, '') } : {}),
  };
}

/**
 * A channel's purpose in words, for `contactType` (free text,
 * https://schema.org/contactType). `support` is "customer support", the name
 * Google's corporate-contact markup used for it; channels named after their
 * medium (`email`, `phone`) are the company's general line; any other name is
 * itself, underscores as spaces (`sales`, `press`, `data_protection`).
 */
function contactType(channel: string): string {
  if (channel === 'support') return 'customer support';
  if (['email', 'phone', 'telephone'].includes(channel)) return 'general enquiries';
  return channel.replaceAll('_', ' ');
}

/** One ContactPoint per channel that is an e-mail address or a phone number; the others (a URL, a street) are not contact points. */
function contactPoints(company: Company, languages: readonly string[]): ContactPoint[] {
  return Object.entries(company.contact).flatMap(([channel, value]): ContactPoint[] => {
    const email = isEmail(value) ? value : undefined;
    const telephone = email === undefined && isPhone(value) ? value : undefined;
    if (email === undefined && telephone === undefined) return [];
    return [{ '@type': 'ContactPoint', contactType: contactType(channel), email, telephone, availableLanguage: languages }];
  });
}

/**
 * The company (https://schema.org/Organization): the publisher every other
 * node points at, with its identifiers (identifierProperties).
 */
export function organizationNode(catalog: Catalog): OrganizationNode {
  const { company, site } = catalog;
  const email = company.contact.email;
  const telephone = company.contact.phone;
  return {
    '@type': 'Organization',
    '@id': organizationId(catalog),
    name: company.trade_name,
    legalName: company.legal_name,
    url: homeUrl(catalog),
    logo: company.logo && imageObject(company.logo),
    address: postalAddress(company.address),
    sameAs: nonEmpty(Object.values(company.profiles)),
    ...identifierProperties(company),
    // A day or a year alone, both ISO 8601 dates. The managing directors are left out: schema.org's Organization has no property for them (`founder` and `employee` would say something else).
    foundingDate: company.founded,
    email: email !== undefined && isEmail(email) ? email : undefined,
    telephone: telephone !== undefined && isPhone(telephone) ? telephone : undefined,
    contactPoint: nonEmpty(contactPoints(company, site.locales)),
  };
}

/**
 * The site (https://schema.org/WebSite), in every locale it has, with its
 * search page as a SearchAction. Google stopped showing the sitelinks search
 * box this markup fed in 2024
 * (https://developers.google.com/search/blog/2024/10/sitelinks-search-box),
 * but the action stays valid schema.org and tells an agent how to search the
 * site. `searchPath` is the search page's path (`/search`); it takes `q`. The
 * site is described in the page's `locale`.
 */
export function websiteNode(catalog: Catalog, searchPath: string, locale: string): WebSiteNode {
  const target: EntryPoint = { '@type': 'EntryPoint', urlTemplate: `${catalog.base_url}${searchPath}?q={search_term_string}` };
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target,
    'query-input': 'required name=search_term_string',
  };
  return {
    '@type': 'WebSite',
    '@id': websiteId(catalog),
    name: catalog.site.name,
    description: descriptionIn(catalog.site, locale),
    url: homeUrl(catalog),
    inLanguage: catalog.site.locales,
    publisher: ref(organizationId(catalog)),
    potentialAction: search,
  };
}

/**
 * A product (https://schema.org/SoftwareApplication: the products are
 * software). `applicationCategory` is one of the values Google documents
 * (https://developers.google.com/search/docs/appearance/structured-data/software-app);
 * `operatingSystem` is left out because the content does not say, and these
 * are services used through a browser or run on the customer's own platform.
 *
 * No `offers`: Google's software-app rich result requires an Offer with a
 * price and a rating or review (same page), and the content has none of them.
 * A made-up price or rating is worse than no rich result, so the node
 * describes the product without one. For the same reason it is not also typed
 * Product (whose `brand` it would gain): Google reports a Product without
 * offers, review or aggregateRating as an error. `brand` is not a property of
 * SoftwareApplication, a CreativeWork; `publisher` and `provider` say whose
 * it is.
 */
export function productNode(catalog: Catalog, product: Product): ProductNode {
  const organization = ref(organizationId(catalog));
  return {
    '@type': 'SoftwareApplication',
    '@id': `${product.url}#product`,
    name: product.name,
    description: product.summary,
    url: product.url,
    image: product.image && imageObject(product.image),
    applicationCategory: 'BusinessApplication',
    inLanguage: product.locale,
    publisher: organization,
    provider: organization,
    dateModified: product.updated_at,
  };
}

/**
 * An article (https://schema.org/BlogPosting), with the properties Google's
 * article markup reads (https://developers.google.com/search/docs/appearance/structured-data/article).
 *
 * Its translations are linked with `workTranslation` on every side
 * (https://schema.org/workTranslation): the content links translations by a
 * shared key without saying which one was written first, so no node claims to
 * be the original and `translationOfWork` (which would name one) is not used.
 */
export function postNode(catalog: Catalog, post: Post): PostNode {
  const author: Person = { '@type': 'Person', name: post.author };
  return {
    '@type': 'BlogPosting',
    '@id': `${post.url}#article`,
    headline: post.title,
    description: post.summary,
    url: post.url,
    mainEntityOfPage: ref(post.url),
    datePublished: post.published_at,
    dateModified: updatedAt(post, catalog),
    author,
    publisher: ref(organizationId(catalog)),
    inLanguage: post.locale,
    image: post.image && imageObject(post.image),
    articleSection: post.category,
    timeRequired: `PT${post.reading_time_minutes}M`,
    workTranslation: nonEmpty(post.translations.map((translation) => ref(`${translation.url}#article`))),
  };
}


/**
 * The trail from the home page to the page at `url`
 * (https://developers.google.com/search/docs/appearance/structured-data/breadcrumb):
 * positions count from 1, each item an absolute URL.
 */
export function breadcrumbNode(url: string, crumbs: readonly Crumb[]): BreadcrumbNode {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${url}#breadcrumb`,
    itemListElement: crumbs.map((crumb, index): ListItem => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export interface WebPageFacts {
  /** Absolute canonical URL: also the node's `@id`, which an article's `mainEntityOfPage` points at. */
  readonly url: string;
  readonly title: string;
  readonly description: string;
  /** BCP 47. */
  readonly locale: string;
  /** The page's BreadcrumbList (the node itself, or any reference to it). */
  readonly breadcrumb?: IdReference;
  /** The kind of page (https://schema.org/WebPage, "More specific Types"); `WebPage` by default. */
  readonly type?: WebPageType;
}

/** The page itself (https://schema.org/WebPage), part of the site. */
export function webPageNode(catalog: Catalog, page: WebPageFacts): WebPageNode {
  return {
    '@type': page.type ?? 'WebPage',
    '@id': page.url,
    url: page.url,
    name: page.title,
    description: page.description,
    inLanguage: page.locale,
    isPartOf: ref(websiteId(catalog)),
    breadcrumb: page.breadcrumb && ref(page.breadcrumb['@id']),
  };
}
