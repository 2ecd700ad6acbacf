import { readRawBody } from '../http/body.js';
import type { JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  isJSONRPCNotification,
  isJSONRPCRequest,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '../content/types.js';
import type { Answer } from '../http/answer.js';
import { gzipAround } from '../http/encoding.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Incoming } from '../http/request.js';
import type { Log } from '../config/log.js';
import { errorResponse, JSON_RPC, refusalAnswer, rpcAnswer } from './json-rpc.js';
import { createMcpServer } from './mcp-server.js';
import { resourceMethods } from './resources.js';
import type { Documents } from '../documents/documents.js';
import { TOOL_NAMES } from '../model/tools.js';
import type { RememberedResult } from './tool-results.js';
import { rememberedReply, remember } from './tool-results.js';
import { RequestReplyTransport } from './transport.js';
import type { Message } from './messages.js';
import { readMessage } from './messages.js';
import { PROMPT_SUMMARIES } from '../model/prompts.js';
import { nearestNames, withSuggestion } from '../util/suggest.js';
import { contentUsageHeader } from '../content/ai-usage.js';
import { requestUsage } from './content-usage.js';
import type { McpProtocolVersion } from '../model/protocol.js';
import { HEADERLESS_MCP_PROTOCOL_VERSION, isSupportedVersion, MCP_PROTOCOL_VERSIONS, versionsInWords } from '../model/protocol.js';
import { MCP_MAX_BODY_BYTES, MCP_REFUSALS } from '../model/protocol.js';

/**
 * The side of `POST /mcp` that runs the official SDK's server (src/mcp/door.ts
 * declares the route): loaded on the first POST, so a server that is never
 * asked over MCP does not evaluate the SDK's modules and schemas at start-up.
 *
 * Streamable HTTP (MCP 2025-11-25 and 2025-06-18, "Transports"; 2025-03-26
 * for a client that sends no MCP-Protocol-Version), stateless, JSON responses:
 * each POST carries one JSON-RPC message (or, in 2025-03-26, a batch of
 * them); a request gets 200 and its response, a notification or a response
 * gets 202 and no body.
 *
 * Why not the SDK's own StreamableHTTPServerTransport: stateless, it wants a
 * new transport (and server) per request and writes to Node's response
 * itself, so the answer would bypass the pipeline (the quota's count and
 * headers, the answer's encoding, the request log) and a remembered tool
 * result could not be sent without the SDK's turn (bench/RESULTS.md, the
 * repeated MCP call). The transport's checks (methods, media types,
 * protocol version, Origin) are those of the same spec section, declared
 * once in MCP_REFUSALS with their status codes.
 */

const INVALID_REQUEST = 'Invalid Request: the body is not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0" and a "method", or a "result" or "error" with an "id").';

/** The largest request body read (the SDK's own Streamable HTTP transport reads 4 MiB). */
export const MAX_BODY_BYTES = MCP_MAX_BODY_BYTES;

/** The handler of POST /mcp: one MCP server per Catalog, connected to a transport that carries every request's message to it. */
/** What a tools/call came to: counted by the metrics. */
export type ToolCallObserver = (tool: string, outcome: 'ok' | 'tool_error' | 'error') => void;

export function mcpEndpoint(log: Log, documents: Documents, onToolCall: ToolCallObserver = () => {}): (request: Incoming) => Promise<Answer> {
  const resources = resourceMethods(documents);
  const serverFor = perCatalog((catalog: Catalog) => {
    const transport = new RequestReplyTransport();
    const connected = createMcpServer(catalog, log, resources).connect(transport);
    return { transport, connected };
  });
  return (request) => handlePost(request, serverFor(request.catalog), onToolCall, documents);
}

interface Server {
  readonly transport: RequestReplyTransport;
  readonly connected: Promise<void>;
}

/** What the handling of one message needs besides it. */
interface Context extends Server {
  readonly catalog: Catalog;
  readonly documents: Documents;
  readonly version: McpProtocolVersion;
  readonly onToolCall: ToolCallObserver;
}

/**
 * What one message comes to: its response's bytes (a request), nothing (a
 * notification or a response, which get none), or the reason it is no
 * JSON-RPC message this server can take.
 */
type Outcome =
  | { readonly reply: string | readonly Buffer[]; readonly coded?: Answer['coded']; readonly headers?: Readonly<Record<string, string>> }
  | { readonly refused: { readonly id: RequestId | null; readonly message: string } } | null;

async function handlePost(request: Incoming, server: Server, onToolCall: ToolCallObserver, documents: Documents): Promise<Answer> {
  // The Streamable HTTP rules a client must follow before its message is read.
  const accept = String(request.headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return refusalAnswer(MCP_REFUSALS.notAcceptable());
  }
  const type = String(request.headers['content-type'] ?? '');
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return refusalAnswer(MCP_REFUSALS.unsupportedMediaType());
  }
  const body = (await readRawBody(request.body, MAX_BODY_BYTES))?.toString('utf8');
  if (body === undefined) {
    return refusalAnswer(MCP_REFUSALS.payloadTooLarge());
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return refusalAnswer(MCP_REFUSALS.parseError());
  }
  // MCP 2025-06-18 and 2025-11-25, Transports, "Protocol Version Header":
  // after initialize, every request names the negotiated revision; one the
  // server does not support is a 400. Without the header, the server assumes
  // 2025-03-26. An initialize negotiates instead (src/mcp/mcp-server.ts).
  // RFC 9110 section 5.5: whitespace around a field value is not part of it.
  const raw = request.headers['mcp-protocol-version'];
  const header = raw === undefined ? undefined : String(raw).trim();
  const single = Array.isArray(parsed) ? undefined : readMessage(parsed);
  const initialize = single?.kind === 'request' && single.message.method === 'initialize';
  if (header !== undefined && !isSupportedVersion(header) && !initialize) {
    return rpcAnswer(
      400,
      single?.kind === 'request' ? single.message.id : null,
      JSON_RPC.INVALID_REQUEST,
      `Bad Request: unsupported MCP-Protocol-Version "${String(header).slice(0, 50)}"; this server supports ${versionsInWords()}.`,
      { supported: [...MCP_PROTOCOL_VERSIONS] },
    );
  }
  const version: McpProtocolVersion = isSupportedVersion(header) ? header : HEADERLESS_MCP_PROTOCOL_VERSION;
  const context: Context = { transport: server.transport, connected: server.connected, catalog: request.catalog, documents, version, onToolCall };
  if (Array.isArray(parsed)) return withUsage(await answerBatch(parsed, context), contentUsageHeader(request.catalog.site.ai_usage));
  const pending = answerMessage(single, context);
  const outcome = pending instanceof Promise ? await pending : pending;
  if (outcome === null) return { status: 202, headers: {}, body: '', cache: 'no-store' };
  if ('refused' in outcome) return rpcAnswer(400, outcome.refused.id, JSON_RPC.INVALID_REQUEST, outcome.refused.message);
  return { ...withUsage(replyAnswer(outcome.reply), outcome.headers ?? {}), ...(outcome.coded ? { coded: outcome.coded } : {}) };
}

