/**
 * bench/nginx.conf, the complete nginx file docs/deploying.md shows for serving a
 * `vitrine export` (and `npm run bench` measures), run for real on loopback
 * over an export of the minimal content: every answer it serves is the
 * exported file with the exported headers, the gzip twin to a client that
 * takes it, a site page's markdown twin to one that asks for markdown.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import type { ExportedAnswer } from '../../src/export.js';
import { MANIFEST } from '../../src/export.js';
import { exchange, FIXTURES, ROOT } from '../helper.js';
import { nginxBinary, serveExport } from './nginx.js';

const NGINX = nginxBinary();

describe('an export served by nginx (bench/nginx.conf)', { skip: NGINX === undefined && 'nginx is not installed' }, () => {
  let work: string;
  let exported: string;
  let manifest: ExportedAnswer[];
  let nginx: ChildProcess;
  let origin: string;

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-static-'));
    exported = path.join(work, 'export');
    const run = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'vitrine.js'), 'export', exported], {
      env: { ...process.env, CONTENT_DIR: path.join(FIXTURES, 'minimal'), BASE_URL: 'https://vitrine.example' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    manifest = JSON.parse(await readFile(path.join(exported, MANIFEST), 'utf8')) as ExportedAnswer[];
    ({ nginx, origin } = await serveExport(work, exported, manifest.find((answer) => answer.accept === undefined)!.url));
  });

  after(async () => {
    nginx?.kill('SIGTERM');
    await rm(work, { recursive: true, force: true });
  });

  test('every exported answer is served as its file, with its headers, its own Content-Type and ETag only', async () => {
    assert.ok(manifest.length > 20, `the export holds ${manifest.length} answers`);
    for (const answer of manifest) {
      const got = await exchange(`${origin}${answer.url}`, answer.accept ? { accept: answer.accept } : {});
      const label = `${answer.url}${answer.accept ? ` (Accept: ${answer.accept})` : ''}`;
      assert.equal(got.status, 200, label);
      assert.deepEqual(got.body, await readFile(path.join(exported, answer.file)), label);
      for (const [name, value] of answer.headers) assert.equal(got.headers[name.toLowerCase()], value, `${label}: ${name}`);
      const named = (wanted: string) => got.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === wanted).length;
      assert.equal(named('content-type'), 1, `${label}: one Content-Type`);
      assert.equal(named('etag'), 1, `${label}: one ETag`);
    }
  });

  test('a client that takes gzip gets the gzip twin, which holds the same bytes', async () => {
    const twin = manifest.find((answer) => answer.gzip !== undefined && answer.accept === undefined);
    assert.ok(twin, 'the export has a gzip twin');
    const got = await exchange(`${origin}${twin.url}`, { 'accept-encoding': 'gzip' });
    assert.equal(got.status, 200);
    assert.equal(got.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(got.body), await readFile(path.join(exported, twin.file)));
  });
});
