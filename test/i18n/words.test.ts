import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldLabel, kindWords, statusWords } from '../../src/documents/labels.js';
import type { Words } from '../../src/documents/words.js';
import { wordsOfMessages } from '../../src/documents/words.js';
import type { Messages } from '../../src/i18n/catalog.js';
import { messages, SHIPPED_LOCALES, shippedCatalogFor } from '../../src/i18n/catalog.js';
import type { MessageKey, MessageValues } from '../../src/i18n/keys.js';
import { FRAME_KEYS, isMessageKey, MESSAGE_ARGUMENTS, MESSAGE_KEYS } from '../../src/i18n/keys.js';
import { PRODUCT_STATUSES } from '../../src/content/types.js';
import { wordsIn } from './_words.js';

// The frame's words in English and Brazilian Portuguese, as the site printed
// them before they moved into message catalogs: any difference is a
// regression visitors would see. Counts cover the plural edges (0, 1, 2, 5)
// and large numbers, which are written without grouping separators.

/** A message, the values it is formatted with, and the sentence it makes. */
type Call = { readonly [K in MessageKey]: readonly [key: K, values: MessageValues<K>, expected: string] }[MessageKey];

/** Any message with any values: how a table of calls of different messages is run. */
type AnyFormat = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

// Words the page names by a value of the content or the index (a status, a kind of hit, a channel, an identifier's scheme), and the prompts' messages, are checked below and in their own tests.
const NAMED_BY_VALUE = ['status.', 'kind.', 'channel.', 'identifier.', 'prompt.'];

const EN_STRINGS: Readonly<Record<string, string>> = {
  'frame.skip_to_content': 'Skip to content',
  'frame.menu': 'Menu',
  'frame.main_navigation': 'Main',
  'frame.footer_navigation': 'Footer',
  'frame.company': 'Company',
  'frame.api_and_mcp': 'API and MCP',
  'frame.page_as_markdown': 'This page as markdown',
  'frame.sitemap': 'Sitemap (XML)',
  'frame.languages': 'Languages',
  'frame.table': 'Table',
  'products.title': 'Products',
  'products.description': 'Every product, its status and its tags.',
  'blog.title': 'Blog',
  'blog.description': 'Articles, newest first.',
  'developers.title': 'Developers',
  'developers.description': 'The public, read-only content API, its MCP server and its markdown mirrors.',
  'developers.contents': 'Contents',
  'developers.contents_label': 'Reference contents',
  'home.our_products': 'See our products',
  'home.get_in_touch': 'Get in touch',
  'home.latest_articles': 'Latest articles',
  'home.all_articles': 'All articles',
  'products.all': 'All products',
  'products.show_all': 'Show all',
  'products.none': 'No product matches.',
  'products.show_all_products': 'Show all products',
  'products.links': 'Links',
  'products.tags': 'Tags',
  'blog.articles': 'Articles',
  'blog.filter_articles': 'Filter articles',
  'blog.category': 'Category',
  'blog.all_categories': 'All categories',
  'blog.filter': 'Filter',
  'blog.clear_filters': 'Clear filters',
  'blog.no_article': 'No article matches these filters.',
  'blog.every_article': 'Every article',
  'blog.pages': 'Pages',
  'blog.newer': 'Newer',
  'blog.older': 'Older',
  'blog.on_this_page': 'On this page',
  'blog.tag': 'Tag',
  'blog.all_tags': 'All tags',
  'company.record': 'Company record',
  'company.legal_name': 'Legal name',
  'company.trade_name': 'Trade name',
  'company.founded': 'Founded',
  'company.address': 'Address',
  'company.channels': 'Channels',
  'company.elsewhere': 'Elsewhere',
  'company.record_as_markdown': 'Company record as markdown',
  'company.as_json': 'as JSON',
  'legal_notice.details': 'Company details',
  'company.lookup': 'check it in the register',
  'search.title': 'Search',
  'search.description': 'Search the products, pages and articles of this site.',
  'search.label': 'Search this site',
  'search.button': 'Search',
  'search.hint': 'Accents and case do not matter; try fewer or other words.',
  'search.previous': 'Previous',
  'search.next': 'Next',
  'search.tool_description': "Shows this site's search results page for the words given: its products, pages and articles, best match first.",
  'search.tool_query': 'The words to look for; accents and case do not matter.',
  'mirror.published': 'Published',
  'mirror.updated': 'Updated',
  'mirror.author': 'Author',
  'mirror.status': 'Status',
  'mirror.language': 'Language',
  'mirror.canonical_url': 'Canonical URL',
  'mirror.logo': 'Logo',
  'error.home': 'Home',
  'error.suggested_pages': 'Suggested pages',
  'error.page_not_found': 'Page not found',
  'error.may_have_moved': 'It may have moved; the pages below are a good place to start.',
  'error.method_not_allowed': 'Method not allowed',
  'error.bad_address': 'This address does not work',
  'error.something_wrong': 'Something went wrong',
  'error.could_not_show': 'The server could not show this page. The failure has been logged.',
  'error.try_again': 'Try again in a moment.',
};

