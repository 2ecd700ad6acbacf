import { isIP } from 'node:net';

/**
 * How the value of each setting is read: the parsers the declarations in
 * settings.ts name, and the error that says which variable is wrong.
 */

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

export function parseLogLevel(value: string | undefined): LogLevel {
  const level = value ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  }
  return level as LogLevel;
}

export function parseRedisUrl(value: string | undefined): string | undefined {
  if (value !== undefined && !/^rediss?:\/\/[^\s]+$/.test(value)) {
    throw new ConfigError('REDIS_URL', `must be a redis:// or rediss:// URL, got "${value}"`);
  }
  return value;
}

/**
 * CONTENT_GIT: what `git clone` takes (a path, `file:`, `https:`, `ssh:`, or
 * scp-like `user@host:path`). A value starting with `-` would be read as an
 * option of git, and a token is never repeated in the message.
 */
export function parseGitRemote(value: string, name: string): string {
  if (value.startsWith('-') || /\s/.test(value)) throw new ConfigError(name, 'must be a git remote: a path, or a file:, https: or ssh: URL');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined && !['file', 'https', 'http', 'ssh', 'git'].includes(scheme)) {
    throw new ConfigError(name, `must be a path, or a file:, https: or ssh: URL, got a ${scheme}: URL`);
  }
  return value;
}

/** CONTENT_GIT_BRANCH: a branch name as git accepts one (git-check-ref-format), never an option. */
export function parseGitBranch(value: string, name: string): string {
  const branch = value.replace(/^refs\/heads\//, '');
  if (branch.startsWith('-') || /[\s~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.lock$|\.$/.test(branch)) {
    throw new ConfigError(name, `must be a branch name, such as main, got "${value}"`);
  }
  return branch;
}

export function parseWholeNumber(variable: string, value: string, minimum = 1): number {
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
export function parseAllowedOrigins(value: string | undefined): readonly string[] | '*' {
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

export function parsePort(value: string | undefined, variable = 'PORT'): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new ConfigError(variable, `must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}

export function parseBaseUrl(value: string): string {
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
export function parseTrustProxy(value: string | undefined): boolean | number | readonly string[] {
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

export function parseDeprecation(
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
