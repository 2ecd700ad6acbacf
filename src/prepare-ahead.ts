import type { Server } from 'node:http';
import type { ContentStore } from './content/store.js';
import type { Catalog } from './content/types.js';
import type { AnswerCache } from './http/answer-cache.js';
import type { Zones } from './http/doors.js';
import type { Pipeline } from './http/pipeline.js';
import type { HttpPolicy } from './http/policy.js';
import type { PreparedAnswer } from './http/prepared.js';
import { pathOf } from './http/request.js';
import type { Route, Router } from './http/router.js';
import type { Log } from './config/log.js';
import type { PictureMaker } from './media/pictures.js';
import { warmSearchIndex } from './search/index.js';
import { pauseEverySlice } from './util/pause.js';

/** One URL's answers: its default one, and the markdown a site route answers to `Accept: text/markdown` when it differs. */
export interface PreparedUrl {
  readonly url: string;
  /** The headers of the part of the service the URL belongs to (CORS, version), which the answers' own do not repeat. */
  readonly scopeHeaders: readonly (readonly [string, string])[];
  /** Whether the quota counts requests for it: a static host must leave those to the service. */
  readonly counted: boolean;
  readonly answer: PreparedAnswer;
  readonly markdown?: PreparedAnswer;
}

/** Every URL the routes declare over one Catalog, listed once, and their answers, prepared as they are taken. */
export interface DeclaredAnswers {
  /** Every URL, those whose answer is no 200 included. */
  readonly urls: readonly string[];
  /** The 200 answers of `urls`, in order, one at a time: the memory they take is a few answers', however many there are. */
  answers(): AsyncIterable<PreparedUrl>;
  /** The headers every answer at `path` carries whatever it is (CORS, nosniff, the API's version): what an exported redirect adds. */
  scopeHeadersAt(path: string): readonly (readonly [string, string])[];
}

export interface AheadOptions {
  readonly store: ContentStore;
  readonly pipeline: Pipeline;
  readonly router: Router;
  readonly zones: Zones;
  readonly policy: HttpPolicy;
  readonly cache: AnswerCache;
  readonly pictures: PictureMaker;
  readonly log: Log;
}

/** A route and the URLs it declares over a Catalog. */
type Declared = readonly [Route, readonly string[]];

/** How long after listening the background warm-up starts. */
const WARM_DELAY_MS = 250;

/**
 * What is made ahead of requests, through the pipeline as a request would
 * get it: the answers the routes declare (kept in the answer cache, or
 * written out by `vitrine export`), the search index, and the files of the
 * content's pictures.
 */
