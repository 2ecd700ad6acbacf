import type { Catalog } from '../content/types.js';
import type { AiUsage } from '../content/ai-usage.js';
import { contentUsageHeader } from '../content/ai-usage.js';
import type { Documents } from '../documents/documents.js';
import type { PageState } from '../documents/page-markdown.js';
import type { PageDocument } from '../documents/registry.js';
import type { UntranslatedDocument } from '../documents/untranslated.js';
import { untranslatedPage as untranslatedPageIn, untranslatedPaths, withNote } from '../documents/untranslated.js';
import type { PageKind, PageRoute } from '../documents/site-map.js';
import { pageKind, pageRoute, pageRoutes, sitePath } from '../documents/site-map.js';
import { wordsOf } from '../documents/words.js';
import type { Answer } from '../http/answer.js';
import { answer } from '../http/answer.js';
import { ProblemError } from '../http/problem.js';
import type { Incoming } from '../http/request.js';
import type { Route } from '../http/router.js';
import { hrefOf, mirrorName, urlOf } from '../routes/table.js';
import type { ROUTES } from '../routes/table.js';
import { clip } from '../query/errors.js';
import { searchSite } from '../query/queries.js';
import { fold } from '../text/normalize.js';
import { developersHtml } from './developers-page.js';
import type { SiteQuery } from './filters.js';
import { blogHref, blogPage, parseBlogFilters, parseProductFilters, searchOffset, searchTerms } from './filters.js';
import type { SiteFormat } from './negotiate.js';
import { htmlAnswer, markdownAnswer, preferredFormat } from './negotiate.js';
import type { Document } from './layout.js';
import { aboutHtml, blogHtml, contactHtml, contentPageHtml, homeHtml, legalNoticeHtml, productsHtml, searchHtml } from './pages.js';

/**
 * The site's pages (`/`, `/<slug>`, `/<locale>`, `/<locale>/<slug>`) and
 * records (`/products/<slug>`, `/blog/<slug>`): HTML, or to a client that
 * prefers it the document's markdown, which is the text of its /md/ file
 * unless the query string filters the page.
 */

export function notFound(what: string, hint: string): ProblemError {
  return new ProblemError('not_found', { detail: what, hint });
}

/** A permanent redirect to a site path (RFC 9110 section 15.4.2). */
function redirect(catalog: Catalog, path: string): Answer {
  return answer(301, 'text/plain; charset=utf-8', `Moved to ${catalog.base_url}${path}\n`, { location: `${catalog.base_url}${path}` });
}

/**
 * A negotiated answer in `language` (RFC 9110 section 8.5: Content-Language)
 * with what the document may be used for (Content-Usage); a markdown one
 * also names the page it mirrors and, when it is that file's text, its /md/ file.
 */
function send(catalog: Catalog, format: SiteFormat, body: string, mirror: { canonical: string; location?: string }, language: string, usage: AiUsage): Answer {
  const headers = { 'content-language': language, ...contentUsageHeader(usage) };
  if (format === 'html') return htmlAnswer(body, 200, headers);
  return markdownAnswer(body, {
    ...headers,
    // RFC 9110 section 8.7: where this representation also lives; RFC 6596: the page it mirrors.
    ...(mirror.location ? { 'content-location': hrefOf(catalog.base_url, mirror.location) } : {}),
    link: `<${mirror.canonical}>; rel="canonical"`,
  });
}

/** What a page shown in another language than the one asked for says above it. */
const noticeOf = (untranslated: UntranslatedDocument): Partial<Document> => ({ notice: { text: untranslated.note, locale: untranslated.fallback.requested_locale } });

/**
 * What the query string asks of a page route, validated: the filters of a
 * list, the words of a search. `filtered` when they change what the page
 * shows. A blog filter that names another locale is a redirect to that
 * locale's blog.
 */
function pageState(catalog: Catalog, route: PageRoute, query: SiteQuery): { state: PageState; filtered: boolean } | Answer {
  switch (route.slug) {
    case 'search': {
      const place = { path: route.path, w: wordsOf(catalog, route.locale) };
      const q = searchTerms(query, place);
      const offset = searchOffset(query, place, catalog);
      const result = q === undefined ? undefined : searchSite(catalog, q, offset, route.locale);
      return { state: { search: { query: q ?? '', result } }, filtered: q !== undefined };
    }
    case 'products': {
      const filters = parseProductFilters(query, catalog, route);
      return { state: { products: filters }, filtered: Boolean(filters.status || filters.tag) };
    }
    case 'blog': {
      const { moveTo, ...filters } = parseBlogFilters(query, catalog, route);
      // Each language has its own blog: the filter of the one blog of every language leads there.
      if (moveTo !== undefined) {
        const blog = pageRoute(catalog, 'blog', moveTo);
        if (blog) return redirect(catalog, blogHref({ ...filters, path: blog.path, locale: moveTo }));
      }
      // The markdown lists every match at once, but the page number asked for must still exist.
      blogPage(catalog, filters);
      return { state: { blog: filters }, filtered: Boolean(filters.category || filters.tag) };
    }
    default:
      return { state: {}, filtered: false };
  }
}

