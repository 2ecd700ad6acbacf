import type { Config } from '../config/config.js';

/**
 * Request quota: a fixed window per client address. The
 * window starts at a client's first counted request and lasts `windowSeconds`;
 * every request in it, refused ones included, adds one to the count, and the
 * window does not move until it ends. The headers say exactly what is left of
 * it (IETF httpapi ratelimit-headers): `r` is the limit minus the count, `t`
 * the whole seconds, rounded up, until the window ends.
 *
 * Fixed rather than sliding so that the count is one atomic increment on a
 * shared store (src/http/redis-store.ts) and `t` is a single, true instant.
 *
 * Why not rate-limiter-flexible, the maintained library for this: its
 * in-memory limiter measured no faster (0.40-0.81 µs a count, 0.53-0.87
 * here), and every count of it is a promise, where the in-memory count here
 * answers synchronously so that a prepared answer leaves in the same turn.
 * Its Redis limiter with an `insuranceLimiter` in memory would give the same
 * outage behaviour as redis-store.ts; what it would save is this file and
 * one Lua script.
 */

export interface RateLimitPolicy {
  /** Quoted in the RateLimit headers. */
  readonly name: string;
  /** Requests allowed per window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export const PUBLIC_READ: RateLimitPolicy = Object.freeze({ name: 'public-read', limit: 600, windowSeconds: 60 });

/** The policy of a deployment: public-read, with the quota its configuration sets. */
export function quotaPolicy(config: Pick<Config, 'rateLimit'>): RateLimitPolicy {
  return Object.freeze({ name: PUBLIC_READ.name, limit: config.rateLimit.requests, windowSeconds: config.rateLimit.windowSeconds });
}

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** When the window ends, in epoch milliseconds. */
  readonly resetAt: number;
}

/**
 * Where the counts live, as the health record reports it:
 * - `memory`: this process counts alone (no REDIS_URL);
 * - `redis`: every instance counts in the one Redis of REDIS_URL;
 * - `memory-fallback`: REDIS_URL is set but Redis is unreachable, so this
 *   process counts alone until Redis answers again.
 */
export const QUOTA_STORE_STATES = ['memory', 'redis', 'memory-fallback'] as const;
export type QuotaStoreState = (typeof QUOTA_STORE_STATES)[number];

/** Where counts live: this process, or a store shared by instances. */
export interface RateLimitStore {
  /** Counts one request for `key`; must be atomic, as concurrent requests call it at once. */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount> | WindowCount;
  /** The count of `key`'s window without adding to it (a window not started has counted nothing). */
  peek(key: string, windowMs: number, now: number): Promise<WindowCount> | WindowCount;
  state(): QuotaStoreState;
  close?(): Promise<void> | void;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the window resets, at least 1 while it runs. */
  readonly resetSeconds: number;
}

export class MemoryStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #lastSweep = 0;

  /** Synchronous from read to write, hence atomic on Node's single thread. */
  hit(key: string, windowMs: number, now: number): WindowCount {
    this.#sweep(windowMs, now);
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetAt: window.resetAt };
  }

  peek(key: string, windowMs: number, now: number): WindowCount {
    const window = this.#windows.get(key);
    return window && window.resetAt > now ? { count: window.count, resetAt: window.resetAt } : { count: 0, resetAt: now + windowMs };
  }

  state(): QuotaStoreState {
    return 'memory';
  }

  /** Drops ended windows at most once a window, so memory follows active clients. */
  #sweep(windowMs: number, now: number): void {
    if (now - this.#lastSweep < windowMs) return;
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

export class RateLimiter {
  constructor(
    readonly policy: RateLimitPolicy,
    private readonly store: RateLimitStore = new MemoryStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one request of `key` and decides: at once when the store counts
   * synchronously (in memory), as a promise when it must be awaited (Redis),
   * so the fast path serves a precomputed answer without waiting a turn for a
   * promise it need not make.
   */
  count(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    const now = this.now();
    // The policy name keeps two policies (or two deployments' versions) from sharing counts in one store.
    const counted = this.store.hit(`${this.policy.name}:${key}`, this.policy.windowSeconds * 1000, now);
    return counted instanceof Promise ? counted.then((window) => this.#decide(window, now)) : this.#decide(counted, now);
  }

  /** What is left of `key`'s quota, without counting a request (a CORS preflight is told, not charged). */
  peek(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    const now = this.now();
    const window = this.store.peek(`${this.policy.name}:${key}`, this.policy.windowSeconds * 1000, now);
    return window instanceof Promise ? window.then((w) => this.#decide(w, now)) : this.#decide(window, now);
  }

  #decide({ count, resetAt }: WindowCount, now: number): RateLimitDecision {
    return {
      allowed: count <= this.policy.limit,
      limit: this.policy.limit,
      remaining: Math.max(0, this.policy.limit - count),
      // Rounded up: a client that waits `t` seconds finds the window over, never still running.
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    };
  }

  /** Where the counts live right now, for the health record. */
  storeState(): QuotaStoreState {
    return this.store.state();
  }

  async close(): Promise<void> {
    await this.store.close?.();
  }
}

/**
 * The five quota headers: the IETF httpapi ratelimit-headers draft's two,
 * and the RateLimit-Limit/-Remaining/-Reset trio clients still read,
 * appended to `target` as the flat list of names and values `writeHead` takes.
 */
export function pushRateLimitHeaders(target: string[], policy: RateLimitPolicy, decision: RateLimitDecision): string[] {
  target.push(
    'ratelimit-policy',
    `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    'ratelimit',
    `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
    'ratelimit-limit',
    String(decision.limit),
    'ratelimit-remaining',
    String(decision.remaining),
    'ratelimit-reset',
    String(decision.resetSeconds),
  );
  return target;
}
