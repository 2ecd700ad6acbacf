import type { z } from 'zod';
import type { ContentFolder, Report } from './content-folder.js';
import { parseYaml } from '../util/front-matter.js';
import type { MediaLibrary } from './media-library.js';
import { siteSchema } from './schemas.js';
import { checkSearch, stemmerProblems } from './search-words.js';
import { closest, closestLocale, withSuggestion } from '../util/suggest.js';
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
  const { icons, share_image, description, ai_usage, ...rest } = checked;
  const descriptions = byLocale(description, rest.default_locale);
  const shareImageAlt = share_image ? byLocale(share_image.alt, rest.default_locale) : {};
  const shareImage = share_image && media.image({ file: share_image.file, alt: shareImageAlt[rest.default_locale]! }, 'site.yaml', 'share_image');
  return {
    ...rest,
    description: descriptions[rest.default_locale]!,
    descriptions,
    icons: iconsOf(media, icons, folder.report),
    ...(shareImage ? { share_image: shareImage } : {}),
    share_image_alt: shareImageAlt,
    ai_usage: documentUsage(NO_PREFERENCE, ai_usage),
  };
}

/** A text of site.yaml given once (the default locale's) or per locale, as a text per locale. */
function byLocale(value: string | Readonly<Record<string, string>>, defaultLocale: string): Readonly<Record<string, string>> {
  return typeof value === 'string' ? { [defaultLocale]: value } : value;
}

type CheckedSite = Omit<z.output<typeof siteSchema>, 'search'> & Pick<Site, 'all_post_categories' | 'search'>;

function checkSite(parsed: z.output<typeof siteSchema>, file: string, report: Report): CheckedSite | undefined {
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
  duplicates('post_tags', parsed.post_tags);
  duplicates('page_slugs', parsed.page_slugs);
  if (!parsed.locales.includes(parsed.default_locale)) {
    problem('default_locale', withSuggestion(`must be one of the locales (${parsed.locales.join(', ')})`, closestLocale(parsed.default_locale, parsed.locales)));
  }
  for (const [locale, categories] of Object.entries(parsed.post_categories)) {
    if (!parsed.locales.includes(locale)) {
      problem(`post_categories.${locale}`, withSuggestion(`is not one of the locales (${parsed.locales.join(', ')})`, closestLocale(locale, parsed.locales)));
    }
    duplicates(`post_categories.${locale}`, categories);
  }
  for (const { field, message } of [...localeTextProblems(parsed), ...tagLabelProblems(parsed)]) problem(field, message);
  for (const { field, message } of stemmerProblems(parsed.locales)) problem(field, message);
  const search = checkSearch(parsed.search, parsed.locales);
  for (const { field, message } of search.problems) problem(field, message);
  if (found) return undefined;
  const all = [...new Set(Object.values(parsed.post_categories).flat())];
  return { ...parsed, search: search.search, all_post_categories: all };
}

interface SiteProblem {
  readonly field: string;
  readonly message: string;
}

/** A key of a mapping by locale that is no locale of the site, with the nearest. */
function unknownLocale(field: string, locale: string, locales: readonly string[]): SiteProblem {
  return { field, message: withSuggestion(`is not one of the locales (${locales.join(', ')})`, closestLocale(locale, locales)) };
}

/** The texts given per locale (description, share_image.alt): each of a locale of the site, the default locale's among them. */
function localeTextProblems(parsed: z.output<typeof siteSchema>): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const texts: [string, string | Readonly<Record<string, string>> | undefined][] = [
    ['description', parsed.description],
    ['share_image.alt', parsed.share_image?.alt],
  ];
  for (const [field, value] of texts) {
    if (value === undefined || typeof value === 'string') continue;
    for (const locale of Object.keys(value)) if (!parsed.locales.includes(locale)) problems.push(unknownLocale(`${field}.${locale}`, locale, parsed.locales));
    if (value[parsed.default_locale] === undefined) {
      problems.push({ field, message: `has no text for the default locale (${parsed.default_locale}), which every locale without its own shows; add ${parsed.default_locale}: ...` });
    }
  }
  return problems;
}

/**
 * tag_labels: each of a tag of product_tags or post_tags, each label of a
 * locale of the site, without a comma (the site's filter takes a label as it
 * takes a tag), and no two tags shown alike on one locale's pages.
 */
function tagLabelProblems(parsed: z.output<typeof siteSchema>): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const tags = [...new Set([...parsed.product_tags, ...parsed.post_tags])];
  for (const [tag, labels] of Object.entries(parsed.tag_labels)) {
    const field = `tag_labels.${tag}`;
    if (!tags.includes(tag)) {
      problems.push({ field, message: withSuggestion(`is not a tag of product_tags or post_tags (${tags.join(', ')})`, closest(tag, tags)) });
      continue;
    }
    for (const [locale, label] of Object.entries(labels)) {
      if (!parsed.locales.includes(locale)) problems.push(unknownLocale(`${field}.${locale}`, locale, parsed.locales));
      else if (label.includes(',')) problems.push({ field: `${field}.${locale}`, message: 'must not contain a comma (filters list several values separated by commas)' });
    }
  }
  // A label that reads as another tag (or its label) on the same pages would make two tags one to readers and to the filter.
  for (const locale of parsed.locales) {
    const shownAs = new Map<string, { tag: string; labelled: boolean }>();
    for (const tag of tags) {
      const label = parsed.tag_labels[tag]?.[locale];
      const key = (label ?? tag).toLowerCase();
      const other = shownAs.get(key);
      if (other !== undefined && (label !== undefined || other.labelled)) {
        problems.push({ field: `tag_labels.${label === undefined ? other.tag : tag}.${locale}`, message: `shows "${other.tag}" and "${tag}" alike on the ${locale} pages; give each its own label` });
      }
      if (other === undefined) shownAs.set(key, { tag, labelled: label !== undefined });
    }
  }
  return problems;
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