/** A page route's HTML in `state`; `more` adds to its document (a notice). */
function pageHtml(catalog: Catalog, route: PageRoute, state: PageState, documents: Documents, more: Partial<Document> = {}): string {
  return PAGE_HTML[pageKind(route)](catalog, route, state, documents, more);
}

type PageHtml = (catalog: Catalog, route: PageRoute, state: PageState, documents: Documents, more: Partial<Document>) => string;

const PAGE_HTML: Readonly<Record<PageKind, PageHtml>> = {
  home: (catalog, route) => homeHtml(catalog, route),
  products: (catalog, route, state) => productsHtml(catalog, route, state.products ?? {}),
  blog: (catalog, route, state) => blogHtml(catalog, route, state.blog ?? { path: route.path, locale: route.locale, page: 1 }),
  search: (catalog, route, state) => {
    const query = state.search?.query ?? '';
    const pageHref = (at: number) => `${route.path}?${new URLSearchParams({ q: query, ...(at > 0 ? { offset: String(at) } : {}) })}`;
    return searchHtml(catalog, route, query, state.search?.result, fold, pageHref);
  },
  developers: (catalog, route, _state, documents) => developersHtml(catalog, route, documents.reference(catalog, route.locale)),
  // The about and contact pages add the company record and its channels to their text.
  about: (catalog, route, _state, _documents, more) => aboutHtml(catalog, route, more),
  contact: (catalog, route, _state, _documents, more) => contactHtml(catalog, route, more),
  'legal-notice': (catalog, route, _state, _documents, more) => legalNoticeHtml(catalog, route, more),
  text: (catalog, route, _state, _documents, more) => contentPageHtml(catalog, route, more),
};

/** The page at a site path: `/`, `/<slug>`, `/<locale>`, `/<locale>/<slug>`. */
function pageAt(catalog: Catalog, segments: readonly string[]): PageRoute | undefined {
  const first = segments[0] ?? '';
  const locale = catalog.site.locales.includes(first) && first !== catalog.site.default_locale ? first : undefined;
  const rest = locale === undefined ? segments : segments.slice(1);
  // `/index` is the home page's slug, not a route of its own: `/` (or `/<locale>`) is.
  if (rest.length > 1 || rest[0] === 'index') return undefined;
  return pageRoute(catalog, rest[0] ?? 'index', locale);
}

/**
 * The page a path under the default locale's own tag names (`/de`,
 * `/de/about` on a German-first site): its pages live at the root, but a
 * reader who finds `/es` and `/fr` beside them tries `/de` as well.
 */
function defaultLocaleAlias(catalog: Catalog, segments: readonly string[]): PageRoute | undefined {
  if (segments[0] !== catalog.site.default_locale || segments.length > 2) return undefined;
  return pageAt(catalog, segments.slice(1));
}

function servePage(request: Incoming, segments: readonly string[], documents: Documents): Answer {
  const { catalog } = request;
  const route = pageAt(catalog, segments);
  if (!route) {
    const alias = defaultLocaleAlias(catalog, segments);
    const mark = request.url.indexOf('?');
    if (alias) return redirect(catalog, alias.path + (mark === -1 ? '' : request.url.slice(mark)));
    const untranslated = untranslatedPage(catalog, segments);
    if (untranslated) return serveUntranslatedPage(request, untranslated, documents);
    throw notFound(`There is no page at ${clip(request.path, 120)}.`, 'The pages below are a good place to start.');
  }
  const asked = pageState(catalog, route, request.query);
  if (!('state' in asked)) return asked;
  const format = preferredFormat(request.headers);
  const body = format === 'html' ? pageHtml(catalog, route, asked.state, documents) : documents.pageMarkdown(catalog, route, asked.state);
  return send(catalog, format, body, { canonical: `${catalog.base_url}${route.path}`, ...(asked.filtered ? {} : { location: route.markdownPath }) }, route.locale, route.page?.ai_usage ?? catalog.site.ai_usage);
}

/** The page a path of another locale than the default names (`/fr/privacy`) when that locale has no translation of it. */
function untranslatedPage(catalog: Catalog, segments: readonly string[]): (UntranslatedDocument & { readonly document: PageDocument }) | undefined {
  const [locale, slug] = segments;
  // `/<locale>/index` is not a second home page: `/<locale>` is, in every locale.
  return segments.length === 2 && locale !== undefined && slug !== undefined && slug !== 'index' ? untranslatedPageIn(catalog, slug, locale) : undefined;
}