/** A 200 with the Content-Usage header of what it answers. */
function withUsage(answer: Answer, usage: Readonly<Record<string, string>>): Answer {
  return answer.status === 200 ? { ...answer, headers: { ...answer.headers, ...usage } } : answer;
}

/**
 * A JSON-RPC batch (JSON-RPC 2.0 section 6): MCP 2025-03-26 lets a client
 * send one and requires servers to accept it (Transports, "Sending Messages
 * to the Server"); 2025-06-18 removed batching. Each message is answered as
 * if alone, in order; the responses go back as one array, or 202 when none
 * is a request. An initialize may not be batched (2025-03-26, Lifecycle).
 */
async function answerBatch(batch: readonly unknown[], context: Context): Promise<Answer> {
  if (context.version !== '2025-03-26') {
    return rpcAnswer(
      400,
      null,
      JSON_RPC.INVALID_REQUEST,
      `Invalid Request: batches are not accepted in MCP ${context.version} (2025-06-18 removed JSON-RPC batching); send each message in its own POST.`,
    );
  }
  if (batch.length === 0) return rpcAnswer(400, null, JSON_RPC.INVALID_REQUEST, 'Invalid Request: the batch is empty (JSON-RPC 2.0 section 6).');
  const parts: Buffer[] = [];
  for (const item of batch) {
    const read = readMessage(item);
    const outcome: Outcome =
      read?.kind === 'request' && read.message.method === 'initialize'
        ? { refused: { id: read.message.id, message: 'Invalid Request: initialize may not be part of a batch; send it in its own POST.' } }
        : await answerMessage(read, context);
    if (outcome === null) continue;
    parts.push(Buffer.from(parts.length === 0 ? '[' : ','));
    if ('refused' in outcome) parts.push(Buffer.from(JSON.stringify(errorResponse(outcome.refused.id, JSON_RPC.INVALID_REQUEST, outcome.refused.message))));
    else if (typeof outcome.reply === 'string') parts.push(Buffer.from(outcome.reply));
    else parts.push(...outcome.reply);
  }
  if (parts.length === 0) return { status: 202, headers: {}, body: '', cache: 'no-store' };
  parts.push(Buffer.from(']'));
  return replyAnswer(parts);
}

