import type { Catalog } from '../../src/content/types.js';

/**
 * The site routes a Catalog should have (home, every other page, the
 * listings, every product and post), written out here independently of
 * src/site so the tests check the code against the rule, not against itself.
 */
export function sitePaths(catalog: Catalog): string[] {
  const pages = ['/', ...catalog.site.page_slugs.filter((slug) => slug !== 'index').map((slug) => `/${slug}`)];
  for (const listing of ['/products', '/blog', '/developers']) if (!pages.includes(listing)) pages.push(listing);
  return [...pages, ...catalog.products.map((p) => `/products/${p.slug}`), ...catalog.posts.map((p) => `/blog/${p.slug}`)];
}

/** `/` -> `/md/index.md`, `/about` -> `/md/about.md`, `/blog/x` -> `/md/blog/x.md`. */
export function mirrorPath(path: string): string {
  return path === '/' ? '/md/index.md' : `/md${path}.md`;
}
