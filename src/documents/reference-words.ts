import type { Catalog } from '../content/types.js';
import type { MessageKey } from '../i18n/keys.js';
import { messages, shippedCatalogFor } from '../i18n/catalog.js';
import type { Messages } from '../i18n/catalog.js';
import type { Endpoint } from '../model/endpoints.js';
import type { ProblemCode } from '../model/problems.js';
import { MAX_HEADER_BYTES, MAX_TARGET_LENGTH } from '../model/problems.js';
import type { PromptSummary } from '../model/prompts.js';
import type { Param } from '../query/params.js';
import { writingsOf } from '../query/params.js';
import type { Words } from './words.js';
import { wordsOfMessages } from './words.js';

/**
 * The words of the developer reference (src/documents/developers.ts) in a
 * page's language: the `reference.*` messages of the catalogs, and which of
 * them says what each endpoint, parameter, tool, prompt and problem does.
 * A declaration the reference has no words for keeps its own (English)
 * text, so a new endpoint or tool is documented before it is translated.
 */

/** Inline code in markdown (a backtick inside is shown as a look-alike, so the span never breaks). */
export const code = (text: string) => `\`${text.replaceAll('`', 'ˋ')}\``;

/**
 * The words of the reference in `locale`: the site's catalog of it where the
 * engine ships that language (a site may change a word), else English.
 */
export function referenceWords(catalog: Catalog, locale: string): Words {
  const own: Messages | undefined = shippedCatalogFor(locale) ? (catalog.messages.get(locale) ?? shippedCatalogFor(locale)) : undefined;
  return wordsOfMessages(own ?? messages('en'));
}

/** What case and accents do to the values of an enumerated parameter, shown on one of them. */
function forgivingText(values: readonly string[], w: Words): string {
  const shown = writingsOf(values);
  return shown ? w('reference.accepts.forgiving', { first: code(shown.others[0]), second: code(shown.others[1]), value: code(shown.value) }) : w('reference.accepts.forgiving_no_value');
}

/** What a parameter accepts, in one cell: required or not, then its type, bounds, values and default. */
export function acceptsText(param: Param, catalog: Catalog, w: Words): string {
  let what: string;
  if (param.type === 'integer') {
    const values = { minimum: String(param.minimum), maximum: String(param.maximum ?? ''), default: String(param.default) };
    what = param.maximum === undefined ? w('reference.accepts.whole_number_at_least', values) : w('reference.accepts.whole_number_between', values);
  } else if (param.type === 'text') {
    what = w('reference.accepts.text', { minimum: String(param.minLength), maximum: String(param.maxLength) });
  } else if (param.type === 'instant') {
    what = w('reference.accepts.instant');
  } else {
    const values = param.accepted(catalog);
    const listed = values.length ? values.map(code).join(', ') : w('reference.none');
    what = param.type === 'enum' && param.multiple ? w('reference.accepts.several', { values: listed }) : w('reference.accepts.one_of', { values: listed });
    if (param.type === 'enum') what = `${what} (${forgivingText(values, w)})`;
  }
  return param.required ? w('reference.accepts.required', { what }) : w('reference.accepts.optional', { what });
}

/** The listing's word for the records an endpoint lists, for `limit` and the list orders. */
const LISTED = {
  listProducts: { limit: 'reference.param.limit_products', order: 'reference.order.content' },
  listPosts: { limit: 'reference.param.limit_posts', order: 'reference.order.newest' },
  listPages: { limit: 'reference.param.limit_pages', order: 'reference.order.updated' },
  search: { limit: 'reference.param.limit_hits', order: 'reference.order.content' },
} as const satisfies Readonly<Record<string, { readonly limit: MessageKey; readonly order: MessageKey }>>;

