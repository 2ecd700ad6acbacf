import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * The pictures of an export, found in the folder of uploads it came with
 * (WordPress's wp-content/uploads, Ghost's content/images) and copied into
 * the content folder's media/ under the same path. A picture is matched by
 * the path after `wp-content/uploads/` or `content/images/`, or after the
 * host of a WordPress.com files host (`example.files.wordpress.com`); one
 * not found keeps its old address and is reported by name.
 */

/** The content folder's folder of imported pictures. */
export const MEDIA_FOLDER = 'media';

const PICTURE = /\.(png|jpe?g|gif|webp|svg|ico)$/i;

/** The path of `url` inside the uploads folder, or undefined when it is no upload of the site. */
export function uploadPath(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://site.invalid/');
  } catch {
    return undefined;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    pathname = parsed.pathname;
  }
  const marker = /\/(?:wp-content\/uploads|content\/images)\/(.+)$/.exec(pathname);
  let found = marker?.[1];
  if (found === undefined && /\.files\.wordpress\.com$/i.test(parsed.hostname)) found = pathname.replace(/^\/+/, '');
  if (found === undefined) return undefined;
  const segments = found.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\'))) return undefined;
  return found;
}

export interface FoundPicture {
  /** The file in the content folder: `media/2020/01/cat.jpg`. */
  readonly file: string;
  /** The file in the uploads folder it is copied from. */
  readonly source: string;
}

/** The uploads folder, looked into once per path. */
export class PictureFinder {
  readonly #found = new Map<string, FoundPicture | undefined>();

  constructor(private readonly uploads: string | undefined) {}

  /**
   * The content folder's copy of the picture at `url`, or undefined when it
   * is not in the uploads folder (or no upload at all). A resized copy
   * (Ghost's `size/w600/`, WordPress's `-300x200`) not kept falls back to
   * its original.
   */
  find(url: string): FoundPicture | undefined {
    const relative = uploadPath(url);
    if (relative === undefined || this.uploads === undefined || !PICTURE.test(relative)) return undefined;
    if (this.#found.has(relative)) return this.#found.get(relative);
    const candidates = [relative, relative.replace(/^size\/w\d+(?:h\d+)?\//, ''), relative.replace(/-\d+x\d+(\.\w+)$/, '$1')];
    let found: FoundPicture | undefined;
    for (const candidate of new Set(candidates)) {
      const source = path.join(this.uploads, ...candidate.split('/'));
      if (isFile(source)) {
        found = { file: `${MEDIA_FOLDER}/${candidate}`, source };
        break;
      }
    }
    this.#found.set(relative, found);
    return found;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The name a report gives a picture: its file name, without the query. */
export function pictureName(url: string): string {
  const relative = uploadPath(url);
  if (relative) return relative;
  try {
    return decodeURIComponent(new URL(url, 'http://site.invalid/').pathname.split('/').pop() || url);
  } catch {
    return url;
  }
}
