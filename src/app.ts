import { apiDoor } from './api/routes.js';
import type { Config } from './config.js';
import { ContentStore } from './content/store.js';
import type { Catalog } from './content/types.js';
import { discoveryDoor } from './discovery/routes.js';
import { AnswerCache } from './http/answer-cache.js';
import { clientAddressOf } from './http/client-address.js';
import { pauseEverySlice } from './util/pause.js';
import { Pipeline } from './http/pipeline.js';
import { HttpPolicy } from './http/policy.js';
import type { PreparedAnswer } from './http/prepared.js';
import { quotaPolicy, RateLimiter } from './http/rate-limit.js';
import type { RequestLog } from './http/request-log.js';
import { requestLog } from './http/request-log.js';
import type { Metrics } from './metrics.js';
import { pathOf } from './http/request.js';
import type { DoorDescriptor } from './http/door.js';
import { Zones } from './http/door.js';
import type { Route } from './http/router.js';
import { Router } from './http/router.js';
import { Service } from './http/service.js';
import type { Log } from './log.js';
import { createLog } from './log.js';
import { PictureMaker } from './media/pictures.js';
import { mcpDoor } from './mcp/routes.js';
import { warmSearchIndex } from './search/index.js';
import { siteDoor } from './site/routes.js';

export interface AppOptions {
  readonly config: Config;
  readonly catalog: Catalog;
  /** Tests pass their own (a short window, a fake clock). */
  readonly limiter?: RateLimiter;
  /** Where log lines go instead of standard output (tests read them); LOG_LEVEL still applies. */
  readonly logStream?: { write(line: string): void };
  /**
   * Build the search index and the answers prepared ahead after returning,
   * so the server starts answering at once (the entry point does); tests
   * await them.
   */
  readonly warmInBackground?: boolean;
  /** False when nothing will be served (the static export): no index or answers are built ahead. */
  readonly warm?: boolean;
  /**
   * A service already listening (server.ts listens before it loads the
   * content): the requests waiting on it go to this app's pipeline.
   */
  readonly service?: Service;
}

export interface App {
  readonly server: Service;
  readonly store: ContentStore;
  readonly log: Log;
  /** Every route of every door. */
  readonly router: Router;
  /** Which door owns a path, and how the pipeline treats it there. */
  readonly zones: Zones;
  /**
   * Builds the search index of `catalog` and prepares its answers ahead of
   * requests: a reload awaits it, then swaps the Catalog in.
   */
  readonly warmCatalog: (catalog: Catalog) => Promise<void>;
  /**
   * Every URL the routes declare over `catalog`, with the answers a GET (and
   * a markdown GET) gets: the static export. With `ahead`, all but the
   * pictures' files, which are not made then.
   */
  readonly prepareAll: (catalog: Catalog, skipFailures?: boolean, ahead?: boolean) => AsyncIterable<PreparedUrl>;
  /** The URLs prepareAll goes through, without preparing their answers (those that are no 200 included). */
  readonly declaredUrls: (catalog: Catalog) => readonly string[];
  readonly cache: AnswerCache;
  /** What server.ts serves on METRICS_PORT; undefined when it is not set. */
  readonly metrics: Metrics | undefined;
  /** Makes and keeps the files of the content's pictures (src/media/pictures.ts). */
  readonly pictures: PictureMaker;
  /** Makes, in the background, the files of the pictures of `catalog` (a reloaded one) not kept yet. */
  readonly makePictures: (catalog: Catalog) => Promise<void>;
}

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

