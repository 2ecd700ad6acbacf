/**
 * The keys asked for once, to tell a second request of the same key: a
 * cache that keeps a value only when its key comes back keeps no copy of
 * what is asked for once (a one-off search, a cache-busting parameter), makes
 * no garbage for it, and cannot be emptied of what clients do repeat by a
 * stream of new keys. At most `max` keys, forgotten all at once when full: a
 * key asked for again after that starts over.
 */
export class SeenKeys {
  readonly #keys = new Set<string>();

  constructor(readonly max: number) {}

  /** True when `key` was asked for before (and is forgotten, now that it is kept); otherwise remembers it. */
  again(key: string): boolean {
    if (this.#keys.delete(key)) return true;
    if (this.#keys.size >= this.max) this.#keys.clear();
    this.#keys.add(key);
    return false;
  }
}
