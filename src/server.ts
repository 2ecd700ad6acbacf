/**
 * The running service: `serve(config, options)` listens, loads the content,
 * builds the app, and from then on reloads the content on SIGHUP (and on file
 * changes with `watch`) and stops gracefully on SIGTERM and SIGINT.
 * `vitrine serve` (src/cli/serve.ts) reads the command line and the
 * environment into the Config it is given.
 */
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { buildApp } from './app.js';
import type { App } from './app.js';
import type { Config } from './config/config.js';
import { pictureSettings, withBoundPort } from './config/config.js';
import { ConfigError } from './config/parse.js';
import { loadCatalog } from './content/load.js';
import type { ReloadOutcome } from './content/reload.js';
import { Reloader } from './content/reload.js';
import { cacheDirProblem } from './media/pictures.js';
import type { Catalog } from './content/types.js';
import { Service } from './http/service.js';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentFeed } from './http/push-hook.js';
import type { Metrics } from './metrics.js';

/** How long in-flight requests may take to finish once a shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Editors write a file in several steps; one reload follows a burst of changes. */
const WATCH_DEBOUNCE_MS = 150;

export interface ServeOptions {
  /** Reload the content whenever a file in its folder changes (SIGHUP reloads it either way). */
  readonly watch: boolean;
  /** Content published from a git remote (CONTENT_GIT): its commit is checked out in the Config's contentDir. */
  readonly content?: ContentSource;
}

/** A source of content that changes by itself (a git remote), followed once the service answers. */
export interface ContentSource extends ContentFeed {
  /** From now on, each new commit that passes the check is put in force through `swap`; `baseUrl` is the one bound. */
  follow(options: { readonly swap: (reason: string, catalog: Catalog) => Promise<unknown>; readonly baseUrl: string; readonly metrics: Metrics | undefined }): void;
  /** Stops a fetch under way and every timer; resolves once nothing runs. */
  stop(): Promise<void>;
}

/**
 * Starts the service and resolves once it answers (and the metrics listener
 * listens with it, when METRICS_PORT is set). It then runs until SIGTERM or SIGINT,
 * which end the process. A failure to start (the content, a port in use)
 * rejects, after releasing whatever was already open, so nothing keeps the
 * process alive.
 */
export async function serve(settings: Config, options: ServeOptions): Promise<void> {
  const { content } = options;
  const { app, config, address } = await start(settings, content).catch(async (error: unknown) => {
    await content?.stop();
    throw error;
  });
  const pictures = pictureSettings(config);
  const { server, store, warmCatalog, log, metrics, makePictures } = app;
  const catalog = store.catalog;

  const reloader = new Reloader({
    store,
    dir: config.contentDir,
    baseUrl: config.baseUrl,
    pictures,
    warm: warmCatalog,
    log,
    onReload: (outcome: ReloadOutcome, loaded: Catalog | undefined) => {
      metrics?.reloaded(outcome.ok, loaded?.loaded_at);
      // New pictures are made in the background, as at start-up; until then each is made when asked for.
      if (loaded) void makePictures(loaded);
    },
  });
  // Metrics on a listener of their own (off by default): the public port never serves them.
  const metricsServer = metrics && config.metricsPort !== undefined ? createServer((await import('./metrics.js')).metricsHandler(metrics)) : undefined;
  let watcher: FSWatcher | undefined;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Stop accepting, answer every request already written with `Connection: close`
    // (see Service.close), close Redis through the app's onClose hooks.
    log.info({ signal, grace_ms: SHUTDOWN_GRACE_MS }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error({ grace_ms: SHUTDOWN_GRACE_MS }, 'requests still running after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    watcher?.close();
    metricsServer?.close();
    // A fetch under way stops at once; the commit in force keeps answering until the last request.
    await content?.stop();
    await server.close();
    log.info({}, 'stopped');
    process.exit(0);
  };
  const onHangUp = () => (content ? content.fetch('SIGHUP') : void reloader.reload('SIGHUP'));
  const onInterrupt = () => void close('SIGINT');
  const onTerminate = () => void close('SIGTERM');
  process.on('SIGHUP', onHangUp);
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onTerminate);

  try {
    if (options.watch) watcher = watchContent(config.contentDir, reloader, log);
    content?.follow({ swap: (reason, loaded) => reloader.swap(reason, loaded), baseUrl: config.baseUrl, metrics });

    // RFC 8594 section 3: a Sunset in the past tells clients the version may stop answering at any
    // moment. It keeps being served, with its headers, until the operator removes it: the log says so.
    if (config.deprecation && config.deprecation.sunset.getTime() <= Date.now()) {
      log.warn({ sunset: config.deprecation.sunset.toISOString() }, 'SUNSET_DATE is past: this version is served after its announced end; switch it off or remove the deprecation settings');
    }
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    log.info({}, `Server listening at http://${shown}:${address.port}`);
    if (metricsServer && config.metricsPort !== undefined) await listenMetrics(metricsServer, config.metricsPort, config.metricsHost, log);
  } catch (error) {
    process.off('SIGHUP', onHangUp);
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onTerminate);
    watcher?.close();
    metricsServer?.close();
    await content?.stop();
    await server.close();
    throw error;
  }
  log.info(
    {
      base_url: config.baseUrl,
      content: config.contentDir,
      content_version: catalog.version,
      documents: catalog.products.length + catalog.posts.length + catalog.pages.length,
      watch: options.watch,
    },
    'vitrine is serving',
  );
}

/**
 * Listens, then loads the content and builds the app over it. Listening
 * comes first: a port in use stops start-up before the content is read,
 * BASE_URL's default names the port bound (PORT=0), and a client that
 * connects while the content loads waits for its answer rather than being
 * refused. A failure closes what was opened.
 */
async function start(settings: Config, content: ContentFeed | undefined): Promise<{ app: App; config: Config; address: AddressInfo }> {
  const cacheProblem = await cacheDirProblem(settings.imageCacheDir);
  if (cacheProblem !== undefined) throw new ConfigError('IMAGE_CACHE_DIR', cacheProblem);
  const service = new Service(settings);
  const address = await service.listen({ port: settings.port, host: settings.host });
  const config = withBoundPort(settings, address.port);
  try {
    const catalog = await loadCatalog({ dir: config.contentDir, baseUrl: config.baseUrl, pictures: pictureSettings(config) });
    return { app: await buildApp({ config, catalog, warmInBackground: true, service, ...(content ? { content } : {}) }), config, address };
  } catch (error) {
    await service.close();
    throw error;
  }
}

/** Reloads the content once a burst of changes in its folder is over. */
function watchContent(dir: string, reloader: Reloader, log: App['log']): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reloader.reload('file change'), WATCH_DEBOUNCE_MS);
  });
  watcher.on('error', (error) => log.error({ err: error }, 'watching the content folder failed; SIGHUP still reloads'));
  return watcher;
}

/** The metrics listener on METRICS_PORT; a port it cannot bind is a configuration error. */
async function listenMetrics(metricsServer: Server, port: number, host: string, log: App['log']): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    metricsServer.once('error', (error: Error) => reject(new ConfigError('METRICS_PORT', error.message)));
    metricsServer.listen(port, host, () => resolve());
  });
  const bound = metricsServer.address() as AddressInfo;
  log.info({}, `Metrics at http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}/metrics`);
}
