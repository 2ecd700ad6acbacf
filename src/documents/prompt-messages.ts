import type { SortOrder } from '../query/params.js';
import { cnpjProblem } from '../content/cnpj.js';
import { hasVatPrefix, leiProblem, vatNumber } from '../content/identifiers.js';
import type { MirrorRecord } from './record-markdown.js';
import { mirrorMarkdown } from './record-markdown.js';
import { homeMarkdown } from './page-markdown.js';
import { pageRoute } from './site-map.js';
import { languageName } from './format.js';
import { MARKDOWN_MIME_TYPE } from './templates.js';
import type { Catalog, Identifier } from '../content/types.js';
import { addressLine } from '../i18n/address.js';
import { shippedCatalogFor } from '../i18n/catalog.js';
import type { Messages } from '../i18n/catalog.js';
import { identifierLabel } from '../content/identifier-labels.js';
import { searchContent } from '../query/queries.js';
import { paths, urlOf } from '../routes/table.js';
import { statusWords } from './labels.js';
import { wordsOfMessages } from './words.js';

/**
 * The messages of the prompts (MCP 2025-06-18, Server Features, "Prompts")
 * that src/model/prompts.ts declares: the three uses this server is for, as
 * messages a client puts before the user's model.
 * Each embeds the resources the model needs (embedded resource content) and
 * names the tool to call for more. The wording is the ICU messages
 * `prompt.*` of the locale's catalog (src/i18n/messages), so each prompt reads
 * as native text in every language the engine ships or the site adds, and in
 * English in another; every fact (names, identifiers, products, articles)
 * comes from the Catalog. Each result is a function of the Catalog and the
 * arguments alone, so the endpoint remembers it like a tool's.
 * Each embedded resource is the text resources/read answers for its URI.
 *
 * Made here, without the SDK: the MCP server answers prompts/get with them
 * (src/mcp/prompt-requests.ts), and the developer portal shows one as a live
 * example.
 */

/** A message of a prompt, as `prompts/get` answers it: text, or an embedded resource. */
export type PromptMessage =
  | { readonly role: 'user'; readonly content: { readonly type: 'text'; readonly text: string } }
  | { readonly role: 'user'; readonly content: { readonly type: 'resource'; readonly resource: { readonly uri: string; readonly mimeType: string; readonly text: string } } };

/** What `prompts/get` answers for a prompt (a type, not an interface: the SDK's result type is an open record). */
export type PromptResult = {
  readonly description: string;
  readonly messages: PromptMessage[];
};

/**
 * The words of the prompts in `locale`: the site's own catalog of that
 * locale, else the engine's for that language, else the default locale's.
 */
function wordsFor(catalog: Catalog, locale: string): Messages {
  return catalog.messages.get(locale) ?? shippedCatalogFor(locale) ?? catalog.messages.get(catalog.site.default_locale)!;
}

/** A user message of text. */
const said = (text: string): PromptMessage => ({ role: 'user', content: { type: 'text', text } });

/** A user message embedding a resource: its URL and its text, as resources/read answers them. */
function resource(uri: string, text: string): PromptMessage {
  return { role: 'user', content: { type: 'resource', resource: { uri, mimeType: MARKDOWN_MIME_TYPE, text } } };
}

/** A record's resource; the company record's in `locale` where the site has that locale, else in its default one. */
function embedded(catalog: Catalog, record: MirrorRecord, locale?: string): PromptMessage {
  if (!('legal_name' in record)) return resource(record.markdown_url, mirrorMarkdown(catalog, record));
  const shown = locale !== undefined && catalog.site.locales.includes(locale) ? locale : catalog.site.default_locale;
  return resource(urlOf(catalog.base_url, paths.companyMirror(catalog.site, shown)), mirrorMarkdown(catalog, record, shown));
}

/** The home page of `locale` (of the default locale where it has none) as its resource: its text, its products and latest articles. */
function homePage(catalog: Catalog, locale: string): PromptMessage | undefined {
  const home = pageRoute(catalog, 'index', locale) ?? pageRoute(catalog, 'index');
  return home && resource(`${catalog.base_url}${home.markdownPath}`, homeMarkdown(catalog, home));
}

/** The products named in the description prompt; beyond them, the model is sent to list_products. */
const PRODUCTS_LISTED = 20;

