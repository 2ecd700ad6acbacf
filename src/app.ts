import { apiDoor } from './api/door.js';
import type { ServiceState } from './api/service-facts.js';
import type { Config } from './config/config.js';
import { ContentStore } from './content/store.js';
import type { Catalog } from './content/types.js';
import { discoveryDoor } from './discovery/door.js';
import { createDocuments } from './documents/documents.js';
import { AnswerCache } from './http/answer-cache.js';
import { clientAddressOf } from './http/client-address.js';
import { Pipeline } from './http/pipeline.js';
import { HttpPolicy } from './http/policy.js';
import { quotaPolicy, RateLimiter } from './http/rate-limit.js';
import type { RequestLog } from './http/request-log.js';
import { requestLog } from './http/request-log.js';
import type { Metrics } from './metrics.js';
import type { ContentFeed } from './http/push-hook.js';
import type { DoorDescriptor } from './http/doors.js';
import { Zones } from './http/doors.js';
import { Router } from './http/router.js';
import { Service } from './http/service.js';
import type { Log } from './config/log.js';
import { createLog } from './config/log.js';
import { PictureMaker } from './media/pictures.js';
import { mcpDoor } from './mcp/door.js';
import { siteDoor } from './site/door.js';
import type { DeclaredAnswers, PreparedUrl } from './prepare-ahead.js';
import { AheadOfRequests } from './prepare-ahead.js';


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
  /** The git remote the content follows (CONTENT_GIT), for the webhook and the health record. */
  readonly content?: ContentFeed;
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
   * a markdown GET) gets. `skipFailures`: a failure is logged and skipped.
   * With `ahead`, all but the pictures' files, which are not made then.
   */
  readonly prepareAll: (catalog: Catalog, skipFailures?: boolean, ahead?: boolean) => AsyncIterable<PreparedUrl>;
  /** What the static export writes: every URL the routes declare over `catalog` (those that are no 200 included), then their answers. */
  readonly declared: (catalog: Catalog) => DeclaredAnswers;
  readonly cache: AnswerCache;
  /** What server.ts serves on METRICS_PORT; undefined when it is not set. */
  readonly metrics: Metrics | undefined;
  /** Makes and keeps the files of the content's pictures (src/media/pictures.ts). */
  readonly pictures: PictureMaker;
  /** Makes, in the background, the files of the pictures of `catalog` (a reloaded one) not kept yet. */
  readonly makePictures: (catalog: Catalog) => Promise<void>;
}

/**
 * Composes the service: the doors over a ContentStore, mounted in one
 * router and one pipeline every request goes through (with the HTTP policy,
 * the quota and the answer cache), and what is made ahead of requests.
 * Nothing listens until `server.listen`.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const store = new ContentStore(options.catalog);
  const log = createLog(config.logLevel, options.logStream);
  const limiter = options.limiter ?? (await quotaOf(config, log));
  const policy = new HttpPolicy({ baseUrl: config.baseUrl, quota: limiter.policy, ...(config.deprecation ? { deprecation: config.deprecation } : {}) });
  // Only a deployment that serves metrics (METRICS_PORT) loads prom-client and counts.
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : new (await import('./metrics.js')).Metrics({ store, quotaStore: () => limiter.storeState(), redis: config.redisUrl !== undefined });
  // What the site's pictures are made into, kept in IMAGE_CACHE_DIR: made when first asked for, or ahead.
  const pictures = new PictureMaker(config.imageCacheDir, (error, file) => log.warn({ err: error, file }, 'a made picture could not be kept in IMAGE_CACHE_DIR; it will be made again'));
  const clientAddress = clientAddressOf(config.trustProxy);
  const doors = doorsOf(config, log, limiter, metrics, pictures, { content: options.content, clientOf: (request) => (request.body ? clientAddress(request.body) : 'in-process') });
  const zones = new Zones(doors);
  // Each route answers only the paths of its own area: the site's catch-all never takes a path under /api or /mcp.
  const router = new Router(zones).add(...doors.flatMap((door) => door.routes));
  const cache = new AnswerCache(config.answerCacheBytes);
  const requestLogged = metrics ? answered(requestLog(log), metrics) : requestLog(log);
  const pipeline = new Pipeline({ store, router, policy, limiter, cache, clientAddress, zones, log, requestLog: requestLogged });
  const ahead = new AheadOfRequests({ store, pipeline, router, zones, policy, cache, pictures, log });

  const server = options.service ?? new Service(config);
  server.attach({
    handle: pipeline.handle,
    refusal: (problem, path) => pipeline.refusal(problem, path),
    onClosing: () => pipeline.closing(),
    onClose: async () => {
      ahead.stop();
      await limiter.close();
    },
  });
  if (options.warmInBackground) ahead.warmInBackground(server.server);
  else if (options.warm !== false) await ahead.warmCatalog(store.catalog);

  return {
    server,
    store,
    log,
    router,
    zones,
    warmCatalog: (catalog) => ahead.warmCatalog(catalog),
    prepareAll: (catalog, skipFailures, onlyAhead) => ahead.prepareAll(catalog, skipFailures, onlyAhead),
    declared: (catalog) => ahead.declared(catalog),
    cache,
    metrics,
    pictures,
    makePictures: (catalog) => ahead.makePictures(catalog),
  };
}

/**
 * One quota per client address; with REDIS_URL every instance counts in the
 * same Redis, whose client is loaded only by a deployment that names one.
 */
async function quotaOf(config: Config, log: Log): Promise<RateLimiter> {
  const shared = config.redisUrl === undefined ? undefined : await (await import('./http/redis-store.js')).createSharedStore(config.redisUrl, log);
  return new RateLimiter(quotaPolicy(config), shared);
}

/** The doors, each mounted from its own descriptor: its routes, the areas of the paths it owns, how it words a failure. */
function doorsOf(config: Config, log: Log, limiter: RateLimiter, metrics: Metrics | undefined, pictures: PictureMaker, feed: Pick<ServiceState, 'content' | 'clientOf'>): readonly DoorDescriptor[] {
  // Every published document described once, for every door.
  const documents = createDocuments(config);
  return [
    apiDoor({ limiter, deprecation: config.deprecation, ...feed }),
    mcpDoor(config, log, documents, metrics && ((tool, outcome) => metrics.toolCalled(tool, outcome))),
    discoveryDoor(limiter.policy),
    siteDoor(config, pictures, documents),
  ];
}

/** Each answer goes to the access log and to the metrics. */
function answered(log: RequestLog, metrics: Metrics): RequestLog {
  return (method, route, status, started) => {
    log(method, route, status, started);
    metrics.answered(method, route, status, (performance.now() - started) / 1000);
  };
}