/** The parameters whose words depend on the endpoint, by endpoint: what its `locale` selects, what its `tag` filters. */
const ENDPOINT_PARAMETER: Readonly<Record<string, Readonly<Record<string, MessageKey>>>> = {
  listProducts: { locale: 'reference.param.locale_products' },
  getProduct: { locale: 'reference.param.locale_products' },
  listPosts: { locale: 'reference.param.locale_posts', tag: 'reference.param.tag_posts' },
  listPages: { locale: 'reference.param.locale_pages_any' },
  getPage: { locale: 'reference.param.locale_pages' },
  search: { locale: 'reference.param.locale_search' },
};

/** The fixed descriptions of parameters, by name. */
const PARAMETER: Readonly<Record<string, MessageKey>> = {
  status: 'reference.param.status',
  tag: 'reference.param.tag',
  category: 'reference.param.category',
  updated_since: 'reference.param.updated_since',
  offset: 'reference.param.offset',
  q: 'reference.param.q',
  kind: 'reference.param.kind',
};

/** What a parameter of `endpoint` does, in the reader's words; a parameter the reference has no words for keeps its declaration's. */
export function parameterText(endpoint: Endpoint, name: string, param: Param, w: Words): string {
  const listed = (LISTED as Readonly<Record<string, { readonly limit: MessageKey; readonly order: MessageKey }>>)[endpoint.operationId];
  const search = endpoint.operationId === 'search';
  const undated = search ? ` ${w('reference.param.undated_left_out')}` : '';
  const own = ENDPOINT_PARAMETER[endpoint.operationId]?.[name];
  if (own) return w(own);
  if (name === 'published_since') return `${w('reference.param.published_since')}${undated}`;
  if (name === 'published_before') return `${w('reference.param.published_before')}${undated}`;
  if (name === 'sort' && search) return w('reference.param.sort_search');
  if (name === 'sort' && param.type === 'sort' && listed) {
    return w('reference.param.sort', { orders: param.fields.map((f) => `${f}, -${f}`).join(', '), default: w(listed.order) });
  }
  if (name === 'limit' && listed) return w(listed.limit as MessageKey);
  const fixed = PARAMETER[name];
  return fixed ? w(fixed) : param.description;
}

/** Each endpoint's title and description in the reader's words, by operation. */
const ENDPOINT_WORDS: Readonly<Record<string, { readonly summary: MessageKey; readonly description: MessageKey }>> = {
  getApiIndex: { summary: 'reference.endpoint.index', description: 'reference.endpoint.index_description' },
  getHealth: { summary: 'reference.endpoint.health', description: 'reference.endpoint.health_description' },
  getCompany: { summary: 'reference.endpoint.company', description: 'reference.endpoint.company_description' },
  listProducts: { summary: 'reference.endpoint.products', description: 'reference.endpoint.products_description' },
  getProduct: { summary: 'reference.endpoint.product', description: 'reference.endpoint.product_description' },
  listPosts: { summary: 'reference.endpoint.posts', description: 'reference.endpoint.posts_description' },
  getPost: { summary: 'reference.endpoint.post', description: 'reference.endpoint.post_description' },
  listPages: { summary: 'reference.endpoint.pages', description: 'reference.endpoint.pages_description' },
  getPage: { summary: 'reference.endpoint.page', description: 'reference.endpoint.page_description' },
  search: { summary: 'reference.endpoint.search', description: 'reference.endpoint.search_description' },
};

/** What each tool does, in the reader's words; a tool the reference has no words for keeps its own description. */
const TOOL_WORDS: Readonly<Record<string, MessageKey>> = {
  list_products: 'reference.tool.list_products',
  get_product: 'reference.tool.get_product',
  list_posts: 'reference.tool.list_posts',
  get_post: 'reference.tool.get_post',
  list_pages: 'reference.tool.list_pages',
  get_page: 'reference.tool.get_page',
  search_content: 'reference.tool.search_content',
  get_company_info: 'reference.tool.get_company_info',
};

