import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import type { PreparedAnswer } from './prepared.js';
import { ClockCache } from '../util/clock-cache.js';
import { SeenKeys } from '../util/seen-keys.js';

/**
 * The answers kept for the next request of the same URL, per Catalog: those
 * prepared ahead of requests and those a request just produced, in one
 * least-recently-used cache bounded by bytes (the bodies and every
 * compressed form made of them). Memory follows what clients ask for, not
 * the size of the content; a reload starts an empty cache with the new
 * Catalog and the old one is collected with the old Catalog.
 *
 * A computed answer is kept the second time its key is asked for, among the
 * last keys asked for once (`offer`, SeenKeys): a URL asked once (a one-off
 * search, a cache-busting parameter) costs no copy, no eviction and no
 * garbage, and cannot push out the answers clients do repeat.
 */
export class AnswerCache {
  readonly #caches: (catalog: Catalog) => ClockCache<PreparedAnswer>;
  readonly #seen = perCatalog(() => new SeenKeys());

  constructor(readonly budgetBytes: number) {
    // A key is a request target (up to 8 KiB): it counts against the budget with the answer.
    this.#caches = perCatalog(() => new ClockCache<PreparedAnswer>(Infinity, budgetBytes, (answer, key) => answer.bytes + key.length));
  }

  get(catalog: Catalog, key: string): PreparedAnswer | undefined {
    return this.#caches(catalog).get(key);
  }

  /** Keeps `answer` (an answer prepared ahead of requests), written from bytes from now on, its compressed forms within the budget. */
  set(catalog: Catalog, key: string, answer: PreparedAnswer): void {
    answer.keep(this.budgetBytes - key.length);
    this.#caches(catalog).set(key, answer);
  }

  /** Keeps a computed `answer` when its key was asked for before; otherwise remembers the key. */
  offer(catalog: Catalog, key: string, answer: PreparedAnswer): void {
    if (this.#seen(catalog).again(key)) this.set(catalog, key, answer);
  }

  /** After `answer` made a compressed form: its bytes count against the budget. */
  grown(catalog: Catalog, key: string, answer: PreparedAnswer): void {
    this.#caches(catalog).resize(key, answer);
  }

  bytes(catalog: Catalog): number {
    return this.#caches(catalog).bytes;
  }

  size(catalog: Catalog): number {
    return this.#caches(catalog).size;
  }
}
