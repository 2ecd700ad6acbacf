import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerApiRoutes } from './api/routes.js';
import type { Config } from './config.js';
import { ContentStore } from './content/store.js';
import type { Catalog } from './content/types.js';
import { clientErrorHandler } from './http/client-error.js';
import { installHttpPolicy } from './http/policy.js';
import { installRequestLog } from './http/request-log.js';
import { PROBLEM_MEDIA_TYPE, ProblemError, problemDocument } from './http/problem.js';
import { pathOf } from './http/scope.js';
import { PUBLIC_READ, RateLimiter } from './http/rate-limit.js';
import { warmSearchIndex } from './search/index.js';
import { registerDiscoveryRoutes } from './discovery/routes.js';
import { registerMcpRoutes } from './mcp/routes.js';
import { registerSiteRoutes } from './site/routes.js';
import { collectGetRoutes, PrecomputedAnswers, uncountedLimiter } from './precompute/answers.js';
import { fastPath, precomputedServerFactory } from './precompute/fast-path.js';

export interface AppOptions {
  readonly config: Config;
  readonly catalog: Catalog;
  /** Tests pass their own (a short window, a fake clock). */
  readonly limiter?: RateLimiter;
  /** Where log lines go instead of standard output (tests read them); LOG_LEVEL still applies. */
  readonly logStream?: { write(line: string): void };
  /** False for the app precompute renders answers with (src/precompute/answers.ts): it keeps none of its own. */
  readonly precompute?: boolean;
  /**
   * Build the search index and precomputed answers after returning, so the
   * server starts answering at once (the entry point does); tests await them.
   */
  readonly warmInBackground?: boolean;
}

export interface App {
  readonly server: FastifyInstance;
  readonly store: ContentStore;
  /**
   * Builds every per-Catalog cache of `catalog` (the search index, the
   * precomputed answers): a reload awaits it, then swaps the Catalog in.
   */
  readonly warmCatalog: (catalog: Catalog) => Promise<void>;
  /** The precomputed answers of each Catalog warmed (none when `precompute` is false). */
  readonly answers: PrecomputedAnswers;
}

