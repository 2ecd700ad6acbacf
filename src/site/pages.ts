import type { Catalog, Post, Product } from '../content/types.js';
import {
  channelLink,
  fieldLabel,
  pageHero,
  postalAddress,
  postCategoryHref,
  postItem,
  postMeta,
  productCard,
  productTagHref,
  statusBadge,
  statusLabel,
  tableOfContents,
  tagList,
} from './components.js';
import type { BlogFilters, ProductFilters } from './filters.js';
import { blogHref, blogPage, filterProducts } from './filters.js';
import { languageName } from './format.js';
import type { Html } from './html.js';
import { html, safeHref } from './html.js';
import { feedPath, layout, routeDocument } from './layout.js';
import { AnchorIds, renderMarkdown } from './render-markdown.js';
import type { PageRoute } from './site-map.js';
import { latestPosts, pageRoute, sitePath } from './site-map.js';

/** The HTML of every site route. Each returns a whole document. */

function feeds(catalog: Catalog) {
  return catalog.site.locales.map((locale) => ({
    href: feedPath(locale),
    title: `${catalog.site.name} blog (${languageName(locale, catalog.site.default_locale)})`,
  }));
}

/** A page's markdown body with its table of contents beside it, or nothing when the content has no page. */
function pageBody(route: PageRoute, options: { ids?: AnchorIds; toc?: boolean } = {}): Html | '' {
  if (!route.page) return '';
  const body = renderMarkdown(route.page.markdown, options.ids);
  const toc = options.toc === false ? '' : tableOfContents(body.headings);
  return html`<div class="container with-aside${toc ? '' : ' no-aside'}">
<div class="prose">${body.html}</div>
${toc ? html`<aside class="aside">${toc}</aside>` : ''}
</div>`;
}



export function homeHtml(catalog: Catalog, route: PageRoute): string {
  const latest = latestPosts(catalog);
  const actions = html`<p class="actions">
${pageRoute(catalog, 'products') ? html`<a class="button" href="/products">Our products</a>` : ''}
${pageRoute(catalog, 'contact') ? html`<a class="button button-secondary" href="/contact">Get in touch</a>` : ''}
</p>`;
  // Reserved so the page's own headings cannot take the ids of the sections around them.
  const ids = new AnchorIds(['home-products', 'home-posts']);
  const main = html`${pageHero(route.title, route.description, actions)}
${
  catalog.products.length
    ? html`<section class="band" aria-labelledby="home-products"><div class="container">
<h2 id="home-products">Products</h2>
<ul class="cards">${catalog.products.map((p) => productCard(catalog, p, 3))}</ul>
</div></section>`
    : ''
}
${pageBody(route, { ids, toc: false })}
${
  latest.length
    ? html`<section class="band band-alt" aria-labelledby="home-posts"><div class="container">
<h2 id="home-posts">Latest articles</h2>
<ul class="post-list">${latest.map((p) => postItem(catalog, p, 3))}</ul>
<p><a class="more" href="/blog">All articles</a></p>
</div></section>`
    : ''
}`;
  return layout(catalog, {
    title: route.title,
    description: route.description,
    path: '/',
    markdownPath: route.markdownPath,
    main,
    feeds: feeds(catalog),
  });
}

export function contentPageHtml(catalog: Catalog, route: PageRoute): string {
  return routeDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(route)}`);
}

/** /about: the page, then the company record it is the public URL of. */
export function aboutHtml(catalog: Catalog, route: PageRoute): string {
  const { company } = catalog;
  const facts = html`<section class="band band-alt" aria-labelledby="company-record"><div class="container">
