import type { Catalog, Identifier } from '../content/types.js';
import { paths } from '../routes/table.js';
import type { Messages } from '../i18n/catalog.js';
import { identifierLabel } from '../content/identifier-labels.js';

/**
 * The words of the site's frame (navigation, labels, dates, errors, search)
 * in each language the engine speaks, from its message catalog
 * (src/i18n/messages/<locale>.yaml), with the content folder's own
 * messages (i18n/<locale>.yaml) over them: a site may change any word, and
 * a locale the engine has no catalog for brings its own.
 */
export interface Words {
  readonly skipToContent: string;
  readonly menu: string;
  readonly mainNavigation: string;
  readonly footerNavigation: string;
  readonly company: string;
  readonly apiAndMcp: string;
  readonly pageAsMarkdown: string;
  readonly sitemap: string;
  readonly feed: (language: string) => string;
  readonly blogFeedTitle: (site: string) => string;
  readonly languages: string;
  readonly readIn: (language: string) => string;
  readonly alsoIn: string;
  /** What a table of a page's text is, to a screen reader. */
  readonly table: string;
  // Listing pages generated from the content, when the content has no page of that slug.
  readonly products: string;
  readonly productsDescription: string;
  readonly blog: string;
  readonly blogDescription: string;
  readonly developers: string;
  readonly developersDescription: string;
  readonly referenceContents: string;
  readonly referenceContentsLabel: string;
  // Home.
  readonly ourProducts: string;
  readonly getInTouch: string;
  readonly latestArticles: string;
  readonly allArticles: string;
  // Products.
  readonly allProducts: string;
  readonly productsFiltered: (active: string) => string;
  readonly productCount: (shown: number, total: number) => string;
  readonly showAll: string;
  readonly noProduct: string;
  readonly showAllProducts: string;
  readonly links: string;
  readonly tags: string;
  readonly statuses: Readonly<Record<string, string>>;
  // Blog.
  readonly articles: string;
  readonly filterArticles: string;
  readonly category: string;
  readonly allCategories: string;
  readonly filter: string;
  readonly clearFilters: string;
  readonly noArticle: string;
  readonly articleCount: (total: number) => string;
  readonly everyArticle: string;
  readonly showing: (first: number, last: number, total: number) => string;
  readonly pages: string;
  readonly page: (n: number) => string;
  readonly titlePage: (title: string, n: number) => string;
  readonly newer: string;
  readonly older: string;
  readonly noSuchPage: (page: number, pages: number) => string;
  readonly openLastPage: (path: string) => string;
  readonly minutesRead: (minutes: number) => string;
  readonly onThisPage: string;
  // Company.
  readonly companyRecord: string;
  readonly legalName: string;
  readonly tradeName: string;
  readonly founded: string;
  readonly address: string;
  readonly channels: string;
  readonly elsewhere: string;
  readonly recordAsMarkdown: string;
  readonly asJson: string;
  /** What an identifier is called: "CNPJ", "USt-IdNr.", "Company number (Companies House)". */
  readonly identifier: (identifier: Pick<Identifier, 'scheme' | 'country' | 'authority'>) => string;
  readonly channelNames: Readonly<Record<string, string>>;
  // Search.
  readonly search: string;
  readonly searchDescription: string;
  readonly searchLabel: string;
  readonly searchButton: string;
  readonly searchResults: (query: string) => string;
  readonly hitCount: (total: number, first: number, last: number) => string;
  readonly noHit: (query: string) => string;
  readonly searchHint: string;
  /** "Did you mean …?", `suggestions` standing where the list of suggested queries goes. */
  readonly didYouMean: (suggestions: string) => string;
  readonly previous: string;
  readonly next: string;
  readonly kinds: Readonly<Record<string, string>>;
  // Errors.
  readonly home: string;
  readonly suggestedPages: string;
  readonly pageNotFound: string;
  readonly noPageAt: (path: string) => string;
  readonly mayHaveMoved: string;
  readonly methodNotAllowed: string;
  readonly readOnly: (path: string, method: string) => string;
  readonly openWithGet: (path: string) => string;
  readonly answersOnly: (path: string, allow: string, method: string) => string;
  readonly badAddress: string;
  readonly somethingWrong: string;
  readonly couldNotShow: string;
  readonly tryAgain: string;
  // A filter or search the page cannot take.
  readonly repeatedParameter: (name: string, count: number) => string;
  readonly giveOnce: (path: string, name: string) => string;
  readonly noSuchValue: (name: string, value: string) => string;
  readonly chooseOneOf: (choices: string, path: string) => string;
  readonly badPage: (value: string) => string;
  /** `second`: the URL of the list's second page. */
  readonly badPageHint: (path: string, second: string) => string;
  readonly searchTooLong: (max: number) => string;
  readonly searchFewWords: (path: string) => string;
  readonly badOffset: (value: string) => string;
  readonly badOffsetHint: (path: string) => string;
}

