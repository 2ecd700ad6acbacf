import type { Deprecation, LogLevel } from './parse.js';
import { ConfigError, parseDeprecation } from './parse.js';
import { readSettings } from './settings.js';

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
  /** The git remote the content is published from (CONTENT_GIT and its settings); undefined: CONTENT_DIR is served. */
  readonly contentGit?: ContentGit;
}

export interface ContentGit {
  readonly remote: string;
  /** Undefined: the remote's default branch. */
  readonly branch?: string;
  /** Seconds between two fetches; 0: webhooks (and announced commits) only. */
  readonly pollSeconds: number;
  readonly hookSecret?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The settings of `env`: each variable read through its declaration
 * (settings.ts), then the ones that depend on others combined here.
 */
export function loadConfig(env: Env): Config {
  const settings = readSettings(env);
  const port = settings.PORT;
  const baseUrl = settings.BASE_URL ?? defaultBaseUrl(port);
  const deprecation = parseDeprecation(settings.DEPRECATION_DATE, settings.SUNSET_DATE, settings.SUCCESSOR_URL, baseUrl);
  const requestTimeoutMs = settings.REQUEST_TIMEOUT_MS;
  const headersTimeoutMs = settings.HEADERS_TIMEOUT_MS ?? Math.min(10_000, requestTimeoutMs);
  // node:http refuses a head timeout longer than the whole request's (ERR_OUT_OF_RANGE at createServer).
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs}), got "${headersTimeoutMs}"`);
  }
  const { REDIS_URL: redisUrl, METRICS_PORT: metricsPort } = settings;
  const contentGit = contentGitOf(settings);

  return Object.freeze({
    port,
    host: settings.HOST,
    baseUrl,
    baseUrlFollowsPort: settings.BASE_URL === undefined,
    contentDir: settings.CONTENT_DIR,
    trustProxy: settings.TRUST_PROXY,
    logLevel: settings.LOG_LEVEL,
    ...(redisUrl === undefined ? {} : { redisUrl }),
    ...(deprecation === undefined ? {} : { deprecation }),
    maxConnections: settings.MAX_CONNECTIONS,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: settings.KEEP_ALIVE_TIMEOUT_MS,
    mcpAllowedOrigins: settings.MCP_ALLOWED_ORIGINS,
    rateLimit: Object.freeze({ requests: settings.RATE_LIMIT_REQUESTS, windowSeconds: settings.RATE_LIMIT_WINDOW_S }),
    answerCacheBytes: settings.ANSWER_CACHE_MB * 1024 * 1024,
    ...(metricsPort === undefined ? {} : { metricsPort }),
    metricsHost: settings.METRICS_HOST,
    imageCacheDir: settings.IMAGE_CACHE_DIR,
    ...(contentGit === undefined ? {} : { contentGit }),
    pictureLimits: Object.freeze({
      maxPixels: settings.IMAGE_MAX_MEGAPIXELS * 1_000_000,
      maxBytes: settings.IMAGE_MAX_MB * 1024 * 1024,
    }),
  });
}

/** CONTENT_GIT and the settings that go with it; a content that would never change is refused. */
function contentGitOf(settings: ReturnType<typeof readSettings>): ContentGit | undefined {
  const { CONTENT_GIT: remote, CONTENT_GIT_BRANCH: branch, CONTENT_GIT_POLL_S: pollSeconds, CONTENT_HOOK_SECRET: hookSecret } = settings;
  if (remote === undefined) return undefined;
  if (pollSeconds === 0 && hookSecret === undefined) throw new ConfigError('CONTENT_GIT_POLL_S', '0 (webhooks only) needs CONTENT_HOOK_SECRET, or the content would never change');
  return Object.freeze({ remote, pollSeconds, ...(branch === undefined ? {} : { branch }), ...(hookSecret === undefined ? {} : { hookSecret }) });
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
