import type { Catalog, Post, Product } from '../content/types.js';
import type { SearchResult } from '../search/index.js';
import {
  bodyPicture,
  cardLoading,
  channelLink,
  pageHero,
  picture,
  postalAddress,
  postCategoryHref,
  postItem,
  postMeta,
  productCard,
  productTagHref,
  statusBadge,
  tableOfContents,
  tagList,
} from './components.js';
import { fieldLabel, kindWords, statusWords } from '../documents/labels.js';
import { identifierLabel } from '../content/identifier-labels.js';
import { legalNoticeFacts } from '../documents/legal-notice.js';
import { tagLabel, tagLabels } from '../content/site-texts.js';
import type { BlogFilters, ProductFilters } from '../documents/lists.js';
import { filterPosts, filterProducts } from '../documents/lists.js';
import { blogHref, blogPage } from './filters.js';
import { colonOf, dayOrYear, languageName } from '../documents/format.js';
import type { Html } from './html.js';
import { html, safeHref } from './html.js';
import type { Words } from '../documents/words.js';
import { siteLocale, wordsOf } from '../documents/words.js';
import type { Document } from './layout.js';
import { feedPath, layout, routeDocument } from './layout.js';
import { AnchorIds, renderMarkdown } from './render-markdown.js';
import { pageSeo, postSeo, productSeo } from './seo.js';
import { recordContext, routeContext } from '../documents/page-context.js';
import type { PageRoute } from '../documents/site-map.js';
import { latestPosts, linkTo, navigationRoute, pageRoute, sitePath } from '../documents/site-map.js';
import { paths, ROUTES } from '../routes/table.js';
import { searchQuery } from '../query/parameters.js';
import { SEARCH_FORM_TOOL } from '../model/browser-tools.js';
import { productsShownIn } from '../query/queries.js';

/** The HTML of every site route. Each returns a whole document, in the route's language. */

/** Every locale's feed, the page's own first, titled in the page's language. */
function feeds(catalog: Catalog, locale: string) {
  const w = wordsOf(catalog, locale);
  const locales = [locale, ...catalog.site.locales.filter((l) => l !== locale)];
  return locales.map((l) => ({ href: linkTo(catalog, feedPath(l)), title: `${w('blog.feed_title', { site: catalog.site.name })} (${languageName(l, locale)})` }));
}

/** A page's markdown body with its table of contents beside it, or nothing when the content has no page. */
function pageBody(catalog: Catalog, route: PageRoute, options: { ids?: AnchorIds; toc?: boolean } = {}): Html | '' {
  if (!route.page) return '';
  const body = renderMarkdown(route.page.markdown, wordsOf(catalog, route.locale), { ...(options.ids ? { ids: options.ids } : {}), picture: bodyPicture(catalog) });
  const toc = options.toc === false ? '' : tableOfContents(body.headings, wordsOf(catalog, route.locale));
  return html`<div class="container with-aside${toc ? '' : ' no-aside'}">
<div class="prose">${body.html}</div>
${toc ? html`<aside class="aside">${toc}</aside>` : ''}
</div>`;
}

/** A page route's document, with its share card and structured data. */
function pageDocument(catalog: Catalog, route: PageRoute, main: Html, more: Partial<Document> = {}): string {
  return routeDocument(catalog, route, main, { head: pageSeo(routeContext(catalog, route), route), feeds: feeds(catalog, route.locale), ...more });
}

/**
 * The home page: what the company does (the page's title and description),
 * the two calls to action, every product with its picture, the page's own
 * text, then the latest articles in its language.
 */