/**
 * One message, answered: a request from what the server answered before
 * when it can be (at once: neither the SDK nor a turn of the event loop is
 * needed), else by the SDK's server; a notification passed on.
 */
function answerMessage(read: Message | undefined, context: Context): Outcome | Promise<Outcome> {
  if (!read) return { refused: { id: null, message: INVALID_REQUEST } };
  if (read.kind === 'request') {
    const remembered = rememberedReply(context.catalog, read.message, context.version);
    if (remembered !== undefined) {
      // Only successful results are remembered.
      if (read.message.method === 'tools/call') context.onToolCall(toolOf(read.message.params), 'ok');
      return resultReply(read.message.id, remembered);
    }
  }
  return answerByServer(read, context);
}

async function answerByServer(read: Message, { transport, connected, catalog, documents, version, onToolCall }: Context): Promise<Outcome> {
  await connected;
  if (read.kind !== 'request') {
    if (read.kind === 'notification') {
      if (!isJSONRPCNotification(read.message)) return { refused: { id: null, message: INVALID_REQUEST } };
      transport.notify(read.message);
    }
    return null;
  }
  const message = read.message;
  const tool = message.method === 'tools/call' ? toolOf(message.params) : undefined;
  // The SDK's server drops a message its own schemas refuse, and would never answer: check with them first.
  if (!isJSONRPCRequest(message)) return { refused: { id: read.message.id, message: INVALID_REQUEST } };
  const invalid = invalidParams(message) ?? unknownPrompt(message);
  if (invalid !== undefined) return { reply: JSON.stringify(errorResponse(message.id, JSON_RPC.INVALID_PARAMS, invalid)) };
  // The handlers read the revision where the SDK's HTTP transports put the request's headers.
  const reply = await transport.request(message, { requestInfo: { headers: { 'mcp-protocol-version': version } } });
  if (tool) onToolCall(tool, !('result' in reply) ? 'error' : (reply.result as { isError?: unknown }).isError === true ? 'tool_error' : 'ok');
  if (!('result' in reply)) return { reply: JSON.stringify({ jsonrpc: '2.0', id: message.id, error: withoutPrefix(reply.error) }) };
  const json = JSON.stringify(reply.result);
  // A result carries the preferences of the content it answers with, remembered with it.
  const headers = contentUsageHeader(requestUsage(catalog, documents, message));
  const kept = remember(catalog, message, version, reply.result, json, headers);
  return kept === undefined ? { reply: resultText(message.id, json), headers } : resultReply(message.id, kept);
}

/**
 * The SDK's schema of each request this server answers. Its server reads a
 * request's params with them too, but answers a failure as -32603 Internal
 * error with the schema library's raw report; a request whose params are not
 * what the method takes is the caller's mistake, -32602 (JSON-RPC 2.0
 * section 5.1), and is told so here, in a few words.
 */
