import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MEDIA_PREFIX, paths, ROUTES, urlOf } from '../routes/table.js';
import { BROWSER_TOOLS_FILE } from '../model/browser-tools.js';
import { channelUri } from '../content/channels.js';
import type { Catalog } from '../content/types.js';
import { escapeHtml } from './html.js';

/** The one stylesheet, read once at start-up from next to this module. */
export const STYLESHEET = readFileSync(new URL('./site.css', import.meta.url), 'utf8');

/**
 * Linked under its content hash: a deploy that changes the stylesheet
 * changes every page's link, so the file at this path never changes and
 * caches keep it a year.
 */
export const STYLESHEET_FILE = `site.${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 10)}.css`;
export const STYLESHEET_PATH = paths.asset(STYLESHEET_FILE);

/**
 * The script that offers the site's tools to an agent in the browser
 * (./webmcp.js), read once at start-up and linked under its content hash
 * like the stylesheet; the tools it registers are described in WEBMCP_TOOLS_FILE.
 */
export const WEBMCP_SCRIPT = readFileSync(new URL('./webmcp.js', import.meta.url), 'utf8');
export const WEBMCP_SCRIPT_FILE = `webmcp.${createHash('sha256').update(WEBMCP_SCRIPT).digest('hex').slice(0, 10)}.js`;
export const WEBMCP_SCRIPT_PATH = paths.asset(WEBMCP_SCRIPT_FILE);

/** The tools of the content in force (src/model/browser-tools.ts), as JSON. */
export const WEBMCP_TOOLS_FILE = BROWSER_TOOLS_FILE;
export const WEBMCP_TOOLS_PATH = paths.asset(WEBMCP_TOOLS_FILE);

export const FAVICON_FILE = 'icon.svg';
export const FAVICON_PATH = paths.asset(FAVICON_FILE);

/** The site's icon: its name's first letter on the accent colour, as SVG (no image file to ship). */
export function favicon(catalog: Catalog): string {
  const letter = escapeHtml(catalog.site.name.charAt(0).toLocaleUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0d6b4f"/><text x="32" y="44" font-family="system-ui, sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#ffffff">${letter}</text></svg>\n`;
}

/** A media URL's key in `catalog.media`: its path below /media/. */
export function mediaKey(catalog: Catalog, url: string): string {
  return url.slice(`${catalog.base_url}${MEDIA_PREFIX}/`.length);
}

/**
 * The web app manifest (W3C Web Application Manifest): the site's name,
 * language, colours and icons, so a phone can put it on a home screen.
 */
export function webManifest(catalog: Catalog): string {
  const { site } = catalog;
  const { svg, png, png_small } = site.icons;
  const icons = [png_small, png].flatMap((icon) => (icon ? [{ src: icon.url, sizes: `${icon.width}x${icon.height}`, type: icon.media_type, purpose: 'any' }] : []));
  if (svg) icons.push({ src: svg.url, sizes: 'any', type: svg.media_type, purpose: 'any' });
  return `${JSON.stringify(
    {
      name: site.name,
      short_name: site.name,
      description: site.description,
      lang: site.default_locale,
      start_url: '/',
      scope: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: '#0b6b4c',
      icons,
    },
    null,
    2,
  )}\n`;
}

/** Days a security.txt stays valid after the content it was made from was loaded (RFC 9116 section 2.5.5: under a year). */
const SECURITY_TXT_DAYS = 180;

/**
 * RFC 9116 security.txt: where to report a vulnerability (the company's
 * `security` contact, else its general one), until when this file holds,
 * in which languages, and where it lives.
 */
export function securityTxt(catalog: Catalog): string {
  const { contact } = catalog.company;
  const channels = [contact.security, contact.email, ...Object.values(contact)].filter((v): v is string => v !== undefined);
  // RFC 9116 section 2.5.3: a web contact must be https.
  const uri = (value: string) => {
    const channel = channelUri(value);
    return channel && (channel.kind !== 'web' || channel.uri.startsWith('https://')) ? channel.uri : undefined;
  };
  const contacts = [...new Set(channels.flatMap((value) => uri(value) ?? []))].slice(0, 1);
  const expires = new Date(Date.parse(catalog.loaded_at) + SECURITY_TXT_DAYS * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    ...contacts.map((c) => `Contact: ${c}`),
    `Expires: ${expires}`,
    `Preferred-Languages: ${catalog.site.locales.join(', ')}`,
    `Canonical: ${urlOf(catalog.base_url, ROUTES.securityTxt.pattern)}`,
    '',
  ].join('\n');
}
