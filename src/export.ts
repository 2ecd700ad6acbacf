import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PreparedUrl } from './prepare-ahead.js';
import type { PreparedAnswer } from './http/prepared.js';
import { eachAtOnce } from './util/at-once.js';
import type { Redirect } from './content/types.js';
import type { RedirectDirectives } from './export-redirects.js';
import { nginxQuoted as quoted, redirectDirectives } from './export-redirects.js';

/**
 * `vitrine export DIR`: every GET answer the routes declare, as files, so a
 * static host, a CDN or nginx serves the same bytes with the same headers.
 *
 * - The body of `/a/b` is the file `DIR/a/b`; a URL that is also the parent
 *   of others (`/api/v1/products`, `/blog`, `/`) is `DIR/<path>/index.<ext>`.
 * - The markdown a site route answers to `Accept: text/markdown` is the same
 *   file under `DIR/_markdown/`.
 * - `<file>.gz` and `<file>.br` hold the compressed forms that are smaller
 *   (nginx's `gzip_static`, `brotli_static`).
 * - `vitrine-manifest.json` lists each URL with its file and headers
 *   (the quota headers excepted: they are counted per request and per client,
 *   which no file can do); `_headers` holds the same in the format of
 *   Netlify and Cloudflare Pages; `nginx-locations.conf` is an nginx include
 *   with one exact `location` per URL (see bench/nginx.conf), and
 *   `nginx-uncounted-locations.conf` the same for the answers the quota does
 *   not count, for a proxy in front of running instances (deploy/nginx.conf).
 *   Both carry the redirects of `redirects.yaml` (see export-redirects.ts).
 */

export interface ExportedFile {
  /** Relative to the export folder, `/`-separated. */
  readonly file: string;
  readonly etag: string;
}

export interface ExportedAnswer {
  readonly url: string;
  /** Set on the markdown form of a site route (served to `Accept: text/markdown`). */
  readonly accept?: 'text/markdown';
  readonly file: string;
  /** Every header the answer carries but Content-Length and the quota's, in order. */
  readonly headers: readonly (readonly [string, string])[];
  readonly gzip?: ExportedFile;
  readonly br?: ExportedFile;
}

export const MANIFEST = 'vitrine-manifest.json';

/** What the includes need of the site besides its answers: its redirects, and the base URL their Location is written from. */
export interface ExportedSite {
  readonly baseUrl: string;
  readonly redirects: readonly Redirect[];
  /** The headers the server adds to every answer at a path, a redirect's included. */
  readonly scopeHeadersAt: (path: string) => readonly (readonly [string, string])[];
}
/** The nginx include of the answers the quota does not count (the site, its mirrors, the documents). */
export const UNCOUNTED_LOCATIONS = 'nginx-uncounted-locations.conf';
const MARKDOWN_DIR = '_markdown';
/**
 * Answers written at once: each is three files and two compressions on
 * libuv's threads, so a few keep those threads busy while the event loop
 * hands out the next.
 */
const WRITTEN_AT_ONCE = 8;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/json': 'json',
  'text/html': 'html',
  'text/markdown': 'md',
  'text/plain': 'txt',
  'text/css': 'css',
  'image/svg+xml': 'svg',
  'application/xml': 'xml',
  'application/atom+xml': 'xml',
};

/**
 * Writes `prepared` under `dir` as it comes, each answer let go once written
 * (the memory an export takes is the content's and a few answers', however
 * many there are), and returns the manifest it wrote. `urls`: every URL
 * `prepared` may hold, listed first, since a URL that others live under is
 * a folder on disk and its answer that folder's index file. `site`: the
 * redirects the nginx includes carry (none without it).
 */