/** What prompts/get answers for describe_company. */
export function describeCompany(catalog: Catalog, locale: string): PromptResult {
  const { company, site } = catalog;
  const m = wordsFor(catalog, locale);
  const language = languageName(locale, m.locale);
  const products = catalog.products.slice(0, PRODUCTS_LISTED).map((p) => `- ${p.name} (${statusWords(p.status, wordsOfMessages(m))}): ${p.summary} ${p.url}`);
  const more = catalog.products.length - products.length;
  const text = [
    m.format('prompt.describe.intro', { trade_name: company.trade_name, legal_name: company.legal_name, language, locale }),
    m.format('prompt.describe.sources', { site: site.name, more }),
    products.length ? `${m.format('prompt.describe.products')}\n${products.join('\n')}` : m.format('prompt.describe.no_products'),
  ];
  const home = homePage(catalog, locale);
  return {
    description: m.format('prompt.describe.description', { trade_name: company.trade_name }),
    messages: [said(text.join('\n\n')), embedded(catalog, company, locale), ...(home ? [home] : [])],
  };
}

/** The articles embedded in the quotation prompt, best first. */
const ARTICLES_EMBEDDED = 2;

/** What prompts/get answers for quote_article (the developer portal shows it). */
export function quoteArticle(catalog: Catalog, topic: string, asked?: string, order: QuoteOrder = 'relevance'): PromptResult {
  const newest = order === 'newest';
  const search = (locale: string | undefined, limit: number, sort?: SortOrder) =>
    searchContent(catalog, { q: topic, kind: 'post', locale, published_since: undefined, published_before: undefined, sort, limit, offset: 0 }).items;
  // Without a locale, the language of the words given: that of the article they find best (the default locale when they find none).
  const locale = asked ?? search(undefined, 1)[0]?.locale ?? catalog.site.default_locale;
  const m = wordsFor(catalog, locale);
  const posts = search(locale, ARTICLES_EMBEDDED, newest ? { field: 'published_at', descending: true } : undefined)
    .map((hit) => catalog.postsBySlug.get(hit.slug))
    .filter((post) => post !== undefined);
  const quoted = JSON.stringify(topic);
  const words = {
    site: catalog.site.name,
    topic: quoted,
    search: `search_content (query ${quoted}, kind "post", locale "${locale}"${newest ? ', sort "-published_at"' : ''})`,
    language: languageName(locale, m.locale),
    locale,
  };
  return {
    description: m.format('prompt.quote.description', { topic: quoted }),
    messages: [said(m.format(posts.length === 0 ? 'prompt.quote.none' : newest ? 'prompt.quote.newest' : 'prompt.quote.found', words)), ...posts.map((post) => embedded(catalog, post))],
  };
}

/** Which article quote_article quotes: the one that covers its topic best, or the newest on it. */
export const QUOTE_ORDERS = ['relevance', 'newest'] as const;
export type QuoteOrder = (typeof QUOTE_ORDERS)[number];

/*
 * verify_company_registration: every fact comes from the company record.
 */

/** An identifier as its letters and digits, uppercase: how two writings of one are compared. */
export const bareIdentifier = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** `values` as the language of `m` lists them ("A, B and C", "A, B e C"). */
function listed(values: readonly string[], m: Messages): string {
  return new Intl.ListFormat(m.locale, { type: 'conjunction' }).format(values);
}

/** Identifiers as the prompt names them: each with its label in that language ("USt-IdNr. DE136695976"). */
function identifierList(identifiers: readonly Identifier[], m: Messages): string {
  return listed(
    identifiers.map((identifier) => `${identifierLabel(identifier, m.format)} ${identifier.value}`),
    m,
  );
}

/** Where each kind of identifier the company publishes is looked up, once per label and address of its public search. */
function registers(identifiers: readonly Identifier[], m: Messages): string {
  const seen = new Map<string, string>();
  for (const identifier of identifiers) {
    const label = identifierLabel(identifier, m.format);
    const key = `${label}\0${identifier.lookup_url ?? ''}`;
    if (seen.has(key)) continue;
    const { scheme } = identifier;
    const register = scheme === 'company_number' ? m.format('prompt.register.company_number', { label, authority: identifier.authority ?? '' }) : m.format(`prompt.register.${scheme}`, { label });
    seen.set(key, identifier.lookup_url === undefined ? register : `${register}, ${identifier.lookup_url}`);
  }
  return [...seen.values()].join('; ');
}

