import type { Catalog } from '../../src/content/types.js';

/**
 * The site routes a Catalog should have (home, every other page, the
 * listings, every product and post), written out here independently of
 * src/site so the tests check the code against the rule, not against itself.
 */
export function sitePaths(catalog: Catalog): string[] {
  const pages = ['/', ...catalog.site.page_slugs.filter((slug) => slug !== 'index').map((slug) => `/${slug}`)];
  for (const listing of ['/products', '/blog', '/developers', '/search']) if (!pages.includes(listing)) pages.push(listing);
  // Another locale has its home page, blog and search page, and every page the content translates, under /<locale>.
  for (const locale of catalog.site.locales.filter((l) => l !== catalog.site.default_locale)) {
    const translated = [...(catalog.pagesByLocale.get(locale)?.bySlug.keys() ?? [])];
    for (const slug of new Set(['index', 'blog', 'search', ...translated])) pages.push(slug === 'index' ? `/${locale}` : `/${locale}/${slug}`);
  }
  return [...pages, ...catalog.products.map((p) => `/products/${p.slug}`), ...catalog.posts.map((p) => `/blog/${p.slug}`)];
}

/** `/` -> `/md/index.md`, `/about` -> `/md/about.md`, `/blog/x` -> `/md/blog/x.md`, `/pt-BR` -> `/md/pt-BR/index.md`. */
export function mirrorPath(path: string): string {
  if (path === '/') return '/md/index.md';
  // A locale's home page (a BCP 47 tag such as pt-BR) is its index.
  if (/^\/[a-z]{2,3}-[A-Z]{2}$/.test(path)) return `/md${path}/index.md`;
  return `/md${path}.md`;
}
