import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Catalog } from '../content/types.js';
import { escapeHtml } from './html.js';

/** The one stylesheet, read once at start-up from next to this module. */
export const STYLESHEET = readFileSync(new URL('./site.css', import.meta.url), 'utf8');

/**
 * Linked with its content hash in the query: a deploy that changes the
 * stylesheet changes every page's link, so no browser keeps the old one
 * past the five minutes of the cache policy.
 */
export const STYLESHEET_PATH = `/assets/site.css?v=${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 10)}`;

export const FAVICON_PATH = '/assets/icon.svg';

/** The site's icon: its name's first letter on the accent colour, as SVG (no image file to ship). */
export function favicon(catalog: Catalog): string {
  const letter = escapeHtml(catalog.site.name.charAt(0).toLocaleUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0d6b4f"/><text x="32" y="44" font-family="system-ui, sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#ffffff">${letter}</text></svg>\n`;
}
