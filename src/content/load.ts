import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { fieldProblems } from './field-problems.js';
import { parseYaml, splitFrontMatter, YamlSyntaxError } from '../util/front-matter.js';
import { markdownToText, wordCount } from './markdown.js';
import { imageFacts } from './images.js';
import { DEFAULT_IMAGE_CACHE_DIR, DEFAULT_MAX_MB, DEFAULT_MAX_MEGAPIXELS, decodeProblem } from '../media/pictures.js';
import type { MediaBytes, PictureFacts, Rendition } from '../media/variants.js';
import { cleanedOriginal, MEDIA_TYPES, shareCardRendition, variantRenditions } from '../media/variants.js';
import { paths } from '../routes/table.js';
import type { BodyLinks } from './resolve-body.js';
import type { Use } from './body-references.js';
import { encodeFilePath, resolveBody } from './resolve-body.js';
import { companyIdentifiers } from './identifiers.js';
import type { Messages } from '../i18n/catalog.js';
import { FRAME_KEYS } from '../i18n/keys.js';
import { catalogFrom, MessageCatalogError, overrideCatalog, referenceCatalogFile, SHIPPED_LOCALES, shippedCatalogFor } from '../i18n/catalog.js';
import type { imageRef } from './schemas.js';
import { companySchema, pageSchema, postSchema, productSchema, productTranslationSchema, siteSchema, SLUG } from './schemas.js';
import { checkSearch, stemmerProblems } from './search-words.js';
import { eachAtOnce } from '../util/at-once.js';
import { closest, withSuggestion } from '../util/suggest.js';
import type { BodyPicture, Catalog, Company, Image, ImageVariant, MediaFile, Page, PagesOfLocale, Post, Product, ProductsOfLocale, Site, SiteIcons, TranslationLink } from './types.js';

/** One problem of a content folder, as the loader found it. */
export interface ContentProblem {
  /** The file's path inside the content folder (`posts/hello.md`); a folder's ends with "/". */
  readonly file: string;
  /** The field at fault (`address.country`, `file name`, `front matter`), when the problem is one field's. */
  readonly field?: string;
  /** What is wrong, and what is accepted instead. */
  readonly message: string;
  /** The line of the file: where the YAML parser stopped, or where a body's link or picture is written. */
  readonly line?: number;
}

/** Every problem found in a content folder: `details` one by one, `problems` each as `file: field: what is wrong`. */
export class ContentError extends Error {
  readonly problems: readonly string[];

