/**
 * Publishing from git (`npm run bench:git`, and the last section of `npm
 * run bench`): the bundle as `npm start` runs it, a bare repository on this
 * machine as the remote, a real redis-server.
 *
 * - The first clone of a 10,000-post repository: from the process's spawn to
 *   the commit checked (clone and content check), and to the first answer,
 *   with the process's peak resident memory then, beside `git clone
 *   --depth=1` of the same repository alone (its time and peak memory, from
 *   /usr/bin/time), which is the part of the work git does.
 * - From a signed hook sent to one instance to both instances serving the
 *   pushed commit (both /healthz name it), two instances sharing Redis: on
 *   the demo content (median of 5 pushes) and on the 10,000 posts (one).
 *
 * Prints tables; nothing is asserted.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECRET = 'bench secret';
const PUSHES = 5;

interface Instance {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it wrote so far. */
  output(): string;
}

function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd, encoding: 'utf8' }).trim();
}

/** A bare repository holding `content` in one commit, and its working copy. */
async function repository(work: string, name: string, content: string): Promise<{ readonly remote: string; readonly copy: string }> {
  const copy = path.join(work, `${name}-copy`);
  const remote = path.join(work, `${name}.git`);
  await cp(content, copy, { recursive: true });
  // git keeps no empty folder: an empty `products/` is kept by a file the loader skips, as a site's repository does.
  for (const entry of await readdir(copy, { recursive: true, withFileTypes: true })) {
    const folder = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory() && (await readdir(folder)).length === 0) await writeFile(path.join(folder, '.gitkeep'), '');
  }
  git(work, ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  git(copy, ['init', '--quiet', '--initial-branch=main']);
  git(copy, ['add', '--all']);
  git(copy, ['commit', '--quiet', '-m', 'content']);
  git(copy, ['push', '--quiet', remote, 'HEAD:refs/heads/main']);
  return { remote, copy };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function startInstance(env: Record<string, string>): Instance {
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'vitrine.mjs'), 'serve'], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', CONTENT_HOOK_SECRET: SECRET, CONTENT_GIT_POLL_S: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    get url() {
      return /Server listening at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1] ?? '';
    },
  };
}

