import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { listenTestApp, testCatalog } from '../helper.js';

export interface ClientOptions {
  /**
   * The revision the client asks for in `initialize`. The SDK's client always
   * asks for its latest (2025-11-25); through its `fetch` option, its
   * initialize body is sent with this one instead, as an older client's would
   * be, and the client then speaks whatever the server answered.
   */
  readonly protocolVersion?: string;
}

/** The SDK's own client, connected (initialize + initialized) to `${url}/mcp` over Streamable HTTP. */
export async function connectClient(
  url: string,
  options: ClientOptions = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport; sentVersions: (string | null)[] }> {
  const client = new Client({ name: 'vitrine-test', version: '1.0.0' });
  // The MCP-Protocol-Version header of every POST after initialize, in order.
  const sentVersions: (string | null)[] = [];
  const fetchAs: FetchLike = (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string; params?: Record<string, unknown> }) : undefined;
    if (body?.method === 'initialize' && options.protocolVersion !== undefined) {
      init = { ...init, body: JSON.stringify({ ...body, params: { ...body.params, protocolVersion: options.protocolVersion } }) };
    } else if (init?.method === 'POST') {
      sentVersions.push(new Headers(init.headers).get('mcp-protocol-version'));
    }
    return fetch(input, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch: fetchAs });
  await client.connect(transport);
  return { client, transport, sentVersions };
}

/** The structured result of a successful call, after checking its text block carries the same JSON. */
export function structured(result: unknown): Record<string, unknown> {
  const { isError, content, structuredContent } = result as CallToolResult;
  assert.notEqual(isError, true, `the tool failed: ${JSON.stringify(content)}`);
  assert.ok(structuredContent, 'the result has structuredContent');
  assert.equal(content[0]?.type, 'text');
  assert.deepEqual(JSON.parse((content[0] as { text: string }).text), structuredContent);
  return structuredContent;
}

/** The text of a failed call: an isError result, never a JSON-RPC error. */
export function failure(result: unknown): string {
  const { isError, content, structuredContent } = result as CallToolResult;
  assert.equal(isError, true, `the tool succeeded: ${JSON.stringify(structuredContent)}`);
  assert.equal(content.length, 1);
  assert.equal(content[0]?.type, 'text');
  return (content[0] as { text: string }).text;
}

/**
 * For a whole test file: the real app over the demo content, listening on
 * 127.0.0.1, and the SDK's client connected to it, handed to `receive`
 * before the first test (which keeps its own names); closed after the file's
 * tests.
 */
export interface ConnectedApp {
  readonly app: App & { url: string };
  readonly catalog: Catalog;
  readonly client: Client;
}

export function useConnectedClient(receive: (connected: ConnectedApp) => void): void {
  let connected: ConnectedApp | undefined;
  before(async () => {
    const app = await listenTestApp();
    const catalog = await testCatalog();
    const { client } = await connectClient(app.url);
    connected = { app, catalog, client };
    receive(connected);
  });
  after(async () => {
    await connected?.client.close();
    await connected?.app.server.close();
  });
}

/** The McpError a call rejects with (a JSON-RPC error answer). */
export async function rpcError(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => assert.fail('the call succeeded'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof McpError, String(error));
  return error;
}

/** The fields an MCP list shows of each item unless asked for `detail: "full"`. */
export const CHOICE_FIELDS = {
  product: ['slug', 'name', 'summary', 'locale', 'status', 'tags', 'updated_at', 'url'],
  post: ['slug', 'title', 'summary', 'category', 'locale', 'published_at', 'updated_at', 'url'],
  page: ['slug', 'title', 'description', 'locale', 'updated_at', 'url'],
  hit: ['kind', 'slug', 'title', 'excerpt', 'score', 'url', 'locale', 'published_at', 'updated_at'],
} as const;

type RestPage = { readonly items: readonly Record<string, unknown>[]; readonly next: string | null; readonly prev: string | null } & Record<string, unknown>;

/**
 * What an MCP list or search answers for the page the REST API answered:
 * the same items, each with only `fields` (or whole), and the offset of the
 * REST `next` link as `next_offset` instead of the links.
 */
export function asToolPage(rest: unknown, fields: readonly string[] | 'whole'): Record<string, unknown> {
  const { items, next, ...envelope } = rest as RestPage;
  const pick = (item: Record<string, unknown>) => (fields === 'whole' ? item : Object.fromEntries(Object.entries(item).filter(([name]) => fields.includes(name))));
  const kept = Object.fromEntries(Object.entries(envelope).filter(([name]) => name !== 'prev'));
  return { ...kept, items: items.map(pick), next_offset: next === null ? null : Number(new URL(next).searchParams.get('offset')) };
}
