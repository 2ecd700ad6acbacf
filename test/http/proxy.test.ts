/**
 * The client address the quota counts: the socket's
 * peer, unless TRUST_PROXY names the proxies whose X-Forwarded-For is believed.
 * Which address was counted shows in RateLimit-Remaining: each address has its
 * own window of 600.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { App } from '../../src/app.js';
import { buildTestApp } from '../helper.js';

async function withApp(env: Record<string, string>, run: (app: App) => Promise<void>): Promise<void> {
  const app = await buildTestApp({ env });
  try {
    await run(app);
  } finally {
    await app.server.close();
  }
}

/** RateLimit-Remaining after one request from `peer`, claiming `forwardedFor` if given. */
async function remaining(app: App, peer: string, forwardedFor?: string): Promise<number> {
  const response = await app.server.inject({
    url: '/api/v1',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  assert.equal(response.statusCode, 200);
  return Number(response.headers['ratelimit-remaining']);
}

describe('TRUST_PROXY unset: X-Forwarded-For is never believed', () => {
  test('a client that sends a new X-Forwarded-For on each request is still counted by its own address', async () => {
    await withApp({}, async (app) => {
      assert.equal(await remaining(app, '203.0.113.7', '198.51.100.1'), 599);
      assert.equal(await remaining(app, '203.0.113.7', '198.51.100.2'), 598);
      assert.equal(await remaining(app, '203.0.113.7', '198.51.100.3, 10.0.0.1'), 597);
      assert.equal(await remaining(app, '203.0.113.7'), 596);
    });
  });

  test('a spoofing client is refused after 600 requests like any other', async () => {
    await withApp({}, async (app) => {
      for (let index = 0; index < 600; index++) {
        await app.server.inject({ url: '/api/v1', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': `198.51.100.${index % 250}` } });
      }
      const refused = await app.server.inject({ url: '/api/v1', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '192.0.2.99' } });
      assert.equal(refused.statusCode, 429);
    });
  });
});

describe('TRUST_PROXY with addresses', () => {
  test('X-Forwarded-For is believed from a listed proxy address, and not from anyone else', async () => {
    await withApp({ TRUST_PROXY: '10.0.0.1' }, async (app) => {
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.1'), 599);
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.2'), 599, 'another client behind the proxy has its own quota');
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.1'), 598);
      assert.equal(await remaining(app, '10.0.0.1'), 599, "the proxy's own requests are the proxy's");
      // An untrusted peer claiming to be 198.51.100.1 is counted as itself.
      assert.equal(await remaining(app, '203.0.113.7', '198.51.100.1'), 599);
      assert.equal(await remaining(app, '203.0.113.7', '198.51.100.1'), 598);
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.1'), 597, '198.51.100.1 was not charged for them');
    });
  });

  test('a client cannot spoof through a trusted proxy: only the address the proxy appended counts', async () => {
    await withApp({ TRUST_PROXY: '10.0.0.1' }, async (app) => {
      // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
      assert.equal(await remaining(app, '10.0.0.1', '6.6.6.6, 198.51.100.1'), 599);
      assert.equal(await remaining(app, '10.0.0.1', '7.7.7.7, 198.51.100.1'), 598);
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.1'), 597);
    });
  });

  test('a CIDR trusts every proxy in it, and a chain of trusted proxies is walked back to the client', async () => {
    await withApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }, async (app) => {
      assert.equal(await remaining(app, '10.20.30.40', '198.51.100.1'), 599);
      assert.equal(await remaining(app, '10.99.0.1', '198.51.100.1, 192.168.1.1'), 598);
    });
  });

  test('the named range loopback trusts a proxy on the same host', async () => {
    await withApp({ TRUST_PROXY: 'loopback' }, async (app) => {
      assert.equal(await remaining(app, '127.0.0.1', '198.51.100.1'), 599);
      assert.equal(await remaining(app, '127.0.0.1', '198.51.100.2'), 599);
      assert.equal(await remaining(app, '::1', '198.51.100.1'), 598);
    });
  });

  test('each client behind the proxy is refused on its own 601st request, the others still served', async () => {
    await withApp({ TRUST_PROXY: '10.0.0.1' }, async (app) => {
      const from = (client: string) => ({ url: '/api/v1', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
      for (let index = 0; index < 600; index++) await app.server.inject(from('198.51.100.1'));
      assert.equal((await app.server.inject(from('198.51.100.1'))).statusCode, 429);
      assert.equal((await app.server.inject(from('198.51.100.2'))).statusCode, 200);
    });
  });
});

describe('TRUST_PROXY as a hop count', () => {
  test('1 believes the address the one proxy appended, whatever the client put before it', async () => {
    await withApp({ TRUST_PROXY: '1' }, async (app) => {
      assert.equal(await remaining(app, '10.0.0.1', '1.1.1.1, 198.51.100.9'), 599);
      assert.equal(await remaining(app, '10.0.0.1', '2.2.2.2, 198.51.100.9'), 598);
      assert.equal(await remaining(app, '10.0.0.2', '198.51.100.9'), 597);
    });
  });

  test('2 believes two proxies: the address the outer proxy appended', async () => {
    await withApp({ TRUST_PROXY: '2' }, async (app) => {
      assert.equal(await remaining(app, '10.0.0.1', '1.1.1.1, 198.51.100.9, 172.16.0.5'), 599);
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.9, 172.16.0.6'), 598);
    });
  });

  test('0 believes no proxy, like the default', async () => {
    await withApp({ TRUST_PROXY: '0' }, async (app) => {
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.1'), 599);
      assert.equal(await remaining(app, '10.0.0.1', '198.51.100.2'), 598);
    });
  });
});
