import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldLabel, statusWords } from '../../src/documents/labels.js';
import type { Words } from '../../src/documents/words.js';
import { shippedCatalogFor } from '../../src/i18n/catalog.js';
import { wordsIn } from './_words.js';

// The frame's words in English and Brazilian Portuguese, as the site printed
// them before they moved into message catalogs: any difference is a
// regression visitors would see. Counts cover the plural edges (0, 1, 2, 5)
// and large numbers, which are written without grouping separators.

type Call = readonly [name: keyof Words, args: readonly (string | number)[], expected: string];

const EN_STRINGS: Readonly<Record<string, string>> = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  company: 'Company',
  apiAndMcp: 'API and MCP',
  pageAsMarkdown: 'This page as markdown',
  sitemap: 'Sitemap',
  languages: 'Languages',
  alsoIn: 'Also in',
  table: 'Table',
  products: 'Products',
  productsDescription: 'Every product, its status and its tags.',
  blog: 'Blog',
  blogDescription: 'Articles, newest first.',
  developers: 'Developers',
  developersDescription: 'The public, read-only content API, its MCP server and its markdown mirrors.',
  referenceContents: 'Contents',
  referenceContentsLabel: 'Reference contents',
  ourProducts: 'See our products',
  getInTouch: 'Get in touch',
  latestArticles: 'Latest articles',
  allArticles: 'All articles',
  allProducts: 'All products',
  showAll: 'Show all',
  noProduct: 'No product matches.',
  showAllProducts: 'Show all products',
  links: 'Links',
  tags: 'Tags',
  articles: 'Articles',
  filterArticles: 'Filter articles',
  category: 'Category',
  allCategories: 'All categories',
  filter: 'Filter',
  clearFilters: 'Clear filters',
  noArticle: 'No article matches these filters.',
  everyArticle: 'Every article',
  pages: 'Pages',
  newer: 'Newer',
  older: 'Older',
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
  search: 'Search',
  searchDescription: 'Search the products, pages and articles of this site.',
  searchLabel: 'Search this site',
  searchButton: 'Search',
  searchHint: 'Accents and case do not matter; try fewer or other words.',
  previous: 'Previous',
  next: 'Next',
  home: 'Home',
  suggestedPages: 'Suggested pages',
  pageNotFound: 'Page not found',
  mayHaveMoved: 'It may have moved; the pages below are a good place to start.',
  methodNotAllowed: 'Method not allowed',
  badAddress: 'This address does not work',
  somethingWrong: 'Something went wrong',
  couldNotShow: 'The server could not show this page. The failure has been logged.',
  tryAgain: 'Try again in a moment.',
};

