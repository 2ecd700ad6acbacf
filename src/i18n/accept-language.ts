/**
 * The locale of `locales` a reader's `Accept-Language` (RFC 9110 section
 * 12.5.4) prefers, by RFC 4647 lookup made lenient in both directions: a
 * range names a locale when their tags are equal (case aside) or share
 * their language (`fr-CH` finds `fr`, `de` finds `de-AT`). Ranges are taken
 * by their weight, the first written first among equals; `*` and a weight of
 * 0 name nothing. Undefined when no range names one of `locales`.
 */
export function preferredLocale(header: string | undefined, locales: readonly string[]): string | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { range: range.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ range, weight }) => weight > 0 && range !== '' && range !== '*')
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const language = (tag: string) => tag.split('-')[0];
  for (const { range } of ranges) {
    const exact = locales.find((locale) => locale.toLowerCase() === range);
    if (exact) return exact;
    const near = locales.find((locale) => language(locale.toLowerCase()) === language(range));
    if (near) return near;
  }
  return undefined;
}
