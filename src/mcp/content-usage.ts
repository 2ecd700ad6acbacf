import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AiUsage } from '../content/ai-usage.js';
import type { Catalog } from '../content/types.js';
import type { Documents } from '../documents/documents.js';
import { usageOf } from '../documents/registry.js';
import { MARKDOWN_PREFIX } from '../routes/table.js';
import { findPage, findPost, findProduct } from '../query/queries.js';

/**
 * What automated systems may do with the content one MCP request answers,
 * for its Content-Usage header: the document's own preferences when the
 * request reads one document (`resources/read` of its mirror, or a get_
 * tool naming it by its slug), the site's for anything else.
 */
export function requestUsage(catalog: Catalog, documents: Documents, request: JSONRPCRequest | undefined): AiUsage {
  const site = catalog.site.ai_usage;
  const params = (request?.params ?? {}) as { uri?: unknown; name?: unknown; arguments?: unknown };
  if (request?.method === 'resources/read' && typeof params.uri === 'string') {
    const prefix = `${catalog.base_url}${MARKDOWN_PREFIX}/`;
    const document = params.uri.startsWith(prefix) ? documents.mirror(catalog, params.uri.slice(prefix.length)) : undefined;
    return document ? usageOf(catalog, document) : site;
  }
  if (request?.method !== 'tools/call' || typeof params.arguments !== 'object' || params.arguments === null) return site;
  const { slug, locale } = params.arguments as { slug?: unknown; locale?: unknown };
  if (typeof slug !== 'string') return site;
  const inLocale = typeof locale === 'string' ? locale : undefined;
  // The tools' own lookups: a slug's case and accents forgiven, an untranslated record answered in the default locale.
  try {
    switch (params.name) {
      case 'get_product':
        return findProduct(catalog, slug, inLocale).record.ai_usage;
      case 'get_post':
        return findPost(catalog, slug).ai_usage;
      case 'get_page':
        return findPage(catalog, slug, inLocale).record.ai_usage;
      default:
        return site;
    }
  } catch {
    // A slug no record has: the tool answers an error, which is the site's.
    return site;
  }
}
