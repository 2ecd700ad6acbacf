import { hrefOf, urlOf } from '../model/routes.js';
import type { Config } from '../config.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import type { Answer, CacheRule } from '../http/answer.js';
import { answer } from '../http/answer.js';
import type { DoorDescriptor } from '../http/door.js';
import { ProblemError } from '../http/problem.js';
import type { Incoming } from '../http/request.js';
import { clip } from '../query/errors.js';
import { quotaPolicy } from '../http/rate-limit.js';
import type { Route } from '../http/router.js';
import type { PictureMaker } from '../media/pictures.js';
import { MEDIA_PREFIX, paths, ROUTES } from '../model/routes.js';
import { registryOf } from '../query/documents.js';
import { searchSite } from '../query/queries.js';
import { fold } from '../search/normalize.js';
import { digestOf } from '../util/digest.js';
import { pauseEverySlice } from '../util/pause.js';
import { FAVICON_FILE, favicon, mediaKey, securityTxt, STYLESHEET, STYLESHEET_FILE, webManifest } from './assets.js';
import { atomFeed, llmsFullTxt, llmsTxt, robotsTxt, sitemapXml } from './crawlers.js';
import { developerReference } from './developers.js';
import { developersHtml } from './developers-page.js';
import { siteErrorRenderer } from './errors.js';
import { wordsOf } from './i18n.js';
import { blogHref, blogPage, parseBlogFilters, parseProductFilters, searchOffset, searchTerms } from './filters.js';
import { characterCount, tokensOf } from './format.js';
import {
  blogMarkdown,
  companyMarkdown,
  contentPageMarkdown,
  developersMarkdown,
  homeMarkdown,
  mirrorCanonical,
  mirrorFiles,
  postMarkdown,
  productMarkdown,
  productsMarkdown,
  searchMarkdown,
} from './mirrors.js';
import type { SiteFormat } from './negotiate.js';
import { htmlAnswer, markdownAnswer, preferredFormat } from './negotiate.js';
import { aboutHtml, blogHtml, contactHtml, contentPageHtml, homeHtml, postHtml, productHtml, productsHtml, searchHtml } from './pages.js';
import type { PageRoute } from './site-map.js';
import { pageRoute, pageRoutes, sitePath } from './site-map.js';

function notFound(what: string, hint: string): ProblemError {
  return new ProblemError('not_found', { detail: what, hint });
}

/** The feed at a site path. */
function feedAt(catalog: Catalog, path: string) {
  return registryOf(catalog).feeds.find((feed) => feed.path === path);
}

/** A permanent redirect to a site path (RFC 9110 section 15.4.2). */
function redirect(catalog: Catalog, path: string): Answer {
  return answer(301, 'text/plain; charset=utf-8', `Moved to ${catalog.base_url}${path}\n`, { location: `${catalog.base_url}${path}` });
}

/**
 * The website: every page as HTML or, to `Accept: text/markdown`, as its
 * markdown mirror (`Vary: Accept, Accept-Encoding`); the mirrors again as
 * files under /md/; the stylesheet and icon; llms.txt, llms-full.txt, the
 * sitemap, robots.txt and one Atom feed per locale. Everything is read from
 * the request's Catalog.
 */
