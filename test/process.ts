import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import path from 'node:path';
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

/** The entry point from the sources (through tsx), as the tests run it unless told otherwise. */
const SOURCE_ENTRY = ['--import', 'tsx', path.join(ROOT, 'src', 'server.ts')];

/**
 * Starts the real entry point on a free port of 127.0.0.1 and waits until it
 * listens; `entry` is the node arguments before `args` (another build of it).
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
