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
      folder.report(file.file, 'file name', unlistedPage(file.slug, site, translated));
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

/**
 * What a page file whose slug site.yaml does not list is told: the slug it
 * is likely a slip of; else, for a page of the default locale, the line of
 * site.yaml that publishes it (at the end of the navigation); for a
 * translation, that the default locale's page comes first.
 */
function unlistedPage(slug: string, site: Site, translated: boolean): string {
  const problem = `"${slug}" is not one of the page_slugs of site.yaml (${site.page_slugs.join(', ')})`;
  const near = closest(slug, site.page_slugs);
  if (near.length > 0) return withSuggestion(problem, near);
  if (translated) return `${problem}; a translation follows a page of the default locale: write pages/${slug}.md and list it there`;
  return `${problem}; to publish it, list it there: page_slugs: [${[...site.page_slugs, slug].join(', ')}]`;
}