/** Each prompt's title and what it does, in the reader's words. */
const PROMPT_WORDS: Readonly<Record<string, { readonly title: MessageKey; readonly text: MessageKey }>> = {
  describe_company: { title: 'reference.prompt.describe_company', text: 'reference.prompt.describe_company_text' },
  quote_article: { title: 'reference.prompt.quote_article', text: 'reference.prompt.quote_article_text' },
  verify_company_registration: { title: 'reference.prompt.verify_company_registration', text: 'reference.prompt.verify_company_registration_text' },
};

/** When each problem is answered and what to do, in the reader's words. */
const PROBLEM_WORDS = {
  invalid_parameter: { when: 'reference.problem.invalid_parameter', fix: 'reference.problem.invalid_parameter_fix' },
  missing_parameter: { when: 'reference.problem.missing_parameter', fix: 'reference.problem.missing_parameter_fix' },
  not_found: { when: 'reference.problem.not_found', fix: 'reference.problem.not_found_fix' },
  unauthorized: { when: 'reference.problem.unauthorized', fix: 'reference.problem.unauthorized_fix' },
  method_not_allowed: { when: 'reference.problem.method_not_allowed', fix: 'reference.problem.method_not_allowed_fix' },
  not_acceptable: { when: 'reference.problem.not_acceptable', fix: 'reference.problem.not_acceptable_fix' },
  unsupported_media_type: { when: 'reference.problem.unsupported_media_type', fix: 'reference.problem.unsupported_media_type_fix' },
  uri_too_long: { when: 'reference.problem.uri_too_long', fix: 'reference.problem.uri_too_long_fix' },
  rate_limited: { when: 'reference.problem.rate_limited', fix: 'reference.problem.rate_limited_fix' },
  headers_too_large: { when: 'reference.problem.headers_too_large', fix: 'reference.problem.headers_too_large_fix' },
  internal_error: { when: 'reference.problem.internal_error', fix: 'reference.problem.internal_error_fix' },
} as const satisfies Readonly<Record<ProblemCode, { readonly when: MessageKey; readonly fix: MessageKey }>>;


/** An endpoint's title and description in the reader's words; an endpoint the reference has no words for keeps its declaration's. */
export function endpointWords(endpoint: Endpoint, w: Words): { readonly summary: string; readonly description: string } {
  const words = ENDPOINT_WORDS[endpoint.operationId];
  return words ? { summary: w(words.summary), description: w(words.description) } : { summary: endpoint.summary, description: endpoint.description };
}

/** What a tool does, in the reader's words. */
export function toolText(tool: { readonly name: string; readonly description?: string }, w: Words): string {
  const key = TOOL_WORDS[tool.name];
  return key ? w(key) : (tool.description ?? '');
}

/** A prompt's table cell: its title in bold, then what it does, in the reader's words. */
export function promptText(prompt: PromptSummary, w: Words): string {
  const words = PROMPT_WORDS[prompt.name];
  return words ? `**${w(words.title)}.** ${w(words.text)}` : `**${prompt.title}.** ${prompt.description}`;
}

/** When a problem is answered, in the reader's words: its limits are the server's. */
export function problemWhen(problemCode: ProblemCode, locale: string, w: Words): string {
  if (problemCode === 'uri_too_long') return w('reference.problem.uri_too_long', { characters: MAX_TARGET_LENGTH.toLocaleString(locale) });
  if (problemCode === 'headers_too_large') return w('reference.problem.headers_too_large', { kibibytes: String(MAX_HEADER_BYTES / 1024) });
  return w(PROBLEM_WORDS[problemCode].when as Exclude<ProblemWhenKey, 'reference.problem.uri_too_long' | 'reference.problem.headers_too_large'>);
}

type ProblemWhenKey = (typeof PROBLEM_WORDS)[ProblemCode]['when'];

/** What to do about a problem, in the reader's words. */
export function problemFix(problemCode: ProblemCode, w: Words): string {
  return w(PROBLEM_WORDS[problemCode].fix);
}
