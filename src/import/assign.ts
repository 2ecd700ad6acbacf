import { ROUTES, paths } from '../routes/table.js';
import { SHIPPED_LOCALES } from '../i18n/catalog.js';
import { matchLocale } from './locales.js';
import { SlugSet, toSlug } from './slugs.js';
import type { DocumentKind, SkippedItem, SourceDocument } from './source.js';

/**
 * Where each imported document goes: its locale among the site's, its slug
 * (unique in its collection, and no route of the site for a page), its file
 * and its new path. The content folder's translations are its own: a post
 * names a translation_key, and a page or a product in another locale is the
 * file of the same slug under `pages/<locale>/` or `products/<locale>/`.
 */

export interface AssignedRecord {
  readonly doc: SourceDocument;
  readonly kind: DocumentKind;
  readonly slug: string;
  readonly locale: string;
  /** The record's file in the content folder: `posts/hello.md`, `pages/fr/about.md`. */
  readonly file: string;
  /** Its path on the new site: `/blog/hello`, `/fr/about`. */
  readonly path: string;
  /** A page or product in another locale than the default: the translation of the one of the same slug. */
  readonly translation: boolean;
  readonly translationKey?: string;
}

export interface Renamed {
  readonly kind: DocumentKind;
  readonly title: string;
  readonly from: string;
  readonly to: string;
  readonly why: string;
}

export interface Assignment {
  readonly records: readonly AssignedRecord[];
  /** Locales the records are in that site.yaml does not list yet. */
  readonly newLocales: readonly string[];
  readonly renamed: readonly Renamed[];
  readonly skipped: readonly SkippedItem[];
  readonly notes: readonly string[];
}

export interface SiteLocales {
  readonly defaultLocale: string;
  readonly locales: readonly string[];
}

/** The first segments of the site's own routes (`blog`, `products`, `api`, ...): no page may be named after one. */
const RESERVED = new Set(
  Object.values(ROUTES)
    .map((route) => route.pattern.split('/')[1] ?? '')
    .filter((segment) => segment !== '' && !segment.startsWith(':')),
);

export function assignRecords(documents: readonly SourceDocument[], site: SiteLocales): Assignment {
  const state = new AssignState(site);
  for (const doc of documents) state.locate(doc);
  for (const doc of documents.filter((doc) => doc.kind === 'post')) state.claim(doc, state.posts);
  for (const kind of ['page', 'product'] as const) {
    const ofKind = documents.filter((doc) => doc.kind === kind);
    const originals = ofKind.filter((doc) => state.localeOf(doc) === site.defaultLocale);
    for (const doc of sortedByDepth(originals)) state.claim(doc, kind === 'page' ? state.pages : state.products);
    for (const doc of ofKind.filter((doc) => state.localeOf(doc) !== site.defaultLocale)) state.claimTranslation(doc);
  }
  return state.result();
}

class AssignState {
  readonly posts = new SlugSet();
  readonly pages = new SlugSet(RESERVED);
  readonly products = new SlugSet();
  readonly #translated = new Map<string, SlugSet>();
  readonly #locales = new Map<SourceDocument, string>();
  readonly #slugs = new Map<string, string>();
  readonly #records: AssignedRecord[] = [];
  readonly #renamed: Renamed[] = [];
  readonly #skipped: SkippedItem[] = [];
  readonly #notes = new Set<string>();
  readonly #newLocales: string[] = [];
  readonly #byId = new Map<string, SourceDocument>();

  constructor(private readonly site: SiteLocales) {}

  /** Decides the document's locale, adding a shipped one the site does not list yet. */
  locate(doc: SourceDocument): void {
    this.#byId.set(`${doc.kind}:${doc.id}`, doc);
    const known = [...this.site.locales, ...this.#newLocales];
    let locale = matchLocale(doc.language, known);
    if (locale === undefined && doc.language !== undefined) {
      locale = matchLocale(doc.language, SHIPPED_LOCALES);
      if (locale !== undefined) this.#newLocales.push(locale);
      else this.#notes.add(`The export marks some items as written in "${doc.language}", a language vitrine has no words for: they are imported as ${this.site.defaultLocale}. Add i18n/<locale>.yaml and the locale to site.yaml to keep them apart.`);
    }
    this.#locales.set(doc, locale ?? this.site.defaultLocale);
  }

  localeOf(doc: SourceDocument): string {
    return this.#locales.get(doc)!;
  }

  claim(doc: SourceDocument, taken: SlugSet): void {
    const wanted = toSlug(doc.slug) || toSlug(doc.title) || `${doc.kind}-${toSlug(doc.id) || 'untitled'}`;
    const parent = doc.parentId === undefined ? undefined : this.#slugs.get(`${doc.kind}:${doc.parentId}`);
    const reserved = taken === this.pages && RESERVED.has(wanted);
    const slug = taken.claim(reserved ? `${wanted}-page` : wanted, parent);
    this.#slugs.set(`${doc.kind}:${doc.id}`, slug);
    if (slug !== doc.slug) this.#rename(doc, slug, wanted, reserved, parent);
    this.#add(doc, slug, false);
  }

  #rename(doc: SourceDocument, slug: string, wanted: string, reserved: boolean, parent: string | undefined): void {
    const why =
      doc.slug === ''
        ? 'the export gives no slug'
        : reserved
          ? `"${wanted}" is a path of the site itself`
          : slug !== wanted && parent && slug === `${parent}-${wanted}`
            ? `"${wanted}" is taken: prefixed with its parent page's slug`
            : slug !== wanted
              ? `"${wanted}" is taken by another ${doc.kind}`
              : 'made a slug (lowercase letters, digits and hyphens)';
    this.#renamed.push({ kind: doc.kind, title: doc.title, from: doc.slug, to: slug, why });
  }