const EN_CALLS: readonly Call[] = [
  ['feed', ['English'], 'Feed (English)'],
  ['feed', ['português (Brasil)'], 'Feed (português (Brasil))'],
  ['blogFeedTitle', ['Acme'], 'Acme blog'],
  ['readIn', ['English'], 'Read in English'],
  ['readIn', ['português'], 'Read in português'],
  ['productsFiltered', ['Live, cloud'], 'Products: Live, cloud'],
  ['productCount', [0, 0], '0 of 0 products.'],
  ['productCount', [1, 1], '1 of 1 product.'],
  ['productCount', [1, 2], '1 of 2 products.'],
  ['productCount', [2, 5], '2 of 5 products.'],
  ['productCount', [3, 1234567], '3 of 1234567 products.'],
  ['productCount', [0, 4], '0 of 4 products.'],
  ['articleCount', [0], '0 articles, newest first.'],
  ['articleCount', [1], '1 article, newest first.'],
  ['articleCount', [2], '2 articles, newest first.'],
  ['articleCount', [5], '5 articles, newest first.'],
  ['articleCount', [21], '21 articles, newest first.'],
  ['articleCount', [1000], '1000 articles, newest first.'],
  ['articleCount', [1234567], '1234567 articles, newest first.'],
  ['showing', [1, 1, 1], 'Showing 1–1 of 1 article, newest first.'],
  ['showing', [1, 2, 2], 'Showing 1–2 of 2 articles, newest first.'],
  ['showing', [1, 10, 25], 'Showing 1–10 of 25 articles, newest first.'],
  ['showing', [21, 25, 25], 'Showing 21–25 of 25 articles, newest first.'],
  ['showing', [1001, 1010, 1234567], 'Showing 1001–1010 of 1234567 articles, newest first.'],
  ['page', [1], 'Page 1'],
  ['page', [2], 'Page 2'],
  ['page', [12], 'Page 12'],
  ['titlePage', ['Blog', 2], 'Blog, page 2'],
  ['titlePage', ['News & notes', 10], 'News & notes, page 10'],
  ['noSuchPage', [9, 1], 'There is no page 9 of this list: it has 1 page.'],
  ['noSuchPage', [9, 3], 'There is no page 9 of this list: it has 3 pages.'],
  ['openLastPage', ['/blog?page=3'], 'Open /blog?page=3.'],
  ['minutesRead', [0], '0 min read'],
  ['minutesRead', [1], '1 min read'],
  ['minutesRead', [2], '2 min read'],
  ['minutesRead', [5], '5 min read'],
  ['minutesRead', [42], '42 min read'],
  ['searchResults', ['kubernetes'], 'Results for “kubernetes”'],
  ['searchResults', ['a "b" <c> {d}'], 'Results for “a "b" <c> {d}”'],
  ['hitCount', [0, 1, 0], 'No results.'],
  ['hitCount', [1, 1, 1], '1–1 of 1 result, best match first.'],
  ['hitCount', [2, 1, 2], '1–2 of 2 results, best match first.'],
  ['hitCount', [5, 1, 5], '1–5 of 5 results, best match first.'],
  ['hitCount', [25, 11, 20], '11–20 of 25 results, best match first.'],
  ['hitCount', [1234567, 1, 10], '1–10 of 1234567 results, best match first.'],
  ['noHit', ['xyz'], 'Nothing matches “xyz”.'],
  ['noHit', ['it\'s {x} #1'], 'Nothing matches “it\'s {x} #1”.'],
  ['didYouMean', ['kubernetes or ceph'], 'Did you mean kubernetes or ceph?'],
  ['noPageAt', ['/missing'], 'There is no page at /missing.'],
  ['readOnly', ['/search', 'POST'], 'This site is read-only: /search answers GET and HEAD, not POST.'],
  ['openWithGet', ['/products'], 'Open /products with GET.'],
  ['answersOnly', ['/api/v1/products', 'GET, HEAD, OPTIONS', 'DELETE'], '/api/v1/products answers GET, HEAD, OPTIONS, not DELETE.'],
  ['repeatedParameter', ['page', 2], 'The parameter "page" is given 2 times; give it once.'],
  ['giveOnce', ['/blog', 'page'], 'Open /blog with at most one "page".'],
  ['noSuchValue', ['category', 'Cooking'], 'There is no category "Cooking".'],
  ['noSuchValue', ['tag', 'Nope'], 'There is no tag "Nope".'],
  ['noSuchValue', ['status', 'retired'], 'There is no status "retired".'],
  ['noSuchValue', ['locale', 'xx'], 'There is no locale "xx".'],
  ['noSuchValue', ['flavour', 'mint'], 'There is no flavour "mint".'],
  ['chooseOneOf', ['live, coming-soon', '/products'], 'Choose one of: live, coming-soon; or open /products without it.'],
  ['badPage', ['abc'], 'The page number must be a whole number from 1; got "abc".'],
  ['badPageHint', ['/blog', '/blog?page=2'], 'Open /blog?page=2, or follow the page links at the bottom of /blog.'],
  ['searchTooLong', [200], 'The search is longer than 200 characters.'],
  ['searchFewWords', ['/search'], 'Search for a few words at /search.'],
  ['badOffset', ['-1'], 'The offset must be a whole number from 0; got "-1".'],
  ['badOffsetHint', ['/search'], 'Follow the links below the results of /search.'],
];

const EN_STATUSES = {'live':'Live','coming-soon':'Coming soon'};
const EN_KINDS = {'product':'Product','page':'Page','post':'Article'};