export class AheadOfRequests {
  readonly #options: AheadOptions;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: AheadOptions) {
    this.#options = options;
  }

  /**
   * Every URL the routes declare over `catalog`, with the answers a GET (and
   * a markdown GET) gets. `skipFailures`: a route or URL that fails is
   * logged and left to requests (which will answer its error), not thrown.
   * `ahead`: only the routes whose answers are worth preparing ahead of
   * requests (not the pictures' files).
   */
  prepareAll(catalog: Catalog, skipFailures = false, ahead = false): AsyncIterable<PreparedUrl> {
    return this.#prepare(catalog, this.#declared(catalog, skipFailures, ahead), skipFailures);
  }

  /** The static export: the URLs first (a URL others live under is a folder), then their answers, each route's URLs listed once. */
  declared(catalog: Catalog): DeclaredAnswers {
    const declared = [...this.#declared(catalog, false, false)];
    const { zones, policy } = this.#options;
    return {
      urls: declared.flatMap(([, urls]) => urls),
      answers: () => this.#prepare(catalog, declared, false),
      scopeHeadersAt: (path) => pairs(policy.zoneHeaders(zones.of(path))),
    };
  }

  /** Builds the search index of `catalog`, then prepares its answers ahead: a reload awaits it, then swaps the Catalog in. */
  async warmCatalog(catalog: Catalog): Promise<void> {
    // The search index first: a search before it is ready would build the rest of it at once.
    await warmSearchIndex(catalog);
    await this.#prepareAhead(catalog);
  }

  /**
   * The server answers at once; the caches are built a slice at a time in
   * between requests, starting a moment after `server` listens, so that the
   * first requests (a readiness probe, the first client) do not wait for
   * them. The pictures come after: the slowest to make, and each made when
   * asked.
   */
  warmInBackground(server: Server): void {
    const { store, cache, log } = this.#options;
    const warmSoon = () => {
      const started = performance.now();
      this.#timer = setTimeout(() => {
        void this.warmCatalog(store.catalog)
          .then(
            () => log.info({ answers: cache.size(store.catalog), bytes: cache.bytes(store.catalog), ms: Math.round(performance.now() - started) }, 'answers prepared ahead'),
            (error: unknown) => log.error({ err: error }, 'preparing answers ahead failed; requests prepare their own'),
          )
          .then(() => this.makePictures(store.catalog));
      }, WARM_DELAY_MS);
    };
    if (server.listening) warmSoon();
    else server.once('listening', warmSoon);
  }

  /** Nothing more starts: the service is closing. */
  stop(): void {
    clearTimeout(this.#timer);
  }

  /**
   * Makes the files of `catalog`'s pictures not yet kept, one at a time
   * between requests (the other core keeps serving), until it is made or
   * another Catalog replaces it. A file asked for before its turn is made
   * for that request.
   */
  async makePictures(catalog: Catalog): Promise<void> {
    const { store, pictures, log } = this.#options;
    const started = performance.now();
    try {
      const counts = await pictures.makeAll(catalog, { parallel: 1, pause: pauseEverySlice(), while: () => store.catalog === catalog });
      const fields = { ...counts, ms: Math.round(performance.now() - started), content_version: catalog.version };
      if (counts.failed > 0) log.error(fields, 'some pictures could not be made; requests for them answer an error');
      else log.info(fields, counts.made > 0 ? 'pictures made' : 'pictures ready, every one kept from before');
    } catch (error) {
      // Never thrown at the caller (a reload does not await it): each picture is then made when asked for.
      log.error({ err: error, content_version: catalog.version }, 'making the pictures ahead failed; requests make their own');
    }
  }

  /**
   * Prepares the answers the routes declare, a slice at a time between real
   * requests, until half the cache's budget is used: the rest of the budget
   * is for what clients actually ask.
   */
  async #prepareAhead(catalog: Catalog): Promise<number> {
    const { pipeline, cache } = this.#options;
    const pause = pauseEverySlice();
    let prepared = 0;
    for await (const { url, answer, markdown } of this.prepareAll(catalog, true, true)) {
      pipeline.keep(catalog, pipeline.request(catalog, url), answer);
      if (markdown) pipeline.keep(catalog, pipeline.request(catalog, url, { accept: 'text/markdown' }), markdown);
      prepared += 1;
      if (cache.bytes(catalog) > cache.budgetBytes / 2) break;
      await pause();
    }
    return prepared;
  }

  /** The answers of `declared`, each URL's default one and, for a route that negotiates, its markdown; `skipFailures` as prepareAll's. */
  async *#prepare(catalog: Catalog, declared: Iterable<Declared>, skipFailures: boolean): AsyncIterable<PreparedUrl> {
    const { pipeline, zones, policy, log } = this.#options;
    for (const [route, urls] of declared) {
      for (const url of urls) {
        let answer: PreparedAnswer;
        let markdown: PreparedAnswer | undefined;
        try {
          answer = await pipeline.prepare(pipeline.request(catalog, url));
          markdown = route.negotiates ? await pipeline.prepare(pipeline.request(catalog, url, { accept: 'text/markdown' })) : undefined;
        } catch (error) {
          if (!skipFailures) throw error;
          log.error({ err: error, url }, 'preparing an answer ahead failed');
          continue;
        }
        if (answer.status !== 200) continue;
        const zone = zones.of(pathOf(url));
        yield { url, scopeHeaders: pairs(policy.zoneHeaders(zone)), counted: zone.counted, answer, ...(markdown && !markdown.body.equals(answer.body) ? { markdown } : {}) };
      }
    }
  }

  /** Each route (with `ahead`, each worth preparing ahead) and the URLs it declares over `catalog`, listed as they are taken. */
  *#declared(catalog: Catalog, skipFailures: boolean, ahead: boolean): Generator<Declared> {
    const { router, log } = this.#options;
    for (const route of router.routes) {
      if (ahead && route.preparedAhead === false) continue;
      let urls: readonly string[];
      try {
        urls = route.expand?.(catalog) ?? [];
      } catch (error) {
        if (!skipFailures) throw error;
        log.error({ err: error, route: route.pattern }, 'listing the answers to prepare ahead failed');
        continue;
      }
      yield [route, urls];
    }
  }
}

function pairs(flat: readonly string[]): [string, string][] {
  const list: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) list.push([flat[i]!, flat[i + 1]!]);
  return list;
}
