/**
 * Every message of the website frame and the arguments it takes. Each
 * locale's catalog (messages/<locale>.yaml) gives exactly these keys, and each
 * message uses exactly these placeholders: a translation cannot drop a value
 * the page needs nor ask for one the page never gives. An argument that picks
 * a plural form must be a number; one that picks a `select` form, a string.
 */
export type ArgumentKind = 'number' | 'string';

const none = {} as const;

export const MESSAGE_ARGUMENTS = {
  // Around every page: header, footer, language switch.
  'frame.skip_to_content': none,
  'frame.menu': none,
  'frame.main_navigation': none,
  'frame.footer_navigation': none,
  'frame.company': none,
  'frame.api_and_mcp': none,
  'frame.page_as_markdown': none,
  'frame.sitemap': none,
  'frame.feed': { language: 'string' },
  'frame.languages': none,
  'frame.read_in': { language: 'string' },
  'frame.table': none,
  // A page or product shown in the default language because it has no translation in the one asked for.
  'untranslated.notice': { language: 'string', original: 'string' },
  // The home page.
  'home.our_products': none,
  'home.get_in_touch': none,
  'home.latest_articles': none,
  'home.all_articles': none,
  // The product list and product pages.
  'products.title': none,
  'products.description': none,
  'products.all': none,
  'products.filtered': { active: 'string' },
  'products.count': { shown: 'number', total: 'number' },
  'products.show_all': none,
  'products.none': none,
  'products.show_all_products': none,
  'products.links': none,
  'products.tags': none,
  // A product's status, by its value in the content.
  'status.live': none,
  'status.coming_soon': none,
  // The blog, its list and its articles.
  'blog.title': none,
  'blog.description': none,
  'blog.feed_title': { site: 'string' },
  'blog.articles': none,
  'blog.filter_articles': none,
  'blog.category': none,
  'blog.all_categories': none,
  'blog.filter': none,
  'blog.clear_filters': none,
  'blog.no_article': none,
  'blog.article_count': { total: 'number' },
  'blog.every_article': none,
  'blog.showing': { first: 'number', last: 'number', total: 'number' },
  'blog.pages': none,
  'blog.page': { n: 'number' },
  'blog.title_page': { title: 'string', n: 'number' },
  'blog.newer': none,
  'blog.older': none,
  'blog.no_such_page': { page: 'number', pages: 'number' },
  'blog.open_last_page': { path: 'string' },
  'blog.minutes_read': { minutes: 'number' },
  'blog.on_this_page': none,
  // The blog's filter on the articles' tags.
  'blog.tag': none,
  'blog.all_tags': none,
  // The developers' page.
  'developers.title': none,
  'developers.description': none,
  'developers.contents': none,
  'developers.contents_label': none,
  // The company record (about and contact pages).
  'company.record': none,
  'company.legal_name': none,
  'company.trade_name': none,
  'company.founded': none,
  'company.address': none,
  'company.channels': none,
  'company.elsewhere': none,
  'company.record_as_markdown': none,
  'company.as_json': none,
  // Where a person checks an identifier: its register's public search.
  'company.lookup': none,
  // The company's identifiers, by scheme (a tax number issued in the US is an EIN), in the words of the identifier's country where the language has its own (an Austrian VAT number is a UID-Nr.).
  'identifier.cnpj': none,
  'identifier.vat': { country: 'string' },
  'identifier.lei': none,
  'identifier.ein': none,
  'identifier.tax_id': none,
  'identifier.duns': none,
  'identifier.company_number': { authority: 'string', country: 'string' },
  // The legal notice (Impressum, mentions légales, aviso legal): the heading of the company's details, who manages the company, and a register's number and court as the register's own country names them.
  'legal_notice.details': none,
  'company.managing_directors': { count: 'number' },
  'identifier.register_number': { country: 'string' },
  'identifier.register_court': { country: 'string' },
  // Contact channels, product links and profiles, by their snake_case name in the content.
  'channel.email': none,
  'channel.phone': none,
  'channel.sales': none,
  'channel.support': none,
  'channel.press': none,
  'channel.careers': none,
  'channel.security': none,
  'channel.privacy': none,
  'channel.website': none,
  'channel.documentation': none,
  'channel.early_access': none,
  'channel.repository': none,
  // The search page.
  'search.title': none,
  'search.description': none,
  'search.label': none,
  'search.button': none,
  'search.results': { query: 'string' },
  'search.hit_count': { total: 'number', first: 'number', last: 'number' },
  'search.no_hit': { query: 'string' },
  'search.hint': none,
  'search.did_you_mean': { suggestions: 'string' },
  'search.previous': none,
  'search.next': none,
  // The search form as a tool an agent in the browser can use (WebMCP's declarative form).
  'search.tool_description': none,
  'search.tool_query': none,
  // What a search hit is.
  'kind.product': none,
  'kind.page': none,
  'kind.post': none,
  // The facts at the head of a markdown mirror, each a label before its value ("Published: 2026-03-14").
  'mirror.published': none,
  'mirror.updated': none,
  'mirror.author': none,
  'mirror.status': none,
  'mirror.language': none,
  'mirror.translation': { language: 'string' },
  'mirror.canonical_url': none,
  'mirror.contact': { kind: 'string' },
  'mirror.profile': { kind: 'string' },
  'mirror.logo': none,
  // The describe_company and quote_article prompts of the MCP server.
  'prompt.describe.description': { trade_name: 'string' },
  'prompt.describe.intro': { trade_name: 'string', legal_name: 'string', language: 'string', locale: 'string' },
  'prompt.describe.sources': { site: 'string', more: 'number' },
  'prompt.describe.products': none,
  'prompt.describe.no_products': none,
  'prompt.quote.description': { topic: 'string' },
  'prompt.quote.found': { site: 'string', topic: 'string', search: 'string', language: 'string', locale: 'string' },
  'prompt.quote.none': { site: 'string', topic: 'string', search: 'string', language: 'string', locale: 'string' },
  // quote_article asked for the newest article on its topic rather than the one that covers it best.
  'prompt.quote.newest': { site: 'string', topic: 'string', search: 'string', language: 'string', locale: 'string' },
  // The verify_company_registration prompt of the MCP server: what a model is asked to check.
  'prompt.verify.description': { legal_name: 'string' },
  'prompt.verify.intro': { legal_name: 'string', trade_name: 'string', address: 'string' },
  'prompt.verify.published': { identifiers: 'string' },
  'prompt.verify.none_published': none,
  'prompt.verify.record_below': none,
  'prompt.verify.checked': { identifiers: 'string' },
  'prompt.verify.format_only': { identifiers: 'string', count: 'number' },
  'prompt.verify.given_published': { label: 'string', given: 'string' },
  'prompt.verify.given_other': { label: 'string', given: 'string', published: 'string' },
  'prompt.verify.given_unpublished': { label: 'string', given: 'string' },
  'prompt.verify.given_unknown': { given: 'string' },
  'prompt.verify.given_invalid': { label: 'string' },
  'prompt.verify.step_check_digits': { identifiers: 'string' },
  'prompt.verify.step_no_check_digits': none,
  'prompt.verify.step_no_identifier': none,
  'prompt.verify.step_registers': { registers: 'string' },
  'prompt.verify.step_country_register': { country: 'string' },
  'prompt.verify.step_conclude': { language: 'string', locale: 'string' },
  // Where an identifier of each scheme is looked up, in the same prompt.
  'prompt.register.cnpj': { label: 'string' },
  'prompt.register.lei': { label: 'string' },
  'prompt.register.vat': { label: 'string' },
  'prompt.register.tax_id': { label: 'string' },
  'prompt.register.duns': { label: 'string' },
  'prompt.register.company_number': { label: 'string', authority: 'string' },
  // Error pages.
  'error.home': none,
  'error.suggested_pages': none,
  'error.page_not_found': none,
  'error.no_page_at': { path: 'string' },
  'error.may_have_moved': none,
  'error.method_not_allowed': none,
  'error.read_only': { path: 'string', method: 'string' },
  'error.open_with_get': { path: 'string' },
  'error.answers_only': { path: 'string', allow: 'string', method: 'string' },
  'error.bad_address': none,
  'error.something_wrong': none,
  'error.could_not_show': none,
  'error.try_again': none,
  // A filter or search the page cannot take, and what to do instead.
  'error.repeated_parameter': { name: 'string', count: 'number' },
  'error.give_once': { path: 'string', name: 'string' },
  'error.no_such_value': { name: 'string', value: 'string' },
  'error.choose_one_of': { choices: 'string', path: 'string' },
  'error.bad_page': { value: 'string' },
  'error.bad_page_hint': { path: 'string', second: 'string' },
  'error.search_too_long': { max: 'number' },
  'error.search_few_words': { path: 'string' },
  'error.bad_offset': { value: 'string' },
  'error.bad_offset_hint': { path: 'string' },
  // A bad page number on a list of one page: there is no other page to offer.
  'error.one_page_hint': { path: 'string' },
  // The starter content folder `vitrine init` writes: shipped catalogs have them; a site's own catalog needs none.
  'starter.site_description': { name: 'string' },
  'starter.product_tag': none,
  'starter.post_category': none,
  'starter.index_title': { name: 'string' },
  'starter.index_description': { name: 'string' },
  'starter.index_body': { name: 'string' },
  'starter.about_title': { name: 'string' },
  'starter.about_description': { name: 'string' },
  'starter.about_body': { name: 'string' },
  'starter.contact_title': none,
  'starter.contact_description': { name: 'string' },
  'starter.contact_body': { name: 'string' },
  'starter.privacy_title': none,
  'starter.privacy_description': { name: 'string' },
  'starter.privacy_body': { name: 'string' },
  'starter.terms_title': none,
  'starter.terms_description': { name: 'string' },
  'starter.terms_body': { name: 'string' },
  'starter.legal_notice_title': none,
  'starter.legal_notice_description': { name: 'string' },
  'starter.legal_notice_body': { name: 'string', country: 'string' },
  'starter.product_slug': none,
  'starter.product_name': none,
  'starter.product_summary': none,
  'starter.product_body': none,
  'starter.post_slug': none,
  'starter.post_title': none,
  'starter.post_summary': none,
  'starter.post_body': none,
  'starter.post_author': none,
  'starter.logo_alt': { name: 'string' },
  'starter.share_alt': { name: 'string' },
  // The starter's tag of posts.
  'starter.post_tag': none,
} as const satisfies Readonly<Record<string, Readonly<Record<string, ArgumentKind>>>>;

export type MessageKey = keyof typeof MESSAGE_ARGUMENTS;

export const MESSAGE_KEYS = Object.keys(MESSAGE_ARGUMENTS) as readonly MessageKey[];

/** The messages of the starter content folder: what the engine's own catalogs give, and a site's catalog may leave out. */
export const isStarterKey = (key: string): boolean => key.startsWith('starter.');

/** The messages every catalog of a site must give: the frame's. */
export const FRAME_KEYS: readonly MessageKey[] = MESSAGE_KEYS.filter((key) => !isStarterKey(key));

type ValueOf<Kind> = Kind extends 'number' ? number : string;

/** The values a message is formatted with: `{ total: number }` for `blog.article_count`. */
export type MessageValues<K extends MessageKey> = { readonly [A in keyof (typeof MESSAGE_ARGUMENTS)[K]]: ValueOf<(typeof MESSAGE_ARGUMENTS)[K][A]> };

/** A message without placeholders takes no values; any other takes all of its own. */
export type FormatArguments<K extends MessageKey> = keyof (typeof MESSAGE_ARGUMENTS)[K] extends never ? [] : [values: MessageValues<K>];

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGE_ARGUMENTS, key);
}
