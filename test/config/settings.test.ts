import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Config } from '../../src/config/config.js';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/config/parse.js';
import type { SettingName } from '../../src/config/settings.js';
import { SETTING_NAMES, SETTINGS, settingsTable, TABLE_END, TABLE_START, withSettingsTable } from '../../src/config/settings.js';
import { ROOT } from '../helper.js';

const OPERATING = path.join(ROOT, 'docs', 'operating.md');
const ANNOUNCED = { DEPRECATION_DATE: '2027-01-01', SUNSET_DATE: '2027-07-01', SUCCESSOR_URL: '/api/v2' };

/**
 * How each setting shows that loadConfig reads it: a value it refuses naming
 * the variable, or (for a free-form setting) a value that reaches the Config.
 * A Record, so a new declaration without its probe does not type-check.
 */
type Probe = { readonly refused: Record<string, string> } | { readonly accepted: Record<string, string>; readonly reaches: (config: Config) => unknown; readonly expected: unknown };

const PROBES: Record<SettingName, Probe> = {
  PORT: { refused: { PORT: 'http' } },
  HOST: { accepted: { HOST: '0.0.0.0' }, reaches: (config) => config.host, expected: '0.0.0.0' },
  BASE_URL: { refused: { BASE_URL: 'ftp://example.com' } },
  CONTENT_DIR: { accepted: { CONTENT_DIR: '/srv/content' }, reaches: (config) => config.contentDir, expected: '/srv/content' },
  CONTENT_GIT: { refused: { CONTENT_GIT: '--upload-pack=touch /tmp/x' } },
  CONTENT_GIT_BRANCH: { refused: { CONTENT_GIT: '/srv/site.git', CONTENT_GIT_BRANCH: 'main..next' } },
  CONTENT_GIT_POLL_S: { refused: { CONTENT_GIT: '/srv/site.git', CONTENT_GIT_POLL_S: '0' } },
  CONTENT_HOOK_SECRET: { accepted: { CONTENT_GIT: '/srv/site.git', CONTENT_HOOK_SECRET: 's3cret' }, reaches: (config) => config.contentGit?.hookSecret, expected: 's3cret' },
  TRUST_PROXY: { refused: { TRUST_PROXY: 'yes' } },
  REDIS_URL: { refused: { REDIS_URL: 'http://cache:6379' } },
  LOG_LEVEL: { refused: { LOG_LEVEL: 'loud' } },
  RATE_LIMIT_REQUESTS: { refused: { RATE_LIMIT_REQUESTS: '0' } },
  RATE_LIMIT_WINDOW_S: { refused: { RATE_LIMIT_WINDOW_S: 'a minute' } },
  ANSWER_CACHE_MB: { refused: { ANSWER_CACHE_MB: '-1' } },
  METRICS_PORT: { refused: { METRICS_PORT: '70000' } },
  METRICS_HOST: { accepted: { METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }, reaches: (config) => config.metricsHost, expected: '0.0.0.0' },
  DEPRECATION_DATE: { refused: { ...ANNOUNCED, DEPRECATION_DATE: 'someday' } },
  SUNSET_DATE: { refused: { ...ANNOUNCED, SUNSET_DATE: '2027-02-30' } },
  SUCCESSOR_URL: { refused: { ...ANNOUNCED, SUCCESSOR_URL: 'ftp://example.com/v2' } },
  MAX_CONNECTIONS: { refused: { MAX_CONNECTIONS: 'many' } },
  HEADERS_TIMEOUT_MS: { refused: { HEADERS_TIMEOUT_MS: '1.5' } },
  REQUEST_TIMEOUT_MS: { refused: { REQUEST_TIMEOUT_MS: '0' } },
  KEEP_ALIVE_TIMEOUT_MS: { refused: { KEEP_ALIVE_TIMEOUT_MS: '5s' } },
  MCP_ALLOWED_ORIGINS: { refused: { MCP_ALLOWED_ORIGINS: 'https://app.example.com/path' } },
  IMAGE_CACHE_DIR: { accepted: { IMAGE_CACHE_DIR: '/srv/pictures' }, reaches: (config) => config.imageCacheDir, expected: path.resolve('/srv/pictures') },
  IMAGE_MAX_MEGAPIXELS: { refused: { IMAGE_MAX_MEGAPIXELS: '0' } },
  IMAGE_MAX_MB: { refused: { IMAGE_MAX_MB: 'lots' } },
};