<h2 id="company-record">Company record</h2>
<dl class="facts">
<div><dt>Legal name</dt><dd>${company.legal_name}</dd></div>
<div><dt>Trade name</dt><dd>${company.trade_name}</dd></div>
<div><dt>CNPJ</dt><dd>${company.cnpj}</dd></div>
${company.founded ? html`<div><dt>Founded</dt><dd><time datetime="${company.founded}">${company.founded}</time></dd></div>` : ''}
<div><dt>Address</dt><dd>${postalAddress(company.address)}</dd></div>
${Object.entries(company.profiles).map(([name, url]) => html`<div><dt>${fieldLabel(name)}</dt><dd><a href="${safeHref(url)}">${url}</a></dd></div>`)}
</dl>
<p><a href="${sitePath(catalog, company.markdown_url)}" type="text/markdown">Company record as markdown</a> · <a href="/api/v1/company" type="application/json">as JSON</a></p>
</div></section>`;
  return routeDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(route, { ids: new AnchorIds(['company-record']) })}${facts}`);
}

/** /contact: the page, then every channel of the company record. */
export function contactHtml(catalog: Catalog, route: PageRoute): string {
  const { company } = catalog;
  const channels = html`<section class="band band-alt" aria-labelledby="channels"><div class="container">
<h2 id="channels">Channels</h2>
<dl class="facts channels">
${Object.entries(company.contact).map(([name, value]) => html`<div><dt>${fieldLabel(name)}</dt><dd>${channelLink(value)}</dd></div>`)}
<div><dt>Address</dt><dd>${postalAddress(company.address, company.legal_name)}</dd></div>
</dl>
${
  Object.keys(company.profiles).length
    ? html`<h3>Elsewhere</h3><ul class="inline-list">${Object.entries(company.profiles).map(([name, url]) => html`<li><a href="${safeHref(url)}">${fieldLabel(name)}</a></li>`)}</ul>`
    : ''
}
</div></section>`;
  return routeDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(route, { ids: new AnchorIds(['channels']) })}${channels}`);
}

export function productsHtml(catalog: Catalog, route: PageRoute, filters: ProductFilters): string {
  const products = filterProducts(catalog, filters);
  const active = [filters.status && statusLabel(filters.status), filters.tag].filter(Boolean).join(', ');
  const list = html`<section class="band" aria-labelledby="product-list"><div class="container">
<h2 id="product-list">${active ? `Products: ${active}` : 'All products'}</h2>
${active ? html`<p class="result-count">${products.length} of ${catalog.products.length} products. <a href="/products">Show all</a></p>` : ''}
<ul class="cards">${products.map((p) => productCard(catalog, p, 3))}</ul>
${products.length === 0 ? html`<p>No product matches. <a href="/products">Show all products</a>.</p>` : ''}
</div></section>`;
  return routeDocument(catalog, route, html`${pageHero(route.title, route.description)}${pageBody(route, { ids: new AnchorIds(['product-list']) })}${list}`);
}

export function productHtml(catalog: Catalog, product: Product): string {
  const body = renderMarkdown(product.markdown);
  const toc = tableOfContents(body.headings);
  const links = Object.entries(product.links);
  const main = html`<div class="hero"><div class="container">
<p class="eyebrow"><a href="/products">Products</a></p>
<h1>${product.name}</h1>
<p class="lead">${product.summary}</p>
<div class="hero-meta">${statusBadge(product.status)}${tagList(product.tags, productTagHref)}</div>
${links.length ? html`<ul class="inline-list links" aria-label="Links">${links.map(([name, href]) => html`<li><a href="${safeHref(href)}">${fieldLabel(name)}</a></li>`)}</ul>` : ''}
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
    current: '/products',
    main,
  });
}

function filterForm(catalog: Catalog, filters: BlogFilters): Html {
  const { site } = catalog;
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;
  return html`<form class="filters" method="get" action="/blog" aria-label="Filter articles">
<div class="field"><label for="filter-category">Category</label>
<select id="filter-category" name="category">
${option('', 'All categories', !filters.category)}
${site.locales.map(
  (locale) =>
    html`<optgroup label="${languageName(locale, site.default_locale)}">${(site.post_categories[locale] ?? []).map((c) => option(c, c, filters.category === c))}</optgroup>`,
)}
</select></div>
<div class="field"><label for="filter-locale">Language</label>
<select id="filter-locale" name="locale">
${option('', 'All languages', !filters.locale)}
${site.locales.map((locale) => option(locale, languageName(locale, site.default_locale), filters.locale === locale))}
</select></div>
<div class="field field-actions"><button type="submit">Filter</button>
${filters.category || filters.locale ? html`<a href="/blog">Clear filters</a>` : ''}</div>
</form>`;
}

