/**
 * The route table: every public path the service answers, the door that
 * answers it, and how each URL is built from a record and a locale. The
 * router matches these patterns, every URL the service prints is built by
 * these functions, and `vitrine check` judges a link by asking this table:
 * a path rule is written here once.
 *
 * A path is what the router sees (`/products/atlas`). What the service
 * prints is `BASE_URL` joined to it: an absolute URL (`url`) or, in HTML,
 * a link from the site's root (`href`) that keeps BASE_URL's path prefix,
 * so a site mounted under `https://example.com/site` links
 * `/site/products/atlas`.
 */

/** The four doors over the same content, each answering its own part of the paths. */
export type DoorName = 'api' | 'mcp' | 'site' | 'discovery';

export interface TableRoute {
  /** `:name` is one path segment, a final `*` the rest of the path. */
  readonly pattern: string;
  readonly door: DoorName;
  /** The methods it answers; GET implies HEAD. */
  readonly methods: readonly ('GET' | 'POST')[];
  /**
   * Whether a link may lead here, whatever the content: the documents of the
   * service itself. Routes with parameters are judged against the content
   * (see `linkTarget`); the rest need a body or a method a link cannot send.
   */
  readonly linkable: boolean;
}

const get = (door: DoorName, pattern: string): TableRoute => ({ pattern, door, methods: ['GET'], linkable: true });
const post = (door: DoorName, pattern: string): TableRoute => ({ pattern, door, methods: ['POST'], linkable: false });

export const API_PREFIX = '/api/v1';
export const MARKDOWN_PREFIX = '/md';
export const MEDIA_PREFIX = '/media';
export const MCP_PATH = '/mcp';

/** Every public route by name. The doors take their patterns from here. */
export const ROUTES = {
  // The website: pages in every locale, records, mirrors, files and the documents crawlers read.
  home: get('site', '/'),
  page: get('site', '/:page'),
  localePage: get('site', '/:locale/:page'),
  product: get('site', '/products/:slug'),
  localeProduct: get('site', '/:locale/products/:slug'),
  post: get('site', '/blog/:slug'),
  mirror: get('site', `${MARKDOWN_PREFIX}/*`),
  media: get('site', `${MEDIA_PREFIX}/*`),
  feed: get('site', '/feeds/:file'),
  asset: get('site', '/assets/:file'),
  favicon: get('site', '/favicon.ico'),
  manifest: get('site', '/manifest.webmanifest'),
  securityTxt: get('site', '/.well-known/security.txt'),
  llmsTxt: get('site', '/llms.txt'),
  llmsFullTxt: get('site', '/llms-full.txt'),
  sitemap: get('site', '/sitemap.xml'),
  robots: get('site', '/robots.txt'),
  // The JSON API.
  apiIndex: get('api', API_PREFIX),
  health: get('api', `${API_PREFIX}/health`),
  healthz: get('api', '/healthz'),
  company: get('api', `${API_PREFIX}/company`),
  products: get('api', `${API_PREFIX}/products`),
  productRecord: get('api', `${API_PREFIX}/products/:slug`),
  posts: get('api', `${API_PREFIX}/posts`),
  postRecord: get('api', `${API_PREFIX}/posts/:slug`),
  pages: get('api', `${API_PREFIX}/pages`),
  pageRecord: get('api', `${API_PREFIX}/pages/:slug`),
  search: get('api', `${API_PREFIX}/search`),
  // MCP over Streamable HTTP.
  mcp: post('mcp', MCP_PATH),
  // A git host's push notification (CONTENT_GIT).
  contentHook: post('api', '/hooks/content'),
  // What lets a client find the rest without help.
  openapi: get('discovery', '/openapi.json'),
  authMd: get('discovery', '/auth.md'),
  authorizationServer: get('discovery', '/.well-known/oauth-authorization-server'),
  protectedResource: get('discovery', '/.well-known/oauth-protected-resource'),
  protectedResourceMcp: get('discovery', `/.well-known/oauth-protected-resource${MCP_PATH}`),
  protectedResourceApi: get('discovery', `/.well-known/oauth-protected-resource${API_PREFIX}`),
  mcpCard: get('discovery', '/.well-known/mcp.json'),
  mcpServerCard: get('discovery', '/.well-known/mcp/server-card'),
  aiCatalog: get('discovery', '/.well-known/ai-catalog.json'),
  oauthRegister: post('discovery', '/oauth/register'),
  oauthClaim: get('discovery', '/oauth/claim'),
  oauthToken: post('discovery', '/oauth/token'),
  oauthAuthorize: { ...get('discovery', '/oauth/authorize'), linkable: false },
  oauthJwks: get('discovery', '/oauth/jwks'),
  oauthRevoke: post('discovery', '/oauth/revoke'),
} as const satisfies Record<string, TableRoute>;

