import type { Catalog } from '../content/types.js';
import { pagePaths } from '../content/paths.js';

/**
 * The words of the site's frame (navigation, labels, dates, errors, search)
 * in each language the engine speaks. They are the engine's, not the
 * company's: a content folder in a locale listed here gets its frame in that
 * language; any other locale gets English words around its own content.
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
  // Listing pages generated from the content, when the content has no page of that slug.
  readonly products: string;
  readonly productsDescription: string;
  readonly blog: string;
  readonly blogDescription: string;
  readonly developers: string;
  readonly developersDescription: string;
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
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const en: Words = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  company: 'Company',
  apiAndMcp: 'API and MCP',
  pageAsMarkdown: 'This page as markdown',
  sitemap: 'Sitemap',
  feed: (language) => `Feed (${language})`,
  blogFeedTitle: (site) => `${site} blog`,
  languages: 'Languages',
  readIn: (language) => `Read in ${language}`,
  alsoIn: 'Also in',
  products: 'Products',
  productsDescription: 'Every product, its status and its tags.',
  blog: 'Blog',
  blogDescription: 'Articles, newest first.',
  developers: 'Developers',
  developersDescription: 'The public, read-only content API, its MCP server and its markdown mirrors.',
  ourProducts: 'See our products',
  getInTouch: 'Get in touch',
  latestArticles: 'Latest articles',
  allArticles: 'All articles',
  allProducts: 'All products',
  productsFiltered: (active) => `Products: ${active}`,
  productCount: (shown, total) => `${shown} of ${total} ${plural(total, 'product', 'products')}.`,
  showAll: 'Show all',
  noProduct: 'No product matches.',
  showAllProducts: 'Show all products',
  links: 'Links',
  tags: 'Tags',
  statuses: { live: 'Live', 'coming-soon': 'Coming soon' },
  articles: 'Articles',
  filterArticles: 'Filter articles',
  category: 'Category',
  allCategories: 'All categories',
  filter: 'Filter',
  clearFilters: 'Clear filters',
  noArticle: 'No article matches these filters.',
  articleCount: (total) => `${total} ${plural(total, 'article', 'articles')}, newest first.`,
  everyArticle: 'Every article',
  showing: (first, last, total) => `Showing ${first}–${last} of ${total} ${plural(total, 'article', 'articles')}, newest first.`,
  pages: 'Pages',
  page: (n) => `Page ${n}`,
  titlePage: (title, n) => `${title}, page ${n}`,
  newer: 'Newer',
  older: 'Older',
  minutesRead: (minutes) => `${minutes} min read`,
  onThisPage: 'On this page',
  companyRecord: 'Company record',
  legalName: 'Legal name',
  tradeName: 'Trade name',
  founded: 'Founded',
  address: 'Address',
  channels: 'Channels',
  elsewhere: 'Elsewhere',
  recordAsMarkdown: 'Company record as markdown',
  asJson: 'as JSON',
  channelNames: {},
  search: 'Search',
  searchDescription: 'Search the products, pages and articles of this site.',
  searchLabel: 'Search this site',
  searchButton: 'Search',
  searchResults: (query) => `Results for “${query}”`,
  hitCount: (total, first, last) => (total === 0 ? 'No results.' : `${first}–${last} of ${total} ${plural(total, 'result', 'results')}, best match first.`),
  noHit: (query) => `Nothing matches “${query}”.`,
  searchHint: 'Accents and case do not matter; try fewer or other words.',
  previous: 'Previous',
  next: 'Next',
  kinds: { product: 'Product', page: 'Page', post: 'Article' },
  home: 'Home',
  suggestedPages: 'Suggested pages',
  pageNotFound: 'Page not found',
  noPageAt: (path) => `There is no page at ${path}.`,
  mayHaveMoved: 'It may have moved; the pages below are a good place to start.',
  methodNotAllowed: 'Method not allowed',
  readOnly: (path, method) => `This site is read-only: ${path} answers GET and HEAD, not ${method}.`,
  openWithGet: (path) => `Open ${path} with GET.`,
  answersOnly: (path, allow, method) => `${path} answers ${allow}, not ${method}.`,
  badAddress: 'This address does not work',
  somethingWrong: 'Something went wrong',
  couldNotShow: 'The server could not show this page. The failure has been logged.',
  tryAgain: 'Try again in a moment.',
};

const ptBR: Words = {
  skipToContent: 'Pular para o conteúdo',
  menu: 'Menu',
  mainNavigation: 'Principal',
  footerNavigation: 'Rodapé',
  company: 'Empresa',
  apiAndMcp: 'API e MCP',
  pageAsMarkdown: 'Esta página em markdown',
  sitemap: 'Mapa do site',
  feed: (language) => `Feed (${language})`,
  blogFeedTitle: (site) => `Blog ${site}`,
  languages: 'Idiomas',
  readIn: (language) => `Ler em ${language}`,
  alsoIn: 'Também em',
  products: 'Produtos',
  productsDescription: 'Todos os produtos, seu status e suas tags.',
  blog: 'Blog',
  blogDescription: 'Artigos, do mais recente ao mais antigo.',
  developers: 'Desenvolvedores',
  developersDescription: 'A API pública de conteúdo, somente leitura, seu servidor MCP e os espelhos em markdown.',
  ourProducts: 'Conheça os produtos',
  getInTouch: 'Fale conosco',
  latestArticles: 'Artigos recentes',
  allArticles: 'Todos os artigos',
  allProducts: 'Todos os produtos',
  productsFiltered: (active) => `Produtos: ${active}`,
  productCount: (shown, total) => `${shown} de ${total} ${plural(total, 'produto', 'produtos')}.`,
  showAll: 'Mostrar todos',
  noProduct: 'Nenhum produto corresponde.',
  showAllProducts: 'Mostrar todos os produtos',
  links: 'Links',
  tags: 'Tags',
  statuses: { live: 'Disponível', 'coming-soon': 'Em breve' },
  articles: 'Artigos',
  filterArticles: 'Filtrar artigos',
  category: 'Categoria',
  allCategories: 'Todas as categorias',
  filter: 'Filtrar',
  clearFilters: 'Limpar filtros',
  noArticle: 'Nenhum artigo corresponde a esses filtros.',
  articleCount: (total) => `${total} ${plural(total, 'artigo', 'artigos')}, do mais recente ao mais antigo.`,
  everyArticle: 'Todos os artigos',
  showing: (first, last, total) => `Mostrando ${first}–${last} de ${total} ${plural(total, 'artigo', 'artigos')}, do mais recente ao mais antigo.`,
  pages: 'Páginas',
  page: (n) => `Página ${n}`,
  titlePage: (title, n) => `${title}, página ${n}`,
  newer: 'Mais recentes',
  older: 'Mais antigos',
  minutesRead: (minutes) => `${minutes} min de leitura`,
  onThisPage: 'Nesta página',
  companyRecord: 'Dados da empresa',
  legalName: 'Razão social',
  tradeName: 'Nome fantasia',
  founded: 'Fundação',
  address: 'Endereço',
  channels: 'Canais',
  elsewhere: 'Em outros lugares',
  recordAsMarkdown: 'Dados da empresa em markdown',
  asJson: 'em JSON',
  channelNames: {
    email: 'E-mail',
    phone: 'Telefone',
    sales: 'Vendas',
    support: 'Suporte',
    press: 'Imprensa',
    careers: 'Carreiras',
    security: 'Segurança',
    privacy: 'Privacidade',
    website: 'Site',
    documentation: 'Documentação',
    early_access: 'Acesso antecipado',
    repository: 'Repositório',
  },
  search: 'Busca',
  searchDescription: 'Busque nos produtos, páginas e artigos deste site.',
  searchLabel: 'Buscar no site',
  searchButton: 'Buscar',
  searchResults: (query) => `Resultados para “${query}”`,
  hitCount: (total, first, last) => (total === 0 ? 'Nenhum resultado.' : `${first}–${last} de ${total} ${plural(total, 'resultado', 'resultados')}, os mais relevantes primeiro.`),
  noHit: (query) => `Nada corresponde a “${query}”.`,
  searchHint: 'Acentos e maiúsculas não importam; tente menos palavras ou outras.',
  previous: 'Anteriores',
  next: 'Próximos',
  kinds: { product: 'Produto', page: 'Página', post: 'Artigo' },
  home: 'Início',
  suggestedPages: 'Páginas sugeridas',
  pageNotFound: 'Página não encontrada',
  noPageAt: (path) => `Não há página em ${path}.`,
  mayHaveMoved: 'Ela pode ter mudado de endereço; as páginas abaixo são um bom ponto de partida.',
  methodNotAllowed: 'Método não permitido',
  readOnly: (path, method) => `Este site é somente leitura: ${path} responde a GET e HEAD, não a ${method}.`,
  openWithGet: (path) => `Abra ${path} com GET.`,
  answersOnly: (path, allow, method) => `${path} responde a ${allow}, não a ${method}.`,
  badAddress: 'Este endereço não funciona',
  somethingWrong: 'Algo deu errado',
  couldNotShow: 'O servidor não conseguiu mostrar esta página. A falha foi registrada.',
  tryAgain: 'Tente de novo em instantes.',
};

const WORDS: Readonly<Record<string, Words>> = { en, 'pt-BR': ptBR };

/** The words of `locale`: its own, else its language's (`pt-PT` gets Portuguese), else English. */
export function wordsOf(locale: string): Words {
  const language = locale.split('-')[0]!.toLowerCase();
  return WORDS[locale] ?? Object.entries(WORDS).find(([tag]) => tag.split('-')[0]!.toLowerCase() === language)?.[1] ?? en;
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
  const isDefault = locale === catalog.site.default_locale;
  const prefix = isDefault ? undefined : locale;
  return {
    locale,
    words: wordsOf(locale),
    isDefault,
    pagePath: (slug) => pagePaths(slug, prefix).path,
  };
}

/** The locale a site path belongs to: the first segment when it names a non-default locale, else the default. */
export function localeOfPath(catalog: Catalog, path: string): string {
  const first = path.split('/')[1] ?? '';
  return catalog.site.locales.find((locale) => locale !== catalog.site.default_locale && locale === first) ?? catalog.site.default_locale;
}