  /** A page or product in another locale: the file of its original's slug under the locale's folder. */
  claimTranslation(doc: SourceDocument): void {
    const locale = this.localeOf(doc);
    const original = this.#originalOf(doc);
    const title = doc.title || doc.slug;
    if (original === undefined) {
      this.#skipped.push({
        id: doc.id,
        title,
        type: doc.kind,
        reason: `a ${doc.kind} in ${locale} that translates no ${doc.kind} in ${this.site.defaultLocale}: the content folder keeps ${doc.kind}s in other languages as translations of one in the default language`,
      });
      return;
    }
    const taken = this.#translated.get(`${doc.kind}:${locale}`) ?? new SlugSet();
    this.#translated.set(`${doc.kind}:${locale}`, taken);
    if (taken.has(original)) {
      this.#skipped.push({ id: doc.id, title, type: doc.kind, reason: `a second ${locale} translation of the ${doc.kind} "${original}"` });
      return;
    }
    taken.claim(original);
    if (original !== doc.slug) this.#renamed.push({ kind: doc.kind, title, from: doc.slug, to: `${locale}/${original}`, why: `the ${locale} translation of ${doc.kind}s/${original}.md` });
    this.#add(doc, original, true);
  }

  #originalOf(doc: SourceDocument): string | undefined {
    if (doc.translationGroup === undefined) return undefined;
    for (const [key, slug] of this.#slugs) {
      const other = this.#byId.get(key);
      if (other && other.kind === doc.kind && other.translationGroup === doc.translationGroup && this.localeOf(other) === this.site.defaultLocale) return slug;
    }
    return undefined;
  }

  #add(doc: SourceDocument, slug: string, translation: boolean): void {
    const locale = this.localeOf(doc);
    const site = { default_locale: this.site.defaultLocale, locales: [...this.site.locales, ...this.#newLocales] };
    const under = translation ? `${locale}/` : '';
    const [file, path] =
      doc.kind === 'post'
        ? [`posts/${slug}.md`, paths.post(slug)]
        : doc.kind === 'page'
          ? [`pages/${under}${slug}.md`, paths.page(site, slug, locale)]
          : [`products/${under}${slug}.md`, paths.product(site, slug, locale)];
    this.#records.push({ doc, kind: doc.kind, slug, locale, file, path, translation });
  }

  /** The records, posts given the translation_key their group shares (the slug of its post in the default locale, else its first). */
  result(): Assignment {
    const groups = new Map<string, AssignedRecord[]>();
    for (const record of this.#records) {
      if (record.kind !== 'post' || record.doc.translationGroup === undefined) continue;
      groups.set(record.doc.translationGroup, [...(groups.get(record.doc.translationGroup) ?? []), record]);
    }
    const keys = new Map<AssignedRecord, string>();
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      const key = (group.find((record) => record.locale === this.site.defaultLocale) ?? group[0]!).slug;
      const seen = new Set<string>();
      for (const record of group) {
        if (seen.has(record.locale)) continue;
        seen.add(record.locale);
        keys.set(record, key);
      }
    }
    return {
      records: this.#records.map((record) => (keys.has(record) ? { ...record, translationKey: keys.get(record)! } : record)),
      newLocales: this.#newLocales,
      renamed: this.#renamed,
      skipped: this.#skipped,
      notes: [...this.#notes],
    };
  }
}

/** Pages with their parents before them, so a child's slug can be made unique with its parent's. */
function sortedByDepth(documents: readonly SourceDocument[]): SourceDocument[] {
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const depth = (doc: SourceDocument): number => {
    let count = 0;
    for (let parent = doc.parentId; parent !== undefined && count < 50; parent = byId.get(parent)?.parentId) count++;
    return count;
  };
  return documents.map((doc, index) => ({ doc, index, depth: depth(doc) })).sort((a, b) => a.depth - b.depth || a.index - b.index).map(({ doc }) => doc);
}
