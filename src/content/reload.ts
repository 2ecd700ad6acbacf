import type { Log } from '../config/log.js';
import type { PictureSettings } from './media-library.js';
import { ContentError, loadCatalog } from './load.js';
import type { ContentStore } from './store.js';
import type { Catalog } from './types.js';

export interface ReloaderOptions {
  readonly store: ContentStore;
  readonly dir: string;
  readonly baseUrl: string;
  /** The pictures' limits and cache, as at start-up. */
  readonly pictures?: PictureSettings;
  /** Builds every per-Catalog cache (search index, precomputed answers) before the swap. */
  readonly warm: (catalog: Catalog) => Promise<void> | void;
  readonly log: Pick<Log, 'info' | 'error'>;
  /** Told each outcome (the metrics count them). */
  readonly onReload?: (outcome: ReloadOutcome, catalog: Catalog | undefined) => void;
}

export type ReloadOutcome =
  | { readonly ok: true; readonly version: string; readonly changed: boolean }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Rebuilds the content off to the side and swaps it in one step, never
 * changing in place what is served: the Catalog, and through it every cache
 * keyed by it, is either all old or all new for any request. A folder that
 * does not load leaves the content in force serving and logs every problem
 * with its file.
 * Reloads never overlap: one asked for during another runs once after it.
 */
export class Reloader {
  #running: Promise<ReloadOutcome> | undefined;
  /** The one reload queued behind the running one; later asks share it. */
  #queued: Promise<ReloadOutcome> | undefined;

  constructor(private readonly options: ReloaderOptions) {}

  reload(reason: string): Promise<ReloadOutcome> {
    if (this.#running) {
      this.#queued ??= this.#running.then(() => {
        this.#queued = undefined;
        return this.reload(reason);
      });
      return this.#queued;
    }
    this.#running = this.#load(reason).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /**
   * Puts `catalog`, loaded (and checked) elsewhere, in force the same way: its
   * caches built first, then the one swap. The caller keeps swaps from
   * overlapping reloads (content from git is never reloaded from a folder).
   */
  async swap(reason: string, catalog: Catalog): Promise<ReloadOutcome> {
    const { store, warm, log } = this.options;
    const before = store.catalog.version;
    await warm(catalog);
    store.replace(catalog);
    const changed = catalog.version !== before;
    log.info({ reason, content_version: catalog.version, previous_version: before, changed }, changed ? 'content reloaded' : 'content reloaded, unchanged');
    const outcome: ReloadOutcome = { ok: true, version: catalog.version, changed };
    this.options.onReload?.(outcome, catalog);
    return outcome;
  }

  async #load(reason: string): Promise<ReloadOutcome> {
    const { store, dir, baseUrl, pictures, log } = this.options;
    const before = store.catalog.version;
    try {
      return await this.swap(reason, await loadCatalog({ dir, baseUrl, ...(pictures ? { pictures } : {}) }));
    } catch (error) {
      const problems = error instanceof ContentError ? error.problems : [error instanceof Error ? error.message : String(error)];
      log.error({ reason, content_version: before, problems }, `content reload failed, still serving version ${before}: ${problems.join('; ')}`);
      const outcome: ReloadOutcome = { ok: false, problems };
      this.options.onReload?.(outcome, undefined);
      return outcome;
    }
  }
}
