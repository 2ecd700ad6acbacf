import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ResourceTemplate as SdkResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ListResourcesResult, ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../log.js';
import { perCatalog } from '../content/per-catalog.js';
import { registryOf } from '../documents/registry.js';
import { updatedAt } from '../query/updated-at.js';
import { pageSlugs, postSlugs, productSlugs } from '../query/queries.js';
import type { MirrorRecord } from '../documents/record-markdown.js';
import { mirrorMarkdown } from '../documents/record-markdown.js';
import type { Catalog } from '../content/types.js';
import type { Completer, Completers } from './completions.js';
import { completersFor } from './completions.js';
import type { Icon } from './icons.js';
import { iconsFor, withIcons } from './icons.js';
import { namesEverySlug, slugCount } from './slugs.js';

/**
 * Every product, article and page, and the company record, as a
 * `text/markdown` resource (MCP 2025-06-18, "Resources"). A resource's URI is
 * its `/md/` mirror URL and its text the mirror itself, so a client may read
 * it over MCP or fetch the URL and get the same bytes.
 */

export const MARKDOWN_MIME_TYPE = 'text/markdown';

/** Resources per `resources/list` page; the rest follow `nextCursor` (MCP 2025-06-18, "Pagination"). */
export const RESOURCE_PAGE_SIZE = 50;

/** MCP 2025-06-18, "Resources", "Error Handling": resource not found. */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * A JSON-RPC error as the SDK sends it: `code`, `message` and `data` of the
 * thrown value. (Its McpError would prefix "MCP error <code>: " to the
 * message, which the client's McpError prefixes again.)
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

interface Entry {
  readonly resource: Resource;
  readonly text: string;
}

interface Kind {
  /** Template name, and the prefix of each resource name (`product/<slug>`). */
  readonly name: 'product' | 'post' | 'page' | 'translated-page';
  readonly title: string;
  readonly description: string;
  /** The `/md/` path of a record with slug `{slug}`. */
  readonly path: string;
  readonly slugs: (catalog: Catalog, locale?: string) => readonly string[];
  /** For a template under a locale (`{locale}`): the locales it has. */
  readonly locales?: (catalog: Catalog) => readonly string[];
  /** Completes the template's `slug` (completion/complete with a `ref/resource`). */
  readonly complete: (completers: Completers) => Completer;
}

const KINDS: readonly Kind[] = [
  {
    name: 'product',
    title: 'Product',
    description: 'A product by slug, as markdown: status, tags, links, then the problem it solves and how it works.',
    path: '/md/products/{slug}.md',
    slugs: productSlugs,
    complete: (c) => c.productSlug,
  },
  {
    name: 'post',
    title: 'Article',
    description: 'A blog article by slug, as markdown: date, author, category, locale, translations, then the full text.',
    path: '/md/blog/{slug}.md',
    slugs: postSlugs,
    complete: (c) => c.postSlug,
  },
  {
    name: 'page',
    title: 'Page',
    description: 'An institutional page by slug (index is the home page), as markdown, in the site\u2019s default language.',
    path: '/md/{slug}.md',
    slugs: pageSlugs,
    complete: (c) => c.pageSlug,
  },
  {
    name: 'translated-page',
    title: 'Translated page',
    description: 'An institutional page in another language than the default, by locale and slug, as markdown.',
    path: '/md/{locale}/{slug}.md',
    slugs: (catalog, locale) => (locale === undefined ? [] : (catalog.pagesByLocale.get(locale)?.pages.map((p) => p.slug) ?? [])),
    complete: (c) => c.pageSlug,
    locales: (catalog) => catalog.site.locales.filter((l) => l !== catalog.site.default_locale && catalog.pagesByLocale.has(l)),
  },
];

interface Table {
  readonly entries: readonly Entry[];
  readonly byUri: ReadonlyMap<string, Entry>;
}

/**
 * The resources of `catalog`, read from its document registry and built once
 * per Catalog: the company record, every product, the pages of every locale
 * (the default one's first), every article.
 */
const tableOf = perCatalog((catalog): Table => {
  const entries: Entry[] = [];
  const registry = registryOf(catalog);
  const add = (name: string, title: string, description: string | undefined, lastModified: string | undefined, record: MirrorRecord) => {
    const text = mirrorMarkdown(record);
    entries.push({
      resource: {
        uri: record.markdown_url,
        name,
        title,
        ...(description ? { description } : {}),
        mimeType: MARKDOWN_MIME_TYPE,
        size: Buffer.byteLength(text),
        ...(lastModified ? { annotations: { lastModified } } : {}),
      },
      text,
    });
  };
  const { company, site } = catalog;
  add('company', `${company.legal_name} (company record)`, `Registration record of ${company.trade_name}: legal name, identifiers, address, contact channels and profiles.`, undefined, company);
  for (const d of registry.records) if (d.kind === 'product') add(`product/${d.record.slug}`, d.record.name, d.record.summary, d.updatedAt, d.record);
  for (const { page, locale, slug } of registry.contentPages) {
    add(locale === site.default_locale ? `page/${slug}` : `page/${locale}/${slug}`, page!.title, page!.description, updatedAt(page!, catalog), page!);
  }
  for (const d of registry.records) if (d.kind === 'post') add(`post/${d.record.slug}`, d.record.title, d.record.summary, d.updatedAt, d.record);
  return { entries, byUri: new Map(entries.map((entry) => [entry.resource.uri, entry])) };
});

/** Opaque to clients; here the position of the next resource. */
function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string, total: number): number {
  const match = /^o:(0|[1-9]\d{0,8})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const offset = match ? Number(match[1]) : Number.NaN;
  // MCP 2025-06-18, "Pagination": an invalid cursor is error -32602.
  if (!(offset > 0 && offset < total)) {
    throw new RpcError(ErrorCode.InvalidParams, 'Invalid cursor: pass the nextCursor of the previous resources/list answer, or no cursor for the first page.');
  }
  return offset;
}

