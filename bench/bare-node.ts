/**
 * Node's own ceiling: a bare node:http server answering the files of
 * `vitrine export` with the same headers, as buffers read once at start-up.
 * No routing beyond one Map lookup, no quota, no ETag check, no negotiation
 * beyond "gzip" in Accept-Encoding. Usage: tsx bench/bare-node.ts DIR PORT
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import type { ExportedAnswer } from '../src/export.js';
import { MANIFEST } from '../src/export.js';

const [dir = '', port = '0'] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as ExportedAnswer[];
type Ready = { headers: string[]; body: Buffer };
const ready = (file: string, headers: readonly (readonly [string, string])[], extra: string[]): Ready => {
  const body = readFileSync(path.join(dir, file));
  return { body, headers: [...headers.flat(), ...extra, 'content-length', String(body.length)] };
};
const files = new Map<string, { identity: Ready; gzip?: Ready }>();
for (const answer of manifest) {
  if (answer.accept) continue;
  const gzip = answer.gzip;
  files.set(answer.url, {
    identity: ready(answer.file, answer.headers, []),
    ...(gzip ? { gzip: ready(gzip.file, answer.headers.map(([n, v]) => [n, n === 'etag' ? gzip.etag : v] as const), ['content-encoding', 'gzip']) } : {}),
  });
}
createServer((request, response) => {
  const entry = files.get(request.url ?? '');
  if (!entry) return response.writeHead(404).end();
  const answer = entry.gzip && request.headers['accept-encoding']?.includes('gzip') ? entry.gzip : entry.identity;
  response.writeHead(200, answer.headers).end(answer.body);
}).listen(Number(port), '127.0.0.1');
