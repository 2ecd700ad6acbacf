import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_LIST_RESULT_CHARS } from '../../src/mcp/tool-calls.js';
import { listenTestApp } from '../helper.js';
import { catalogWithPosts } from './_catalog.js';
import { asToolPage, CHOICE_FIELDS, connectClient, structured } from './_client.js';

/** Size of the JSON a result carries (once as text, once as structuredContent). */
const size = (result: unknown) => JSON.stringify((result as CallToolResult).structuredContent).length;

describe('list and search results stay under about 25,000 tokens', () => {
  test('on the demo content, every list and search at its largest limit fits whole, with no note', async () => {
    const app = await listenTestApp();
    const { client } = await connectClient(app.url);
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['list_products', { limit: 100 }],
        ['list_posts', { limit: 100 }],
        ['search_content', { query: 'the', limit: 100 }],
        ['search_content', { query: 'dados', limit: 100 }],
      ];
      for (const [name, args] of calls) {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        const body = structured(result);
        assert.equal(result.content.length, 1, `${name} has no note`);
        assert.equal(body.limit, 100);
        assert.ok(size(result) <= MAX_LIST_RESULT_CHARS, `${name}: ${size(result)} characters`);
      }
    } finally {
      await client.close();
      await app.server.close();
    }
  });

  test('a page too large is answered with fewer items, as REST answers that limit, and a note on how to go on', async () => {
    const catalog = await catalogWithPosts(120, { title: 1500, summary: 1500 });
    const app = await listenTestApp({ catalog });
    const { client } = await connectClient(app.url);
    try {
      const result = (await client.callTool({ name: 'list_posts', arguments: { limit: 100, offset: 5 } })) as CallToolResult;
      const body = structured(result);
      const limit = body.limit as number;
      assert.ok(limit < 100 && limit > 1, `limit ${limit}`);
      assert.ok(size(result) <= MAX_LIST_RESULT_CHARS);
      assert.deepEqual(body, asToolPage((await app.server.inject(`/api/v1/posts?limit=${limit}&offset=5`)).json(), CHOICE_FIELDS.post));
      assert.equal(body.next_offset, 5 + limit);
      assert.deepEqual(result.content[1], {
        type: 'text',
        text: `Only ${limit} of the 100 items asked for fit in one result (about 25,000 tokens). Call again with offset=${5 + limit} and limit=${limit} for the next ones.`,
      });
    } finally {
      await client.close();
      await app.server.close();
    }
  });

  test('a search too large is answered with the best hits that fit, as REST answers that limit, and a note', async () => {
    const catalog = await catalogWithPosts(120, { title: 1500, summary: 100 });
    const app = await listenTestApp({ catalog });
    const { client } = await connectClient(app.url);
    try {
      const result = (await client.callTool({ name: 'search_content', arguments: { query: 'zebra', limit: 100 } })) as CallToolResult;
      const body = structured(result);
      const limit = body.limit as number;
      assert.ok(limit < 100 && limit > 1, `limit ${limit}`);
      assert.equal(body.total, 120);
      assert.ok(size(result) <= MAX_LIST_RESULT_CHARS);
      assert.deepEqual(body, asToolPage((await app.server.inject(`/api/v1/search?q=zebra&limit=${limit}`)).json(), CHOICE_FIELDS.hit));
      assert.deepEqual(result.content[1], {
        type: 'text',
        text: `Only the best ${limit} of the 100 hits asked for fit in one result (about 25,000 tokens). Call again with offset=${limit} and limit=${limit} for the next ones, or narrow the search with kind, locale or more specific words.`,
      });
    } finally {
      await client.close();
      await app.server.close();
    }
  });
});
