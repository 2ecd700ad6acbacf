/**
 * The quota shared through a real Redis (REDIS_URL): redis-server processes on
 * free ports of 127.0.0.1, started and stopped here, and the real 600/60 s policy.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import type { App } from '../../src/app.js';
import { PUBLIC_READ, RateLimiter } from '../../src/http/rate-limit.js';
import { FallbackStore, RedisStore } from '../../src/http/redis-store.js';
import type { QuotaLogger } from '../../src/http/redis-store.js';
import { buildTestApp, listenTestApp } from '../helper.js';
import { assertExactQuotaUnderConcurrency, burst, get, range, remainingValues } from './burst.js';
import { RedisServer } from './redis-server.js';
import { freePort } from '../ports.js';

/** Every line a store logs, by level. */
class RecordingLogger implements QuotaLogger {
  readonly lines: { level: 'info' | 'warn'; message: string; details: object }[] = [];
  info(details: object, message: string): void {
    this.lines.push({ level: 'info', message, details });
  }
  warn(details: object, message: string): void {
    this.lines.push({ level: 'warn', message, details });
  }
  messages(level: 'info' | 'warn'): string[] {
    return this.lines.filter((line) => line.level === level).map((line) => line.message);
  }
}

/** An app whose shared store logs to `log` (buildApp logs to Fastify's logger, silent in tests). */
async function appWithLoggedStore(url: string, log: RecordingLogger, options: { commandTimeoutMs?: number; retryMs?: number } = {}): Promise<App> {
  const store = new FallbackStore(new RedisStore({ url, commandTimeoutMs: options.commandTimeoutMs }), log, undefined, options.retryMs);
  await store.start();
  return buildTestApp({ limiter: new RateLimiter(PUBLIC_READ, store) });
}

async function quotaStore(app: App): Promise<string> {
  return (await app.server.inject('/healthz')).json().quota.store;
}

/** Polls until `condition` holds: reconnection happens in the background. */
async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function injectMany(app: App, count: number, url = '/api/v1/health') {
  return Promise.all(Array.from({ length: count }, () => app.server.inject(url)));
}

const REDIS_DOWN = 'quota: Redis is unreachable; counting in this process until it returns';
const REDIS_BACK = 'quota: Redis is reachable again; counting in Redis, shared by every instance';

