import { paths } from '../routes/table.js';
import type { ContentFolder, SourceFile } from './content-folder.js';
import type { MediaLibrary } from './media-library.js';
import { imageOf } from './media-library.js';
import type { BodyResolver } from './record-bodies.js';
import { productSchema, productTranslationSchema } from './schemas.js';
import { tagLabels } from './site-texts.js';
import { closest, withSuggestion } from '../util/suggest.js';
import type { Image, Product, Site } from './types.js';
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
      labelled_tags: tagLabels(site, data.tags, site.default_locale),
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
 * words in that language; the rest is the original's. `written` are the
 * slugs of every product file of the default locale, loaded or not.
 */
export function productTranslationsOf(
  folder: ContentFolder,
  media: MediaLibrary,
  body: BodyResolver,
  files: readonly SourceFile[],
  originals: { readonly products: readonly Product[]; readonly written: readonly string[] },
  site: Site,
  base: string,
  locale: string,
): Product[] {
  const bySlug = new Map(originals.products.map((product) => [product.slug, product]));
  const fields = productTranslationSchema(site);
  const translations: Product[] = [];
  for (const file of files) {
    const original = bySlug.get(file.slug);
    // An original whose own file has a problem is told once, there: its translations follow it, with nothing of their own to say.
    if (!original && originals.written.includes(file.slug)) continue;
    if (!original) {
      const slugs = originals.written;
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
      ...translatedImage(folder, media, image, original, file.file),
      ...(links ? { links: withBase(links, base) } : {}),
      locale,
      labelled_tags: tagLabels(site, original.tags, locale),
      translations: [],
      url: base + paths.product(site, file.slug, locale),
      markdown_url: base + paths.productMirror(site, file.slug, locale),
      markdown: loaded.body,
    });
  }
  return translations;
}

/**
 * A translation's picture: its own file and text; or, with `alt` alone, the
 * original's picture with the translation's text; without `image`, the
 * original's as it is.
 */
function translatedImage(folder: ContentFolder, media: MediaLibrary, image: { file?: string | undefined; alt: string } | undefined, original: Product, file: string): { image?: Image } {
  if (!image) return {};
  if (image.file !== undefined) return imageOf(media, { file: image.file, alt: image.alt }, file);
  if (!original.image) {
    folder.report(file, 'image', `gives alt text alone, but products/${original.slug}.md has no picture for it; give the picture too: image: {file: ..., alt: ...}`);
    return {};
  }
  return { image: { ...original.image, alt: image.alt } };
}

/** A product's links, each from the site's root given the base URL in front. */
function withBase(links: Readonly<Record<string, string>>, base: string): Record<string, string> {
  return Object.fromEntries(Object.entries(links).map(([name, href]) => [name, href.startsWith('/') ? base + href : href]));
}
