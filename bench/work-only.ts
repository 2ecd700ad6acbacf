/**
 * The work of a computed row without the service around it: a bare
 * node:http server that answers each request with vitrine's own reading of
 * the query, its query and its JSON (src/http/request.ts, src/model,
 * src/query, src/util/json.ts) over the same content, and nothing else: no
 * route table, no quota, no ETag, no negotiation, no log. The headers are
 * the ones vitrine wrote for the row's first request (captured by
 * bench/run.ts into FILE), with each answer's own Content-Length.
 *
 * What it answers a second is the most the service could answer for that
 * row with its query as it is: between it and bare Node is the query's own
 * cost, between the service and it what the service does around the query.
 *
 * Usage: node work-only.mjs ROW FILE PORT, ROW one of `search`, `posts`;
 * CONTENT_DIR and BASE_URL from the environment, as for the service.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadCatalog } from '../src/content/load.js';
import { parseQuery as readQuery } from '../src/http/request.js';
import { parseQuery } from '../src/model/params.js';
import { postQuery, searchQuery } from '../src/model/queries.js';
import { listPosts, searchContent } from '../src/query/queries.js';
import { warmSearchIndex } from '../src/search/index.js';
import { answerJson } from '../src/util/json.js';
import type { CapturedAnswer } from './bare-node.js';

const [row = '', file = '', port = '0'] = process.argv.slice(2);
const { CONTENT_DIR: dir = '', BASE_URL: baseUrl = '' } = process.env;
const catalog = await loadCatalog({ dir, baseUrl });
await warmSearchIndex(catalog);

const WORK: Record<string, (url: string) => unknown> = {
  search: (url) => searchContent(catalog, parseQuery(searchQuery, readQuery(url), catalog, '/api/v1/search')),
  posts: (url) => listPosts(catalog, parseQuery(postQuery, readQuery(url), catalog, '/api/v1/posts')),
};
const work = WORK[row];
if (!work) throw new Error(`work-only: no row "${row}"; the rows are ${Object.keys(WORK).join(', ')}`);

const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer;
// The captured headers but Content-Length, which is each answer's own.
const headers: string[] = [];
for (let i = 0; i < captured.headers.length; i += 2) {
  if (captured.headers[i]!.toLowerCase() !== 'content-length') headers.push(captured.headers[i]!, captured.headers[i + 1]!);
}

createServer((request, response) => {
  try {
    const { text } = answerJson(work(request.url ?? '/'));
    response.writeHead(200, [...headers, 'Content-Length', String(Buffer.byteLength(text))]);
    response.end(text);
  } catch (error) {
    // A query the row should never send: said, and counted by wrk as a non-2xx answer.
    response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
  }
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
