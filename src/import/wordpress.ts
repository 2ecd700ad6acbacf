import type { WxrChannel, WxrItem } from './wxr-read.js';
import { readWxr } from './wxr-read.js';
import type { DocumentKind, SkippedItem, SourceAttachment, SourceDocument, SourceExport } from './source.js';
import { visibleText } from './text.js';

/**
 * A WordPress export (WXR) as a SourceExport: the published posts, pages and
 * WooCommerce products, the media library, and every other item listed as
 * skipped with its reason. Field names are WXR's (wp-admin/includes/export.php).
 */

const KINDS: Readonly<Record<string, DocumentKind>> = { post: 'post', page: 'page', product: 'product' };

/** Why an item of each unpublished status is left out. */
const STATUS_REASONS: Readonly<Record<string, string>> = {
  draft: 'a draft',
  'auto-draft': 'a draft',
  pending: 'waiting for review, not published',
  future: 'scheduled, not published yet',
  private: 'private',
  trash: 'in the trash',
  inherit: 'a revision',
};

/** Item types that are no content of their own. */
const TYPE_REASONS: Readonly<Record<string, string>> = {
  revision: 'a revision',
  nav_menu_item: 'a menu item (menus are not imported)',
  custom_css: "the theme's custom CSS",
  customize_changeset: 'a customizer change set',
  wp_global_styles: "the theme's styles",
  wp_template: 'a theme template',
  wp_template_part: 'a theme template part',
  wp_navigation: 'a navigation menu (menus are not imported)',
  wp_block: 'a reusable block (its text is not in the posts that show it)',
  oembed_cache: 'a cached embed',
  product_variation: 'a product variation (prices and variations are not imported)',
  shop_order: 'an order',
  shop_coupon: 'a coupon',
};

/** The category every WordPress post has when given none, which says nothing. */
const DEFAULT_CATEGORY = 'uncategorized';

/** Reads `text`, the contents of `file`, as a WordPress export. */
export function readWordPress(text: string, file: string): SourceExport {
  const channel = readWxr(text, file);
  const documents: SourceDocument[] = [];
  const skipped: SkippedItem[] = [];
  const attachments = new Map<string, SourceAttachment>();
  for (const item of channel.items) {
    const field = (name: string) => item.fields.get(name) ?? '';
    const type = field('wp:post_type').trim() || 'post';
    if (type === 'attachment') {
      const attachment = attachmentOf(item);
      if (attachment) attachments.set(attachment.id, attachment);
      continue;
    }
    const reason = skipReason(item, type);
    if (reason) skipped.push({ id: field('wp:post_id'), title: field('title').trim(), type, reason });
    else documents.push(documentOf(item, KINDS[type]!, channel));
  }
  return {
    format: 'wordpress',
    site: { title: channel.title, ...(channel.description ? { description: channel.description } : {}), ...(channel.language ? { language: channel.language } : {}), url: channel.blogUrl },
    documents,
    skipped,
    attachments,
  };
}

function skipReason(item: WxrItem, type: string): string | undefined {
  const kind = KINDS[type];
  if (!kind) return TYPE_REASONS[type] ?? `a "${type}" item, which has no place in the content folder`;
  const status = (item.fields.get('wp:status') ?? '').trim();
  if (status !== 'publish') return STATUS_REASONS[status] ?? `not published (status "${status}")`;
  if ((item.fields.get('wp:post_password') ?? '') !== '') return 'protected by a password';
  return undefined;
}

function attachmentOf(item: WxrItem): SourceAttachment | undefined {
  const id = item.fields.get('wp:post_id')?.trim();
  const url = (item.fields.get('wp:attachment_url') || item.fields.get('guid') || '').trim();
  if (!id || !url) return undefined;
  const parent = item.fields.get('wp:post_parent')?.trim();
  const alt = item.meta.get('_wp_attachment_image_alt')?.trim();
  const caption = item.fields.get('excerpt:encoded')?.trim();
  return {
    id,
    url,
    title: (item.fields.get('title') ?? '').trim(),
    ...(parent && parent !== '0' ? { parentId: parent } : {}),
    ...(alt ? { alt } : {}),
    ...(caption ? { caption } : {}),
  };
}

