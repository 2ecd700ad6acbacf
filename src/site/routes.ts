import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { ContentStore } from '../content/store.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { LruCache } from '../http/lru.js';
import { ProblemError } from '../http/problem.js';
import { pathOf } from '../http/scope.js';
import { favicon, STYLESHEET } from './assets.js';
import { estimateTokens } from './format.js';
import { atomFeed, llmsFullTxt, llmsTxt, robotsTxt, sitemapXml } from './crawlers.js';
import { developerReference } from './developers.js';
import { developersHtml } from './developers-page.js';
import { siteErrorRenderer } from './errors.js';
import type { SiteQuery } from './filters.js';
import { blogPage, filterKey, parseBlogFilters, parseProductFilters } from './filters.js';
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
} from './mirrors.js';
import type { SiteFormat } from './negotiate.js';
import { htmlHeaders, markdownHeaders, preferredFormat } from './negotiate.js';
import { aboutHtml, blogHtml, contactHtml, contentPageHtml, homeHtml, postHtml, productHtml, productsHtml } from './pages.js';
import type { PageRoute } from './site-map.js';
import { pageRoute, sitePath } from './site-map.js';

export interface SiteRoutesOptions {
  readonly store: ContentStore;
  readonly config: Config;
}

type Request = FastifyRequest<{ Params: Record<string, string>; Querystring: SiteQuery }>;

/**
 * Renders are pure functions of (Catalog, route, format, filters), so each is
 * kept with the Catalog it came from: a reload swaps the Catalog and with it
 * every rendered page, and the WeakMap lets the old ones be collected. The
 * most recently used RENDER_CACHE_SIZE are kept per Catalog: the precomputed
 * answers already hold the hot pages, and a site of 10,000 posts would
 * otherwise keep every page it ever rendered twice.
 */
export class RenderCache {
  readonly #renders = perCatalog(() => new LruCache<{ value: unknown }>(RENDER_CACHE_SIZE, Infinity, () => 0));

  get<T>(catalog: Catalog, key: string, render: () => T): T {
    const renders = this.#renders(catalog);
    let kept = renders.get(key);
    if (!kept) renders.set(key, (kept = { value: render() }));
    return kept.value as T;
  }
}

/** Renders kept per Catalog (RenderCache). */
export const RENDER_CACHE_SIZE = 500;

interface PageView {
  /** Tells filtered variants of one route apart in the cache. */
  readonly key: string;
  /** Whether it differs from the route's /md/ file (a filtered list). */
  readonly filtered: boolean;
  readonly render: () => string;
}

function notFound(what: string, hint: string): ProblemError {
  return new ProblemError('not_found', { detail: what, hint });
}

/**
 * The website (CONTRACT.md, "Site and markdown mirrors"): every page as HTML
 * or, to `Accept: text/markdown`, as its markdown mirror; the mirrors again as
 * files under /md/; the stylesheet; and llms.txt, llms-full.txt, the sitemap,
 * robots.txt and one Atom feed per locale. Everything is read from the Catalog
 * in force at each request.
 */
