import path from 'node:path';
import { DEFAULT_IMAGE_CACHE_DIR, DEFAULT_MAX_MB, DEFAULT_MAX_MEGAPIXELS } from '../media/pictures.js';
import { DEFAULT_CONTENT_DIR } from './package.js';
import { MINIMUM_NOTICE_DAYS, parseAllowedOrigins, parseBaseUrl, parseGitBranch, parseGitRemote, parseLogLevel, parsePort, parseRedisUrl, parseTrustProxy, parseWholeNumber } from './parse.js';

/**
 * Every setting the environment carries, declared once: loadConfig reads each
 * through its `read`, `vitrine help serve` prints its `summary`, and the
 * "Configuration" table of docs/operating.md is made from its `default` and
 * `meaning` (scripts/settings-table.js writes it; a test fails while the file
 * differs). The order is the order the help and the table list them in.
 */

/** How a variable's value becomes a setting: the value trimmed, undefined when unset or empty; `name` for the error. */
export type Reader<T> = (value: string | undefined, name: string) => T;

export interface Setting<T> {
  /** The default, in the words of the docs table (markdown). */
  readonly default: string;
  /** One line for `--help`, its default in parentheses. */
  readonly summary: string;
  /** The docs table's cell (markdown; links are relative to docs/). */
  readonly meaning: string;
  /** How loadConfig reads the value: a parser of parse.ts, or the value itself when another setting decides what it means. */
  readonly read: Reader<T>;
}

/** Keeps each declaration's own value type, so loadConfig's combining step is typed. */
function declare<T>(setting: Setting<T>): Setting<T> {
  return setting;
}

/** The value as given, else `fallback`. */
function orDefault(fallback: string): Reader<string> {
  return (value) => value ?? fallback;
}

/** The value as given; what it means is decided with other settings (the deprecation trio). */
const asGiven: Reader<string | undefined> = (value) => value;

/** A whole number of at least 1, else `fallback` (undefined when the default follows from another setting). */
function wholeNumber<F extends number | undefined>(fallback: F): Reader<number | F> {
  return (value, name) => (value === undefined ? fallback : parseWholeNumber(name, value));
}

/** `parse` of the value when it is set; undefined (no default) when not. */
function ifGiven<T>(parse: (value: string, name: string) => T): Reader<T | undefined> {
  return (value, name) => (value === undefined ? undefined : parse(value, name));
}