const PT_BR_STRINGS: Readonly<Record<string, string>> = {
  skipToContent: 'Pular para o conteúdo',
  menu: 'Menu',
  mainNavigation: 'Principal',
  footerNavigation: 'Rodapé',
  company: 'Empresa',
  apiAndMcp: 'API e MCP',
  pageAsMarkdown: 'Esta página em markdown',
  sitemap: 'Mapa do site',
  languages: 'Idiomas',
  alsoIn: 'Também em',
  table: 'Tabela',
  products: 'Produtos',
  productsDescription: 'Todos os produtos, seu status e suas tags.',
  blog: 'Blog',
  blogDescription: 'Artigos, do mais recente ao mais antigo.',
  developers: 'Desenvolvedores',
  developersDescription: 'A API pública de conteúdo, somente leitura, seu servidor MCP e os espelhos em markdown.',
  referenceContents: 'Sumário',
  referenceContentsLabel: 'Sumário da referência',
  ourProducts: 'Conheça os produtos',
  getInTouch: 'Fale conosco',
  latestArticles: 'Artigos recentes',
  allArticles: 'Todos os artigos',
  allProducts: 'Todos os produtos',
  showAll: 'Mostrar todos',
  noProduct: 'Nenhum produto corresponde.',
  showAllProducts: 'Mostrar todos os produtos',
  links: 'Links',
  tags: 'Tags',
  articles: 'Artigos',
  filterArticles: 'Filtrar artigos',
  category: 'Categoria',
  allCategories: 'Todas as categorias',
  filter: 'Filtrar',
  clearFilters: 'Limpar filtros',
  noArticle: 'Nenhum artigo corresponde a esses filtros.',
  everyArticle: 'Todos os artigos',
  pages: 'Páginas',
  newer: 'Mais recentes',
  older: 'Mais antigos',
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
  search: 'Busca',
  searchDescription: 'Busque nos produtos, páginas e artigos deste site.',
  searchLabel: 'Buscar no site',
  searchButton: 'Buscar',
  searchHint: 'Acentos e maiúsculas não importam; tente menos palavras ou outras.',
  previous: 'Anteriores',
  next: 'Próximos',
  home: 'Início',
  suggestedPages: 'Páginas sugeridas',
  pageNotFound: 'Página não encontrada',
  mayHaveMoved: 'Ela pode ter mudado de endereço; as páginas abaixo são um bom ponto de partida.',
  methodNotAllowed: 'Método não permitido',
  badAddress: 'Este endereço não funciona',
  somethingWrong: 'Algo deu errado',
  couldNotShow: 'O servidor não conseguiu mostrar esta página. A falha foi registrada.',
  tryAgain: 'Tente de novo em instantes.',
};

