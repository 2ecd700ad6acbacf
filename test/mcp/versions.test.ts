import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { serverIcons } from '../../src/model/icons.js';
import { HEADERLESS_MCP_PROTOCOL_VERSION, LATEST_MCP_PROTOCOL_VERSION, MCP_PROTOCOL_VERSIONS, negotiatedVersion } from '../../src/model/protocol.js';
import { buildTestApp, listenTestApp, testCatalog } from '../helper.js';
import { connectClient } from './_client.js';

/**
 * Protocol revisions (MCP 2025-11-25, Lifecycle, "Version Negotiation";
 * Transports, "Protocol Version Header"): what initialize answers, what the
 * header of later requests may say, and what a client of each revision gets.
 */

let app: App;
let listening: App & { url: string };
let catalog: Catalog;

before(async () => {
  app = await buildTestApp();
  listening = await listenTestApp();
  catalog = await testCatalog();
});
after(async () => {
  await app.server.close();
  await listening.server.close();
});

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function post(payload: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.server.inject({ method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, ...headers }, payload: JSON.stringify(payload) });
}

function initialize(protocolVersion: unknown) {
  return post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
}

const OLDER = MCP_PROTOCOL_VERSIONS.filter((v) => v !== LATEST_MCP_PROTOCOL_VERSION);

describe('the revisions', () => {
  test('are 2025-11-25, 2025-06-18 and 2025-03-26, each one the SDK supports, the newest being the SDK\'s latest', () => {
    assert.deepEqual(MCP_PROTOCOL_VERSIONS, ['2025-11-25', '2025-06-18', '2025-03-26']);
    for (const version of MCP_PROTOCOL_VERSIONS) assert.ok(SUPPORTED_PROTOCOL_VERSIONS.includes(version), version);
    assert.equal(LATEST_MCP_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION);
    assert.equal(HEADERLESS_MCP_PROTOCOL_VERSION, '2025-03-26');
  });

  test('negotiation: the revision asked for when supported, otherwise the latest', () => {
    for (const version of MCP_PROTOCOL_VERSIONS) assert.equal(negotiatedVersion(version), version);
    for (const other of ['2024-11-05', '2024-10-07', '2099-01-01', 'x', '', 42, null, undefined]) assert.equal(negotiatedVersion(other), '2025-11-25', String(other));
  });
});

describe('the documents that state the revisions', () => {
  test('llms.txt and the server card list every one', async () => {
    const llms = (await app.server.inject('/llms.txt')).body;
    assert.match(llms, /Model Context Protocol \(revisions 2025-11-25, 2025-06-18 and 2025-03-26\)/);
    const card = (await app.server.inject('/.well-known/mcp/server-card')).json() as { remotes: { supportedProtocolVersions: string[] }[] };
    assert.deepEqual(card.remotes[0]!.supportedProtocolVersions, [...MCP_PROTOCOL_VERSIONS]);
  });
});

