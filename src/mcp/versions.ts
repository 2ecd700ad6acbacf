/**
 * The MCP specification revisions /mcp speaks, declared once: the endpoint
 * negotiates and checks them, and the discovery documents, llms.txt and the
 * developer portal list them. Plain data: the documents read this module at
 * start-up, when the SDK is not loaded yet (test/mcp/versions.test.ts checks
 * that the SDK supports each of them).
 */

/** Newest first. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

/** The newest revision: answered to an `initialize` that asks for one this server does not speak. */
export const LATEST_MCP_PROTOCOL_VERSION: McpProtocolVersion = MCP_PROTOCOL_VERSIONS[0];

/**
 * The revision shown where the server may pick one for a client that states
 * no preference (the examples of the developer portal, the single
 * `protocolVersion` of the server card): the one every current client speaks.
 */
export const PREFERRED_MCP_PROTOCOL_VERSION: McpProtocolVersion = '2025-06-18';

/**
 * The revision of a request without an MCP-Protocol-Version header (MCP
 * 2025-06-18, Transports, "Protocol Version Header": "the server SHOULD
 * assume protocol version 2025-03-26").
 */
export const HEADERLESS_MCP_PROTOCOL_VERSION: McpProtocolVersion = '2025-03-26';

/** The first revision with `icons` on the server's Implementation, tools, resources and prompts (MCP 2025-11-25, "Icons"). */
export const ICONS_SINCE: McpProtocolVersion = '2025-11-25';

export function isSupportedVersion(version: unknown): version is McpProtocolVersion {
  return typeof version === 'string' && (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/**
 * The revision answered to an `initialize` asking for `requested` (MCP
 * 2025-11-25, Lifecycle, "Version Negotiation"): the same one when it is
 * supported, otherwise the latest this server supports.
 */
export function negotiatedVersion(requested: unknown): McpProtocolVersion {
  return isSupportedVersion(requested) ? requested : LATEST_MCP_PROTOCOL_VERSION;
}

/** Whether `version` has what `since` introduced (revisions are dates, so they sort as text). */
export function versionAtLeast(version: McpProtocolVersion, since: McpProtocolVersion): boolean {
  return version >= since;
}

/** The revisions in prose: "2025-11-25, 2025-06-18 and 2025-03-26". */
export function versionsInWords(): string {
  const all = [...MCP_PROTOCOL_VERSIONS];
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} and ${all.at(-1)!}`;
}

/** The request information a handler receives (the SDK's `extra.requestInfo`), as much as is read here. */
export interface RequestVersionInfo {
  readonly requestInfo?: { readonly headers: Readonly<Record<string, string | string[] | undefined>> };
}

/**
 * The revision a request was made under: its MCP-Protocol-Version header,
 * which the endpoint has checked and hands the server as the SDK's HTTP
 * transports do; without one, 2025-03-26 (see HEADERLESS_MCP_PROTOCOL_VERSION).
 */
export function requestVersion(extra: RequestVersionInfo): McpProtocolVersion {
  const header = extra.requestInfo?.headers['mcp-protocol-version'];
  return isSupportedVersion(header) ? header : HEADERLESS_MCP_PROTOCOL_VERSION;
}
