import type { Catalog } from '../content/types.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { serverIcons } from '../model/icons.js';
import { PROMPT_SUMMARIES } from '../model/prompts.js';
import { documentTemplates, MARKDOWN_MIME_TYPE, uriTemplate } from '../documents/templates.js';
import { mcpServerIdentity } from '../model/protocol.js';
import { TOOL_LINES } from '../model/tools.js';
import { API_VERSION } from '../config/version.js';
import { paths, urlOf } from '../routes/table.js';

/**
 * The machine-readable discovery documents (OAuth metadata, the MCP server
 * card, the AI Catalog, /auth.md), built from the Catalog in force so they
 * never disagree with what is served.
 */

/** OAuth scopes, declared for future use; nothing checks them. */
export const SCOPES = ['content:read', 'products:read', 'posts:read', 'company:read'] as const;

/** How an agent authenticates here (it does not: every resource is anonymous). */
export function agentAuth(catalog: Catalog) {
  const base = catalog.base_url;
  return {
    method: 'anonymous',
    credential_type: 'none',
    authorization_header: 'not required',
    scopes_enforced: false,
    start_here: `${base}/api/v1`,
    mcp_endpoint: `${base}/mcp`,
    openapi: `${base}/openapi.json`,
    documentation: `${base}/auth.md`,
    instructions: `Call GET ${base}/api/v1 or POST ${base}/mcp with no credential. No client registration, token or key is needed or issued.`,
  };
}