/** The frame's words in one shipped catalog's language, each plain word formatted once. */
function wordsFrom(m: Messages): Words {
  const f = m.format;
  return {
    skipToContent: f('frame.skip_to_content'),
    menu: f('frame.menu'),
    mainNavigation: f('frame.main_navigation'),
    footerNavigation: f('frame.footer_navigation'),
    company: f('frame.company'),
    apiAndMcp: f('frame.api_and_mcp'),
    pageAsMarkdown: f('frame.page_as_markdown'),
    sitemap: f('frame.sitemap'),
    feed: (language) => f('frame.feed', { language }),
    blogFeedTitle: (site) => f('blog.feed_title', { site }),
    languages: f('frame.languages'),
    readIn: (language) => f('frame.read_in', { language }),
    alsoIn: f('frame.also_in'),
    table: f('frame.table'),
    products: f('products.title'),
    productsDescription: f('products.description'),
    blog: f('blog.title'),
    blogDescription: f('blog.description'),
    developers: f('developers.title'),
    developersDescription: f('developers.description'),
    referenceContents: f('developers.contents'),
    referenceContentsLabel: f('developers.contents_label'),
    ourProducts: f('home.our_products'),
    getInTouch: f('home.get_in_touch'),
    latestArticles: f('home.latest_articles'),
    allArticles: f('home.all_articles'),
    allProducts: f('products.all'),
    productsFiltered: (active) => f('products.filtered', { active }),
    productCount: (shown, total) => f('products.count', { shown, total }),
    showAll: f('products.show_all'),
    noProduct: f('products.none'),
    showAllProducts: f('products.show_all_products'),
    links: f('products.links'),
    tags: f('products.tags'),
    statuses: { live: f('status.live'), 'coming-soon': f('status.coming_soon') },
    articles: f('blog.articles'),
    filterArticles: f('blog.filter_articles'),
    category: f('blog.category'),
    allCategories: f('blog.all_categories'),
    filter: f('blog.filter'),
    clearFilters: f('blog.clear_filters'),
    noArticle: f('blog.no_article'),
    articleCount: (total) => f('blog.article_count', { total }),
    everyArticle: f('blog.every_article'),
    showing: (first, last, total) => f('blog.showing', { first, last, total }),
    pages: f('blog.pages'),
    page: (n) => f('blog.page', { n }),
    titlePage: (title, n) => f('blog.title_page', { title, n }),
    newer: f('blog.newer'),
    older: f('blog.older'),
    noSuchPage: (page, pages) => f('blog.no_such_page', { page, pages }),
    openLastPage: (path) => f('blog.open_last_page', { path }),
    minutesRead: (minutes) => f('blog.minutes_read', { minutes }),
    onThisPage: f('blog.on_this_page'),
    companyRecord: f('company.record'),
    legalName: f('company.legal_name'),
    tradeName: f('company.trade_name'),
    founded: f('company.founded'),
    address: f('company.address'),
    channels: f('company.channels'),
    elsewhere: f('company.elsewhere'),
    recordAsMarkdown: f('company.record_as_markdown'),
    asJson: f('company.as_json'),
    identifier: (identifier) => identifierLabel(identifier, m.format),
    channelNames: {
      email: f('channel.email'),
      phone: f('channel.phone'),
      sales: f('channel.sales'),
      support: f('channel.support'),
      press: f('channel.press'),
      careers: f('channel.careers'),
      security: f('channel.security'),
      privacy: f('channel.privacy'),
      website: f('channel.website'),
      documentation: f('channel.documentation'),
      early_access: f('channel.early_access'),
      repository: f('channel.repository'),
    },
    search: f('search.title'),
    searchDescription: f('search.description'),
    searchLabel: f('search.label'),
    searchButton: f('search.button'),
    searchResults: (query) => f('search.results', { query }),
    hitCount: (total, first, last) => f('search.hit_count', { total, first, last }),
    noHit: (query) => f('search.no_hit', { query }),
    searchHint: f('search.hint'),
    didYouMean: (suggestions) => f('search.did_you_mean', { suggestions }),
    previous: f('search.previous'),
    next: f('search.next'),
    kinds: { product: f('kind.product'), page: f('kind.page'), post: f('kind.post') },
    home: f('error.home'),
    suggestedPages: f('error.suggested_pages'),
    pageNotFound: f('error.page_not_found'),
    noPageAt: (path) => f('error.no_page_at', { path }),
    mayHaveMoved: f('error.may_have_moved'),
    methodNotAllowed: f('error.method_not_allowed'),
    readOnly: (path, method) => f('error.read_only', { path, method }),
    openWithGet: (path) => f('error.open_with_get', { path }),
    answersOnly: (path, allow, method) => f('error.answers_only', { path, allow, method }),
    badAddress: f('error.bad_address'),
    somethingWrong: f('error.something_wrong'),
    couldNotShow: f('error.could_not_show'),
    tryAgain: f('error.try_again'),
    repeatedParameter: (name, count) => f('error.repeated_parameter', { name, count }),
    giveOnce: (path, name) => f('error.give_once', { path, name }),
    noSuchValue: (name, value) => f('error.no_such_value', { name, value }),
    chooseOneOf: (choices, path) => f('error.choose_one_of', { choices, path }),
    badPage: (value) => f('error.bad_page', { value }),
    badPageHint: (path, second) => f('error.bad_page_hint', { path, second }),
    searchTooLong: (max) => f('error.search_too_long', { max }),
    searchFewWords: (path) => f('error.search_few_words', { path }),
    badOffset: (value) => f('error.bad_offset', { value }),
    badOffsetHint: (path) => f('error.bad_offset_hint', { path }),
  };
}

