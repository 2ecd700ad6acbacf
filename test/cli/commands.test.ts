import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SETTING_NAMES, SETTINGS } from '../../src/config/settings.js';
import { FIXTURES, ROOT } from '../helper.js';
import { freePort } from '../ports.js';
import { startServer, vitrine } from '../process.js';

const MINIMAL = path.join(FIXTURES, 'minimal');
const BROKEN = path.join(FIXTURES, 'broken');
const USAGE = 'usage: vitrine <init|serve|check|export|import|help> [arguments] | vitrine --help | vitrine --version';
const SERVE_USAGE = 'usage: vitrine serve [DIR] [--port N] [--host H] [--watch]';
const EXPORT_USAGE = 'usage: vitrine export [DIR] OUT';

describe('help', () => {
  test('vitrine --help (and -h, and help) lists every command with its options, and exits 0', async () => {
    const run = await vitrine(['--help']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], 'usage: vitrine <command> [arguments]');
    for (const usage of [
      'vitrine init DIR [--name NAME] [--locales en,es,...] [--country CC] [--demo] [--force]',
      'vitrine serve [DIR] [--port N] [--host H] [--watch]',
      'vitrine check [DIR] [--format text|json]',
      'vitrine export [DIR] OUT',
      'vitrine help [COMMAND]',
    ]) {
      assert.ok(lines.some((line) => line.startsWith(`  ${usage} `)), `${usage} in:\n${run.stdout}`);
    }
    assert.ok(lines.includes('  --help, -h  print this help'), run.stdout);
    assert.ok(lines.includes("  --version   print vitrine's version"), run.stdout);
    assert.equal((await vitrine(['-h'])).stdout, run.stdout);
    assert.equal((await vitrine(['help'])).stdout, run.stdout);
  });

  test('vitrine help serve and vitrine serve --help print every option and every environment variable the service reads', async () => {
    const run = await vitrine(['help', 'serve']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], SERVE_USAGE);
    for (const option of ['--port N', '--host H', '--watch', '--help, -h']) assert.ok(lines.some((line) => line.startsWith(`  ${option}  `)), option);
    // Every declared setting, in the declarations' order, each with its summary.
    const heading = lines.indexOf('environment:');
    const width = Math.max(...SETTING_NAMES.map((name) => name.length));
    assert.deepEqual(
      lines.slice(heading + 1, lines.indexOf('', heading)),
      SETTING_NAMES.map((name) => `  ${name.padEnd(width)}  ${SETTINGS[name].summary}`),
    );
    const flag = await vitrine(['serve', '--help']);
    assert.equal(flag.code, 0);
    assert.equal(flag.stdout, run.stdout);
  });

  test('vitrine help check and vitrine check -h print --format, DIR and the two variables the check reads', async () => {
    const run = await vitrine(['help', 'check']);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], 'usage: vitrine check [DIR] [--format text|json]');
    for (const row of ['DIR', '--format text|json', '--help, -h', 'CONTENT_DIR', 'BASE_URL']) assert.ok(lines.some((line) => line.startsWith(`  ${row}  `)), row);
    assert.equal((await vitrine(['check', '-h'])).stdout, run.stdout);
  });

  test('vitrine help export and vitrine export --help print DIR, OUT and the variables the files show', async () => {
    const run = await vitrine(['help', 'export']);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], EXPORT_USAGE);
    for (const row of ['DIR', 'OUT', '--help, -h', 'CONTENT_DIR', 'BASE_URL']) assert.ok(lines.some((line) => line.startsWith(`  ${row}  `)), row);
    assert.equal((await vitrine(['export', '--help'])).stdout, run.stdout);
  });

  test('vitrine --version prints the version of package.json, and exits 0', async () => {
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await vitrine(['--version']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${version}\n`);
    assert.equal(run.stderr, '');
  });
});

describe('a wrong command line exits 2 with one line naming what is wrong, then the usage line', () => {
  for (const [args, line, usage] of [
    [['publish'], 'vitrine: unknown command publish', USAGE],
    [[], 'vitrine: no command given; the commands are init, serve, check, export, import and help', USAGE],
    [['--prot'], 'vitrine: unknown option --prot', USAGE],
    [['help', 'publish'], 'vitrine: unknown command publish', USAGE],
    [['serve', '--prot', '8080'], 'vitrine: unknown option --prot for serve', SERVE_USAGE],
    [['serve', '-w'], 'vitrine: unknown option -w for serve', SERVE_USAGE],
    [['serve', '--port'], 'vitrine: --port needs a value', SERVE_USAGE],
    [['serve', '--port', '--watch'], 'vitrine: --port needs a value', SERVE_USAGE],
    [['serve', '--port', 'http'], 'vitrine: --port must be a whole number from 0 to 65535, got "http"', SERVE_USAGE],
    [['serve', '--port=70000'], 'vitrine: --port must be a whole number from 0 to 65535, got "70000"', SERVE_USAGE],
    [['serve', '--host='], 'vitrine: --host needs an address, such as 127.0.0.1 or 0.0.0.0', SERVE_USAGE],
    [['serve', '--watch=yes'], 'vitrine: --watch takes no value', SERVE_USAGE],
    [['serve', 'content', 'more'], 'vitrine: serve takes one content folder, got 2: content more', SERVE_USAGE],
    [['export'], 'vitrine: export needs the folder to write to (OUT)', EXPORT_USAGE],
    [['export', 'a', 'b', 'c'], 'vitrine: export takes a content folder and the folder to write to, got 3 folders: a b c', EXPORT_USAGE],
    [['export', '--force', 'out'], 'vitrine: unknown option --force for export', EXPORT_USAGE],
  ] as const) {
    test(`vitrine ${args.join(' ')}`, async () => {
      const run = await vitrine(args);
      assert.equal(run.code, 2);
      assert.equal(run.stderr, `${line}\n${usage}\n`);
      assert.equal(run.stdout, '');
    });
  }
});

describe('vitrine check DIR', () => {
  test('checks DIR, not CONTENT_DIR', async () => {
    const run = await vitrine(['check', 'test/fixtures/minimal'], { CONTENT_DIR: BROKEN });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '0 errors, 0 warnings in 6 files\n');
    assert.equal(run.stderr, '');
  });

  test('with no DIR checks CONTENT_DIR', async () => {
    const run = await vitrine(['check', '--format', 'json'], { CONTENT_DIR: BROKEN });
    assert.equal(run.code, 1, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { ok: boolean }).ok, false);
  });
});

describe('vitrine serve DIR --port N --host H', () => {
  test('serves DIR on --port and --host, whatever CONTENT_DIR, PORT and HOST say, and BASE_URL follows --port', async () => {
    const port = await freePort();
    // A PORT and a HOST that could not be used: the options must win, or start-up fails.
    const server = await startServer({ CONTENT_DIR: BROKEN, PORT: 'http', HOST: 'no-such-host.invalid' }, ['test/fixtures/minimal', '--port', String(port), '--host', '127.0.0.1']);
    try {
      assert.equal(server.url, `http://127.0.0.1:${port}`);
      const company = (await (await fetch(`${server.url}/api/v1/company`)).json()) as { trade_name: string; url: string };
      assert.equal(company.trade_name, 'Lumen');
      assert.equal(company.url, `http://localhost:${port}/about`);
      await server.waitFor(/"content":"test\/fixtures\/minimal".*"msg":"vitrine is serving"/);
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal(await server.exited, 0, server.output());
  });

  test('--port 0 picks a free port, the environment giving the rest', async () => {
    const server = await startServer({ CONTENT_DIR: MINIMAL, PORT: '1', BASE_URL: 'https://lumen.example' }, ['--port', '0', '--host', '127.0.0.1', '--watch']);
    try {
      const company = (await (await fetch(`${server.url}/api/v1/company`)).json()) as { url: string };
      assert.equal(company.url, 'https://lumen.example/about');
      await server.waitFor(/"watch":true,"msg":"vitrine is serving"/);
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal(await server.exited, 0, server.output());
  });

  test('--port 0 without BASE_URL: every URL the service prints names the port bound', async () => {
    const server = await startServer({ CONTENT_DIR: MINIMAL }, ['--port', '0', '--host', '127.0.0.1']);
    try {
      const port = new URL(server.url).port;
      const company = (await (await fetch(`${server.url}/api/v1/company`)).json()) as { url: string };
      assert.equal(company.url, `http://localhost:${port}/about`);
      const card = (await (await fetch(`${server.url}/.well-known/mcp.json`)).json()) as Record<string, unknown>;
      assert.match(JSON.stringify(card), new RegExp(`"http://localhost:${port}/mcp"`));
      await server.waitFor(new RegExp(`"base_url":"http://localhost:${port}".*"msg":"vitrine is serving"`));
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal(await server.exited, 0, server.output());
  });

  test('a --port in use stops start-up with exit code 1 and one line naming PORT', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const run = await vitrine(['serve', 'test/fixtures/minimal', '--port', String(port), '--host', '127.0.0.1'], { LOG_LEVEL: 'silent' });
      assert.equal(run.code, 1);
      assert.equal(run.stderr, `vitrine: PORT: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`);
    } finally {
      busy.close();
    }
  });

  test('a content folder that cannot be served stops start-up with exit code 1', async () => {
    const run = await vitrine(['serve', 'test/fixtures/broken', '--port', '0'], { HOST: '127.0.0.1' });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^vitrine: content is invalid \(\d+ problems\):\n {2}broken\//);
  });
});

