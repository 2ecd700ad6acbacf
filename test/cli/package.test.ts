/**
 * The package `npm pack` makes, installed as a user installs it: into an
 * empty folder, from the tarball, and run with npx. It must work with
 * nothing of the repository around it: dist/vitrine.mjs holds every
 * dependency but sharp, so the manifest declares them as devDependencies
 * (npm installs none of those for a user) and sharp, which loads libvips
 * built for the user's platform, as its one dependency; the demo content,
 * the stylesheet and the message catalogs are found inside the package.
 *
 * The project is packed from a copy (its node_modules linked), so that the
 * build the pack runs never touches the checkout's dist/. npm runs offline
 * when it can (`--prefer-offline`): the package it installs needs nothing
 * from the registry.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, testCatalog } from '../helper.js';
import { vitrine } from '../process.js';

interface PackResult {
  readonly filename: string;
  readonly size: number;
  readonly files: readonly { readonly path: string }[];
}

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const MINUTE = 60_000;
const MANIFEST = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; files: string[]; dependencies: { sharp: string } };

/** What the build and the pack read besides the shipped folders (bin/cli.ts and src/ are bundled, scripts/ run by prepack). */
const BUILD_INPUTS = ['package.json', 'tsconfig.json', 'README.md', 'LICENSE', 'bin', 'src', 'scripts'];

/**
 * npm's settings from this environment (its cache, registry and user
 * config), without what a run under `npm test` says of the repository
 * (npm_package_*, npm_lifecycle_*, the repository as local prefix), and none
 * of vitrine's own variables: the installed command runs on its defaults.
 */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? os.homedir(),
    // npx runs the installed command, and never installs one it does not find.
    npm_config_yes: 'false',
  };
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_config_/i.test(name) && !/^npm_config_(local_prefix|prefix|yes)$/i.test(name)) env[name] = value;
  }
  return env;
}

function runIn(cwd: string, command: string, args: readonly string[], timeout = 2 * MINUTE): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: npmEnv(), timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

function assertRan(ran: Ran, what: string): void {
  assert.equal(ran.code, 0, `${what} failed:\n${ran.stdout}\n${ran.stderr}`);
}

