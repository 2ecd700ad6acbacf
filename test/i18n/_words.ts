import type { Site } from '../../src/content/types.js';
import { shippedCatalogFor } from '../../src/i18n/catalog.js';
import type { Words } from '../../src/documents/words.js';
import { wordsOf } from '../../src/documents/words.js';

/** The frame's words of a site in `locale` alone, with the engine's catalog of that locale or its language. */
export function wordsIn(locale: string): Words {
  const shipped = shippedCatalogFor(locale);
  if (!shipped) throw new Error(`the engine ships no catalog for ${locale}`);
  return wordsOf({ site: { default_locale: locale } as Site, messages: new Map([[locale, shipped]]) }, locale);
}