export const SETTINGS = {
  PORT: declare({
    default: '`3000`',
    summary: 'TCP port to listen on, 0 for a free one (default: 3000)',
    meaning: 'TCP port to listen on (`0` picks a free one).',
    read: parsePort,
  }),
  HOST: declare({
    default: '`127.0.0.1`',
    summary: 'address to listen on, 0.0.0.0 for every interface (default: 127.0.0.1)',
    meaning: 'Address to listen on; `0.0.0.0` for every interface.',
    read: orDefault('127.0.0.1'),
  }),
  BASE_URL: declare({
    default: '`http://localhost:$PORT`',
    summary: 'the public address every URL in an answer is built from (default: http://localhost:$PORT, the port bound when PORT is 0)',
    meaning: 'The public address: every URL in a response is built from it. No query or fragment; a path prefix is kept. The default names the port bound, the free one `PORT=0` gets included.',
    read: ifGiven(parseBaseUrl),
  }),
  CONTENT_DIR: declare({
    default: 'the bundled `content/`',
    summary: 'the content folder (default: the bundled content/)',
    meaning: 'The content folder to publish ([authoring.md](authoring.md#the-content-folder)).',
    read: orDefault(DEFAULT_CONTENT_DIR),
  }),
  // Content from git: see "Publish by pushing" in docs/deploying.md.
  CONTENT_GIT: declare({
    default: 'unset',
    summary: 'a git remote to publish the content from: a path, file:, https: or ssh: (default: CONTENT_DIR is served)',
    meaning: 'A git remote the content is published from (a path, `file:`, `https:` or `ssh:` URL; credentials as git takes them: a token in the URL, an SSH key, a credential helper; never logged). Each commit is checked as `vitrine check` does before it is served; one that fails is refused and the last good one keeps serving. Replaces `CONTENT_DIR`. See [Publish by pushing](deploying.md#publish-by-pushing).',
    read: ifGiven(parseGitRemote),
  }),
  CONTENT_GIT_BRANCH: declare({
    default: "the remote's default branch",
    summary: "the branch of CONTENT_GIT to publish (default: the remote's default branch)",
    meaning: 'The branch of `CONTENT_GIT` to publish; a push to another branch is acknowledged and ignored.',
    read: ifGiven(parseGitBranch),
  }),
  CONTENT_GIT_POLL_S: declare({
    default: '`60`',
    summary: 'seconds between two fetches of CONTENT_GIT, 0 for webhooks only (default: 60)',
    meaning: 'Seconds between two fetches of `CONTENT_GIT`; `0`: only a webhook (or a commit announced through `REDIS_URL`) fetches, and then `CONTENT_HOOK_SECRET` is required.',
    read: (value, name) => (value === undefined ? 60 : parseWholeNumber(name, value, 0)),
  }),
  CONTENT_HOOK_SECRET: declare({
    default: 'unset',
    summary: 'the secret of POST /hooks/content, as GitHub signs with it or GitLab sends it (default: webhooks refused)',
    meaning: "The webhook secret of `POST /hooks/content`: GitHub's `X-Hub-Signature-256` is checked against it, GitLab's `X-Gitlab-Token` compared with it. Unset: every hook answers 401.",
    read: asGiven,
  }),
  TRUST_PROXY: declare({
    default: '`false`',
    summary: 'whose X-Forwarded-For to believe: false, true, a hop count, or proxy addresses and CIDRs (default: false)',
    meaning: "Whose `X-Forwarded-For` to believe for the client address the quota counts. `false`: nobody's, the socket's peer is the client (a client cannot pick its own address). A comma-separated list of proxy addresses, CIDRs or the names `loopback`, `linklocal`, `uniquelocal` (`10.0.0.0/8, 127.0.0.1`): believed from those proxies only. A hop count (`1`): the address appended by the last N proxies. `true`: every hop (only behind a proxy that overwrites the header). See [below](#client-addresses-behind-proxies-trust_proxy).",
    read: parseTrustProxy,
  }),
  REDIS_URL: declare({
    default: 'unset',
    summary: 'redis:// or rediss:// URL of a Redis that every instance counts the quota in (default: each process counts alone)',
    meaning: '`redis://` or `rediss://` URL (credentials and database allowed: `redis://:secret@cache:6379/2`) of a Redis shared by every instance, so the quota is exact across them. Unset: each process counts alone, in memory. If Redis is unreachable the instances keep serving and count locally until it returns. See [below](#several-instances-and-redis).',
    read: parseRedisUrl,
  }),
  LOG_LEVEL: declare({
    default: '`info`',
    summary: 'fatal, error, warn, info, debug, trace or silent (default: info)',
    meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines on standard output; at `info`, one line per request when its response has gone out: `method`, `route` (the pattern, e.g. `/api/v1/posts/:slug`; `null` when none matched), `status`, `response_time_ms` and `request_id` (5xx lines at `error`). Never a query string, header or body. See [Logs](#logs).',
    read: parseLogLevel,
  }),
  RATE_LIMIT_REQUESTS: declare({
    default: '`600`',
    summary: 'the quota: requests per client address in each window (default: 600)',
    meaning: 'The quota: requests per client address in each window, counted on `/api/v1` and `/mcp` (CORS preflights, `/healthz`, the site, `/md/` and the discovery documents are free). Every document that states the quota (headers, `/openapi.json`, `/developers`, `llms.txt`, the MCP server card, health) follows it.',
    read: wholeNumber(600),
  }),
  RATE_LIMIT_WINDOW_S: declare({
    default: '`60`',
    summary: "the quota's window, in seconds (default: 60)",
    meaning: "The quota's window, in seconds.",
    read: wholeNumber(60),
  }),
  ANSWER_CACHE_MB: declare({
    default: '`32`',
    summary: 'megabytes of answers kept for repeated requests (default: 32)',
    meaning: 'Megabytes of answers kept for repeated requests (bodies, their gzip and brotli forms, and their URLs), per content version; the least recently used go first. See [Answers kept for repeated requests](deploying.md#answers-kept-for-repeated-requests).',
    read: wholeNumber(32),
  }),
  METRICS_PORT: declare({
    default: 'unset',
    summary: 'serve Prometheus metrics at /metrics on this port, on a listener of its own (default: not served)',
    meaning: 'When set, Prometheus metrics are served at `GET /metrics` on this port (`0` picks a free one, logged), on a listener of its own: the public port never serves them. Unset: nothing is counted and the metrics library is not even loaded. See [Metrics](#metrics).',
    read: ifGiven(parsePort),
  }),
  METRICS_HOST: declare({
    default: '`127.0.0.1`',
    summary: 'address of the metrics listener (default: 127.0.0.1)',
    meaning: 'Address of the metrics listener; `0.0.0.0` for a scraper on another host.',
    read: orDefault('127.0.0.1'),
  }),
  DEPRECATION_DATE: declare({
    default: 'unset',
    summary: 'when this version was announced deprecated (with SUNSET_DATE and SUCCESSOR_URL; default: not deprecated)',
    meaning: "When set (with the two below), every `/api/v1` and `/mcp` response announces this version's end (see [Deprecating this version](#deprecating-this-version)): date or RFC 3339 date-time it was announced.",
    read: asGiven,
  }),
  SUNSET_DATE: declare({
    default: 'unset',
    summary: `when this version stops answering, at least ${MINIMUM_NOTICE_DAYS} days after DEPRECATION_DATE`,
    meaning: `When the version stops answering; at least ${MINIMUM_NOTICE_DAYS} days after \`DEPRECATION_DATE\`.`,
    read: asGiven,
  }),
  SUCCESSOR_URL: declare({
    default: 'unset',
    summary: 'the version that replaces this one (a URL, or a path such as /api/v2)',
    meaning: 'The version that replaces this one (URL, or a path such as `/api/v2`).',
    read: asGiven,
  }),
  MAX_CONNECTIONS: declare({
    default: '`1000`',
    summary: 'open connections accepted at once (default: 1000)',
    meaning: "Open connections this process accepts at once; more are closed on arrival, without an answer. Keep it under the process's file-descriptor limit (`ulimit -n`).",
    read: wholeNumber(1000),
  }),
  HEADERS_TIMEOUT_MS: declare({
    default: '`10000` (or `REQUEST_TIMEOUT_MS` if lower)',
    summary: 'milliseconds a client has to send the request head (default: 10000, or REQUEST_TIMEOUT_MS if lower)',
    meaning: 'Milliseconds a client has to send the request line and headers; a client that trickles them (slowloris) is disconnected, checked every second. At most `REQUEST_TIMEOUT_MS`.',
    read: wholeNumber(undefined),
  }),
  REQUEST_TIMEOUT_MS: declare({
    default: '`30000`',
    summary: 'milliseconds a client has to send the whole request (default: 30000)',
    meaning: 'Milliseconds a client has to send the whole request, body included.',
    read: wholeNumber(30_000),
  }),
  KEEP_ALIVE_TIMEOUT_MS: declare({
    default: '`72000`',
    summary: 'milliseconds an idle keep-alive connection stays open (default: 72000)',
    meaning: 'Milliseconds an idle keep-alive connection stays open. Longer than the usual 60 s idle timeout of load balancers, so they close first and never reuse a connection the server is closing.',
    read: wholeNumber(72_000),
  }),
  MCP_ALLOWED_ORIGINS: declare({
    default: 'unset',
    summary: "origins besides BASE_URL's whose browser pages may call /mcp, or * (default: none)",
    meaning: 'Browser origins besides `BASE_URL`\'s whose pages may call `/mcp`: comma-separated (`https://app.example.com, http://localhost:5173`), or `*` for every origin. A request whose `Origin` header names another origin gets `403` with a JSON-RPC error (MCP 2025-06-18, Streamable HTTP "Security Warning": DNS-rebinding protection); a request without `Origin` (curl, SDKs, servers) is always served.',
    read: parseAllowedOrigins,
  }),
  IMAGE_CACHE_DIR: declare({
    default: "`vitrine-images` in the system's temporary folder (`os.tmpdir()`)",
    summary: "folder where the pictures' widths and formats are kept, shared by restarts and instances (default: vitrine-images in the system's temporary folder)",
    meaning: "The folder where the pictures' widths, formats and share cards are kept once made (see [Pictures](authoring.md#pictures)), under each picture's SHA-256: a restart, a reload and a second instance given the same folder find them made, and `vitrine export` reads them. Start-up creates it and stops with one line naming the variable when it cannot be written (`vitrine: configuration: IMAGE_CACHE_DIR: cannot be written (EACCES): /srv/pictures`). Delete it whenever you like: what is missing is made again.",
    // Whether it can be written is found at start-up (cacheDirProblem), not by this synchronous reading.
    read: (value) => path.resolve(value ?? DEFAULT_IMAGE_CACHE_DIR),
  }),
  IMAGE_MAX_MEGAPIXELS: declare({
    default: `\`${DEFAULT_MAX_MEGAPIXELS}\``,
    summary: `the most megapixels a picture of the content may have (default: ${DEFAULT_MAX_MEGAPIXELS})`,
    meaning: 'The most megapixels a picture of the content may have; a larger one stops start-up and `vitrine check`, naming its file and this variable.',
    read: wholeNumber(DEFAULT_MAX_MEGAPIXELS),
  }),
  IMAGE_MAX_MB: declare({
    default: `\`${DEFAULT_MAX_MB}\``,
    summary: `the most megabytes a file of the content may weigh (default: ${DEFAULT_MAX_MB})`,
    meaning: 'The most megabytes a picture (or icon) of the content may weigh, judged before it is read; a heavier one stops start-up and `vitrine check` the same way.',
    read: wholeNumber(DEFAULT_MAX_MB),
  }),
};

export type SettingName = keyof typeof SETTINGS;

/** Every variable, in the order of SETTINGS. */
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** What each declaration reads from an environment. */
export type SettingValues = { readonly [Name in SettingName]: ReturnType<(typeof SETTINGS)[Name]['read']> };

/**
 * Reads every declared variable, in order: a value is trimmed, and an empty
 * one is unset. The first that cannot be used throws its ConfigError.
 */
export function readSettings(env: Readonly<Record<string, string | undefined>>): SettingValues {
  const values: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const value = env[name]?.trim();
    values[name] = SETTINGS[name].read(value === '' ? undefined : value, name);
  }
  return values as SettingValues;
}

/** The marker comments around the table in docs/operating.md. */
export const TABLE_START = '<!-- settings:start -->';
export const TABLE_END = '<!-- settings:end -->';

/** The markdown table of every setting: name, default, meaning. */
export function settingsTable(): string {
  return [
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...SETTING_NAMES.map((name) => `| \`${name}\` | ${SETTINGS[name].default} | ${SETTINGS[name].meaning} |`),
  ].join('\n');
}

/** `markdown` with the text between the two markers replaced by the table; throws when a marker is missing. */
export function withSettingsTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`the settings table needs ${TABLE_START} and, after it, ${TABLE_END}`);
  const generated = `<!-- Made from src/config/settings.ts by npm run docs:settings: edit the declarations there. -->\n\n${settingsTable()}\n\n`;
  return `${markdown.slice(0, start + TABLE_START.length)}\n${generated}${markdown.slice(end)}`;
}