export function homeHtml(catalog: Catalog, route: PageRoute): string {
  const w = wordsOf(catalog, route.locale);
  const latest = latestPosts(catalog, route.locale);
  const products = navigationRoute(catalog, 'products', route.locale);
  const contact = navigationRoute(catalog, 'contact', route.locale);
  const blog = pageRoute(catalog, 'blog', route.locale);
  const actions = html`<p class="actions">
${products ? html`<a class="button" href="${linkTo(catalog, products.path)}">${w('home.our_products')}</a>` : ''}
${contact ? html`<a class="button button-secondary" href="${linkTo(catalog, contact.path)}">${w('home.get_in_touch')}</a>` : ''}
</p>`;
  // Reserved so the page's own headings cannot take the ids of the sections around them.
  const ids = new AnchorIds(['home-products', 'home-posts']);
  const main = html`${pageHero(route.title, route.description, actions)}
${
  catalog.products.length
    ? html`<section class="band" aria-labelledby="home-products"><div class="container">
<h2 id="home-products">${products?.title ?? w('products.title')}</h2>
<ul class="cards">${productsShownIn(catalog, route.locale).map((p, i) => productCard(catalog, p, route.locale, 3, w, cardLoading(i)))}</ul>
</div></section>`
    : ''
}
${pageBody(catalog, route, { ids, toc: false })}
${
  latest.length
    ? html`<section class="band band-alt" aria-labelledby="home-posts"><div class="container">
<h2 id="home-posts">${w('home.latest_articles')}</h2>
<ul class="post-list">${latest.map((p) => postItem(catalog, p, 3))}</ul>
${blog ? html`<p><a class="more" href="${linkTo(catalog, blog.path)}">${w('home.all_articles')}</a></p>` : ''}
</div></section>`
    : ''
}`;
  return pageDocument(catalog, route, main);
}

export function contentPageHtml(catalog: Catalog, route: PageRoute, more: Partial<Document> = {}): string {
  return pageDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(catalog, route)}`, more);
}

/** /about: the page, then the company record it is the public URL of. */
export function aboutHtml(catalog: Catalog, route: PageRoute, more: Partial<Document> = {}): string {
  const { company } = catalog;
  const w = wordsOf(catalog, route.locale);
  const facts = html`<section class="band band-alt" aria-labelledby="company-record"><div class="container">
<h2 id="company-record">${w('company.record')}</h2>
<dl class="facts">
<div><dt>${w('company.legal_name')}</dt><dd>${company.legal_name}</dd></div>
<div><dt>${w('company.trade_name')}</dt><dd>${company.trade_name}</dd></div>
${company.identifiers.map(
  (identifier) =>
    html`<div><dt>${identifierLabel(identifier, w)}</dt><dd>${identifier.value}${identifier.lookup_url ? html` · <a href="${safeHref(identifier.lookup_url)}" rel="external">${w('company.lookup')}</a>` : ''}</dd></div>`,
)}
${company.founded ? html`<div><dt>${w('company.founded')}</dt><dd><time datetime="${company.founded}">${dayOrYear(company.founded, route.locale)}</time></dd></div>` : ''}
${company.managing_directors ? html`<div><dt>${w('company.managing_directors', { count: company.managing_directors.length })}</dt><dd>${company.managing_directors.join(', ')}</dd></div>` : ''}
<div><dt>${w('company.address')}</dt><dd>${postalAddress(company.address, route.locale)}</dd></div>
${Object.entries(company.profiles).map(([name, url]) => html`<div><dt>${fieldLabel(name, w)}</dt><dd><a href="${safeHref(url)}">${url}</a></dd></div>`)}
</dl>
<p><a href="${linkTo(catalog, paths.companyMirror(catalog.site, route.locale))}" type="text/markdown">${w('company.record_as_markdown')}</a> · <a href="${linkTo(catalog, ROUTES.company.pattern)}" type="application/json">${w('company.as_json')}</a></p>
</div></section>`;
  return pageDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(catalog, route, { ids: new AnchorIds(['company-record']) })}${facts}`, more);
}

/** A legal notice (Impressum, mentions légales, aviso legal): the page, then the company's details from its record, as a list. */
export function legalNoticeHtml(catalog: Catalog, route: PageRoute, more: Partial<Document> = {}): string {
  const w = wordsOf(catalog, route.locale);
  const facts = legalNoticeFacts(catalog, route.locale).map(({ label, values, kind }) => {
    const shown = (value: string) => (kind === 'channel' ? channelLink(value) : value);
    const dd = kind === 'address' ? html`<dd>${postalAddress(catalog.company.address, route.locale)}</dd>` : values.map((value) => html`<dd>${shown(value)}</dd>`);
    return html`<div><dt>${label}</dt>${dd}</div>`;
  });
  const details = html`<section class="band band-alt" aria-labelledby="legal-notice-details"><div class="container">
<h2 id="legal-notice-details">${w('legal_notice.details')}</h2>
<dl class="facts">
${facts}
</dl>
</div></section>`;
  return pageDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(catalog, route, { ids: new AnchorIds(['legal-notice-details']) })}${details}`, more);
}

/** /contact: the page, then every channel of the company record. */
export function contactHtml(catalog: Catalog, route: PageRoute, more: Partial<Document> = {}): string {
  const { company } = catalog;
  const w = wordsOf(catalog, route.locale);
  const channels = html`<section class="band band-alt" aria-labelledby="channels"><div class="container">