/** RFC 8414 authorization server metadata, for endpoints that issue nothing. */
export function authorizationServerMetadata(catalog: Catalog) {
  const base = catalog.base_url;
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    jwks_uri: `${base}/oauth/jwks`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${base}/auth.md`,
    agent_auth: agentAuth(catalog),
  };
}

/**
 * RFC 9728 protected resource metadata. `resource` must equal the URL the
 * metadata was fetched for (section 3.3): the site itself at the bare
 * well-known path, `/mcp` and `/api/v1` at their path-suffixed ones.
 */
export function protectedResourceMetadata(catalog: Catalog, resourcePath: string) {
  const base = catalog.base_url;
  return {
    resource: `${base}${resourcePath}`,
    resource_name: `${catalog.site.name} ${resourcePath === '/mcp' ? 'MCP server' : 'content API'}`,
    authorization_servers: [base],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_documentation: urlOf(base, paths.developers(catalog.site)),
    resource_policy_uri: `${base}/terms`,
    agent_auth: agentAuth(catalog),
  };
}

/**
 * The MCP server card: what a client needs before it connects, in a few
 * hundred tokens, not a copy of tools/list (which the server answers, with
 * every schema). SEP-2127 fields (name, version, title, description,
 * websiteUrl, remotes, capabilities, tools, prompts, resources) plus
 * SEP-1649's `serverInfo`, `transport` and `protocolVersion`, so readers of
 * either draft find what they look for in the one document served at both
 * paths. The name, title and revisions are the server's own
 * (mcpServerIdentity): initialize, the AI catalog and llms.txt say the same.
 * `protocolVersion` is the revision initialize answers a client that asks
 * for one the server does not speak, its newest; `supportedProtocolVersions`
 * lists every one. The icons (MCP 2025-11-25 `Implementation.icons`) are
 * the company logo's. Each tool and prompt is its name and one line.
 */
export function mcpServerCard(catalog: Catalog) {
  const base = catalog.base_url;
  const { name, title, version, protocolVersions } = mcpServerIdentity(catalog.site.name, base);
  const description = `Read-only content of ${catalog.site.name}: products, articles, institutional pages, company identity and search. ${catalog.site.description}`;
  const icons = serverIcons(catalog);
  const withIcons = icons ? { icons: [...icons] } : {};
  return {
    name,
    version,
    title,
    description,
    websiteUrl: base,
    ...withIcons,
    protocolVersion: protocolVersions[0],
    supportedProtocolVersions: [...protocolVersions],
    serverInfo: { name, title, version, ...withIcons },
    transport: { type: 'streamable-http', url: `${base}/mcp`, endpoint: `${base}/mcp` },
    remotes: [
      {
        type: 'streamable-http',
        url: `${base}/mcp`,
        supportedProtocolVersions: [...protocolVersions],
        authentication: { required: false, schemes: [] },
      },
    ],
    authentication: { required: false, method: 'anonymous', credential_type: 'none' },
    capabilities: { tools: { listChanged: false }, resources: { subscribe: false, listChanged: false }, prompts: { listChanged: false }, completions: {} },
    tools: TOOL_LINES.map(({ name: tool, title: toolTitle, summary }) => ({ name: tool, title: toolTitle, description: summary })),
    prompts: PROMPT_SUMMARIES.map(({ name: prompt, title: promptTitle, description: text, arguments: args }) => ({
      name: prompt,
      title: promptTitle,
      description: firstSentenceOf(text),
      arguments: args.map((a) => ({ name: a.name, required: a.required })),
    })),
    resources: {
      description: 'Every product, article and page and the company record as text/markdown; each URI is its /md/ mirror URL.',
      // The templates resources/templates/list answers, from the same declaration.
      templates: documentTemplates(catalog).map((template) => ({ uriTemplate: uriTemplate(catalog, template), name: template.name, title: template.title, mimeType: MARKDOWN_MIME_TYPE })),
    },
    documentationUrl: urlOf(base, paths.developers(catalog.site)),
  };
}

/** A prompt's description up to its first full stop. */
const firstSentenceOf = (text: string) => text.slice(0, text.search(/\.(\s|$)/) + 1) || text;

/** The AI Catalog (ARD / ai-catalog draft, specVersion 1.0) of this domain. */
export function aiCatalog(catalog: Catalog, quota: RateLimitPolicy) {
  const base = catalog.base_url;
  const host = new URL(base).host;
  const urn = (kind: string, name: string) => `urn:ai:${host}:${kind}:${name}`;
  const mcp = mcpServerIdentity(catalog.site.name, base);
  return {
    specVersion: '1.0',
    host: { displayName: catalog.site.name, identifier: host, documentationUrl: urlOf(base, paths.developers(catalog.site)) },
    entries: [
      {
        identifier: urn('mcp', 'content'),
        displayName: mcp.title,
        type: 'application/mcp-server-card+json',
        url: `${base}/.well-known/mcp/server-card`,
        description: `MCP server ${mcp.name} at ${base}/mcp (Streamable HTTP, protocol revisions ${mcp.protocolVersions.join(', ')}, anonymous): tools to list and read products, articles, pages and the company record, and to search them; prompts to describe the company, quote an article and verify its registration.`,
        tags: ['mcp', 'content', 'read-only'],
        version: mcp.version,
      },
      {
        identifier: urn('api', 'content-v1'),
        displayName: `${catalog.site.name} content API v1`,
        type: 'application/vnd.oai.openapi+json;version=3.1',
        url: `${base}/openapi.json`,
        description: `JSON API at ${base}/api/v1: anonymous GET, ${quota.limit} requests per ${quota.windowSeconds} s per client address.`,
        tags: ['openapi', 'rest', 'read-only'],
        version: API_VERSION,
      },
      {
        identifier: urn('llms', 'index'),
        displayName: `${catalog.site.name} for language models`,
        type: 'text/markdown',
        url: `${base}/llms.txt`,
        description: 'llms.txt index of every page, product and article with its markdown mirror; /llms-full.txt inlines them.',
        tags: ['llms.txt', 'markdown'],
      },
      {
        identifier: urn('auth', 'anonymous'),
        displayName: 'Authentication position',
        type: 'text/markdown',
        url: `${base}/auth.md`,
        description: 'Anonymous access only; no credential is issued or checked.',
        tags: ['auth'],
      },
    ],
  };
}

/** /auth.md: the authentication position in prose. */
export function authMarkdown(catalog: Catalog, quota: RateLimitPolicy): string {
  const base = catalog.base_url;
  return `# Authentication

${catalog.site.name}'s content API and MCP server are **anonymous**. The only
method is \`anonymous\` and the credential type is \`none\`.

- Call \`GET ${base}/api/v1/...\` or \`POST ${base}/mcp\` with no \`Authorization\`
  header. A call without one succeeds.
- No credential is issued, stored or validated: there is no key to request,
  no client to register and no token to refresh.
- Every endpoint is read-only and public. Pricing and contractual terms are
  not published through this service.

## Scopes

The authorization server metadata at
\`${base}/.well-known/oauth-authorization-server\` declares the scopes
${SCOPES.map((s) => `\`${s}\``).join(', ')}. They are declared only for future
use; nothing checks them today.

## The OAuth endpoints

They exist so that OAuth and MCP discovery resolve, and each answers in the
RFC 6749 error shape with an \`error_description\` naming the call that works:

| endpoint | answer |
| --- | --- |
| \`POST /oauth/register\` | 403 \`access_denied\`: no registration is needed |
| \`GET /oauth/claim\` | 200: the anonymous identity, already granted |
| \`POST /oauth/token\` | 400 \`unauthorized_client\`: no token is issued |
| \`GET /oauth/authorize\` | 400 \`invalid_request\`: no code is issued |
| \`GET /oauth/jwks\` | 200: \`{ "keys": [] }\` |
| \`POST /oauth/revoke\` | 200: nothing to revoke |

## Limits instead of credentials

Each client address may make ${quota.limit} requests per
${quota.windowSeconds} seconds (policy \`${quota.name}\`); every
response says what is left in its \`RateLimit\` headers.

## If this changes

A resource that starts requiring a token is announced first by the
deprecation mechanism (${urlOf(base, paths.developers(catalog.site, 'deprecation'))}): at least 180 days
ahead, every response of the affected version carries \`Deprecation\`,
\`Sunset\` and \`Link\` headers pointing at its successor.
`;
}
