/**
 * The site path of each kind of record and of its `/md/` mirror. The loader
 * builds every record URL from these (the base URL, then the path), the site
 * map its page routes, and `vitrine check` the routes a link may lead to, so
 * a link is judged against the very paths the site answers.
 */

export interface RecordPaths {
  /** The page: `/` for the home page. */
  readonly path: string;
  /** Its markdown mirror, under `/md/`. */
  readonly markdownPath: string;
}

export function productPaths(slug: string): RecordPaths {
  return { path: `/products/${slug}`, markdownPath: `/md/products/${slug}.md` };
}

export function postPaths(slug: string): RecordPaths {
  return { path: `/blog/${slug}`, markdownPath: `/md/blog/${slug}.md` };
}

/**
 * The `index` page is the home page, at `/`; `/index` is no route. A page
 * in a locale other than the site's default lives under that locale
 * (`/pt-BR/about`, `/pt-BR` for its home page), and so does its mirror.
 */
export function pagePaths(slug: string, locale?: string): RecordPaths {
  const prefix = locale === undefined ? '' : `/${locale}`;
  return {
    path: slug === 'index' ? prefix || '/' : `${prefix}/${slug}`,
    markdownPath: `/md${prefix}/${slug}.md`,
  };
}

/** Where a file of the content folder is served: under a hash of its bytes, so caches may keep it forever. */
export function mediaPath(hash: string, file: string): string {
  return `${MEDIA_PREFIX}/${hash}/${file}`;
}

export const MEDIA_PREFIX = '/media';

/** The company record is shown on the about page and mirrored on its own. */
export const COMPANY_PATHS: RecordPaths = { path: '/about', markdownPath: '/md/company.md' };

/** Where the JSON API lives: every collection's `next`/`prev` links and the API's own URLs start here. */
export const API_PREFIX = '/api/v1';
