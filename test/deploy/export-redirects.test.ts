/**
 * The redirects of redirects.yaml in `vitrine export`'s nginx include,
 * served by real nginx (bench/nginx.conf) on loopback: each old address
 * answers through nginx the status and Location the server answers, under a
 * BASE_URL with a path prefix, and the pages stay pages.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadCatalog } from '../../src/content/load.js';
import type { Service } from '../../src/http/service.js';
import { buildTestApp, exchange, FIXTURES, ROOT } from '../helper.js';
import { nginxBinary, serveExport } from './nginx.js';

const NGINX = nginxBinary();
const BASE = 'https://vitrine.example/site';

const REDIRECTS = `
- { from: /quem-somos, to: /about }
- { from: /2013/01/11/receita-antiga/, to: /blog/receita-de-broa }
- { from: "/?p=12", to: /blog/receita-de-broa }
- { from: "/?page_id=7&lang=pt", to: /about, status: 308 }
- { from: /loja, to: /products/pao-de-queijo, status: 302 }
- { from: /promo, to: "https://example.org/promo?x=1", status: 307 }
- { from: "/arquivo?cat=3", to: /blog }
- { from: "/velho?sort-by=x", to: /blog }
- { from: /about, to: /blog }
`;

describe('redirects in an export served by nginx', { skip: NGINX === undefined && 'nginx is not installed' }, () => {
  let work: string;
  let exported: string;
  let nginx: ChildProcess;
  let origin: string;
  let server: Service;

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-export-redirects-'));
    const content = path.join(work, 'minimal');
    await cp(path.join(FIXTURES, 'minimal'), content, { recursive: true });
    await writeFile(path.join(content, 'redirects.yaml'), REDIRECTS);
    exported = path.join(work, 'export');
    const run = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'vitrine.js'), 'export', content, exported], { env: { ...process.env, BASE_URL: BASE }, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    ({ server } = await buildTestApp({ catalog: await loadCatalog({ dir: content, baseUrl: BASE }), env: { BASE_URL: BASE }, checkOpenApi: false }));
    ({ nginx, origin } = await serveExport(work, exported, '/about'));
  });

  after(async () => {
    nginx?.kill('SIGTERM');
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** What nginx answers `url`, and what the server answers it, as [status, Location]. */
  async function both(url: string): Promise<[readonly [number, unknown], readonly [number, unknown]]> {
    const [viaNginx, viaServer] = await Promise.all([exchange(`${origin}${url}`), server.inject(url)]);
    return [
      [viaNginx.status, viaNginx.headers.location],
      [viaServer.statusCode, viaServer.headers.location],
    ];
  }

  test('every old address answers through nginx the status and Location the server answers, the prefix kept', async () => {
    const expected: [string, number, string][] = [
      ['/quem-somos', 301, '/site/about'],
      ['/quem-somos/', 301, '/site/about'],
      ['/2013/01/11/receita-antiga/', 301, '/site/blog/receita-de-broa'],
      ['/2013/01/11/receita-antiga', 301, '/site/blog/receita-de-broa'],
      ['/?p=12', 301, '/site/blog/receita-de-broa'],
      ['/?p=12&utm_source=x', 301, '/site/blog/receita-de-broa'],
      ['/?lang=pt&page_id=7', 308, '/site/about'],
      ['/loja', 302, '/site/products/pao-de-queijo'],
      ['/promo', 307, 'https://example.org/promo?x=1'],
      ['/arquivo?cat=3', 301, '/site/blog'],
    ];
    for (const [url, status, location] of expected) {
      const [viaNginx, viaServer] = await both(url);
      assert.deepEqual(viaNginx, [status, location], `${url} through nginx`);
      assert.deepEqual(viaServer, [status, location], `${url} from the server`);
    }
  });

  test('a redirect through nginx is no-store, carries the server\'s CORS and nosniff headers and none of the page\'s validators, as from the server', async () => {
    for (const url of ['/?p=12', '/quem-somos']) {
      const [viaNginx, viaServer] = await Promise.all([exchange(`${origin}${url}`), server.inject(url)]);
      assert.equal(viaNginx.headers['cache-control'], 'no-store', url);
      assert.equal(viaServer.headers['cache-control'], 'no-store', url);
      assert.equal(viaNginx.headers.etag, undefined, url);
      assert.equal(viaServer.headers.etag, undefined, url);
      for (const name of ['access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options']) {
        assert.ok(viaServer.headers[name], `${url}: the server sends ${name}`);
        assert.equal(viaNginx.headers[name], viaServer.headers[name], `${url}: ${name} through nginx`);
      }
    }
  });

  test('the pages stay pages: the home page without the query, another query, a page that is also an old address', async () => {
    for (const url of ['/', '/?p=13', '/?page_id=7', '/about']) {
      const [viaNginx, viaServer] = await both(url);
      assert.deepEqual(viaNginx, [200, undefined], `${url} through nginx`);
      assert.deepEqual(viaServer, [200, undefined], `${url} from the server`);
    }
  });

  test('a path only a query sends on is a 404 without it; a parameter nginx cannot name is written down as not carried', async () => {
    assert.equal((await exchange(`${origin}/arquivo?cat=4`)).status, 404);
    const include = await readFile(path.join(exported, 'nginx-locations.conf'), 'utf8');
    assert.match(include, /# not carried: \/velho\?sort-by=x \(nginx has no \$arg_ variable for the parameter "sort-by"\)/);
    const uncounted = await readFile(path.join(exported, 'nginx-uncounted-locations.conf'), 'utf8');
    assert.match(uncounted, /location = "\/quem-somos" \{\n {4}absolute_redirect off;\n {4}add_header access-control-allow-origin "\*" always; .*add_header cache-control "no-store" always; return 301 "\/site\/about";\n\}/);
    // Where running instances answer the rest, a path only a query sends on is left to them.
    assert.doesNotMatch(uncounted, /location = "\/arquivo"/);
  });
});