export type RouteName = keyof typeof ROUTES;

/** The locales of a site, as the paths need them. */
export interface SiteLocales {
  readonly default_locale: string;
  readonly locales: readonly string[];
}

/** The locale a path is put under: none for the default one, whose paths have no prefix. */
function otherLocale(site: SiteLocales, locale: string | undefined): string | undefined {
  return locale === site.default_locale ? undefined : locale;
}

const localePrefix = (locale: string | undefined): string => (locale === undefined ? '' : `/${locale}`);

/**
 * The path of each kind of document. The `index` page is the home page, at
 * `/`; `/index` is no route. A page in another locale than the site's
 * default lives under that locale (`/pt-BR/about`, `/pt-BR` for its home),
 * and so does its mirror.
 */
export const paths = {
  page: (site: SiteLocales, slug: string, locale?: string): string => paths.pageUnder(slug, otherLocale(site, locale)),
  pageMirror: (site: SiteLocales, slug: string, locale?: string): string => paths.pageMirrorUnder(slug, otherLocale(site, locale)),
  /** A page's path, under `locale` when one is given: the caller gives it only for another locale than the default. */
  pageUnder: (slug: string, locale?: string): string => {
    const prefix = localePrefix(locale);
    return slug === 'index' ? prefix || '/' : `${prefix}/${slug}`;
  },
  pageMirrorUnder: (slug: string, locale?: string): string => `${MARKDOWN_PREFIX}${localePrefix(locale)}/${slug}.md`,
  /** A product, and its translation into another locale under that locale (`/pt-BR/products/atlas`). */
  product: (site: SiteLocales, slug: string, locale?: string): string => `${localePrefix(otherLocale(site, locale))}/products/${slug}`,
  productMirror: (site: SiteLocales, slug: string, locale?: string): string => `${MARKDOWN_PREFIX}${localePrefix(otherLocale(site, locale))}/products/${slug}.md`,
  post: (slug: string): string => `/blog/${slug}`,
  postMirror: (slug: string): string => `${MARKDOWN_PREFIX}/blog/${slug}.md`,
  /** The company record is shown on the about page and mirrored on its own, in each locale with that locale's labels (`/md/fr/company.md`). */
  company: (): string => '/about',
  companyMirror: (site?: SiteLocales, locale?: string): string => `${MARKDOWN_PREFIX}${localePrefix(site && otherLocale(site, locale))}/company.md`,
  /** A file of the content folder, under a hash of its bytes, so caches may keep it forever. */
  media: (hash: string, file: string): string => `${MEDIA_PREFIX}/${hash}/${file}`,
  /**
   * A file made from a picture (a width, a format, its share card), under the
   * picture's hash, named after the picture: `images/server-aisle.jpg` in
   * AVIF 640 pixels wide (`640w.avif`) is `/media/<hash>/server-aisle-640w.avif`.
   */
  mediaVariant: (hash: string, file: string, variant: string): string => {
    const name = file.slice(file.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    return `${MEDIA_PREFIX}/${hash}/${dot > 0 ? name.slice(0, dot) : name}-${variant}`;
  },
  feed: (locale: string): string => `/feeds/${locale}.xml`,
  asset: (file: string): string => `/assets/${file}`,
  /** An API path: `api('/posts')` is `/api/v1/posts`. */
  api: (path = ''): string => `${API_PREFIX}${path}`,
  /** A section of the developer page. */
  developers: (site: SiteLocales, anchor?: string, locale?: string): string => `${paths.page(site, 'developers', locale)}${anchor ? `#${anchor}` : ''}`,
} as const;

/** A path below /md/ as the mirror route's `*` holds it. */
export function mirrorName(path: string): string {
  return path.slice(MARKDOWN_PREFIX.length + 1);
}

const basePaths = new Map<string, string>();

/** BASE_URL's path, without its final slash: '' at the root, `/site` for `https://example.com/site`. */
export function basePathOf(baseUrl: string): string {
  let base = basePaths.get(baseUrl);
  if (base === undefined) {
    base = new URL(baseUrl).pathname.replace(/\/+$/, '');
    basePaths.set(baseUrl, base);
  }
  return base;
}

/** The absolute URL of a path: what JSON, markdown, feeds and headers print. */
export function urlOf(baseUrl: string, path: string): string {
  return `${baseUrl}${path}`;
}

/**
 * A link from the site's root to a path, BASE_URL's path prefix included:
 * what HTML prints, so a page works on any host name it is reached by.
 */
export function hrefOf(baseUrl: string, path: string): string {
  const base = basePathOf(baseUrl);
  if (base === '') return path;
  return path === '/' ? `${base}/` : `${base}${path}`;
}

/** The link (see `hrefOf`) of an absolute URL the service printed; any other URL as it is. */
export function hrefOfUrl(baseUrl: string, url: string): string {
  if (!url.startsWith(baseUrl)) return url;
  const rest = url.slice(baseUrl.length);
  if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?') && !rest.startsWith('#')) return url;
  return hrefOf(baseUrl, rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest);
}

/**
 * The request target (path and query) a request for `target` means once
 * BASE_URL's path prefix is taken off: a proxy that mounts the service under
 * `/site` may pass `/site/products` on as it is, or strip the prefix first
 * (`proxy_pass http://backend/;`); both reach the same route.
 */
export function withoutBasePath(baseUrl: string, target: string): string {
  const base = basePathOf(baseUrl);
  if (base === '' || !target.startsWith(base)) return target;
  const rest = target.slice(base.length);
  if (rest === '') return '/';
  if (rest.startsWith('/')) return rest;
  return rest.startsWith('?') ? `/${rest}` : target;
}

// ------------------------------------------------------------- matching

/**
 * How specific a pattern is, segment by segment: a literal segment beats a
 * parameter, which beats the final `*`. So `/products/:slug` wins over
 * `/:locale/:page` for `/products/atlas`, and `/md/*` over `/:page` for
 * `/md/about.md`, whatever order the doors were mounted in.
 */
export function compareSpecificity(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const rank = segmentRank(as[i]) - segmentRank(bs[i]);
    if (rank !== 0) return rank;
  }
  return 0;
}

