import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

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
