import anyAscii from 'any-ascii';

/**
 * Slugs as the content folder takes them (lowercase ASCII letters, digits
 * and single hyphens: SLUG of src/content/schemas.ts), made from the slugs
 * exports give: percent-decoded, transliterated from any script
 * (`привет-мир` is `privet-mir`), with a file extension some permalinks
 * carry (`basic-post.html`) left off.
 */

/** `raw` as a slug, or '' when it has no letter or digit in any script. */
export function toSlug(raw: string): string {
  return anyAscii(raw.replace(/\.(?:html?|php|aspx?)$/i, ''))
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** Hands out slugs that are unique within one collection (posts, pages or products). */
export class SlugSet {
  readonly #taken = new Set<string>();

  constructor(taken: Iterable<string> = []) {
    for (const slug of taken) this.#taken.add(slug);
  }

  has(slug: string): boolean {
    return this.#taken.has(slug);
  }

  /** `wanted` if free, else `prefix-wanted` (when a prefix is given and free), else `wanted-2`, `wanted-3`, ... */
  claim(wanted: string, prefix?: string): string {
    let slug = wanted;
    if (this.#taken.has(slug) && prefix && !this.#taken.has(`${prefix}-${wanted}`)) slug = `${prefix}-${wanted}`;
    for (let n = 2; this.#taken.has(slug); n++) slug = `${wanted}-${n}`;
    this.#taken.add(slug);
    return slug;
  }
}
