import { ImportError } from './errors.js';
import { lexicalToHtml, mobiledocToHtml } from './ghost-render.js';
import type { SkippedItem, SourceDocument, SourceExport } from './source.js';

/**
 * A Ghost export (Settings > Labs > Export, versions 2 to 5) as a
 * SourceExport. The file is Ghost's "db" export: `{db: [{meta, data}]}`, or
 * `{meta, data}` alone, `data` holding its tables (posts, tags, users and
 * the tables that join them). A post's body is its `html`; one exported
 * without it is rendered from its Lexical or mobiledoc document.
 */

type Row = Record<string, unknown>;

interface GhostData {
  readonly posts: readonly Row[];
  readonly tags: readonly Row[];
  readonly posts_tags: readonly Row[];
  readonly users: readonly Row[];
  readonly posts_authors: readonly Row[];
  readonly posts_meta: readonly Row[];
  readonly settings: readonly Row[];
}

const STATUS_REASONS: Readonly<Record<string, string>> = {
  draft: 'a draft',
  scheduled: 'scheduled, not published yet',
  sent: 'sent by email only, never published on the site',
};

export function readGhost(text: string, file: string): SourceExport {
  const data = ghostData(text, file);
  const setting = (key: string) => {
    const value = data.settings.find((row) => row.key === key)?.value;
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const tags = new Map(data.tags.map((tag) => [String(tag.id), tag]));
  const users = new Map(data.users.map((user) => [String(user.id), string(user.name)]));
  const meta = new Map(data.posts_meta.map((row) => [String(row.post_id), row]));
  const tagsOf = joined(data.posts_tags, 'tag_id');
  const authorsOf = joined(data.posts_authors, 'author_id');
  const documents: SourceDocument[] = [];
  const skipped: SkippedItem[] = [];
  for (const post of data.posts) {
    const id = String(post.id);
    const type = post.type === 'page' || post.page === true || post.page === 1 ? 'page' : 'post';
    const reason = skipReason(post);
    if (reason) {
      skipped.push({ id, title: string(post.title), type, reason });
      continue;
    }
    const postTags = (tagsOf.get(id) ?? []).map((tagId) => tags.get(tagId)).filter((tag): tag is Row => tag !== undefined && !isInternal(tag));
    const author = users.get((authorsOf.get(id) ?? [])[0] ?? String(post.author_id ?? '')) ?? undefined;
    documents.push(documentOf(post, type, { tags: postTags.map((tag) => string(tag.name)).filter(Boolean), author, meta: meta.get(id) ?? {} }));
  }
  const title = setting('title') ?? '';
  const description = setting('description');
  const language = setting('locale') ?? setting('lang') ?? setting('default_locale');
  return {
    format: 'ghost',
    site: { title, ...(description ? { description } : {}), ...(language ? { language } : {}), url: undefined },
    documents,
    skipped,
    attachments: new Map(),
  };
}

/** The export's tables; a file that is no Ghost export is an ImportError naming it. */
function ghostData(text: string, file: string): GhostData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ImportError(file, `is not a Ghost export: it is not JSON (${(error as Error).message.split('\n')[0]})`);
  }
  const root = parsed as { db?: unknown; meta?: unknown; data?: unknown } | null;
  const entry = (root && Array.isArray(root.db) ? root.db[0] : root) as { meta?: unknown; data?: Record<string, unknown> } | null | undefined;
  const data = entry?.data;
  if (!entry || typeof entry.meta !== 'object' || !data || typeof data !== 'object' || !Array.isArray(data.posts)) {
    throw new ImportError(file, 'is not a Ghost export: it has no {db: [{meta, data: {posts}}]} (nor {meta, data})');
  }
  const table = (name: string): Row[] => (Array.isArray(data[name]) ? (data[name] as unknown[]).filter((row): row is Row => row !== null && typeof row === 'object') : []);
  return {
    posts: table('posts'),
    tags: table('tags'),
    posts_tags: table('posts_tags'),
    users: table('users'),
    posts_authors: table('posts_authors'),
    posts_meta: table('posts_meta'),
    settings: table('settings'),
  };
}

function skipReason(post: Row): string | undefined {
  const status = string(post.status);
  if (status !== 'published') return STATUS_REASONS[status] ?? `not published (status "${status}")`;
  const visibility = string(post.visibility) || 'public';
  if (visibility !== 'public') return `for ${visibility === 'paid' ? 'paying members' : visibility === 'tiers' ? 'members of some tiers' : 'members'} only`;
  return undefined;
}

/** Ghost's internal tags (`#name`) organise the site; they are no topic of the post. */
function isInternal(tag: Row): boolean {
  return tag.visibility === 'internal' || string(tag.name).startsWith('#');
}

/** A join table's other ids for each post, in its sort order. */
function joined(rows: readonly Row[], column: string): Map<string, string[]> {
  const sorted = [...rows].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  const byPost = new Map<string, string[]>();
  for (const row of sorted) byPost.set(String(row.post_id), [...(byPost.get(String(row.post_id)) ?? []), String(row[column])]);
  return byPost;
}

function documentOf(post: Row, kind: 'post' | 'page', related: { tags: readonly string[]; author: string | undefined; meta: Row }): SourceDocument {
  const published = date(post.published_at) ?? date(post.created_at) ?? '1970-01-01T00:00:00Z';
  const updated = date(post.updated_at);
  const summary = string(post.custom_excerpt) || string(related.meta.meta_description) || string(post.meta_description);
  const picture = string(post.feature_image);
  const alt = string(related.meta.feature_image_alt) || string(post.feature_image_alt);
  const caption = string(related.meta.feature_image_caption) || string(post.feature_image_caption);
  const slug = string(post.slug);
  return {
    kind,
    id: String(post.id),
    title: string(post.title),
    slug,
    html: bodyOf(post),
    ...(summary ? { summary } : {}),
    publishedAt: published,
    ...(updated && updated !== published ? { updatedAt: updated } : {}),
    ...(related.author ? { author: related.author } : {}),
    categories: related.tags.slice(0, 1),
    tags: related.tags.slice(1),
    ...(picture ? { picture: { url: picture, ...(alt ? { alt } : {}), ...(caption ? { caption } : {}) } } : {}),
    ...(string(post.locale) ? { language: string(post.locale) } : {}),
    oldPaths: slug ? [`/${slug}/`] : [],
  };
}

/** The post's HTML, else its Lexical or mobiledoc rendered. */
function bodyOf(post: Row): string {
  const html = string(post.html);
  if (html) return html;
  const lexical = string(post.lexical);
  const mobiledoc = string(post.mobiledoc);
  return (lexical && lexicalToHtml(lexical)) || (mobiledoc && mobiledocToHtml(mobiledoc)) || '';
}

function string(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A Ghost date (`2021-03-24T04:34:10.000Z`, or a MySQL `2021-03-24 04:34:10` in UTC) as RFC 3339. */
function date(value: unknown): string | undefined {
  if (typeof value === 'number') return new Date(value).toISOString().replace('.000Z', 'Z');
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value.trim()) ? `${value.trim().replace(' ', 'T')}Z` : value.trim();
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
