/**
 * Response shapes of /api/v1, as JSON Schema
 * (2020-12 compatible). The MCP tools declare them as output schemas, tests
 * validate every response against them, and discovery publishes them in
 * /openapi.json: one source for each shape.
 */

import { SEARCH_KINDS } from '../search/index.js';

const str = { type: 'string' } as const;
const uri = { type: 'string', format: 'uri' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const date = { type: 'string', format: 'date' } as const;
const strings = { type: 'object', additionalProperties: { type: 'string' } } as const;
const nullableUri = { type: ['string', 'null'], format: 'uri' } as const;

function object<P extends Record<string, object>, R extends readonly (keyof P & string)[]>(
  title: string,
  properties: P,
  required: R,
) {
  return { title, type: 'object', additionalProperties: false, required, properties } as const;
}

const links = {
  url: { ...uri, description: 'The public page on the website.' },
  markdown_url: { ...uri, description: 'The markdown mirror of that page.' },
} as const;
const markdown = { type: 'string', description: 'The full markdown body, front matter removed.' } as const;

export const Image = object(
  'Image',
  {
    url: { ...uri, description: 'The file; its URL changes with its bytes, so it may be cached forever.' },
    alt: { type: 'string', description: 'What the image shows, for people who cannot see it.' },
    width: { type: 'integer', minimum: 1, description: 'Intrinsic width in pixels.' },
    height: { type: 'integer', minimum: 1, description: 'Intrinsic height in pixels.' },
    media_type: { type: 'string', description: 'Its media type (image/png, image/svg+xml, ...).' },
  },
  ['url', 'alt', 'width', 'height', 'media_type'],
);
const image = { ...Image, description: 'Its picture, when the content gives one.' } as const;

export const ProductSummary = object(
  'ProductSummary',
  {
    slug: str,
    name: str,
    summary: str,
    status: { type: 'string', enum: ['coming-soon', 'live'] },
    tags: { type: 'array', items: str },
    links: { ...strings, description: 'Named external links (website, documentation, repository, ...).' },
    updated_at: { ...dateTime, description: 'When the product last changed (the content\u2019s date, else the time the content was loaded).' },
    image,
    ...links,
  },
  ['slug', 'name', 'summary', 'status', 'tags', 'links', 'updated_at', 'url', 'markdown_url'],
);

export const Product = object(
  'Product',
  { ...ProductSummary.properties, markdown },
  [...ProductSummary.required, 'markdown'],
);

const translation = object('Translation', { locale: str, slug: str, title: str, ...links }, [
  'locale',
  'slug',
  'title',
  'url',
  'markdown_url',
]);

export const PostSummary = object(
  'PostSummary',
  {
    slug: str,
    title: str,
    summary: str,
    category: str,
    locale: str,
    published_at: dateTime,
    updated_at: { ...dateTime, description: 'When the article last changed (its publication, unless the content gives a later date).' },
    author: str,
    reading_time_minutes: { type: 'integer', minimum: 1 },
    translations: { type: 'array', items: translation, description: 'The same article in other locales.' },
    image,
    ...links,
  },
  ['slug', 'title', 'summary', 'category', 'locale', 'published_at', 'updated_at', 'author', 'reading_time_minutes', 'translations', 'url', 'markdown_url'],
);

export const Post = object('Post', { ...PostSummary.properties, markdown }, [...PostSummary.required, 'markdown']);

export const PageSummary = object(
  'PageSummary',
  {
    slug: str,
    title: str,
    description: str,
    locale: str,
    updated_at: dateTime,
    translations: { type: 'array', items: translation, description: 'The same page in other locales.' },
    image,
    ...links,
  },
  ['slug', 'title', 'description', 'locale', 'updated_at', 'translations', 'url', 'markdown_url'],
);

export const Page = object('Page', { ...PageSummary.properties, markdown }, [...PageSummary.required, 'markdown']);

export const Company = object(
  'Company',
  {
    legal_name: str,
    trade_name: str,
    cnpj: { type: 'string', pattern: '^[0-9A-Z]{2}\\.[0-9A-Z]{3}\\.[0-9A-Z]{3}/[0-9A-Z]{4}-[0-9]{2}$' },
    founded: date,
    address: object(
      'Address',
      { street: str, number: str, complement: str, district: str, city: str, state: str, postal_code: str, country: str },
      ['street', 'number', 'district', 'city', 'state', 'postal_code', 'country'],
    ),
    contact: { ...strings, description: 'Contact channels by name (email, phone, ...).' },
    profiles: { type: 'object', additionalProperties: uri, description: 'Official profile URLs by network.' },
    logo: { ...Image, description: 'The company logo, when the content gives one.' },
    ...links,
    markdown,
  },
  ['legal_name', 'trade_name', 'cnpj', 'address', 'contact', 'profiles', 'url', 'markdown_url', 'markdown'],
);

export const ApiIndex = object(
  'ApiIndex',
  {
    name: str,
    description: str,
    version: str,
    resources: { type: 'object', additionalProperties: uri, description: 'Every collection and record of the API.' },
    openapi_url: uri,
    mcp_url: uri,
    documentation_url: uri,
  },
  ['name', 'description', 'version', 'resources', 'openapi_url', 'mcp_url', 'documentation_url'],
);

const QuotaState = object(
  'QuotaState',
  {
    policy: { type: 'string', description: 'The policy name quoted in the RateLimit headers.' },
    limit: { type: 'integer', minimum: 1, description: 'Requests allowed per window and client address.' },
    window_seconds: { type: 'integer', minimum: 1 },
    window: {
      type: 'string',
      enum: ['fixed'],
      description: "Fixed: a window starts at a client's first counted request and ends window_seconds later, whatever comes in between.",
    },
    store: {
      type: 'string',
      enum: ['memory', 'redis', 'memory-fallback'],
      description:
        'Where this instance counts: memory (alone, no shared store configured), redis (in the Redis shared by every instance), memory-fallback (a shared Redis is configured but unreachable, so this instance counts alone until it answers again).',
    },
  },
  ['policy', 'limit', 'window_seconds', 'window', 'store'],
);

const DeprecationState = object(
  'DeprecationState',
  {
    deprecated_at: { ...dateTime, description: 'When this version was announced deprecated (the Deprecation header, RFC 9745).' },
    sunset_at: { ...dateTime, description: 'When this version stops answering (the Sunset header, RFC 8594).' },
    successor_url: { ...uri, description: 'The version that replaces this one (the successor-version link).' },
    documentation_url: { ...uri, description: 'The deprecation policy on the developer portal (the deprecation link).' },
  },
  ['deprecated_at', 'sunset_at', 'successor_url', 'documentation_url'],
);

export const Health = object(
  'Health',
  {
    status: { type: 'string', enum: ['ok'] },
    version: str,
    documents: { type: 'integer', minimum: 0, description: 'Published products, posts and pages.' },
    content_version: { type: 'string', description: 'Changes whenever the content does.' },
    content_loaded_at: dateTime,
    quota: QuotaState,
    deprecation: {
      anyOf: [DeprecationState, { type: 'null' }],
      description: 'The announced end of this version (see /developers#deprecation); null while it is current.',
    },
  },
  ['status', 'version', 'documents', 'content_version', 'content_loaded_at', 'quota', 'deprecation'],
);

/** One search hit. */
export const SearchHit = object(
  'SearchHit',
  {
    kind: { type: 'string', enum: [...SEARCH_KINDS] },
    slug: str,
    title: { type: 'string', description: 'The page or article title, the product name.' },
    excerpt: { type: 'string', description: 'Plain text around the best match, about 160 characters, with … where it is cut.' },
    score: { type: 'number', minimum: 0, description: 'Relevance (BM25+); hits come highest first.' },
    matches: { type: 'array', items: str, description: 'The indexed words that matched the query, lowercase and without accents.' },
    ...links,
    locale: { type: 'string', description: 'Articles and pages: their locale (products have none).' },
  },
  ['kind', 'slug', 'title', 'excerpt', 'score', 'matches', 'url', 'markdown_url'],
);

export const SearchResult = object(
  'SearchResult',
  {
    query: { type: 'string', description: 'The query, as given.' },
    items: { type: 'array', items: SearchHit },
    total: { type: 'integer', minimum: 0, description: 'Every hit that matches, not just the ones returned.' },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    offset: { type: 'integer', minimum: 0, description: 'How many better hits came before these.' },
    next: { ...nullableUri, description: 'The next page of hits, with the same query and filters; null on the last page.' },
    prev: { ...nullableUri, description: 'The previous page of hits; null on the first page.' },
  },
  ['query', 'items', 'total', 'limit', 'offset', 'next', 'prev'],
);

/** The envelope of every list. */
export function collection<I extends object>(title: string, item: I) {
  return object(
    title,
    {
      items: { type: 'array', items: item },
      total: { type: 'integer', minimum: 0, description: 'Every match of the filters, not just this page.' },
      limit: { type: 'integer', minimum: 1 },
      offset: { type: 'integer', minimum: 0 },
      next: { ...nullableUri, description: 'The next page, with the same filters; null on the last page.' },
      prev: { ...nullableUri, description: 'The previous page, with the same filters; null on the first page.' },
    },
    ['items', 'total', 'limit', 'offset', 'next', 'prev'],
  );
}

export const ProductList = collection('ProductList', ProductSummary);
export const PostList = collection('PostList', PostSummary);
export const PageList = collection('PageList', PageSummary);

/** RFC 9457 problem document, with the service's `code`, `hint` and extension members. */
export const Problem = {
  title: 'Problem',
  type: 'object',
  additionalProperties: true,
  required: ['type', 'title', 'status', 'code', 'detail', 'hint'],
  properties: {
    type: { ...uri, description: 'The developer portal anchor documenting `code`.' },
    title: str,
    status: { type: 'integer' },
    code: {
      type: 'string',
      enum: ['invalid_parameter', 'missing_parameter', 'not_found', 'method_not_allowed', 'not_acceptable', 'unsupported_media_type', 'rate_limited', 'internal_error'],
    },
    detail: str,
    hint: { type: 'string', description: 'The concrete call that resolves the problem.' },
    instance: { type: 'string', description: 'The request path.' },
    documentation_url: uri,
    parameter: { type: 'string', description: 'On 400: the parameter at fault.' },
    accepted: {
      description: 'On 400: what the parameter accepts.',
      oneOf: [str, { type: 'array', items: str }],
    },
    valid_slugs: { type: 'array', items: str, description: 'On 404 for a slug: every valid slug.' },
  },
} as const;