/**
 * Composes the service: the doors' routes in one router, the HTTP policy,
 * the quota, the answer cache and the pipeline every request goes through.
 * Nothing listens until `server.listen`.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const store = new ContentStore(options.catalog);
  const log = createLog(config.logLevel, options.logStream);

  // One quota per client address; with REDIS_URL every instance counts in the same Redis.
  // The Redis client is loaded only by a deployment that names one.
  const quota = quotaPolicy(config);
  const limiter =
    options.limiter ??
    new RateLimiter(quota, config.redisUrl === undefined ? undefined : await (await import('./http/redis-store.js')).createSharedStore(config.redisUrl, log));
  const policy = new HttpPolicy({ baseUrl: config.baseUrl, quota: limiter.policy, ...(config.deprecation ? { deprecation: config.deprecation } : {}) });

  // Only a deployment that serves metrics (METRICS_PORT) loads prom-client and counts.
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : new (await import('./metrics.js')).Metrics({ store, quotaStore: () => limiter.storeState(), redis: config.redisUrl !== undefined });
  // What the site's pictures are made into, kept in IMAGE_CACHE_DIR: made when first asked for, or ahead by `makePictures`.
  const pictures = new PictureMaker(config.imageCacheDir, (error, file) => log.warn({ err: error, file }, 'a made picture could not be kept in IMAGE_CACHE_DIR; it will be made again'));
  // The doors, each mounted from its own descriptor: its routes, the areas of the paths it owns, how it words a failure.
  const doors: readonly DoorDescriptor[] = [
    apiDoor({ limiter, deprecation: config.deprecation }),
    mcpDoor(config, log, metrics && ((tool, outcome) => metrics.toolCalled(tool, outcome))),
    discoveryDoor(limiter.policy),
    siteDoor(config, pictures),
  ];
  const zones = new Zones(doors);
  // Each route answers only the paths of its own area: the site's catch-all never takes a path under /api or /mcp.
  const router = new Router(zones).add(...doors.flatMap((door) => door.routes));
  const cache = new AnswerCache(config.answerCacheBytes);
  const pipeline = new Pipeline({
    store,
    router,
    policy,
    limiter,
    cache,
    clientAddress: clientAddressOf(config.trustProxy),
    zones,
    log,
    requestLog: metrics ? answered(requestLog(log), metrics) : requestLog(log),
  });

  let warmTimer: NodeJS.Timeout | undefined;
  const server = options.service ?? new Service(config);
  server.attach({
    handle: pipeline.handle,
    refusal: (problem, path) => pipeline.refusal(problem, path),
    onClosing: () => pipeline.closing(),
    onClose: async () => {
      clearTimeout(warmTimer);
      await limiter.close();
    },
  });

  /**
   * `skipFailures`: a route or URL that fails is logged and left to requests (which will answer its error), not thrown.
   * `ahead`: only the routes whose answers are worth preparing ahead of requests (not the pictures).
   */
  async function* prepareAll(catalog: Catalog, skipFailures = false, ahead = false): AsyncIterable<PreparedUrl> {
    for (const [route, urls] of declared(catalog, skipFailures, ahead)) {
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

  /** Each route (with `ahead`, each worth preparing ahead) and the URLs it declares over `catalog`; `skipFailures` as prepareAll's. */
  function* declared(catalog: Catalog, skipFailures: boolean, ahead: boolean): Generator<readonly [Route, readonly string[]]> {
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

  /**
   * Prepares the answers the routes declare, a slice at a time between real
   * requests, until half the cache's budget is used: the rest of the budget
   * is for what clients actually ask.
   */
  async function prepareAhead(catalog: Catalog): Promise<number> {
    const pause = pauseEverySlice();
    let prepared = 0;
    for await (const { url, answer, markdown } of prepareAll(catalog, true, true)) {
      pipeline.keep(catalog, pipeline.request(catalog, url), answer);
      if (markdown) pipeline.keep(catalog, pipeline.request(catalog, url, { accept: 'text/markdown' }), markdown);
      prepared += 1;
      if (cache.bytes(catalog) > cache.budgetBytes / 2) break;
      await pause();
    }
    return prepared;
  }

  const warmCatalog = async (catalog: Catalog): Promise<void> => {
    // The search index first: a search before it is ready would build the rest of it at once.
    await warmSearchIndex(catalog);
    await prepareAhead(catalog);
  };

  /**
   * Makes the files of `catalog`'s pictures not yet kept, one at a time
   * between requests (the other core keeps serving), until it is made or
   * another Catalog replaces it. A file asked for before its turn is made
   * for that request.
   */
  const makePictures = async (catalog: Catalog): Promise<void> => {
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
  };

  if (options.warmInBackground) {
    // The server answers at once; the caches are built a slice at a time in
    // between requests, starting a moment after listening, so that the first
    // requests (a readiness probe, the first client) do not wait for them.
    // The pictures come after: the slowest to make, and each made when asked.
    const warmSoon = () => {
      const started = performance.now();
      warmTimer = setTimeout(() => {
        void warmCatalog(store.catalog)
          .then(
            () => log.info({ answers: cache.size(store.catalog), bytes: cache.bytes(store.catalog), ms: Math.round(performance.now() - started) }, 'answers prepared ahead'),
            (error: unknown) => log.error({ err: error }, 'preparing answers ahead failed; requests prepare their own'),
          )
          .then(() => makePictures(store.catalog));
      }, WARM_DELAY_MS);
    };
    if (server.server.listening) warmSoon();
    else server.server.once('listening', warmSoon);
  } else if (options.warm !== false) {
    await warmCatalog(store.catalog);
  }

  return { server, store, log, router, zones, warmCatalog, prepareAll, declaredUrls: (catalog: Catalog) => [...declared(catalog, false, false)].flatMap(([, urls]) => urls), cache, metrics, pictures, makePictures };
}

/** Each answer goes to the access log and to the metrics. */
function answered(log: RequestLog, metrics: Metrics): RequestLog {
  return (method, route, status, started) => {
    log(method, route, status, started);
    metrics.answered(method, route, status, (performance.now() - started) / 1000);
  };
}

function pairs(flat: readonly string[]): [string, string][] {
  const list: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) list.push([flat[i]!, flat[i + 1]!]);
  return list;
}

/** How long after listening the background warm-up starts. */
const WARM_DELAY_MS = 250;