<h2 id="channels">${w('company.channels')}</h2>
<dl class="facts channels">
${Object.entries(company.contact).map(([name, value]) => html`<div><dt>${fieldLabel(name, w)}</dt><dd>${channelLink(value)}</dd></div>`)}
<div><dt>${w('company.address')}</dt><dd>${postalAddress(company.address, route.locale, company.legal_name)}</dd></div>
</dl>
${
  Object.keys(company.profiles).length
    ? html`<h3>${w('company.elsewhere')}</h3><ul class="inline-list">${Object.entries(company.profiles).map(([name, url]) => html`<li><a href="${safeHref(url)}">${fieldLabel(name, w)}</a></li>`)}</ul>`
    : ''
}
</div></section>`;
  return pageDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(catalog, route, { ids: new AnchorIds(['channels']) })}${channels}`, more);
}

export function productsHtml(catalog: Catalog, route: PageRoute, filters: ProductFilters): string {
  const w = wordsOf(catalog, route.locale);
  const products = filterProducts(catalog, filters, route.locale);
  const active = [...(filters.status ?? []).map((status) => statusWords(status, w)), ...tagLabels(catalog.site, filters.tag ?? [], route.locale)].join(', ');
  const list = html`<section class="band" aria-labelledby="product-list"><div class="container">
<h2 id="product-list">${active ? w('products.filtered', { active }) : w('products.all')}</h2>
${active ? html`<p class="result-count">${w('products.count', { shown: products.length, total: catalog.products.length })} <a href="${linkTo(catalog, route.path)}">${w('products.show_all')}</a></p>` : ''}
<ul class="cards">${products.map((p, i) => productCard(catalog, p, route.locale, 3, w, cardLoading(i)))}</ul>
${products.length === 0 ? html`<p>${w('products.none')} <a href="${linkTo(catalog, route.path)}">${w('products.show_all_products')}</a>.</p>` : ''}
</div></section>`;
  return pageDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(catalog, route, { ids: new AnchorIds(['product-list']) })}${list}`);
}

/**
 * A link to the same record in another language: the words that say so are
 * the page's, the title is the other language's and marked so (`lang` on it
 * alone), for a screen reader to speak each in its own voice.
 */
function translationLink(catalog: Catalog, translation: { readonly url: string; readonly locale: string; readonly title: string }, locale: string, w: Words): Html {
  const label = w('frame.read_in', { language: languageName(translation.locale, locale) });
  return html`<a href="${linkTo(catalog, translation.url)}" hreflang="${translation.locale}">${label}${colonOf(locale)} <span lang="${translation.locale}">${translation.title}</span></a>`;
}

export function productHtml(catalog: Catalog, product: Product, more: Partial<Document> = {}): string {
  const page = recordContext(catalog, { locale: product.locale, url: product.url, title: product.name, list: 'products' });
  const { locale, words: w } = page;
  const body = renderMarkdown(product.markdown, w, { picture: bodyPicture(catalog) });
  const toc = tableOfContents(body.headings, w);
  const links = Object.entries(product.links);
  const products = navigationRoute(catalog, 'products', locale);
  const translations = product.translations.map(
    (t) => translationLink(catalog, t, locale, w),
  );
  const main = html`<div class="hero hero-with-image"><div class="container">