describe('every declared setting is read by loadConfig', () => {
  for (const name of SETTING_NAMES) {
    const probe = PROBES[name];
    if ('refused' in probe) {
      test(`a bad ${name} stops it with a ConfigError naming ${name}`, () => {
        assert.throws(
          () => loadConfig(probe.refused),
          (error: unknown) => error instanceof ConfigError && error.variable === name && error.message.startsWith(`${name}: `),
        );
      });
    } else {
      test(`${name} reaches the Config`, () => {
        assert.deepEqual(probe.reaches(loadConfig(probe.accepted)), probe.expected);
        assert.notDeepEqual(probe.reaches(loadConfig({})), probe.expected);
      });
    }
  }
});

describe('the declarations', () => {
  test('name the variables once each, in capitals', () => {
    assert.equal(new Set(SETTING_NAMES).size, SETTING_NAMES.length);
    for (const name of SETTING_NAMES) assert.match(name, /^[A-Z][A-Z0-9_]*$/);
  });

  test('each has a one-line summary, a default and a meaning that fit one table row', () => {
    for (const name of SETTING_NAMES) {
      const { summary, default: fallback, meaning } = SETTINGS[name];
      for (const [field, text] of Object.entries({ summary, default: fallback, meaning })) {
        assert.ok(text.trim() !== '' && text === text.trim(), `${name}'s ${field} is empty or padded`);
        assert.ok(!text.includes('\n'), `${name}'s ${field} spans lines`);
        assert.ok(!text.includes('|'), `${name}'s ${field} holds a | that would split its table row`);
      }
    }
  });

  test("every relative link of a meaning reaches a file of docs/", () => {
    for (const name of SETTING_NAMES) {
      for (const [, target = ''] of SETTINGS[name].meaning.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        assert.ok(existsSync(path.join(ROOT, 'docs', target)), `${name} links to ${target}, not a file of docs/`);
      }
    }
  });
});

describe('the Configuration table of docs/operating.md', () => {
  test('is the one the declarations make (npm run docs:settings writes it)', async () => {
    const markdown = await readFile(OPERATING, 'utf8');
    assert.equal(markdown.split(TABLE_START).length, 2, `one ${TABLE_START} in docs/operating.md`);
    assert.equal(markdown.split(TABLE_END).length, 2, `one ${TABLE_END} in docs/operating.md`);
    assert.equal(withSettingsTable(markdown), markdown, 'docs/operating.md differs from the declarations: run npm run docs:settings');
  });

  test('lists every setting, one row each, in the declarations\' order', () => {
    const rows = settingsTable().split('\n').slice(2);
    assert.deepEqual(
      rows.map((row) => /^\| `([A-Z0-9_]+)` \|/.exec(row)?.[1]),
      SETTING_NAMES,
    );
  });

  test('is rewritten between the markers, whatever stood there', () => {
    const written = withSettingsTable(`# Title\n\n${TABLE_START}\nold text\n${TABLE_END}\n\nafter\n`);
    assert.ok(written.startsWith(`# Title\n\n${TABLE_START}\n`));
    assert.ok(written.endsWith(`${TABLE_END}\n\nafter\n`));
    assert.ok(written.includes(settingsTable()));
    assert.ok(!written.includes('old text'));
    assert.throws(() => withSettingsTable('# No markers\n'), /settings:start/);
  });
});
