/**
 * The locale each imported document is written in, among the content
 * folder's: an export names languages its own way (WordPress `en-US`,
 * Polylang's `pt` or `pt-br`, Ghost's `en`), the folder as BCP 47 tags.
 */

/** The locale of `known` that `tag` names: the same tag, else the first of the same language. */
export function matchLocale(tag: string | undefined, known: readonly string[]): string | undefined {
  const canonical = canonicalTag(tag);
  if (canonical === undefined) return undefined;
  const exact = known.find((locale) => locale.toLowerCase() === canonical.toLowerCase());
  if (exact) return exact;
  const language = canonical.split('-')[0]!.toLowerCase();
  return known.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
}

/** `tag` as a canonical BCP 47 tag (`en_US` is `en-US`), or undefined when it is none. */
export function canonicalTag(tag: string | undefined): string | undefined {
  const trimmed = tag?.trim().replace(/_/g, '-');
  if (!trimmed) return undefined;
  try {
    return Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return undefined;
  }
}
