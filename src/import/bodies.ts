import path from 'node:path';
import type { AssignedRecord } from './assign.js';
import type { Destinations } from './html-markdown.js';
import { htmlToMarkdown } from './html-markdown.js';
import type { PictureFinder } from './uploads.js';
import { pictureName, uploadPath } from './uploads.js';
import { expandWordPressMarkup } from './shortcodes.js';
import type { SourceAttachment, SourceFormat } from './source.js';
import { visibleText } from './text.js';

/**
 * A record's body as markdown: WordPress's own markup expanded first, then
 * every destination pointed at the new site. A picture of the uploads
 * folder becomes a file of the content folder; a link to an imported
 * record, the relative link to its file (which the loader turns into its
 * URL and checks); any other link to the old site, its old absolute URL.
 */

export interface BodySite {
  readonly format: SourceFormat;
  /** The old site's address, which relative links and pictures are read against; undefined when the export does not say. */
  readonly url: string | undefined;
  readonly attachments: ReadonlyMap<string, SourceAttachment>;
  /** The media library's alt text of each picture, by its path in the uploads folder (see originalUpload). */
  readonly alts: ReadonlyMap<string, string>;
  readonly pictures: PictureFinder;
  /** The file of each imported record, by each old path it had (see pathKey). */
  readonly records: ReadonlyMap<string, string>;
}

export interface ConvertedBody {
  readonly markdown: string;
  /** The text a reader saw in the old body. */
  readonly text: string;
  /** Shortcodes kept as text, by name. */
  readonly kept: ReadonlyMap<string, number>;
  /** Pictures not found in the uploads folder, by name. */
  readonly missing: readonly string[];
  /** Pictures copied: the content folder's file and the uploads file it comes from. */
  readonly copied: ReadonlyMap<string, string>;
  /** Attachments a gallery showed. */
  readonly shown: readonly string[];
  /** Links to the old site that lead to nothing imported, kept as their text since the old address is unknown. */
  readonly unlinked: number;
}

/** Ghost writes its own address in a body as this placeholder. */
export const GHOST_URL = '__GHOST_URL__';

export function convertBody(record: AssignedRecord, site: BodySite): ConvertedBody {
  const { doc } = record;
  let html = doc.html;
  let kept: ReadonlyMap<string, number> = new Map();
  let shown: readonly string[] = [];
  if (site.format === 'wordpress') ({ html, kept, shown } = expandWordPressMarkup(html, { postId: doc.id, attachments: site.attachments }));
  else html = html.replaceAll(GHOST_URL, '');
  const missing: string[] = [];
  const copied = new Map<string, string>();
  let unlinked = 0;
  const folder = path.posix.dirname(record.file);
  const relative = (file: string) => path.posix.relative(folder, file);
  const destinations: Destinations = {
    picture: (src, alt) => {
      const url = absolute(src, site.url);
      // A site-relative picture (Ghost's are, once __GHOST_URL__ is gone) is matched by its path all the same.
      const found = site.pictures.find(url ?? src);
      const fallbackAlt = alt || altFromAttachment(src, site) || words(pictureName(src));
      if (found) {
        copied.set(found.file, found.source);
        return { src: relative(found.file), alt: fallbackAlt };
      }
      missing.push(pictureName(src));
      // Kept at its old address; without one, a picture of the old site cannot be shown at all: its alt text stands in its place.
      return url === undefined ? { src: '', alt: fallbackAlt } : { src: url, alt: fallbackAlt };
    },
    link: (href) => {
      const target = linkTarget(href, site, copied);
      if (target === undefined) {
        unlinked++;
        return '';
      }
      return target.startsWith('file:') ? relative(target.slice('file:'.length)) : target;
    },
  };
  const markdown = htmlToMarkdown(html, destinations);
  return { markdown, text: visibleText(html), kept, missing, copied, shown, unlinked };
}

/**
 * Where a link leads now: `file:<path>` for a record or a picture of the
 * content folder, the absolute URL for anything else, undefined for a link
 * to the old site whose address the export does not give.
 */
function linkTarget(href: string, site: BodySite, copied: Map<string, string>): string | undefined {
  if (href === '' || href.startsWith('#') || /^(?:mailto|tel|data|javascript):/i.test(href)) return href;
  const own = ownPath(href, site.url);
  if (own === undefined) return href;
  const record = site.records.get(pathKey(own.path));
  if (record) return `file:${record}${own.hash}`;
  const url = absolute(href, site.url);
  const picture = site.pictures.find(url ?? href);
  if (picture) {
    copied.set(picture.file, picture.source);
    return `file:${picture.file}`;
  }
  return url;
}

/** The path and query of `href` when it leads to the old site (a relative link, or one to its host), and its fragment. */
function ownPath(href: string, siteUrl: string | undefined): { readonly path: string; readonly hash: string } | undefined {
  try {
    const base = new URL(siteUrl ?? 'http://site.invalid/');
    const url = new URL(href, base);
    if (!/^https?:$/.test(url.protocol) || url.host !== base.host) return undefined;
    const prefix = base.pathname.replace(/\/+$/, '');
    const pathname = prefix && url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
    return { path: pathname + url.search, hash: url.hash };
  } catch {
    return undefined;
  }
}

/** An old path as the records map keys it: decoded, without `index.php` or a trailing slash. */
export function pathKey(oldPath: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(oldPath);
  } catch {
    decoded = oldPath;
  }
  const [pathname = '', query] = decoded.split('?', 2) as [string, string | undefined];
  const trimmed = pathname.replace(/\/index\.php$/, '/').replace(/\/+$/, '') || '/';
  return query === undefined || query === '' ? trimmed : `${trimmed}?${query}`;
}

/** `src` as an absolute URL on the old site; undefined when it is relative and the site's address is unknown. */
function absolute(src: string, siteUrl: string | undefined): string | undefined {
  try {
    if (/^\/\//.test(src)) return `https:${src}`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(src)) return src;
    return siteUrl === undefined ? undefined : new URL(src, siteUrl).href;
  } catch {
    return undefined;
  }
}

/** The alt text the media library gives the attachment at `src`, if any. */
function altFromAttachment(src: string, site: BodySite): string | undefined {
  const wanted = originalUpload(src);
  return wanted === undefined ? undefined : site.alts.get(wanted);
}

/** The uploads path of the original a picture was resized from (WordPress names a copy `-300x200`). */
export function originalUpload(url: string): string | undefined {
  return uploadPath(url)?.replace(/-\d+x\d+(\.\w+)$/, '$1');
}

/** A file name as words, the alt text of last resort: `2020/01/red-bike_2.jpg` is "red bike 2". */
function words(name: string): string {
  const base = name.split('/').pop() ?? name;
  return base.replace(/\.\w+$/, '').replace(/[-_]+/g, ' ').trim() || 'picture';
}
