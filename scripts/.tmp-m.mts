import { loadConfig } from '../src/config.js';
import { loadCatalog } from '../src/content/load.js';
import { buildApp } from '../src/app.js';
import { searchContent } from '../src/query/queries.js';
const config = loadConfig({ LOG_LEVEL: 'silent', BASE_URL: 'http://x', RATE_LIMIT_REQUESTS: '100000000' });
const catalog = await loadCatalog({ dir: 'content', baseUrl: 'http://x' });
const app = await buildApp({ config, catalog });
const words = ["cloud","nuvem","kubernetes","seguranca","dados","privacy","agent","ceph","disk","migration","remote","team","lgpd","open","source","private","model","gpu","incident","policy","server","empresa","leading","teams","across","brazil","governance","security","supply","chain","practices","hybrid","costs","approval"];
const qs: string[] = []; for (const a of words) for (const b of words) qs.push(`${a} ${b}`);
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
let n = 0;
const mcp = (q: string) => app.server.inject({ method: 'POST', url: '/mcp', headers, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_content', arguments: { query: q, limit: 5, _n: undefined } } }) });
const http = (q: string) => app.server.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}&limit=5` });
async function time(label: string, f: (q: string) => unknown, round: number) {
  const t = performance.now();
  for (const q of qs) await f(q + (round ? ' x' + round : ''));
  console.log(label, ((performance.now() - t) * 1000 / qs.length).toFixed(0), 'µs');
}
for (let r = 1; r <= 3; r++) {
  await time('searchContent', (q) => searchContent(catalog, { q, limit: 5, offset: 0 } as any), r + 10);
  await time('http search  ', http, r + 20);
  await time('mcp search   ', mcp, r + 30);
}
await app.server.close();
