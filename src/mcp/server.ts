import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { InitializeResult } from '@modelcontextprotocol/sdk/types.js';
import { InitializeRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../log.js';
import type { Catalog } from '../content/types.js';
import { MCP_PROTOCOL_VERSION } from '../discovery/documents.js';
import { API_VERSION } from '../version.js';
import { registerResources } from './resources.js';
import { registerTools, toolDefinitions } from './tools.js';

/**
 * The SDK builds an Ajv instance per server unless given one (several
 * milliseconds, more than the rest of a request); a server only uses it to
 * check elicitation answers, which this one never asks for, so one is shared.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/** Tools and resources, fixed for the life of a server: no list change to announce, nothing to subscribe to. */
export const CAPABILITIES = Object.freeze({
  tools: Object.freeze({ listChanged: false }),
  resources: Object.freeze({ subscribe: false, listChanged: false }),
});

/** What a model is told about this server when it connects (`instructions` of the initialize result). */
export function instructions(catalog: Catalog): string {
  const { site } = catalog;
  return [
    `Read-only, public content of ${site.name} (${site.description}): its products, blog articles (locales: ${site.locales.join(', ')}), institutional pages and company registration record. Nothing here needs a credential or changes anything.`,
    'To find something by subject, call search_content, then get_product, get_page or get_post with the kind and slug of a hit. To browse, call list_products or list_posts (without bodies), then the get_ tool for the full markdown text. For the legal name, CNPJ, address and contact channels, call get_company_info.',
    'Every product, article and page and the company record is also a text/markdown resource whose URI is its /md/ mirror URL (resources/list, resources/read).',
    'Pricing and contractual terms are not published here.',
  ].join('\n\n');
}

/**
 * A new MCP server over `catalog`, for one request: the stateless Streamable
 * HTTP transport takes a fresh server and transport per request
 * (modelcontextprotocol/typescript-sdk, simpleStatelessStreamableHttp), and
 * building it from the Catalog in force means a content reload reaches the
 * very next call.
 */
export function createMcpServer(catalog: Catalog, log: Log): McpServer {
  const serverInfo = { name: `${catalog.site.name} content`, title: `${catalog.site.name} content`, version: API_VERSION };
  const text = instructions(catalog);
  const server = new McpServer(serverInfo, { instructions: text, jsonSchemaValidator: SCHEMA_VALIDATOR });
  registerTools(server, catalog, log);
  // The SDK would convert every schema again on each tools/list; the
  // definitions of this Catalog are the same conversion, done once.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...toolDefinitions(catalog)] }));
  // Replaces the SDK's `tools.listChanged: true`: this server lives for one request, so nothing changes in its life.
  server.server.registerCapabilities(CAPABILITIES);
  registerResources(server.server, catalog, log);

  // The protocol revision is 2025-06-18. The SDK would echo any
  // revision it knows (2025-11-25, 2024-11-05, ...); MCP's version
  // negotiation lets a server answer the one it supports, and a client that
  // cannot speak it disconnects (MCP 2025-06-18, "Lifecycle").
  server.server.setRequestHandler(
    InitializeRequestSchema,
    (): InitializeResult => ({
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: CAPABILITIES,
      serverInfo,
      instructions: text,
    }),
  );
  return server;
}
