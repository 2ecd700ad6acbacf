import { assemble } from './catalog-assembly.js';
import { bodyResolver, recordUrls } from './body-resolver.js';
import { companyOf } from './company-record.js';
import type { ContentProblem } from './content-folder.js';
import { ContentFolder } from './content-folder.js';
import { loadMessages } from './frame-messages.js';
import type { PictureSettings } from './media-library.js';
import { DEFAULT_PICTURE_SETTINGS, MediaLibrary } from './media-library.js';
import { pagesOf } from './page-records.js';
import { postsOf } from './post-records.js';
import { productsOf, productTranslationsOf } from './product-records.js';
import { withPlainText, withTextAndReadingTime } from './record-text.js';
import { loadSite } from './site-settings.js';
import { linkSlugTranslations, linkTranslations } from './translation-links.js';
import type { Catalog, Page, Product } from './types.js';

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
  const base = options.baseUrl.replace(/\/+$/, '');
  const media = new MediaLibrary(folder, base, options.pictures ?? DEFAULT_PICTURE_SETTINGS);
  const site = await loadSite(folder, media);
  if (!site) throw new ContentError(folder.root, folder.problems);
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
  if (folder.problems.length > 0 || !company) throw new ContentError(folder.root, folder.problems);
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
