import type { Catalog, Page, Post, Product } from '../content/types.js';

/**
 * When a record last changed, for sync clients, sitemaps and MCP resources:
 * the content's own date; an article without one changed when it was
 * published; a product without one is dated by the loading of the content
 * it came in, so a sync client fetches it again after a reload and never
 * misses a change.
 */
export function updatedAt(record: Post | Page): string;
export function updatedAt(record: Product | Post | Page, catalog: Pick<Catalog, 'loaded_at'>): string;
export function updatedAt(record: Product | Post | Page, catalog?: Pick<Catalog, 'loaded_at'>): string {
  if (record.updated_at !== undefined) return record.updated_at;
  // A page's date is required by the loader; only a product falls back to the load.
  return 'published_at' in record ? record.published_at : (catalog?.loaded_at ?? '');
}
