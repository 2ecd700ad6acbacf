/**
 * A map that keeps its most recently used entries, at most `maxEntries` and
 * `maxBytes` (as `sizeOf` measures each value): the answers kept for the
 * next request, the remembered MCP results, the lists' selections of records
 * and the search's plans of words.
 */
export class LruCache<V> {
  /** A Map iterates in insertion order: re-inserting a key makes it the last, the most recent. */
  readonly #entries = new Map<string, { readonly value: V; bytes: number }>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** What the values kept measure together. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value of `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key`, dropping the least recently used entries beyond the bounds (a value larger than maxBytes is not kept). */
  set(key: string, value: V): void {
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    this.#evict();
  }

  /** After `value`, kept under `key`, changed size: measured again, and the bounds kept. */
  resize(key: string, value: V): void {
    const entry = this.#entries.get(key);
    if (entry?.value !== value) return;
    const bytes = this.sizeOf(value);
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#evict();
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}
