import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { nearestNames, withSuggestion } from '../util/suggest.js';
import { ResourceTemplate as SdkResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ListResourcesResult, ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../config/log.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Documents } from '../documents/documents.js';
import type { DocumentTemplate } from '../documents/templates.js';
import { DOCUMENT_TEMPLATES, documentTemplates, MARKDOWN_MIME_TYPE, uriTemplate } from '../documents/templates.js';
import { MARKDOWN_PREFIX, urlOf } from '../routes/table.js';
import type { Catalog } from '../content/types.js';
import type { Completer, Completers } from '../model/completions.js';
import { completersFor } from '../model/completions.js';
import type { Icon } from '../model/icons.js';
import { iconsFor, withIcons } from './with-icons.js';
import { namesEverySlug, slugCount } from './slug-lists.js';
import { untranslatedMirror, withNote } from '../documents/untranslated.js';

/**
 * Every product, article and page, and the company record, as a
 * `text/markdown` resource (MCP 2025-06-18, "Resources"). A resource's URI is
 * its `/md/` mirror URL and its text the mirror itself, so a client may read
 * it over MCP or fetch the URL and get the same bytes.
 */

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

interface Table {
  readonly entries: readonly Entry[];
  readonly byUri: ReadonlyMap<string, Entry>;
}

/** The completer of a template's `{slug}`. */
function completerOf(template: DocumentTemplate): (completers: Completers) => Completer {
  switch (template.slug) {
    case 'product':
      return (c) => c.productSlug;
    case 'post':
      return (c) => c.postSlug;
    case 'page':
      return (c) => c.pageSlug;
  }
}

/**
 * The resources of `catalog`: every document the documents layer lists,
 * each under its /md/ URL with the text that URL answers, built once per
 * Catalog.
 */
const tablesOf = (documents: Documents) =>
  perCatalog((catalog): Table => {
    const entries = documents.listed(catalog).map(({ document, name, title, description, updatedAt, text }): Entry => ({
      resource: {
        uri: urlOf(catalog.base_url, document.markdownPath),
        name,
        title,
        ...(description ? { description } : {}),
        mimeType: MARKDOWN_MIME_TYPE,
        size: Buffer.byteLength(text),
        ...(updatedAt ? { annotations: { lastModified: updatedAt } } : {}),
      },
      text,
    }));
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

/** The resource methods over the documents layer: list, templates, read. */
export interface ResourceMethods {
  list(catalog: Catalog, cursor: string | undefined, icons?: readonly Icon[]): ListResourcesResult;
  templates(catalog: Catalog, icons?: readonly Icon[]): ResourceTemplate[];
  read(catalog: Catalog, uri: string): ReadResourceResult;
}

export function resourceMethods(documents: Documents): ResourceMethods {
  const tableOf = tablesOf(documents);
  return {
    /** One page of resources; with `icons` (MCP 2025-11-25 clients), each resource carries them. */
    list(catalog, cursor, icons) {
      const { entries } = tableOf(catalog);
      const offset = cursor === undefined ? 0 : decodeCursor(cursor, entries.length);
      const end = offset + RESOURCE_PAGE_SIZE;
      return {
        resources: [...withIcons(entries.slice(offset, end).map((entry) => entry.resource), icons)],
        ...(end < entries.length ? { nextCursor: encodeCursor(end) } : {}),
      };
    },
    templates(catalog, icons) {
      const templates = documentTemplates(catalog).map((template) => ({
        uriTemplate: uriTemplate(catalog, template),
        name: template.name,
        title: template.title,
        description: template.description,
        mimeType: MARKDOWN_MIME_TYPE,
      }));
      return [...withIcons(templates, icons)];
    },
    /** A listed document's text, or any other document's that has a mirror (the search page's). */
    read(catalog, uri) {
      const text = tableOf(catalog).byUri.get(uri)?.text ?? unlisted(catalog, uri);
      if (text !== undefined) return { contents: [{ uri, mimeType: MARKDOWN_MIME_TYPE, text }] };
      throw notFound(catalog, uri);
    },
  };

  /** The text of a mirror the list leaves out, as its URL answers it: a page or product a locale has not translated is the default locale's, with its note. */
  function unlisted(catalog: Catalog, uri: string): string | undefined {
    const prefix = `${catalog.base_url}${MARKDOWN_PREFIX}/`;
    if (!uri.startsWith(prefix)) return undefined;
    const name = uri.slice(prefix.length);
    const document = documents.mirror(catalog, name);
    if (document) return documents.markdown(catalog, document);
    const untranslated = untranslatedMirror(catalog, name);
    return untranslated && withNote(documents.markdown(catalog, untranslated.document), untranslated.note);
  }
}

/** Names the template the URI looks like and its valid slugs (src/mcp/slug-lists.ts), so the caller can correct it. */
function notFound(catalog: Catalog, uri: string): RpcError {
  const shown = uri.length > 200 ? `${uri.slice(0, 200)}…` : uri;
  for (const kind of documentTemplates(catalog)) {
    const template = uriTemplate(catalog, kind);
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
    const what = locale === undefined ? kind.slug : `${kind.slug} in ${locale}`;
    const every = namesEverySlug(valid);
    const slugs = every ? `Valid slugs: ${valid.join(', ')}.` : `${slugCount(valid)} resources/list names every resource; completion/complete completes the template's slug.`;
    const missing = withSuggestion(`Resource not found: no ${what} has the slug "${slug.slice(0, 100)}"`, nearestNames(slug, valid));
    return new RpcError(RESOURCE_NOT_FOUND, `${missing.endsWith('?') ? missing : `${missing}.`} ${slugs}`, {
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
export function registerResources(mcp: McpServer, catalog: Catalog, methods: ResourceMethods, log: Log): void {
  // Every form is registered, for completion/complete; which ones a site has is read when they are listed, not when the server is made.
  for (const kind of DOCUMENT_TEMPLATES) {
    // The completers are built on the first completion, not with the server.
    const complete = (typed: string) => completerOf(kind)(completersFor(catalog))(typed);
    const locales = kind.locales && ((typed: string) => kind.locales!(catalog).filter((locale) => locale.toLowerCase().startsWith(typed.toLowerCase())));
    mcp.registerResource(
      kind.name,
      new SdkResourceTemplate(uriTemplate(catalog, kind), { list: undefined, complete: { slug: complete, ...(locales ? { locale: locales } : {}) } }),
      { title: kind.title, description: kind.description, mimeType: MARKDOWN_MIME_TYPE },
      (uri) => methods.read(catalog, uri.href),
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
    guarded((request, extra) => methods.list(catalog, request.params?.cursor, iconsFor(catalog, extra))),
  );
  server.setRequestHandler(
    ListResourceTemplatesRequestSchema,
    guarded((_request, extra) => ({ resourceTemplates: methods.templates(catalog, iconsFor(catalog, extra)) })),
  );
  server.setRequestHandler(
    ReadResourceRequestSchema,
    guarded((request) => methods.read(catalog, request.params.uri)),
  );
}
