import { addressLine } from '../i18n/address.js';
import { messages } from '../i18n/catalog.js';
import { identifierLabel } from '../content/identifier-labels.js';
import type { Company, Image, Page, Post, Product } from '../content/types.js';

/**
 * The markdown mirror of a record: the text served under `/md/` and as the
 * record's MCP resource, so a reader of either gets the same bytes. The
 * record's facts come first (a title, a quoted summary, a short list: status,
 * dates, category, canonical URL), then a thematic break and the markdown body
 * as written.
 */

export type MirrorRecord = Product | Post | Page | Company;

export function mirrorMarkdown(record: MirrorRecord): string {
  if ('legal_name' in record) return companyMirror(record);
  if ('status' in record) return productMirror(record);
  if ('published_at' in record) return postMirror(record);
  return pageMirror(record);
}

function productMirror(p: Product): string {
  const links = Object.entries(p.links).map(([name, url]) => `[${name}](${url})`);
  return document(p.name, p.summary, [
    `Status: ${p.status}`,
    `Tags: ${p.labelled_tags.join(', ')}`,
    p.updated_at && `Updated: ${day(p.updated_at)}`,
    links.length > 0 && `Links: ${links.join(', ')}`,
    `Canonical URL: ${p.url}`,
  ], p.markdown, p.image);
}

function postMirror(p: Post): string {
  return document(p.title, p.summary, [
    `Published: ${day(p.published_at)}`,
    p.updated_at && `Updated: ${day(p.updated_at)}`,
    `Author: ${p.author}`,
    `Category: ${p.category}`,
    p.labelled_tags.length > 0 && `Tags: ${p.labelled_tags.join(', ')}`,
    `Locale: ${p.locale}`,
    ...p.translations.map((t) => `Translation (${t.locale}): [${t.title}](${t.markdown_url})`),
    `Canonical URL: ${p.url}`,
  ], p.markdown, p.image);
}

function pageMirror(p: Page): string {
  return document(
    p.title,
    p.description,
    [`Updated: ${day(p.updated_at)}`, `Locale: ${p.locale}`, ...p.translations.map((t) => `Translation (${t.locale}): [${t.title}](${t.markdown_url})`), `Canonical URL: ${p.url}`],
    p.markdown,
    p.image,
  );
}

function companyMirror(c: Company): string {
  // The facts are in English, like every mirror's; an identifier is named as the English site names it.
  const english = messages('en');
  return document(c.legal_name, undefined, [
    `Trade name: ${c.trade_name}`,
    ...c.identifiers.map((identifier) => `${identifierLabel(identifier, english.format)}: ${identifier.value}`),
    c.founded && `Founded: ${c.founded}`,
    `Address: ${addressLine(c.address)}`,
    ...Object.entries(c.contact).map(([channel, value]) => `Contact (${channel}): ${value}`),
    ...Object.entries(c.profiles).map(([network, url]) => `Profile (${network}): ${url}`),
    c.logo && `Logo: ${picture(c.logo)}`,
    `Canonical URL: ${c.url}`,
  ], c.markdown);
}

/** An image in markdown: its alt text (brackets escaped) and its URL. */
function picture(image: Image): string {
  return `![${image.alt.replace(/[\\[\]]/g, (char) => `\\${char}`)}](${image.url})`;
}

/** Title, quoted summary, the picture, the facts as a list, a thematic break, the body; one final newline. */
function document(title: string, summary: string | undefined, facts: readonly (string | false | undefined)[], body: string, image?: Image): string {
  const quote = summary?.trim() ? `${summary.trim().split('\n').map((line) => (line.trim() ? `> ${line.trim()}` : '>')).join('\n')}\n\n` : '';
  const list = facts.filter((fact): fact is string => typeof fact === 'string' && fact !== '').map((fact) => `- ${fact}`);
  return `# ${title}\n\n${quote}${image ? `${picture(image)}\n\n` : ''}${list.join('\n')}\n\n---\n\n${body.trim()}\n`;
}

/** The calendar day (UTC) of an RFC 3339 timestamp: dates read as `2026-03-14` to people. */
function day(timestamp: string): string {
  return timestamp.slice(0, 10);
}