const PT_BR_CALLS: readonly Call[] = [
  ['feed', ['English'], 'Feed (English)'],
  ['feed', ['português (Brasil)'], 'Feed (português (Brasil))'],
  ['blogFeedTitle', ['Acme'], 'Blog Acme'],
  ['readIn', ['English'], 'Ler em English'],
  ['readIn', ['português'], 'Ler em português'],
  ['productsFiltered', ['Live, cloud'], 'Produtos: Live, cloud'],
  ['productCount', [0, 0], '0 de 0 produtos.'],
  ['productCount', [1, 1], '1 de 1 produto.'],
  ['productCount', [1, 2], '1 de 2 produtos.'],
  ['productCount', [2, 5], '2 de 5 produtos.'],
  ['productCount', [3, 1234567], '3 de 1234567 produtos.'],
  ['productCount', [0, 4], '0 de 4 produtos.'],
  ['articleCount', [0], '0 artigos, do mais recente ao mais antigo.'],
  ['articleCount', [1], '1 artigo, do mais recente ao mais antigo.'],
  ['articleCount', [2], '2 artigos, do mais recente ao mais antigo.'],
  ['articleCount', [5], '5 artigos, do mais recente ao mais antigo.'],
  ['articleCount', [21], '21 artigos, do mais recente ao mais antigo.'],
  ['articleCount', [1000], '1000 artigos, do mais recente ao mais antigo.'],
  ['articleCount', [1234567], '1234567 artigos, do mais recente ao mais antigo.'],
  ['showing', [1, 1, 1], 'Mostrando 1–1 de 1 artigo, do mais recente ao mais antigo.'],
  ['showing', [1, 2, 2], 'Mostrando 1–2 de 2 artigos, do mais recente ao mais antigo.'],
  ['showing', [1, 10, 25], 'Mostrando 1–10 de 25 artigos, do mais recente ao mais antigo.'],
  ['showing', [21, 25, 25], 'Mostrando 21–25 de 25 artigos, do mais recente ao mais antigo.'],
  ['showing', [1001, 1010, 1234567], 'Mostrando 1001–1010 de 1234567 artigos, do mais recente ao mais antigo.'],
  ['page', [1], 'Página 1'],
  ['page', [2], 'Página 2'],
  ['page', [12], 'Página 12'],
  ['titlePage', ['Blog', 2], 'Blog, página 2'],
  ['titlePage', ['News & notes', 10], 'News & notes, página 10'],
  ['noSuchPage', [9, 1], 'Esta lista não tem a página 9: tem apenas 1 página.'],
  ['noSuchPage', [9, 3], 'Esta lista não tem a página 9: tem apenas 3 páginas.'],
  ['openLastPage', ['/blog?page=3'], 'Acesse /blog?page=3.'],
  ['minutesRead', [0], '0 min de leitura'],
  ['minutesRead', [1], '1 min de leitura'],
  ['minutesRead', [2], '2 min de leitura'],
  ['minutesRead', [5], '5 min de leitura'],
  ['minutesRead', [42], '42 min de leitura'],
  ['searchResults', ['kubernetes'], 'Resultados para “kubernetes”'],
  ['searchResults', ['a "b" <c> {d}'], 'Resultados para “a "b" <c> {d}”'],
  ['hitCount', [0, 1, 0], 'Nenhum resultado.'],
  ['hitCount', [1, 1, 1], '1–1 de 1 resultado, os mais relevantes primeiro.'],
  ['hitCount', [2, 1, 2], '1–2 de 2 resultados, os mais relevantes primeiro.'],
  ['hitCount', [5, 1, 5], '1–5 de 5 resultados, os mais relevantes primeiro.'],
  ['hitCount', [25, 11, 20], '11–20 de 25 resultados, os mais relevantes primeiro.'],
  ['hitCount', [1234567, 1, 10], '1–10 de 1234567 resultados, os mais relevantes primeiro.'],
  ['noHit', ['xyz'], 'Nada corresponde a “xyz”.'],
  ['noHit', ['it\'s {x} #1'], 'Nada corresponde a “it\'s {x} #1”.'],
  ['didYouMean', ['nuvem ou migração'], 'Você quis dizer nuvem ou migração?'],
  ['noPageAt', ['/missing'], 'Não há página em /missing.'],
  ['readOnly', ['/search', 'POST'], 'Este site é somente leitura: /search responde a GET e HEAD, não a POST.'],
  ['openWithGet', ['/products'], 'Abra /products com GET.'],
  ['answersOnly', ['/api/v1/products', 'GET, HEAD, OPTIONS', 'DELETE'], '/api/v1/products responde a GET, HEAD, OPTIONS, não a DELETE.'],
  ['repeatedParameter', ['page', 2], 'O parâmetro “page” aparece 2 vezes; informe-o uma vez só.'],
  ['giveOnce', ['/pt-BR/blog', 'page'], 'Abra /pt-BR/blog com no máximo um “page”.'],
  ['noSuchValue', ['category', 'Culinária'], 'Não existe a categoria “Culinária”.'],
  ['noSuchValue', ['tag', 'Nada'], 'Não existe a tag “Nada”.'],
  ['noSuchValue', ['status', 'retired'], 'Não existe o status “retired”.'],
  ['noSuchValue', ['locale', 'xx'], 'Não existe o idioma “xx”.'],
  ['noSuchValue', ['sabor', 'menta'], 'Não existe sabor “menta”.'],
  ['chooseOneOf', ['live, coming-soon', '/pt-BR/products'], 'Escolha uma destas opções: live, coming-soon; ou abra /pt-BR/products sem esse filtro.'],
  ['badPage', ['abc'], 'O número da página deve ser um número inteiro a partir de 1; veio “abc”.'],
  ['badPageHint', ['/pt-BR/blog', '/pt-BR/blog?page=2'], 'Abra /pt-BR/blog?page=2 ou siga os links de página no fim de /pt-BR/blog.'],
  ['searchTooLong', [200], 'A busca tem mais de 200 caracteres.'],
  ['searchFewWords', ['/pt-BR/search'], 'Busque algumas palavras em /pt-BR/search.'],
  ['badOffset', ['-1'], 'O deslocamento deve ser um número inteiro a partir de 0; veio “-1”.'],
  ['badOffsetHint', ['/pt-BR/search'], 'Siga os links abaixo dos resultados de /pt-BR/search.'],
];