  constructor(
    /** The content folder's name, which every file of `problems` starts with. */
    readonly root: string,
    readonly details: readonly ContentProblem[],
  ) {
    const problems = details.map((problem) => describeProblem(root, problem));
    super(`content is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/**
 * `folder/file: field: message`. A problem of the body has no field but a
 * line, which comes after the file (`folder/posts/hello.md:12`), as editors
 * and compilers print it; a YAML error's message names its line already.
 */
function describeProblem(root: string, { file, field, message, line }: ContentProblem): string {
  const where = line !== undefined && field === undefined ? `${root}/${file}:${line}` : `${root}/${file}`;
  return [where, field, message].filter(Boolean).join(': ');
}

export interface LoadOptions {
  /** The content folder. */
  readonly dir: string;
  /** Absolute base URL every record URL is built from, without a trailing slash. */
  readonly baseUrl: string;
  /** Clock for `loaded_at`; tests pin it. */
  readonly now?: () => Date;
  /** How large a picture may be, and where to remember the pictures decoded whole (default: DEFAULT_PICTURE_SETTINGS). */
  readonly pictures?: PictureSettings;
}

/** The limits of the content's pictures, and the folder of what is made from them (IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_MB, IMAGE_CACHE_DIR). */
export interface PictureSettings {
  readonly maxPixels: number;
  readonly maxBytes: number;
  /** Where a picture decoded whole is remembered; undefined: each is decoded at every load. */
  readonly cacheDir?: string;
}

export const DEFAULT_PICTURE_SETTINGS: PictureSettings = Object.freeze({ maxPixels: DEFAULT_MAX_MEGAPIXELS * 1_000_000, maxBytes: DEFAULT_MAX_MB * 1024 * 1024, cacheDir: DEFAULT_IMAGE_CACHE_DIR });

/** Words read per minute, for `reading_time_minutes`. */
const READING_SPEED = 220;

/**
 * A field inside a list named as JavaScript and JSONPath name it, the item's
 * index in brackets: `identifiers[1].value`, `tags[0]`, not `identifiers.1.value`.
 */
function withListIndexes(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** Files read between two turns of the event loop (a few milliseconds of reading). */
const READ_SLICE = 200;

interface SourceFile {
  /** Its path inside the content folder. */
  readonly file: string;
  readonly slug: string;
  readonly source: string;
}

/**
 * Loads and validates a content folder into an immutable Catalog, in named
 * steps: the taxonomy (site.yaml), which everything else is validated
 * against; the company, products, posts and pages, each file on its own;
 * the links between translations; then the ordered, frozen Catalog.
 * Validation does not stop at the first problem: every problem of every file
 * is collected and thrown together as a ContentError, so an author fixes
 * them in one pass.
 */
export async function loadCatalog(options: LoadOptions): Promise<Catalog> {
  const folder = new ContentFolder(options.dir);
  const base = options.baseUrl.replace(/\/+$/, '');
  const media = new MediaLibrary(folder, base, options.pictures ?? DEFAULT_PICTURE_SETTINGS);
  const site = await loadSite(folder, media);
  if (!site) throw folder.error();
  const messages = await loadMessages(folder, site);
  const otherLocales = site.locales.filter((locale) => locale !== site.default_locale);
  // Read together; validated one after the other, so problems are reported in the same order every time.
  const [companySource, productFiles, postFiles, pageFiles, translatedProductFiles, translatedPageFiles] = await Promise.all([
    folder.readText('company.md'),
    folder.readFolder('products', otherLocales),
    folder.readFolder('posts'),
    folder.readFolder('pages', otherLocales),
    Promise.all(otherLocales.map((locale) => folder.readFolder(`products/${locale}`, [], { optional: true }))),
    Promise.all(otherLocales.map((locale) => folder.readFolder(`pages/${locale}`, [], { optional: true }))),
  ]);
  // Every record file read, whether or not it turns out valid, may be linked to: a broken one is reported on its own.
  const records = recordUrls(base, site, {
    company: companySource !== undefined,
    products: [[undefined, productFiles], ...otherLocales.map((locale, i) => [locale, translatedProductFiles[i]!] as const)],
    posts: postFiles,
    pages: [[undefined, pageFiles], ...otherLocales.map((locale, i) => [locale, translatedPageFiles[i]!] as const)],
  });
  const body = bodyResolver(folder, { base, records, picture: (file, use) => media.linkTo(file, use) });
  const company = companySource === undefined ? undefined : companyOf(folder, media, body, companySource, base);
  const products = productsOf(folder, media, body, productFiles, site, base);
  const productsByLocale = new Map<string, Product[]>([[site.default_locale, products]]);
  otherLocales.forEach((locale, i) => productsByLocale.set(locale, productTranslationsOf(folder, media, body, translatedProductFiles[i]!, products, site, base, locale)));
  const posts = postsOf(folder, media, body, postFiles, site, base);
  const pagesByLocale = new Map<string, Page[]>([[site.default_locale, pagesOf(folder, media, body, pageFiles, site, base, site.default_locale)]]);
  otherLocales.forEach((locale, i) => pagesByLocale.set(locale, pagesOf(folder, media, body, translatedPageFiles[i]!, site, base, locale)));
  const linkedPosts = linkTranslations(posts.records, posts.translationKeys, folder.report);
  linkSlugTranslations(pagesByLocale, (page) => page.title);
  linkSlugTranslations(productsByLocale, (product) => product.name);
  await media.decodeAll();
  if (folder.problems.length > 0 || !company) throw folder.error();
  for (const record of [...[...productsByLocale.values()].flat(), ...[...pagesByLocale.values()].flat()]) withPlainText(record);
  for (const post of linkedPosts) withTextAndReadingTime(post);
  return assemble({
    site,
    messages,
    company,
    productsByLocale,
    posts: linkedPosts,
    pagesByLocale,
    media: media.files,
    bodyPictures: media.bodyPictures,
    base,
    version: () => folder.version(),
    loadedAt: options.now?.() ?? new Date(),
  });
}

/**
 * A content folder as the loader reads it: every file read (for the
 * version), and every problem found, with its file and field.
 */
class ContentFolder {
  readonly dir: string;
  /** The folder's name, which every file of a problem's message starts with. */
  readonly root: string;
  readonly problems: ContentProblem[] = [];
  /** Every file read, by path: hashed in path order, whatever order the reads finished in. */
  readonly #read = new Map<string, string>();

  constructor(dir: string) {
    this.dir = path.resolve(dir);
    this.root = path.basename(this.dir);
  }

  readonly report: Report = (file, field, message) => {
    this.problems.push({ file, ...(field ? { field } : {}), message });
  };

  /** A problem of a body, at the file's line. */
  reportLine(file: string, line: number, message: string): void {
    this.problems.push({ file, message, line });
  }

  error(): ContentError {
    return new ContentError(this.root, this.problems);
  }

  /** Changes whenever one byte of one file read does. */
  version(): string {
    const hash = createHash('sha256');
    for (const file of [...this.#read.keys()].sort()) hash.update(`${file}\0${this.#read.get(file)}\0`);
    return hash.digest('hex').slice(0, 16);
  }

  async readText(file: string): Promise<string | undefined> {
    try {
      return this.#keep(file, await readFile(path.join(this.dir, file), 'utf8'));
    } catch (error) {
      this.report(file, undefined, describeIoError(error));
      return undefined;
    }
  }

  readTextNow(file: string): string | undefined {
    try {
      return this.#keep(file, readFileSync(path.join(this.dir, file), 'utf8'));
    } catch (error) {
      this.report(file, undefined, describeIoError(error));
      return undefined;
    }
  }

  /**
   * A binary file's bytes and their SHA-256 digest (hex), which the version
   * hashes; or what keeps them from being read, a size over `maxBytes` among
   * them (judged before reading it).
   */
  readBytesNow(file: string, maxBytes = Infinity): { readonly bytes: Buffer; readonly digest: string } | string {
    try {
      const { size } = statSync(path.join(this.dir, file));
      if (size > maxBytes) return `is ${megabytes(size)} MB, more than IMAGE_MAX_MB allows (${megabytes(maxBytes)})`;
      const bytes = readFileSync(path.join(this.dir, file));
      const digest = createHash('sha256').update(bytes).digest('hex');
      this.#read.set(file, digest);
      return { bytes, digest };
    } catch (error) {
      return describeIoError(error);
    }
  }

  #keep(file: string, source: string): string {
    this.#read.set(file, source);
    return source;
  }

  /** The names of the files of an optional folder, sorted; none when it is absent. */
  async listFiles(name: string): Promise<string[]> {
    try {
      return (await readdir(path.join(this.dir, name), { withFileTypes: true }))
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.report(`${name}/`, undefined, describeIoError(error));
      return [];
    }
  }

  /**
   * The markdown files of a folder, each named by a slug; anything else is a
   * problem, but for the `subfolders` read on their own. An `optional`
   * folder may be absent.
   */
  async readFolder(name: string, subfolders: readonly string[] = [], { optional = false } = {}): Promise<SourceFile[]> {
    let entries: string[];
    try {
      entries = (await readdir(path.join(this.dir, name), { withFileTypes: true }))
        .filter((entry) => !entry.name.startsWith('.'))
        .map((entry) => (entry.isFile() ? entry.name : `${entry.name}/`))
        .sort();
    } catch (error) {
      if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      this.report(`${name}/`, undefined, describeIoError(error));
      return [];
    }
    const wanted: { entry: string; slug: string }[] = [];
    for (const entry of entries) {
      if (subfolders.some((folder) => entry === `${folder}/`)) continue;
      if (!entry.endsWith('.md')) {
        const only = `only .md files belong in ${name}/${subfolders.length ? ` (and the folders of the other locales: ${subfolders.join(', ')})` : ''}`;
        // A folder named like a locale with a slip (pages/pt-br/) is most likely that locale's.
        const locales = entry.endsWith('/') ? closest(entry.slice(0, -1), subfolders).map((folder) => `${name}/${folder}/`) : [];
        this.report(`${name}/${entry}`, undefined, withSuggestion(only, locales));
        continue;
      }
      const slug = entry.slice(0, -'.md'.length);
      if (!SLUG.test(slug)) {
        this.report(`${name}/${entry}`, 'file name', 'must be a slug of lowercase letters, digits and single hyphens');
        continue;
      }
      wanted.push({ entry, slug });
    }
    // Small files are read synchronously, READ_SLICE at a time with a turn of the
    // event loop between slices: a promise and a thread-pool trip per file made
    // 10,000 files take three times as long, and a reload of a large folder still
    // leaves requests a turn every few milliseconds.
    const files: SourceFile[] = [];
    for (let start = 0; start < wanted.length; start += READ_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const { entry, slug } of wanted.slice(start, start + READ_SLICE)) {
        const source = this.readTextNow(`${name}/${entry}`);
        if (source !== undefined) files.push({ file: `${name}/${entry}`, slug, source });
      }
    }
    return files;
  }

