/** The bounds the service's caches use: the last 10,000 keys asked for once, a few megabytes of them at most. */
const SEEN_KEYS = 10_000;
const SEEN_CHARS = 2_000_000;

/**
 * The keys asked for once, to tell a second request of the same key: a
 * cache that keeps a value only when its key comes back keeps no copy of
 * what is asked for once (a one-off search, a cache-busting parameter), makes
 * no garbage for it, and cannot be emptied of what clients do repeat by a
 * stream of new keys. At most `maxKeys` keys of `maxChars` characters in all
 * (a client chooses how long a key is), forgotten all at once when full: a
 * key asked for again after that starts over. A key longer than `maxChars`
 * is never remembered, so never asked for "again".
 */
export class SeenKeys {
  readonly #keys = new Set<string>();
  #chars = 0;

  constructor(
    readonly maxKeys = SEEN_KEYS,
    readonly maxChars = SEEN_CHARS,
  ) {}

  /** True when `key` was asked for before (and is forgotten, now that it is kept); otherwise remembers it. */
  again(key: string): boolean {
    if (this.#keys.delete(key)) {
      this.#chars -= key.length;
      return true;
    }
    if (key.length > this.maxChars) return false;
    if (this.#keys.size >= this.maxKeys || this.#chars + key.length > this.maxChars) {
      this.#keys.clear();
      this.#chars = 0;
    }
    this.#keys.add(key);
    this.#chars += key.length;
    return false;
  }
}