const PT_BR_STATUSES = {'live':'Disponível','coming-soon':'Em breve'};
const PT_BR_KINDS = {'product':'Produto','page':'Página','post':'Artigo'};


/** Contact channels, link and profile names: the ones with words of their own, a proper name and one with none. */
const CHANNELS = ['email', 'phone', 'sales', 'support', 'press', 'careers', 'security', 'privacy', 'website', 'documentation', 'early_access', 'repository', 'linkedin', 'mailing_list'];
const EN_CHANNEL_LABELS = ['Email', 'Phone', 'Sales', 'Support', 'Press', 'Careers', 'Security', 'Privacy', 'Website', 'Documentation', 'Early access', 'Repository', 'LinkedIn', 'Mailing list'];
const PT_BR_CHANNEL_LABELS = ['E-mail', 'Telefone', 'Vendas', 'Suporte', 'Imprensa', 'Carreiras', 'Segurança', 'Privacidade', 'Site', 'Documentação', 'Acesso antecipado', 'Repositório', 'LinkedIn', 'Mailing list'];

interface Expected {
  readonly strings: Readonly<Record<string, string>>;
  readonly calls: readonly Call[];
  readonly statuses: Readonly<Record<string, string>>;
  readonly kinds: Readonly<Record<string, string>>;
  readonly channelLabels: readonly string[];
}

const EXPECTED: Readonly<Record<string, Expected>> = {
  en: { strings: EN_STRINGS, calls: EN_CALLS, statuses: EN_STATUSES, kinds: EN_KINDS, channelLabels: EN_CHANNEL_LABELS },
  'pt-BR': { strings: PT_BR_STRINGS, calls: PT_BR_CALLS, statuses: PT_BR_STATUSES, kinds: PT_BR_KINDS, channelLabels: PT_BR_CHANNEL_LABELS },
};

for (const [locale, expected] of Object.entries(EXPECTED)) {
  describe(`the ${locale} frame words`, () => {
    const w = wordsIn(locale);

    test('cover every member of Words, so none escapes these tables', () => {
      const covered = new Set([...Object.keys(expected.strings), ...expected.calls.map(([name]) => name), 'statuses', 'kinds', 'channelNames', 'identifier']);
      assert.deepEqual(Object.keys(w).sort(), [...covered].sort());
    });

    test('give the same plain words as before', () => {
      const plain = Object.fromEntries(Object.entries(w).filter(([, value]) => typeof value === 'string'));
      assert.deepEqual(plain, expected.strings);
    });

    test('give the same sentences for the same arguments, plurals included', () => {
      for (const [name, args, want] of expected.calls) {
        const word = w[name] as (...values: readonly (string | number)[]) => string;
        assert.equal(word(...args), want, `${name}(${args.join(', ')})`);
      }
    });

    test('name product statuses and search hit kinds as before', () => {
      assert.deepEqual({ ...w.statuses }, expected.statuses);
      assert.deepEqual({ ...w.kinds }, expected.kinds);
      assert.equal(statusWords('live', w), expected.statuses.live);
      assert.equal(statusWords('retired', w), 'Retired');
    });

    test('label contact channels, links and profiles as before', () => {
      assert.deepEqual(
        CHANNELS.map((name) => fieldLabel(name, w)),
        expected.channelLabels,
      );
    });
  });
}

describe('wordsOf', () => {
  test('gives a locale with no words of its own those of its language (pt-PT, pt, EN-gb)', () => {
    assert.equal(wordsIn('pt-PT'), wordsIn('pt-BR'));
    assert.equal(wordsIn('pt'), wordsIn('pt-BR'));
    assert.equal(wordsIn('EN-gb'), wordsIn('en'));
  });

  test('has no words for a locale whose language has no catalog (ja, zz): the site must bring its own', () => {
    assert.equal(shippedCatalogFor('ja'), undefined);
    assert.equal(shippedCatalogFor('zz'), undefined);
  });

  test('gives the same words object on every call for a locale', () => {
    assert.equal(wordsIn('pt-BR'), wordsIn('pt-BR'));
    assert.equal(wordsIn('en'), wordsIn('en'));
  });
});