  /** `data` read against `schema`, or undefined with each problem reported at its field (see fieldProblems). */
  validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> | undefined {
    const result = schema.safeParse(data ?? {});
    if (result.success) return result.data;
    for (const { field, message } of fieldProblems(schema, data ?? {}, result.error.issues)) this.report(file, withListIndexes(field), message);
    return undefined;
  }

  /** A YAML or front matter error, at the line the parser names. */
  syntaxProblem(file: string, field: string | undefined, error: unknown): void {
    this.problems.push({
      file,
      ...(field ? { field } : {}),
      message: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
      ...(error instanceof YamlSyntaxError ? { line: error.line } : {}),
    });
  }

  /** A markdown file split into its front matter and body, or undefined (reported) when the front matter does not parse. */
  document(file: { file: string; source: string }): ReturnType<typeof splitFrontMatter> | undefined {
    try {
      return splitFrontMatter(file.source);
    } catch (error) {
      this.syntaxProblem(file.file, 'front matter', error);
      return undefined;
    }
  }

  /**
   * A record file's front matter, validated, and its body, resolved: the body
   * and the fields, or undefined (reported). The body is resolved even when a
   * field is wrong, so its problems are reported in the same pass.
   */
  record<S extends z.ZodType>(file: SourceFile | { file: string; source: string }, schema: S, resolve: BodyResolver): { body: string; data: z.output<S> } | undefined {
    const doc = this.document(file);
    if (!doc) return undefined;
    const data = this.validate(file.file, schema, doc.data);
    const body = resolve(file, doc.body);
    return data ? { body, data } : undefined;
  }
}

/**
 * The files the content refers to (images, icons), read once each and served
 * under /media/<hash>/<file>: the URL changes with the bytes, so it may be
 * cached forever. A missing or unreadable file, or one larger than the
 * settings allow, is a problem of the record that names it, at its field; a
 * raster picture that does not decode whole is a problem of its own file.
 *
 * A raster picture is served made again from its bytes, without their
 * metadata, and an image (a file with alt text) in other widths and formats
 * and as a share card, each file under the picture's hash
 * (src/media/variants.ts): which files there are is decided here, from the
 * picture's header; src/media/pictures.ts makes them.
 */
class MediaLibrary {
  readonly files = new Map<string, MediaBytes>();
  /** The pictures bodies show, by the URL they are given there (see Catalog). */
  readonly bodyPictures = new Map<string, BodyPicture>();
  readonly #byFile = new Map<string, MediaFound | MediaProblem>();
  /** Each image's variants and card, made once per file however many records show it. */
  readonly #madeFor = new Map<string, Pick<Image, 'variants' | 'card'>>();

  constructor(
    private readonly folder: ContentFolder,
    private readonly base: string,
    private readonly settings: PictureSettings,
  ) {}

