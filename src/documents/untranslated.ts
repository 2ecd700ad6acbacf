import { perCatalog } from '../content/per-catalog.js';
import type { Catalog, Page, Product } from '../content/types.js';
import { mirrorName, paths } from '../routes/table.js';
import type { Fallback, InLocale } from '../query/untranslated.js';
import { pageInLocale, productInLocale } from '../query/untranslated.js';
import { languageName } from './format.js';
import type { MirrorDocument, PageDocument } from './registry.js';
import { registryOf } from './registry.js';
import { wordsOf } from './words.js';

/**
 * The documents the rule for untranslated records (src/query/untranslated.ts)
 * answers: a page or product asked for under a locale's address
 * (`/fr/privacy`, `/md/fr/privacy.md`, `/fr/products/x`) that has no
 * translation there is the default locale's document, with the note that
 * says so in the language asked for.
 */

export interface UntranslatedDocument<R extends Page | Product = Page | Product> {
  /** The default locale's record, which answers. */
  readonly record: R;
  /** Its document. */
  readonly document: MirrorDocument;
  readonly fallback: Fallback;
  /** The sentence that says so, in the language asked for. */
  readonly note: string;
}

/** The note of a record in `recordLocale` asked for in `fallback.requested_locale`, written in the latter. */
export function untranslatedNote(catalog: Catalog, fallback: Fallback, recordLocale: string): string {
  const asked = fallback.requested_locale;
  return wordsOf(catalog, asked)('untranslated.notice', { language: languageName(asked, asked), original: languageName(recordLocale, asked) });
}

/**
 * The page of `slug` asked for in `locale`, when `locale` is another locale
 * of the site than the default one and has no translation of it while the
 * default locale has it.
 */
export function untranslatedPage(catalog: Catalog, slug: string, locale: string): (UntranslatedDocument<Page> & { readonly document: PageDocument }) | undefined {
  return asked(catalog, locale) ? documentOf(catalog, pageInLocale(catalog, slug, locale), registryOf(catalog).page(slug)) : undefined;
}

/** The product of `slug` asked for in `locale`, as a page is. */
export function untranslatedProduct(catalog: Catalog, slug: string, locale: string): UntranslatedDocument<Product> | undefined {
  if (!asked(catalog, locale)) return undefined;
  return documentOf(catalog, productInLocale(catalog, slug, locale), registryOf(catalog).mirrors.get(mirrorName(paths.productMirror(catalog.site, slug))));
}

/** Whether `locale` is one of the site's besides the default one. */
const asked = (catalog: Catalog, locale: string) => locale !== catalog.site.default_locale && catalog.site.locales.includes(locale);

function documentOf<R extends Page | Product, D extends MirrorDocument>(catalog: Catalog, found: InLocale<R> | undefined, document: D | undefined): (UntranslatedDocument<R> & { readonly document: D }) | undefined {
  if (!found?.fallback || !document) return undefined;
  return { record: found.record, document, fallback: found.fallback, note: untranslatedNote(catalog, found.fallback, found.record.locale) };
}

/** What a mirror's name below /md/ (`fr/privacy.md`, `fr/products/x.md`) names by the same rule, when no mirror has that name. */
export function untranslatedMirror(catalog: Catalog, name: string): UntranslatedDocument | undefined {
  const parts = /^([^/]+)\/(?:(products)\/)?([^/]+)\.md$/.exec(name);
  if (!parts) return undefined;
  const [, locale = '', products, slug = ''] = parts;
  return products ? untranslatedProduct(catalog, slug, locale) : untranslatedPage(catalog, slug, locale);
}

/** A markdown document that opens with the note. */
export function withNote(markdown: string, note: string): string {
  return `> ${note}\n\n${markdown}`;
}

/**
 * Every address the rule answers besides the documents' own: each page and
 * product under each locale that has not translated it, and its mirror
 * there; what is prepared ahead and exported with the rest.
 */
export const untranslatedPaths = perCatalog((catalog: Catalog): { readonly pages: readonly string[]; readonly products: readonly string[]; readonly mirrors: readonly string[] } => {
  const { site } = catalog;
  const pages: string[] = [];
  const products: string[] = [];
  const mirrors: string[] = [];
  for (const locale of site.locales.filter((other) => other !== site.default_locale)) {
    for (const page of catalog.pages) {
      if (!untranslatedPage(catalog, page.slug, locale)) continue;
      pages.push(paths.page(site, page.slug, locale));
      mirrors.push(paths.pageMirror(site, page.slug, locale));
    }
    for (const product of catalog.products) {
      if (!untranslatedProduct(catalog, product.slug, locale)) continue;
      products.push(paths.product(site, product.slug, locale));
      mirrors.push(paths.productMirror(site, product.slug, locale));
    }
  }
  return { pages, products, mirrors };
});
