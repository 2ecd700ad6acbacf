/**
 * A map that keeps its most recently used entries, at most `maxEntries` and
 * `maxBytes` (as `sizeOf` measures each value): the remembered MCP results
 * and the search excerpts' sources.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // A Map iterates in insertion order: re-inserting makes it the last, the most recent.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` under `key`, dropping the least recently used entries beyond the bounds (a value larger than maxBytes is not kept). */
  set(key: string, value: V): void {
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#bytes -= this.sizeOf(old);
      this.#entries.delete(key);
    }
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return;
    this.#entries.set(key, value);
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= this.sizeOf(entry);
    }
  }
}
