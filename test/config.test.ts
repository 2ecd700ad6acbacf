import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../src/config/config.js';
import { ConfigError } from '../src/config/parse.js';
import { vitrine } from './process.js';

/** loadConfig(env) must refuse with a ConfigError naming `variable`. */
function assertRefused(env: Record<string, string>, variable: string, message: RegExp): void {
  assert.throws(
    () => loadConfig(env),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
      assert.equal(error.variable, variable);
      assert.ok(error.message.startsWith(`${variable}: `), error.message);
      assert.match(error.message, message);
      return true;
    },
  );
}

const ANNOUNCED = { DEPRECATION_DATE: '2027-01-01', SUNSET_DATE: '2027-07-01', SUCCESSOR_URL: '/api/v2' };

describe('TRUST_PROXY', () => {
  const accepted: [string | undefined, unknown][] = [
    [undefined, false],
    ['', false],
    ['false', false],
    ['FALSE', false],
    ['true', true],
    ['0', 0],
    ['1', 1],
    ['3', 3],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8', ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']],
    ['loopback,linklocal,uniquelocal', ['loopback', 'linklocal', 'uniquelocal']],
    ['0.0.0.0/0', ['0.0.0.0/0']],
  ];
  for (const [value, expected] of accepted) {
    test(`${value === undefined ? 'unset' : JSON.stringify(value)} means ${JSON.stringify(expected)}`, () => {
      const config = loadConfig(value === undefined ? {} : { TRUST_PROXY: value });
      assert.deepEqual(config.trustProxy, expected);
    });
  }

  for (const value of ['proxy.example', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', ',', 'yes', '-1', '99999999999999999999']) {
    test(`${JSON.stringify(value)} is refused naming TRUST_PROXY`, () => {
      assertRefused({ TRUST_PROXY: value }, 'TRUST_PROXY', /./);
    });
  }
});

describe('REDIS_URL', () => {
  test('unset counts in memory: no redisUrl', () => {
    assert.equal(loadConfig({}).redisUrl, undefined);
  });

  for (const value of ['redis://127.0.0.1:6379', 'rediss://user:secret@cache.example:6380/2']) {
    test(`${value} is kept as given`, () => {
      assert.equal(loadConfig({ REDIS_URL: value }).redisUrl, value);
    });
  }

  for (const value of ['localhost:6379', 'http://cache.example', 'redis:// host']) {
    test(`${JSON.stringify(value)} is refused naming REDIS_URL`, () => {
      assertRefused({ REDIS_URL: value }, 'REDIS_URL', /must be a redis:\/\/ or rediss:\/\/ URL/);
    });
  }
});