/** The default locale's page, at the address of a locale that has not translated it: its own language, canonical address and mirror, and the note first. */
function serveUntranslatedPage(request: Incoming, untranslated: UntranslatedDocument & { readonly document: PageDocument }, documents: Documents): Answer {
  const { catalog } = request;
  const route = documents.route(catalog, untranslated.document);
  const format = preferredFormat(request.headers);
  const body = format === 'html' ? pageHtml(catalog, route, {}, documents, noticeOf(untranslated)) : withNote(documents.pageMarkdown(catalog, route), untranslated.note);
  return send(catalog, format, body, { canonical: `${catalog.base_url}${route.path}` }, route.locale, route.page?.ai_usage ?? catalog.site.ai_usage);
}

/** The page routes of as many path segments as `names` (`/`, `/:page`, `/:locale/:page`), each looked up by pageAt. */
export function pagesAt(pattern: (typeof ROUTES)['home' | 'page' | 'localePage'], documents: Documents, ...names: readonly string[]): Route {
  const segments = (params: Readonly<Record<string, string>>) => names.map((name) => params[name] ?? '');
  return {
    pattern: pattern.pattern,
    method: 'GET',
    negotiates: true,
    handle: (request) => servePage(request, segments(request.params), documents),
    expand: (catalog) =>
      [...pageRoutes(catalog).map((route) => route.path), ...untranslatedPaths(catalog).pages].filter((path) => (path === '/' ? 0 : path.split('/').length - 1) === names.length),
    exists: (catalog, params) =>
      pageAt(catalog, segments(params)) !== undefined || defaultLocaleAlias(catalog, segments(params)) !== undefined || untranslatedPage(catalog, segments(params)) !== undefined,
  };
}

export interface RecordKind<R> {
  readonly find: (catalog: Catalog, params: Readonly<Record<string, string>>) => R | undefined;
  readonly all: (catalog: Catalog) => readonly R[];
  readonly missing: string;
  readonly listed: string;
  readonly html: (catalog: Catalog, record: R, more?: Partial<Document>) => string;
  /** Where a path of this pattern that names no record is sent when it names one elsewhere (the default locale's tag in front of a default-locale product). */
  readonly alias?: (catalog: Catalog, params: Readonly<Record<string, string>>) => string | undefined;
  /** The default locale's record a path of another locale names when that locale has no translation of it. */
  readonly untranslated?: (catalog: Catalog, params: Readonly<Record<string, string>>) => (UntranslatedDocument & { readonly record: R }) | undefined;
  /** The paths `untranslated` answers, prepared ahead with the rest. */
  readonly untranslatedPaths?: (catalog: Catalog) => readonly string[];
}

/** The page of one record (a product, an article) by slug: HTML, or its markdown mirror to a client that prefers it. */
export function recordRoute<R extends { readonly url: string; readonly markdown_url: string; readonly locale: string; readonly ai_usage: AiUsage }>(pattern: string, documents: Documents, record: RecordKind<R>): Route {
  return {
    pattern,
    method: 'GET',
    negotiates: true,
    handle: (request) => {
      const { catalog } = request;
      const found = record.find(catalog, request.params);
      const format = preferredFormat(request.headers);
      if (!found) {
        const alias = record.alias?.(catalog, request.params);
        if (alias !== undefined) return redirect(catalog, alias);
        const untranslated = record.untranslated?.(catalog, request.params);
        if (!untranslated) throw notFound(`${record.missing} ${clip(request.path, 120)}.`, record.listed);
        const shown = untranslated.document;
        const body = format === 'html' ? record.html(catalog, untranslated.record, noticeOf(untranslated)) : withNote(documents.markdown(catalog, shown), untranslated.note);
        return send(catalog, format, body, { canonical: urlOf(catalog.base_url, shown.path) }, shown.locale, untranslated.record.ai_usage);
      }
      const location = sitePath(catalog, found.markdown_url);
      const body = format === 'html' ? record.html(catalog, found) : documents.markdown(catalog, documents.mirror(catalog, mirrorName(location))!);
      return send(catalog, format, body, { canonical: found.url, location }, found.locale, found.ai_usage);
    },
    expand: (catalog) => [...record.all(catalog).map((r) => sitePath(catalog, r.url)), ...(record.untranslatedPaths?.(catalog) ?? [])],
    exists: (catalog, params) => record.find(catalog, params) !== undefined || record.alias?.(catalog, params) !== undefined || record.untranslated?.(catalog, params) !== undefined,
  };
}
