import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own client, connected (initialize + initialized) to `${url}/mcp` over Streamable HTTP. */
export async function connectClient(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'vitrine-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`));
  await client.connect(transport);
  return { client, transport };
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
