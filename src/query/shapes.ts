import * as z from 'zod';
import { IDENTIFIER_SCHEMES, PRODUCT_STATUSES } from '../content/types.js';
import { VARIANT_MEDIA_TYPES } from '../media/variants.js';
import { SEARCH_KINDS } from '../search/index.js';

/**
 * What the API and the MCP tools answer, each shape declared once in zod
 * with its title and descriptions as metadata. The records are typed from
 * them (src/query/present.ts builds them), the MCP tools declare them as
 * output schemas, /openapi.json publishes them as components (named by their
 * titles) and the tests validate every answer against that document.
 *
 * Dates are strings with `format` as metadata: the content loader has
 * checked them already, and the format is what a client is told.
 */

/** A record as it is answered: nothing in it is changed after it is built. */
export type Immutable<T> = T extends readonly (infer I)[] ? readonly Immutable<I>[] : T extends object ? { readonly [K in keyof T]: Immutable<T[K]> } : T;

/** The value a shape describes. */
export type Answered<S extends z.ZodType> = Immutable<z.output<S>>;

const text = () => z.string();
const dateTime = () => z.string().meta({ format: 'date-time' });
const count = () => z.int().min(0);

const pageLinks = {
  url: z.url().describe('The public page on the website.'),
  markdown_url: z.url().describe('The markdown mirror of that page.'),
};
const markdown = text().describe('The full markdown body, front matter removed.');

export const ImageVariant = z
  .strictObject({
    url: z.url().describe('The file; its URL changes with the picture, so it may be cached forever.'),
    width: z.int().min(1).describe('Its width in pixels; its height keeps the picture\u2019s proportions.'),
    media_type: z.enum(VARIANT_MEDIA_TYPES).describe('Its format.'),
  })
  .meta({ title: 'ImageVariant' });
export type ImageVariant = Answered<typeof ImageVariant>;

const imageFields = {
  url: z.url().describe('The picture at its own size and in its own format (metadata such as EXIF removed); its URL changes with its bytes, so it may be cached forever.'),
  alt: text().describe('What the image shows, for people who cannot see it.'),
  width: z.int().min(1).describe('Intrinsic width in pixels.'),
  height: z.int().min(1).describe('Intrinsic height in pixels.'),
  media_type: text().describe('Its media type (image/png, image/svg+xml, ...).'),
};

/** A picture as a list shows it: lists and search results leave out its variants, so a page of them stays small. */
export const ImageSummary = z.strictObject(imageFields).meta({ title: 'ImageSummary' });
export type ImageSummary = Answered<typeof ImageSummary>;

export const Image = z
  .strictObject({
    ...imageFields,
    variants: z
      .array(ImageVariant)
      .describe(
        'The same picture in smaller widths (320, 480, 640, 750, 960, 1080, 1280 and 1920 pixels, and its own width when under 1920; never wider than it), each in AVIF, WebP and its own format, narrowest first: pick the narrowest wide enough for where it is shown. Empty for an SVG, a GIF or an animated WebP, which are served as they are.',
      ),
  })
  .meta({ title: 'Image' });
export type Image = Answered<typeof Image>;

const imageSummary = ImageSummary.describe('Its picture, when the content gives one (its variants are in the single record).').optional();
const image = Image.describe('Its picture, when the content gives one, with its variants.').optional();

export const Translation = z
  .strictObject({ locale: text(), slug: text(), title: text().describe("The translation's title (a product's name)."), ...pageLinks })
  .meta({ title: 'Translation' });
export type Translation = Answered<typeof Translation>;

export const ProductSummary = z
  .strictObject({
    slug: text(),
    name: text(),
    summary: text(),
    locale: text().describe('The language of its name, summary and text.'),
    translations: z.array(Translation).describe('The same product in other locales.'),
    status: z.enum(PRODUCT_STATUSES),
    tags: z.array(text()),
    links: z.record(text(), text()).describe('Named external links (website, documentation, repository, ...).'),
    updated_at: dateTime().describe('When the product last changed (the content\u2019s date, else the time the content was loaded).'),
    image: imageSummary,
    ...pageLinks,
  })
  .meta({ title: 'ProductSummary' });
export type ProductSummary = Answered<typeof ProductSummary>;

