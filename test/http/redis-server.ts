/**
 * Real redis-server processes for the shared-quota tests: each on a free port
 * of 127.0.0.1, without persistence, stopped by the test that started it.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../ports.js';

export class RedisServer {
  #process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get running(): boolean {
    return this.#process !== undefined;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server on a free port (another port if that one is taken meanwhile). */
  static async start(): Promise<RedisServer> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 5; attempt++) {
      const server = new RedisServer(await freePort());
      try {
        await server.restart();
        return server;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  /** Starts (again) on the same port, with an empty data set. */
  async restart(): Promise<void> {
    if (this.#process) throw new Error(`redis-server on port ${this.port} is already running`);
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          child.stdout?.off('data', onData);
          child.off('exit', onExit);
          resolve();
        }
      };
      const onExit = (code: number | null) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
      child.stdout?.on('data', onData);
      child.on('exit', onExit);
      child.on('error', reject);
    });
    // Keep reading so a full pipe never blocks the server.
    child.stdout?.resume();
    child.stderr?.resume();
    this.#process = child;
  }

  /** Freezes the process (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void {
    this.#process?.kill('SIGSTOP');
  }

  resume(): void {
    this.#process?.kill('SIGCONT');
  }

  /** Stops the server and waits until it has exited. */
  async stop(): Promise<void> {
    const child = this.#process;
    if (!child) return;
    this.#process = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