describe('initialize over raw HTTP', () => {
  test('answers each supported revision with itself', async () => {
    for (const asked of MCP_PROTOCOL_VERSIONS) {
      const response = await initialize(asked);
      assert.equal(response.statusCode, 200);
      assert.equal((response.json() as { result: { protocolVersion: string } }).result.protocolVersion, asked);
    }
  });

  test('answers any other revision with the latest, 2025-11-25', async () => {
    for (const asked of ['2024-11-05', '2024-10-07', '2026-01-01', 'draft']) {
      const response = await initialize(asked);
      assert.equal(response.statusCode, 200);
      assert.equal((response.json() as { result: { protocolVersion: string } }).result.protocolVersion, '2025-11-25', asked);
    }
  });

  test('names the server with the company logo as its icon only for a 2025-11-25 client', async () => {
    const icons = serverIcons(catalog);
    assert.ok(icons, 'the demo content has a logo');
    assert.deepEqual(icons, [{ src: catalog.company.logo!.url, mimeType: 'image/svg+xml', sizes: ['any'] }]);
    assert.match(icons[0]!.src, /^http:\/\/vitrine\.test\//, 'an absolute URL');
    const latest = (await initialize('2025-11-25')).json() as { result: { serverInfo: Record<string, unknown> } };
    assert.deepEqual(latest.result.serverInfo, { name: 'test.vitrine/content', title: 'Aroeira content', version: '1.0.0', icons });
    for (const older of OLDER) {
      const answer = (await initialize(older)).json() as { result: { serverInfo: Record<string, unknown> } };
      assert.deepEqual(answer.result.serverInfo, { name: 'test.vitrine/content', title: 'Aroeira content', version: '1.0.0' }, older);
    }
  });

  test('an initialize without a protocolVersion is a JSON-RPC error, not a crash', async () => {
    const response = await post({ jsonrpc: '2.0', id: 5, method: 'initialize', params: { capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    assert.equal(response.statusCode, 200);
    const { error } = response.json() as { error: { code: number; message: string } };
    assert.equal(error.code, -32602);
    assert.match(error.message, /^Invalid params for initialize: protocolVersion: /);
  });
});

describe('the MCP-Protocol-Version header of later requests', () => {
  test('each supported revision is served', async () => {
    for (const version of MCP_PROTOCOL_VERSIONS) {
      const response = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': version });
      assert.equal(response.statusCode, 200, version);
      assert.equal((response.json() as { result: { tools: unknown[] } }).result.tools.length, 8);
    }
  });

  test('an unsupported one is a 400 whose JSON-RPC error names the supported revisions', async () => {
    for (const version of ['2024-11-05', '2025-06-18, 2025-11-25', 'latest', 'x'.repeat(80)]) {
      const response = await post({ jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-protocol-version': version });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        jsonrpc: '2.0',
        id: 9,
        error: {
          code: -32600,
          message: `Bad Request: unsupported MCP-Protocol-Version "${version.slice(0, 50)}"; this server supports 2025-11-25, 2025-06-18 and 2025-03-26.`,
          data: { supported: ['2025-11-25', '2025-06-18', '2025-03-26'] },
        },
      });
    }
  });

  test('is not required: without it the request is served as 2025-03-26, so with no icons', async () => {
    const headerless = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    assert.equal(headerless.statusCode, 200);
    const tools = (headerless.json() as { result: { tools: Record<string, unknown>[] } }).result.tools;
    assert.ok(tools.every((tool) => !('icons' in tool)));
  });

  test('a value with spaces around it is the revision it names (RFC 9110 section 5.5: they are not part of the field value)', async () => {
    const response = await post({ jsonrpc: '2.0', id: 4, method: 'ping' }, { 'mcp-protocol-version': ' 2025-06-18 ' });
    assert.equal(response.statusCode, 200);
  });

  test('the tool and resource lists carry icons for 2025-11-25 only; each revision\'s answer is remembered apart', async () => {
    const methods = ['tools/list', 'resources/list', 'resources/templates/list'];
    const member = { 'tools/list': 'tools', 'resources/list': 'resources', 'resources/templates/list': 'resourceTemplates' } as const;
    for (const method of methods) {
      for (const round of [1, 2]) {
        for (const version of MCP_PROTOCOL_VERSIONS) {
          const response = await post({ jsonrpc: '2.0', id: round, method }, { 'mcp-protocol-version': version });
          const items = (response.json() as { result: Record<string, Record<string, unknown>[]> }).result[member[method as keyof typeof member]]!;
          assert.ok(items.length > 0, method);
          const withIcons = items.filter((item) => 'icons' in item).length;
          assert.equal(withIcons, version === '2025-11-25' ? items.length : 0, `${method} at ${version}, round ${round}`);
          if (version === '2025-11-25') assert.deepEqual(items[0]!.icons, serverIcons(catalog));
        }
      }
    }
  });
});

describe('the SDK client at each revision', () => {
  for (const version of MCP_PROTOCOL_VERSIONS) {
    test(`${version}: negotiated, sent on every later request, and every feature answers`, async () => {
      const { client, transport, sentVersions } = await connectClient(listening.url, { protocolVersion: version });
      try {
        assert.equal(transport.protocolVersion, version);
        assert.equal('icons' in (client.getServerVersion() ?? {}), version === '2025-11-25');
        assert.deepEqual(client.getServerCapabilities(), {
          tools: { listChanged: false },
          resources: { subscribe: false, listChanged: false },
          prompts: { listChanged: false },
          completions: {},
        });
        const { tools } = await client.listTools();
        assert.equal(tools.length, 8);
        assert.equal(tools.every((tool) => tool.title && (tool.icons !== undefined) === (version === '2025-11-25')), true);
        const company = await client.callTool({ name: 'get_company_info', arguments: {} });
        assert.equal((company.structuredContent as { cnpj: string }).cnpj, catalog.company.cnpj);
        assert.equal((await client.listPrompts()).prompts.length, 3);
        const prompt = await client.getPrompt({ name: 'describe_company', arguments: { locale: 'pt-BR' } });
        assert.ok(prompt.messages.length >= 2);
        const { completion } = await client.complete({ ref: { type: 'ref/prompt', name: 'quote_article' }, argument: { name: 'locale', value: 'p' } });
        assert.deepEqual(completion.values, ['pt-BR']);
        const { contents } = await client.readResource({ uri: catalog.company.markdown_url });
        assert.equal(contents.length, 1);
        // The initialized notification and every request named the revision.
        assert.ok(sentVersions.length >= 7);
        assert.deepEqual(new Set(sentVersions), new Set([version]));
      } finally {
        await client.close();
      }
    });
  }
});
