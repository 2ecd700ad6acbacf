/** JSON-RPC 2.0 error bodies, for what /mcp refuses before or without the SDK. */
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Answer } from '../http/answer.js';
import type { RpcRefusal } from '../model/protocol.js';
import { JSON_RPC_CODES, rpcErrorBody } from '../model/protocol.js';

/** JSON-RPC 2.0 section 5.1 error codes, and the range left to implementations. */
export const JSON_RPC = JSON_RPC_CODES;

/** A JSON-RPC 2.0 error response (section 5): `id` is null when the request's could not be read. */
export function errorResponse(id: RequestId | null, code: number, message: string, data?: Record<string, unknown>) {
  return rpcErrorBody({ status: 0, code, message, ...(data === undefined ? {} : { data }) }, id);
}

/** A refusal the service description declares (src/model/protocol.ts), as an answer. */
export function refusalAnswer(refusal: RpcRefusal, id: RequestId | null = null): Answer {
  return rpcAnswer(refusal.status, id, refusal.code, refusal.message, refusal.data, refusal.headers);
}

/** A JSON-RPC error body with `status`; never kept by a cache. */
export function rpcAnswer(status: number, id: RequestId | null, code: number, message: string, data?: Record<string, unknown>, headers: Readonly<Record<string, string>> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    cache: 'no-store',
    body: JSON.stringify(errorResponse(id, code, message, data)),
  };
}
