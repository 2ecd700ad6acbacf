/**
 * Every instance on one commit (REDIS_URL): the instance that fetched a new
 * commit publishes it on a channel, and every instance fetches, checks and
 * serves it. The last good commit is also kept in a key, for an instance
 * that starts later or comes back after Redis was out of reach: it reads
 * the key on every (re)connection. While Redis is out of reach nothing is
 * announced and each instance keeps polling the remote on its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Log } from '../config/log.js';
import { redacted } from './git-mirror.js';

const PREFIX = 'vitrine:content:';
const COMMIT = /^[0-9a-f]{40,64}$/;

export class CommitAnnouncer {
  readonly #commands: Redis;
  readonly #subscriber: Redis;
  readonly #key: string;
  readonly #channel: string;
  /** Tells this instance's own messages from the others'. */
  readonly #self = randomUUID();
  #closing = false;

  /**
   * One key and channel per remote and branch (credentials aside), so sites
   * that share a Redis never follow each other. `onCommit` is told each
   * commit another instance announces, and the kept one on each reconnection.
   */
  constructor(
    url: string,
    remote: string,
    branch: string,
    private readonly onCommit: (commit: string, reason: string) => void,
    private readonly log: Pick<Log, 'info' | 'warn'>,
  ) {
    const id = createHash('sha256').update(`${redacted(remote).replace('***@', '')}\n${branch}`).digest('hex').slice(0, 16);
    this.#key = `${PREFIX}${id}:commit`;
    this.#channel = `${PREFIX}${id}:announced`;
    const options = { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 1, retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000) };
    this.#commands = new Redis(url, { ...options, enableOfflineQueue: false, commandTimeout: 1000, connectionName: 'vitrine-content' });
    this.#subscriber = new Redis(url, { ...options, connectionName: 'vitrine-content-announcements' });
    // Errors are the reconnections' business; one warning per outage is logged below.
    this.#commands.on('error', () => {});
    let reachable = true;
    this.#subscriber.on('error', (error: Error) => {
      if (!reachable || this.#closing) return;
      reachable = false;
      this.log.warn({ reason: error.message }, 'content: Redis is unreachable; until it returns, this instance follows the remote alone (its own poll and hooks)');
    });
    this.#subscriber.on('message', (_channel: string, message: string) => this.#heard(message));
    // On every (re)connection: listen again, and catch up with the commit kept meanwhile.
    this.#subscriber.on('ready', () => {
      if (!reachable) this.log.info({}, 'content: Redis is reachable again; following the commit it keeps');
      reachable = true;
      void this.#subscriber.subscribe(this.#channel).catch(() => {});
    });
    this.#commands.on('ready', () => void this.current().then((commit) => commit && this.onCommit(commit, 'kept in Redis')));
  }

  /** Connects; resolves either way (the clients keep trying in the background). */
  async start(): Promise<void> {
    await Promise.all([this.#commands.connect().catch(() => {}), this.#subscriber.connect().catch(() => {})]);
  }

  /** The last good commit every instance serves, or undefined (none yet, or Redis out of reach). */
  async current(): Promise<string | undefined> {
    if (this.#commands.status !== 'ready') return undefined;
    const commit = await this.#commands.get(this.#key).catch(() => null);
    return commit !== null && COMMIT.test(commit) ? commit : undefined;
  }

  /** Tells every instance of `commit`; `good`: it passed the check here, so instances that start later take it. */
  async announce(commit: string, good: boolean): Promise<void> {
    if (this.#commands.status !== 'ready') return;
    try {
      if (good) await this.#commands.set(this.#key, commit);
      await this.#commands.publish(this.#channel, JSON.stringify({ commit, from: this.#self }));
    } catch (error) {
      this.log.warn({ commit, reason: error instanceof Error ? error.message : String(error) }, 'content: the commit could not be announced through Redis; the other instances find it when they poll');
    }
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.#subscriber.disconnect();
    this.#commands.disconnect();
  }

  #heard(message: string): void {
    try {
      const { commit, from } = JSON.parse(message) as { commit?: unknown; from?: unknown };
      if (from !== this.#self && typeof commit === 'string' && COMMIT.test(commit)) this.onCommit(commit, 'announced through Redis');
    } catch {
      // Not one of ours: the channel is named for this service, but anyone with the Redis may publish.
    }
  }
}