/** What a record answered in another locale than the one asked for says of itself (src/query/untranslated.ts). */
export const Fallback = z
  .strictObject({
    requested_locale: text().describe('The locale asked for.'),
    available_locales: z.array(text()).describe('The locales the record is written in.'),
  })
  .describe("Only when the record has no translation in the locale asked for, and comes in the default one (its locale).")
  .meta({ title: 'Fallback' });
export type Fallback = Answered<typeof Fallback>;

export const Product = ProductSummary.extend({ image, markdown, fallback: Fallback.optional() }).meta({ title: 'Product' });
export type Product = Answered<typeof Product>;

export const PostSummary = z
  .strictObject({
    slug: text(),
    title: text(),
    summary: text(),
    category: text(),
    tags: z.array(text()).describe('Its tags, as site.yaml writes them (post_tags); may be empty.'),
    locale: text(),
    published_at: dateTime(),
    updated_at: dateTime().describe('When the article last changed (its publication, unless the content gives a later date).'),
    author: text(),
    reading_time_minutes: z.int().min(1),
    translations: z.array(Translation).describe('The same article in other locales.'),
    image: imageSummary,
    ...pageLinks,
  })
  .meta({ title: 'PostSummary' });
export type PostSummary = Answered<typeof PostSummary>;

export const Post = PostSummary.extend({ image, markdown }).meta({ title: 'Post' });
export type Post = Answered<typeof Post>;

export const PageSummary = z
  .strictObject({
    slug: text(),
    title: text(),
    description: text(),
    locale: text(),
    updated_at: dateTime(),
    translations: z.array(Translation).describe('The same page in other locales.'),
    image: imageSummary,
    ...pageLinks,
  })
  .meta({ title: 'PageSummary' });
export type PageSummary = Answered<typeof PageSummary>;

export const Page = PageSummary.extend({ image, markdown, fallback: Fallback.optional() }).meta({ title: 'Page' });
export type Page = Answered<typeof Page>;

export const Address = z
  .strictObject({
    street: text(),
    number: text(),
    complement: text().optional(),
    district: text().describe('A part of the city (a bairro), where the country\u2019s addresses name one.').optional(),
    city: text(),
    state: text().describe('The state, province or region, where the country\u2019s addresses name one.').optional(),
    postal_code: text(),
    country: text().describe('ISO 3166-1 alpha-2.'),
  })
  .meta({ title: 'Address' });
export type Address = Answered<typeof Address>;

export const Identifier = z
  .strictObject({
    scheme: z
      .enum(IDENTIFIER_SCHEMES)
      .describe(
        'cnpj (Brazil), lei (ISO 17442 Legal Entity Identifier), vat (a VAT number), tax_id (a tax number; a US one is an EIN), duns (a D-U-N-S number), company_number (issued by the register named in `authority`).',
      ),
    value: text().describe('As the company writes it.'),
    authority: text().describe('The register that issued it (always given for a company_number).').optional(),
    country: text().describe('The issuing country, ISO 3166-1 alpha-2 (a VAT number\u2019s is that of its prefix; a company number\u2019s, unless given, that of the company\u2019s address).').optional(),
    verified: z
      .boolean()
      .describe(
        'True when the server checked its check digits (cnpj, lei, vat: content with wrong ones does not load); false when its scheme has none (tax_id, duns, company_number), so only its format was checked. Neither says that the number is registered to this company: only its register can.',
      ),
    lookup_url: z
      .url()
      .describe("Where a person checks it: its register's public search (GLEIF for a LEI, VIES for an EU VAT number, the national register of a CNPJ or a UK company number); absent where none exists.")
      .optional(),
  })
  .meta({ title: 'Identifier' });
export type Identifier = Answered<typeof Identifier>;

/** A CNPJ as the content writes it: 00.000.000/0000-00, letters allowed in its first twelve places (the 2026 alphanumeric CNPJ). */
const CNPJ = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-[0-9]{2}$/;

export const Company = z
  .strictObject({
    legal_name: text(),
    trade_name: text(),
    cnpj: text().regex(CNPJ).describe('The Brazilian company registration number, only when the company has one (its identifier of scheme cnpj).').optional(),
    identifiers: z.array(Identifier).describe('Every identifier the company publishes, the CNPJ included; may be empty.'),
    founded: text()
      .regex(/^\d{4}(?:-\d{2}-\d{2})?$/)
      .describe('When the company was founded: the day (YYYY-MM-DD), or the year alone (YYYY) where the company gives only that.')
      .optional(),
    managing_directors: z.array(text()).describe('The people who manage and legally represent the company, by full name, when the company names them.').optional(),
    address: Address,
    contact: z.record(text(), text()).describe('Contact channels by name (email, phone, ...).'),
    profiles: z.record(text(), z.url()).describe('Official profile URLs by network.'),
    logo: Image.describe('The company logo, when the content gives one.').optional(),
    ...pageLinks,
    markdown,
  })
  .meta({ title: 'Company' });
