/** JSON-RPC 2.0 error bodies, for what /mcp refuses before or without the SDK. */
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Answer } from '../http/answer.js';

/** JSON-RPC 2.0 section 5.1 error codes, and the range left to implementations. */
export const JSON_RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_ERROR: -32000,
} as const;

/** A JSON-RPC 2.0 error response (section 5): `id` is null when the request's could not be read. */
export function errorResponse(id: RequestId | null, code: number, message: string, data?: Record<string, unknown>) {
  return { jsonrpc: '2.0' as const, id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** A JSON-RPC error body with `status`; never kept by a cache. */
export function rpcAnswer(status: number, id: RequestId | null, code: number, message: string, data?: Record<string, unknown>, headers: Readonly<Record<string, string>> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(errorResponse(id, code, message, data)),
  };
}