const EN_CALLS: readonly Call[] = [
  ['mirror.translation', { language: 'Spanish' }, 'Also in Spanish'],
  ['mirror.contact', { kind: 'Email' }, 'Contact (Email)'],
  ['mirror.profile', { kind: 'LinkedIn' }, 'Profile (LinkedIn)'],
  ['frame.feed', { language: 'English' }, 'Feed (English)'],
  ['frame.feed', { language: 'português (Brasil)' }, 'Feed (português (Brasil))'],
  ['blog.feed_title', { site: 'Acme' }, 'Acme blog'],
  ['untranslated.notice', { language: 'French', original: 'German' }, 'This page is not yet translated into French; here it is in German.'],
  ['frame.read_in', { language: 'English' }, 'Read in English'],
  ['frame.read_in', { language: 'português' }, 'Read in português'],
  ['products.filtered', { active: 'Live, cloud' }, 'Products: Live, cloud'],
  ['products.count', { shown: 0, total: 0 }, '0 of 0 products.'],
  ['products.count', { shown: 1, total: 1 }, '1 of 1 product.'],
  ['products.count', { shown: 1, total: 2 }, '1 of 2 products.'],
  ['products.count', { shown: 2, total: 5 }, '2 of 5 products.'],
  ['products.count', { shown: 3, total: 1234567 }, '3 of 1234567 products.'],
  ['products.count', { shown: 0, total: 4 }, '0 of 4 products.'],
  ['blog.article_count', { total: 0 }, '0 articles, newest first.'],
  ['blog.article_count', { total: 1 }, '1 article, newest first.'],
  ['blog.article_count', { total: 2 }, '2 articles, newest first.'],
  ['blog.article_count', { total: 5 }, '5 articles, newest first.'],
  ['blog.article_count', { total: 21 }, '21 articles, newest first.'],
  ['blog.article_count', { total: 1000 }, '1000 articles, newest first.'],
  ['blog.article_count', { total: 1234567 }, '1234567 articles, newest first.'],
  ['blog.showing', { first: 1, last: 1, total: 1 }, 'Showing 1–1 of 1 article, newest first.'],
  ['blog.showing', { first: 1, last: 2, total: 2 }, 'Showing 1–2 of 2 articles, newest first.'],
  ['blog.showing', { first: 1, last: 10, total: 25 }, 'Showing 1–10 of 25 articles, newest first.'],
  ['blog.showing', { first: 21, last: 25, total: 25 }, 'Showing 21–25 of 25 articles, newest first.'],
  ['blog.showing', { first: 1001, last: 1010, total: 1234567 }, 'Showing 1001–1010 of 1234567 articles, newest first.'],
  ['blog.page', { n: 1 }, 'Page 1'],
  ['blog.page', { n: 2 }, 'Page 2'],
  ['blog.page', { n: 12 }, 'Page 12'],
  ['blog.title_page', { title: 'Blog', n: 2 }, 'Blog, page 2'],
  ['blog.title_page', { title: 'News & notes', n: 10 }, 'News & notes, page 10'],
  ['blog.no_such_page', { page: 9, pages: 1 }, 'There is no page 9 of this list: it has 1 page.'],
  ['blog.no_such_page', { page: 9, pages: 3 }, 'There is no page 9 of this list: it has 3 pages.'],
  ['blog.open_last_page', { path: '/blog?page=3' }, 'Open /blog?page=3.'],
  ['blog.minutes_read', { minutes: 0 }, '0 min read'],
  ['blog.minutes_read', { minutes: 1 }, '1 min read'],
  ['blog.minutes_read', { minutes: 2 }, '2 min read'],
  ['blog.minutes_read', { minutes: 5 }, '5 min read'],
  ['blog.minutes_read', { minutes: 42 }, '42 min read'],
  ['company.managing_directors', { count: 1 }, 'Managing director'],
  ['company.managing_directors', { count: 2 }, 'Managing directors'],
  ['search.results', { query: 'kubernetes' }, 'Results for “kubernetes”'],
  ['search.results', { query: 'a "b" <c> {d}' }, 'Results for “a "b" <c> {d}”'],
  ['search.hit_count', { total: 0, first: 1, last: 0 }, 'No results.'],
  ['search.hit_count', { total: 1, first: 1, last: 1 }, '1–1 of 1 result, best match first.'],
  ['search.hit_count', { total: 2, first: 1, last: 2 }, '1–2 of 2 results, best match first.'],
  ['search.hit_count', { total: 5, first: 1, last: 5 }, '1–5 of 5 results, best match first.'],
  ['search.hit_count', { total: 25, first: 11, last: 20 }, '11–20 of 25 results, best match first.'],
  ['search.hit_count', { total: 1234567, first: 1, last: 10 }, '1–10 of 1234567 results, best match first.'],
  ['search.no_hit', { query: 'xyz' }, 'Nothing matches “xyz”.'],
  ['search.no_hit', { query: 'it\'s {x} #1' }, 'Nothing matches “it\'s {x} #1”.'],
  ['search.did_you_mean', { suggestions: 'kubernetes or ceph' }, 'Did you mean kubernetes or ceph?'],
  ['error.no_page_at', { path: '/missing' }, 'There is no page at /missing.'],
  ['error.read_only', { path: '/search', method: 'POST' }, 'This site is read-only: /search answers GET and HEAD, not POST.'],
  ['error.open_with_get', { path: '/products' }, 'Open /products with GET.'],
  ['error.answers_only', { path: '/api/v1/products', allow: 'GET, HEAD, OPTIONS', method: 'DELETE' }, '/api/v1/products answers GET, HEAD, OPTIONS, not DELETE.'],
  ['error.repeated_parameter', { name: 'page', count: 2 }, 'The parameter "page" is given 2 times; give it once.'],
  ['error.give_once', { path: '/blog', name: 'page' }, 'Open /blog with at most one "page".'],
  ['error.no_such_value', { name: 'category', value: 'Cooking' }, 'There is no category "Cooking".'],
  ['error.no_such_value', { name: 'tag', value: 'Nope' }, 'There is no tag "Nope".'],
  ['error.no_such_value', { name: 'status', value: 'retired' }, 'There is no status "retired".'],
  ['error.no_such_value', { name: 'locale', value: 'xx' }, 'There is no locale "xx".'],
  ['error.no_such_value', { name: 'flavour', value: 'mint' }, 'There is no flavour "mint".'],
  ['error.choose_one_of', { choices: 'live, coming-soon', path: '/products' }, 'Choose one of: live, coming-soon; or open /products without it.'],
  ['error.bad_page', { value: 'abc' }, 'The page number must be a whole number from 1; got "abc".'],
  ['error.bad_page_hint', { path: '/blog', second: '/blog?page=2' }, 'Open /blog?page=2, or follow the page links at the bottom of /blog.'],
  ['error.one_page_hint', { path: '/blog' }, 'The list has a single page: /blog.'],
  ['error.search_too_long', { max: 200 }, 'The search is longer than 200 characters.'],
  ['error.search_few_words', { path: '/search' }, 'Search for a few words at /search.'],
  ['error.bad_offset', { value: '-1' }, 'The offset must be a whole number from 0; got "-1".'],
  ['error.bad_offset_hint', { path: '/search' }, 'Follow the links below the results of /search.'],
];