interface RequestSchema {
  safeParse(value: unknown): { readonly success: boolean; readonly error?: { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] } };
}

const REQUEST_SCHEMAS: ReadonlyMap<string, RequestSchema> = new Map<string, RequestSchema>([
  ['initialize', InitializeRequestSchema],
  ['tools/call', CallToolRequestSchema],
  ['resources/read', ReadResourceRequestSchema],
  ['prompts/get', GetPromptRequestSchema],
  ['completion/complete', CompleteRequestSchema],
]);

/** Why `request`'s params are not what its method takes, or undefined. */
function invalidParams(request: JSONRPCRequest): string | undefined {
  const schema = REQUEST_SCHEMAS.get(request.method);
  const parsed = schema?.safeParse(request);
  if (!parsed || parsed.success) return undefined;
  const issues = (parsed.error?.issues ?? []).slice(0, 3).map((issue) => {
    const path = issue.path.filter((key) => key !== 'params').map(String).join('.');
    return `${path || 'params'}: ${issue.message}`;
  });
  return `Invalid params for ${request.method}: ${issues.join('; ')}`.slice(0, 500);
}

/** The prompts, each with its arguments: what a prompts/get naming none of them is told. */
const PROMPT_LIST = PROMPT_SUMMARIES.map((prompt) => `${prompt.name} (${prompt.arguments.map((argument) => argument.name).join(', ')})`).join(', ');

/** A prompts/get of a prompt there is not, told the nearest names first, then every prompt (the SDK's own error names none). */
function unknownPrompt(request: JSONRPCRequest): string | undefined {
  if (request.method !== 'prompts/get') return undefined;
  const name = (request.params as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || PROMPT_SUMMARIES.some((prompt) => prompt.name === name)) return undefined;
  const missing = withSuggestion(`Invalid params for prompts/get: there is no prompt ${JSON.stringify(name.slice(0, 100))}`, nearestNames(name, PROMPT_SUMMARIES.map((prompt) => prompt.name)));
  return `${missing.endsWith('?') ? missing : `${missing}.`} The prompts are: ${PROMPT_LIST}.`;
}

/**
 * A JSON-RPC error as the SDK's server sent it, without the "MCP error
 * <code>: " its McpError puts before the message (the prompts' argument
 * errors): a client's McpError adds it again, and `code` already says it.
 */
function withoutPrefix(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const prefix = `MCP error ${String(code)}: `;
  return typeof message === 'string' && message.startsWith(prefix) ? { ...error, message: message.slice(prefix.length) } : error;
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
 * earlier request and one just computed are the same bytes. In three parts,
 * so the kept result is written as it is, not copied into a new buffer for
 * each request (a tool's result is often several kilobytes).
 */
export function resultBody(id: RequestId, result: RememberedResult): readonly [Buffer, Buffer, Buffer] {
  return [Buffer.from(resultHead(id)), result.json, RESULT_END];
}

/**
 * `resultBody`, and the same response in gzip made around the result
 * deflated once (`gzipAround`): only the head with the id is new, and it
 * goes uncompressed, so a client that takes compressed answers (every
 * `fetch`) costs no compression per call. Brotli streams cannot be joined
 * so: a client that accepts both gets gzip.
 */
function resultReply(id: RequestId, result: RememberedResult): Outcome {
  const reply = resultBody(id, result);
  const [head, json, end] = reply;
  return {
    reply,
    headers: result.headers,
    coded: (coding) => {
      const deflated = coding === 'gzip' ? result.deflated : undefined;
      return deflated === undefined ? undefined : gzipAround(head, json, deflated, end);
    },
  };
}

/** The same response as `resultBody`, from a result's JSON text not kept. */
export function resultText(id: RequestId, json: string): string {
  return `${resultHead(id)}${json}}`;
}

function resultHead(id: RequestId): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;
}

function replyAnswer(body: Answer['body']): Answer {
  return { status: 200, headers: { 'content-type': 'application/json' }, body, cache: 'no-store' };
}