export function registerSiteRoutes(app: FastifyInstance, { store, config }: SiteRoutesOptions): void {
  const cache = new RenderCache();
  // Whole-Catalog structures, kept apart from the bounded renders so that no run of page views evicts them.
  const reference = perCatalog((catalog) => developerReference(catalog, config));
  const mirrorsOf = perCatalog(mirrorFiles);
  app.errorRenderers.set('site', siteErrorRenderer(store));

  /** Sets the headers of the negotiated format; a markdown answer also names its /md/ file and its page. */
  function send(reply: FastifyReply, format: SiteFormat, body: string, mirror?: { canonical: string; location?: string }): string {
    if (format === 'html') {
      htmlHeaders(reply);
      return body;
    }
    markdownHeaders(reply, body);
    if (mirror) {
      // RFC 9110 section 8.7: where this representation also lives; RFC 6596: the page it mirrors.
      if (mirror.location) reply.header('content-location', mirror.location);
      reply.header('link', `<${mirror.canonical}>; rel="canonical"`);
    }
    return body;
  }

  /** What a page route shows in `format`; its filters are validated here, before any cache lookup. */
  function pageView(catalog: Catalog, route: PageRoute, format: SiteFormat, query: SiteQuery): PageView {
    const html = format === 'html';
    const page = (render: () => string): PageView => ({ key: '', filtered: false, render });
    switch (route.slug) {
      case 'index':
        return page(() => (html ? homeHtml(catalog, route) : homeMarkdown(catalog, route)));
      case 'products': {
        const filters = parseProductFilters(query, catalog);
        return {
          key: filterKey(filters),
          filtered: Boolean(filters.status || filters.tag),
          render: () => (html ? productsHtml(catalog, route, filters) : productsMarkdown(catalog, route, filters)),
        };
      }
      case 'blog': {
        const filters = parseBlogFilters(query, catalog);
        // The markdown lists every match at once, but the page number asked for must still exist.
        blogPage(catalog, filters);
        return {
          key: filterKey(filters),
          filtered: Boolean(filters.category || filters.locale),
          render: () => (html ? blogHtml(catalog, route, filters) : blogMarkdown(catalog, route, filters)),
        };
      }
      case 'developers': {
        const sections = reference(catalog);
        return page(() => (html ? developersHtml(catalog, route, sections) : developersMarkdown(catalog, route, sections)));
      }
      // Their HTML adds the company record, which has its own mirror (/md/company.md): their mirrors stay the page's.
      case 'about':
        return page(() => (html ? aboutHtml(catalog, route) : contentPageMarkdown(catalog, route)));
      case 'contact':
        return page(() => (html ? contactHtml(catalog, route) : contentPageMarkdown(catalog, route)));
      default:
        return page(() => (html ? contentPageHtml(catalog, route) : contentPageMarkdown(catalog, route)));
    }
  }

  async function servePage(request: Request, reply: FastifyReply, slug: string): Promise<string> {
    const catalog = store.catalog;
    // `/index` is the home page's slug, not a route of its own: `/` is.
    const route = slug === 'index' && pathOf(request.url) !== '/' ? undefined : pageRoute(catalog, slug);
    if (!route) throw notFound(`There is no page at ${pathOf(request.url).slice(0, 120)}.`, 'The pages below are a good place to start.');
    const format = preferredFormat(request);
    const view = pageView(catalog, route, format, request.query);
    const body = cache.get(catalog, `${format} ${route.path} ${view.key}`, view.render);
    return send(reply, format, body, {
      canonical: `${catalog.base_url}${route.path}`,
      ...(view.filtered ? {} : { location: route.markdownPath }),
    });
  }

  app.get('/', (request: Request, reply) => servePage(request, reply, 'index'));
  app.get('/:page', (request: Request, reply) => servePage(request, reply, request.params.page ?? ''));

  app.get('/products/:slug', async (request: Request, reply) => {
    const catalog = store.catalog;
    const product = catalog.productsBySlug.get(request.params.slug ?? '');
    if (!product) throw notFound(`There is no product at ${pathOf(request.url).slice(0, 120)}.`, 'Every product is listed on /products.');
    const format = preferredFormat(request);
    const body = cache.get(catalog, `${format} product ${product.slug}`, () => (format === 'html' ? productHtml(catalog, product) : productMarkdown(product)));
    return send(reply, format, body, { canonical: product.url, location: sitePath(catalog, product.markdown_url) });
  });

  app.get('/blog/:slug', async (request: Request, reply) => {
    const catalog = store.catalog;
    const post = catalog.postsBySlug.get(request.params.slug ?? '');
    if (!post) throw notFound(`There is no article at ${pathOf(request.url).slice(0, 120)}.`, 'Every article is listed on /blog.');
    const format = preferredFormat(request);
    const body = cache.get(catalog, `${format} post ${post.slug}`, () => (format === 'html' ? postHtml(catalog, post) : postMarkdown(post)));
    return send(reply, format, body, { canonical: post.url, location: sitePath(catalog, post.markdown_url) });
  });

  // The mirrors as files. The path is looked up in an in-memory map of the
  // Catalog's mirrors, never joined onto a folder: "..", "%2e%2e" or "%2f"
  // in a request can only fail to match (SPEC.md section 4, "Markdown access").
  app.get('/md/*', async (request: Request, reply) => {
    const catalog = store.catalog;
    const name = request.params['*'] ?? '';
    const file = mirrorsOf(catalog).get(name);
    if (!file) throw notFound(`There is no markdown mirror at ${pathOf(request.url).slice(0, 120)}.`, `Every mirror is listed in ${catalog.base_url}/llms.txt.`);
    const body = cache.get(catalog, `md ${name}`, () => {
      switch (file.kind) {
        case 'page':
          return pageView(catalog, file.route, 'markdown', {}).render();
        case 'product':
          return productMarkdown(file.product);
        case 'post':
          return postMarkdown(file.post);
        case 'company':
          return companyMarkdown(catalog.company);
      }
    });
    // RFC 6596: the page this file mirrors.
    markdownHeaders(reply, body).header('link', `<${mirrorCanonical(catalog, file)}>; rel="canonical"`);
    return body;
  });

  app.get('/assets/site.css', async (_request, reply) => {
    reply.type('text/css; charset=utf-8');
    return STYLESHEET;
  });

  app.get('/assets/icon.svg', async (_request, reply) => {
    reply.type('image/svg+xml; charset=utf-8');
    return favicon(store.catalog);
  });

  // Markdown by content (llmstxt.org), served as text/plain so a browser shows it
  // rather than downloads it; the token estimate helps an agent budget the full one.
  for (const [path, build] of [['/llms.txt', llmsTxt], ['/llms-full.txt', llmsFullTxt]] as const) {
    app.get(path, async (_request, reply) => {
      const catalog = store.catalog;
      const body = cache.get(catalog, path, () => build(catalog));
      reply.type('text/plain; charset=utf-8').header('x-markdown-tokens', String(estimateTokens(body)));
      return body;
    });
  }

  app.get('/sitemap.xml', async (_request, reply) => {
    const catalog = store.catalog;
    reply.type('application/xml; charset=utf-8');
    return cache.get(catalog, 'sitemap.xml', () => sitemapXml(catalog));
  });

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return robotsTxt(store.catalog);
  });

  app.get('/feeds/:file', async (request: Request, reply) => {
    const catalog = store.catalog;
    const file = request.params.file ?? '';
    const locale = catalog.site.locales.find((l) => `${l}.xml` === file);
    if (!locale) {
      throw notFound(
        `There is no feed at ${pathOf(request.url).slice(0, 120)}.`,
        `The feeds are ${catalog.site.locales.map((l) => `/feeds/${l}.xml`).join(', ')}.`,
      );
    }
    reply.type('application/atom+xml; charset=utf-8');
    return cache.get(catalog, `feed ${locale}`, () => atomFeed(catalog, locale));
  });
}
