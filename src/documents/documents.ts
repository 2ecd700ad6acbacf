import type { Config } from '../config/config.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import type { ReferenceSection } from './developers.js';
import { developerReference } from './developers.js';
import type { PageState } from './page-markdown.js';
import { pageMarkdown } from './page-markdown.js';
import { mirrorMarkdown } from './record-markdown.js';
import type { MirrorDocument, PageDocument } from './registry.js';
import { registryOf } from './registry.js';
import type { PageRoute } from './site-map.js';
import { pageRoute } from './site-map.js';
import { languageName } from './format.js';
import { wordsOf } from './words.js';

/**
 * Every published document, described once for every door: which documents
 * there are (the registry), the markdown of each (one renderer for the /md/
 * files, `Accept: text/markdown` and the MCP resources), the title and
 * description a list of them shows, and the developer reference, which
 * depends on the service's settings as well as on the content.
 */

/** A document as a list of documents names it: the MCP resources, and any other index of mirrors. */
export interface Listed {
  readonly document: MirrorDocument;
  /** Unique among the documents: `product/<slug>`, `product/<locale>/<slug>`, `page/<slug>`, `page/<locale>/<slug>`, `post/<slug>`, `company`, `company/<locale>`. */
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  /** When it last changed, where the content says (RFC 3339). */
  readonly updatedAt?: string;
  /** Its markdown, as its /md/ file answers it. */
  readonly text: string;
}

export interface Documents {
  /** The developer reference of `catalog` under these settings in `locale`'s words, built once per Catalog and locale. */
  reference(catalog: Catalog, locale: string): readonly ReferenceSection[];
  /** The page route a page document is, with the title and description its frame shows. */
  route(catalog: Catalog, document: PageDocument): PageRoute;
  /** The markdown of a document: its /md/ file. */
  markdown(catalog: Catalog, document: MirrorDocument): string;
  /** The markdown of a page route in `state` (its filters, its search): without one, the text of its /md/ file. */
  pageMarkdown(catalog: Catalog, route: PageRoute, state?: PageState): string;
  /** The document whose mirror is `name` below /md/ (`index.md`, `de/about.md`, `products/x.md`). */
  mirror(catalog: Catalog, name: string): MirrorDocument | undefined;
  /**
   * Every document a reader may list, each with its markdown: the company
   * record, the products of every locale, every page route of every locale
   * (the default one's first) but the search page, which only answers a
   * query, and the articles, newest first. Built once per Catalog.
   */
  listed(catalog: Catalog): readonly Listed[];
}

export function createDocuments(config: Config): Documents {
  const references = perCatalog(() => new Map<string, readonly ReferenceSection[]>());
  const reference = (catalog: Catalog, locale: string): readonly ReferenceSection[] => {
    const made = references(catalog);
    let sections = made.get(locale);
    if (!sections) {
      sections = developerReference(catalog, config, locale);
      made.set(locale, sections);
    }
    return sections;
  };
  const route = (catalog: Catalog, document: PageDocument): PageRoute => pageRoute(catalog, document.slug, document.locale)!;
  const routeMarkdown = (catalog: Catalog, shown: PageRoute, state?: PageState): string => pageMarkdown(catalog, shown, () => reference(catalog, shown.locale), state);
  const markdown = (catalog: Catalog, document: MirrorDocument): string =>
    document.kind === 'page' ? routeMarkdown(catalog, route(catalog, document)) : mirrorMarkdown(catalog, document.record, document.locale);
  const listed = perCatalog((catalog): readonly Listed[] => {
    const registry = registryOf(catalog);
    const { default_locale: defaultLocale } = catalog.site;
    const entry = (document: MirrorDocument, name: string, title: string, description: string | undefined, updatedAt?: string): Listed => ({
      document,
      name,
      title,
      ...(description ? { description } : {}),
      ...(updatedAt ? { updatedAt } : {}),
      text: markdown(catalog, document),
    });
    const under = (kind: string, locale: string, slug: string) => (locale === defaultLocale ? `${kind}/${slug}` : `${kind}/${locale}/${slug}`);
    const entries: Listed[] = [];
    for (const document of registry.records) {
      if (document.kind === 'company') {
        const { legal_name: legalName, trade_name: tradeName } = document.record;
        const language = `${languageName(document.locale, 'en')} (${document.locale})`;
        entries.push(
          entry(
            document,
            document.locale === defaultLocale ? 'company' : `company/${document.locale}`,
            `${legalName} (${wordsOf(catalog, document.locale)('company.record')})`,
            `Registration record of ${tradeName}, labelled in ${language}: legal name, identifiers, address, contact channels and profiles.`,
          ),
        );
      } else if (document.kind === 'product') {
        entries.push(entry(document, under('product', document.locale, document.record.slug), document.record.name, document.record.summary, document.updatedAt));
      }
    }
    const pages = registry.pages.filter((document) => document.slug !== 'search');
    for (const document of [...pages.filter((d) => d.locale === defaultLocale), ...pages.filter((d) => d.locale !== defaultLocale)]) {
      const shown = route(catalog, document);
      entries.push(entry(document, under('page', document.locale, document.slug), shown.title, shown.description, document.updatedAt));
    }
    for (const document of registry.records) {
      if (document.kind === 'post') entries.push(entry(document, `post/${document.record.slug}`, document.record.title, document.record.summary, document.updatedAt));
    }
    return entries;
  });
  return {
    reference,
    route,
    markdown,
    pageMarkdown: routeMarkdown,
    mirror: (catalog, name) => registryOf(catalog).mirrors.get(name),
    listed,
  };
}
