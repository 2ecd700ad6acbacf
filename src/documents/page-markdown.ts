import { ROUTES, urlOf } from '../routes/table.js';
import { productsShownIn } from '../query/queries.js';
import { mirrorMarkdown } from './record-markdown.js';
import type { Catalog, Post, Product } from '../content/types.js';
import { referenceMarkdown } from './developers.js';
import type { ReferenceSection } from './developers.js';
import type { SearchResult } from '../search/index.js';
import type { BlogFilters, ProductFilters } from './lists.js';
import { filterPosts, filterProducts } from './lists.js';
import { colonOf, isoDay, labelled } from './format.js';
import type { PageKind, PageRoute } from './site-map.js';
import type { Words } from './words.js';
import { wordsOf } from './words.js';
import { latestPosts, pageKind, pageRoute } from './site-map.js';
import { fieldLabel, kindWords, statusWords } from './labels.js';
import { addressLine } from '../i18n/address.js';
import { legalNoticeFacts } from './legal-notice.js';
import { tagLabels } from '../content/site-texts.js';

/**
 * The markdown mirror of every site route. Products, posts, pages and the
 * company are `mirrorMarkdown` of the record (the MCP resources serve the very
 * same text); the four routes that list generated content (home, products,
 * blog, developers) begin with that same page mirror and append the list, in
 * markdown, after it.
 */

/** Link text with the characters that would end or break a markdown link escaped. */
export function linkText(text: string): string {
  return text.replace(/[\\[\]]/g, (char) => `\\${char}`);
}

const join = (...parts: readonly (string | undefined | false)[]) => `${parts.filter(Boolean).map((p) => (p as string).trim()).join('\n\n')}\n`;

/** The page's own mirror, or a title and description when the content has no such page. */
function pageMirror(catalog: Catalog, route: PageRoute): string {
  if (route.page) return mirrorMarkdown(catalog, route.page);
  const w = wordsOf(catalog, route.locale);
  return `# ${route.title}\n\n> ${route.description}\n\n- ${labelled(route.locale, w('mirror.canonical_url'), `${catalog.base_url}${route.path}`)}\n`;
}

/** A product in a list, in the words of `w` of `locale`: its status as the page shows it, its tags as `locale`'s pages label them. */
function productLine(catalog: Catalog, product: Product, w: Words, locale: string): string {
  const tags = product.tags.length ? ` ${labelled(locale, w('products.tags'), tagLabels(catalog.site, product.tags, locale).join(', '))}.` : '';
  return `- ${labelled(locale, `[${linkText(product.name)}](${product.url}) (${statusWords(product.status, w)})`, product.summary)}${tags} ${labelled(locale, 'Markdown', product.markdown_url)}`;
}

function postLine(post: Post, w: Words, locale: string): string {
  const about = `(${post.category}, ${post.locale}, ${w('blog.minutes_read', { minutes: post.reading_time_minutes })})`;
  const tags = post.labelled_tags.length ? ` ${labelled(locale, w('products.tags'), post.labelled_tags.join(', '))}.` : '';
  return `- ${labelled(locale, `${isoDay(post.published_at)} [${linkText(post.title)}](${post.url}) ${about}`, post.summary)}${tags} ${labelled(locale, 'Markdown', post.markdown_url)}`;
}

export function homeMarkdown(catalog: Catalog, route: PageRoute): string {
  const w = wordsOf(catalog, route.locale);
  const latest = latestPosts(catalog, route.locale);
  const blog = pageRoute(catalog, 'blog', route.locale);
  return join(
    pageMirror(catalog, route),
    catalog.products.length > 0 && `## ${w('products.title')}\n\n${productsShownIn(catalog, route.locale).map((p) => productLine(catalog, p, w, route.locale)).join('\n')}`,
    latest.length > 0 && `## ${w('home.latest_articles')}\n\n${latest.map((p) => postLine(p, w, route.locale)).join('\n')}${blog ? `\n\n${labelled(route.locale, w('blog.every_article'), `${catalog.base_url}${blog.markdownPath}`)}` : ''}`,
  );
}

export function productsMarkdown(catalog: Catalog, route: PageRoute, filters: ProductFilters): string {
  const products = filterProducts(catalog, filters, route.locale);
  const w = wordsOf(catalog, route.locale);
  // Named as the page names them: a status in its words, a tag by its label.
  const active = [...(filters.status ?? []).map((status) => statusWords(status, w)), ...tagLabels(catalog.site, filters.tag ?? [], route.locale)].join(', ');
  return join(
    pageMirror(catalog, route),
    `## ${active ? w('products.filtered', { active }) : w('products.all')}\n\n${w('products.count', { shown: products.length, total: catalog.products.length })}${
      products.length ? `\n\n${products.map((p) => productLine(catalog, p, w, route.locale)).join('\n')}` : ''
    }`,
  );
}

/** Every matching article, unpaginated: one line each is short enough to read whole. */
export function blogMarkdown(catalog: Catalog, route: PageRoute, filters: BlogFilters): string {
  const posts = filterPosts(catalog, filters);
  const w = wordsOf(catalog, route.locale);
  const active = [...(filters.category ?? []), ...tagLabels(catalog.site, filters.tag ?? [], route.locale)].join(', ');
  return join(
    pageMirror(catalog, route),
    `## ${active ? `${w('blog.articles')} (${active})` : w('home.all_articles')}\n\n${w('blog.article_count', { total: posts.length })}${
      posts.length ? `\n\n${posts.map((p) => postLine(p, w, route.locale)).join('\n')}` : ''
    }`,
  );
}