/** One page of resources; with `icons` (MCP 2025-11-25 clients), each resource carries them. */
export function listResources(catalog: Catalog, cursor: string | undefined, icons?: readonly Icon[]): ListResourcesResult {
  const { entries } = tableOf(catalog);
  const offset = cursor === undefined ? 0 : decodeCursor(cursor, entries.length);
  const end = offset + RESOURCE_PAGE_SIZE;
  return {
    resources: [...withIcons(entries.slice(offset, end).map((entry) => entry.resource), icons)],
    ...(end < entries.length ? { nextCursor: encodeCursor(end) } : {}),
  };
}

export function resourceTemplates(catalog: Catalog, icons?: readonly Icon[]): ResourceTemplate[] {
  const templates = KINDS.map((kind) => ({
    uriTemplate: `${catalog.base_url}${kind.path}`,
    name: kind.name,
    title: kind.title,
    description: kind.description,
    mimeType: MARKDOWN_MIME_TYPE,
  }));
  return [...withIcons(templates, icons)];
}

export function readResource(catalog: Catalog, uri: string): ReadResourceResult {
  const entry = tableOf(catalog).byUri.get(uri);
  if (entry) return { contents: [{ uri, mimeType: MARKDOWN_MIME_TYPE, text: entry.text }] };
  throw notFound(catalog, uri);
}