function segmentRank(segment: string | undefined): number {
  if (segment === undefined) return 3;
  if (segment === '*') return 2;
  return segment.startsWith(':') ? 1 : 0;
}

/**
 * The parameters of `path` under `pattern` (still percent-encoded), or
 * undefined when it does not match. A trailing slash is the caller's to trim.
 */
export function matchPattern(pattern: string, path: string, decode: (segment: string) => string = (s) => s): Record<string, string> | undefined {
  if (!pattern.includes(':') && !pattern.includes('*')) return pattern === path ? {} : undefined;
  const segments = pattern.split('/');
  const parts = path.split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '*') {
      const rest = parts.slice(i).join('/');
      if (rest === '') return undefined;
      params['*'] = rest.split('/').map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.startsWith(':')) {
      if (part === '') return undefined;
      params[segment.slice(1)] = decode(part);
    } else if (segment !== part) {
      return undefined;
    }
  }
  return parts.length === segments.length ? params : undefined;
}

/** The table's routes, most specific first: what `routeAt` and the router try in order. */
export const RANKED_ROUTES: readonly (readonly [RouteName, TableRoute])[] = (Object.entries(ROUTES) as [RouteName, TableRoute][]).sort(([, a], [, b]) =>
  compareSpecificity(a.pattern, b.pattern),
);

/** The most specific route of the table whose pattern matches `path`, with its parameters. */
export function routeAt(path: string): { readonly name: RouteName; readonly route: TableRoute; readonly params: Readonly<Record<string, string>> } | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const [name, route] of RANKED_ROUTES) {
    let params: Record<string, string> | undefined;
    try {
      params = matchPattern(route.pattern, trimmed, decodeURIComponent);
    } catch {
      return undefined;
    }
    if (params) return { name, route, params };
  }
  return undefined;
}