<div class="hero-text">
${products ? html`<p class="eyebrow"><a href="${linkTo(catalog, products.path)}">${products.title}</a></p>` : ''}
<h1>${product.name}</h1>
<p class="lead">${product.summary}</p>
<div class="hero-meta">${statusBadge(product.status, w)}${tagList(catalog, product.tags, locale, (tag) => linkTo(catalog, productTagHref(catalog, locale, tag)), w)}</div>
${links.length ? html`<ul class="inline-list links" aria-label="${w('products.links')}">${links.map(([name, href]) => html`<li><a href="${safeHref(href)}">${fieldLabel(name, w)}</a></li>`)}</ul>` : ''}
${translations.length ? html`<p class="translations">${translations}</p>` : ''}
</div>
${product.image ? picture(catalog, product.image, { loading: 'priority', className: 'hero-image' }) : ''}
</div></div>
<div class="container with-aside${toc ? '' : ' no-aside'}">
<div class="prose">${body.html}</div>
${toc ? html`<aside class="aside">${toc}</aside>` : ''}
</div>`;
  return layout(catalog, {
    title: product.name,
    description: product.summary,
    path: sitePath(catalog, product.url),
    markdownPath: sitePath(catalog, product.markdown_url),
    locale,
    translations: product.translations.map((t) => ({ locale: t.locale, href: t.url, title: t.title })),
    current: products?.path ?? '/products',
    main,
    head: productSeo(page, product),
    ...more,
  });
}

function filterForm(catalog: Catalog, filters: BlogFilters, w: Words): Html {
  const categories = catalog.site.post_categories[filters.locale] ?? [];
  // The tags the articles of this blog carry, in site.yaml's order, each labelled as this language shows it.
  const used = new Set(filterPosts(catalog, { path: filters.path, locale: filters.locale, page: 1 }).flatMap((post) => post.tags));
  const tags = catalog.site.post_tags.filter((tag) => used.has(tag));
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;
  const tagField = tags.length
    ? html`<div class="field"><label for="filter-tag">${w('blog.tag')}</label>
<select id="filter-tag" name="tag">
${option('', w('blog.all_tags'), !filters.tag)}
${tags.map((tag) => option(tag, tagLabel(catalog.site, tag, filters.locale), filters.tag?.length === 1 && filters.tag[0] === tag))}
</select></div>`
    : '';
  return html`<form class="filters" method="get" action="${linkTo(catalog, filters.path)}" aria-label="${w('blog.filter_articles')}">
<div class="field"><label for="filter-category">${w('blog.category')}</label>
<select id="filter-category" name="category">
${option('', w('blog.all_categories'), !filters.category)}
${categories.map((c) => option(c, c, filters.category?.length === 1 && filters.category[0] === c))}
</select></div>
${tagField}
<div class="field field-actions"><button type="submit">${w('blog.filter')}</button>
${filters.category || filters.tag ? html`<a href="${linkTo(catalog, filters.path)}">${w('blog.clear_filters')}</a>` : ''}</div>
</form>`;
}

function pagination(catalog: Catalog, filters: BlogFilters, page: number, pages: number, w: Words): Html | '' {
  if (pages <= 1) return '';
  const href = (n: number) => linkTo(catalog, blogHref({ ...filters, page: n }));
  return html`<nav class="pagination" aria-label="${w('blog.pages')}">
${page > 1 ? html`<a rel="prev" href="${href(page - 1)}">${w('blog.newer')}</a>` : ''}
<ol>${pageWindow(page, pages).map((n) =>
    n === GAP
      ? html`<li class="gap" aria-hidden="true">…</li>`
      : n === page
        ? html`<li><a href="${href(n)}" aria-current="page">${n}</a></li>`
        : html`<li><a href="${href(n)}" aria-label="${w('blog.page', { n })}">${n}</a></li>`,
  )}</ol>