describe('deprecation settings', () => {
  test('unset: the version is current', () => {
    assert.equal(loadConfig({}).deprecation, undefined);
  });

  test('all three set: the dates as instants and the successor as an absolute URL', () => {
    assert.deepEqual(loadConfig({ ...ANNOUNCED, BASE_URL: 'https://example.com' }).deprecation, {
      date: new Date('2027-01-01T00:00:00Z'),
      sunset: new Date('2027-07-01T00:00:00Z'),
      successor: 'https://example.com/api/v2',
    });
  });

  test('a sunset exactly 180 days after the deprecation is accepted', () => {
    const config = loadConfig({ DEPRECATION_DATE: '2027-01-01T12:00:00+02:00', SUNSET_DATE: '2027-06-30T10:00:00Z', SUCCESSOR_URL: '/api/v2' });
    assert.equal(config.deprecation?.sunset.getTime(), new Date('2027-06-30T10:00:00Z').getTime());
  });

  test('a sunset one second short of 180 days is refused naming SUNSET_DATE', () => {
    assertRefused(
      { DEPRECATION_DATE: '2027-01-01T00:00:00Z', SUNSET_DATE: '2027-06-29T23:59:59Z', SUCCESSOR_URL: '/api/v2' },
      'SUNSET_DATE',
      /^SUNSET_DATE: must be at least 180 days after DEPRECATION_DATE \(it is 179\)$/,
    );
  });

  test('a sunset earlier than the deprecation is refused naming SUNSET_DATE', () => {
    assertRefused(
      { ...ANNOUNCED, SUNSET_DATE: '2026-12-31' },
      'SUNSET_DATE',
      /^SUNSET_DATE: must not be earlier than DEPRECATION_DATE \(2027-01-01\)$/,
    );
  });

  test('a sunset on the deprecation date is refused naming SUNSET_DATE', () => {
    assertRefused({ ...ANNOUNCED, SUNSET_DATE: '2027-01-01' }, 'SUNSET_DATE', /at least 180 days after DEPRECATION_DATE \(it is 0\)/);
  });

  const partial: [Record<string, string>, string, RegExp][] = [
    [{ DEPRECATION_DATE: '2027-01-01' }, 'SUNSET_DATE', /must be set when DEPRECATION_DATE is/],
    [{ DEPRECATION_DATE: '2027-01-01', SUCCESSOR_URL: '/api/v2' }, 'SUNSET_DATE', /must be set when DEPRECATION_DATE is/],
    [{ DEPRECATION_DATE: '2027-01-01', SUNSET_DATE: '2027-07-01' }, 'SUCCESSOR_URL', /must be set when DEPRECATION_DATE is/],
    [{ SUNSET_DATE: '2027-07-01' }, 'DEPRECATION_DATE', /must be set when SUNSET_DATE or SUCCESSOR_URL is/],
    [{ SUCCESSOR_URL: '/api/v2' }, 'DEPRECATION_DATE', /must be set when SUNSET_DATE or SUCCESSOR_URL is/],
  ];
  for (const [env, variable, message] of partial) {
    test(`${Object.keys(env).join(' and ')} without the rest is refused naming ${variable}`, () => {
      assertRefused(env, variable, message);
    });
  }

  const badDates = ['next year', '01/07/2027', '2027-1-1', '2027-02-30', '2027-13-01', '2027-00-10', '2027-01-01T24:00:00Z', '2027-01-01T10:60:00Z', '2027-01-01T10:00:00', '2027-01-01T10:00:00+25:00'];
  for (const value of badDates) {
    test(`DEPRECATION_DATE ${JSON.stringify(value)} is refused naming it`, () => {
      assertRefused({ ...ANNOUNCED, DEPRECATION_DATE: value }, 'DEPRECATION_DATE', /must be a date \(2027-06-30\) or an RFC 3339 date-time/);
    });
  }

  test('a malformed SUNSET_DATE is refused naming it', () => {
    assertRefused({ ...ANNOUNCED, SUNSET_DATE: '2027-06-31' }, 'SUNSET_DATE', /must be a date/);
  });

  test('a leap day is a date', () => {
    assert.equal(loadConfig({ ...ANNOUNCED, DEPRECATION_DATE: '2028-02-29', SUNSET_DATE: '2028-12-31' }).deprecation?.date.toISOString(), '2028-02-29T00:00:00.000Z');
  });

  for (const value of ['api/v2', 'javascript:alert(1)', 'ftp://files.example/v2', '//elsewhere.example/v2', 'https://']) {
    test(`SUCCESSOR_URL ${JSON.stringify(value)} is refused naming it`, () => {
      assertRefused({ ...ANNOUNCED, SUCCESSOR_URL: value }, 'SUCCESSOR_URL', /must be an http\(s\) URL or a path such as \/api\/v2/);
    });
  }

  test('an absolute SUCCESSOR_URL is kept; a path goes under BASE_URL, its prefix kept', () => {
    assert.equal(loadConfig({ ...ANNOUNCED, SUCCESSOR_URL: 'https://api.example.com/v2' }).deprecation?.successor, 'https://api.example.com/v2');
    assert.equal(loadConfig({ ...ANNOUNCED, BASE_URL: 'https://example.com/site/' }).deprecation?.successor, 'https://example.com/site/api/v2');
  });
});

describe('picture settings', () => {
  test('unset: 40 megapixels, 30 MB, and made pictures kept under the system temporary folder', () => {
    const config = loadConfig({});
    assert.deepEqual(config.pictureLimits, { maxPixels: 40_000_000, maxBytes: 30 * 1024 * 1024 });
    assert.equal(config.imageCacheDir, path.join(os.tmpdir(), 'vitrine-images'));
  });

  test('IMAGE_MAX_MEGAPIXELS and IMAGE_MAX_MB take whole numbers; IMAGE_CACHE_DIR is made absolute', () => {
    const config = loadConfig({ IMAGE_MAX_MEGAPIXELS: '24', IMAGE_MAX_MB: '8', IMAGE_CACHE_DIR: 'cache/pictures' });
    assert.deepEqual(config.pictureLimits, { maxPixels: 24_000_000, maxBytes: 8 * 1024 * 1024 });
    assert.equal(config.imageCacheDir, path.resolve('cache/pictures'));
    assertRefused({ IMAGE_MAX_MEGAPIXELS: '0' }, 'IMAGE_MAX_MEGAPIXELS', /^IMAGE_MAX_MEGAPIXELS: must be a whole number of at least 1, got "0"$/);
    assertRefused({ IMAGE_MAX_MB: '2.5' }, 'IMAGE_MAX_MB', /^IMAGE_MAX_MB: must be a whole number of at least 1, got "2\.5"$/);
  });

  test('an IMAGE_CACHE_DIR that cannot be a folder stops start-up with one line naming it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-config-'));
    try {
      const file = path.join(dir, 'a-file');
      await writeFile(file, '');
      const ran = await vitrine(['serve', '--port', '0'], { IMAGE_CACHE_DIR: path.join(file, 'pictures') });
      assert.equal(ran.code, 1);
      assert.equal(ran.stderr, `vitrine: configuration: IMAGE_CACHE_DIR: is not a folder: ${path.join(file, 'pictures')}\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
