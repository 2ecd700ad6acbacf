import type { Image, Site } from './types.js';

/**
 * The texts of site.yaml that readers see, in the language of the page,
 * mirror or feed that shows them: site.yaml may give each per locale, and
 * a locale it leaves out shows the default locale's (`vitrine check` warns).
 */

/** The sentence on the company in `locale`. */
export function descriptionIn(site: Site, locale: string): string {
  return site.descriptions[locale] ?? site.description;
}

/** The site's share image with its alt text in `locale`. */
export function shareImageIn(site: Site, locale: string): Image | undefined {
  const image = site.share_image;
  const alt = site.share_image_alt[locale];
  return image && alt !== undefined ? { ...image, alt } : image;
}

/** The label `tag` (of a product or a post) shows on `locale`'s pages: tag_labels' for that locale, else the tag as written. */
export function tagLabel(site: Site, tag: string, locale: string): string {
  return site.tag_labels[tag]?.[locale] ?? tag;
}

/** `tags` as `locale`'s pages show them, in the same order. */
export function tagLabels(site: Site, tags: readonly string[], locale: string): string[] {
  return tags.map((tag) => tagLabel(site, tag, locale));
}