const EN_STATUSES = {'live':'Live','coming-soon':'Coming soon'};
const EN_KINDS = {'product':'Product','page':'Page','post':'Article'};

const PT_BR_STRINGS: Readonly<Record<string, string>> = {
  'frame.skip_to_content': 'Pular para o conteúdo',
  'frame.menu': 'Menu',
  'frame.main_navigation': 'Principal',
  'frame.footer_navigation': 'Rodapé',
  'frame.company': 'Empresa',
  'frame.api_and_mcp': 'API e MCP',
  'frame.page_as_markdown': 'Esta página em markdown',
  'frame.sitemap': 'Mapa do site (XML)',
  'frame.languages': 'Idiomas',
  'frame.table': 'Tabela',
  'products.title': 'Produtos',
  'products.description': 'Todos os produtos, seu status e suas tags.',
  'blog.title': 'Blog',
  'blog.description': 'Artigos, do mais recente ao mais antigo.',
  'developers.title': 'Desenvolvedores',
  'developers.description': 'A API pública de conteúdo, somente leitura, seu servidor MCP e os espelhos em markdown.',
  'developers.contents': 'Sumário',
  'developers.contents_label': 'Sumário da referência',
  'home.our_products': 'Conheça os produtos',
  'home.get_in_touch': 'Fale conosco',
  'home.latest_articles': 'Artigos recentes',
  'home.all_articles': 'Todos os artigos',
  'products.all': 'Todos os produtos',
  'products.show_all': 'Mostrar todos',
  'products.none': 'Nenhum produto corresponde.',
  'products.show_all_products': 'Mostrar todos os produtos',
  'products.links': 'Links',
  'products.tags': 'Tags',
  'blog.articles': 'Artigos',
  'blog.filter_articles': 'Filtrar artigos',
  'blog.category': 'Categoria',
  'blog.all_categories': 'Todas as categorias',
  'blog.filter': 'Filtrar',
  'blog.clear_filters': 'Limpar filtros',
  'blog.no_article': 'Nenhum artigo corresponde a esses filtros.',
  'blog.every_article': 'Todos os artigos',
  'blog.pages': 'Páginas',
  'blog.newer': 'Mais recentes',
  'blog.older': 'Mais antigos',
  'blog.on_this_page': 'Nesta página',
  'blog.tag': 'Tag',
  'blog.all_tags': 'Todas as tags',
  'company.record': 'Dados da empresa',
  'company.legal_name': 'Razão social',
  'company.trade_name': 'Nome fantasia',
  'company.founded': 'Fundação',
  'company.address': 'Endereço',
  'company.channels': 'Canais',
  'company.elsewhere': 'Em outros lugares',
  'company.record_as_markdown': 'Dados da empresa em markdown',
  'company.as_json': 'em JSON',
  'legal_notice.details': 'Dados da empresa',
  'company.lookup': 'consultar no registro',
  'search.title': 'Busca',
  'search.description': 'Busque nos produtos, páginas e artigos deste site.',
  'search.label': 'Buscar no site',
  'search.button': 'Buscar',
  'search.hint': 'Acentos e maiúsculas não importam; tente menos palavras ou outras.',
  'search.previous': 'Anteriores',
  'search.next': 'Próximos',
  'search.tool_description': 'Mostra a página de resultados da busca deste site para as palavras informadas: produtos, páginas e artigos, os mais relevantes primeiro.',
  'search.tool_query': 'As palavras a buscar; acentos e maiúsculas não importam.',
  'mirror.published': 'Publicado em',
  'mirror.updated': 'Atualizado em',
  'mirror.author': 'Autor',
  'mirror.status': 'Status',
  'mirror.language': 'Idioma',
  'mirror.canonical_url': 'URL canônica',
  'mirror.logo': 'Logotipo',
  'error.home': 'Início',
  'error.suggested_pages': 'Páginas sugeridas',
  'error.page_not_found': 'Página não encontrada',
  'error.may_have_moved': 'Ela pode ter mudado de endereço; as páginas abaixo são um bom ponto de partida.',
  'error.method_not_allowed': 'Método não permitido',
  'error.bad_address': 'Este endereço não funciona',
  'error.something_wrong': 'Algo deu errado',
  'error.could_not_show': 'O servidor não conseguiu mostrar esta página. A falha foi registrada.',
  'error.try_again': 'Tente de novo em instantes.',
};

