/**
 * The quota shared by every instance (REDIS_URL): each request is one atomic
 * Lua script on one Redis, so N instances refuse the 601st request of a
 * window exactly as one would. When Redis cannot be reached the instances
 * keep serving and count in their own memory until it answers again: a
 * quota that is briefly per instance beats an API that is down.
 */
import { Redis } from 'ioredis';
import type { Result } from 'ioredis';
import type { QuotaStoreState, RateLimitStore, WindowCount } from './rate-limit.js';
import { MemoryStore } from './rate-limit.js';

/** Every key this service writes starts with it, so a shared Redis stays readable. */
export const KEY_PREFIX = 'vitrine:quota:';

/**
 * One round trip: count the request, start the window on its first request,
 * and answer the count with the milliseconds left. Scripts run atomically, so
 * concurrent requests from every instance see consecutive counts. "Expire
 * only if the key has no expiry" is PEXPIRE's NX option (Redis 7); checking
 * PTTL does the same on Redis 6, still in one atomic step, and also repairs a
 * key that lost its expiry.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    vitrineQuotaHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

/** What the stores log: a subset of the service's (pino's) logger. */
export interface QuotaLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RedisStoreOptions {
  readonly url: string;
  /** Milliseconds to open a connection; past it, Redis counts as unreachable. */
  readonly connectTimeoutMs?: number;
  /** Milliseconds a count may take; past it, the request is counted locally. */
  readonly commandTimeoutMs?: number;
}

/**
 * Counts in Redis. Its `hit` fails at once whenever Redis is not connected:
 * commands are never queued for a later connection (`enableOfflineQueue:
 * false`, `maxRetriesPerRequest: 0`), and one that hangs times out, because a
 * request must not wait on the quota. The client reconnects in the background.
 */
export class RedisStore implements RateLimitStore {
  readonly client: Redis;
  /** `redis://host:port/db` without credentials, for logs. */
  readonly address: string;
  /** Why the last connection attempt failed, for the one warning of an outage. */
  lastError: Error | undefined;

  constructor(options: RedisStoreOptions) {
    this.address = redactedAddress(options.url);
    this.client = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: options.connectTimeoutMs ?? 1000,
      commandTimeout: options.commandTimeoutMs ?? 500,
      // Keep trying, at most every 2 s, for as long as the process lives.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      connectionName: 'vitrine-quota',
    });
    this.client.defineCommand('vitrineQuotaHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // Connection errors are reported by FallbackStore, once per outage; without a
    // listener ioredis would print every failed reconnection attempt.
    this.client.on('error', (error: Error) => {
      this.lastError = error;
    });
    this.client.on('ready', () => {
      this.lastError = undefined;
    });
  }

  /** Whether a command sent now can be answered. */
  get connected(): boolean {
    return this.client.status === 'ready';
  }

  /** Opens the first connection; resolves either way, the client keeps retrying. */
  async connect(): Promise<void> {
    await this.client.connect().catch(() => {});
  }

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    const [count, ttl] = await this.client.vitrineQuotaHit(`${KEY_PREFIX}${key}`, windowMs);
    return { count, resetAt: now + ttl };
  }

  async peek(key: string, windowMs: number, now: number): Promise<WindowCount> {
    const redisKey = `${KEY_PREFIX}${key}`;
    const [count, ttl] = await Promise.all([this.client.get(redisKey), this.client.pttl(redisKey)]);
    return ttl > 0 ? { count: Number(count ?? 0), resetAt: now + ttl } : { count: 0, resetAt: now + windowMs };
  }

  state(): QuotaStoreState {
    return 'redis';
  }

  async close(): Promise<void> {
    if (this.client.status === 'ready') {
      await this.client.quit().catch(() => this.client.disconnect());
    } else {
      this.client.disconnect();
    }
  }
}

/**
 * The store of a deployment with REDIS_URL: Redis while it answers, this
 * process's memory while it does not. It logs one warning when it falls back
 * and one info line when Redis is back, never one line per request, and the
 * health record reports which of the two is counting.
 */
export class FallbackStore implements RateLimitStore {
  #state: 'connecting' | QuotaStoreState = 'connecting';
  #closing = false;
  /** After a failed count on a live connection, when to try Redis again. */
  #nextAttempt = 0;

  constructor(
    private readonly remote: RedisStore,
    private readonly log: QuotaLogger,
    private readonly local: RateLimitStore = new MemoryStore(),
    /** Milliseconds between attempts while the connection is up but counts fail. */
    private readonly retryMs = 1000,
  ) {
    remote.client.on('ready', () => this.#useRedis());
    remote.client.on('close', () => {
      if (!this.#closing) this.#useMemory(remote.lastError ?? new Error('connection closed'));
    });
  }

  /** Waits for the first connection attempt, so the first requests already share the quota. */
  async start(): Promise<void> {
    await this.remote.connect();
    if (!this.remote.connected) this.#useMemory(this.remote.lastError ?? new Error('no connection'));
  }

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    if (this.#tryRedis(now)) {
      try {
        const count = await this.remote.hit(key, windowMs, now);
        this.#useRedis();
        return count;
      } catch (error) {
        this.#nextAttempt = now + this.retryMs;
        this.#useMemory(error);
      }
    }
    return this.local.hit(key, windowMs, now);
  }

  async peek(key: string, windowMs: number, now: number): Promise<WindowCount> {
    if (this.#state === 'redis' && this.remote.connected) {
      try {
        return await this.remote.peek(key, windowMs, now);
      } catch {
        // The next count finds out whether Redis is gone; this answer reads the local count.
      }
    }
    return this.local.peek(key, windowMs, now);
  }

  /**
   * Whether this request should be counted in Redis. While counts fail on a
   * connection that looks alive (a Redis too slow to answer), one request per
   * `retryMs` tries again; the others are counted locally without waiting.
   */
  #tryRedis(now: number): boolean {
    if (!this.remote.connected) {
      this.#useMemory(this.remote.lastError ?? new Error('no connection'));
      return false;
    }
    if (this.#state === 'redis') return true;
    if (now < this.#nextAttempt) return false;
    this.#nextAttempt = now + this.retryMs;
    return true;
  }

  state(): QuotaStoreState {
    return this.#state === 'connecting' ? 'memory-fallback' : this.#state;
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.remote.close();
  }

  #useRedis(): void {
    if (this.#state === 'redis' || this.#closing) return;
    const returning = this.#state === 'memory-fallback';
    this.#state = 'redis';
    this.log.info(
      { redis: this.remote.address },
      returning ? 'quota: Redis is reachable again; counting in Redis, shared by every instance' : 'quota: counting in Redis, shared by every instance',
    );
  }

  #useMemory(error: unknown): void {
    if (this.#state === 'memory-fallback' || this.#closing) return;
    this.#state = 'memory-fallback';
    this.log.warn(
      { redis: this.remote.address, reason: error instanceof Error ? error.message : String(error) },
      'quota: Redis is unreachable; counting in this process until it returns',
    );
  }
}

/** The store for REDIS_URL, connected (or falling back) before the app answers. */
export async function createSharedStore(url: string, log: QuotaLogger): Promise<FallbackStore> {
  const store = new FallbackStore(new RedisStore({ url }), log);
  await store.start();
  return store;
}

function redactedAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'redis';
  }
}