/** Names the template the URI looks like and its valid slugs (src/mcp/slugs.ts), so the caller can correct it. */
function notFound(catalog: Catalog, uri: string): RpcError {
  const shown = uri.length > 200 ? `${uri.slice(0, 200)}…` : uri;
  for (const kind of KINDS) {
    const template = `${catalog.base_url}${kind.path}`;
    const [prefix = '', suffix = ''] = template.split('{slug}');
    const middle = uri.startsWith(prefix.split('{locale}')[0]!) && uri.endsWith(suffix) ? uri.slice(0, uri.length - suffix.length) : undefined;
    if (middle === undefined) continue;
    let locale: string | undefined;
    let slug: string;
    if (kind.locales) {
      const [before = '', after = ''] = prefix.split('{locale}');
      const rest = middle.slice(before.length);
      const cut = rest.indexOf(after);
      if (cut <= 0) continue;
      locale = rest.slice(0, cut);
      if (!kind.locales(catalog).includes(locale)) continue;
      slug = rest.slice(cut + after.length);
    } else {
      if (!middle.startsWith(prefix)) continue;
      slug = middle.slice(prefix.length);
    }
    if (slug === '' || slug.includes('/')) continue;
    const valid = kind.slugs(catalog, locale);
    const what = locale === undefined ? kind.name : `page in ${locale}`;
    const every = namesEverySlug(valid);
    const slugs = every ? `Valid slugs: ${valid.join(', ')}.` : `${slugCount(valid)} resources/list names every resource; completion/complete completes the template's slug.`;
    return new RpcError(RESOURCE_NOT_FOUND, `Resource not found: no ${what} has the slug "${slug.slice(0, 100)}". ${slugs}`, {
      uri: shown,
      template: locale === undefined ? template : template.replace('{locale}', locale),
      ...(every ? { valid_slugs: valid } : { slug_count: valid.length }),
    });
  }
  return new RpcError(RESOURCE_NOT_FOUND, `Resource not found: ${shown}. Call resources/list for every resource URI, or resources/templates/list for their forms.`, {
    uri: shown,
  });
}

/**
 * Answers the three resource methods over `catalog`, and completes each
 * template's slug. The templates are registered with the SDK, each with the
 * `complete` callback of its variable, so that the SDK's completion/complete
 * finds them by their URI template (MCP 2025-06-18, "Completion", `ref/resource`);
 * the list and read methods are then answered here, from the table built
 * once per Catalog, with the pagination and errors described above.
 */
export function registerResources(mcp: McpServer, catalog: Catalog, log: Log): void {
  for (const kind of KINDS) {
    // The completers are built on the first completion, not with the server.
    const complete = (typed: string) => kind.complete(completersFor(catalog))(typed);
    const locales = kind.locales && ((typed: string) => kind.locales!(catalog).filter((locale) => locale.toLowerCase().startsWith(typed.toLowerCase())));
    mcp.registerResource(
      kind.name,
      new SdkResourceTemplate(`${catalog.base_url}${kind.path}`, { list: undefined, complete: { slug: complete, ...(locales ? { locale: locales } : {}) } }),
      { title: kind.title, description: kind.description, mimeType: MARKDOWN_MIME_TYPE },
      (uri) => readResource(catalog, uri.href),
    );
  }
  const server = mcp.server;
  // The SDK would send an unexpected error's own message; this one says nothing of its cause, which is logged.
  const guarded =
    <R, E, A>(answer: (request: R, extra: E) => A) =>
    (request: R, extra: E): A => {
      try {
        return answer(request, extra);
      } catch (error) {
        if (error instanceof RpcError) throw error;
        log.error({ err: error }, 'MCP resource request failed');
        throw new RpcError(ErrorCode.InternalError, 'Internal error: the server could not answer; call again in a moment.');
      }
    };
  server.setRequestHandler(
    ListResourcesRequestSchema,
    guarded((request, extra) => listResources(catalog, request.params?.cursor, iconsFor(catalog, extra))),
  );
  server.setRequestHandler(
    ListResourceTemplatesRequestSchema,
    guarded((_request, extra) => ({ resourceTemplates: resourceTemplates(catalog, iconsFor(catalog, extra)) })),
  );
  server.setRequestHandler(
    ReadResourceRequestSchema,
    guarded((request) => readResource(catalog, request.params.uri)),
  );
}