export type Company = Answered<typeof Company>;

export const ApiIndex = z
  .strictObject({
    name: text(),
    description: text(),
    version: text(),
    resources: z.record(text(), z.url()).describe('Every collection and record of the API.'),
    openapi_url: z.url(),
    mcp_url: z.url(),
    documentation_url: z.url(),
  })
  .meta({ title: 'ApiIndex' });
export type ApiIndex = Answered<typeof ApiIndex>;

export const QuotaState = z
  .strictObject({
    policy: text().describe('The policy name quoted in the RateLimit headers.'),
    limit: z.int().min(1).describe('Requests allowed per window and client address.'),
    window_seconds: z.int().min(1),
    window: z
      .enum(['fixed'])
      .describe("Fixed: a window starts at a client's first counted request and ends window_seconds later, whatever comes in between."),
    store: z
      .enum(['memory', 'redis', 'memory-fallback'])
      .describe(
        'Where this instance counts: memory (alone, no shared store configured), redis (in the Redis shared by every instance), memory-fallback (a shared Redis is configured but unreachable, so this instance counts alone until it answers again).',
      ),
  })
  .meta({ title: 'QuotaState' });

export const DeprecationState = z
  .strictObject({
    deprecated_at: dateTime().describe('When this version was announced deprecated (the Deprecation header, RFC 9745).'),
    sunset_at: dateTime().describe('When this version stops answering (the Sunset header, RFC 8594).'),
    successor_url: z.url().describe('The version that replaces this one (the successor-version link).'),
    documentation_url: z.url().describe('The deprecation policy on the developer portal (the deprecation link).'),
  })
  .meta({ title: 'DeprecationState' });

export const Health = z
  .strictObject({
    status: z.enum(['ok']),
    version: text(),
    documents: count().describe('Published products, posts and pages.'),
    content_version: text().describe('Changes whenever the content does.'),
    content_loaded_at: dateTime(),
    quota: QuotaState,
    deprecation: DeprecationState.nullable().describe('The announced end of this version (see /developers#deprecation); null while it is current.'),
    content_commit: text().describe('With content published from git: the commit served.').optional(),
    content_refused: z
      .strictObject({ commit: text(), error: text().describe('The first error the content check found.'), refused_at: dateTime() })
      .nullable()
      .describe('With content published from git: the last commit refused by the content check, while it is the newest; null when none is.')
      .optional(),
  })
  .meta({ title: 'Health' });
export type Health = Answered<typeof Health>;

/** Why a list its filters emptied is empty (src/query/empty-lists.ts). */
export const EmptiedBy = z
  .strictObject({
    parameter: text().describe('The filter; absent when only several together emptied the list.').optional(),
    detail: text().describe('What there is instead, in words.'),
    others: z
      .array(z.strictObject({ value: text(), total: count() }))
      .describe('Its other values that have items, most first.')
      .optional(),
    nearest: dateTime().describe('A date filter: the nearest date beyond its bound.').optional(),
  })
  .meta({ title: 'EmptiedBy' });

export const SearchHit = z
  .strictObject({
    kind: z.enum(SEARCH_KINDS as readonly [string, ...string[]]),
    slug: text(),
    title: text().describe('The page or article title, the product name.'),
    excerpt: text().describe('Plain text around the best match, about 160 characters, with … where it is cut.'),
    score: z.number().min(0).describe('Relevance (BM25+); hits come highest first unless sorted by date.'),
    matches: z
      .array(text())
      .describe(
        "The indexed words that matched the query, lowercase and without accents: its words, their completions and typo neighbours, and the record's words that share their stem (policy for a query policies) or are declared synonyms of them.",
      ),
    ...pageLinks,
    locale: text().describe('The record\u2019s locale, when its kind has one (articles and pages; products have none).').optional(),
    published_at: dateTime().describe('Articles: when they were published (other kinds have no publication date).').optional(),
    updated_at: dateTime().describe('When the record last changed, as its list item says.'),
  })
  .meta({ title: 'SearchHit' });

