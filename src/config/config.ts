import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_IMAGE_CACHE_DIR, DEFAULT_MAX_MB, DEFAULT_MAX_MEGAPIXELS } from '../media/pictures.js';

/** The deployment's settings, read once from the environment. */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute, no trailing slash. Every URL in a body is built from it. */
  readonly baseUrl: string;
  /** BASE_URL is not set: its default, http://localhost:PORT, names the port bound (a free one when PORT is 0; see withBoundPort). */
  readonly baseUrlFollowsPort: boolean;
  readonly contentDir: string;
  /**
   * Whose X-Forwarded-For to believe (proxy-addr's trust rules): false (the
   * default: nobody's), true (every hop's), a hop count, or proxy addresses,
   * CIDRs and the names `loopback`, `linklocal`, `uniquelocal`.
   */
  readonly trustProxy: boolean | number | readonly string[];
  readonly redisUrl?: string;
  readonly logLevel: LogLevel;
  readonly deprecation?: Deprecation;
  /** Open connections this process accepts at once; more are closed on arrival (node:net `server.maxConnections`). */
  readonly maxConnections: number;
  /** Time a client has to send the whole request head; the slowloris guard (node:http `headersTimeout`). */
  readonly headersTimeoutMs: number;
  /** Time a client has to send the whole request, body included (node:http `requestTimeout`). */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (node:http `keepAliveTimeout`). */
  readonly keepAliveTimeoutMs: number;
  /** Origins besides BASE_URL's whose browser pages may call /mcp: a list, or `*` for every origin. */
  readonly mcpAllowedOrigins: readonly string[] | '*';
  /** The quota: requests per client address (RATE_LIMIT_REQUESTS) in each window of RATE_LIMIT_WINDOW_S seconds. */
  readonly rateLimit: { readonly requests: number; readonly windowSeconds: number };
  /** Bytes of answers kept for repeated requests, compressed forms and URLs included (ANSWER_CACHE_MB). */
  readonly answerCacheBytes: number;
  /** Where Prometheus metrics are served (METRICS_PORT, METRICS_HOST); undefined: not served, not counted. */
  readonly metricsPort?: number;
  readonly metricsHost: string;
  /** Where the files made from the content's pictures are kept (IMAGE_CACHE_DIR), shared by restarts and instances. */
  readonly imageCacheDir: string;
  /** The largest picture the content may hold: pixels (IMAGE_MAX_MEGAPIXELS) and bytes (IMAGE_MAX_MB). */
  readonly pictureLimits: { readonly maxPixels: number; readonly maxBytes: number };
}

