import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Implementation, InitializeResult } from '@modelcontextprotocol/sdk/types.js';
import { InitializeRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../config/log.js';
import type { Catalog } from '../content/types.js';
import type { AiUsage } from '../content/ai-usage.js';
import { usageInWords } from '../content/ai-usage.js';
import { PROMPT_SUMMARIES } from '../model/prompts.js';
import { mcpServerIdentity } from '../model/protocol.js';
import type { Icon } from '../model/icons.js';
import { iconsFor, withIcons } from './with-icons.js';
import { serverIcons } from '../model/icons.js';
import { registerPrompts } from './prompt-requests.js';
import type { ResourceMethods } from './resources.js';
import { registerResources } from './resources.js';
import { answerToolCalls } from './tool-calls.js';
import { toolDefinitions } from '../model/tools.js';
import { ICONS_SINCE, negotiatedVersion, versionAtLeast } from '../model/protocol.js';

/**
 * The SDK builds an Ajv instance per server unless given one (several
 * milliseconds, more than the rest of a request); a server only uses it to
 * check elicitation answers, which this one never asks for, so one is shared.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * Tools, resources and prompts, fixed for the life of a server: no list
 * change to announce, nothing to subscribe to; completions for the prompt
 * arguments and template variables that take content values.
 */
export const CAPABILITIES = Object.freeze({
  tools: Object.freeze({ listChanged: false }),
  resources: Object.freeze({ subscribe: false, listChanged: false }),
  prompts: Object.freeze({ listChanged: false }),
  completions: Object.freeze({}),
});

/** What a model is told about this server when it connects (`instructions` of the initialize result). */
export function instructions(catalog: Catalog): string {
  const { site } = catalog;
  const { name, title, protocolVersions } = mcpServerIdentity(site.name, catalog.base_url);
  return [
    `${title} (${name}; MCP ${protocolVersions.join(', ')}): the read-only, public content of ${site.name} (${site.description}): its products, blog articles (locales: ${site.locales.join(', ')}), institutional pages and company registration record. Nothing here needs a credential or changes anything.`,
    'To find something by subject, call search_content (filter by kind, locale and publication date; sort by relevance or -published_at), then get_product, get_page or get_post with the kind and slug of a hit. To browse, call list_products, list_posts or list_pages: they answer what you choose by, a page at a time (call again with offset = next_offset for the next one); the get_ tools answer one record whole, with its markdown text. For the legal name, registration identifiers (each with verified: whether this server checked its check digits, and lookup_url: where a person checks it in its register), address and contact channels, call get_company_info.',
    'Every product, article and page and the company record is also a text/markdown resource whose URI is its /md/ mirror URL (resources/list, resources/read).',
    `Prompts: ${PROMPT_SUMMARIES.map((prompt) => `${prompt.name} (${prompt.arguments.map((argument) => argument.name).join(', ')})`).join(', ')}.`,
    'Pricing and contractual terms are not published here.',
    ...usageLine(site.ai_usage),
  ].join('\n\n');
}

/** The usage preferences in words, for a model that reads the content before it uses it. */
function usageLine(usage: AiUsage): string[] {
  const words = usageInWords(usage);
  return words === undefined ? [] : [`Usage preferences: ${words} A document may state its own, in the Content-Usage header of each answer.`];
}

/** The server's `Implementation`: its name and title as every document gives them, at the API version. */
function serverInfoOf(catalog: Catalog): Implementation {
  const { name, title, version } = mcpServerIdentity(catalog.site.name, catalog.base_url);
  return { name, title, version };
}

/**
 * The icons `read` gives, or none when reading them fails: an icon is not
 * worth a refused connection or list, and the SDK would send the failure's
 * own message. The failure is logged.
 */
function iconsOrNone(log: Log, read: () => readonly Icon[] | undefined): readonly Icon[] | undefined {
  try {
    return read();
  } catch (error) {
    log.error({ err: error }, 'MCP icons failed');
    return undefined;
  }
}

/**
 * The MCP server over `catalog`. The endpoint keeps one per Catalog
 * (src/mcp/endpoint.ts), connected to a transport that carries each HTTP
 * request's message to it: building it from the Catalog in force means a
 * content reload reaches the very next call, and the Catalog's schemas,
 * definitions and completions are built once, not per request.
 */
export function createMcpServer(catalog: Catalog, log: Log, resources: ResourceMethods): McpServer {
  const serverInfo = serverInfoOf(catalog);
  const text = instructions(catalog);
  const server = new McpServer(serverInfo, { instructions: text, jsonSchemaValidator: SCHEMA_VALIDATOR });
  // Declared before the handlers, which the SDK accepts only for a declared capability.
  server.server.registerCapabilities(CAPABILITIES);
  // The tools are answered by handlers of the low-level Server: tools/list
  // with the definitions of this Catalog (converted once, not on each
  // request), tools/call by src/mcp/tool-calls.ts.
  server.server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => ({
    tools: [...withIcons(toolDefinitions(catalog), iconsOrNone(log, () => iconsFor(catalog, extra)))],
  }));
  answerToolCalls(server.server, catalog, log);
  registerResources(server, catalog, resources, log);
  registerPrompts(server, catalog, log);
  // Replaces the SDK's `listChanged: true`, which registering resources and
  // prompts declares (it would announce changes of registrations made
  // later); nothing is registered after this point.
  server.server.registerCapabilities(CAPABILITIES);

  // MCP 2025-11-25, Lifecycle, "Version Negotiation": the revision the
  // client asks for when it is one this server speaks, otherwise its latest
  // (the rule of the SDK's own Server, over this server's revisions, which
  // are fewer than the SDK's). The icons are a 2025-11-25 member of
  // Implementation: a client of an older revision does not get them.
  server.server.setRequestHandler(InitializeRequestSchema, (request): InitializeResult => {
    const protocolVersion = negotiatedVersion(request.params.protocolVersion);
    const icons = versionAtLeast(protocolVersion, ICONS_SINCE) ? iconsOrNone(log, () => serverIcons(catalog)) : undefined;
    return {
      protocolVersion,
      capabilities: CAPABILITIES,
      serverInfo: icons ? { ...serverInfo, icons: [...icons] } : serverInfo,
      instructions: text,
    };
  });
  return server;
}