describe('the package npm pack makes, installed into an empty folder', { timeout: 8 * MINUTE }, () => {
  let work: string;
  let project: string;
  let app: string;
  let packed: PackResult;
  let server: ChildProcess | undefined;
  let serverClosed: Promise<unknown> = Promise.resolve();
  let serverOutput = '';
  let url = '';

  before(
    async () => {
      work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-package-'));
      project = path.join(work, 'project');
      app = path.join(work, 'app');
      await mkdir(project);
      await mkdir(app);
      const shipped = MANIFEST.files.filter((entry) => !entry.startsWith('dist/')).map((entry) => entry.replace(/\/$/, ''));
      for (const entry of new Set([...BUILD_INPUTS, ...shipped])) {
        if (existsSync(path.join(ROOT, entry))) await cp(path.join(ROOT, entry), path.join(project, entry), { recursive: true });
      }
      await symlink(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');

      const pack = await runIn(project, 'npm', ['pack', '--json', '--pack-destination', work]);
      assertRan(pack, 'npm pack');
      [packed] = JSON.parse(pack.stdout) as [PackResult];
      const install = await runIn(app, 'npm', ['install', path.join(work, packed.filename), '--prefer-offline', '--no-audit', '--no-fund']);
      assertRan(install, 'npm install');
    },
    { timeout: 5 * MINUTE },
  );

  after(async () => {
    if (server?.pid !== undefined && server.exitCode === null && server.signalCode === null) {
      // npx runs the command under a shell: the whole process group is stopped.
      process.kill(-server.pid, 'SIGTERM');
      const kill = setTimeout(() => server?.pid !== undefined && process.kill(-server.pid, 'SIGKILL'), 15_000);
      await serverClosed;
      clearTimeout(kill);
    }
    if (work) await rm(work, { recursive: true, force: true });
  });

  test('ships the bundle, its stylesheet, browser script and catalogs, the launcher, the demo content, the README and the guides, and no sources, tests or source map', async () => {
    const files = packed.files.map((file) => file.path).sort();
    const allowed = /^(package\.json|README\.md|LICENSE|bin\/vitrine\.js|dist\/vitrine\.mjs|dist\/site\.css|dist\/webmcp\.js|dist\/messages\/[\w-]+\.yaml|docs\/[\w-]+\.md|(content|schemas|starter)\/.+)$/;
    assert.deepEqual(files.filter((file) => !allowed.test(file)), []);
    for (const file of ['package.json', 'README.md', 'bin/vitrine.js', 'dist/vitrine.mjs', 'dist/site.css', 'dist/webmcp.js', 'dist/messages/en.yaml', 'dist/messages/pt-BR.yaml', 'content/site.yaml', 'content/company.md', 'docs/authoring.md', 'docs/operating.md']) {
      assert.ok(files.includes(file), `${file} is missing from the tarball`);
    }
    // Every file of the content, schema, starter and docs folders the packed project has.
    for (const folder of ['content', 'schemas', 'starter', 'docs']) {
      if (!existsSync(path.join(project, folder))) continue;
      const inRepository = (await readdir(path.join(project, folder), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(project, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
      assert.deepEqual(files.filter((file) => file.startsWith(`${folder}/`)), inRepository, folder);
    }
    assert.equal(packed.filename, `vitrine-${MANIFEST.version}.tgz`);
  });

  test('its package.json lists one dependency a user installs: sharp, with the version the checkout builds against', async () => {
    const installed = JSON.parse(await readFile(path.join(app, 'node_modules', 'vitrine', 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(installed.dependencies, { sharp: MANIFEST.dependencies.sharp });
    for (const field of ['optionalDependencies', 'peerDependencies']) assert.equal(field in installed, false, field);
    assert.equal(installed.version, MANIFEST.version);
    assert.deepEqual(installed.bin, { vitrine: 'bin/vitrine.js' });
  });

  test('installs as itself and sharp with its prebuilt libvips for this platform, nothing else', async () => {
    const installed = (await readdir(path.join(app, 'node_modules'))).filter((name) => !name.startsWith('.'));
    // sharp's own dependencies (semver, detect-libc, @img/colour) come with it: the rest of the tree is sharp's.
    const sharpTree = JSON.parse(await readFile(path.join(app, 'node_modules', 'sharp', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const scoped = (await readdir(path.join(app, 'node_modules', '@img'))).sort();
    assert.deepEqual(installed.filter((name) => name !== '@img' && !(name in sharpTree.dependencies)).sort(), ['sharp', 'vitrine']);
    assert.ok(scoped.includes('sharp-linux-x64') && scoped.includes('sharp-libvips-linux-x64'), scoped.join(', '));
    assert.deepEqual(scoped.filter((name) => !name.startsWith('sharp-') && !(`@img/${name}` in sharpTree.dependencies)), []);
  });

  test('npx vitrine --version prints the version of package.json', async () => {
    const ran = await runIn(app, 'npx', ['vitrine', '--version']);
    assertRan(ran, 'npx vitrine --version');
    assert.equal(ran.stdout, `${MANIFEST.version}\n`);
  });

  test('npx vitrine --help prints the help the sources print', async () => {
    const ran = await runIn(app, 'npx', ['vitrine', '--help']);
    assertRan(ran, 'npx vitrine --help');
    const fromSources = await vitrine(['--help']);
    assert.equal(fromSources.code, 0);
    assert.equal(ran.stdout, fromSources.stdout);
    assert.match(ran.stdout, /^usage: vitrine <command> \[arguments\]\n/);
  });

  test('npx vitrine check on the installed demo content exits 0 with no error, warned only of the translations it lacks', async () => {
    const ran = await runIn(app, 'npx', ['vitrine', 'check', 'node_modules/vitrine/content']);
    assertRan(ran, 'npx vitrine check');
    assert.match(ran.stdout, /^\S+site\.yaml:\d+: warning: locales: pt-BR has no translation of 4 products, answered in en meanwhile; add [^\n]+\n0 errors, 1 warning in \d+ files\n$/);
  });

  /** `npx vitrine serve ...args` in the install folder, with `env` besides npm's, until it says where it listens; stopped by the test or `after`. */
  async function serveInstalled(args: readonly string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; waitFor: (pattern: RegExp) => Promise<RegExpExecArray> }> {
    serverOutput = '';
    const child = spawn('npx', ['vitrine', 'serve', ...args, '--port', '0', '--host', '127.0.0.1'], { cwd: app, env: { ...npmEnv(), ...env }, detached: true });
    server = child;
    serverClosed = new Promise((resolve) => child.on('close', resolve));
    const waiting = new Set<() => void>();
    const read = (chunk: Buffer) => {
      serverOutput += chunk.toString();
      for (const check of waiting) check();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    const waitFor = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`no line matching ${pattern} within 60 s; output:\n${serverOutput}`)), MINUTE);
        const onClose = (code: number | null) => done(new Error(`npx vitrine serve exited (${code}) before a line matched ${pattern}; output:\n${serverOutput}`));
        const check = () => {
          const found = pattern.exec(serverOutput);
          if (found) done(undefined, found);
        };
        function done(error: Error | undefined, found?: RegExpExecArray) {
          clearTimeout(timer);
          waiting.delete(check);
          child.off('close', onClose);
          if (found) resolve(found);
          else reject(error!);
        }
        waiting.add(check);
        child.on('close', onClose);
        check();
      });
    url = (await waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
    return { child, waitFor };
  }

  /** An MCP JSON-RPC request answered as JSON. */
  async function mcp(method: string, params: Record<string, unknown>): Promise<{ result: Record<string, unknown> }> {
    const response = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    assert.equal(response.status, 200);
    return (await response.json()) as { result: Record<string, unknown> };
  }

  test('npx vitrine serve serves the installed demo content: the site, the API and MCP', { timeout: 2 * MINUTE }, async () => {
    // An empty picture cache: the picture asked for below is made by the installed sharp, not found made.
    const pictures = path.join(work, 'pictures');
    const { child, waitFor } = await serveInstalled([], { IMAGE_CACHE_DIR: pictures });

    // The default content folder is the one inside the installed package.
    const content = await realpath(path.join(app, 'node_modules', 'vitrine', 'content'));
    await waitFor(/"msg":"vitrine is serving"/);
    assert.ok(serverOutput.includes(`"content":${JSON.stringify(content)}`), serverOutput);

    const home = await fetch(`${url}/`);
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('content-type'), 'text/html; charset=utf-8');
    const page = await home.text();
    assert.match(page, /^<!DOCTYPE html>/i);

    // A picture's AVIF variant, made by the sharp installed beside the package and kept in IMAGE_CACHE_DIR.
    const avif = /<source type="image\/avif" srcset="([^" ]+) 320w/.exec(page)?.[1];
    assert.ok(avif, 'the home page offers an AVIF picture');
    const picture = await fetch(`${url}${avif}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/avif');
    const bytes = Buffer.from(await picture.arrayBuffer());
    assert.equal(bytes.toString('latin1', 4, 12), 'ftypavif');
    assert.ok((await readdir(pictures, { recursive: true })).some((file) => file.endsWith('320w.avif')));

    // The stylesheet, read beside the bundle.
    const css = await fetch(`${url}/assets/site.css`);
    assert.equal(css.status, 200);
    assert.equal(await css.text(), await readFile(path.join(ROOT, 'src', 'site', 'site.css'), 'utf8'));
    // The WebMCP script, read beside the bundle and linked from every page under its hash.
    const script = /<script src="([^"]+)" data-tools="[^"]+" defer><\/script>/.exec(page)?.[1];
    assert.ok(script, 'the home page links its script');
    const js = await fetch(`${url}${script}`);
    assert.equal(js.status, 200);
    assert.equal(await js.text(), await readFile(path.join(ROOT, 'src', 'site', 'webmcp.js'), 'utf8'));

    const company = await fetch(`${url}/api/v1/company`);
    assert.equal(company.status, 200);
    assert.equal(company.headers.get('content-type'), 'application/json; charset=utf-8');
    const demo = (await testCatalog(content)).company;
    const body = (await company.json()) as { legal_name: string; trade_name: string };
    assert.deepEqual([body.legal_name, body.trade_name], [demo.legal_name, demo.trade_name]);

    const initialize = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1.0.0' } } }),
    });
    assert.equal(initialize.status, 200);
    const reply = (await initialize.json()) as { id: number; result: { protocolVersion: string; serverInfo: { version: string } } };
    assert.equal(reply.id, 1);
    assert.equal(reply.result.protocolVersion, '2025-06-18');
    assert.equal(reply.result.serverInfo.version, '1.0.0');

    // SIGTERM to npx's process group reaches the server, which stops gracefully.
    process.kill(-child.pid!, 'SIGTERM');
    await serverClosed;
    assert.match(serverOutput, /"msg":"stopped"/);
  });

  test('npx vitrine init site --locales en,es,de, then check and serve: a site, an API and an MCP server in three languages', { timeout: 3 * MINUTE }, async () => {
    const init = await runIn(app, 'npx', ['vitrine', 'init', 'site', '--locales', 'en,es,de', '--name', 'Acme Tools']);
    assertRan(init, 'npx vitrine init');
    // The modeline leads to the schema inside the installed package.
    const site = await readFile(path.join(app, 'site', 'site.yaml'), 'utf8');
    assert.match(site, /^# yaml-language-server: \$schema=\.\.\/node_modules\/vitrine\/schemas\/site\.schema\.json$/m);
    const check = await runIn(app, 'npx', ['vitrine', 'check', 'site']);
    assertRan(check, 'npx vitrine check site');
    assert.match(check.stdout, /^0 errors, \d+ warnings in 23 files$/m);
    assert.match(check.stdout, /site\/pages\/es\/index\.md:\d+: warning: TODO left: /);

    const { child } = await serveInstalled(['site']);
    for (const [path, lang, words] of [
      ['/', 'en', 'Skip to content'],
      ['/es', 'es', 'Saltar al contenido'],
      ['/de/privacy', 'de', 'Datenschutzerklärung'],
    ] as const) {
      const page = await fetch(`${url}${path}`);
      assert.equal(page.status, 200, path);
      const body = await page.text();
      assert.match(body, new RegExp(`<html lang="${lang}"`), path);
      assert.ok(body.includes(words), `${words} on ${path}`);
    }
    const products = (await (await fetch(`${url}/api/v1/products?locale=es`)).json()) as { total: number; items: { locale: string }[] };
    assert.deepEqual([products.total, products.items[0]?.locale], [1, 'es']);
    const posts = (await (await fetch(`${url}/api/v1/posts?locale=de`)).json()) as { total: number };
    assert.equal(posts.total, 1);

    const initialize = await mcp('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1.0.0' } });
    assert.equal((initialize.result.serverInfo as { version: string }).version, '1.0.0');
    const called = await mcp('tools/call', { name: 'get_page', arguments: { slug: 'about', locale: 'de' } });
    const page = called.result.structuredContent as { locale: string; title: string };
    assert.deepEqual([page.locale, page.title], ['de', 'Über Acme Tools']);

    process.kill(-child.pid!, 'SIGTERM');
    await serverClosed;
  });
});

describe('bin/vitrine.js with neither the sources nor the bundle beside it', () => {
  test('exits 1 with one line saying so, not a stack trace', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bare-'));
    try {
      await mkdir(path.join(dir, 'bin'));
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      await writeFile(path.join(dir, 'bin', 'vitrine.js'), await readFile(path.join(ROOT, 'bin', 'vitrine.js')));
      const ran = await new Promise<Ran>((resolve) => {
        execFile(process.execPath, [path.join(dir, 'bin', 'vitrine.js'), '--version'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, timeout: MINUTE }, (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
        });
      });
      assert.equal(ran.code, 1);
      assert.equal(ran.stdout, '');
      assert.equal(
        ran.stderr,
        'vitrine: this copy has neither its sources nor its bundle (dist/vitrine.mjs): reinstall the package, or run `npm run build` in a checkout\n',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