async function until(what: string, holds: () => boolean | Promise<boolean>, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  while (!(await holds())) {
    if (performance.now() - started > timeoutMs) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

async function commitOf(instance: Instance): Promise<string | undefined> {
  try {
    return ((await (await fetch(`${instance.url}/healthz`)).json()) as { content_commit?: string }).content_commit;
  } catch {
    return undefined;
  }
}

function peakRssMb(pid: number): number {
  const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout;
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function table(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

/** The first start on a repository: spawn to the commit checked, to the first answer, and the peak memory then. */
async function firstClone(remote: string, tmp: string): Promise<{ readonly checkedMs: number; readonly answerMs: number; readonly rss: number }> {
  const started = performance.now();
  const instance = startInstance({ CONTENT_GIT: remote, TMPDIR: tmp });
  try {
    const checkedMs = await until('the commit is checked', () => {
      if (instance.child.exitCode !== null) throw new Error(`vitrine stopped:\n${instance.output()}`);
      return instance.output().includes('content: serving commit');
    });
    await until('the first answer', async () => (await commitOf(instance)) !== undefined);
    return { checkedMs, answerMs: performance.now() - started, rss: peakRssMb(instance.child.pid!) };
  } finally {
    await stop(instance.child);
  }
}

/** `git clone --depth=1` alone: seconds and peak resident megabytes, as /usr/bin/time reports them. */
function cloneAlone(remote: string, into: string): { readonly ms: number; readonly rss: number } {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M', 'git', 'clone', '--quiet', '--depth=1', `file://${remote}`, into], { encoding: 'utf8' });
  const [seconds = NaN, kilobytes = NaN] = (run.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return { ms: seconds * 1000, rss: kilobytes / 1024 };
}

/** Pushes a commit, sends the signed hook to the first instance, and times until every instance serves it. */
async function hookToAll(copy: string, remote: string, instances: readonly Instance[], round: number): Promise<number> {
  await appendFile(path.join(copy, 'site.yaml'), `# round ${round}\n`);
  git(copy, ['commit', '--quiet', '--all', '-m', `round ${round}`]);
  git(copy, ['push', '--quiet', remote, 'HEAD:refs/heads/main']);
  const commit = git(copy, ['rev-parse', 'HEAD']);
  const body = JSON.stringify({ ref: 'refs/heads/main' });
  const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  const started = performance.now();
  const response = await fetch(`${instances[0]!.url}/hooks/content`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body });
  if (response.status !== 202) throw new Error(`the hook answered ${response.status}`);
  await until('every instance serves the pushed commit', async () => (await Promise.all(instances.map(commitOf))).every((served) => served === commit));
  return performance.now() - started;
}

/** Two instances over one Redis, following `remote`: the time from each hook to both serving. */
async function hookRounds(remote: string, copy: string, tmp: string, redisUrl: string, rounds: number): Promise<number[]> {
  const instances = [0, 1].map(() => startInstance({ CONTENT_GIT: remote, TMPDIR: tmp, REDIS_URL: redisUrl }));
  try {
    await until('both instances answer', async () => {
      for (const instance of instances) if (instance.child.exitCode !== null) throw new Error(`vitrine stopped:\n${instance.output()}`);
      return (await Promise.all(instances.map(commitOf))).every(Boolean);
    });
    const times: number[] = [];
    for (let round = 1; round <= rounds; round++) times.push(await hookToAll(copy, remote, instances, round));
    return times;
  } finally {
    await Promise.all(instances.map((instance) => stop(instance.child)));
  }
}

async function startRedis(): Promise<{ readonly url: string; readonly child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await until('redis-server answers', () => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG', 10_000);
  return { url, child };
}

/** Every measurement of this file, printed; `work` is a scratch folder the caller removes. */
export async function benchPublishing(work: string): Promise<void> {
  const many = path.join(work, 'many-posts');
  await mkdir(many, { recursive: true });
  await generateCorpus(many, 10_000);
  const large = await repository(work, 'many', many);
  const demo = await repository(work, 'demo', path.join(ROOT, 'content'));
  const redis = await startRedis();
  try {
    const first = await firstClone(large.remote, await mkdtemp(path.join(work, 'tmp-')));
    const alone = cloneAlone(large.remote, path.join(work, 'clone-alone'));
    console.log('\nthe first start on a 10,000-post repository (an empty cache folder): spawn to the commit fetched and checked, to the first answer; peak RSS of the process');
    table([
      ['', 'ms', 'peak RSS MB'],
      ['vitrine: clone and check', fixed(first.checkedMs), ''],
      ['vitrine: first answer', fixed(first.answerMs), fixed(first.rss, 1)],
      ['git clone --depth=1 alone', fixed(alone.ms), fixed(alone.rss, 1)],
    ]);
    const demoTimes = await hookRounds(demo.remote, demo.copy, await mkdtemp(path.join(work, 'tmp-')), redis.url, PUSHES);
    const largeTimes = await hookRounds(large.remote, large.copy, await mkdtemp(path.join(work, 'tmp-')), redis.url, 1);
    console.log('\na signed hook to one of two instances sharing Redis, to both serving the pushed commit (polled on /healthz every 5 ms)');
    table([
      ['content', 'ms', 'runs'],
      ['demo', fixed(median(demoTimes)), `median of ${demoTimes.length}: ${demoTimes.map((ms) => fixed(ms)).join(', ')}`],
      ['10,000 posts', fixed(median(largeTimes)), String(largeTimes.length)],
    ]);
  } finally {
    await stop(redis.child);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js')], { stdio: 'inherit' });
  const work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-git-'));
  try {
    await benchPublishing(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
