import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/config/parse.js';

/** The limit and /mcp origin settings, read like every other: one line naming the variable. */

const refuses = (env: Record<string, string>, message: string) =>
  assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && error.message === message);

test('the limits default to 1000 connections, a 10 s head, a 30 s request and a 72 s keep-alive', () => {
  const config = loadConfig({});
  assert.equal(config.maxConnections, 1000);
  assert.equal(config.headersTimeoutMs, 10_000);
  assert.equal(config.requestTimeoutMs, 30_000);
  assert.equal(config.keepAliveTimeoutMs, 72_000);
  assert.deepEqual(config.mcpAllowedOrigins, []);
});

test('MAX_CONNECTIONS and the timeouts take whole numbers of at least 1', () => {
  const config = loadConfig({ MAX_CONNECTIONS: '64', HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '65000' });
  assert.deepEqual([config.maxConnections, config.headersTimeoutMs, config.requestTimeoutMs, config.keepAliveTimeoutMs], [64, 2000, 5000, 65_000]);
  refuses({ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS: must be a whole number of at least 1, got "0"');
  refuses({ MAX_CONNECTIONS: 'many' }, 'MAX_CONNECTIONS: must be a whole number of at least 1, got "many"');
  refuses({ REQUEST_TIMEOUT_MS: '1.5' }, 'REQUEST_TIMEOUT_MS: must be a whole number of at least 1, got "1.5"');
  refuses({ KEEP_ALIVE_TIMEOUT_MS: '-1' }, 'KEEP_ALIVE_TIMEOUT_MS: must be a whole number of at least 1, got "-1"');
  refuses({ HEADERS_TIMEOUT_MS: '99999999999999999999' }, 'HEADERS_TIMEOUT_MS: must be a whole number of at least 1, got "99999999999999999999"');
});

test('HEADERS_TIMEOUT_MS may not exceed REQUEST_TIMEOUT_MS, and defaults to no more than it', () => {
  refuses({ HEADERS_TIMEOUT_MS: '40000' }, 'HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (30000), got "40000"');
  assert.equal(loadConfig({ REQUEST_TIMEOUT_MS: '4000' }).headersTimeoutMs, 4000);
});

test('MCP_ALLOWED_ORIGINS takes "*" or a comma-separated list of origins', () => {
  assert.equal(loadConfig({ MCP_ALLOWED_ORIGINS: '*' }).mcpAllowedOrigins, '*');
  assert.deepEqual(loadConfig({ MCP_ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:5173' }).mcpAllowedOrigins, [
    'https://app.example.com',
    'http://localhost:5173',
  ]);
  refuses({ MCP_ALLOWED_ORIGINS: 'https://app.example.com/path' }, 'MCP_ALLOWED_ORIGINS: must be "*" or comma-separated origins such as https://app.example.com (no path); "https://app.example.com/path" is not one');
  refuses({ MCP_ALLOWED_ORIGINS: 'app.example.com' }, 'MCP_ALLOWED_ORIGINS: must be "*" or comma-separated origins such as https://app.example.com (no path); "app.example.com" is not one');
  refuses({ MCP_ALLOWED_ORIGINS: ',' }, 'MCP_ALLOWED_ORIGINS: lists no origin');
});

test('the quota, the answer cache and the metrics listener are settings like the others', () => {
  const defaults = loadConfig({});
  assert.deepEqual(defaults.rateLimit, { requests: 600, windowSeconds: 60 });
  assert.equal(defaults.answerCacheBytes, 32 * 1024 * 1024);
  assert.equal(defaults.metricsPort, undefined);
  assert.equal(defaults.metricsHost, '127.0.0.1');
  const set = loadConfig({ RATE_LIMIT_REQUESTS: '1200', RATE_LIMIT_WINDOW_S: '30', ANSWER_CACHE_MB: '8', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
  assert.deepEqual([set.rateLimit.requests, set.rateLimit.windowSeconds, set.answerCacheBytes, set.metricsPort, set.metricsHost], [1200, 30, 8 * 1024 * 1024, 9464, '0.0.0.0']);
  refuses({ RATE_LIMIT_REQUESTS: '0' }, 'RATE_LIMIT_REQUESTS: must be a whole number of at least 1, got "0"');
  refuses({ RATE_LIMIT_WINDOW_S: 'minute' }, 'RATE_LIMIT_WINDOW_S: must be a whole number of at least 1, got "minute"');
  refuses({ ANSWER_CACHE_MB: '0.5' }, 'ANSWER_CACHE_MB: must be a whole number of at least 1, got "0.5"');
  refuses({ METRICS_PORT: '70000' }, 'METRICS_PORT: must be a whole number from 0 to 65535, got "70000"');
});

test('a configured quota is the one every answer states', async () => {
  const { buildTestApp } = await import('../helper.js');
  const app = await buildTestApp({ env: { RATE_LIMIT_REQUESTS: '5', RATE_LIMIT_WINDOW_S: '10' } });
  try {
    const response = await app.server.inject('/api/v1/company');
    assert.equal(response.headers['ratelimit-policy'], '"public-read";q=5;w=10');
    assert.equal(response.headers['ratelimit-limit'], '5');
    assert.equal(response.headers['ratelimit-remaining'], '4');
    const openapi = (await app.server.inject('/openapi.json')).body;
    assert.match(openapi, /5 requests per 10 s per client address/);
    assert.doesNotMatch(openapi, /600 requests/);
    assert.match((await app.server.inject('/auth.md')).body, /5 requests per\n10 seconds/);
    assert.match((await app.server.inject('/developers')).body, /5 requests per 10 seconds/);
    assert.match((await app.server.inject('/llms.txt')).body, /5 requests per 10 s per client address/);
    const health = (await app.server.inject('/api/v1/health')).json() as { quota: { limit: number; window_seconds: number } };
    assert.deepEqual([health.quota.limit, health.quota.window_seconds], [5, 10]);
  } finally {
    await app.server.close();
  }
});
