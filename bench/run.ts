/**
 * HTTP benchmark (`npm run bench`). vitrine runs as users run it: `npm
 * start`'s bundle with the default quota (600 requests per 60 s per client),
 * behind a proxy where the row needs one (TRUST_PROXY=loopback, the client in
 * X-Forwarded-For). Each row is a ratio to a bare node:http server that
 * writes the very status, headers and body vitrine wrote for that row
 * (bench/bare-node.ts), in the same run: server pinned to core 0, wrk to
 * core 1 (taskset), the two servers alternating round by round, the median
 * of ROUNDS, once a first run of the service has made the demo's pictures
 * (which a site does once, in the background, after its first start). The
 * computed rows of the API, the repeated MCP call and the counted kept rows
 * also measure their work alone (bench/work-only.ts: the query and its JSON,
 * the MCP endpoint's reading of the call and its remembered result, or the
 * kept answer's lookup, with the client's address and quota where the quota
 * counts, in a bare node:http server), which shows how much of the gap to
 * bare Node is the work's and the contract's, and how much the service's
 * around them. The same runs are printed
 * again as each server's CPU time per answer (/proc/<pid>/stat): what an
 * answer cost, whether or not wrk kept the server busy, and how much of it
 * was the kernel's (mostly the socket's work, about the same for servers
 * writing the same bytes at the same pace; on loopback a slow server also
 * pays there for waking a client that sleeps between its answers). The
 * markdown mirror is also measured as a deployment serves
 * it past one process: the same URL from `vitrine export` through nginx
 * (bench/nginx.conf, one worker on the same core), the machine's ceiling.
 * Then a well-behaved client's latency while another address
 * floods, a stop under load (SIGTERM while 50 keep-alive clients send),
 * cold start and resident memory. Installs wrk and nginx with apt-get when
 * absent.
 * Prints a table; targets are printed, never asserted.
 *
 * Words after `--` keep only the rows whose label holds one of them, and skip
 * the flood and memory sections: `npm run bench -- MCP` measures the two MCP
 * rows alone, `npm run bench -- stop` the stop under load, `npm run bench --
 * git` publishing from git (bench/git.ts: the first clone of 10,000 posts,
 * and a hook to two instances serving the pushed commit), the last section.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CapturedAnswer } from './bare-node.js';
import { generateCorpus } from './corpus.js';
import { benchPublishing } from './git.js';
import { nginxBinary, startNginx } from '../test/deploy/nginx.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The words that choose the publishing rows (bench/git.ts) alone. */
const GIT_LABEL = 'git publishing';
const DURATION = '5s';
const CONNECTIONS = 32;
/** Alternating runs per row; the figure is their median. */
const ROUNDS = 3;
const PORTS = { vitrine: 18_080, node: 18_081, stopping: 18_082, work: 18_083, nginx: 18_084 } as const;
const BASE_URL = `http://127.0.0.1:${PORTS.vitrine}`;
/** Distinct client addresses the proxied rows cycle through (X-Forwarded-For). */
const CLIENTS = 10_000;

