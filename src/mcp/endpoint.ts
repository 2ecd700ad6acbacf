import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { isInitializeRequest, isJSONRPCRequest, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../content/store.js';
import type { Catalog } from '../content/types.js';
import { MCP_PROTOCOL_VERSION } from '../discovery/documents.js';
import type { LruCache } from '../http/lru.js';
import { errorResponse, JSON_RPC, rpcError } from './json-rpc.js';
import { createMcpServer } from './server.js';

/**
 * The side of `POST /mcp` that runs the official SDK (src/mcp/routes.ts
 * registers the route): loaded on the first POST, so a server that is never
 * asked over MCP does not evaluate the SDK's modules and schemas at start-up.
 */

/** The SDK transport's own bound on a request body (4 MiB), applied where this route reads it. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Reads and checks the JSON-RPC message, then answers it: from the cache of
 * read-only answers, or through a new stateless server and transport.
 */
export async function handlePost(request: FastifyRequest, reply: FastifyReply, store: ContentStore, answers: (catalog: Catalog) => LruCache<CachedAnswer>): Promise<FastifyReply | undefined> {
  let message: unknown;
  if (isJsonContentType(request.headers['content-type'])) {
    const body = await readBody(request.raw, MAX_BODY_BYTES);
    if (body === undefined) {
      return rpcError(reply, 413, null, JSON_RPC.INVALID_REQUEST, `Payload Too Large: a request body must not exceed ${MAX_BODY_BYTES} bytes.`);
    }
    try {
      message = JSON.parse(body);
    } catch {
      return rpcError(reply, 400, null, JSON_RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON.');
    }
    if (Array.isArray(message)) {
      return rpcError(
        reply,
        400,
        null,
        JSON_RPC.INVALID_REQUEST,
        `Invalid Request: batches are not accepted (MCP ${MCP_PROTOCOL_VERSION} removed JSON-RPC batching); send each message in its own POST.`,
      );
    }
    if (!JSONRPCMessageSchema.safeParse(message).success) {
      return rpcError(
        reply,
        400,
        null,
        JSON_RPC.INVALID_REQUEST,
        'Invalid Request: the body is not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0" and a "method", or a "result" or "error" with an "id").',
      );
    }
    // MCP 2025-06-18, "Protocol Version Header": after initialize, every
    // request names the negotiated revision; an unsupported one is a 400.
    const version = request.headers['mcp-protocol-version'];
    if (version !== undefined && version !== MCP_PROTOCOL_VERSION && !isInitializeRequest(message)) {
      const id = isJSONRPCRequest(message) ? message.id : null;
      return rpcError(
        reply,
        400,
        id,
        JSON_RPC.INVALID_REQUEST,
        `Bad Request: unsupported MCP-Protocol-Version "${String(version).slice(0, 50)}"; this server speaks ${MCP_PROTOCOL_VERSION} only.`,
      );
    }
  }
  await serve(request, reply, store, answers, message);
  return undefined;
}

/**
 * Hands the request to a new stateless server and transport. Without a JSON
 * body (`message` undefined) the transport refuses the request itself: 406
 * for an Accept without both media types, 415 for another Content-Type.
 */
async function serve(request: FastifyRequest, reply: FastifyReply, store: ContentStore, answers: (catalog: Catalog) => LruCache<CachedAnswer>, message: unknown): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  // After hijack() Fastify's onSend hooks do not run: the headers already set
  // (quota, X-API-Version, CORS, deprecation) must reach the raw response now.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  // A JSON-RPC answer is for this one POST; no cache may keep or replay it.
  response.setHeader('cache-control', 'no-store');

  // A repeated read-only request is answered from the cache of the Catalog in force, without the SDK.
  const catalog = store.catalog;
  const key = cacheKey(message, request.headers.accept);
  if (key !== undefined && isJSONRPCRequest(message)) {
    const cached = answers(catalog).get(key);
    if (cached) {
      const body = `${cached.prefix}${JSON.stringify(message.id)}}`;
      response.writeHead(200, { ...cached.headers, 'content-length': String(Buffer.byteLength(body)) });
      response.end(body);
      return;
    }
    captureAnswer(response, message.id, (answer) => {
      if (store.catalog === catalog) answers(catalog).set(key, answer);
    });
  }

  const server = createMcpServer(catalog, request.log);
  server.server.onerror = (error) => request.log.debug({ err: error }, 'MCP transport refused a request');
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, response, message);
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed');
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
    if (!response.writableEnded) response.end(JSON.stringify(errorResponse(null, JSON_RPC.INTERNAL_ERROR, 'Internal error: the server could not answer; call again in a moment.')));
  }
}

/** Methods whose answer depends only on the Catalog and the request's `params`: reads and lists. */
const CACHEABLE_METHODS = new Set(['tools/call', 'tools/list', 'resources/read', 'resources/list', 'resources/templates/list', 'prompts/list']);

/** An answer of the SDK kept for the same request: its headers, and its body up to the request id. */
export interface CachedAnswer {
  readonly headers: Readonly<Record<string, string>>;
  /** The body before the id: `{"result":...,"jsonrpc":"2.0","id":`. */
  readonly prefix: string;
}

/**
 * The key of a request whose answer may be kept and replayed, or undefined:
 * a request (it has an id) of a read-only method, without `_meta` (a progress
 * token belongs to one request), whose Accept the transport would take (it
 * answers 406 to one without both media types; that is left to it).
 */
function cacheKey(message: unknown, accept: string | undefined): string | undefined {
  if (!isJSONRPCRequest(message) || !CACHEABLE_METHODS.has(message.method)) return undefined;
  if (message.params !== undefined && '_meta' in message.params) return undefined;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  return `${message.method}\0${JSON.stringify(message.params ?? null)}`;
}

/**
 * Watches what the SDK writes on `response` and hands `keep` its answer when
 * it is a 200 JSON-RPC result for request `id`, as the transport writes it
 * in JSON response mode.
 */
function captureAnswer(response: ServerResponse, id: RequestId, keep: (answer: CachedAnswer) => void): void {
  let status = 0;
  let headers: Record<string, string> | undefined;
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
    status = code;
    const last = rest.at(-1);
    if (last !== null && typeof last === 'object' && !Array.isArray(last)) {
      headers = Object.fromEntries(
        Object.entries(last as Record<string, unknown>)
          .filter(([name, value]) => value !== undefined && name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, [code, ...rest]);
  } as ServerResponse['writeHead'];
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  const write = response.write;
  response.write = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0]);
    return (write as (...args: unknown[]) => boolean).apply(this, args);
  } as ServerResponse['write'];
  const end = response.end;
  response.end = function (this: ServerResponse, ...args: unknown[]) {
    if (typeof args[0] !== 'function') collect(args[0]);
    if (status === 200 && headers) {
      const body = Buffer.concat(chunks).toString('utf8');
      const tail = `${JSON.stringify(id)}}`;
      if (body.startsWith('{"result":') && body.endsWith(`"id":${tail}`)) keep({ headers, prefix: body.slice(0, body.length - tail.length) });
    }
    return (end as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
}

/** The body as text, or undefined once it exceeds `limit` bytes (the rest is left unread). */
async function readBody(stream: IncomingMessage, limit: number): Promise<string | undefined> {
  if (Number(stream.headers['content-length']) > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
