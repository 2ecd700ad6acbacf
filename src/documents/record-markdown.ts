import { addressLine } from '../i18n/address.js';
import { identifierLabel } from '../content/identifier-labels.js';
import type { Catalog, Company, Image, Page, Post, Product } from '../content/types.js';
import { isoDay, labelled, languageName } from './format.js';
import { fieldLabel, statusWords } from './labels.js';
import type { Words } from './words.js';
import { wordsOf } from './words.js';

/**
 * The markdown mirror of a record: the text served under `/md/` and as the
 * record's MCP resource, so a reader of either gets the same bytes. The
 * record's facts come first (a title, a quoted summary, a short list: status,
 * dates, category, canonical URL), then a thematic break and the markdown body
 * as written. The facts are labelled in the record's language, as its page
 * names them (the company record, which has no language, in the one asked
 * for); dates stay `2026-03-14` and a locale its tag, which read alike in
 * every language.
 */

export type MirrorRecord = Product | Post | Page | Company;

/** What a mirror needs of its site: the words of each locale. */
export type MirrorSite = Pick<Catalog, 'messages' | 'site'>;

/** The mirror of `record`; the company record's in `locale` where the site has it, else in the site's default one. */
export function mirrorMarkdown(site: MirrorSite, record: MirrorRecord, locale?: string): string {
  if ('legal_name' in record) return companyMirror(record, labels(site, locale !== undefined && site.site.locales.includes(locale) ? locale : site.site.default_locale));
  const facts = labels(site, record.locale);
  if ('status' in record) return productMirror(record, facts);
  if ('published_at' in record) return postMirror(record, facts);
  return pageMirror(record, facts);
}

/** The words of one locale, and a fact written as that locale writes a label before its value. */
interface Labels {
  readonly locale: string;
  readonly w: Words;
  readonly fact: (label: string, value: string) => string;
}

function labels(site: MirrorSite, locale: string): Labels {
  return { locale, w: wordsOf(site, locale), fact: (label, value) => labelled(locale, label, value) };
}

function productMirror(p: Product, { w, fact }: Labels): string {
  const links = Object.entries(p.links).map(([name, url]) => `[${fieldLabel(name, w)}](${url})`);
  return document(p.name, p.summary, [
    fact(w('mirror.status'), statusWords(p.status, w)),
    p.tags.length > 0 && fact(w('products.tags'), p.labelled_tags.join(', ')),
    p.updated_at && fact(w('mirror.updated'), isoDay(p.updated_at)),
    links.length > 0 && fact(w('products.links'), links.join(', ')),
    fact(w('mirror.canonical_url'), p.url),
  ], p.markdown, p.image);
}

function postMirror(p: Post, labels: Labels): string {
  const { w, fact } = labels;
  return document(p.title, p.summary, [
    fact(w('mirror.published'), isoDay(p.published_at)),
    p.updated_at && fact(w('mirror.updated'), isoDay(p.updated_at)),
    fact(w('mirror.author'), p.author),
    fact(w('blog.category'), p.category),
    p.labelled_tags.length > 0 && fact(w('products.tags'), p.labelled_tags.join(', ')),
    ...language(p, labels),
    fact(w('mirror.canonical_url'), p.url),
  ], p.markdown, p.image);
}

function pageMirror(p: Page, labels: Labels): string {
  const { w, fact } = labels;
  return document(p.title, p.description, [fact(w('mirror.updated'), isoDay(p.updated_at)), ...language(p, labels), fact(w('mirror.canonical_url'), p.url)], p.markdown, p.image);
}

/** A record's language, as its tag, and its translations: "Langue : fr", "Également en allemand : [Titel](…)". */
function language(record: Post | Page, { locale, w, fact }: Labels): string[] {
  return [
    fact(w('mirror.language'), record.locale),
    ...record.translations.map((t) => fact(w('mirror.translation', { language: languageName(t.locale, locale) }), `[${linkLabel(t.title)}](${t.markdown_url})`)),
  ];
}

function companyMirror(c: Company, { locale, w, fact }: Labels): string {
  return document(c.legal_name, undefined, [
    fact(w('company.trade_name'), c.trade_name),
    ...c.identifiers.map((identifier) => fact(identifierLabel(identifier, w), identifier.value)),
    c.founded && fact(w('company.founded'), c.founded),
    fact(w('company.address'), addressLine(c.address, locale)),
    ...Object.entries(c.contact).map(([channel, value]) => fact(w('mirror.contact', { kind: fieldLabel(channel, w) }), value)),
    ...Object.entries(c.profiles).map(([network, url]) => fact(w('mirror.profile', { kind: fieldLabel(network, w) }), url)),
    c.logo && fact(w('mirror.logo'), picture(c.logo)),
    fact(w('mirror.canonical_url'), c.url),
  ], c.markdown);
}

/** Text inside a markdown link or image's brackets, the characters that would end it escaped. */
function linkLabel(text: string): string {
  return text.replace(/[\\[\]]/g, (char) => `\\${char}`);
}

/** An image in markdown: its alt text (brackets escaped) and its URL. */
function picture(image: Image): string {
  return `![${linkLabel(image.alt)}](${image.url})`;
}

/** Title, quoted summary, the picture, the facts as a list, a thematic break, the body; one final newline. */
function document(title: string, summary: string | undefined, facts: readonly (string | false | undefined)[], body: string, image?: Image): string {
  const quote = summary?.trim() ? `${summary.trim().split('\n').map((line) => (line.trim() ? `> ${line.trim()}` : '>')).join('\n')}\n\n` : '';
  const list = facts.filter((fact): fact is string => typeof fact === 'string' && fact !== '').map((fact) => `- ${fact}`);
  return `# ${title}\n\n${quote}${image ? `${picture(image)}\n\n` : ''}${list.join('\n')}\n\n---\n\n${body.trim()}\n`;
}