/** The search page in markdown: the query's hits, one line each, or how to search when there is no query. */
export function searchMarkdown(catalog: Catalog, route: PageRoute, query: string, result: SearchResult | undefined): string {
  const w = wordsOf(catalog, route.locale);
  if (!result) {
    return join(pageMirror(catalog, route), `${labelled(route.locale, w('search.label'), `\`${catalog.base_url}${route.path}?q=…\``)} · ${labelled(route.locale, 'API', `${urlOf(catalog.base_url, ROUTES.search.pattern)}?q=…`)}`);
  }
  const hits = result.items.map(
    (hit) => `- ${labelled(route.locale, `[${linkText(hit.title)}](${hit.url}) (${kindWords(hit.kind, w)}${hit.locale ? `, ${hit.locale}` : ''})`, hit.excerpt)} ${labelled(route.locale, 'Markdown', hit.markdown_url)}`,
  );
  const shown = result.items.length;
  const count = w('search.hit_count', { total: result.total, first: shown ? result.offset + 1 : 0, last: result.offset + shown });
  const more = result.offset + shown < result.total ? `\n\n${w('search.next')}${colonOf(route.locale)} ${catalog.base_url}${route.path}?${new URLSearchParams({ q: query, offset: String(result.offset + result.limit) })}` : '';
  const suggested = result.suggestions.map((q) => `[${linkText(q)}](${catalog.base_url}${route.path}?${new URLSearchParams({ q })})`);
  const instead = suggested.length ? `\n\n${w('search.did_you_mean', { suggestions: suggested.join(', ') })}` : '';
  return join(`# ${w('search.results', { query })}`, `${count}${hits.length ? `\n\n${hits.join('\n')}` : ''}${more}${instead}`);
}

export function developersMarkdown(catalog: Catalog, route: PageRoute, sections: readonly ReferenceSection[]): string {
  return join(pageMirror(catalog, route), referenceMarkdown(sections));
}

export function contentPageMarkdown(catalog: Catalog, route: PageRoute): string {
  return join(pageMirror(catalog, route));
}

export function contactMarkdown(catalog: Catalog, route: PageRoute): string {
  const { company } = catalog;
  const w = wordsOf(catalog, route.locale);
  const channels = [...Object.entries(company.contact).map(([name, value]) => `- ${labelled(route.locale, fieldLabel(name, w), value)}`), `- ${labelled(route.locale, w('company.address'), addressLine(company.address, route.locale))}`];
  const profiles = Object.entries(company.profiles).map(([name, url]) => `- [${linkText(fieldLabel(name, w))}](${url})`);
  return join(pageMirror(catalog, route), `## ${w('company.channels')}\n\n${channels.join('\n')}`, profiles.length > 0 && `### ${w('company.elsewhere')}\n\n${profiles.join('\n')}`);
}

/** A legal notice: the page, then the company's details from its record, one line each. */
export function legalNoticeMarkdown(catalog: Catalog, route: PageRoute): string {
  const w = wordsOf(catalog, route.locale);
  const facts = legalNoticeFacts(catalog, route.locale).map(({ label, values, kind }) => `- ${label}${colonOf(route.locale)} ${kind === 'address' ? addressLine(catalog.company.address, route.locale) : values.join(', ')}`);
  return join(pageMirror(catalog, route), `## ${w('legal_notice.details')}\n\n${facts.join('\n')}`);
}

/** What a listing page shows besides its own text: the filters of its list, the search asked. */
export interface PageState {
  readonly products?: ProductFilters;
  readonly blog?: BlogFilters;
  readonly search?: { readonly query: string; readonly result: SearchResult | undefined };
}

/**
 * The markdown of a page route in `state` (without one, as its /md/ file
 * and MCP resource give it): its own text, then what the page adds to it on
 * the site (the lists of the home, product and blog pages, the reference of
 * the developer page, the contact channels, a legal notice's company
 * details), so a reader of the markdown
 * misses nothing a reader of the page is shown.
 */
export function pageMarkdown(catalog: Catalog, route: PageRoute, reference: () => readonly ReferenceSection[], state: PageState = {}): string {
  return PAGE_MARKDOWN[pageKind(route)](catalog, route, state, reference);
}

type PageMarkdown = (catalog: Catalog, route: PageRoute, state: PageState, reference: () => readonly ReferenceSection[]) => string;

const PAGE_MARKDOWN: Readonly<Record<PageKind, PageMarkdown>> = {
  home: (catalog, route) => homeMarkdown(catalog, route),
  products: (catalog, route, state) => productsMarkdown(catalog, route, state.products ?? {}),
  blog: (catalog, route, state) => blogMarkdown(catalog, route, state.blog ?? { path: route.path, locale: route.locale, page: 1 }),
  search: (catalog, route, state) => searchMarkdown(catalog, route, state.search?.query ?? '', state.search?.result),
  developers: (catalog, route, _state, reference) => developersMarkdown(catalog, route, reference()),
  // The company record has a mirror of its own (/md/company.md); the about page's is its text.
  about: (catalog, route) => contentPageMarkdown(catalog, route),
  contact: (catalog, route) => contactMarkdown(catalog, route),
  'legal-notice': (catalog, route) => legalNoticeMarkdown(catalog, route),
  text: (catalog, route) => contentPageMarkdown(catalog, route),
};