  /** The file `file` names, or undefined (reported at `field` of `record`). */
  file(file: string, record: string, field: string): MediaFile | undefined {
    const found = this.#find(file);
    if ('problem' in found) {
      this.folder.report(record, field, found.problem);
      return undefined;
    }
    return found.media;
  }

  /**
   * The URL a markdown body gives the file: the same as `file`'s, its path
   * percent-encoded so it is a valid destination. Or what keeps it from being
   * served, for the body's line to report.
   */
  linkTo(file: string, use: Use): { readonly url: string } | { readonly problem: string } {
    const found = this.#find(file);
    if ('problem' in found) return { problem: found.missing ? `${file} is not in the content folder` : found.problem };
    const url = this.base + paths.media(found.hash, encodeFilePath(file));
    if (use === 'image' && !this.bodyPictures.has(url)) this.bodyPictures.set(url, { ...found.media, ...this.#made(file, found) });
    return { url };
  }

  #made(file: string, found: MediaFound): Pick<Image, 'variants' | 'card'> {
    let made = this.#madeFor.get(file);
    if (!made) {
      made = this.#variantsOf(file, found);
      this.#madeFor.set(file, made);
    }
    return made;
  }

  /** Each file is read once, however many records and bodies name it. */
  #find(file: string): MediaFound | MediaProblem {
    let found = this.#byFile.get(file);
    if (found === undefined) {
      found = this.#read(file);
      this.#byFile.set(file, found);
    }
    return found;
  }

  image(ref: z.output<typeof imageRef>, record: string, field: string): Image | undefined {
    const media = this.file(ref.file, record, `${field}.file`);
    if (!media) return undefined;
    return { ...media, alt: ref.alt, ...this.#made(ref.file, this.#find(ref.file) as MediaFound) };
  }

  /**
   * Decodes every raster picture read, a few at a time, each one whole (a
   * picture known whole from an earlier load is not decoded again); one that
   * does not decode is a problem of its file.
   */
  async decodeAll(): Promise<void> {
    const pictures = [...this.#byFile].flatMap(([file, found]) => ('problem' in found || found.media.media_type === 'image/svg+xml' || found.media.media_type === 'image/x-icon' ? [] : [[file, found] as const]));
    await eachAtOnce(pictures, DECODING_AT_ONCE, async ([file, found]) => {
      const problem = await decodeProblem(found.bytes, found.digest, { maxPixels: this.settings.maxPixels, ...(this.settings.cacheDir === undefined ? {} : { cacheDir: this.settings.cacheDir }) });
      if (problem !== undefined) this.folder.report(file, undefined, problem);
    });
  }

  /** The file's facts, or what is wrong with it. */
  #read(file: string): MediaFound | MediaProblem {
    const read = this.folder.readBytesNow(file, this.settings.maxBytes);
    if (typeof read === 'string') return { problem: `${file} ${read}`, missing: read === MISSING };
    const { bytes, digest } = read;
    const facts = imageFacts(bytes, path.extname(file).slice(1));
    if (typeof facts === 'string') return { problem: `${file} ${facts}`, missing: false };
    const pixels = facts.width * facts.height;
    if (facts.media_type !== 'image/svg+xml' && pixels > this.settings.maxPixels) {
      return {
        problem: `${file} is ${facts.width}x${facts.height}, ${megapixels(pixels)} megapixels, more than IMAGE_MAX_MEGAPIXELS allows (${megapixels(this.settings.maxPixels)})`,
        missing: false,
      };
    }
    const hash = digest.slice(0, 12);
    const served = paths.media(hash, file);
    const original = cleanedOriginal(facts);
    this.files.set(mediaKey(served), { media_type: facts.media_type, bytes, ...(original ? { made: { digest, rendition: original } } : {}) });
    return { media: { url: this.base + served, media_type: facts.media_type, width: facts.width, height: facts.height }, hash, digest, bytes, facts };
  }

  /** An image's widths in each format and its share card, each a file under the picture's hash. */
  #variantsOf(file: string, found: MediaFound): Pick<Image, 'variants' | 'card'> {
    const served = (rendition: Rendition): ImageVariant | undefined => {
      const url = paths.mediaVariant(found.hash, file, rendition.name);
      const key = mediaKey(url);
      // A file of the content served at that very path (a copy of the picture named like one of its variants) keeps it.
      const taken = this.files.get(key);
      if (taken && taken.made?.rendition.name !== rendition.name) return undefined;
      this.files.set(key, { media_type: MEDIA_TYPES[rendition.format], bytes: found.bytes, made: { digest: found.digest, rendition } });
      return { url: this.base + url, media_type: MEDIA_TYPES[rendition.format], width: rendition.width, height: rendition.height };
    };
    const variants = variantRenditions(found.facts).flatMap((rendition) => served(rendition) ?? []);
    const cardRendition = shareCardRendition(found.facts);
    const card = cardRendition && served(cardRendition);
    return { variants, ...(card ? { card } : {}) };
  }
}

/** Pictures decoded at once when the content is loaded: each takes one of libuv's four threads. */
const DECODING_AT_ONCE = 4;

