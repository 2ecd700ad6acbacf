import { paths } from '../routes/table.js';
import type { ContentFolder, SourceFile } from './content-folder.js';
import type { MediaLibrary } from './media-library.js';
import { imageOf } from './media-library.js';
import type { BodyResolver } from './record-bodies.js';
import { pageSchema } from './schemas.js';
import { closest, withSuggestion } from '../util/suggest.js';
import type { Page, Site } from './types.js';
import { documentUsage } from './ai-usage.js';

/**
 * The institutional pages of one locale: in the default locale, exactly
 * those site.yaml lists, each once; in another (`pages/<locale>/`), any of
 * them: a page not translated is shown in the default locale. `originals`:
 * the default locale's pages, whose usage preferences a translation keeps.
 */
export function pagesOf(
  folder: ContentFolder,
  media: MediaLibrary,
  body: BodyResolver,
  files: readonly SourceFile[],
  site: Site,
  base: string,
  locale: string,
  originals: readonly Page[] = [],
): Page[] {
  const pages: Page[] = [];
  // A translation states what automated systems may do with it as its original does, unless it says otherwise.
  const originalUsage = new Map(originals.map((page) => [page.slug, page.ai_usage]));
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
    const { image, ai_usage, ...data } = loaded.data;
    pages.push({
      ...data,
      ...imageOf(media, image, file.file),
      ai_usage: documentUsage(originalUsage.get(file.slug) ?? site.ai_usage, ai_usage),
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