/** The announcement of a version's end (the Deprecation and Sunset headers, RFC 9745 and RFC 8594). */
export interface Deprecation {
  /** When the version was announced deprecated. */
  readonly date: Date;
  /** When it stops answering: at least 180 days later. */
  readonly sunset: Date;
  /** The version that replaces it (absolute URL). */
  readonly successor: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The least notice between DEPRECATION_DATE and SUNSET_DATE, so callers have time to move to the successor. */
export const MINIMUM_NOTICE_DAYS = 180;

/**
 * The folder of the package: the nearest folder above this module that holds
 * a package.json. The module is src/config/config.ts in a checkout and
 * dist/vitrine.mjs in an installed package (node_modules/vitrine), at two
 * depths; the package's own folders are found from there.
 */
const PACKAGE_DIR = ((): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** The demo content, shipped with the package. */
export const DEFAULT_CONTENT_DIR = path.join(PACKAGE_DIR, 'content');

/** The JSON Schemas of site.yaml and the front matter, for editors, shipped with the package. */
export const SCHEMAS_DIR = path.join(PACKAGE_DIR, 'schemas');

/** A setting that cannot be used; its message is the one line start-up prints. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

export function loadConfig(env: Env): Config {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const port = parsePort(read('PORT'));
  const host = read('HOST') ?? '127.0.0.1';
  const baseUrlFollowsPort = read('BASE_URL') === undefined;
  const baseUrl = parseBaseUrl(read('BASE_URL') ?? defaultBaseUrl(port));
  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const redisUrl = read('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', `must be a redis:// or rediss:// URL, got "${redisUrl}"`);
  }
  const deprecation = parseDeprecation(read('DEPRECATION_DATE'), read('SUNSET_DATE'), read('SUCCESSOR_URL'), baseUrl);
  const maxConnections = parseWholeNumber('MAX_CONNECTIONS', read('MAX_CONNECTIONS'), 1000, 1);
  const requestTimeoutMs = parseWholeNumber('REQUEST_TIMEOUT_MS', read('REQUEST_TIMEOUT_MS'), 30_000, 1);
  const headersTimeoutMs = parseWholeNumber('HEADERS_TIMEOUT_MS', read('HEADERS_TIMEOUT_MS'), Math.min(10_000, requestTimeoutMs), 1);
  // node:http refuses a head timeout longer than the whole request's (ERR_OUT_OF_RANGE at createServer).
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs}), got "${headersTimeoutMs}"`);
  }
  const keepAliveTimeoutMs = parseWholeNumber('KEEP_ALIVE_TIMEOUT_MS', read('KEEP_ALIVE_TIMEOUT_MS'), 72_000, 1);

  return Object.freeze({
    port,
    host,
    baseUrl,
    baseUrlFollowsPort,
    contentDir: read('CONTENT_DIR') ?? DEFAULT_CONTENT_DIR,
    trustProxy: parseTrustProxy(read('TRUST_PROXY')),
    logLevel: logLevel as LogLevel,
    ...(redisUrl === undefined ? {} : { redisUrl }),
    ...(deprecation === undefined ? {} : { deprecation }),
    maxConnections,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    mcpAllowedOrigins: parseAllowedOrigins(read('MCP_ALLOWED_ORIGINS')),
    rateLimit: Object.freeze({
      requests: parseWholeNumber('RATE_LIMIT_REQUESTS', read('RATE_LIMIT_REQUESTS'), 600, 1),
      windowSeconds: parseWholeNumber('RATE_LIMIT_WINDOW_S', read('RATE_LIMIT_WINDOW_S'), 60, 1),
    }),
    answerCacheBytes: parseWholeNumber('ANSWER_CACHE_MB', read('ANSWER_CACHE_MB'), 32, 1) * 1024 * 1024,
    ...(read('METRICS_PORT') === undefined ? {} : { metricsPort: parsePort(read('METRICS_PORT'), 'METRICS_PORT') }),
    metricsHost: read('METRICS_HOST') ?? '127.0.0.1',
    // Whether it can be written is found at start-up (cacheDirProblem), not by this synchronous reading.
    imageCacheDir: path.resolve(read('IMAGE_CACHE_DIR') ?? DEFAULT_IMAGE_CACHE_DIR),
    pictureLimits: Object.freeze({
      maxPixels: parseWholeNumber('IMAGE_MAX_MEGAPIXELS', read('IMAGE_MAX_MEGAPIXELS'), DEFAULT_MAX_MEGAPIXELS, 1) * 1_000_000,
      maxBytes: parseWholeNumber('IMAGE_MAX_MB', read('IMAGE_MAX_MB'), DEFAULT_MAX_MB, 1) * 1024 * 1024,
    }),
  });
}

/** What the content loader needs of the settings to judge and remember the pictures. */
export function pictureSettings(config: Pick<Config, 'imageCacheDir' | 'pictureLimits'>): { maxPixels: number; maxBytes: number; cacheDir: string } {
  return { ...config.pictureLimits, cacheDir: config.imageCacheDir };
}

function defaultBaseUrl(port: number): string {
  return `http://localhost:${port}`;
}

/**
 * The configuration once the server listens on `port`: without BASE_URL,
 * every URL the service prints names the port bound, which PORT=0 leaves to
 * the system (and a SUCCESSOR_URL given as a path with it).
 */
export function withBoundPort(config: Config, port: number): Config {
  if (!config.baseUrlFollowsPort || port === config.port) return config;
  const baseUrl = defaultBaseUrl(port);
  const { deprecation } = config;
  const successor = deprecation?.successor.startsWith(`${config.baseUrl}/`) ? baseUrl + deprecation.successor.slice(config.baseUrl.length) : undefined;
  return Object.freeze({ ...config, port, baseUrl, ...(deprecation && successor ? { deprecation: Object.freeze({ ...deprecation, successor }) } : {}) });
}

function parseWholeNumber(variable: string, value: string | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < minimum) {
    throw new ConfigError(variable, `must be a whole number of at least ${minimum}, got "${value}"`);
  }
  return number;
}

/**
 * MCP_ALLOWED_ORIGINS: `*`, or comma-separated origins (scheme, host and
 * port, as a browser sends them in `Origin`, RFC 6454 section 7), kept in
 * their serialized form so the check is a string comparison.
 */
function parseAllowedOrigins(value: string | undefined): readonly string[] | '*' {
  if (value === undefined) return Object.freeze([]);
  if (value === '*') return '*';
  const origins = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of origins) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry.replace(/\/$/, '').toLowerCase()) {
      throw new ConfigError('MCP_ALLOWED_ORIGINS', `must be "*" or comma-separated origins such as https://app.example.com (no path); "${entry}" is not one`);
    }
  }
  if (origins.length === 0) throw new ConfigError('MCP_ALLOWED_ORIGINS', 'lists no origin');
  return Object.freeze(origins.map((entry) => new URL(entry).origin));
}