function pagination(filters: BlogFilters, page: number, pages: number): Html | '' {
  if (pages <= 1) return '';
  const href = (n: number) => blogHref({ ...filters, page: n });
  return html`<nav class="pagination" aria-label="Pages">
${page > 1 ? html`<a rel="prev" href="${href(page - 1)}">Newer</a>` : ''}
<ol>${Array.from({ length: pages }, (_, i) => i + 1).map((n) =>
    n === page ? html`<li><a href="${href(n)}" aria-current="page">${n}</a></li>` : html`<li><a href="${href(n)}" aria-label="Page ${n}">${n}</a></li>`,
  )}</ol>
${page < pages ? html`<a rel="next" href="${href(page + 1)}">Older</a>` : ''}
</nav>`;
}

export function blogHtml(catalog: Catalog, route: PageRoute, filters: BlogFilters): string {
  const result = blogPage(catalog, filters);
  const first = result.start + 1;
  const last = result.start + result.posts.length;
  const list = html`<section class="band" aria-labelledby="articles"><div class="container"><div class="column">
<h2 id="articles">Articles</h2>
${filterForm(catalog, filters)}
<p class="result-count">${
    result.total === 0 ? 'No article matches these filters.' : `Showing ${first}–${last} of ${result.total} article${result.total === 1 ? '' : 's'}, newest first.`
  }</p>
<ul class="post-list">${result.posts.map((p) => postItem(catalog, p, 3))}</ul>
${pagination(filters, result.page, result.pages)}
</div></div></section>`;
  const intro = result.page === 1 && !filters.category && !filters.locale ? pageBody(route, { ids: new AnchorIds(['articles', 'filter-category', 'filter-locale']) }) : '';
  const title = result.page > 1 ? `${route.title}, page ${result.page}` : route.title;
  return layout(catalog, {
    title,
    description: route.description,
    path: blogHref(filters),
    markdownPath: route.markdownPath,
    current: route.path,
    main: html`${pageHero(route.title, route.description)}${list}${intro}`,
    feeds: feeds(catalog),
  });
}

export function postHtml(catalog: Catalog, post: Post): string {
  const body = renderMarkdown(post.markdown);
  const { default_locale } = catalog.site;
  const translations = post.translations.map(
    (t) =>
      html`<a href="${sitePath(catalog, t.url)}" hreflang="${t.locale}" lang="${t.locale}">${languageName(t.locale)}: ${t.title}</a>`,
  );
  const main = html`<article class="post" lang="${post.locale}">
<div class="hero"><div class="container narrow">
<p class="eyebrow"><a href="${postCategoryHref(post.category)}">${post.category}</a></p>
<h1>${post.title}</h1>
<p class="lead">${post.summary}</p>
${postMeta(post, default_locale)}
<p class="byline">${post.author}</p>
${translations.length ? html`<p class="translations"><span lang="${default_locale}">Also in</span> ${translations}</p>` : ''}
</div></div>
<div class="container narrow"><div class="prose">${body.html}</div>
<p class="back"><a href="/blog" lang="${default_locale}">All articles</a></p></div>
</article>`;
  return layout(catalog, {
    title: post.title,
    description: post.summary,
    path: sitePath(catalog, post.url),
    markdownPath: sitePath(catalog, post.markdown_url),
    current: '/blog',
    alternates: [
      { href: post.url, hreflang: post.locale, title: post.title },
      ...post.translations.map((t) => ({ href: t.url, hreflang: t.locale, title: t.title })),
    ],
    main,
    feeds: feeds(catalog),
  });
}