${page < pages ? html`<a rel="next" href="${href(page + 1)}">${w('blog.older')}</a>` : ''}
</nav>`;
}

/** Where a pagination leaves pages out. */
export const GAP = 0;

/**
 * The page numbers a pagination links: the first and the last, and the
 * pages around the current one, GAP where pages are left out (a gap of one
 * page shows that page instead). A blog of a thousand pages links nine at
 * most, not a thousand; "older" and "newer" step through the rest.
 */
export function pageWindow(page: number, pages: number, around = 2): number[] {
  const wanted = new Set([1, pages]);
  for (let n = Math.max(1, page - around); n <= Math.min(pages, page + around); n += 1) wanted.add(n);
  const shown: number[] = [];
  for (const n of [...wanted].sort((a, b) => a - b)) {
    const previous = shown.at(-1) ?? 0;
    if (n - previous === 2) shown.push(n - 1);
    else if (n - previous > 2) shown.push(GAP);
    shown.push(n);
  }
  return shown;
}

/** One language's blog: its articles, newest first, a category at a time. */
export function blogHtml(catalog: Catalog, route: PageRoute, filters: BlogFilters): string {
  const w = wordsOf(catalog, route.locale);
  const result = blogPage(catalog, filters);
  const first = result.start + 1;
  const last = result.start + result.posts.length;
  const list = html`<section class="band" aria-labelledby="articles"><div class="container"><div class="column">
<h2 id="articles">${w('blog.articles')}</h2>
${filterForm(catalog, filters, w)}
<p class="result-count">${result.total === 0 ? w('blog.no_article') : result.pages === 1 ? w('blog.article_count', { total: result.total }) : w('blog.showing', { first, last, total: result.total })}</p>
<ul class="post-list">${result.posts.map((p) => postItem(catalog, p, 3))}</ul>
${pagination(catalog, filters, result.page, result.pages, w)}
</div></div></section>`;
  const filtered = Boolean(filters.category || filters.tag);
  const intro = result.page === 1 && !filtered ? pageBody(catalog, route, { ids: new AnchorIds(['articles', 'filter-category', 'filter-tag']) }) : '';
  const title = result.page > 1 ? w('blog.title_page', { title: route.title, n: result.page }) : route.title;
  return pageDocument(catalog, route, html`${pageHero(route.title, route.description)}${list}${intro}`, {
    title,
    path: blogHref(filters),
    // Another page, category or tag of the list is not the same page in another language.
    ...(filtered || result.page > 1 ? { translations: [] } : {}),
  });
}

export function postHtml(catalog: Catalog, post: Post): string {
  const page = recordContext(catalog, { locale: post.locale, url: post.url, title: post.title, list: 'blog' });
  const w = page.words;
  const here = siteLocale(catalog, post.locale);
  const body = renderMarkdown(post.markdown, w, { picture: bodyPicture(catalog) });
  const blog = pageRoute(catalog, 'blog', post.locale);
  const translations = post.translations.map(
    (t) => translationLink(catalog, t, post.locale, w),
  );
  const main = html`<article class="post">
<div class="hero"><div class="container narrow">
<p class="eyebrow"><a href="${linkTo(catalog, postCategoryHref(catalog, post))}">${post.category}</a></p>
<h1>${post.title}</h1>
<p class="lead">${post.summary}</p>
${postMeta(catalog, post)}
<p class="byline">${post.author}</p>
${translations.length ? html`<p class="translations">${translations}</p>` : ''}
</div></div>
<div class="container narrow">
${post.image ? picture(catalog, post.image, { loading: 'priority', className: 'cover' }) : ''}
<div class="prose">${body.html}</div>
<p class="back"><a href="${linkTo(catalog, blog?.path ?? here.pagePath('blog'))}">${w('home.all_articles')}</a></p></div>
</article>`;
  return layout(catalog, {
    title: post.title,
    description: post.summary,
    path: sitePath(catalog, post.url),
    markdownPath: sitePath(catalog, post.markdown_url),
    locale: post.locale,
    translations: post.translations.map((t) => ({ locale: t.locale, href: t.url, title: t.title })),
    current: blog?.path ?? here.pagePath('blog'),
    main,
    feeds: feeds(catalog, post.locale),
    head: postSeo(page, post),
  });
}

/**
 * The search form, filled with the query being shown; an agent in a
 * browser with WebMCP can submit it as a tool (`toolname`,
 * `tooldescription`, `toolparamdescription`: WebMCP's declarative form).
 */
function searchForm(route: PageRoute, query: string, w: Words): Html {
  return html`<form class="search-form" method="get" action="${route.href}" role="search" toolname="${SEARCH_FORM_TOOL}" tooldescription="${w('search.tool_description')}">