function parsePort(value: string | undefined, variable = 'PORT'): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new ConfigError(variable, `must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}

function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('BASE_URL', `must be an absolute URL such as https://example.com, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('BASE_URL', `must use http or https, got "${value}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError('BASE_URL', `must not carry a query, fragment or credentials, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** proxy-addr's names for address ranges (the forms Express and Fastify users know). */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or "false" believes no X-Forwarded-For, so a client
 * cannot pick its own quota key; a whole number N believes the last N
 * addresses the proxies appended (N proxies in front); a comma-separated list
 * believes hops from those addresses, CIDRs or named ranges only; "true"
 * believes every hop (only behind a proxy that overwrites the header).
 */
function parseTrustProxy(value: string | undefined): boolean | number | readonly string[] {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (!Number.isSafeInteger(hops)) throw new ConfigError('TRUST_PROXY', `is too large a hop count: "${value}"`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (TRUST_PROXY_NAMES.includes(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must be "false", "true", a hop count, or a comma-separated list of IP addresses, CIDRs, loopback, linklocal or uniquelocal; "${entry}" is none of these`,
      );
    }
  }
  if (entries.length === 0) throw new ConfigError('TRUST_PROXY', 'lists no address');
  return Object.freeze(entries);
}

const RFC3339 =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?<time>T(?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2})(?:\.\d+)?(?:Z|[+-](?<offsetHour>\d{2}):(?<offsetMinute>\d{2})))?$/;

/**
 * A date (midnight UTC) or an RFC 3339 date-time. Each field is range-checked,
 * as `Date` alone would read 2027-02-30 as 2 March.
 */
function parseDate(variable: string, value: string): Date {
  const parts = RFC3339.exec(value)?.groups;
  const field = (name: string): number => Number(parts?.[name] ?? 0);
  const daysInMonth = new Date(Date.UTC(field('year'), field('month'), 0)).getUTCDate();
  const valid =
    parts !== undefined &&
    field('month') >= 1 &&
    field('month') <= 12 &&
    field('day') >= 1 &&
    field('day') <= daysInMonth &&
    field('hour') <= 23 &&
    field('minute') <= 59 &&
    field('second') <= 59 &&
    field('offsetHour') <= 23 &&
    field('offsetMinute') <= 59;
  if (!valid) {
    throw new ConfigError(variable, `must be a date (2027-06-30) or an RFC 3339 date-time (2027-06-30T23:59:59Z), got "${value}"`);
  }
  return new Date(parts.time === undefined ? `${value}T00:00:00Z` : value);
}

function parseDeprecation(
  deprecation: string | undefined,
  sunset: string | undefined,
  successor: string | undefined,
  baseUrl: string,
): Deprecation | undefined {
  if (deprecation === undefined && sunset === undefined && successor === undefined) return undefined;
  if (deprecation === undefined) throw new ConfigError('DEPRECATION_DATE', 'must be set when SUNSET_DATE or SUCCESSOR_URL is');
  if (sunset === undefined) throw new ConfigError('SUNSET_DATE', 'must be set when DEPRECATION_DATE is (the date this version stops answering)');
  if (successor === undefined) throw new ConfigError('SUCCESSOR_URL', 'must be set when DEPRECATION_DATE is (the version that replaces this one)');
  const date = parseDate('DEPRECATION_DATE', deprecation);
  const end = parseDate('SUNSET_DATE', sunset);
  if (end.getTime() < date.getTime()) throw new ConfigError('SUNSET_DATE', `must not be earlier than DEPRECATION_DATE (${deprecation})`);
  const days = (end.getTime() - date.getTime()) / 86_400_000;
  if (days < MINIMUM_NOTICE_DAYS) {
    throw new ConfigError('SUNSET_DATE', `must be at least ${MINIMUM_NOTICE_DAYS} days after DEPRECATION_DATE (it is ${Math.floor(days)})`);
  }
  return Object.freeze({ date, sunset: end, successor: parseSuccessor(successor, baseUrl) });
}

/** An absolute http(s) URL, or a path under BASE_URL (its path prefix kept). */
function parseSuccessor(value: string, baseUrl: string): string {
  const problem = `must be an http(s) URL or a path such as /api/v2, got "${value}"`;
  const isPath = value.startsWith('/') && !value.startsWith('//');
  let url: URL;
  try {
    url = new URL(isPath ? `${baseUrl}${value}` : value);
  } catch {
    throw new ConfigError('SUCCESSOR_URL', problem);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('SUCCESSOR_URL', problem);
  return url.href;
}
