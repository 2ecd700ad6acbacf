import type { McpProtocolVersion } from '../model/protocol.js';
import { HEADERLESS_MCP_PROTOCOL_VERSION, isSupportedVersion } from '../model/protocol.js';

/**
 * The MCP specification revisions /mcp speaks are declared in
 * src/model/protocol.ts, where the documents read them too; this is how a
 * request of the MCP server says which one it was made under.
 */


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
