import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES, ROOT } from './helper.js';
import { startServer } from './process.js';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real entry point with `env`; `untilReady` then sends SIGTERM once it serves. */
function runServer(env: Record<string, string>, untilReady?: (url: string) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'vitrine.js'), 'serve'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (listening?.[1] && untilReady && !started) {
        started = true;
        untilReady(listening[1]).then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGKILL');
            reject(error);
          },
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('start-up', () => {
  const badSettings: [Record<string, string>, RegExp][] = [
    [{ PORT: 'http' }, /^vitrine: configuration: PORT: must be a whole number from 0 to 65535, got "http"$/],
    [{ PORT: '70000' }, /^vitrine: configuration: PORT: /],
    [{ BASE_URL: 'example.com' }, /^vitrine: configuration: BASE_URL: must be an absolute URL/],
    [{ LOG_LEVEL: 'loud' }, /^vitrine: configuration: LOG_LEVEL: must be one of/],
    [{ TRUST_PROXY: 'somewhere' }, /^vitrine: configuration: TRUST_PROXY: /],
    [{ REDIS_URL: 'localhost:6379' }, /^vitrine: configuration: REDIS_URL: /],
    [{ DEPRECATION_DATE: '2027-01-01' }, /^vitrine: configuration: SUNSET_DATE: must be set/],
  ];
  for (const [env, message] of badSettings) {
    test(`a bad ${Object.keys(env)[0]} stops start-up with one line naming it`, async () => {
      const run = await runServer(env);
      assert.equal(run.code, 1);
      const lines = run.stderr.trim().split('\n');
      assert.equal(lines.length, 1, run.stderr);
      assert.match(lines[0] ?? '', message);
    });
  }

  test('broken content stops start-up listing every problem with its file', async () => {
    const run = await runServer({ CONTENT_DIR: path.join(FIXTURES, 'broken') });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^vitrine: content is invalid \(\d+ problems\):\n/);
    assert.match(run.stderr, /\n {2}broken\/products\/bolo\.md: status: must be one of coming-soon, live\n/);
    assert.match(run.stderr, /\n {2}broken\/company\.md: cnpj: has invalid check digits\n/);
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
  });

  test('a SUNSET_DATE in the past is served as announced, with a warning in the log', async () => {
    let headers: Headers | undefined;
    const run = await runServer(
      { CONTENT_DIR: path.join(FIXTURES, 'minimal'), DEPRECATION_DATE: '2020-01-01', SUNSET_DATE: '2020-12-31', SUCCESSOR_URL: '/api/v2' },
      async (url) => {
        headers = (await fetch(`${url}/api/v1`)).headers;
      },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(headers?.get('sunset'), 'Thu, 31 Dec 2020 00:00:00 GMT');
    assert.match(run.stdout, /"msg":"SUNSET_DATE is past: this version is served after its announced end; switch it off or remove the deprecation settings"/);
  });

  test('serves another content folder on the configured port and exits 0 on SIGTERM', async () => {
    let company: unknown;
    const run = await runServer({ CONTENT_DIR: path.join(FIXTURES, 'minimal'), BASE_URL: 'https://lumen.example' }, async (url) => {
      company = await (await fetch(`${url}/api/v1/company`)).json();
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal((company as { trade_name: string }).trade_name, 'Lumen');
    assert.equal((company as { url: string }).url, 'https://lumen.example/about');
  });
});

/** What one request of a keep-alive client came to. */
type Outcome = { readonly status: number; readonly closes: boolean } | { readonly error: string };

/** One GET on `agent`: the status and whether the answer closes its connection, once the whole body is read; or the error. */
function get(url: string, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `answer cut: ${error.code ?? error.message}` }));
      res.on('aborted', () => resolve({ error: 'answer cut' }));
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, closes: res.headers.connection === 'close' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('stopping', () => {
  test('SIGTERM answers every request 50 keep-alive clients send without pause, closes their connections, refuses new ones, and exits 0', { timeout: 60_000 }, async () => {
    const CLIENTS = 50;
    /** Requests each client sends at most: the run is bounded even if the stop never came. */
    const MAX_REQUESTS = 20_000;
    const server = await startServer({ CONTENT_DIR: path.join(FIXTURES, 'minimal'), RATE_LIMIT_REQUESTS: '1000000' });
    const url = `${server.url}/api/v1/company`;
    const answered = new Array<number>(CLIENTS).fill(0);
    const finished = new Array<boolean>(CLIENTS).fill(false);
    const clients = answered.map(async (_, client) => {
      // One connection per client, reused for every request until an answer closes it.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const run = { failures: [] as string[], closedByAnswer: false, refusedAfter: false };
      try {
        for (let i = 0; i < MAX_REQUESTS; i += 1) {
          const outcome = await get(url, agent);
          if ('error' in outcome) {
            // Once its connection is closed, the client's next connection is refused: not a failure.
            if (run.closedByAnswer && outcome.error === 'ECONNREFUSED') run.refusedAfter = true;
            else run.failures.push(`request ${i + 1}: ${outcome.error}`);
            break;
          }
          if (outcome.status !== 200) run.failures.push(`request ${i + 1}: status ${outcome.status}`);
          answered[client]! += 1;
          if (outcome.closes) run.closedByAnswer = true;
        }
      } finally {
        agent.destroy();
        finished[client] = true;
      }
      return run;
    });
    // The stop comes while every client is sending (or has already failed, which the assertions report).
    while (answered.some((count, client) => count < 5 && !finished[client])) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const runs = await Promise.all(clients);
    const code = await server.exited;

    assert.deepEqual(
      runs.flatMap((run, client) => run.failures.map((failure) => `client ${client + 1}, ${failure}`)),
      [],
    );
    assert.equal(runs.filter((run) => run.closedByAnswer).length, CLIENTS, 'every connection was closed by an answer carrying Connection: close');
    assert.equal(runs.filter((run) => run.refusedAfter).length, CLIENTS, 'every client was then refused a new connection');
    assert.equal(code, 0, server.output());
    assert.match(server.output(), /"msg":"stopped"/);
  });
});