/** A media path's key in the Catalog's `media`: what follows `/media/`. */
function mediaKey(servedPath: string): string {
  return servedPath.slice(servedPath.indexOf('/', 1) + 1);
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
const megapixels = (pixels: number) => (pixels / 1_000_000).toFixed(1).replace(/\.0$/, '');

/** A file of the media library, what its URL is under, and what it was read as. */
interface MediaFound {
  readonly media: MediaFile;
  /** The start of `digest`, which its URL is under. */
  readonly hash: string;
  /** SHA-256 of its bytes (hex), which the files made from it are kept under. */
  readonly digest: string;
  readonly bytes: Buffer;
  readonly facts: PictureFacts;
}

/** Why a file cannot be served; `missing` when there is no such file. */
interface MediaProblem {
  readonly problem: string;
  readonly missing: boolean;
}

/**
 * The absolute URL of each record file a body may link to, by its path in
 * the content folder: company.md, each product (`products/`, or its
 * translation in `products/<locale>/`) and post, and each page site.yaml
 * lists, in the default locale (`pages/`) or another (`pages/<locale>/`).
 */
function recordUrls(
  base: string,
  site: Site,
  files: {
    readonly company: boolean;
    readonly products: readonly (readonly [string | undefined, readonly SourceFile[]])[];
    readonly posts: readonly SourceFile[];
    readonly pages: readonly (readonly [string | undefined, readonly SourceFile[]])[];
  },
): Map<string, string> {
  const urls = new Map<string, string>();
  if (files.company) urls.set('company.md', base + paths.company());
  for (const [locale, products] of files.products) for (const file of products) urls.set(file.file, base + paths.product(site, file.slug, locale));
  for (const file of files.posts) urls.set(file.file, base + paths.post(file.slug));
  for (const [locale, pages] of files.pages) {
    for (const file of pages) if (site.page_slugs.includes(file.slug)) urls.set(file.file, base + paths.page(site, file.slug, locale));
  }
  return urls;
}

/** A record's markdown body, resolved (see resolveBody); what cannot be is reported at the file's line. */
type BodyResolver = (file: { readonly file: string; readonly source: string }, body: string) => string;

function bodyResolver(folder: ContentFolder, links: BodyLinks): BodyResolver {
  return (file, body) => {
    const { markdown, problems } = resolveBody(body, file.file, links);
    if (problems.length > 0) {
      const first = firstLineOf(file.source, body);
      for (const problem of problems) folder.reportLine(file.file, first + problem.line, problem.message);
    }
    return markdown;
  };
}

/** The file's line (from 1) that `body`, the end of its text, starts on. */
function firstLineOf(source: string, body: string): number {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const before = text.slice(0, text.length - body.length);
  return before.split('\n').length;
}

/** The site's icons: each of the expected type, the raster ones square. */
function iconsOf(media: MediaLibrary, icons: z.output<typeof siteSchema>['icons'], report: Report): SiteIcons {
  const wanted: Record<keyof SiteIcons, string> = { svg: 'image/svg+xml', png: 'image/png', png_small: 'image/png', touch: 'image/png', ico: 'image/x-icon' };
  const found: Partial<Record<keyof SiteIcons, MediaFile>> = {};
  for (const name of Object.keys(wanted) as (keyof SiteIcons)[]) {
    const file = icons[name];
    if (file === undefined) continue;
    const icon = media.file(file, 'site.yaml', `icons.${name}`);
    if (!icon) continue;
    if (icon.media_type !== wanted[name]) report('site.yaml', `icons.${name}`, `must be a ${wanted[name]} file, not ${icon.media_type}`);
    else if (name !== 'svg' && icon.width !== icon.height) report('site.yaml', `icons.${name}`, `must be square (it is ${icon.width}x${icon.height})`);
    else found[name] = icon;
  }
  return found;
}

/** Where a content folder adds a locale's messages or overrides some of a shipped one's: i18n/<locale>.yaml. */
const MESSAGES_FOLDER = 'i18n';

/**
 * The frame's messages of every locale of the site: the engine's catalog of
 * that locale (or of its language), with the content folder's
 * `i18n/<locale>.yaml` over it, which may change any message; a locale the
 * engine has no catalog for needs that file, with every message. A locale
 * without messages is a problem naming the file to add, never an English
 * frame around another language.
 */
async function loadMessages(folder: ContentFolder, site: Site): Promise<Map<string, Messages>> {
  const files = await folder.listFiles(MESSAGES_FOLDER);
  const given = new Map<string, string>();
  for (const name of files) {
    const file = `${MESSAGES_FOLDER}/${name}`;
    const locale = name.endsWith('.yaml') ? name.slice(0, -'.yaml'.length) : undefined;
    if (locale === undefined || !site.locales.includes(locale)) {
      folder.report(file, undefined, `is not the messages of a locale of site.yaml: ${MESSAGES_FOLDER}/ holds <locale>.yaml for ${site.locales.join(', ')}`);
      continue;
    }
    given.set(locale, file);
  }
  const found = new Map<string, Messages>();
  for (const locale of site.locales) {
    const shipped = shippedCatalogFor(locale);
    const file = given.get(locale);
    if (file === undefined) {
      if (shipped) found.set(locale, shipped);
      else {
        folder.report(
          'site.yaml',
          'locales',
          `"${locale}" has no messages for the site's frame: the engine has them for ${SHIPPED_LOCALES.join(', ')}; add ${MESSAGES_FOLDER}/${locale}.yaml with every message of the English catalog (${referenceCatalogFile()}) in that language`,
        );
      }
      continue;
    }
    const source = await folder.readText(file);
    if (source === undefined) continue;
    let data: unknown;
    try {
      data = parseYaml(source);
    } catch (error) {
      folder.syntaxProblem(file, undefined, error);
      continue;
    }
    try {
      found.set(locale, shipped ? overrideCatalog(shipped, file, data) : catalogFrom(locale, file, data, FRAME_KEYS));
    } catch (error) {
      if (!(error instanceof MessageCatalogError)) throw error;
      for (const problem of error.problems) folder.report(file, undefined, problem);
    }
  }
  return found;
}

/** The taxonomy, site.yaml: everything else is validated against it. */
async function loadSite(folder: ContentFolder, media: MediaLibrary): Promise<Site | undefined> {
  const source = await folder.readText('site.yaml');
  if (source === undefined) return undefined;
  let data: unknown;
  try {
    data = parseYaml(source);
  } catch (error) {
    folder.syntaxProblem('site.yaml', undefined, error);
    return undefined;
  }
  const parsed = folder.validate('site.yaml', siteSchema, data);
  const checked = parsed && checkSite(parsed, 'site.yaml', folder.report);
  if (!checked) return undefined;
  const { icons, share_image, ...rest } = checked;
  const shareImage = share_image && media.image(share_image, 'site.yaml', 'share_image');
  return { ...rest, icons: iconsOf(media, icons, folder.report), ...(shareImage ? { share_image: shareImage } : {}) };
}

function companyOf(folder: ContentFolder, media: MediaLibrary, body: BodyResolver, source: string, base: string): Company | undefined {
  const loaded = folder.record({ file: 'company.md', source }, companySchema, body);
  if (!loaded) return undefined;
  const { legal_name, trade_name, logo, cnpj, identifiers: written = [], ...data } = loaded.data;
  const identified = companyIdentifiers(cnpj, written);
  if ('message' in identified) {
    folder.report('company.md', identified.field, identified.message);
    return undefined;
  }
  const image = logo && media.image(logo, 'company.md', 'logo');
  return {
    legal_name,
    trade_name,
    ...(identified.cnpj === undefined ? {} : { cnpj: identified.cnpj }),
    identifiers: identified.identifiers,
    ...data,
    ...(image ? { logo: image } : {}),
    url: base + paths.company(),
    markdown_url: base + paths.companyMirror(),
    markdown: loaded.body,
  };
}

/** A record's `image`, resolved: `{}` when it has none (or it is broken, which is reported). */
function imageOf(media: MediaLibrary, ref: z.output<typeof imageRef> | undefined, file: string): { image?: Image } {
  const image = ref && media.image(ref, file, 'image');
  return image ? { image } : {};
}

function productsOf(folder: ContentFolder, media: MediaLibrary, body: BodyResolver, files: readonly SourceFile[], site: Site, base: string): Product[] {
  const products: Product[] = [];
  const fields = productSchema(site);
  for (const file of files) {
    const loaded = folder.record(file, fields, body);
    if (!loaded) continue;
    const { image, ...data } = loaded.data;
    products.push({
      ...data,
      ...imageOf(media, image, file.file),
      links: Object.fromEntries(Object.entries(data.links).map(([name, href]) => [name, href.startsWith('/') ? base + href : href])),
      slug: file.slug,
      locale: site.default_locale,
      translations: [],
      status: data.status as Product['status'],
      url: base + paths.product(site, file.slug),
      markdown_url: base + paths.productMirror(site, file.slug),
      markdown: loaded.body,
    } as Omit<Product, 'text'> as Product);
  }
  return products;
}

/**
 * The products translated into `locale` (`products/<locale>/<slug>.md`):
 * each names a product of the default locale by its file name and gives its
 * words in that language; the rest is the original's.
 */
function productTranslationsOf(
  folder: ContentFolder,
  media: MediaLibrary,
  body: BodyResolver,
  files: readonly SourceFile[],
  originals: readonly Product[],
  site: Site,
  base: string,
  locale: string,
): Product[] {
  const bySlug = new Map(originals.map((product) => [product.slug, product]));
  const fields = productTranslationSchema(site);
  const translations: Product[] = [];
  for (const file of files) {
    const original = bySlug.get(file.slug);
    if (!original) {
      const slugs = [...bySlug.keys()];
      folder.report(file.file, 'file name', withSuggestion(`"${file.slug}" is not a product of products/ (${slugs.join(', ') || 'there is none'}), which a translation must name`, closest(file.slug, slugs)));
      continue;
    }
    const loaded = folder.record(file, fields, body);
    if (!loaded) continue;
    const { image, links, ...data } = loaded.data;
    translations.push({
      ...original,
      ...data,
      ...(image ? imageOf(media, image, file.file) : {}),
      ...(links ? { links: Object.fromEntries(Object.entries(links).map(([name, href]) => [name, href.startsWith('/') ? base + href : href])) } : {}),
      locale,
      translations: [],
      url: base + paths.product(site, file.slug, locale),
      markdown_url: base + paths.productMirror(site, file.slug, locale),
      markdown: loaded.body,
    });
  }
  return translations;
}

/** The posts, and the translation key each names (linked once every post is read). */
function postsOf(
  folder: ContentFolder,
  media: MediaLibrary,
  body: BodyResolver,
  files: readonly SourceFile[],
  site: Site,
  base: string,
): { records: Post[]; translationKeys: Map<Post, string> } {
  const records: Post[] = [];
  const translationKeys = new Map<Post, string>();
  const fields = postSchema(site);
  for (const file of files) {
    const loaded = folder.record(file, fields, body);
    if (!loaded) continue;
    const { data } = loaded;
    const categories = site.post_categories[data.locale] ?? [];
    if (!categories.includes(data.category)) {
      folder.report(
        file.file,
        'category',
        categories.length
          ? withSuggestion(`must be one of ${categories.join(', ')} for locale ${data.locale}`, closest(data.category, categories))
          : `site.yaml lists no post categories for locale ${data.locale}`,
      );
      continue;
    }
    const { translation_key, image, ...rest } = data;
    const post = {
      ...rest,
      ...imageOf(media, image, file.file),
      slug: file.slug,
      translations: [],
      url: base + paths.post(file.slug),
      markdown_url: base + paths.postMirror(file.slug),
      markdown: loaded.body,
    } as Omit<Post, 'text' | 'reading_time_minutes'> as Post;
    records.push(post);
    if (translation_key) translationKeys.set(post, translation_key);
  }
  return { records, translationKeys };
}

/**
 * The institutional pages of one locale: in the default locale, exactly
 * those site.yaml lists, each once; in another (`pages/<locale>/`), any of
 * them: a page not translated is shown in the default locale.
 */
function pagesOf(folder: ContentFolder, media: MediaLibrary, body: BodyResolver, files: readonly SourceFile[], site: Site, base: string, locale: string): Page[] {
  const pages: Page[] = [];
  const translated = locale !== site.default_locale;
  for (const file of files) {
    if (!site.page_slugs.includes(file.slug)) {
      folder.report(
        file.file,
        'file name',
        withSuggestion(`"${file.slug}" is not one of the page_slugs of site.yaml (${site.page_slugs.join(', ')})`, closest(file.slug, site.page_slugs)),
      );
      continue;
    }
    const loaded = folder.record(file, pageSchema, body);
    if (!loaded) continue;
    const { image, ...data } = loaded.data;
    pages.push({
      ...data,
      ...imageOf(media, image, file.file),
      slug: file.slug,
      locale,
      translations: [],
      url: base + paths.page(site, file.slug, locale),
      markdown_url: base + paths.pageMirror(site, file.slug, locale),
      markdown: loaded.body,
    } as Omit<Page, 'text'> as Page);
  }
  if (!translated) {
    const found = new Set(files.map((file) => file.slug));
    for (const slug of site.page_slugs) {
      if (!found.has(slug)) folder.report(`pages/${slug}.md`, undefined, `is missing (site.yaml lists the page "${slug}")`);
    }
  }
  return pages;
}

/** Links each page (or product) to the same slug in the other locales. */
function linkSlugTranslations<R extends Page | Product>(byLocale: ReadonlyMap<string, readonly R[]>, title: (record: R) => string): void {
  const bySlug = new Map<string, R[]>();
  for (const records of byLocale.values()) for (const record of records) bySlug.set(record.slug, [...(bySlug.get(record.slug) ?? []), record]);
  for (const group of bySlug.values()) {
    for (const record of group) {
      (record as { translations: readonly TranslationLink[] }).translations = group
        .filter((other) => other !== record)
        .map((other) => ({ locale: other.locale, slug: other.slug, title: title(other), url: other.url, markdown_url: other.markdown_url }));
    }
  }
}

interface Parts {
  readonly site: Site;
  readonly messages: ReadonlyMap<string, Messages>;
  readonly company: Company;
  readonly productsByLocale: ReadonlyMap<string, Product[]>;
  readonly posts: Post[];
  readonly pagesByLocale: ReadonlyMap<string, Page[]>;
  readonly media: ReadonlyMap<string, MediaBytes>;
  readonly bodyPictures: ReadonlyMap<string, BodyPicture>;
  readonly base: string;
  /** Computed on first read: hashing every file is not needed for the first answer (see withVersion). */
  readonly version: () => string;
  readonly loadedAt: Date;
}

/** The Catalog: every collection ordered once (products by `order`, posts and pages newest first), indexed by slug, frozen. */
function assemble({ site, messages, company, productsByLocale, posts, pagesByLocale, media, bodyPictures, base, version, loadedAt }: Parts): Catalog {
  const productsOfLocale = new Map<string, ProductsOfLocale>();
  for (const [locale, list] of productsByLocale) {
    list.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
    productsOfLocale.set(locale, { products: list, bySlug: new Map(list.map((p) => [p.slug, p])) });
  }
  const products = productsOfLocale.get(site.default_locale)!;
  posts.sort((a, b) => b.published_at.localeCompare(a.published_at) || a.slug.localeCompare(b.slug));
  const navigation = (slug: string) => site.page_slugs.indexOf(slug);
  const localized = new Map<string, PagesOfLocale>();
  for (const [locale, list] of pagesByLocale) {
    list.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || navigation(a.slug) - navigation(b.slug));
    localized.set(locale, { pages: list, bySlug: new Map(list.map((p) => [p.slug, p])) });
  }
  const pages = localized.get(site.default_locale)!;
  return deepFreeze(
    withVersion(version, {
      loaded_at: loadedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      base_url: base,
      site,
      messages,
      company,
      products: products.products,
      productsByLocale: productsOfLocale,
      posts,
      pages: pages.pages,
      pagesByLocale: localized,
      media,
      bodyPictures,
      productsBySlug: products.bySlug,
      postsBySlug: new Map(posts.map((p) => [p.slug, p])),
      pagesBySlug: pages.bySlug,
    }),
  );
}

