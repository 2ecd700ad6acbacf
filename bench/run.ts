/**
 * HTTP benchmark (`npm run bench`, issue 8). On loopback, the server pinned to
 * core 0 and wrk to core 1 (taskset), the servers alternating run by run, the
 * same URLs and the same bytes:
 *
 * - vitrine (bench/serve-vitrine.ts: the app, its quota too large to run out);
 * - a bare node:http server answering the files of `vitrine export`
 *   (bench/bare-node.ts): Node's ceiling;
 *   both bundled by esbuild as `npm start`'s server is (scripts/build.js),
 *   not run through tsx, whose transform names every closure it creates;
 * - nginx, 1 worker, serving the same files (bench/nginx.conf): the machine's.
 *
 * Then vitrine alone for what cannot be precomputed (a filtered list, search,
 * MCP tools/call), and cold start and resident memory with the demo content
 * and with 10,000 generated posts. Installs wrk and nginx with apt-get when
 * absent. Prints a table; targets are printed, never asserted.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExportedAnswer } from '../src/export.js';
import { generateCorpus } from './corpus.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION = '5s';
const CONNECTIONS = 32;
const ROUNDS = 2;
const PORTS = { vitrine: 18_080, node: 18_081, nginx: 18_082 } as const;
type ServerName = keyof typeof PORTS;
const BASE_URL = `http://127.0.0.1:${PORTS.vitrine}`;

function have(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

function ensureTools(): void {
  const missing = [['wrk', 'wrk'], ['nginx', 'nginx'], ['taskset', 'util-linux']].filter(([command]) => !have(command!) && !existsSbin(command!));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg!);
  console.log(`installing ${packages.join(', ')} with apt-get`);
  const apt = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync(apt[0]!, [...apt.slice(1), 'update', '-qq'], { stdio: 'inherit', env });
  execFileSync(apt[0]!, [...apt.slice(1), 'install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

const existsSbin = (command: string) => spawnSync('sh', ['-c', `test -x /usr/sbin/${command}`]).status === 0;
const nginxBinary = () => (have('nginx') ? 'nginx' : '/usr/sbin/nginx');

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn('taskset', ['-c', '0', command, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - start;
    } catch {
      // not listening yet
    }
    if (performance.now() - start > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
  });
}

interface Run {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
}

/** wrk's latency figures in ms ("1.23ms", "450.00us", "1.02s"). */
function ms(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!match) return NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