// Built on first use, once per catalog of messages: every site and locale that uses the same one shares the object.
const WORDS = new WeakMap<Messages, Words>();

/**
 * The words of `locale` on a site: its messages (the engine's catalog of the
 * locale or its language, with the content's own over them); a locale the
 * site does not have gets the default locale's.
 */
export function wordsOf(catalog: Pick<Catalog, 'messages' | 'site'>, locale: string): Words {
  const messages = catalog.messages.get(locale) ?? catalog.messages.get(catalog.site.default_locale)!;
  let words = WORDS.get(messages);
  if (!words) {
    words = wordsFrom(messages);
    WORDS.set(messages, words);
  }
  return words;
}

/**
 * One language of the site: its words, and where its pages live (the
 * default locale's at the root, any other's under `/<locale>`).
 */
export interface SiteLocale {
  readonly locale: string;
  readonly words: Words;
  /** Whether it is the site's default locale (pages at the root). */
  readonly isDefault: boolean;
  /** The site path of a page slug in this locale (`/pt-BR/about`, `/pt-BR` for the home page, `/pt-BR/search`). */
  readonly pagePath: (slug: string) => string;
}

export function siteLocale(catalog: Catalog, locale: string = catalog.site.default_locale): SiteLocale {
  return {
    locale,
    words: wordsOf(catalog, locale),
    isDefault: locale === catalog.site.default_locale,
    pagePath: (slug) => paths.page(catalog.site, slug, locale),
  };
}

/** The locale a site path belongs to: the first segment when it names a non-default locale, else the default. */
export function localeOfPath(catalog: Catalog, path: string): string {
  const first = path.split('/')[1] ?? '';
  return catalog.site.locales.find((locale) => locale !== catalog.site.default_locale && locale === first) ?? catalog.site.default_locale;
}
