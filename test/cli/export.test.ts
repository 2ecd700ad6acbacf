import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PreparedUrl } from '../../src/prepare-ahead.js';
import type { ExportedAnswer } from '../../src/export.js';
import { exportAnswers, MANIFEST } from '../../src/export.js';
import { buildTestApp, FIXTURES, ROOT, testCatalog } from '../helper.js';

const run = promisify(execFile);
const CLI = path.join(ROOT, 'bin', 'vitrine.js');
const BASE = 'https://cdn.example';
const CONTENT = path.join(FIXTURES, 'minimal');

function vitrine(args: string[]) {
  return run(process.execPath, [CLI, ...args], { env: { ...process.env, CONTENT_DIR: CONTENT, BASE_URL: BASE }, timeout: 60_000 });
}

describe('vitrine export OUT', () => {
  let dir: string;
  let manifest: ExportedAnswer[];

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-export-'));
    const { stdout } = await vitrine(['export', path.join(dir, 'site')]);
    assert.match(stdout, /^vitrine: exported \d+ answers of content version [0-9a-f]+ for https:\/\/cdn\.example to /);
    manifest = JSON.parse(await readFile(path.join(dir, 'site', MANIFEST), 'utf8')) as ExportedAnswer[];
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('writes every answer the routes declare, each file byte for byte the body the app serves', async () => {
    const catalog = await testCatalog(CONTENT, BASE);
    const app = await buildTestApp({ catalog, env: { BASE_URL: BASE } });
    const local = await mkdtemp(path.join(os.tmpdir(), 'vitrine-export-'));
    try {
      const answers: PreparedUrl[] = [];
      for await (const entry of app.prepareAll(catalog)) answers.push(entry);
      const declared = app.declared(catalog);
      const written = await exportAnswers(declared.answers(), declared.urls, local);
      // The command writes the same URLs (its own load of the content: the health example's load time may differ).
      assert.deepEqual(
        manifest.map((a) => [a.url, a.accept, a.file]),
        written.map((a) => [a.url, a.accept, a.file]),
      );
      const exported = (accept: string | undefined) => written.filter((a) => a.accept === accept).map((a) => a.url);
      assert.deepEqual(exported(undefined), answers.map((entry) => entry.url));
      assert.deepEqual(exported('text/markdown'), answers.filter((entry) => entry.markdown).map((entry) => entry.url));
      for (const answer of written) {
        const headers: Record<string, string> = answer.accept ? { accept: answer.accept } : {};
        const response = await app.server.inject({ method: 'GET', url: answer.url, headers });
        const body = await readFile(path.join(local, answer.file));
        assert.ok(body.equals(response.rawPayload), answer.url);
        assert.equal(Object.fromEntries(answer.headers).etag, response.headers.etag, answer.url);
        assert.equal(Object.fromEntries(answer.headers)['content-type'], response.headers['content-type'], answer.url);
        if (answer.gzip) assert.ok(gunzipSync(await readFile(path.join(local, answer.gzip.file))).equals(body), answer.url);
        if (answer.br) assert.ok(brotliDecompressSync(await readFile(path.join(local, answer.br.file))).equals(body), answer.url);
        // One strong validator, one set of bytes: a compressed file is the form the service writes under the same tag.
        for (const coding of ['gzip', 'br'] as const) {
          const form = answer[coding];
          if (!form) continue;
          const served = await app.server.inject({ method: 'GET', url: answer.url, headers: { ...headers, 'accept-encoding': coding } });
          assert.equal(served.headers.etag, form.etag, `${answer.url} in ${coding}`);
          assert.ok(served.rawPayload.equals(await readFile(path.join(local, form.file))), `${answer.url} in ${coding}`);
        }
      }
      // The command loaded the same content on its own: a file with the same
      // bytes has the same validator, and one whose bytes differ (the health
      // record's load time) another one.
      for (const answer of manifest) {
        const twin = written.find((other) => other.url === answer.url && other.accept === answer.accept)!;
        const same = (await readFile(path.join(dir, 'site', answer.file))).equals(await readFile(path.join(local, twin.file)));
        const etags = [Object.fromEntries(answer.headers).etag, Object.fromEntries(twin.headers).etag];
        assert.ok(etags[0]?.startsWith('"'), answer.url);
        assert.equal(etags[0] === etags[1], same, `${answer.url}: ${etags.join(' ')}`);
      }
    } finally {
      await app.server.close();
      await rm(local, { recursive: true, force: true });
    }
  });

  test('lays the files out as URL paths, a URL with others under it as its folder\'s index file', () => {
    const fileOf = (url: string, accept?: string) => manifest.find((a) => a.url === url && a.accept === accept)?.file;
    assert.equal(fileOf('/'), 'index.html');
    assert.equal(fileOf('/api/v1'), 'api/v1/index.json');
    assert.equal(fileOf('/api/v1/products'), 'api/v1/products/index.json');
    assert.equal(fileOf('/api/v1/products/pao-de-queijo'), 'api/v1/products/pao-de-queijo');
    assert.equal(fileOf('/md/company.md'), 'md/company.md');
    assert.equal(fileOf('/blog'), 'blog/index.html');
    assert.equal(fileOf('/about', 'text/markdown'), '_markdown/about');
    assert.equal(manifest.find((a) => a.url === '/')?.gzip?.file, 'index.html.gz');
    // A body too short to gain from compression has no compressed file.
    assert.equal(manifest.find((a) => a.url === '/api/v1/products/pao-de-queijo')?.gzip, undefined);
    // The quota is per client and per request: no file carries it.
    assert.ok(manifest.every((a) => a.headers.every(([name]) => !name.startsWith('ratelimit'))));
  });

  test('writes the headers for Netlify and Cloudflare Pages and an nginx include', async () => {
    const headers = await readFile(path.join(dir, 'site', '_headers'), 'utf8');
    assert.match(headers, /^\/api\/v1\/company\n {2}access-control-allow-origin: \*\n/m);
    const nginx = await readFile(path.join(dir, 'site', 'nginx-locations.conf'), 'utf8');
    assert.match(nginx, /location = "\/api\/v1\/company" \{\n(?: {4}.*\n)* {4}default_type "application\/json; charset=utf-8";\n/);
    assert.match(nginx, /location = "\/about" \{\n {4}if \(\$vitrine_markdown\) \{ rewrite \^ "\/_markdown\/about" last; \}/);
  });

  test('refuses a folder that is not empty, and a command it does not know', async () => {
    const full = path.join(dir, 'full');
    await mkdir(full);
    await writeFile(path.join(full, 'stale'), 'x');
    await assert.rejects(vitrine(['export', full]), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr, /^vitrine: DIR: .* is not empty; export into a new or empty folder\n$/);
      return true;
    });
    await assert.rejects(vitrine(['publish']), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 2);
      assert.equal(error.stderr, 'vitrine: unknown command publish\nusage: vitrine <init|serve|check|export|import|help> [arguments] | vitrine --help | vitrine --version\n');
      return true;
    });
  });
});
