import type { Messages } from '../i18n/catalog.js';
import type { BodyPicture, Catalog, Company, Page, PagesOfLocale, Post, Product, ProductsOfLocale, Redirect, Site } from './types.js';
import type { MediaBytes } from '../media/variants.js';

interface Parts {
  readonly site: Site;
  readonly messages: ReadonlyMap<string, Messages>;
  readonly company: Company;
  readonly productsByLocale: ReadonlyMap<string, Product[]>;
  readonly posts: Post[];
  readonly pagesByLocale: ReadonlyMap<string, Page[]>;
  readonly redirects: readonly Redirect[];
  readonly media: ReadonlyMap<string, MediaBytes>;
  readonly bodyPictures: ReadonlyMap<string, BodyPicture>;
  readonly base: string;
  /** Computed on first read: hashing every file is not needed for the first answer (see withVersion). */
  readonly version: () => string;
  readonly loadedAt: Date;
}

/** The Catalog: every collection ordered once (products by `order`, posts and pages newest first), indexed by slug, frozen. */
export function assemble({ site, messages, company, productsByLocale, posts, pagesByLocale, redirects, media, bodyPictures, base, version, loadedAt }: Parts): Catalog {
  const productsOfLocale = new Map<string, ProductsOfLocale>();
  for (const [locale, list] of productsByLocale) {
    list.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
    productsOfLocale.set(locale, { products: list, bySlug: new Map(list.map((p) => [p.slug, p])) });
  }
  const products = productsOfLocale.get(site.default_locale)!;
  posts.sort((a, b) => b.published_at.localeCompare(a.published_at) || a.slug.localeCompare(b.slug));
  const navigation = (slug: string) => site.page_slugs.indexOf(slug);
  const localized = new Map<string, PagesOfLocale>();
  for (const [locale, list] of pagesByLocale) {
    list.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || navigation(a.slug) - navigation(b.slug));
    localized.set(locale, { pages: list, bySlug: new Map(list.map((p) => [p.slug, p])) });
  }
  const pages = localized.get(site.default_locale)!;
  return deepFreeze(
    withVersion(version, {
      loaded_at: loadedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      base_url: base,
      site,
      messages,
      company,
      products: products.products,
      productsByLocale: productsOfLocale,
      posts,
      pages: pages.pages,
      pagesByLocale: localized,
      media,
      bodyPictures,
      productsBySlug: products.bySlug,
      postsBySlug: new Map(posts.map((p) => [p.slug, p])),
      pagesBySlug: pages.bySlug,
      redirects,
    }),
  );
}

/**
 * Defines the Catalog's `version` as computed on first read: it hashes every
 * file read, which on a large folder takes as long as validating a few
 * thousand records, and no answer but the health record needs it.
 */
function withVersion(compute: () => string, catalog: Omit<Catalog, 'version'>): Catalog {
  let version: string | undefined;
  // Let go of what the hash reads (every file's text) once it is made.
  let hash: (() => string) | undefined = compute;
  return Object.defineProperty(catalog, 'version', {
    enumerable: true,
    get: () => {
      if (version === undefined) {
        version = hash!();
        hash = undefined;
      }
      return version;
    },
  }) as Catalog;
}

function deepFreeze<T>(value: T): T {
  // A Buffer (a media file's bytes) cannot be frozen; nothing hands it out to write to.
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !Buffer.isBuffer(value)) {
    if (value instanceof Map) {
      for (const item of value.values()) deepFreeze(item);
      // A frozen Map can still be mutated through set/delete; block them.
      const map = value as Map<unknown, unknown>;
      map.set = map.delete = map.clear = () => {
        throw new TypeError('Catalog is immutable');
      };
    } else {
      // Properties computed on first read (withPlainText) are left unread: they are strings.
      for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(value))) if ('value' in descriptor) deepFreeze(descriptor.value);
    }
    Object.freeze(value);
  }
  return value;
}