export async function exportAnswers(prepared: AsyncIterable<PreparedUrl>, urls: Iterable<string>, dir: string, site?: ExportedSite): Promise<ExportedAnswer[]> {
  const parents = new Set([...urls].flatMap((url) => url.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`)));
  parents.add('/');
  // The site's pages, mirrors and documents: what a proxy in front of running instances may serve
  // itself, since the quota counts none of them (deploy/nginx.conf).
  const uncounted = new Set<string>();
  // Per answer, in the order they come, whichever is written first.
  const written: ExportedAnswer[][] = [];
  let taken = 0;
  async function* inOrder(): AsyncGenerator<readonly [number, PreparedUrl]> {
    for await (const entry of prepared) yield [taken++, entry];
  }
  await eachAtOnce(inOrder(), WRITTEN_AT_ONCE, async ([index, { url, scopeHeaders, counted, answer, markdown }]) => {
    if (!counted) uncounted.add(url);
    const file = fileOf(url, answer, parents);
    const [own, mirror] = await Promise.all([write(dir, url, file, answer, scopeHeaders), markdown && write(dir, url, `${MARKDOWN_DIR}/${file}`, markdown, scopeHeaders)]);
    written[index] = mirror ? [own, { ...mirror, accept: 'text/markdown' }] : [own];
  });
  const manifest = written.flat();
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  await writeFile(path.join(dir, '_headers'), netlifyHeaders(manifest));
  const redirects = (answers: readonly ExportedAnswer[], standalone: boolean) =>
    redirectDirectives(site ?? { baseUrl: '', redirects: [], scopeHeadersAt: () => [] }, new Set(answers.filter((answer) => answer.accept === undefined).map((answer) => answer.url)), standalone);
  await writeFile(path.join(dir, 'nginx-locations.conf'), nginxLocations(manifest, redirects(manifest, true)));
  const uncountedAnswers = manifest.filter((answer) => uncounted.has(answer.url));
  await writeFile(path.join(dir, UNCOUNTED_LOCATIONS), nginxLocations(uncountedAnswers, redirects(uncountedAnswers, false)));
  return manifest;
}

function fileOf(url: string, answer: PreparedAnswer, parents: ReadonlySet<string>): string {
  const relative = decodeURIComponent(url).replace(/^\/+/, '');
  if (!parents.has(url)) return relative;
  const type = String(answer.headers.find(([name]) => name === 'content-type')?.[1] ?? '').split(';')[0]!.trim();
  return `${relative ? `${relative}/` : ''}index.${EXTENSIONS[type] ?? 'bin'}`;
}

async function write(dir: string, url: string, file: string, answer: PreparedAnswer, scopeHeaders: readonly (readonly [string, string])[]): Promise<ExportedAnswer> {
  const target = path.join(dir, ...file.split('/'));
  // Every name comes from the Catalog's slugs (letters, digits, hyphens); a "..", were one to appear, must not leave DIR.
  if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`export: ${url} would be written outside ${dir}`);
  await mkdir(path.dirname(target), { recursive: true });
  // Served from these files from now on: kept, so its compressed forms get a kept answer's effort.
  answer.keep();
  const coded: Partial<Record<'gzip' | 'br', ExportedFile>> = {};
  const writeCoded = async (coding: 'gzip' | 'br'): Promise<void> => {
    const representation = await answer.coded(coding);
    if (representation === null || representation.etag === undefined) return;
    const suffix = coding === 'gzip' ? 'gz' : 'br';
    await writeFile(`${target}.${suffix}`, representation.body);
    coded[coding] = { file: `${file}.${suffix}`, etag: representation.etag };
  };
  await Promise.all([writeFile(target, answer.body), writeCoded('gzip'), writeCoded('br')]);
  return { url, file, headers: [...scopeHeaders, ...answer.headers], ...(coded.gzip ? { gzip: coded.gzip } : {}), ...(coded.br ? { br: coded.br } : {}) };
}

/** Netlify / Cloudflare Pages `_headers`: a URL line, then its headers indented. */
function netlifyHeaders(manifest: readonly ExportedAnswer[]): string {
  return manifest
    .filter((answer) => answer.accept === undefined)
    .map((answer) => [answer.url, ...answer.headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n')
    .concat('\n');
}

/**
 * One exact location per URL. `etag off` and `types {}` in the server block
 * (bench/nginx.conf) let these headers be the only ETag and Content-Type;
 * `gzip_static` picks `<file>.gz` for a client that accepts gzip. A site
 * route whose Accept asks for markdown is rewritten to its `_markdown` twin
 * (`$vitrine_markdown`, a map in bench/nginx.conf).
 */
function nginxLocations(manifest: readonly ExportedAnswer[], redirects: RedirectDirectives): string {
  const withMarkdown = new Set(manifest.filter((answer) => answer.accept).map((answer) => answer.url));
  const blocks = manifest.map((answer) => {
    const name = answer.accept ? `/${MARKDOWN_DIR}${answer.url === '/' ? '/' : answer.url}` : answer.url;
    const lines = [`location = ${quoted(name)} {`];
    if (!answer.accept) lines.push(...(redirects.inside.get(answer.url) ?? []));
    if (answer.accept) lines.push('    internal;');
    else if (withMarkdown.has(answer.url)) {
      lines.push(`    if ($vitrine_markdown) { rewrite ^ ${quoted(`/${MARKDOWN_DIR}${answer.url === '/' ? '/' : answer.url}`)} last; }`);
    }
    for (const [header, value] of answer.headers) {
      if (header === 'content-type') lines.push(`    default_type ${quoted(value)};`);
      else lines.push(`    add_header ${header} ${quoted(value)} always;`);
    }
    lines.push(`    try_files ${quoted(`/${answer.file}`)} =404;`, '}');
    return lines.join('\n');
  });
  return `# Written by vitrine export: one exact location per precomputed answer, and the redirects of redirects.yaml.\n${[...blocks, ...redirects.blocks].join('\n')}\n`;
}