/**
 * Defines the Catalog's `version` as computed on first read: it hashes every
 * file read, which on a large folder takes as long as validating a few
 * thousand records, and no answer but the health record needs it.
 */
function withVersion(compute: () => string, catalog: Omit<Catalog, 'version'>): Catalog {
  let version: string | undefined;
  // Let go of what the hash reads (every file's text) once it is made.
  let hash: (() => string) | undefined = compute;
  return Object.defineProperty(catalog, 'version', {
    enumerable: true,
    get: () => {
      if (version === undefined) {
        version = hash!();
        hash = undefined;
      }
      return version;
    },
  }) as Catalog;
}

/** Reports one problem: file, field (if one is at fault), what is wrong. */
type Report = (file: string, field: string | undefined, message: string) => void;

function checkSite(parsed: z.output<typeof siteSchema>, file: string, report: Report): (Omit<z.output<typeof siteSchema>, 'search'> & Pick<Site, 'all_post_categories' | 'search'>) | undefined {
  let found = false;
  const problem = (field: string, message: string) => {
    found = true;
    report(file, field, message);
  };
  const duplicates = (field: string, values: readonly string[]) => {
    const seen = new Set<string>();
    for (const value of values) {
      if (seen.has(value)) problem(field, `lists "${value}" twice`);
      seen.add(value);
    }
  };
  duplicates('locales', parsed.locales);
  duplicates('product_tags', parsed.product_tags);
  duplicates('page_slugs', parsed.page_slugs);
  if (!parsed.locales.includes(parsed.default_locale)) {
    problem('default_locale', withSuggestion(`must be one of the locales (${parsed.locales.join(', ')})`, closest(parsed.default_locale, parsed.locales)));
  }
  for (const [locale, categories] of Object.entries(parsed.post_categories)) {
    if (!parsed.locales.includes(locale)) {
      problem(`post_categories.${locale}`, withSuggestion(`is not one of the locales (${parsed.locales.join(', ')})`, closest(locale, parsed.locales)));
    }
    duplicates(`post_categories.${locale}`, categories);
  }
  for (const { field, message } of stemmerProblems(parsed.locales)) problem(field, message);
  const search = checkSearch(parsed.search, parsed.locales);
  for (const { field, message } of search.problems) problem(field, message);
  if (found) return undefined;
  const all = [...new Set(Object.values(parsed.post_categories).flat())];
  return { ...parsed, search: search.search, all_post_categories: all };
}

