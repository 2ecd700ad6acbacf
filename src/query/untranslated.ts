import type { Catalog, Page, Product, TranslationLink } from '../content/types.js';

/**
 * The one rule for a record asked for in a locale it has no translation in:
 * a page or a product is written in the site's default locale first and
 * translated where the content has `pages/<locale>/<slug>.md` or
 * `products/<locale>/<slug>.md`. Asked for in a locale it is not translated
 * into, it is answered in the default locale's text, and the answer says so:
 * which locale was asked for, which one it is in (the record's own
 * `locale`), and every locale it exists in. The API and MCP add that as
 * `fallback` beside the record, with `Content-Language`; the markdown mirror
 * of `/md/<locale>/...` opens with a note in the asked language; the site's
 * page at the locale's address shows the default locale's page (its `lang`,
 * its `Content-Language`), with the same note. Lists are another matter:
 * there `locale` is a filter, and a list it empties says what other locales
 * hold instead (src/query/empty-lists.ts).
 */

/** What an answer in another locale than the one asked for says of itself. */
export interface Fallback {
  /** The locale asked for, which the record has no translation in. */
  readonly requested_locale: string;
  /** Every locale the record is written in, in the site's order: the default one and each translation's. */
  readonly available_locales: readonly string[];
}

/** A record as asked for in a locale: the translation, or the default locale's with what says so. */
export interface InLocale<R> {
  readonly record: R;
  readonly fallback?: Fallback;
}

type Translated = { readonly locale: string; readonly translations: readonly TranslationLink[] };

/** The locales `record` is written in, in the site's order. */
export function localesOf(catalog: Catalog, record: Translated): readonly string[] {
  const own = new Set([record.locale, ...record.translations.map((t) => t.locale)]);
  return catalog.site.locales.filter((locale) => own.has(locale));
}

/**
 * `slug` in `locale` (the default locale when none is asked): the
 * translation when `byLocale` has it there, else the default locale's record
 * with its fallback; none when the default locale has no such record either.
 */
function inLocale<R extends Translated>(
  catalog: Catalog,
  byLocale: ReadonlyMap<string, { readonly bySlug: ReadonlyMap<string, R> }>,
  slug: string,
  locale: string | undefined,
): InLocale<R> | undefined {
  const fallbackLocale = catalog.site.default_locale;
  const asked = locale ?? fallbackLocale;
  const translated = byLocale.get(asked)?.bySlug.get(slug);
  if (translated) return { record: translated };
  const record = byLocale.get(fallbackLocale)?.bySlug.get(slug);
  if (!record) return undefined;
  return { record, fallback: { requested_locale: asked, available_locales: localesOf(catalog, record) } };
}

/** A page in `locale`, by the rule above. */
export function pageInLocale(catalog: Catalog, slug: string, locale: string | undefined): InLocale<Page> | undefined {
  return inLocale(catalog, catalog.pagesByLocale, slug, locale);
}

/** A product in `locale`, by the rule above. */
export function productInLocale(catalog: Catalog, slug: string, locale: string | undefined): InLocale<Product> | undefined {
  return inLocale(catalog, catalog.productsByLocale, slug, locale);
}
