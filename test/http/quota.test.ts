import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MemoryStore, PUBLIC_READ, RateLimiter } from '../../src/http/rate-limit.js';
import { buildTestApp, listenTestApp } from '../helper.js';
import { assertExactQuotaUnderConcurrency } from './burst.js';

/** The real policy (600 per 60 s) on a clock the test moves. */
function clockedLimiter(start: number) {
  const clock = { now: start };
  return { clock, limiter: new RateLimiter(PUBLIC_READ, new MemoryStore(), () => clock.now) };
}

function quotaHeaders(headers: Record<string, unknown>) {
  return {
    ratelimit: headers.ratelimit,
    'ratelimit-policy': headers['ratelimit-policy'],
    'ratelimit-limit': headers['ratelimit-limit'],
    'ratelimit-remaining': headers['ratelimit-remaining'],
    'ratelimit-reset': headers['ratelimit-reset'],
    'retry-after': headers['retry-after'],
  };
}

describe('quota header math (fixed window of 600 requests per 60 s)', () => {
  test('r, RateLimit-Remaining, t, RateLimit-Reset and Retry-After say exactly what is left of the window', async () => {
    const start = 1_800_000_000_000;
    const { clock, limiter } = clockedLimiter(start);
    const app = await buildTestApp({ limiter });
    try {
      const first = await app.server.inject('/api/v1');
      assert.equal(first.statusCode, 200);
      assert.deepEqual(quotaHeaders(first.headers), {
        ratelimit: '"public-read";r=599;t=60',
        'ratelimit-policy': '"public-read";q=600;w=60',
        'ratelimit-limit': '600',
        'ratelimit-remaining': '599',
        'ratelimit-reset': '60',
        'retry-after': undefined,
      });

      // 42.8 s are left: t rounds up, so a client that waits t seconds finds the window over.
      clock.now = start + 17_200;
      const second = await app.server.inject('/api/v1/products');
      assert.equal(second.headers.ratelimit, '"public-read";r=598;t=43');
      assert.equal(second.headers['ratelimit-reset'], '43');

      for (let count = 3; count < 600; count++) await app.server.inject('/api/v1/company');
      const last = await app.server.inject('/api/v1/company');
      assert.equal(last.statusCode, 200, 'the 600th request is served');
      assert.equal(last.headers.ratelimit, '"public-read";r=0;t=43');

      const refused = await app.server.inject('/api/v1/company');
      assert.equal(refused.statusCode, 429, 'the 601st request is refused');
      assert.deepEqual(quotaHeaders(refused.headers), {
        ratelimit: '"public-read";r=0;t=43',
        'ratelimit-policy': '"public-read";q=600;w=60',
        'ratelimit-limit': '600',
        'ratelimit-remaining': '0',
        'ratelimit-reset': '43',
        'retry-after': '43',
      });
      assert.equal(refused.headers['cache-control'], 'no-store');
      assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.deepEqual(refused.json(), {
        type: 'http://vitrine.test/developers#rate_limited',
        title: 'Too Many Requests',
        status: 429,
        code: 'rate_limited',
        detail: 'The quota of 600 requests per 60 seconds for your address is used up.',
        hint: 'Wait the number of seconds the Retry-After header gives, then call again; pace later calls with the RateLimit header.',
        instance: '/api/v1/company',
      });

      // Refused requests do not move the window: one millisecond before its end, 1 s is left.
      clock.now = start + 59_999;
      const stillRefused = await app.server.inject('/api/v1');
      assert.equal(stillRefused.statusCode, 429);
      assert.equal(stillRefused.headers.ratelimit, '"public-read";r=0;t=1');
      assert.equal(stillRefused.headers['retry-after'], '1');

      clock.now = start + 60_000;
      const renewed = await app.server.inject('/api/v1');
      assert.equal(renewed.statusCode, 200, 'a new window opens when t has passed');
      assert.equal(renewed.headers.ratelimit, '"public-read";r=599;t=60');
    } finally {
      await app.server.close();
    }
  });

  test('each client address has its own window', async () => {
    const { limiter } = clockedLimiter(1_800_000_000_000);
    const app = await buildTestApp({ limiter });
    try {
      await app.server.inject({ url: '/api/v1', remoteAddress: '192.0.2.1' });
      const first = await app.server.inject({ url: '/api/v1', remoteAddress: '192.0.2.1' });
      const other = await app.server.inject({ url: '/api/v1', remoteAddress: '192.0.2.2' });
      assert.equal(first.headers['ratelimit-remaining'], '598');
      assert.equal(other.headers['ratelimit-remaining'], '599');
    } finally {
      await app.server.close();
    }
  });

  test('304s and errors are counted; CORS preflights are told the quota without being counted; /healthz and the site are not', async () => {
    const app = await buildTestApp();
    try {
      const ok = await app.server.inject('/api/v1/products');
      assert.equal(ok.headers['ratelimit-remaining'], '599');
      const notModified = await app.server.inject({ url: '/api/v1/products', headers: { 'if-none-match': String(ok.headers.etag) } });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.headers['ratelimit-remaining'], '598');
      const preflight = await app.server.inject({ method: 'OPTIONS', url: '/mcp' });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['ratelimit-remaining'], '598');
      const missing = await app.server.inject('/api/v1/products/nothing-here');
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.headers['ratelimit-remaining'], '597');

      const healthz = await app.server.inject('/healthz');
      assert.equal(healthz.statusCode, 200);
      assert.equal(healthz.headers['ratelimit-remaining'], undefined);
      const site = await app.server.inject('/md/index.md');
      assert.equal(site.headers['ratelimit-remaining'], undefined);
      assert.equal((await app.server.inject('/api/v1')).headers['ratelimit-remaining'], '596');
    } finally {
      await app.server.close();
    }
  });
});

describe('quota under concurrency (counted in memory)', () => {
  test('600 requests over 50 concurrent connections are served, each told a different remainder; the 601st is 429', async () => {
    const app = await listenTestApp();
    try {
      await assertExactQuotaUnderConcurrency(app);
    } finally {
      await app.server.close();
    }
  });
});

describe('health record: quota', () => {
  test('without REDIS_URL the health record says the quota is counted in memory', async () => {
    const app = await buildTestApp();
    try {
      for (const url of ['/api/v1/health', '/healthz']) {
        const response = await app.server.inject(url);
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json().quota, { policy: 'public-read', limit: 600, window_seconds: 60, window: 'fixed', store: 'memory' });
      }
    } finally {
      await app.server.close();
    }
  });
});
