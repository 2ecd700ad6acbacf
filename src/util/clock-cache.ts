/**
 * A map that keeps at most `maxEntries` entries and `maxBytes` (as `sizeOf`
 * measures each entry: its value, and its key where a client chooses how
 * long that is), dropping first those not used for longest: the
 * answers kept for the next request, the remembered MCP results, the lists'
 * selections of records and the search's plans of words.
 *
 * Which entry goes is decided as the second-chance ("CLOCK") approximation of
 * least recently used does: a hit only marks its entry, and making room walks
 * from the oldest entry, dropping the first one not marked and moving each
 * marked one, unmarked, to the newest end. A hit that moved its entry to the
 * newest end itself (a Map's delete and set) cost about 2 us of the 35 a kept
 * answer takes under load: so this small cache of our own rather than a
 * least-recently-used library, which moves the entry on every hit.
 */
export class ClockCache<V> {
  /** A Map iterates in insertion order: the first entry is the oldest, re-inserting one makes it the newest. */
  readonly #entries = new Map<string, Entry<V>>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    private readonly sizeOf: (value: V, key: string) => number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** What the values kept measure together. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value of `key`, marked as used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** Keeps `value` under `key`, dropping entries beyond the bounds to make room (a value larger than maxBytes is not kept). */
  set(key: string, value: V): void {
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    const bytes = this.sizeOf(value, key);
    if (bytes > this.maxBytes) return;
    // Room is made before the new entry is in: it cannot be the one dropped.
    this.#makeRoom(1, bytes);
    this.#entries.set(key, { value, bytes, used: false });
    this.#bytes += bytes;
  }

  /** After `value`, kept under `key`, changed size (it was just used): measured again, and the bounds kept. */
  resize(key: string, value: V): void {
    const entry = this.#entries.get(key);
    if (entry?.value !== value) return;
    const bytes = this.sizeOf(value, key);
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    entry.used = true;
    this.#makeRoom(0, 0);
  }

  /** Drops entries until `entries` more and `bytes` more fit. */
  #makeRoom(entries: number, bytes: number): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size + entries <= this.maxEntries && this.#bytes + bytes <= this.maxBytes) break;
      this.#entries.delete(key);
      if (entry.used) {
        // A second chance: to the newest end, where the walk reaches it again only after every other entry.
        entry.used = false;
        this.#entries.set(key, entry);
      } else {
        this.#bytes -= entry.bytes;
      }
    }
  }
}

interface Entry<V> {
  readonly value: V;
  bytes: number;
  /** Asked for since the walk that makes room last passed it. */
  used: boolean;
}
