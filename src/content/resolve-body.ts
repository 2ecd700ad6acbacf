import { closestPath, withSuggestion } from '../util/suggest.js';
import path from 'node:path';
import type { LineEdit, Use, WrittenDestination } from './body-references.js';
import { editLines, writtenDestinations } from './body-references.js';
import { IMAGE_TYPES } from './images.js';

/**
 * A body's relative pictures and links, resolved when the content is loaded,
 * so every reader of the body (the site, the API, MCP, the mirrors) gets
 * addresses that work wherever it is shown:
 *
 * - a picture at a relative path is the file of the content folder at that
 *   path from the markdown file's folder, served under /media/;
 * - a relative link to a record's file (`../products/atlas.md#pricing`)
 *   leads to that record's URL, a relative link to a picture to the picture;
 * - a picture from the root (`/images/rack.png`) is the file at that path
 *   from the content folder's root, as an editor's preview shows it;
 * - a link from the site's root (`/products/atlas`) gets the base URL in
 *   front, so a site served under a path prefix keeps working.
 *
 * Absolute URLs, `mailto:` and the like and links within the page
 * (`#section`) are left as written, and so is anything in code. Only the destinations change: not a character of the text does,
 * so the plain text that search reads is the same.
 */

export interface BodyLinks {
  /** The base URL, without a trailing slash. */
  readonly base: string;
  /** Each record's absolute URL, by its file in the content folder (`products/atlas.md`). */
  readonly records: ReadonlyMap<string, string>;
  /**
   * The URL a body gives a picture of the content folder (`images/rack.png`),
   * shown (`image`) or linked to (`link`), or what keeps it from being served.
   */
  readonly picture: (file: string, use: Use) => { readonly url: string } | { readonly problem: string };
}

export interface BodyProblem {
  /** The body's line, counted from 0. */
  readonly line: number;
  /** What is wrong, starting with `image <target>` or `link <target>`. */
  readonly message: string;
}

/** A URL scheme (`https:`, `mailto:`, `tel:`): the target is absolute. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Whether a body may hold a destination to resolve: a `](` or a definition's
 * `]:` followed (after any spaces and a `<`, taken whole by the lookahead so
 * they cannot be given back) by anything but a scheme, `#` or `//`. Most
 * bodies hold none, and are not parsed at all: parsing every body is most of
 * the work of loading a large site.
 */
const MAY_RESOLVE = /\](?:\(|:)(?=(\s*<?))\1(?![a-z][a-z0-9+.-]*:|#|\/\/)/i;

/** `body` with its destinations resolved (see the module's comment), and what could not be, by line. */
export function resolveBody(body: string, file: string, links: BodyLinks): { readonly markdown: string; readonly problems: readonly BodyProblem[] } {
  if (!MAY_RESOLVE.test(body)) return { markdown: body, problems: [] };
  const edits: LineEdit[] = [];
  const problems: BodyProblem[] = [];
  for (const destination of writtenDestinations(body)) {
    const resolved = resolveDestination(destination, file, links);
    if (resolved === undefined) continue;
    const { line, use, target, written } = destination;
    if ('problem' in resolved) problems.push({ line, message: `${use} ${target}: ${resolved.problem}` });
    // The parser found it where no text of the line holds it: never seen, but a guessed rewrite would corrupt the body.
    else if (!written) problems.push({ line, message: `${use} ${target}: cannot be rewritten where it is written; put it on a line of its own` });
    else edits.push({ line, start: written.start, end: written.end, text: written.text.startsWith('<') ? `<${resolved.url}>` : resolved.url });
  }
  return { markdown: editLines(body, edits), problems };
}

type Resolved = { readonly url: string } | { readonly problem: string };

/** The URL a destination becomes, what keeps it from resolving, or undefined when it is left as written. */
function resolveDestination({ use, target, written }: WrittenDestination, file: string, links: BodyLinks): Resolved | undefined {
  if (target === '' || target.startsWith('#') || target.startsWith('//') || SCHEME.test(target)) return undefined;
  // A link from the site's root, as written (its escapes are valid where they are), after the base URL.
  if (target.startsWith('/') && use === 'link') return { url: links.base + (written?.text.replace(/^<|>$/g, '') ?? target) };
  const [, pathPart = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(target) ?? [];
  // Only a query or a fragment: this very page.
  if (pathPart === '') return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return { problem: `${pathPart} has a malformed percent-escape` };
  }
  // Resolved once decoded, so an escaped ".." is caught too; a picture from the root is a file from the content folder's root.
  const resolved = decoded.startsWith('/') ? path.posix.normalize(decoded.slice(1)) : path.posix.join(path.posix.dirname(file), decoded);
  if (resolved === '..' || resolved.startsWith('../')) return { problem: `is outside the content folder; keep ${use === 'image' ? 'images' : 'linked files'} in it` };
  const suffix = escapeForDestination(rest);
  if (use === 'link' && resolved.endsWith('.md')) {
    const url = links.records.get(resolved);
    return url === undefined
      ? {
          problem: withSuggestion(
            `${resolved} is not a record of the content folder (company.md, or a product, article or page: products/, posts/, pages/, pages/<locale>/)`,
            closestPath(resolved, links.records.keys()),
          ),
        }
      : { url: url + suffix };
  }
  if (use === 'link' && !isPicture(resolved)) {
    return { problem: `${resolved} is neither a record (a .md file) nor a picture (${Object.keys(IMAGE_TYPES).join(', ')}); link a page of the site by its path (/about)` };
  }
  const picture = links.picture(resolved, use);
  return 'problem' in picture ? picture : { url: picture.url + suffix };
}

function isPicture(file: string): boolean {
  return Object.hasOwn(IMAGE_TYPES, path.posix.extname(file).slice(1).toLowerCase());
}

/**
 * A query or fragment as a destination may hold it, bare or in angle
 * brackets: spaces, brackets, parentheses and backslashes percent-encoded
 * (a browser matches a fragment decoded, so `#a%20b` still finds `a b`).
 */
function escapeForDestination(text: string): string {
  let escaped = '';
  for (const character of text) {
    const code = character.charCodeAt(0);
    escaped += code <= 0x20 || code === 0x7f || '<>()\\'.includes(character) ? `%${code.toString(16).toUpperCase().padStart(2, '0')}` : character;
  }
  return escaped;
}

/** A content file's path as a URL path: each segment percent-encoded, parentheses too, so it is a valid bare destination. */
export function encodeFilePath(file: string): string {
  return file
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[()]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}
