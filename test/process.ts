import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { ROOT } from './helper.js';

export interface ServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  readonly exited: Promise<number | null>;
  /** Waits until the output matches `pattern` (or fails after `ms`). */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
}

/** `vitrine serve` from the sources (bin/vitrine.js runs them through tsx), as the tests run it unless told otherwise. */
const SOURCE_ENTRY: readonly string[] = [path.join(ROOT, 'bin', 'vitrine.js'), 'serve'];

/**
 * Starts the real command on a free port of 127.0.0.1 (PORT=0 and HOST in
 * the environment, unless `env` or `args` say otherwise) and waits until it
 * listens; `args` follow `serve`, and `entry` is the node arguments before
 * them (another build of the command and its `serve`).
 */
export async function startServer(env: Record<string, string>, args: readonly string[] = [], entry: readonly string[] = SOURCE_ENTRY): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
  void exited.then(() => clearTimeout(kill));

  const waitFor = (pattern: RegExp, ms = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`));
      }, ms);
      listeners.add(check);
      check();
    });

  await waitFor(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
  return { child, url, output: () => output, exited, waitFor };
}

/** How a run of the command line ended. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node bin/vitrine.js ...args` in the repository, with only PATH and `env` in its environment. */
export function vitrine(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'bin', 'vitrine.js'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/**
 * A starter site as `vitrine init DIR ...options` writes it, in a temporary
 * folder of its own; answers its folder, and removes it with `remove`.
 */
export async function starterSite(name: string, options: readonly string[]): Promise<{ readonly dir: string; readonly remove: () => Promise<void> }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), `vitrine-${name}-`));
  const remove = () => rm(parent, { recursive: true, force: true });
  const dir = path.join(parent, name);
  const run = await vitrine(['init', dir, ...options]);
  if (run.code !== 0) throw new Error(`vitrine init ${options.join(' ')} failed: ${run.stderr}`);
  return { dir, remove };
}