describe('shared quota in Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  let inspector: Redis;

  before(async () => {
    redis = await RedisServer.start();
    inspector = new Redis(redis.url, { lazyConnect: true });
    // Reconnects by itself after the outage tests; their errors are expected.
    inspector.on('error', () => {});
    await inspector.connect();
  });
  beforeEach(async () => {
    await inspector.flushall();
  });
  after(async () => {
    inspector.disconnect();
    await redis.stop();
  });

  test('two instances on two ports share one quota: 300 requests to each over 50 connections, then both answer 429', async () => {
    const env = { REDIS_URL: redis.url };
    const one = await listenTestApp({ env });
    const two = await listenTestApp({ env });
    try {
      assert.equal(await quotaStore(one), 'redis');
      const urls = Array.from({ length: 600 }, (_, index) => `${index % 2 === 0 ? one.url : two.url}/api/v1/health`);
      const answers = await burst(urls, 50);
      assert.deepEqual(
        answers.map((answer) => answer.status),
        Array.from({ length: 600 }, () => 200),
      );
      // Every request saw its own count: none was lost or counted twice across instances.
      assert.deepEqual(remainingValues(answers), range(600));
      for (const app of [one, two]) {
        const refused = await get(`${app.url}/api/v1/company`);
        assert.equal(refused.status, 429, app.url);
        assert.equal(refused.headers.ratelimit, `"public-read";r=0;t=${refused.headers['retry-after']}`);
      }
      // Counts live under the documented prefix, with the window's expiry.
      const key = 'vitrine:quota:public-read:127.0.0.1';
      assert.equal(await inspector.get(key), '602');
      const ttl = await inspector.pttl(key);
      assert.ok(ttl > 0 && ttl <= 60_000, `PTTL ${ttl}`);
    } finally {
      await one.server.close();
      await two.server.close();
    }
  });

  test('one instance: 600 requests over 50 concurrent connections are served, the 601st is 429', async () => {
    const app = await listenTestApp({ env: { REDIS_URL: redis.url } });
    try {
      await assertExactQuotaUnderConcurrency(app);
    } finally {
      await app.server.close();
    }
  });

  test('the first request of a window starts it in Redis: r=599;t=60, for every instance', async () => {
    const one = await buildTestApp({ env: { REDIS_URL: redis.url } });
    const two = await buildTestApp({ env: { REDIS_URL: redis.url } });
    try {
      const first = await one.server.inject('/api/v1');
      assert.equal(first.headers.ratelimit, '"public-read";r=599;t=60');
      const second = await two.server.inject('/api/v1');
      assert.equal(second.headers['ratelimit-remaining'], '598');
      assert.equal(await inspector.get('vitrine:quota:public-read:127.0.0.1'), '2');
    } finally {
      await one.server.close();
      await two.server.close();
    }
  });

  test('logs name the Redis without its credentials', async () => {
    const store = new RedisStore({ url: 'redis://quota:secret@127.0.0.1:1/2' });
    assert.equal(store.address, 'redis://127.0.0.1:1/2');
    await store.close();
  });

  test('each instance holds one connection to Redis and closes it when the app closes', async () => {
    const quotaConnections = async () => String(await inspector.client('LIST')).split('\n').filter((line) => line.includes(' name=vitrine-quota ')).length;
    const one = await buildTestApp({ env: { REDIS_URL: redis.url } });
    const two = await buildTestApp({ env: { REDIS_URL: redis.url } });
    assert.equal(await quotaConnections(), 2);
    await one.server.close();
    await two.server.close();
    await until('Redis has seen both connections close', async () => (await quotaConnections()) === 0);
  });

  test('Redis stopped: requests still succeed, counted locally, with one warning; Redis back: sharing resumes', async () => {
    const logOne = new RecordingLogger();
    const logTwo = new RecordingLogger();
    const one = await appWithLoggedStore(redis.url, logOne);
    const two = await appWithLoggedStore(redis.url, logTwo);
    try {
      await injectMany(one, 10);
      assert.equal((await two.server.inject('/api/v1')).headers['ratelimit-remaining'], '589', 'shared before the outage');

      await redis.stop();
      const during = await injectMany(one, 50);
      assert.deepEqual(
        during.map((response) => response.statusCode),
        Array.from({ length: 50 }, () => 200),
      );
      // Counted by this instance alone from the switch on.
      assert.equal((await one.server.inject('/api/v1')).headers['ratelimit-remaining'], '549');
      assert.equal((await two.server.inject('/api/v1')).statusCode, 200);
      assert.equal(await quotaStore(one), 'memory-fallback');
      assert.equal(await quotaStore(two), 'memory-fallback');
      assert.deepEqual(logOne.messages('warn'), [REDIS_DOWN], 'one warning, not one per request');
      assert.deepEqual(logTwo.messages('warn'), [REDIS_DOWN]);

      await redis.restart();
      await until('both instances count in Redis again', async () => (await quotaStore(one)) === 'redis' && (await quotaStore(two)) === 'redis');
      assert.deepEqual(logOne.messages('warn'), [REDIS_DOWN], 'still one warning');
      assert.equal(logOne.messages('info').filter((message) => message === REDIS_BACK).length, 1, 'one line on the return');

      // The restarted Redis is empty: 300 requests to each instance use up one shared quota.
      const shared = [...(await injectMany(one, 300)), ...(await injectMany(two, 300))];
      assert.deepEqual(
        shared.map((response) => response.statusCode),
        Array.from({ length: 600 }, () => 200),
      );
      assert.equal((await one.server.inject('/api/v1')).statusCode, 429);
      assert.equal((await two.server.inject('/api/v1')).statusCode, 429);
    } finally {
      await one.server.close();
      await two.server.close();
      if (!redis.running) await redis.restart();
    }
  });

  test('an app configured with an unreachable REDIS_URL starts, serves, and reports memory-fallback', async () => {
    const app = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
    try {
      const response = await app.server.inject('/api/v1');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers.ratelimit, '"public-read";r=599;t=60');
      assert.equal(await quotaStore(app), 'memory-fallback');
    } finally {
      await app.server.close();
    }
  });

  test('a Redis that stops answering is given up after the command timeout, with one warning, and used again once it answers', async () => {
    const log = new RecordingLogger();
    const app = await appWithLoggedStore(redis.url, log, { commandTimeoutMs: 100, retryMs: 50 });
    try {
      assert.equal((await app.server.inject('/api/v1')).headers['ratelimit-remaining'], '599');
      redis.pause();
      const during = await injectMany(app, 20);
      assert.deepEqual(
        during.map((response) => response.statusCode),
        Array.from({ length: 20 }, () => 200),
      );
      assert.equal(await quotaStore(app), 'memory-fallback');
      assert.equal(log.messages('warn').length, 1);
      assert.match(JSON.stringify(log.lines.at(-1)?.details), /Command timed out/);

      redis.resume();
      // The connection never closed, so only a request can find Redis answering again.
      await until('counts go to Redis again', async () => {
        await app.server.inject('/api/v1');
        return (await quotaStore(app)) === 'redis';
      });
      assert.deepEqual(log.messages('warn'), [REDIS_DOWN]);
      assert.equal(log.messages('info').filter((message) => message === REDIS_BACK).length, 1);
    } finally {
      redis.resume();
      await app.server.close();
    }
  });

  test('an instance started while Redis is down serves from memory, reports it, and joins Redis when it starts', async () => {
    await redis.stop();
    const log = new RecordingLogger();
    const app = await appWithLoggedStore(redis.url, log);
    try {
      assert.equal((await app.server.inject('/api/v1')).headers['ratelimit-remaining'], '599');
      assert.equal((await app.server.inject('/api/v1')).headers['ratelimit-remaining'], '598');
      assert.equal(await quotaStore(app), 'memory-fallback');
      assert.deepEqual(log.messages('warn'), [REDIS_DOWN]);
      assert.match(JSON.stringify(log.lines[0]?.details), /ECONNREFUSED/);

      await redis.restart();
      await until('the instance counts in Redis', async () => (await quotaStore(app)) === 'redis');
      assert.equal((await app.server.inject('/api/v1')).headers['ratelimit-remaining'], '599', 'counting restarts in Redis');
      assert.equal(await inspector.get('vitrine:quota:public-read:127.0.0.1'), '1');
      assert.deepEqual(log.messages('warn'), [REDIS_DOWN]);
    } finally {
      await app.server.close();
    }
  });
});
