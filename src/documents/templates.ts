import type { Catalog } from '../content/types.js';
import { MARKDOWN_PREFIX } from '../routes/table.js';
import { registryOf } from './registry.js';

/**
 * The forms of the documents' markdown URLs (RFC 6570 level 1 URI
 * templates), as the MCP server's resources/templates/list gives them and
 * the server card describes them: one per kind of document, and one per
 * kind that other locales put under their own prefix.
 */

export const MARKDOWN_MIME_TYPE = 'text/markdown';

/** What a template's `{slug}` names, for completions and "valid slugs". */
export type SlugKind = 'product' | 'post' | 'page';

export interface DocumentTemplate {
  /** Its name, and the prefix of the names of the documents it matches (`product/<slug>`). */
  readonly name: 'product' | 'translated-product' | 'post' | 'page' | 'translated-page';
  readonly title: string;
  readonly description: string;
  /** Below BASE_URL. */
  readonly path: string;
  readonly slug: SlugKind;
  /** For a template under `{locale}`: the locales it has documents in. */
  readonly locales?: (catalog: Catalog) => readonly string[];
  /** The slugs of the documents it matches (in `locale`, for a template under one). */
  readonly slugs: (catalog: Catalog, locale?: string) => readonly string[];
}

/** The slug and locale of every document of `kind` that has a mirror. */
function documentsOf(catalog: Catalog, kind: SlugKind): readonly { readonly slug: string; readonly locale: string }[] {
  const registry = registryOf(catalog);
  if (kind === 'page') return registry.pages;
  return registry.records.flatMap((document) => (document.kind === kind ? [{ slug: document.record.slug, locale: document.locale }] : []));
}

/** The other locales than the default in which documents of `kind` exist. */
function otherLocales(kind: 'product' | 'page') {
  return (catalog: Catalog): readonly string[] => {
    const found = new Set(documentsOf(catalog, kind).map((document) => document.locale));
    return catalog.site.locales.filter((locale) => locale !== catalog.site.default_locale && found.has(locale));
  };
}

/** The slugs of the documents of `kind` in `locale` (the default one unless given). */
function slugsOf(kind: 'product' | 'post' | 'page') {
  return (catalog: Catalog, locale?: string): readonly string[] => {
    const documents = documentsOf(catalog, kind);
    // An article's slug is its own in any language: one template holds them all.
    if (kind === 'post') return documents.map((document) => document.slug);
    const wanted = locale ?? catalog.site.default_locale;
    return documents.filter((document) => document.locale === wanted).map((document) => document.slug);
  };
}

export const DOCUMENT_TEMPLATES: readonly DocumentTemplate[] = [
  {
    name: 'product',
    title: 'Product',
    description: "A product by slug, as markdown, in the site's default language: status, tags, links, then the problem it solves and how it works.",
    path: `${MARKDOWN_PREFIX}/products/{slug}.md`,
    slug: 'product',
    slugs: slugsOf('product'),
  },
  {
    name: 'translated-product',
    title: 'Translated product',
    description: 'A product in another language than the default, by locale and slug, as markdown.',
    path: `${MARKDOWN_PREFIX}/{locale}/products/{slug}.md`,
    slug: 'product',
    locales: otherLocales('product'),
    slugs: slugsOf('product'),
  },
  {
    name: 'post',
    title: 'Article',
    description: 'A blog article by slug, as markdown: date, author, category, locale, translations, then the full text.',
    path: `${MARKDOWN_PREFIX}/blog/{slug}.md`,
    slug: 'post',
    slugs: slugsOf('post'),
  },
  {
    name: 'page',
    title: 'Page',
    description: "A page by slug (index is the home page), as markdown, in the site's default language: its text, then what the page lists (products, articles, contact channels, the API reference).",
    path: `${MARKDOWN_PREFIX}/{slug}.md`,
    slug: 'page',
    slugs: slugsOf('page'),
  },
  {
    name: 'translated-page',
    title: 'Translated page',
    description: 'A page in another language than the default, by locale and slug, as markdown.',
    path: `${MARKDOWN_PREFIX}/{locale}/{slug}.md`,
    slug: 'page',
    locales: otherLocales('page'),
    slugs: slugsOf('page'),
  },
];

/** The templates of `catalog`: a template under `{locale}` only where the site has another locale with such documents. */
export function documentTemplates(catalog: Catalog): readonly DocumentTemplate[] {
  return DOCUMENT_TEMPLATES.filter((template) => template.locales === undefined || template.locales(catalog).length > 0);
}

/** A template's URI template over `catalog`. */
export function uriTemplate(catalog: Catalog, template: DocumentTemplate): string {
  return `${catalog.base_url}${template.path}`;
}
