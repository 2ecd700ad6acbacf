import { paths, routeAt } from '../routes/table.js';
import { hasPageRoute, pageRouteSlugs } from '../documents/registry.js';
import type { Site } from '../content/types.js';

/**
 * Which site paths a link in the content may lead to, as `vitrine check`
 * judges them: asked of the route table (which route a path is) and of the
 * page routes the document registry gives each locale. Built from the files
 * read, not from a Catalog, so links are judged even when another file is
 * broken.
 */

/** The fields of site.yaml the routes depend on. */
export type RouteSite = Pick<Site, 'default_locale' | 'locales' | 'page_slugs'>;

/** A record file as the routes see it; `locale` when it is a translation (`pages/<locale>/`, `products/<locale>/`). */
export interface RoutedFile {
  readonly kind: 'company' | 'product' | 'post' | 'page';
  readonly slug: string;
  readonly locale?: string;
}

export interface LinkRoutes {
  /** Whether a site path (decoded, no query, no trailing slash) answers a GET a link sends. */
  answers(sitePath: string): boolean;
  /** The paths a link may lead to that the content decides: its pages, records, mirrors and feeds, and the API's records. */
  targets(): string[];
  /** The path of each page route of the default locale. */
  pagePaths(): string[];
}

/** The routes the content makes: each locale's page routes, every record's page and mirror, the feeds, the API's records. */
export function linkRoutes(site: RouteSite, files: readonly RoutedFile[]): LinkRoutes {
  const routes = contentRoutes(site, files);
  return {
    answers: (sitePath) => {
      if (answers(sitePath, routes)) return true;
      const root = atRoot(sitePath, site);
      return root !== undefined && answers(root, routes);
    },
    targets: () => [
      ...routes.paths,
      ...[...routes.products].map((slug) => paths.api(`/products/${slug}`)),
      ...[...routes.posts].map((slug) => paths.api(`/posts/${slug}`)),
      ...[...routes.pages].map((slug) => paths.api(`/pages/${slug}`)),
    ],
    pagePaths: () => pageRouteSlugs(site).map((page) => paths.page(site, page)),
  };
}

/** Whether the table gives the path of page `slug` to the page routes, rather than to a route of the service's own (then the page is never shown). */
export function isPageShown(site: RouteSite, slug: string): boolean {
  const name = routeAt(paths.page(site, slug))?.name;
  return name === 'home' || name === 'page';
}

/**
 * The page at the root that a path under the default locale's own tag is
 * sent on to (`/de`, `/de/about`, `/de/products/x` on a German-first site:
 * src/site/page-routes.ts answers them with a redirect), or undefined.
 */
function atRoot(sitePath: string, site: RouteSite): string | undefined {
  const prefix = `/${site.default_locale}`;
  if (sitePath === prefix) return '/';
  const rest = sitePath.startsWith(`${prefix}/`) ? sitePath.slice(prefix.length) : undefined;
  return rest !== undefined && /^\/(?:[^/]+|products\/[^/]+)$/.test(rest) ? rest : undefined;
}

/** What the content answers: its site paths, and the slugs the API's record routes take. */
interface ContentRoutes {
  readonly paths: ReadonlySet<string>;
  readonly products: ReadonlySet<string>;
  readonly posts: ReadonlySet<string>;
  readonly pages: ReadonlySet<string>;
}

function contentRoutes(site: RouteSite, files: readonly RoutedFile[]): ContentRoutes {
  const routes = new Set<string>();
  const translated = new Set(files.filter((file) => file.kind === 'page').map((file) => `${file.locale ?? site.default_locale} ${file.slug}`));
  for (const locale of site.locales) {
    for (const slug of pageRouteSlugs(site)) {
      if (hasPageRoute(site, slug, locale, translated.has(`${locale} ${slug}`))) routes.add(paths.page(site, slug, locale)).add(paths.pageMirror(site, slug, locale));
    }
    routes.add(paths.feed(locale)).add(paths.companyMirror(site, locale));
  }
  const slugs = (kind: RoutedFile['kind']) => new Set(files.filter((file) => file.kind === kind && file.locale === undefined).map((file) => file.slug));
  for (const file of files) {
    if (file.kind === 'product') routes.add(paths.product(site, file.slug, file.locale)).add(paths.productMirror(site, file.slug, file.locale));
  }
  // A page or product another locale has not translated is answered under that locale in the default one's words (src/query/untranslated.ts).
  for (const locale of site.locales.filter((other) => other !== site.default_locale)) {
    for (const slug of slugs('page')) if (site.page_slugs.includes(slug)) routes.add(paths.page(site, slug, locale)).add(paths.pageMirror(site, slug, locale));
    for (const slug of slugs('product')) routes.add(paths.product(site, slug, locale)).add(paths.productMirror(site, slug, locale));
  }
  for (const slug of slugs('post')) routes.add(paths.post(slug)).add(paths.postMirror(slug));
  routes.add(paths.company());
  return { paths: routes, products: slugs('product'), posts: slugs('post'), pages: new Set(site.page_slugs) };
}

/**
 * Whether a site path answers, asked of the route table: a route whose
 * answer the content decides (pages, records, mirrors, feeds, the API's
 * records) is judged against the content; any other is one of the
 * service's own documents, which a link may lead to when a GET reaches it.
 */
function answers(sitePath: string, routes: ContentRoutes): boolean {
  const found = routeAt(sitePath);
  if (!found) return false;
  const slug = found.params.slug ?? '';
  switch (found.name) {
    case 'home':
    case 'page':
    case 'localePage':
    case 'product':
    case 'localeProduct':
    case 'post':
    case 'mirror':
    case 'feed':
      return routes.paths.has(sitePath);
    case 'productRecord':
      return routes.products.has(slug);
    case 'postRecord':
      return routes.posts.has(slug);
    case 'pageRecord':
      return routes.pages.has(slug);
    // Files under a hash of their bytes, and the engine's own assets: no author can know their names.
    case 'media':
    case 'asset':
      return false;
    default:
      return found.route.linkable;
  }
}