/**
 * Builds the whole service as a Fastify instance that does not listen: the
 * server entry point listens, tests call `inject()` or listen on a port.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const store = new ContentStore(options.catalog);
  const precompute = options.precompute ?? true;
  // Precomputed answers are served before Fastify's router (issue 8).
  const fastServer = precompute ? precomputedServerFactory() : undefined;

  const server = Fastify({
    ...(fastServer ? { serverFactory: fastServer.factory } : {}),
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One access-log line per request (src/http/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Generated ids are logged with each request; never taken from the client.
    requestIdHeader: false,
    // Allow "/api/v1/" as well as "/api/v1".
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: clientErrorHandler(config.baseUrl),
    // Slow clients (slowloris) are cut off: the head must arrive within headersTimeout, checked every
    // second rather than node:http's default 30 s; the whole request within requestTimeout.
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs) },
    // A path Fastify cannot decode (bad percent-encoding) is the client's error.
    frameworkErrors: (_error, request, rawReply) => {
      const reply = rawReply as unknown as FastifyReply;
      reply.header('access-control-allow-origin', '*').header('x-content-type-options', 'nosniff');
      reply.code(400).header('cache-control', 'no-store').type(PROBLEM_MEDIA_TYPE);
      void reply.send(
        JSON.stringify(
          problemDocument(
            new ProblemError('invalid_parameter', {
              detail: 'The request path is not valid percent-encoded UTF-8.',
              hint: 'Encode the path as UTF-8 and percent-encode each byte outside A-Z, a-z, 0-9 and "-._~", e.g. GET /api/v1/posts.',
              extensions: { parameter: 'path', accepted: 'a percent-encoded UTF-8 path' },
            }),
            config.baseUrl,
            pathOf(request.url).slice(0, 200),
          ),
        ),
      );
    },
  });

  // SPEC.md section 8: one quota per client address; with REDIS_URL every instance counts in the same Redis.
  // The Redis client is loaded only by a deployment that names one.
  const limiter =
    options.limiter ??
    new RateLimiter(PUBLIC_READ, config.redisUrl === undefined ? undefined : await (await import('./http/redis-store.js')).createSharedStore(config.redisUrl, server.log));
  server.addHook('onClose', async () => limiter.close());

  const routes = collectGetRoutes(server);
  installRequestLog(server);
  installHttpPolicy(server, { baseUrl: config.baseUrl, limiter, ...(config.deprecation ? { deprecation: config.deprecation } : {}) });
  const answers = new PrecomputedAnswers({
    routes,
    renderer: async (catalog) =>
      // Its only client is this process, over a private socket: the cap on connections is for the public one.
      (await buildApp({ config: { ...config, logLevel: 'silent', maxConnections: Infinity }, catalog, limiter: uncountedLimiter(limiter.policy), precompute: false }))
        .server,
  });
  // Learned /api/v1 answers are counted, which the fast path does only when the socket is the client (no TRUST_PROXY).
  if (precompute && config.trustProxy === false) learnAnswers(server, store, answers);
  registerApiRoutes(server, { store, service: { limiter, deprecation: config.deprecation } });
  registerMcpRoutes(server, { store, config });
  registerSiteRoutes(server, { store, config });
  registerDiscoveryRoutes(server, { store });

  // More open connections than this are closed on arrival, before they cost a request's memory.
  server.server.maxConnections = config.maxConnections;

  const warmCatalog = async (catalog: Catalog): Promise<void> => {
    // The search index first: a search before it is ready would build the rest of it at once.
    await warmSearchIndex(catalog);
    if (precompute) await answers.warm(catalog);
  };
  if (options.warmInBackground) {
    // Once listening, the server answers at once through the uncached path,
    // while the caches are built a slice at a time in between requests; the
    // fast path takes over each answer as soon as the Catalog's set is ready.
    // It starts a moment after listening, so that the first requests (an
    // orchestrator's readiness probe, the first client) do not wait for it.
    let timer: NodeJS.Timeout | undefined;
    server.addHook('onClose', async () => clearTimeout(timer));
    server.addHook('onListen', (done) => {
      const started = performance.now();
      timer = setTimeout(() => {
        void warmCatalog(store.catalog).then(
          () => server.log.info({ answers: answers.get(store.catalog)?.size ?? 0, ms: Math.round(performance.now() - started) }, 'precomputed answers ready'),
          (error: unknown) => server.log.error({ err: error }, 'precomputing answers failed; every request takes the uncached path'),
        );
      }, WARM_DELAY_MS);
      done();
    });
  }

  await server.ready();
  if (!options.warmInBackground) await warmCatalog(store.catalog);
  fastServer?.install(fastPath({ store, answers, limiter, socketIsClient: config.trustProxy === false, log: server.log }));
  return { server, store, warmCatalog, answers };
}

/**
 * Offers each 200 GET answer under /api/v1 to `answers.learn` (filtered
 * lists, searches), once the policy has written its headers, so the fast
 * path serves the next request for the same URL. Only when the Catalog it
 * was computed over is still the one in force.
 */
function learnAnswers(server: FastifyInstance, store: ContentStore, answers: PrecomputedAnswers): void {
  const catalogs = new WeakMap<object, Catalog>();
  server.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && request.scope === 'api') catalogs.set(request.raw, store.catalog);
  });
  server.addHook('onSend', async (request, reply, payload) => {
    const catalog = catalogs.get(request.raw);
    if (catalog === store.catalog && reply.statusCode === 200 && (typeof payload === 'string' || payload instanceof Uint8Array)) {
      answers.learn(catalog, request.url, { statusCode: 200, headers: reply.getHeaders(), body: Buffer.from(payload) });
    }
    return payload;
  });
}

/** How long after listening the background warm-up starts. */
const WARM_DELAY_MS = 250;

/** Fastify's form of TRUST_PROXY: a hop count becomes "trust the nearest N hops". */
function fastifyTrustProxy(setting: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  if (typeof setting === 'boolean') return setting;
  return setting.join(',');
}