<label for="search-q">${w('search.label')}</label>
<div class="search-row"><input id="search-q" type="search" name="q" value="${query}" maxlength="${searchQuery.q.maxLength}" required autocomplete="off" toolparamdescription="${w('search.tool_query')}">
<button type="submit">${w('search.button')}</button></div>
</form>`;
}

/** Highlights the matched words of an excerpt (plain text) with `<mark>`. */
function highlighted(text: string, matches: readonly string[], fold: (s: string) => string): Html {
  if (matches.length === 0) return html`${text}`;
  const parts: Html[] = [];
  // Words of the excerpt whose folded form starts with a matched term (the last word matches as a prefix).
  for (const token of text.split(/([\p{L}\p{N}]+)/u)) {
    const folded = fold(token);
    parts.push(/[\p{L}\p{N}]/u.test(token) && matches.some((m) => folded.startsWith(m)) ? html`<mark>${token}</mark>` : html`${token}`);
  }
  return html`${parts}`;
}

/**
 * "Did you mean …?" in the page's language, each suggested query a link
 * that runs it, listed as the language lists alternatives ("a, b or c").
 * The sentence is one message; the list goes where its placeholder is.
 */
function didYouMean(catalog: Catalog, route: PageRoute, suggestions: readonly string[], w: Words): Html {
  const PLACE = '\u0000';
  const [before = '', after = ''] = w('search.did_you_mean', { suggestions: PLACE }).split(PLACE);
  const list = new Intl.ListFormat(route.locale, { type: 'disjunction' })
    .formatToParts(suggestions)
    .map((part) => (part.type === 'element' ? html`<a href="${linkTo(catalog, `${route.path}?${new URLSearchParams({ q: part.value })}`)}">${part.value}</a>` : html`${part.value}`));
  return html`<p>${before}${list}${after}</p>`;
}

/**
 * The search page: a plain GET form (no script needed), and for a query the hits
 * in the page's language (products, its pages, its articles), with the
 * matched words highlighted. Result pages are kept out of indexes.
 */
export function searchHtml(catalog: Catalog, route: PageRoute, query: string, result: SearchResult | undefined, fold: (s: string) => string, pageHref: (offset: number) => string): string {
  const w = wordsOf(catalog, route.locale);
  const first = (result?.offset ?? 0) + 1;
  const last = (result?.offset ?? 0) + (result?.items.length ?? 0);
  const hits = result
    ? html`<section class="band" aria-labelledby="search-results"><div class="container"><div class="column">
<h2 id="search-results">${w('search.results', { query })}</h2>
${
  // With no hit, one sentence says so (the count would say it again) and the hint follows it.
  result.total === 0
    ? html`<p class="result-count">${w('search.no_hit', { query })} ${w('search.hint')}</p>${result.suggestions.length > 0 ? didYouMean(catalog, route, result.suggestions, w) : ''}`
    : html`<p class="result-count">${w('search.hit_count', { total: result.total, first, last })}</p>`
}
<ol class="search-hits">${result.items.map(
        (hit) => html`<li class="search-hit"${hit.locale ? html` lang="${hit.locale}"` : ''}>
<p class="kind">${kindWords(hit.kind, w)}</p>
<h3><a href="${linkTo(catalog, hit.url)}">${hit.title}</a></h3>
<p>${highlighted(hit.excerpt, hit.matches, fold)}</p>
</li>`,
      )}</ol>
${
  result.offset > 0 || last < result.total
    ? html`<nav class="pagination" aria-label="${w('blog.pages')}">
${result.offset > 0 ? html`<a rel="prev" href="${linkTo(catalog, pageHref(Math.max(0, result.offset - result.limit)))}">${w('search.previous')}</a>` : ''}
${last < result.total ? html`<a rel="next" href="${linkTo(catalog, pageHref(result.offset + result.limit))}">${w('search.next')}</a>` : ''}
</nav>`
    : ''
}
</div></div></section>`
    : '';
  return pageDocument(catalog, route, html`${pageHero(route.title, route.description, searchForm(route, query, w))}${hits}`, {
    ...(result ? { title: w('search.results', { query }), noindex: true, path: pageHref(result.offset), translations: [] } : {}),
  });
}