describe('vitrine export [DIR] OUT', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-commands-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const exported = /^vitrine: exported (\d+) answers of content version ([0-9a-f]+) for https:\/\/cdn\.example to (.+)\n$/;

  test('with OUT alone exports CONTENT_DIR; with DIR OUT exports DIR whatever CONTENT_DIR says', async () => {
    const one = await vitrine(['export', path.join(dir, 'one')], { CONTENT_DIR: MINIMAL, BASE_URL: 'https://cdn.example' });
    assert.equal(one.code, 0, one.stderr);
    const two = await vitrine(['export', 'test/fixtures/minimal', path.join(dir, 'two')], { CONTENT_DIR: BROKEN, BASE_URL: 'https://cdn.example' });
    assert.equal(two.code, 0, two.stderr);

    const [, count, version, target] = exported.exec(one.stdout) ?? [];
    assert.equal(target, path.join(dir, 'one'));
    assert.deepEqual(exported.exec(two.stdout)?.slice(1), [count, version, path.join(dir, 'two')]);
    const urls = async (folder: string) =>
      (JSON.parse(await readFile(path.join(dir, folder, 'vitrine-manifest.json'), 'utf8')) as { url: string; file: string }[]).map((answer) => [answer.url, answer.file]);
    assert.deepEqual(await urls('two'), await urls('one'));
    assert.equal((await urls('one')).length, Number(count));
  });

  test('an OUT that is a file exits 1 naming it', async () => {
    const run = await vitrine(['export', 'test/fixtures/minimal', 'package.json'], { BASE_URL: 'https://cdn.example' });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, `vitrine: DIR: ${path.join(ROOT, 'package.json')} is not a folder; export into a new or empty folder\n`);
  });
});