/** The scheme an identifier's writing has (a CNPJ's 14 characters, a LEI's 20, a VAT number's country prefix), if any. */
function schemeOfWriting(bare: string): 'cnpj' | 'lei' | 'vat' | undefined {
  if (/^[0-9A-Z]{12}\d{2}$/.test(bare)) return 'cnpj';
  if (/^[0-9A-Z]{18}\d{2}$/.test(bare)) return 'lei';
  // The prefix of a country whose VAT numbers are checked, then digits (and, in a few countries, letters).
  if (/^[A-Z]{2}(?=[0-9A-Z]*\d)[0-9A-Z]{2,13}$/.test(bare) && hasVatPrefix(bare)) return 'vat';
  return undefined;
}

/** Whether `bare`, written as an identifier of `scheme`, has wrong check digits. */
function hasWrongCheckDigits(scheme: 'cnpj' | 'lei' | 'vat', bare: string): boolean {
  if (scheme === 'cnpj') return cnpjProblem(`${bare.slice(0, 2)}.${bare.slice(2, 5)}.${bare.slice(5, 8)}/${bare.slice(8, 12)}-${bare.slice(12)}`) !== undefined;
  if (scheme === 'lei') return leiProblem(bare) !== undefined;
  return 'problem' in vatNumber(bare);
}

/**
 * What the prompt says of an identifier the user was given: the company's
 * own (whatever its punctuation), another of a kind it publishes, one of a
 * kind it does not publish, or none it can tell; and, for a kind with check
 * digits, when they are wrong.
 */
function givenSentence(company: Catalog['company'], given: string, m: Messages): string {
  const bare = bareIdentifier(given);
  const shown = JSON.stringify(given);
  const same = company.identifiers.find((identifier) => bareIdentifier(identifier.value) === bare);
  if (same) return m.format('prompt.verify.given_published', { label: identifierLabel(same, m.format), given: shown });
  const scheme = schemeOfWriting(bare);
  if (scheme === undefined) return m.format('prompt.verify.given_unknown', { given: shown });
  const label = identifierLabel({ scheme, country: undefined, authority: undefined }, m.format);
  const invalid = hasWrongCheckDigits(scheme, bare) ? ` ${m.format('prompt.verify.given_invalid', { label })}` : '';
  const published = company.identifiers.filter((identifier) => identifier.scheme === scheme);
  if (published.length === 0) return `${m.format('prompt.verify.given_unpublished', { label, given: shown })}${invalid}`;
  return `${m.format('prompt.verify.given_other', { label, given: shown, published: identifierList(published, m) })}${invalid}`;
}

/**
 * What prompts/get answers for verify_company_registration in `locale`,
 * comparing `given` (an identifier the user was given, of any scheme) when
 * there is one. It says which identifiers the server verified by their check
 * digits (`verified: true` in the record) and which by their format alone.
 */
export function verifyRegistration(catalog: Catalog, locale: string, given: string | undefined): PromptResult {
  const { company } = catalog;
  const m = wordsFor(catalog, locale);
  const { identifiers, address } = company;
  const checked = identifiers.filter((identifier) => identifier.verified);
  const formatOnly = identifiers.filter((identifier) => !identifier.verified);
  const intro = [
    m.format('prompt.verify.intro', { legal_name: company.legal_name, trade_name: company.trade_name, address: addressLine(address, locale) }),
    identifiers.length > 0 ? m.format('prompt.verify.published', { identifiers: identifierList(identifiers, m) }) : m.format('prompt.verify.none_published'),
    m.format('prompt.verify.record_below'),
    ...(checked.length > 0 ? [m.format('prompt.verify.checked', { identifiers: identifierList(checked, m) })] : []),
    ...(formatOnly.length > 0 ? [m.format('prompt.verify.format_only', { identifiers: identifierList(formatOnly, m), count: formatOnly.length })] : []),
  ].join(' ');
  const country = new Intl.DisplayNames([m.locale], { type: 'region' }).of(address.country) ?? address.country;
  const steps = [
    identifiers.length === 0
      ? m.format('prompt.verify.step_no_identifier')
      : checked.length > 0
        ? m.format('prompt.verify.step_check_digits', { identifiers: identifierList(checked, m) })
        : m.format('prompt.verify.step_no_check_digits'),
    identifiers.length === 0 ? m.format('prompt.verify.step_country_register', { country }) : m.format('prompt.verify.step_registers', { registers: registers(identifiers, m) }),
    m.format('prompt.verify.step_conclude', { language: languageName(locale, m.locale), locale }),
  ].join('\n');
  const text = [intro, ...(given === undefined ? [] : [givenSentence(company, given, m)]), steps].join('\n\n');
  return {
    description: m.format('prompt.verify.description', { legal_name: company.legal_name }),
    messages: [said(text), embedded(catalog, company, locale)],
  };
}
