import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/**
 * What one POST body holds, by JSON-RPC 2.0's rules as MCP narrows them
 * (MCP 2025-06-18, "Base Protocol"): a request has a string or number id (never
 * null) and a method; a notification a method and no id; a response an id and
 * a result or an error. Params, when present, are an object. The SDK's server
 * validates each message it handles against its own schemas as well; this is
 * what the endpoint needs to route a message, and to refuse what is none.
 */
export type Message =
  | { readonly kind: 'request'; readonly message: JSONRPCRequest }
  | { readonly kind: 'notification'; readonly message: JSONRPCNotification }
  | { readonly kind: 'response'; readonly message: JSONRPCMessage };

/** The members each kind may have: JSON-RPC 2.0 allows no others. */
const REQUEST_MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params']);
const RESPONSE_MEMBERS = new Set(['jsonrpc', 'id', 'result', 'error']);

export function readMessage(value: unknown): Message | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const object = value as Record<string, unknown>;
  if (object.jsonrpc !== '2.0') return undefined;
  const members = Object.keys(object);
  const allowed = 'method' in object ? REQUEST_MEMBERS : RESPONSE_MEMBERS;
  if (!members.every((name) => allowed.has(name)) || ('result' in object && 'error' in object)) return undefined;
  const { id, method, params } = object;
  const hasId = 'id' in object;
  if (hasId && typeof id !== 'string' && !Number.isInteger(id)) return undefined;
  if (typeof method === 'string') {
    if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return undefined;
    return hasId ? { kind: 'request', message: value as JSONRPCRequest } : { kind: 'notification', message: value as JSONRPCNotification };
  }
  if (method === undefined && hasId && ('result' in object || 'error' in object)) return { kind: 'response', message: value as JSONRPCMessage };
  return undefined;
}
