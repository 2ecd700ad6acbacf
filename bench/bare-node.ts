/**
 * Node's own ceiling for one benchmark row: a bare node:http server that
 * writes, to every request, the very status, headers and body vitrine wrote
 * for that row (captured by bench/run.ts into FILE), prepared once at start.
 * No routing, no quota, no negotiation. Usage: node bare-node.mjs FILE PORT
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';

export interface CapturedAnswer {
  readonly status: number;
  /** Flat, as `writeHead` takes them; Content-Length included. */
  readonly headers: readonly string[];
  /** Base64. */
  readonly body: string;
}

const [file = '', port = '0'] = process.argv.slice(2);
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer;
const headers = [...captured.headers];
const body = Buffer.from(captured.body, 'base64');
const answer = (response: ServerResponse) => {
  response.writeHead(captured.status, headers);
  response.end(body);
};
createServer((request, response) => {
  if (request.method === 'GET') return answer(response);
  // A request with a body (MCP) is read to its end first, as any server must.
  request.resume();
  request.on('end', () => answer(response));
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
