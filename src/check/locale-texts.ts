import type { Catalog } from '../content/types.js';
import { lineOfField } from './field-lines.js';

/**
 * Picture texts a page of one locale would show in another language: the
 * share image's alt text of site.yaml given once (or per locale, leaving
 * some out), which every locale without its own shows in the default
 * locale's language, and a product translation that keeps its original's
 * picture, whose alt text is written in the original's language. The
 * content is valid (the pages serve); each is a warning that names the
 * file, the field and what to write.
 */

export interface LocaleTextProblem {
  readonly file: string;
  readonly line: number | null;
  readonly field: string;
  readonly message: string;
  readonly severity: 'warning';
}

/** Quoted, and cut where it is long: enough for an author to recognise the text. */
function quoted(text: string): string {
  return `"${text.length > 60 ? `${text.slice(0, 59)}\u2026` : text}"`;
}

export function localeTextProblems(catalog: Catalog, siteSource: string | undefined): LocaleTextProblem[] {
  return [...siteTextProblems(catalog, siteSource), ...translatedPictureProblems(catalog)];
}

/** share_image.alt: each locale of the site without its own text shows the default locale's. */
function siteTextProblems(catalog: Catalog, siteSource: string | undefined): LocaleTextProblem[] {
  const { site } = catalog;
  const texts: { field: string; byLocale: Readonly<Record<string, string>>; shownIn: string }[] = site.share_image ? [{ field: 'share_image.alt', byLocale: site.share_image_alt, shownIn: 'share cards' }] : [];
  return texts.flatMap(({ field, byLocale, shownIn }) => {
    const missing = site.locales.filter((locale) => byLocale[locale] === undefined);
    if (missing.length === 0) return [];
    const text = byLocale[site.default_locale]!;
    const example = [site.default_locale, ...missing].map((locale) => `${locale}: ...`).join(', ');
    return [
      {
        file: 'site.yaml',
        line: (siteSource === undefined ? undefined : lineOfField(siteSource, field)) ?? null,
        field,
        message: `has no text for ${missing.join(', ')}, whose ${shownIn} show the ${site.default_locale} text ${quoted(text)}; give one per locale: {${example}}`,
        severity: 'warning' as const,
      },
    ];
  });
}

/** A product translation without `image` shows its original's picture, and the original's alt text with it. */
function translatedPictureProblems(catalog: Catalog): LocaleTextProblem[] {
  const originals = new Map(catalog.products.map((product) => [product.slug, product]));
  const problems: LocaleTextProblem[] = [];
  for (const [locale, { products }] of catalog.productsByLocale) {
    if (locale === catalog.site.default_locale) continue;
    for (const product of products) {
      const original = originals.get(product.slug);
      if (!original?.image || product.image !== original.image) continue;
      problems.push({
        file: `products/${locale}/${product.slug}.md`,
        line: null,
        field: 'image',
        message: `is not given, so the ${locale} page shows the picture of products/${product.slug}.md with its ${original.locale} alt text ${quoted(original.image.alt)}; give this translation its own text: image: {alt: "..."}`,
        severity: 'warning',
      });
    }
  }
  return problems;
}
