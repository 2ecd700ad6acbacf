/**
 * A site mounted under a path prefix behind nginx: BASE_URL is
 * `http://127.0.0.1:<port>/site`, nginx passes `/site/...` on to one instance
 * without the prefix, and every link, picture, stylesheet, form and feed the
 * HTML prints must still lead somewhere under the prefix. Real processes on
 * loopback, bounded in requests and time, stopped by the test.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from '../helper.js';
import { freePort } from '../ports.js';
import { get, nginxBinary, startNginx } from './nginx.js';
import type { ServerProcess } from '../process.js';
import { startServer } from '../process.js';


const NGINX = nginxBinary();
/** How many links of the crawl are followed at most: the demo has fewer. */
const MAX_LINKS = 400;



/** Every URL an HTML page points at: links, pictures, stylesheets, icons, forms. */
function targetsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

describe('a site mounted under /site behind nginx', { skip: NGINX === undefined && 'nginx is not installed' }, () => {
  let work: string;
  let instance: ServerProcess;
  let nginx: ChildProcess;
  let origin: string;
  let base: string;

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-prefix-'));
    const [port, listen] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${listen}`;
    base = `${origin}/site`;
    instance = await startServer({ CONTENT_DIR: path.join(ROOT, 'content'), PORT: String(port), BASE_URL: base, LOG_LEVEL: 'info' });
    const prefix = path.join(work, 'nginx');
    await mkdir(path.join(prefix, 'logs'), { recursive: true });
    await chmod(work, 0o755);
    nginx = await startNginx(
      prefix,
      `daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${listen};
    # The prefix is stripped: the instance sees /products for /site/products.
    location /site/ { proxy_pass http://127.0.0.1:${port}/; proxy_set_header Host $http_host; }
    location = /site { return 301 /site/; }
    location / { return 404; }
  }
}
`,
      `${base}/healthz`,
    );
  });

  after(async () => {
    nginx?.kill('SIGTERM');
    instance?.child.kill('SIGTERM');
    await instance?.exited;
    await rm(work, { recursive: true, force: true });
  });

  test('every link, picture, stylesheet and form of the pages a visitor reaches from the home page answers, under the prefix', async () => {
    const seen = new Set<string>();
    const queue = [`${base}/`];
    const failures: string[] = [];
    while (queue.length > 0 && seen.size < MAX_LINKS) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const answer = await get(url);
      if (answer.status !== 200) failures.push(`${url}: ${answer.status}`);
      if (!String(answer.headers['content-type']).startsWith('text/html')) continue;
      for (const target of targetsOf(answer.body)) {
        if (target.startsWith('#') || target.startsWith('mailto:') || target.startsWith('tel:')) continue;
        const resolved = new URL(target, url);
        if (resolved.origin !== origin) continue;
        assert.ok(resolved.pathname.startsWith('/site/') || resolved.pathname === '/site', `${url} links ${target}, outside the prefix`);
        resolved.hash = '';
        if (!seen.has(resolved.href)) queue.push(resolved.href);
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(seen.size > 30, `only ${seen.size} URLs were reached`);
  });

  test('the API, the markdown mirrors and the discovery documents print URLs under the prefix', async () => {
    const index = JSON.parse((await get(`${base}/api/v1`)).body) as { resources: Record<string, string>; mcp_url: string };
    for (const url of [...Object.values(index.resources), index.mcp_url]) assert.ok(url.startsWith(`${base}/`), url);
    const products = JSON.parse((await get(`${base}/api/v1/products`)).body) as { items: { url: string; markdown_url: string }[] };
    for (const product of products.items) {
      assert.ok(product.url.startsWith(`${base}/products/`), product.url);
      assert.equal((await get(product.markdown_url)).status, 200, product.markdown_url);
    }
    const mirror = await get(`${base}/about`, { accept: 'text/markdown' });
    assert.equal(mirror.status, 200);
    assert.equal(mirror.headers['content-location'], '/site/md/about.md');
    assert.equal((await get(`${base}/llms.txt`)).status, 200);
    const sitemap = (await get(`${base}/sitemap.xml`)).body;
    for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) assert.ok(loc!.startsWith(base), loc);
  });

  test('a trailing slash redirects to the page under the prefix', async () => {
    const answer = await get(`${base}/about/`);
    assert.equal(answer.status, 301);
    assert.equal(answer.headers.location, '/site/about');
  });

  test('an instance reached with the prefix still in the path answers the same', async () => {
    const direct = await get(`${instance.url}/site/about`);
    const proxied = await get(`${base}/about`);
    assert.equal(direct.status, 200);
    assert.equal(direct.body, proxied.body);
  });
});