export function siteDoor(config: Config, pictures: PictureMaker): DoorDescriptor {
  // Whole-Catalog structures, built once per Catalog.
  const reference = perCatalog((catalog) => developerReference(catalog, config));
  const mirrorsOf = perCatalog(mirrorFiles);
  const quota = quotaPolicy(config);

  /** A negotiated answer; a markdown one also names its /md/ file and the page it mirrors. */
  function send(catalog: Catalog, format: SiteFormat, body: string, mirror: { canonical: string; location?: string }): Answer {
    if (format === 'html') return htmlAnswer(body);
    return markdownAnswer(body, {
      // RFC 9110 section 8.7: where this representation also lives; RFC 6596: the page it mirrors.
      ...(mirror.location ? { 'content-location': hrefOf(catalog.base_url, mirror.location) } : {}),
      link: `<${mirror.canonical}>; rel="canonical"`,
    });
  }

  /** What a page route shows in `format`; its filters are validated first. A redirect is an answer of its own. */
  function renderPage(catalog: Catalog, route: PageRoute, format: SiteFormat, request: Incoming | undefined): { body: string; filtered: boolean } | Answer {
    const html = format === 'html';
    const query = request?.query ?? {};
    switch (route.slug) {
      case 'search': {
        const place = { path: route.path, w: wordsOf(catalog, route.locale) };
        const q = searchTerms(query, place);
        const offset = searchOffset(query, place);
        const result = q === undefined ? undefined : searchSite(catalog, q, offset, route.locale);
        const pageHref = (at: number) => `${route.path}?${new URLSearchParams({ q: q ?? '', ...(at > 0 ? { offset: String(at) } : {}) })}`;
        return { body: html ? searchHtml(catalog, route, q ?? '', result, fold, pageHref) : searchMarkdown(catalog, route, q ?? '', result), filtered: q !== undefined };
      }
      case 'index':
        return { body: html ? homeHtml(catalog, route) : homeMarkdown(catalog, route), filtered: false };
      case 'products': {
        const filters = parseProductFilters(query, catalog, route);
        return { body: html ? productsHtml(catalog, route, filters) : productsMarkdown(catalog, route, filters), filtered: Boolean(filters.status || filters.tag) };
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
        return { body: html ? blogHtml(catalog, route, filters) : blogMarkdown(catalog, route, filters), filtered: Boolean(filters.category) };
      }
      case 'developers': {
        const sections = reference(catalog);
        return { body: html ? developersHtml(catalog, route, sections) : developersMarkdown(catalog, route, sections), filtered: false };
      }
      // Their HTML adds the company record, which has its own mirror (/md/company.md): their mirrors stay the page's.
      case 'about':
        return { body: html ? aboutHtml(catalog, route) : contentPageMarkdown(catalog, route), filtered: false };
      case 'contact':
        return { body: html ? contactHtml(catalog, route) : contentPageMarkdown(catalog, route), filtered: false };
      default:
        return { body: html ? contentPageHtml(catalog, route) : contentPageMarkdown(catalog, route), filtered: false };
    }
  }

  /** The page at a site path: `/`, `/<slug>`, `/<locale>`, `/<locale>/<slug>`. */
  function pageAt(catalog: Catalog, segments: readonly string[]): PageRoute | undefined {
    const first = segments[0] ?? '';
    const locale = catalog.site.locales.includes(first) && first !== catalog.site.default_locale ? first : undefined;
    const rest = locale === undefined ? segments : segments.slice(1);
    // `/index` is the home page's slug, not a route of its own: `/` (or `/<locale>`) is.
    if (rest.length > 1 || rest[0] === 'index') return undefined;
    return pageRoute(catalog, rest[0] ?? 'index', locale);
  }

  function servePage(request: Incoming, segments: readonly string[]): Answer {
    const { catalog } = request;
    const route = pageAt(catalog, segments);
    if (!route) throw notFound(`There is no page at ${clip(request.path, 120)}.`, 'The pages below are a good place to start.');
    const format = preferredFormat(request.headers);
    const rendered = renderPage(catalog, route, format, request);
    if (!('body' in rendered && 'filtered' in rendered)) return rendered;
    return send(catalog, format, rendered.body, { canonical: `${catalog.base_url}${route.path}`, ...(rendered.filtered ? {} : { location: route.markdownPath }) });
  }

  function mirrorBody(catalog: Catalog, name: string, path: string): string {
    const file = mirrorsOf(catalog).get(name);
    if (!file) throw notFound(`There is no markdown mirror at ${clip(path, 120)}.`, `Every mirror is listed in ${urlOf(catalog.base_url, ROUTES.llmsTxt.pattern)}.`);
    switch (file.kind) {
      case 'page': {
        const rendered = renderPage(catalog, file.route, 'markdown', undefined);
        return 'filtered' in rendered ? rendered.body : '';
      }
      case 'product':
        return productMarkdown(file.product);
      case 'post':
        return postMarkdown(file.post);
      case 'company':
        return companyMarkdown(catalog.company);
    }
  }

  /**
   * A document made of the whole Catalog, once per Catalog: written as UTF-8
   * bytes, counted and digested once, its text not kept (llms-full.txt of
   * 10,000 articles is 33 MB of bytes, twice that as a JavaScript string). A
   * document built in pieces is built a slice at a time, answering the
   * requests that arrive meanwhile; the requests for it wait for the one build.
   * `tokens`: with the `x-markdown-tokens` estimate of its size.
   */
  const text = (pattern: string, type: string, build: (catalog: Catalog) => string | Iterable<string>, tokens = false): Route => {
    const built = perCatalog(async (catalog): Promise<Answer> => {
      const pause = pauseEverySlice();
      // Each slice's pieces are written as one buffer: fewer, larger allocations than one a piece.
      const parts: Buffer[] = [];
      let slice = '';
      let characters = 0;
      const made = build(catalog);
      for (const piece of typeof made === 'string' ? [made] : made) {
        slice += piece;
        if (tokens) characters += characterCount(piece);
        const paused = pause();
        if (paused) {
          parts.push(Buffer.from(slice));
          slice = '';
          await paused;
        }
      }
      if (slice !== '' || parts.length === 0) parts.push(Buffer.from(slice));
      // Kept in its slices, written one after the other: joining 33 MB would hold every other request meanwhile.
      const bytes = parts.length === 1 ? parts[0]! : parts;
      return { ...answer(200, type, bytes, tokens ? { 'x-markdown-tokens': String(tokensOf(characters)) } : {}), digest: digestOf(bytes) };
    });
    return {
      pattern,
      method: 'GET',
      handle: ({ catalog }) => built(catalog),
      expand: () => [pattern],
    };
  };

  /**
   * The engine's own files under /assets/: the stylesheet under its hash
   * (linked by every page) kept a year, the same at its plain name for old
   * links, and the letter icon.
   */
  const assetFiles = perCatalog(
    (catalog): ReadonlyMap<string, { readonly type: string; readonly body: string; readonly cache?: CacheRule }> =>
      new Map([
        [STYLESHEET_FILE, { type: 'text/css; charset=utf-8', body: STYLESHEET, cache: 'immutable' as const }],
        ['site.css', { type: 'text/css; charset=utf-8', body: STYLESHEET }],
        [FAVICON_FILE, { type: 'image/svg+xml; charset=utf-8', body: favicon(catalog) }],
      ]),
  );

  /** The page of one record (a product, an article) by slug: HTML, or its markdown mirror to a client that prefers it. */
  function recordRoute<R extends { readonly url: string; readonly markdown_url: string }>(
    pattern: string,
    record: {
      readonly find: (catalog: Catalog, params: Readonly<Record<string, string>>) => R | undefined;
      readonly all: (catalog: Catalog) => readonly R[];
      readonly missing: string;
      readonly listed: string;
      readonly html: (catalog: Catalog, record: R) => string;
      readonly markdown: (record: R) => string;
    },
  ): Route {
    return {
      pattern,
      method: 'GET',
      negotiates: true,
      handle: (request) => {
        const { catalog } = request;
        const found = record.find(catalog, request.params);
        if (!found) throw notFound(`${record.missing} ${clip(request.path, 120)}.`, record.listed);
        const format = preferredFormat(request.headers);
        return send(catalog, format, format === 'html' ? record.html(catalog, found) : record.markdown(found), { canonical: found.url, location: sitePath(catalog, found.markdown_url) });
      },
      expand: (catalog) => record.all(catalog).map((r) => sitePath(catalog, r.url)),
      exists: (catalog, params) => record.find(catalog, params) !== undefined,
    };
  }

  /** The page routes of as many path segments as `names` (`/`, `/:page`, `/:locale/:page`), each looked up by pageAt. */
  function pagesAt(pattern: (typeof ROUTES)['home' | 'page' | 'localePage'], ...names: readonly string[]): Route {
    const segments = (params: Readonly<Record<string, string>>) => names.map((name) => params[name] ?? '');
    return {
      pattern: pattern.pattern,
      method: 'GET',
      negotiates: true,
      handle: (request) => servePage(request, segments(request.params)),
      expand: (catalog) => pageRoutes(catalog).map((route) => route.path).filter((path) => (path === '/' ? 0 : path.split('/').length - 1) === names.length),
      exists: (catalog, params) => pageAt(catalog, segments(params)) !== undefined,
    };
  }

  const routes: Route[] = [
    pagesAt(ROUTES.home),
    recordRoute(ROUTES.product.pattern, {
      find: (catalog, { slug = '' }) => catalog.productsBySlug.get(slug),
      all: (catalog) => catalog.products,
      missing: 'There is no product at',
      listed: 'Every product is listed on /products.',
      html: productHtml,
      markdown: productMarkdown,
    }),
    // A product translated into another locale than the default, under that locale.
    recordRoute(ROUTES.localeProduct.pattern, {
      find: (catalog, { locale = '', slug = '' }) => (locale === catalog.site.default_locale ? undefined : catalog.productsByLocale.get(locale)?.bySlug.get(slug)),
      all: (catalog) => [...catalog.productsByLocale.values()].flatMap((of) => of.products).filter((product) => product.locale !== catalog.site.default_locale),
      missing: 'There is no product at',
      listed: 'Every product is listed on /products.',
      html: productHtml,
      markdown: productMarkdown,
    }),
    recordRoute(ROUTES.post.pattern, {
      find: (catalog, { slug = '' }) => catalog.postsBySlug.get(slug),
      all: (catalog) => catalog.posts,
      missing: 'There is no article at',
      listed: 'Every article is listed on /blog.',
      html: postHtml,
      markdown: postMarkdown,
    }),
    // The mirrors as files. The path is looked up in an in-memory map of the
    // Catalog's mirrors, never joined onto a folder: "..", "%2e%2e" or "%2f"
    // in a request can only fail to match.
    {
      pattern: ROUTES.mirror.pattern,
      method: 'GET',
      handle: (request) => {
        const { catalog } = request;
        const name = request.params['*'] ?? '';
        const body = mirrorBody(catalog, name, request.path);
        // RFC 6596: the page this file mirrors.
        return markdownAnswer(body, { link: `<${mirrorCanonical(catalog, mirrorsOf(catalog).get(name)!)}>; rel="canonical"` });
      },
      expand: (catalog) => [...mirrorsOf(catalog).keys()].map((name) => `/md/${name}`),
      exists: (catalog, params) => mirrorsOf(catalog).has(params['*'] ?? ''),
    },
    {
      pattern: ROUTES.asset.pattern,
      method: 'GET',
      handle: (request) => {
        const file = assetFiles(request.catalog).get(request.params.file ?? '');
        if (!file) throw notFound(`There is no file at ${clip(request.path, 120)}.`, 'The stylesheet and icon are linked from every page.');
        return { ...answer(200, file.type, file.body), ...(file.cache ? { cache: file.cache } : {}) };
      },
      expand: (catalog) => [...assetFiles(catalog).keys()].map(paths.asset),
      exists: (catalog, params) => assetFiles(catalog).has(params.file ?? ''),
    },
    text(ROUTES.manifest.pattern, 'application/manifest+json; charset=utf-8', webManifest),
    text(ROUTES.securityTxt.pattern, 'text/plain; charset=utf-8', securityTxt),
    {
      pattern: ROUTES.favicon.pattern,
      method: 'GET',
      handle: ({ catalog }) => {
        const icon = catalog.site.icons.ico;
        const file = icon && catalog.media.get(mediaKey(catalog, icon.url));
        if (!file) throw notFound('This site has no favicon.ico.', 'Its icons are linked from every page.');
        return answer(200, file.media_type, file.bytes);
      },
      expand: (catalog) => (catalog.site.icons.ico ? [ROUTES.favicon.pattern] : []),
    },
    // Content files under a hash of their bytes: a new file is a new URL, so each may be kept forever.
    // A picture's widths and formats are files the content names; any other is a 404, never made on demand.
    {
      pattern: ROUTES.media.pattern,
      method: 'GET',
      handle: async (request) => {
        const file = request.catalog.media.get(request.params['*'] ?? '');
        if (!file) throw notFound(`There is no file at ${clip(request.path, 120)}.`, 'Files change address when they change: follow the links of the current pages.');
        const bytes = file.made ? await pictures.bytes({ ...file, made: file.made }) : file.bytes;
        return { ...answer(200, file.media_type, bytes), cache: 'immutable' };
      },
      expand: (catalog) => [...catalog.media.keys()].map((key) => `${MEDIA_PREFIX}/${key}`),
      exists: (catalog, params) => catalog.media.has(params['*'] ?? ''),
      // Read from the disk (and made first, for a new picture) when asked: not worth the answer cache's room ahead of requests.
      preparedAhead: false,
    },
    // Markdown by content (llmstxt.org), served as text/plain so a browser shows it
    // rather than downloads it; the token estimate helps an agent budget the full one.
    text(ROUTES.llmsTxt.pattern, 'text/plain; charset=utf-8', (catalog) => llmsTxt(catalog, quota), true),
    text(ROUTES.llmsFullTxt.pattern, 'text/plain; charset=utf-8', llmsFullTxt, true),
    text(ROUTES.sitemap.pattern, 'application/xml; charset=utf-8', sitemapXml),
    text(ROUTES.robots.pattern, 'text/plain; charset=utf-8', robotsTxt),
    {
      pattern: ROUTES.feed.pattern,
      method: 'GET',
      handle: (request) => {
        const { catalog } = request;
        const feed = feedAt(catalog, request.path);
        if (!feed) {
          throw notFound(`There is no feed at ${clip(request.path, 120)}.`, `The feeds are ${registryOf(catalog).feeds.map((f) => f.path).join(', ')}.`);
        }
        return answer(200, 'application/atom+xml; charset=utf-8', atomFeed(catalog, feed.locale));
      },
      expand: (catalog) => registryOf(catalog).feeds.map((feed) => feed.path),
      exists: (catalog, params) => feedAt(catalog, paths.feed(params.file?.replace(/\.xml$/, '') ?? '')) !== undefined,
    },
    // Last: one path segment that no other route took is a page slug or a locale's home page,
    // two are a page of a locale.
    pagesAt(ROUTES.page, 'page'),
    pagesAt(ROUTES.localePage, 'locale', 'page'),
  ];

  return {
    name: 'site',
    // Every path no other door owns: free, unversioned, errors as pages in the visitor's format.
    areas: [{ prefix: '/', counted: false, versioned: false, json: false, notFoundHint: `Call GET ${paths.api()} for the map of every endpoint.` }],
    routes,
    renderer: siteErrorRenderer(),
    variant: (request) => (preferredFormat(request.headers) === 'markdown' ? 'markdown ' : ''),
  };
}
