import { paths } from '../routes/table.js';
import type { ContentFolder, SourceFile } from './content-folder.js';
import type { MediaLibrary } from './media-library.js';
import { imageOf } from './media-library.js';
import type { BodyResolver } from './record-bodies.js';
import { productSchema, productTranslationSchema } from './schemas.js';
import { closest, withSuggestion } from '../util/suggest.js';
import type { Product, Site } from './types.js';
import { documentUsage } from './ai-usage.js';

/** The products of the default locale (`products/<slug>.md`), each file on its own; a link from the site's root gets the base URL. */
export function productsOf(folder: ContentFolder, media: MediaLibrary, body: BodyResolver, files: readonly SourceFile[], site: Site, base: string): Product[] {
  const products: Product[] = [];
  const fields = productSchema(site);
  for (const file of files) {
    const loaded = folder.record(file, fields, body);
    if (!loaded) continue;
    const { image, ai_usage, ...data } = loaded.data;
    products.push({
      ...data,
      ...imageOf(media, image, file.file),
      ai_usage: documentUsage(site.ai_usage, ai_usage),
      links: withBase(data.links, base),
      slug: file.slug,
      locale: site.default_locale,
      translations: [],
      status: data.status as Product['status'],
      url: base + paths.product(site, file.slug),
      markdown_url: base + paths.productMirror(site, file.slug),
      markdown: loaded.body,
    } as Omit<Product, 'text'> as Product);
  }
  return products;
}

/**
 * The products translated into `locale` (`products/<locale>/<slug>.md`):
 * each names a product of the default locale by its file name and gives its
 * words in that language; the rest is the original's.
 */
export function productTranslationsOf(
  folder: ContentFolder,
  media: MediaLibrary,
  body: BodyResolver,
  files: readonly SourceFile[],
  originals: readonly Product[],
  site: Site,
  base: string,
  locale: string,
): Product[] {
  const bySlug = new Map(originals.map((product) => [product.slug, product]));
  const fields = productTranslationSchema(site);
  const translations: Product[] = [];
  for (const file of files) {
    const original = bySlug.get(file.slug);
    if (!original) {
      const slugs = [...bySlug.keys()];
      folder.report(file.file, 'file name', withSuggestion(`"${file.slug}" is not a product of products/ (${slugs.join(', ') || 'there is none'}), which a translation must name`, closest(file.slug, slugs)));
      continue;
    }
    const loaded = folder.record(file, fields, body);
    if (!loaded) continue;
    const { image, links, ai_usage, ...data } = loaded.data;
    translations.push({
      ...original,
      ...data,
      ai_usage: documentUsage(original.ai_usage, ai_usage),
      ...(image ? imageOf(media, image, file.file) : {}),
      ...(links ? { links: withBase(links, base) } : {}),
      locale,
      translations: [],
      url: base + paths.product(site, file.slug, locale),
      markdown_url: base + paths.productMirror(site, file.slug, locale),
      markdown: loaded.body,
    });
  }
  return translations;
}

/** A product's links, each from the site's root given the base URL in front. */
function withBase(links: Readonly<Record<string, string>>, base: string): Record<string, string> {
  return Object.fromEntries(Object.entries(links).map(([name, href]) => [name, href.startsWith('/') ? base + href : href]));
}
