import { assemble } from './catalog-assembly.js';
import { companyOf } from './company-record.js';
import type { ContentProblem, RecordFiles } from './content-folder.js';
import { ContentFolder } from './content-folder.js';
import { loadMessages } from './frame-messages.js';
import type { PictureSettings } from './media-library.js';
import { DEFAULT_PICTURE_SETTINGS, MediaLibrary } from './media-library.js';
import { pagesOf } from './page-records.js';
import { postsOf } from './post-records.js';
import { productsOf, productTranslationsOf } from './product-records.js';
import type { BodyResolver } from './record-bodies.js';
import { bodyResolver, recordUrls } from './record-bodies.js';
import { withPlainText, withTextAndReadingTime } from './record-text.js';
import { loadRedirects } from './redirects.js';
import { loadSite } from './site-settings.js';
import { linkSlugTranslations, linkTranslations } from './translation-links.js';
import type { Catalog, Page, Product, Redirect, Site } from './types.js';

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
  const { catalog } = await loadFolder(folder, options);
  if (!catalog) throw new ContentError(folder.root, folder.problems);
  return catalog;
}

/** What loadFolder read, and the Catalog it made. */
interface FolderLoad {
  /** site.yaml, when it is valid: without it the load stops before reading the records. */
  readonly site?: Site;
  readonly records?: RecordFiles;
  /** redirects.yaml, when it is valid (none when it is absent). */
  readonly redirects?: readonly Redirect[];
  /** Made only when the folder has no problem; those found are the folder's `problems`. */
  readonly catalog?: Catalog;
}

/**
 * loadCatalog's steps on the folder `folder` reads, which keeps every
 * problem found; what it read is handed back with the Catalog, so a reader
 * that judges more than the loader (the check) reads the folder once.
 */
export async function loadFolder(folder: ContentFolder, options: Omit<LoadOptions, 'dir'>): Promise<FolderLoad> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const media = new MediaLibrary(folder, base, options.pictures ?? DEFAULT_PICTURE_SETTINGS);
  const site = await loadSite(folder, media);
  if (!site) return {};
  const [messages, redirects] = await Promise.all([loadMessages(folder, site), loadRedirects(folder)]);
  const read = { site, ...(redirects ? { redirects } : {}) };
  const records = await folder.readRecords(site.locales.filter((locale) => locale !== site.default_locale));
  // Every record file read, whether or not it turns out valid, may be linked to: a broken one is reported on its own.
  const body = bodyResolver(folder, { base, records: recordUrls(base, site, records), picture: (file, use) => media.linkTo(file, use) });
  const { company, productsByLocale, posts, pagesByLocale } = recordsOf({ folder, media, body, site, base }, records);
  await media.decodeAll();
  if (folder.problems.length > 0 || !company || !redirects) return { ...read, records };
  for (const record of [...[...productsByLocale.values()].flat(), ...[...pagesByLocale.values()].flat()]) withPlainText(record);
  for (const post of posts) withTextAndReadingTime(post);
  const catalog = assemble({
    site,
    messages,
    company,
    productsByLocale,
    posts,
    pagesByLocale,
    redirects,
    media: media.files,
    bodyPictures: media.bodyPictures,
    base,
    version: () => folder.version(),
    loadedAt: options.now?.() ?? new Date(),
  });
  return { ...read, records, catalog };
}

/** What every record is read with. */
interface RecordReading {
  readonly folder: ContentFolder;
  readonly media: MediaLibrary;
  readonly body: BodyResolver;
  readonly site: Site;
  readonly base: string;
}

/** The records of every kind and locale, each file validated on its own, then linked to their translations. */
function recordsOf({ folder, media, body, site, base }: RecordReading, files: RecordFiles) {
  const company = files.company && companyOf(folder, media, body, files.company.source, base);
  const products = productsOf(folder, media, body, files.products, site, base);
  const productsByLocale = new Map<string, Product[]>([[site.default_locale, products]]);
  for (const { locale, products: translated } of files.translations) productsByLocale.set(locale, productTranslationsOf(folder, media, body, translated, { products, written: files.products.map((file) => file.slug) }, site, base, locale));
  const posts = postsOf(folder, media, body, files.posts, site, base);
  const originals = pagesOf(folder, media, body, files.pages, site, base, site.default_locale);
  const pagesByLocale = new Map<string, Page[]>([[site.default_locale, originals]]);
  for (const { locale, pages } of files.translations) pagesByLocale.set(locale, pagesOf(folder, media, body, pages, site, base, locale, originals));
  const linkedPosts = linkTranslations(posts.records, posts.translationKeys, folder.report);
  linkSlugTranslations(pagesByLocale, (page) => page.title);
  linkSlugTranslations(productsByLocale, (product) => product.name);
  return { company, productsByLocale, posts: linkedPosts, pagesByLocale };
}