function have(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

function ensureTools(): void {
  const missing = [['wrk', 'wrk'], ['taskset', 'util-linux']].filter(([command]) => !have(command!));
  if (nginxBinary() === undefined) missing.push(['nginx', 'nginx']);
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg!);
  console.log(`installing ${packages.join(', ')} with apt-get`);
  const apt = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync(apt[0]!, [...apt.slice(1), 'update', '-qq'], { stdio: 'inherit', env });
  execFileSync(apt[0]!, [...apt.slice(1), 'install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

function start(command: string, args: string[], env: Record<string, string> = {}, stdout: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  return spawn('taskset', ['-c', '0', command, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] });
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
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
  /** Answers wrk counted. */
  readonly requests: number;
  /** The server's CPU time (user and system) during the run, in microseconds, when its process was named. */
  readonly cpuUs: number;
  /** Of it, the time spent in the kernel on the server's behalf (system time). */
  readonly systemUs: number;
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The CPU time a process has used, user and system, in microseconds (proc(5): fields 14 and 15 of /proc/<pid>/stat). */
function cpuTimes(pid: number): { user: number; system: number } {
  const stat = spawnSync('cat', [`/proc/${pid}/stat`], { encoding: 'utf8' }).stdout;
  // The command name (field 2) is in parentheses and may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1e6) / CLOCK_TICKS, system: (Number(fields[12]) * 1e6) / CLOCK_TICKS };
}

/** wrk's latency figures in ms ("1.23ms", "450.00us", "1.02s"). */
function ms(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!match) return NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

/**
 * wrk against `url`; with `server`, the pid of the process answering, the
 * CPU time it spent meanwhile too. `first`: the script's request counter
 * starts after it (see `script`).
 */
function wrk(url: string, script: string, duration = DURATION, connections = CONNECTIONS, server?: number, first = 0): Run {
  const before = server === undefined ? undefined : cpuTimes(server);
  const out = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', `-c${connections}`, `-d${duration}`, '--latency', '-s', script, url, '--', String(first)], { encoding: 'utf8' });
  const after = server === undefined ? undefined : cpuTimes(server);
  const systemUs = before && after ? after.system - before.system : NaN;
  const cpuUs = before && after ? after.user - before.user + systemUs : NaN;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50, p99, non2xx, requests, cpuUs, systemUs };
}

/** The server's CPU time an answer (or its kernel part), over every run of it: what an answer cost, whether or not the load kept the server busy. */
function cpuPerAnswer(runs: readonly Run[], part: 'cpuUs' | 'systemUs' = 'cpuUs'): number {
  return runs.reduce((sum, run) => sum + run[part], 0) / runs.reduce((sum, run) => sum + run.requests, 0);
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function rssMb(pid: number): number {
  const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout;
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function table(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

// --- requests -------------------------------------------------------------------

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' };

/** One request of a row: what wrk sends, and what run.ts sends once to capture vitrine's answer. */
interface Shape {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * A wrk script. `client`: the X-Forwarded-For of each request (a Lua
 * expression over the request counter `n`), or none. `make`: a Lua
 * expression returning the path (GET) or the JSON body (POST) of request
 * `n`, or none for the fixed shape. Words come from `words`. The counter
 * starts after wrk's script argument (`wrk ... -- FIRST`): a row's rounds
 * go on where the last one stopped, so a row of new URLs sends none twice
 * and one of word pairs repeats a pair only after every other.
 */
function script(shape: Shape, options: { client?: string; make?: string; words?: readonly string[] }): string {
  const headers = Object.entries(shape.headers)
    .map(([name, value]) => `  h[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join('\n');
  const words = options.words ?? ['cloud'];
  const path = shape.method === 'GET' && options.make ? options.make : JSON.stringify(shape.path);
  const body = shape.method === 'POST' ? (options.make ?? JSON.stringify(shape.body ?? '')) : 'nil';
  // wrk runs LuaJIT (Lua 5.1): no integer division operator.
  return `words = { ${words.map((w) => JSON.stringify(w)).join(', ')} }
local function div(a, b) return math.floor(a / b) end
n = 0
init = function(args) n = tonumber(args[1]) or 0 end
request = function()
  n = n + 1
  local word = words[n % #words + 1]
  local other = words[div(n, #words) % #words + 1]
  local h = {}
${headers}
${options.client ? `  h["X-Forwarded-For"] = ${options.client}` : ''}
  return wrk.format(${JSON.stringify(shape.method)}, ${path}, h, ${body})
end
`;
}

/** The answer vitrine gives `shape`, as the bare server will write it (Date and the connection headers are Node's own). */
function capture(shape: Shape, client?: string): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...shape.headers, ...(client ? { 'X-Forwarded-For': client } : {}) };
    const req = httpRequest(`${BASE_URL}${shape.path}`, { method: shape.method, headers, agent: new Agent({ keepAlive: true }) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const flat: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!['date', 'connection', 'keep-alive'].includes(name.toLowerCase())) flat.push(name, res.rawHeaders[i + 1]!);
        }
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
    req.end(shape.body);
  });
}

// --- a well-behaved client during a flood ------------------------------------------

/** `count` requests, one every `gapMs`, each timed from send to last byte; the 99th percentile in ms. */
async function paced(path: string, client: string, count: number, gapMs: number): Promise<{ p99: number; statuses: Set<number> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const times: number[] = [];
  const statuses = new Set<number>();
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = httpRequest(`${BASE_URL}${path}`, { agent, headers: { 'X-Forwarded-For': client } }, (res) => {
        res.resume();
        res.on('end', () => {
          times.push(performance.now() - started);
          statuses.add(res.statusCode ?? 0);
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    pending.push(one());
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await Promise.all(pending);
  agent.destroy();
  times.sort((a, b) => a - b);
  return { p99: times[Math.floor(times.length * 0.99)]!, statuses };
}

// --- a stop under load -------------------------------------------------------------------

const STOP_LABEL = 'stop under load';
/** Keep-alive clients sending without pause while the server is told to stop. */
const STOP_CLIENTS = 50;

interface StopRun {
  readonly answered: number;
  /** Requests written on an open connection and not answered in full: a reset, a connection closed before the answer. */
  readonly failed: number;
  /** New connections refused once the listener closed: not a failed request, the client goes to another instance. */
  readonly refused: number;
  readonly exitCode: number | null;
}

/**
 * A fresh vitrine, STOP_CLIENTS node:http clients each sending on one
 * keep-alive connection without pause, and SIGTERM half a second after
 * every client has its first answers.
 * Each client stops at its first error: a refused new connection (after an
 * answer closed its connection), or a failed request. (wrk cannot tell the
 * two apart: a refused connect shows as a write error.)
 */
async function stopUnderLoad(target: string): Promise<StopRun> {
  const url = `http://127.0.0.1:${PORTS.stopping}${target}`;
  const child = start(process.execPath, [fileOf('dist', 'vitrine.mjs'), 'serve'], { CONTENT_DIR: fileOf('content'), BASE_URL: `http://127.0.0.1:${PORTS.stopping}`, PORT: String(PORTS.stopping), LOG_LEVEL: 'warn' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(url);
  // The answers prepared ahead are in place a moment after start.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const run = { answered: 0, failed: 0, refused: 0 };
  const answeredBy = new Array<number>(STOP_CLIENTS).fill(0);
  const client = async (_: unknown, index: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (;;) {
      const outcome = await new Promise<'answered' | 'failed' | 'refused'>((resolve) => {
        const req = httpRequest(url, { agent }, (res) => {
          res.on('error', () => resolve('failed'));
          res.on('aborted', () => resolve('failed'));
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200 ? 'answered' : 'failed'));
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' && !req.reusedSocket ? 'refused' : 'failed'));
        req.end();
      });
      run[outcome] += 1;
      if (outcome !== 'answered') break;
      answeredBy[index]! += 1;
    }
    agent.destroy();
  };
  const clients = Promise.all(Array.from({ length: STOP_CLIENTS }, client));
  // The stop comes once every client has its connection and is sending (a connection still in the
  // kernel's queue when the listener closes is reset: the server never saw it, as if refused).
  const started = performance.now();
  while (answeredBy.some((count) => count < 5) && performance.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 500));
  child.kill('SIGTERM');
  await clients;
  return { ...run, exitCode: await exited };
}

function printStop(run: StopRun): void {
  console.log(
    `\n${STOP_LABEL} (SIGTERM while ${STOP_CLIENTS} keep-alive clients send without pause): ${run.answered} answered, ${run.failed} failed (target 0), ${run.refused} new connections refused after the listener closed, exit code ${run.exitCode}`,
  );
}

const fileOf = (...parts: string[]) => path.join(ROOT, ...parts);

// --- the export through nginx ---------------------------------------------------------

interface Nginx {
  readonly master: ChildProcess;
  /** The one worker's pid: its CPU time is what the answers cost. */
  readonly worker: number;
}

/**
 * nginx serving the demo's `vitrine export` (bench/nginx.conf, one worker,
 * pinned to the servers' core), as a deployment serves the answers that are
 * files past what one Node process can. The export is made with vitrine's
 * BASE_URL, so its files are vitrine's answers byte for byte.
 */
async function exportThroughNginx(work: string, env: Readonly<Record<string, string>>): Promise<Nginx> {
  // nginx's worker runs as an unprivileged user: it must be able to reach the export.
  await chmod(work, 0o755);
  const exportDir = path.join(work, 'export');
  execFileSync(process.execPath, [fileOf('dist', 'vitrine.mjs'), 'export', exportDir], { env: { ...process.env, ...env }, stdio: 'inherit' });
  const prefix = path.join(work, 'nginx');
  await mkdir(prefix);
  const conf = (await readFile(fileOf('bench', 'nginx.conf'), 'utf8'))
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@ROOT@', exportDir)
    .replaceAll('@PORT@', String(PORTS.nginx));
  const master = await startNginx(prefix, conf, `http://127.0.0.1:${PORTS.nginx}/`, 0);
  // proc(5): the children of the master's main thread; bench/nginx.conf starts one worker.
  const worker = Number(spawnSync('cat', [`/proc/${master.pid}/task/${master.pid}/children`], { encoding: 'utf8' }).stdout.trim().split(' ')[0]);
  if (!Number.isInteger(worker) || worker <= 0) throw new Error('nginx started no worker');
  return { master, worker };
}

/** Whether nginx answers `shape` with the body vitrine gave it. */
async function servesSameBytes(shape: Shape, captured: CapturedAnswer): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${PORTS.nginx}${shape.path}`, { headers: shape.headers });
  return response.status === captured.status && Buffer.from(await response.arrayBuffer()).equals(Buffer.from(captured.body, 'base64'));
}

// --- cold start and memory ------------------------------------------------------------

/**
 * Runs the service on `contentDir` until it has made every picture file the
 * content offers (or found each kept in IMAGE_CACHE_DIR from a previous run),
 * as a site does once after its first start; answers how long that took. The
 * servers measured afterwards then spend no CPU on pictures while they are
 * timed.
 */
async function makePicturesFirst(contentDir: string): Promise<number> {
  const started = performance.now();
  const { child, logged } = serveWithLog(contentDir);
  try {
    const made = logged(/"msg":"(pictures made|pictures ready|some pictures could not be made)/);
    // Unreferenced, as the bounds below: once the race is won, a pending timer must not keep the benchmark from exiting.
    await Promise.race([made, new Promise((_, reject) => setTimeout(() => reject(new Error('the pictures were not made within 15 minutes')), 900_000).unref())]);
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

/** From process spawn to the first answer, and resident memory once the answers prepared ahead are ready. */
async function coldStart(contentDir: string, probe: string): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const { child, logged } = serveWithLog(contentDir);
  try {
    const ready = logged(/answers prepared ahead/);
    await waitFor(`${BASE_URL}${probe}`, 120_000);
    const elapsed = performance.now() - started;
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 120_000).unref())]);
    return { ms: elapsed, rss: rssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

/** vitrine serving `contentDir`, its info log read as it comes: `logged(pattern)` resolves once a line of it matches. */
function serveWithLog(contentDir: string): { child: ChildProcess; logged: (pattern: RegExp) => Promise<void> } {
  const child = start(process.execPath, [path.join(ROOT, 'dist', 'vitrine.mjs'), 'serve'], { CONTENT_DIR: contentDir, BASE_URL, PORT: String(PORTS.vitrine), LOG_LEVEL: 'info' }, 'pipe');
  // What was logged lately: a line may come in two chunks.
  let tail = '';
  const waiting = new Map<RegExp, () => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4096);
    for (const [pattern, resolve] of waiting) {
      if (!pattern.test(tail)) continue;
      waiting.delete(pattern);
      resolve();
    }
  });
  const logged = (pattern: RegExp) => new Promise<void>((resolve) => (pattern.test(tail) ? resolve() : waiting.set(pattern, resolve)));
  return { child, logged };
}

const COLD_RUNS = 3;

/**
 * What every start pays before any content, pinned as the service is: from
 * spawn to exit of `node args`, the median of COLD_RUNS; and the resident
 * memory Node itself takes.
 */
function startFloor(args: readonly string[]): { ms: number; rss: number } {
  const runs = Array.from({ length: COLD_RUNS }, () => {
    const started = performance.now();
    const ran = spawnSync('taskset', ['-c', '0', process.execPath, ...args], { encoding: 'utf8' });
    if (ran.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${ran.status}: ${ran.stderr}`);
    return { ms: performance.now() - started, rss: Number(/^rss (\d+)$/m.exec(ran.stdout)?.[1] ?? NaN) / 1024 / 1024 };
  });
  return { ms: median(runs.map((r) => r.ms)), rss: median(runs.map((r) => r.rss)) };
}

async function coldStarts(contentDir: string, probe: string): Promise<{ ms: number; rss: number }> {
  const runs: { ms: number; rss: number }[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) runs.push(await coldStart(contentDir, probe));
  return { ms: median(runs.map((r) => r.ms)), rss: median(runs.map((r) => r.rss)) };
}

// --- the run ----------------------------------------------------------------------------

interface Row {
  readonly label: string;
  readonly shape: Shape;
  /** The X-Forwarded-For of each request, as a Lua expression; none for a client on the socket. */
  readonly client?: string;
  /** The one address captured for the bare server's copy. */
  readonly sample: string;
  readonly make?: string;
  /** The least share of bare Node's rate wanted; none for a row that shows a cost rather than meets a bound. */
  readonly target?: number;
  /** A bound on vitrine's 99th percentile latency (ms), where the row has one. */
  readonly p99?: number;
  /** Requests sent before the row, so that its client has spent its quota. */
  readonly spend?: number;
  /** The row's work alone, measured too (bench/work-only.ts): the query and its JSON (a remembered MCP result; a kept answer's lookup), the quota's count where it counts, and node:http, without the service. */
  readonly work?: 'search' | 'posts' | 'mcp' | 'kept';
  /** The row's URL is a file of `vitrine export`: measured from it through nginx too. */
  readonly exported?: true;
}

type ServerName = 'vitrine' | 'node' | 'work' | 'nginx';

/** A GET of `p` with no header of its own. */
const get = (p: string): Shape => ({ method: 'GET', path: p, headers: {} });

/** The rows of the table: each a request shape, whose clients send it, and its target against bare Node. */
function benchRows(product: string, words: readonly string[], encoded: readonly string[]): Row[] {
  const manyClients = `"10." .. div(n % ${CLIENTS}, 65536) .. "." .. (div(n % ${CLIENTS}, 256) % 256) .. "." .. (n % 256)`;
  const compressed = (shape: Shape): Shape => ({ ...shape, headers: { ...shape.headers, 'Accept-Encoding': 'gzip, deflate, br' } });
  const tool = (name: string, args: Record<string, unknown>): Shape => ({
    method: 'POST',
    path: '/mcp',
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  // Pages of five: the URLs differ, the answers are alike in size.
  const newListPage = `"/api/v1/posts?locale=" .. (n % 2 == 0 and "en" or "pt-BR") .. "&limit=5&offset=" .. (div(n, 2) % 12) .. "&_=" .. n`;
  return [
    { label: 'proxied 200, 10,000 clients', shape: get(`/api/v1/products/${product}`), client: manyClients, sample: '10.0.0.1', target: 0.9, work: 'kept' },
    { label: '429 flood, one client over quota', shape: get(`/api/v1/products/${product}`), client: '"198.51.100.9"', sample: '198.51.100.9', target: 0.9, spend: 700, work: 'kept' },
    { label: 'markdown mirror', shape: get(`/md/products/${product}.md`), sample: '', target: 0.9, work: 'kept', exported: true },
    {
      label: 'search, every query new',
      shape: get(`/api/v1/search?q=${encoded[0]}+${encoded[1]}`),
      client: manyClients,
      sample: '10.0.0.2',
      // Two title words: tens of thousands of different queries, each with the default ten hits.
      make: `"/api/v1/search?q=" .. word .. "+" .. other`,
      target: 0.3,
      p99: 10,
      work: 'search',
    },
    {
      label: 'post list, every URL new',
      shape: get('/api/v1/posts?locale=en&limit=5&offset=3'),
      client: manyClients,
      sample: '10.0.0.3',
      make: newListPage,
      target: 0.5,
      work: 'posts',
    },
    { label: 'MCP tools/call, repeated', shape: tool('get_product', { slug: product }), client: manyClients, sample: '10.0.0.4', target: 0.6, work: 'mcp' },
    {
      label: 'MCP tools/call, every call new',
      shape: tool('search_content', { query: `${words[0]} ${words[1]}`, limit: 5 }),
      client: manyClients,
      sample: '10.0.0.5',
      make: `'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_content","arguments":{"query":"' .. word .. ' ' .. other .. '","limit":5}}}'`,
      target: 0.2,
    },
    // The same two computed rows from a client that takes compressed answers, as browsers and fetch() do:
    // each answer made for one request is compressed for it. Bare Node writes the compressed bytes captured.
    {
      label: 'post list, every URL new, gzip/br',
      shape: compressed(get('/api/v1/posts?locale=en&limit=5&offset=3')),
      client: manyClients,
      sample: '10.0.0.6',
      make: newListPage,
    },
    { label: 'MCP tools/call, repeated, gzip/br', shape: compressed(tool('get_product', { slug: product })), client: manyClients, sample: '10.0.0.7' },
  ];
}

interface RowContext {
  readonly work: string;
  readonly bundles: string;
  readonly vitrine: ChildProcess;
  readonly nginx: Awaited<ReturnType<typeof exportThroughNginx>> | undefined;
  readonly children: ChildProcess[];
  readonly vitrineEnv: Record<string, string>;
  readonly encoded: readonly string[];
  readonly words: readonly string[];
}

/** One row: its answer captured, bare Node (and the work alone, and nginx) started on it, alternating rounds, a line of each table. */
async function measureRow(row: Row, { work, bundles, vitrine, nginx, children, vitrineEnv, encoded, words }: RowContext, { results, cpuRows, exportRows }: Record<'results' | 'cpuRows' | 'exportRows', string[][]>): Promise<void> {
    const file = path.join(work, `${results.length}.lua`);
    await writeFile(file, script(row.shape, { ...(row.client ? { client: row.client } : {}), ...(row.make ? { make: row.make } : {}), words: row.make?.includes('"/api') ? encoded : words }));
    if (row.spend) for (let i = 0; i < row.spend; i += 1) await capture(row.shape, row.sample);
    const captured = await capture(row.shape, row.sample || undefined);
    const answerFile = path.join(work, `${results.length}.json`);
    await writeFile(answerFile, JSON.stringify(captured));
    // Among the children from the start, so that a row that fails leaves no server behind on its port.
    const bare = start(process.execPath, [path.join(bundles, 'bare-node.mjs'), answerFile, String(PORTS.node)]);
    children.push(bare);
    await waitFor(`http://127.0.0.1:${PORTS.node}/`);
    const alone = row.work && start(process.execPath, [path.join(bundles, 'work-only.mjs'), row.work, answerFile, String(PORTS.work), row.shape.path], vitrineEnv);
    if (alone) {
      children.push(alone);
      await waitFor(`http://127.0.0.1:${PORTS.work}${row.shape.path}`);
    }
    const fromExport = row.exported && nginx && (await servesSameBytes(row.shape, captured));
    if (row.exported && nginx && !fromExport) console.log(`warning: nginx does not serve vitrine's answer to "${row.label}" from the export; not measured`);
    const runs: Record<ServerName, Run[]> = { vitrine: [], node: [], work: [], nginx: [] };
    const servers: ServerName[] = ['vitrine', 'node', ...(alone ? (['work'] as const) : []), ...(fromExport ? (['nginx'] as const) : [])];
    const pids: Record<ServerName, number | undefined> = { vitrine: vitrine.pid, node: bare.pid, work: alone ? alone.pid : undefined, nginx: nginx?.worker };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        // Past every request of the server's earlier rounds (wrk counts answers; a connection may have sent one more).
        const first = runs[server].reduce((sum, run) => sum + run.requests + CONNECTIONS, 0);
        runs[server].push(wrk(`http://127.0.0.1:${PORTS[server]}/`, file, DURATION, CONNECTIONS, pids[server], first));
      }
    }
    await stop(bare);
    if (alone) await stop(alone);
    const v = { rps: median(runs.vitrine.map((r) => r.rps)), p99: median(runs.vitrine.map((r) => r.p99)) };
    const n = { rps: median(runs.node.map((r) => r.rps)), p99: median(runs.node.map((r) => r.p99)) };
    const expected = captured.status >= 400 ? captured.status : 0;
    const stray = runs.vitrine.reduce((sum, r) => sum + r.non2xx, 0);
    if (expected === 0 && stray > 0) console.log(`warning: ${stray} non-2xx answers on "${row.label}"`);
    const strayAlone = runs.work.reduce((sum, r) => sum + r.non2xx, 0);
    if (expected === 0 && strayAlone > 0) console.log(`warning: ${strayAlone} non-2xx answers from the work alone on "${row.label}"`);
    const w = median(runs.work.map((r) => r.rps));
    const workAlone = alone ? [fixed(w), fixed(w / n.rps, 2)] : ['', ''];
    results.push([row.label, fixed(v.rps), fixed(v.p99, 2), fixed(n.rps), fixed(n.p99, 2), fixed(v.rps / n.rps, 2), row.target === undefined ? '' : `>= ${row.target}${row.p99 ? `, p99 <= ${row.p99}` : ''}`, ...workAlone]);
    const [cv, cn, cw] = [cpuPerAnswer(runs.vitrine), cpuPerAnswer(runs.node), cpuPerAnswer(runs.work)];
    const [kv, kn] = [cpuPerAnswer(runs.vitrine, 'systemUs'), cpuPerAnswer(runs.node, 'systemUs')];
    cpuRows.push([row.label, fixed(cv, 1), fixed(kv, 1), fixed(cn, 1), fixed(kn, 1), fixed(cn / cv, 2), ...(alone ? [fixed(cw, 1), fixed(cn / cw, 2)] : ['', ''])]);
    if (fromExport) {
      const x = { rps: median(runs.nginx.map((r) => r.rps)), p99: median(runs.nginx.map((r) => r.p99)), cpu: cpuPerAnswer(runs.nginx) };
      exportRows.push([row.label, fixed(x.rps), fixed(x.p99, 2), fixed(x.rps / n.rps, 2), fixed(x.cpu, 1), fixed(cpuPerAnswer(runs.nginx, 'systemUs'), 1), fixed(cn / x.cpu, 2)]);
    }
}

/** A quiet client's p99 while another floods; then cold starts and memory, on the demo and on 10,000 posts. */
async function floodAndStarts(work: string, vitrine: ChildProcess, children: ChildProcess[], product: string, words: readonly string[]): Promise<void> {
  // A well-behaved client (100 requests a second, under its quota) while another address floods.
  const floodScript = path.join(work, 'flood.lua');
  await writeFile(floodScript, script(get(`/api/v1/products/${product}`), { client: '"198.51.100.66"' }));
  for (let i = 0; i < 650; i += 1) await capture(get(`/api/v1/products/${product}`), '198.51.100.66');
  const quiet = await paced(`/api/v1/products/${product}`, '198.51.100.77', 300, 10);
  const flood = spawn('taskset', ['-c', '1', 'wrk', '-t1', `-c${CONNECTIONS}`, '-d6s', '-s', floodScript, `${BASE_URL}/`], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const during = await paced(`/api/v1/products/${product}`, '198.51.100.88', 400, 10);
  await new Promise<void>((resolve) => flood.once('exit', () => resolve()));
  console.log(`\na well-behaved client's p99 (one request every 10 ms): ${fixed(quiet.p99, 2)} ms alone, ${fixed(during.p99, 2)} ms while another address floods (target <= 10); statuses ${[...during.statuses].join(', ')}`);

  const servingRss = rssMb(vitrine.pid!);
  await Promise.all(children.map(stop));
  children.length = 0;

  console.log(`\ncold start (process spawn to first answer of /api/v1/posts; for no content, to exit) and resident memory once the answers prepared ahead are ready, median of ${COLD_RUNS} starts`);
  const demo = await coldStarts(path.join(ROOT, 'content'), '/api/v1/posts');
  const many = path.join(work, 'many');
  await mkdir(many);
  await generateCorpus(many, 10_000);
  const large = await coldStarts(many, '/api/v1/posts');
  const afterLoad = await loadedRss(many, words);
  const node = startFloor(['-e', 'console.log(`rss ${process.memoryUsage.rss()}`)']);
  const bundle = startFloor([path.join(ROOT, 'dist', 'vitrine.mjs'), '--version']);
  table([
    ['content', 'cold start ms', 'target', 'RSS MB', 'target'],
    ['none: Node alone (node -e)', fixed(node.ms), '', fixed(node.rss, 1), ''],
    ['none: the bundle read (vitrine --version)', fixed(bundle.ms), '', '', ''],
    ['demo', fixed(demo.ms), '', fixed(demo.rss, 1), ''],
    ['demo, after the rows above', '', '', fixed(servingRss, 1), '<= 120'],
    ['10,000 posts', fixed(large.ms), '<= 500', fixed(large.rss, 1), ''],
    ['10,000 posts, after load', '', '', fixed(afterLoad, 1), '<= 250'],
  ]);
}

async function main(): Promise<void> {
  ensureTools();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js')], { stdio: 'inherit' });
  const work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'));
  const children: ChildProcess[] = [];
  try {
    const bundles = path.join(work, 'bundles');
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), bundles, path.join(ROOT, 'bench', 'bare-node.ts'), path.join(ROOT, 'bench', 'work-only.ts')]);
    console.log(`pictures of the demo made or found kept in IMAGE_CACHE_DIR in ${fixed(await makePicturesFirst(path.join(ROOT, 'content')) / 1000, 1)} s, before any row`);
    const vitrineEnv = { CONTENT_DIR: path.join(ROOT, 'content'), BASE_URL, PORT: String(PORTS.vitrine), LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' };
    const vitrine = start(process.execPath, [path.join(ROOT, 'dist', 'vitrine.mjs'), 'serve'], vitrineEnv);
    children.push(vitrine);
    await waitFor(`${BASE_URL}/healthz`);
    // The answers prepared ahead are in place a moment after start.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const products = (await (await fetch(`${BASE_URL}/api/v1/products`, { headers: { 'X-Forwarded-For': '192.0.2.1' } })).json()) as { items: { slug: string }[] };
    const posts = (await (await fetch(`${BASE_URL}/api/v1/posts?limit=100`, { headers: { 'X-Forwarded-For': '192.0.2.1' } })).json()) as { items: { title: string }[] };
    const product = products.items[0]!.slug;
    const words = [...new Set(posts.items.flatMap((item) => item.title.toLowerCase().match(/[\p{L}]{4,}/gu) ?? []))];
    const encoded = words.map((word) => encodeURIComponent(word));
    const rows = benchRows(product, words, encoded);

    const only = process.argv.slice(2);
    const chosen = only.length === 0 ? rows : rows.filter((row) => only.some((word) => row.label.includes(word)));
    const stopChosen = only.length === 0 || only.some((word) => STOP_LABEL.includes(word));
    const gitChosen = only.length === 0 || only.some((word) => GIT_LABEL.includes(word));
    if (chosen.length === 0 && !stopChosen && !gitChosen) {
      throw new Error(`no row's label holds ${only.join(' or ')}; the rows are: ${[...rows.map((row) => row.label), STOP_LABEL, GIT_LABEL].join('; ')}`);
    }

    const nginx = chosen.some((row) => row.exported) ? await exportThroughNginx(work, vitrineEnv) : undefined;
    if (nginx) children.push(nginx.master);

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(`\n${new Date().toISOString()}  ${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${os.type()} ${os.release()}`);
    console.log(`wrk -t1 -c${CONNECTIONS} -d${DURATION}, server on core 0, wrk on core 1, median of ${ROUNDS} rounds alternating vitrine and bare Node`);
    console.log(`vitrine: npm start's bundle, quota 600 per 60 s, TRUST_PROXY=loopback; bare Node writes the answer vitrine gave the row's first request`);
    console.log(`work alone: the row's query and its JSON (for MCP, the call read and its remembered result; for a kept answer, the answer's lookup), and where the quota counts, the client's address and its quota, answered by a bare node:http server (bench/work-only.ts), the most the service could answer with its work as it is\n`);

    const results: string[][] = [['row', 'vitrine req/s', 'p99 ms', 'node req/s', 'p99 ms', 'x node', 'target', 'work alone req/s', 'x node']];
    const cpuRows: string[][] = [['row', 'vitrine us', 'kernel', 'node us', 'kernel', 'x node', 'work alone us', 'x node']];
    const exportRows: string[][] = [['row', 'nginx req/s', 'p99 ms', 'x node', 'nginx us', 'kernel', 'x node']];
    const tables = { results, cpuRows, exportRows };
    for (const row of chosen) await measureRow(row, { work, bundles, vitrine, nginx, children, vitrineEnv, encoded, words }, tables);
    if (chosen.length > 0) {
      table(results);
      console.log(`\nthe same runs as server CPU time per answer (user and system, /proc/<pid>/stat, over every round; "kernel": of it, system time): "x node" is bare Node's CPU per answer over the server's\n`);
      table(cpuRows);
    }
    if (exportRows.length > 1) {
      console.log(`\nthe same URL as a file of \`vitrine export\` served by nginx (bench/nginx.conf, one worker on core 0), in the same rounds: what a deployment serves past one Node process\n`);
      table(exportRows);
    }
    if (stopChosen) printStop(await stopUnderLoad(`/md/products/${product}.md`));
    if (only.length === 0) await floodAndStarts(work, vitrine, children, product, words);
    if (gitChosen) await benchPublishing(path.join(work, 'git'));
  } finally {
    await Promise.all(children.map(stop));
    await rm(work, { recursive: true, force: true });
  }
}

/** Resident memory of a server over `content` after 20 s of searches, lists and page views over many clients. */
async function loadedRss(content: string, words: readonly string[]): Promise<number> {
  const child = start(process.execPath, [path.join(ROOT, 'dist', 'vitrine.mjs'), 'serve'], { CONTENT_DIR: content, BASE_URL, PORT: String(PORTS.vitrine), LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' });
  try {
    await waitFor(`${BASE_URL}/healthz`, 120_000);
    const file = path.join(path.dirname(content), 'mixed.lua');
    await writeFile(
      file,
      script(
        { method: 'GET', path: '/', headers: { 'Accept-Encoding': 'gzip, br' } },
        {
          client: `"10." .. div(n % ${CLIENTS}, 65536) .. "." .. (div(n % ${CLIENTS}, 256) % 256) .. "." .. (n % 256)`,
          make: `(n % 3 == 0 and ("/api/v1/search?q=" .. word .. "&limit=" .. (n % 50 + 1))) or (n % 3 == 1 and ("/api/v1/posts?limit=" .. (n % 100 + 1) .. "&offset=" .. (n % 5000))) or ("/md/index.md")`,
          words: words.map((w) => encodeURIComponent(w)),
        },
      ),
    );
    wrk(`${BASE_URL}/`, file, '20s');
    return rssMb(child.pid!);
  } finally {
    await stop(child);
  }
}

await main();