const PT_BR_CALLS: readonly Call[] = [
  ['mirror.translation', { language: 'inglês' }, 'Também em inglês'],
  ['mirror.contact', { kind: 'E-mail' }, 'Contato (E-mail)'],
  ['mirror.profile', { kind: 'LinkedIn' }, 'Perfil (LinkedIn)'],
  ['frame.feed', { language: 'English' }, 'Feed (English)'],
  ['frame.feed', { language: 'português (Brasil)' }, 'Feed (português (Brasil))'],
  ['blog.feed_title', { site: 'Acme' }, 'Blog Acme'],
  ['untranslated.notice', { language: 'francês', original: 'alemão' }, 'Esta página ainda não foi traduzida para o francês e aparece em alemão.'],
  ['frame.read_in', { language: 'English' }, 'Ler em English'],
  ['frame.read_in', { language: 'português' }, 'Ler em português'],
  ['products.filtered', { active: 'Live, cloud' }, 'Produtos: Live, cloud'],
  ['products.count', { shown: 0, total: 0 }, '0 de 0 produtos.'],
  ['products.count', { shown: 1, total: 1 }, '1 de 1 produto.'],
  ['products.count', { shown: 1, total: 2 }, '1 de 2 produtos.'],
  ['products.count', { shown: 2, total: 5 }, '2 de 5 produtos.'],
  ['products.count', { shown: 3, total: 1234567 }, '3 de 1234567 produtos.'],
  ['products.count', { shown: 0, total: 4 }, '0 de 4 produtos.'],
  ['blog.article_count', { total: 0 }, '0 artigos, do mais recente ao mais antigo.'],
  ['blog.article_count', { total: 1 }, '1 artigo, do mais recente ao mais antigo.'],
  ['blog.article_count', { total: 2 }, '2 artigos, do mais recente ao mais antigo.'],
  ['blog.article_count', { total: 5 }, '5 artigos, do mais recente ao mais antigo.'],
  ['blog.article_count', { total: 21 }, '21 artigos, do mais recente ao mais antigo.'],
  ['blog.article_count', { total: 1000 }, '1000 artigos, do mais recente ao mais antigo.'],
  ['blog.article_count', { total: 1234567 }, '1234567 artigos, do mais recente ao mais antigo.'],
  ['blog.showing', { first: 1, last: 1, total: 1 }, 'Mostrando 1–1 de 1 artigo, do mais recente ao mais antigo.'],
  ['blog.showing', { first: 1, last: 2, total: 2 }, 'Mostrando 1–2 de 2 artigos, do mais recente ao mais antigo.'],
  ['blog.showing', { first: 1, last: 10, total: 25 }, 'Mostrando 1–10 de 25 artigos, do mais recente ao mais antigo.'],
  ['blog.showing', { first: 21, last: 25, total: 25 }, 'Mostrando 21–25 de 25 artigos, do mais recente ao mais antigo.'],
  ['blog.showing', { first: 1001, last: 1010, total: 1234567 }, 'Mostrando 1001–1010 de 1234567 artigos, do mais recente ao mais antigo.'],
  ['blog.page', { n: 1 }, 'Página 1'],
  ['blog.page', { n: 2 }, 'Página 2'],
  ['blog.page', { n: 12 }, 'Página 12'],
  ['blog.title_page', { title: 'Blog', n: 2 }, 'Blog, página 2'],
  ['blog.title_page', { title: 'News & notes', n: 10 }, 'News & notes, página 10'],
  ['blog.no_such_page', { page: 9, pages: 1 }, 'Esta lista não tem a página 9: tem apenas 1 página.'],
  ['blog.no_such_page', { page: 9, pages: 3 }, 'Esta lista não tem a página 9: tem apenas 3 páginas.'],
  ['blog.open_last_page', { path: '/blog?page=3' }, 'Acesse /blog?page=3.'],
  ['blog.minutes_read', { minutes: 0 }, '0 min de leitura'],
  ['blog.minutes_read', { minutes: 1 }, '1 min de leitura'],
  ['blog.minutes_read', { minutes: 2 }, '2 min de leitura'],
  ['blog.minutes_read', { minutes: 5 }, '5 min de leitura'],
  ['blog.minutes_read', { minutes: 42 }, '42 min de leitura'],
  ['company.managing_directors', { count: 1 }, 'Administrador'],
  ['company.managing_directors', { count: 2 }, 'Administradores'],
  ['search.results', { query: 'kubernetes' }, 'Resultados para “kubernetes”'],
  ['search.results', { query: 'a "b" <c> {d}' }, 'Resultados para “a "b" <c> {d}”'],
  ['search.hit_count', { total: 0, first: 1, last: 0 }, 'Nenhum resultado.'],
  ['search.hit_count', { total: 1, first: 1, last: 1 }, '1–1 de 1 resultado, os mais relevantes primeiro.'],
  ['search.hit_count', { total: 2, first: 1, last: 2 }, '1–2 de 2 resultados, os mais relevantes primeiro.'],
  ['search.hit_count', { total: 5, first: 1, last: 5 }, '1–5 de 5 resultados, os mais relevantes primeiro.'],
  ['search.hit_count', { total: 25, first: 11, last: 20 }, '11–20 de 25 resultados, os mais relevantes primeiro.'],
  ['search.hit_count', { total: 1234567, first: 1, last: 10 }, '1–10 de 1234567 resultados, os mais relevantes primeiro.'],
  ['search.no_hit', { query: 'xyz' }, 'Nada corresponde a “xyz”.'],
  ['search.no_hit', { query: 'it\'s {x} #1' }, 'Nada corresponde a “it\'s {x} #1”.'],
  ['search.did_you_mean', { suggestions: 'nuvem ou migração' }, 'Você quis dizer nuvem ou migração?'],
  ['error.no_page_at', { path: '/missing' }, 'Não há página em /missing.'],
  ['error.read_only', { path: '/search', method: 'POST' }, 'Este site é somente leitura: /search responde a GET e HEAD, não a POST.'],
  ['error.open_with_get', { path: '/products' }, 'Abra /products com GET.'],
  ['error.answers_only', { path: '/api/v1/products', allow: 'GET, HEAD, OPTIONS', method: 'DELETE' }, '/api/v1/products responde a GET, HEAD, OPTIONS, não a DELETE.'],
  ['error.repeated_parameter', { name: 'page', count: 2 }, 'O parâmetro “page” aparece 2 vezes; informe-o uma vez só.'],
  ['error.give_once', { path: '/pt-BR/blog', name: 'page' }, 'Abra /pt-BR/blog com no máximo um “page”.'],
  ['error.no_such_value', { name: 'category', value: 'Culinária' }, 'Não existe a categoria “Culinária”.'],
  ['error.no_such_value', { name: 'tag', value: 'Nada' }, 'Não existe a tag “Nada”.'],
  ['error.no_such_value', { name: 'status', value: 'retired' }, 'Não existe o status “retired”.'],
  ['error.no_such_value', { name: 'locale', value: 'xx' }, 'Não existe o idioma “xx”.'],
  ['error.no_such_value', { name: 'sabor', value: 'menta' }, 'Não existe sabor “menta”.'],
  ['error.choose_one_of', { choices: 'live, coming-soon', path: '/pt-BR/products' }, 'Escolha uma destas opções: live, coming-soon; ou abra /pt-BR/products sem esse filtro.'],
  ['error.bad_page', { value: 'abc' }, 'O número da página deve ser um número inteiro a partir de 1; veio “abc”.'],
  ['error.bad_page_hint', { path: '/pt-BR/blog', second: '/pt-BR/blog?page=2' }, 'Abra /pt-BR/blog?page=2 ou siga os links de página no fim de /pt-BR/blog.'],
  ['error.one_page_hint', { path: '/pt-BR/blog' }, 'A lista tem uma só página: /pt-BR/blog.'],
  ['error.search_too_long', { max: 200 }, 'A busca tem mais de 200 caracteres.'],
  ['error.search_few_words', { path: '/pt-BR/search' }, 'Busque algumas palavras em /pt-BR/search.'],
  ['error.bad_offset', { value: '-1' }, 'O deslocamento deve ser um número inteiro a partir de 0; veio “-1”.'],
  ['error.bad_offset_hint', { path: '/pt-BR/search' }, 'Siga os links abaixo dos resultados de /pt-BR/search.'],
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

    test('cover every message of the frame, so none escapes these tables', () => {
      const covered = new Set([...Object.keys(expected.strings), ...expected.calls.map(([key]) => key)]);
      assert.deepEqual([...covered].filter((key) => !isMessageKey(key)), []);
      assert.deepEqual(
        FRAME_KEYS.filter((key) => !covered.has(key) && !NAMED_BY_VALUE.some((prefix) => key.startsWith(prefix))),
        [],
      );
    });

    test('give the same plain words as before', () => {
      const format = w as AnyFormat;
      const plain = Object.fromEntries(Object.keys(expected.strings).map((key) => [key, isMessageKey(key) ? format(key) : undefined]));
      assert.deepEqual(plain, expected.strings);
    });

    test('give the same sentences for the same values, plurals included', () => {
      const format = w as AnyFormat;
      for (const [key, values, want] of expected.calls) assert.equal(format(key, values), want, `${key} ${JSON.stringify(values)}`);
    });

    test('name product statuses and search hit kinds as before', () => {
      assert.deepEqual(Object.fromEntries(PRODUCT_STATUSES.map((status) => [status, statusWords(status, w)])), expected.statuses);
      assert.deepEqual(Object.fromEntries((['product', 'page', 'post'] as const).map((kind) => [kind, kindWords(kind, w)])), expected.kinds);
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

/** Values of the kinds a message takes: every number 2, every string its own name. */
function sampleValues(key: MessageKey): Record<string, string | number> {
  const kinds: Readonly<Record<string, string>> = MESSAGE_ARGUMENTS[key];
  return Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, kind === 'number' ? 2 : `<${name}>`]));
}