/** Joins posts that share a `translation_key`: at most one per locale. */
function linkTranslations(posts: Post[], keys: Map<Post, string>, report: Report): Post[] {
  const groups = new Map<string, Post[]>();
  for (const [post, key] of keys) groups.set(key, [...(groups.get(key) ?? []), post]);
  const links = new Map<Post, TranslationLink[]>();
  for (const [key, group] of groups) {
    const locales = new Map<string, Post>();
    for (const post of group) {
      const other = locales.get(post.locale);
      if (other) {
        report(`posts/${post.slug}.md`, 'translation_key', `"${key}" already has a ${post.locale} post (${other.slug})`);
      }
      locales.set(post.locale, post);
    }
    for (const post of group) {
      links.set(
        post,
        group
          .filter((other) => other !== post && other.locale !== post.locale)
          .map(({ locale, slug, title, url, markdown_url }) => ({ locale, slug, title, url, markdown_url })),
      );
    }
  }
  for (const post of posts) (post as { translations: readonly TranslationLink[] }).translations = links.get(post) ?? [];
  return posts;
}

/**
 * Defines `text`, the body as plain text, as a property computed when read:
 * parsing every body is most of the work of loading a large site, and the
 * server can answer before it is done. It is read twice in a Catalog's life:
 * by the search index (built in the background once the server listens),
 * which keeps it with the summary for its excerpts, and for a post's reading
 * time, which is kept (`made` is told each text made). Kept here as well,
 * every body's text was held twice (about 30 MB at 10,000 articles).
 */