function documentOf(item: WxrItem, kind: DocumentKind, channel: WxrChannel): SourceDocument {
  const field = (name: string) => (item.fields.get(name) ?? '').trim();
  const id = field('wp:post_id');
  const published = gmtDate(field('wp:post_date_gmt')) ?? rssDate(field('pubDate')) ?? gmtDate(field('wp:post_date')) ?? rssDate(channel.date) ?? '1970-01-01T00:00:00Z';
  const updated = gmtDate(field('wp:post_modified_gmt'));
  const creator = field('dc:creator');
  const terms = (domain: string) => item.categories.filter((category) => category.domain === domain);
  const names = (domain: string) => unique(terms(domain).map((category) => category.name).filter(Boolean));
  const categories = kind === 'product' ? names('product_cat') : unique(terms('category').filter((category) => category.nicename !== DEFAULT_CATEGORY).map((category) => category.name));
  const thumbnail = item.meta.get('_thumbnail_id')?.trim();
  const summary = field('excerpt:encoded') || seoDescription(item.meta.get('_yoast_wpseo_metadesc')) || seoDescription(item.meta.get('rank_math_description')) || '';
  const language = terms('language')[0]?.nicename;
  const group = terms('post_translations')[0]?.nicename;
  const parent = field('wp:post_parent');
  return {
    kind,
    id,
    // WordPress keeps a title as HTML (`Title <em>With</em> Markup`, `&amp;`): a record's title is the text a reader saw.
    title: visibleText(field('title')).replace(/\n/g, ' '),
    slug: decodeSlug(field('wp:post_name')),
    ...(parent && parent !== '0' ? { parentId: parent } : {}),
    html: item.fields.get('content:encoded') ?? '',
    ...(summary ? { summary } : {}),
    publishedAt: published,
    ...(updated && updated !== published ? { updatedAt: updated } : {}),
    ...(creator ? { author: channel.authors.get(creator) ?? creator } : {}),
    categories,
    tags: kind === 'product' ? names('product_tag') : names('post_tag'),
    ...(thumbnail ? { picture: { url: `attachment:${thumbnail}` } } : {}),
    ...(language ? { language } : {}),
    ...(group ? { translationGroup: group } : {}),
    oldPaths: oldPaths(item, kind, id, channel.blogUrl),
  };
}

/** The paths the item was reachable at: its permalink, and the short link WordPress answers for its ID. */
function oldPaths(item: WxrItem, kind: DocumentKind, id: string, site: string): string[] {
  const found: string[] = [];
  for (const field of ['link', 'guid']) {
    const onSite = sitePath(item.fields.get(field) ?? '', site);
    if (onSite) found.push(onSite);
  }
  if (id) found.push(kind === 'page' ? `/?page_id=${id}` : `/?p=${id}`);
  return unique(found);
}

/** The path (and query) of `link` when it is on the site `site` (or already a path); undefined for another host. */
export function sitePath(link: string, site: string): string | undefined {
  const trimmed = link.trim();
  if (trimmed === '') return undefined;
  try {
    const base = new URL(site || 'http://site.invalid/');
    const url = new URL(trimmed, base);
    if (url.host !== base.host || !/^https?:$/.test(url.protocol)) return undefined;
    const prefix = base.pathname.replace(/\/+$/, '');
    // Exports hold links with doubled slashes (`https://blog.example//greek/...`), which the old site answered as one.
    const collapsed = url.pathname.replace(/\/{2,}/g, '/');
    const pathname = prefix && collapsed.startsWith(`${prefix}/`) ? collapsed.slice(prefix.length) : collapsed;
    return pathname + url.search;
  } catch {
    return undefined;
  }
}

/** A WXR date, `2013-06-07 03:00:44` in UTC, as RFC 3339; undefined for the zero date of unpublished items. */
function gmtDate(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value);
  if (!match || match[1]!.startsWith('0000')) return undefined;
  const date = new Date(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace('.000Z', 'Z');
}

/** An RSS date (RFC 822, `Fri, 07 Jun 2013 03:00:44 +0000`) as RFC 3339 in UTC. */
function rssDate(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1971 ? undefined : date.toISOString().replace('.000Z', 'Z');
}

/** An SEO plugin's description without its template variables (Yoast's `%%sitename%%`, Rank Math's `%sitename%`), which only the plugin fills in. */
function seoDescription(value: string | undefined): string | undefined {
  const text = value?.replace(/%%?[a-z_]+%%?/gi, '').replace(/\s+/g, ' ').trim();
  return text || undefined;
}

/** WordPress stores a non-Latin slug percent-encoded (`%d0%bf%d1%80...`). */
function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
