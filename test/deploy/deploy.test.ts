/**
 * The deployment of deploy/nginx.conf, run for real on loopback: redis-server,
 * two instances sharing the quota through it (REDIS_URL, TRUST_PROXY=loopback)
 * and nginx in front of them. Bounded in requests and time; everything is
 * stopped by the test.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIXTURES, ROOT } from '../helper.js';
import { RedisServer } from '../http/redis-server.js';
import { freePort } from '../ports.js';
import { get, nginxBinary, startNginx } from './nginx.js';
import type { ServerProcess } from '../process.js';
import { startServer } from '../process.js';


const NGINX = nginxBinary();
const QUOTA = 20;



describe('two instances and Redis behind nginx (deploy/nginx.conf)', { skip: NGINX === undefined && 'nginx is not installed' }, () => {
  let work: string;
  let redis: RedisServer;
  let instances: ServerProcess[] = [];
  let ports: number[] = [];
  let nginx: ChildProcess;
  let proxy: string;

  const startInstance = async (port: number): Promise<ServerProcess> =>
    startServer({
      CONTENT_DIR: path.join(FIXTURES, 'minimal'),
      PORT: String(port),
      BASE_URL: 'https://vitrine.example',
      REDIS_URL: redis.url,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_REQUESTS: String(QUOTA),
      LOG_LEVEL: 'info',
    });

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-deploy-'));
    redis = await RedisServer.start();
    ports = [await freePort(), await freePort()];
    instances = await Promise.all(ports.map(startInstance));
    const listen = await freePort();
    const prefix = path.join(work, 'nginx');
    await mkdir(prefix);
    // The export nginx serves the site from, made with the instances' settings (llms.txt states the quota).
    const exported = path.join(work, 'export');
    const run = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'vitrine.js'), 'export', exported], {
      env: { ...process.env, CONTENT_DIR: path.join(FIXTURES, 'minimal'), BASE_URL: 'https://vitrine.example', RATE_LIMIT_REQUESTS: String(QUOTA) },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    // nginx's worker runs as an unprivileged user: it must be able to read the export.
    await chmod(work, 0o755);
    const conf = (await readFile(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8'))
      .replaceAll('@PREFIX@', prefix)
      .replaceAll('@LISTEN@', `127.0.0.1:${listen}`)
      .replaceAll('@INSTANCE_A@', `127.0.0.1:${ports[0]}`)
      .replaceAll('@INSTANCE_B@', `127.0.0.1:${ports[1]}`)
      .replaceAll('@EXPORT@', exported);
    proxy = `http://127.0.0.1:${listen}`;
    nginx = await startNginx(prefix, conf, `${proxy}/healthz`);
  });

  after(async () => {
    nginx?.kill('SIGTERM');
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    await redis?.stop();
    await rm(work, { recursive: true, force: true });
  });

  test('both instances serve /healthz, and report Redis as the quota store', async () => {
    for (const port of ports) {
      const health = await get(`http://127.0.0.1:${port}/healthz`);
      assert.equal(health.status, 200, String(port));
      assert.equal((JSON.parse(health.body) as { quota: { store: string } }).quota.store, 'redis');
    }
  });

  test('a client has one exact quota across both instances, counted under its own address, not the proxy\'s', async () => {
    const client = { 'x-forwarded-for': '203.0.113.10' };
    const remaining: string[] = [];
    for (let i = 0; i < QUOTA; i += 1) {
      const answer = await get(`${proxy}/api/v1/company`, client);
      assert.equal(answer.status, 200);
      remaining.push(String(answer.headers['ratelimit-remaining']));
    }
    // nginx alternates the instances; the count is one.
    assert.deepEqual(remaining, Array.from({ length: QUOTA }, (_, i) => String(QUOTA - 1 - i)));
    const refused = await get(`${proxy}/api/v1/company`, client);
    assert.equal(refused.status, 429);
    assert.equal((JSON.parse(refused.body) as { code: string }).code, 'rate_limited');
    // Another client behind the same proxy has its whole quota.
    const other = await get(`${proxy}/api/v1/company`, { 'x-forwarded-for': '203.0.113.11' });
    assert.equal(other.status, 200);
    assert.equal(other.headers['ratelimit-remaining'], String(QUOTA - 1));
  });

  test('an instance stopped and started again under load loses no request that nginx could retry', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const statuses = new Map<string, number>();
    let sent = 0;
    let stopping = false;
    const deadline = Date.now() + 6_000;
    const worker = async () => {
      while (Date.now() < deadline && sent < 20_000) {
        sent += 1;
        // Each request from its own address: the quota is not what this measures.
        const client = `198.51.${(sent >> 8) % 256}.${sent % 256}`;
        let key: string;
        try {
          key = String((await get(`${proxy}/api/v1/products`, { 'x-forwarded-for': client }, agent)).status);
        } catch (error) {
          key = `error ${(error as Error).message}`;
        }
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, worker));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // A deploy: the first instance stops gracefully, then starts again on its port.
    stopping = true;
    const [first] = instances;
    first!.child.kill('SIGTERM');
    assert.equal(await first!.exited, 0, first!.output());
    instances[0] = await startInstance(ports[0]!);
    await load;
    agent.destroy();
    assert.ok(stopping);
    assert.ok(sent > 500, `only ${sent} requests were sent`);
    assert.deepEqual([...statuses.keys()], ['200'], `every answer a 200: ${JSON.stringify(Object.fromEntries(statuses))}`);
  });

  test('nginx answers the site from the export, the same bytes an instance answers; the API always from an instance', async () => {
    for (const [url, headers] of [['/about', {}], ['/about', { accept: 'text/markdown' }], ['/md/company.md', {}], ['/llms.txt', {}]] as const) {
      const [viaNginx, fromInstance] = await Promise.all([get(`${proxy}${url}`, headers), get(`http://127.0.0.1:${ports[1]}${url}`, headers)]);
      assert.equal(viaNginx.status, 200, url);
      assert.equal(viaNginx.body, fromInstance.body, url);
      assert.equal(viaNginx.headers.etag, fromInstance.headers.etag, url);
      assert.equal(viaNginx.headers['content-type'], fromInstance.headers['content-type'], url);
    }
    // With every instance stopped, the site is still served; what the quota counts is not.
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    assert.equal((await get(`${proxy}/about`)).status, 200);
    assert.equal((await get(`${proxy}/md/company.md`)).status, 200);
    assert.equal((await get(`${proxy}/api/v1/company`)).status, 502);
  });
});
