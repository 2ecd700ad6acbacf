import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** What the server answered one request: a result or a JSON-RPC error. */
export type Reply = { readonly result: unknown } | { readonly error: unknown };

/**
 * An MCP transport (the SDK's `Transport` interface) between one long-lived
 * server and many HTTP requests: each JSON-RPC request is handed to the
 * server under an id of this transport's own, so that two clients that both
 * number their requests from 1 never meet, and its reply comes back to the
 * request that asked. The Streamable HTTP rules (one POST per message, JSON
 * responses, no session) are the endpoint's; this only carries messages.
 * The server's own requests and notifications to the client (progress,
 * logging) have no channel in JSON response mode and are dropped.
 */
export class RequestReplyTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #pending = new Map<number, (reply: Reply) => void>();
  #next = 0;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    for (const resolve of this.#pending.values()) resolve({ error: { code: -32603, message: 'Internal error: the server closed before answering.' } });
    this.#pending.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || typeof message.id !== 'number' || !('result' in message || 'error' in message)) return;
    const resolve = this.#pending.get(message.id);
    if (!resolve) return;
    this.#pending.delete(message.id);
    resolve('result' in message ? { result: message.result } : { error: message.error });
  }

  /**
   * Hands `request` to the server and resolves with its reply. `info` reaches
   * the handler as its `extra.requestInfo`, as the SDK's own HTTP transports
   * pass the request's headers: how a handler learns the protocol revision.
   */
  request(request: JSONRPCRequest, info?: MessageExtraInfo): Promise<Reply> {
    this.#next += 1;
    const id: RequestId = this.#next;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.onmessage?.({ ...request, id }, info);
    });
  }

  notify(notification: JSONRPCNotification): void {
    this.onmessage?.(notification);
  }
}