export const SearchResult = z
  .strictObject({
    query: text().describe('The query, as given.'),
    items: z.array(SearchHit),
    total: count().describe('Every hit that matches, not just the ones returned.'),
    limit: z.int().min(1).max(100),
    offset: count().describe('How many better hits came before these.'),
    next: z.url().nullable().describe('The next page of hits, with the same query and filters; null on the last page.'),
    prev: z.url().nullable().describe('The previous page of hits; null on the first page.'),
    suggestions: z
      .array(text())
      .describe(
        'When nothing matches (total 0): queries that find something under the same filters, best first, each word of the query replaced by the nearest word the content uses (at most 3; empty when none is close). Empty whenever there are hits.',
      ),
    why_empty: z
      .array(EmptiedBy)
      .describe('Only when the filters leave nothing that the words find without them: for each such filter (kind, locale, a publication bound), what the search finds without it.')
      .optional(),
  })
  .meta({ title: 'SearchResult' });

/** What every page of a list holds, in REST and MCP alike: its items, where it stands in all of them, and why it is empty when it is. */
const pageOf = <I extends z.ZodType>(item: I) => ({
  items: z.array(item),
  total: count().describe('Every match of the filters, not just this page.'),
  limit: z.int().min(1),
  offset: count(),
  why_empty: z
    .array(EmptiedBy)
    .describe('Only when the filters match nothing: what each filter that emptied the list left out.')
    .optional(),
});

/** The envelope of every list, titled `title`. */
function collection<I extends z.ZodType>(title: string, item: I) {
  return z
    .strictObject({
      ...pageOf(item),
      next: z.url().nullable().describe('The next page, with the same filters; null on the last page.'),
      prev: z.url().nullable().describe('The previous page, with the same filters; null on the first page.'),
    })
    .meta({ title });
}

export const ProductList = collection('ProductList', ProductSummary);
export const PostList = collection('PostList', PostSummary);
export const PageList = collection('PageList', PageSummary);

/*
 * What the MCP tools answer for lists and searches. An agent reads every
 * word of a result, so a list shows by default what one chooses from (the
 * other fields optional, present when the tool is asked for `detail:
 * "full"`), and gives the next page as the tool's own argument rather than
 * a URL of the REST API, which an agent holding only the MCP tools cannot
 * call. The single-record tools answer the REST records whole.
 */

/** A product in an MCP list: the other fields of ProductSummary come with `detail: "full"`. */
export const ProductChoice = ProductSummary.partial({ links: true, translations: true, markdown_url: true }).meta({ title: 'ProductChoice' });
export type ProductChoice = Answered<typeof ProductChoice>;

/** An article in an MCP list: the other fields of PostSummary come with `detail: "full"`. */
export const PostChoice = PostSummary.partial({ author: true, reading_time_minutes: true, translations: true, markdown_url: true, tags: true }).meta({ title: 'PostChoice' });
export type PostChoice = Answered<typeof PostChoice>;

/** A search hit in an MCP result: `matches` and `markdown_url` come with `detail: "full"`. */
export const HitChoice = SearchHit.partial({ matches: true, markdown_url: true }).meta({ title: 'HitChoice' });
export type HitChoice = Answered<typeof HitChoice>;

const nextOffset = count()
  .nullable()
  .describe('The offset of the next page: call the tool again with the same arguments and this offset. Null on the last page.');

/** The envelope of an MCP list, titled `title`: the REST envelope with `next_offset` for its links. */
function agentCollection<I extends z.ZodType>(title: string, item: I) {
  return z
    .strictObject({
      ...pageOf(item),
      next_offset: nextOffset,
    })
    .meta({ title });
}

/** A page in an MCP list: the other fields of PageSummary come with `detail: "full"`. */
export const PageChoice = PageSummary.partial({ translations: true, markdown_url: true }).meta({ title: 'PageChoice' });
export type PageChoice = Answered<typeof PageChoice>;

export const ProductChoices = agentCollection('ProductChoices', ProductChoice);
export const PostChoices = agentCollection('PostChoices', PostChoice);
export const PageChoices = agentCollection('PageChoices', PageChoice);

/** A search as an MCP tool answers it: the REST result with `next_offset` for its links. */
export const HitChoices = SearchResult.omit({ next: true, prev: true })
  .extend({ items: z.array(HitChoice), next_offset: nextOffset })
  .meta({ title: 'HitChoices' });

