import type { z } from 'zod';
import type { ContentFolder, Report } from './content-folder.js';
import { parseYaml } from '../util/front-matter.js';
import type { MediaLibrary } from './media-library.js';
import { siteSchema } from './schemas.js';
import { checkSearch, stemmerProblems } from './search-words.js';
import { closest, withSuggestion } from '../util/suggest.js';
import type { MediaFile, Site, SiteIcons } from './types.js';
import { documentUsage, NO_PREFERENCE } from './ai-usage.js';

/** The taxonomy, site.yaml: everything else is validated against it. */
export async function loadSite(folder: ContentFolder, media: MediaLibrary): Promise<Site | undefined> {
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
  const { icons, share_image, ai_usage, ...rest } = checked;
  const shareImage = share_image && media.image(share_image, 'site.yaml', 'share_image');
  return { ...rest, icons: iconsOf(media, icons, folder.report), ...(shareImage ? { share_image: shareImage } : {}), ai_usage: documentUsage(NO_PREFERENCE, ai_usage) };
}

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
