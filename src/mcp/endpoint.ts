import type { IncomingMessage } from 'node:http';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { isJSONRPCNotification, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '../content/types.js';
import { MCP_PROTOCOL_VERSION } from '../discovery/documents.js';
import type { Answer } from '../http/answer.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Incoming } from '../http/request.js';
import type { Log } from '../log.js';
import { JSON_RPC, rpcAnswer } from './json-rpc.js';
import { createMcpServer } from './server.js';
import { TOOL_NAMES } from './tools.js';
import { rememberedReply, remember } from './tool-results.js';
import { RequestReplyTransport } from './transport.js';
import { readMessage } from './messages.js';

/**
 * The side of `POST /mcp` that runs the official SDK's server (src/mcp/routes.ts
 * declares the route): loaded on the first POST, so a server that is never
 * asked over MCP does not evaluate the SDK's modules and schemas at start-up.
 *
 * Streamable HTTP (MCP 2025-06-18, "Transports"), stateless, JSON responses:
 * each POST carries one JSON-RPC message; a request gets 200 and its
 * response, a notification or a response gets 202 and no body.
 */

const INVALID_REQUEST = 'Invalid Request: the body is not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0" and a "method", or a "result" or "error" with an "id").';

/** The largest request body read (the SDK's own Streamable HTTP transport reads 4 MiB). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The handler of POST /mcp: one MCP server per Catalog, connected to a transport that carries every request's message to it. */
/** What a tools/call came to: counted by the metrics. */
export type ToolCallObserver = (tool: string, outcome: 'ok' | 'tool_error' | 'error') => void;

export function mcpEndpoint(log: Log, onToolCall: ToolCallObserver = () => {}): (request: Incoming) => Promise<Answer> {
  const serverFor = perCatalog((catalog: Catalog) => {
    const transport = new RequestReplyTransport();
    const connected = createMcpServer(catalog, log).connect(transport);
    return { transport, connected };
  });
  return (request) => handlePost(request, serverFor(request.catalog), onToolCall);
}

async function handlePost(request: Incoming, { transport, connected }: { transport: RequestReplyTransport; connected: Promise<void> }, onToolCall: ToolCallObserver): Promise<Answer> {
  // The Streamable HTTP rules a client must follow before its message is read.
  const accept = String(request.headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return rpcAnswer(406, null, JSON_RPC.SERVER_ERROR, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  }
  const type = String(request.headers['content-type'] ?? '');
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return rpcAnswer(415, null, JSON_RPC.SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json');
  }
  const body = request.body ? await readBody(request.body, MAX_BODY_BYTES) : '';
  if (body === undefined) {
    return rpcAnswer(413, null, JSON_RPC.INVALID_REQUEST, `Payload Too Large: a request body must not exceed ${MAX_BODY_BYTES} bytes.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return rpcAnswer(400, null, JSON_RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON.');
  }
  if (Array.isArray(parsed)) {
    return rpcAnswer(400, null, JSON_RPC.INVALID_REQUEST, `Invalid Request: batches are not accepted (MCP ${MCP_PROTOCOL_VERSION} removed JSON-RPC batching); send each message in its own POST.`);
  }
  const read = readMessage(parsed);
  if (!read) {
    return rpcAnswer(400, null, JSON_RPC.INVALID_REQUEST, INVALID_REQUEST);
  }
  // MCP 2025-06-18, "Protocol Version Header": after initialize, every
  // request names the negotiated revision; an unsupported one is a 400.
  const version = request.headers['mcp-protocol-version'];
  const initialize = read.kind === 'request' && read.message.method === 'initialize';
  if (version !== undefined && version !== MCP_PROTOCOL_VERSION && !initialize) {
    return rpcAnswer(
      400,
      read.kind === 'request' ? read.message.id : null,
      JSON_RPC.INVALID_REQUEST,
      `Bad Request: unsupported MCP-Protocol-Version "${String(version).slice(0, 50)}"; this server speaks ${MCP_PROTOCOL_VERSION} only.`,
    );
  }

  const { catalog } = request;
  await connected;
  if (read.kind !== 'request') {
    if (read.kind === 'notification') {
      if (!isJSONRPCNotification(read.message)) return rpcAnswer(400, null, JSON_RPC.INVALID_REQUEST, INVALID_REQUEST);
      transport.notify(read.message);
    }
    return { status: 202, headers: { 'cache-control': 'no-store' }, body: '' };
  }
  const message = read.message;
  // A read-only request asked before with the same parameters is answered from what the server said then.
  const tool = message.method === 'tools/call' ? toolOf(message.params) : undefined;
  const remembered = rememberedReply(catalog, message);
  if (remembered !== undefined) {
    // Only successful results are remembered.
    if (tool) onToolCall(tool, 'ok');
    return replyAnswer(resultBody(message.id, remembered));
  }
  // The SDK's server drops a message its own schemas refuse, and would never answer: check with them first.
  if (!isJSONRPCRequest(message)) return rpcAnswer(400, read.message.id, JSON_RPC.INVALID_REQUEST, INVALID_REQUEST);
  const reply = await transport.request(message);
  if (tool) onToolCall(tool, !('result' in reply) ? 'error' : (reply.result as { isError?: unknown }).isError === true ? 'tool_error' : 'ok');
  if (!('result' in reply)) return replyAnswer(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: reply.error }));
  // Encoded once: kept as bytes, a remembered result is copied into the answer, not encoded again.
  const result = Buffer.from(JSON.stringify(reply.result));
  remember(catalog, message, reply.result, result);
  return replyAnswer(resultBody(message.id, result));
}

const RESULT_END = Buffer.from('}');

/** The tool a tools/call names, as a metrics label: one of the tools, or `unknown`. */
function toolOf(params: unknown): string {
  const name = typeof params === 'object' && params !== null ? (params as { name?: unknown }).name : undefined;
  return typeof name === 'string' && TOOL_NAMES.has(name) ? name : 'unknown';
}

/**
 * The JSON-RPC response to request `id` with `result`, written here in one
 * fixed member order whatever produced it: a result remembered from an
 * earlier request and one just computed are the same bytes.
 */
function resultBody(id: RequestId, result: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`), result, RESULT_END]);
}

function replyAnswer(body: string | Buffer): Answer {
  return { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body };
}

/** The body as text, or undefined once it exceeds `limit` bytes (the rest is left unread). */
function readBody(stream: IncomingMessage, limit: number): Promise<string | undefined> {
  if (Number(stream.headers['content-length']) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.off('data', onData);
        stream.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    stream.once('error', reject);
  });
}