function wrk(url: string, headers: Record<string, string>, script?: string): Run {
  const args = ['-c', '1', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${DURATION}`, '--latency', ...Object.entries(headers).flatMap(([n, v]) => ['-H', `${n}: ${v}`])];
  if (script) args.push('-s', script);
  const out = execFileSync('taskset', [...args, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50, p99, non2xx };
}

function merge(runs: readonly Run[]): Run {
  const mean = (pick: (run: Run) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return { rps: mean((r) => r.rps), p50: mean((r) => r.p50), p99: Math.max(...runs.map((r) => r.p99)), non2xx: runs.reduce((s, r) => s + r.non2xx, 0) };
}

function rssMb(pid: number): number {
  const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout;
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * Cold start as an operator sees it: `npm start`'s bundle (dist/vitrine.mjs,
 * built at the start of the run), from process spawn to the first answer.
 * Resident memory is read once the precomputed answers are ready (the server
 * logs it), when it is largest.
 */
async function coldStart(contentDir: string, probe: string): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const child = spawn('taskset', ['-c', '0', process.execPath, path.join(ROOT, 'dist', 'vitrine.mjs'), 'serve'], {
    env: { ...process.env, CONTENT_DIR: contentDir, BASE_URL, PORT: String(PORTS.vitrine), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('precomputed answers ready')) resolve();
    });
  });
  try {
    await waitFor(`${BASE_URL}${probe}`, 120_000);
    const elapsed = performance.now() - started;
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 180_000))]);
    return { ms: elapsed, rss: rssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

/**
 * Both figures vary from start to start (the moment the garbage collector
 * runs decides how much heap V8 keeps): each is the median of COLD_RUNS.
 */
const COLD_RUNS = 3;

async function coldStarts(contentDir: string, probe: string): Promise<{ ms: number; rss: number }> {
  const runs: { ms: number; rss: number }[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) runs.push(await coldStart(contentDir, probe));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { ms: median(runs.map((r) => r.ms)), rss: median(runs.map((r) => r.rss)) };
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function table(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

async function main(): Promise<void> {
  ensureTools();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js')], { stdio: 'inherit' });
  const work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'));
  // nginx's worker runs as an unprivileged user: it must be able to read the export.
  await chmod(work, 0o755);
  const children: ChildProcess[] = [];
  try {
    const exportDir = path.join(work, 'export');
    execFileSync(process.execPath, [path.join(ROOT, 'bin', 'vitrine.js'), 'export', exportDir], {
      env: { ...process.env, BASE_URL, CONTENT_DIR: path.join(ROOT, 'content') },
      stdio: 'inherit',
    });
    const manifest = JSON.parse(await readFile(path.join(exportDir, 'vitrine-manifest.json'), 'utf8')) as ExportedAnswer[];
    const pick = (prefix: string) => manifest.find((a) => a.url.startsWith(prefix) && a.url !== prefix.replace(/\/$/, ''))!.url;
    const urls: [string, string][] = [
      ['single product', pick('/api/v1/products/')],
      ['single post', pick('/api/v1/posts/')],
      ['default post list', '/api/v1/posts'],
      ['markdown mirror', pick('/md/blog/')],
      ['HTML page', pick('/blog/')],
    ];

    const nginxPrefix = path.join(work, 'nginx');
    await mkdir(nginxPrefix);
    const conf = (await readFile(path.join(ROOT, 'bench', 'nginx.conf'), 'utf8'))
      .replaceAll('@PREFIX@', nginxPrefix)
      .replaceAll('@ROOT@', exportDir)
      .replaceAll('@PORT@', String(PORTS.nginx));
    await writeFile(path.join(nginxPrefix, 'nginx.conf'), conf);

    const vitrineEnv = { CONTENT_DIR: path.join(ROOT, 'content'), BASE_URL, PORT: String(PORTS.vitrine), LOG_LEVEL: 'warn' };
    // Both servers bundled as npm start's is (scripts/build.js), not run through tsx.
    const bundles = path.join(work, 'bundles');
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), bundles, ...['serve-vitrine', 'bare-node'].map((name) => path.join(ROOT, 'bench', `${name}.ts`))]);
    children.push(start(process.execPath, [path.join(bundles, 'serve-vitrine.mjs')], vitrineEnv));
    children.push(start(process.execPath, [path.join(bundles, 'bare-node.mjs'), exportDir, String(PORTS.node)]));
    children.push(start(nginxBinary(), ['-p', nginxPrefix, '-c', path.join(nginxPrefix, 'nginx.conf')]));
    for (const port of Object.values(PORTS)) await waitFor(`http://127.0.0.1:${port}${urls[0]![1]}`);

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(`\n${new Date().toISOString()}  ${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${os.type()} ${os.release()}`);
    console.log(`wrk -t1 -c${CONNECTIONS} -d${DURATION}, server on core 0, wrk on core 1, ${ROUNDS} rounds alternating the servers\n`);

    const servers: ServerName[] = ['vitrine', 'node', 'nginx'];
    const rows: string[][] = [['URL', 'encoding', 'vitrine req/s', 'p50 ms', 'p99 ms', 'node req/s', 'nginx req/s', 'x node', 'x nginx', 'nginx p99']];
    const results: { label: string; encoding: string; ratio: number; p99: number; node: number }[] = [];
    for (const [label, url] of urls) {
      for (const encoding of ['identity', 'gzip'] as const) {
        const headers: Record<string, string> = encoding === 'gzip' ? { 'Accept-Encoding': 'gzip' } : {};
        const runs: Record<ServerName, Run[]> = { vitrine: [], node: [], nginx: [] };
        for (let round = 0; round < ROUNDS; round += 1) {
          for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
            runs[server].push(wrk(`http://127.0.0.1:${PORTS[server]}${url}`, headers));
          }
        }
        const [v, n, x] = servers.map((s) => merge(runs[s]));
        if (v!.non2xx || n!.non2xx || x!.non2xx) console.log(`warning: non-2xx answers on ${url} (${encoding})`);
        rows.push([`${label} ${url}`, encoding, fixed(v!.rps), fixed(v!.p50, 2), fixed(v!.p99, 2), fixed(n!.rps), fixed(x!.rps), fixed(v!.rps / n!.rps, 2), fixed(v!.rps / x!.rps, 2), fixed(x!.p99, 2)]);
        results.push({ label, encoding, ratio: v!.rps / n!.rps, p99: v!.p99, node: n!.rps });
      }
    }
    table(rows);

    // What cannot be precomputed, vitrine alone; the ratio is to bare Node on
    // the single post without compression, as measured in the rounds above.
    const nodeBaseline = results.find((r) => r.label === 'single post' && r.encoding === 'identity')!.node;
    const post = urls[1]![1].split('/').pop()!;
    const mcp = async (name: string, args: Record<string, unknown>) => {
      const file = path.join(work, `${name}.lua`);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
      await writeFile(
        file,
        `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Accept"] = "application/json, text/event-stream"\nwrk.headers["MCP-Protocol-Version"] = "2025-06-18"\n`,
      );
      return file;
    };
    // Words of the demo's article titles, for queries that change with every request.
    const postList = manifest.find((a) => a.url === '/api/v1/posts' && !a.accept)!;
    const titles = (JSON.parse(await readFile(path.join(exportDir, postList.file), 'utf8')) as { items: { title: string }[] }).items.map((item) => item.title);
    const words = [...new Set(titles.flatMap((title) => title.toLowerCase().match(/[\p{L}]{4,}/gu) ?? []))];
    /**
     * A wrk script whose every request differs (a cycle longer than any
     * cache keeps): `make` turns a counter into the path, or into an MCP body.
     */
    const varied = async (name: string, make: string, mcpBody = false) => {
      const file = path.join(work, `${name}.lua`);
      const request = mcpBody
        ? `return wrk.format("POST", "/mcp", { ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream" }, ${make})`
        : `return wrk.format(nil, ${make})`;
      await writeFile(
        file,
        `words = { ${words.map((w) => JSON.stringify(mcpBody ? w : encodeURIComponent(w))).join(', ')} }\nn = 0\nrequest = function()\n  n = n + 1\n  local word = words[n % #words + 1]\n  local limit = math.floor(n / #words) % 100 + 1\n  ${request}\nend\n`,
      );
      return file;
    };
    const dynamic: [string, string, number, string | undefined][] = [
      ['filtered list', '/api/v1/posts?locale=en&limit=5', 0.7, undefined],
      ['search', '/api/v1/search?q=automacao', 0.4, undefined],
      ['MCP get_post', '/mcp', 0.15, await mcp('get_post', { slug: post })],
      ['MCP search_content', '/mcp', 0.15, await mcp('search_content', { query: 'automacao' })],
      // Every request new: what the caches cannot help.
      ['filtered list, each new', '/', 0.7, await varied('lists', `"/api/v1/posts?limit=" .. limit .. "&offset=" .. (n % 40)`)],
      ['search, each new', '/', 0.4, await varied('searches', `"/api/v1/search?q=" .. word .. "&limit=" .. limit`)],
      [
        'MCP search, each new',
        '/mcp',
        0.15,
        await varied(
          'mcp-searches',
          `'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_content","arguments":{"query":"' .. word .. '","limit":' .. (limit % 20 + 1) .. '}}}'`,
          true,
        ),
      ],
    ];
    console.log(`\nvitrine alone (ratio to bare Node on the single post, ${fixed(nodeBaseline)} req/s)`);
    const dynamicRows: string[][] = [['request', 'req/s', 'p50 ms', 'p99 ms', 'x node', 'target']];
    for (const [label, url, target, script] of dynamic) {
      const run = merge(Array.from({ length: ROUNDS }, () => wrk(`${BASE_URL}${url}`, {}, script)));
      if (run.non2xx) console.log(`warning: ${run.non2xx} non-2xx answers on ${label}`);
      dynamicRows.push([label, fixed(run.rps), fixed(run.p50, 2), fixed(run.p99, 2), fixed(run.rps / nodeBaseline, 2), `>= ${target}`]);
    }
    table(dynamicRows);

    const vitrinePid = children[0]!.pid!;
    const servingRss = rssMb(vitrinePid);
    await Promise.all(children.map(stop));
    children.length = 0;

    console.log(`\ncold start (process spawn to first answer of /api/v1/posts) and resident memory, median of ${COLD_RUNS} starts`);
    const demo = await coldStarts(path.join(ROOT, 'content'), '/api/v1/posts');
    const many = path.join(work, 'many');
    await mkdir(many);
    await generateCorpus(many, 10_000);
    const large = await coldStarts(many, '/api/v1/posts');
    table([
      ['content', 'cold start ms', 'target', 'RSS MB', 'target'],
      ['demo', fixed(demo.ms), '<= 300', fixed(demo.rss, 1), '<= 80'],
      ['10,000 posts', fixed(large.ms), '<= 3000', fixed(large.rss, 1), '<= 300'],
    ]);
    console.log(`\nvitrine RSS after the load runs (demo): ${fixed(servingRss, 1)} MB`);
    const precomputed = results.filter((r) => r.ratio < 0.95 || r.p99 > 5);
    console.log(precomputed.length ? `precomputed routes under 0.95x bare Node or over 5 ms p99: ${precomputed.map((r) => r.label).join(', ')}` : 'every precomputed route >= 0.95x bare Node, p99 <= 5 ms');
  } finally {
    await Promise.all(children.map(stop));
    await rm(work, { recursive: true, force: true });
  }
}

await main();