function withPlainText<T extends Product | Post | Page>(record: T, made?: (text: string) => void): T {
  return Object.defineProperty(record, 'text', {
    enumerable: true,
    get: () => {
      const text = markdownToText(record.markdown);
      made?.(text);
      return text;
    },
  });
}

/**
 * Defines a post's `text` and its `reading_time_minutes`, counted from the
 * first text made: on its first read, or before it when the search index
 * reads the text (it reads every post's), so the body is parsed once for both.
 */
function withTextAndReadingTime(post: Post): Post {
  let minutes: number | undefined;
  const count = (text: string) => (minutes ??= Math.max(1, Math.ceil(wordCount(text) / READING_SPEED)));
  withPlainText(post, count);
  return Object.defineProperty(post, 'reading_time_minutes', { enumerable: true, get: () => minutes ?? count(post.text) });
}

/** What describeIoError says of a file that does not exist. */
const MISSING = 'is missing';

function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return MISSING;
  if (code === 'EISDIR') return 'is a folder, not a file';
  if (code === 'ENOTDIR') return 'is a file, not a folder';
  if (code === 'EACCES') return 'cannot be read (permission denied)';
  return `cannot be read (${code ?? String(error)})`;
}

function deepFreeze<T>(value: T): T {
  // A Buffer (a media file's bytes) cannot be frozen; nothing hands it out to write to.
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !Buffer.isBuffer(value)) {
    if (value instanceof Map) {
      for (const item of value.values()) deepFreeze(item);
      // A frozen Map can still be mutated through set/delete; block them.
      const map = value as Map<unknown, unknown>;
      map.set = map.delete = map.clear = () => {
        throw new TypeError('Catalog is immutable');
      };
    } else {
      // Properties computed on first read (withPlainText) are left unread: they are strings.
      for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(value))) if ('value' in descriptor) deepFreeze(descriptor.value);
    }
    Object.freeze(value);
  }
  return value;
}