describe('the words of a catalog', () => {
  for (const locale of SHIPPED_LOCALES) {
    test(`format every message of ${locale} as its catalog does`, () => {
      const m = messages(locale);
      const format = wordsOfMessages(m) as AnyFormat;
      const direct = m.format as AnyFormat;
      for (const key of MESSAGE_KEYS) {
        const values = sampleValues(key);
        const word = format(key, Object.keys(values).length ? values : undefined);
        assert.ok(word.trim() !== '', `${locale} ${key} is empty`);
        assert.equal(word, direct(key, Object.keys(values).length ? values : undefined), `${locale} ${key}`);
      }
    });
  }

  test('format a plain word once per catalog, a word with values on every call', () => {
    const m = messages('en');
    let formatted = 0;
    const counted: Messages = {
      ...m,
      format: (key, ...values) => {
        formatted += 1;
        return m.format(key, ...values);
      },
    };
    const w = wordsOfMessages(counted);
    assert.equal(w('frame.menu'), 'Menu');
    assert.equal(w('frame.menu'), 'Menu');
    assert.equal(formatted, 1);
    assert.equal(w('blog.page', { n: 2 }), 'Page 2');
    assert.equal(w('blog.page', { n: 3 }), 'Page 3');
    assert.equal(formatted, 3);
    assert.equal(wordsOfMessages(counted), w);
  });

  test('take a key of the catalog and exactly its values, or do not compile', () => {
    const w = wordsIn('en');
    // @ts-expect-error: the catalog has no such message
    assert.throws(() => w('frame.nope'), /not a message/);
    // @ts-expect-error: blog.page takes { n }
    assert.throws(() => w('blog.page', { page: 2 }), /could not be formatted/);
    // @ts-expect-error: blog.page takes a value
    assert.throws(() => w('blog.page'), /could not be formatted/);
    // @ts-expect-error: frame.menu takes none
    assert.equal(w('frame.menu', { n: 2 }), 'Menu');
  });

  test('have a message for every product status the content may give', () => {
    const keyOf = ((key: string) => key) as Words;
    for (const status of PRODUCT_STATUSES) assert.ok(isMessageKey(statusWords(status, keyOf)), status);
  });
});

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

  test('gives the same words on every call for a locale', () => {
    assert.equal(wordsIn('pt-BR'), wordsIn('pt-BR'));
    assert.equal(wordsIn('en'), wordsIn('en'));
  });
});
