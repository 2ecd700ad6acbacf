import type { RequestListener } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ContentStore } from './content/store.js';
import type { QuotaStoreState } from './http/rate-limit.js';

/**
 * What an operator watches (Prometheus text format, served on its own
 * listener by server.ts when METRICS_PORT is set, never on the public port):
 * every answer by route pattern, method and status whatever produced it (a
 * kept answer, a door, an error, a 429), the quota's refusals, MCP tool calls
 * by tool and outcome, the content in force and its reloads, whether Redis
 * counts the quota, and Node's own process metrics. One registry per app, so
 * two apps in one process (the tests) keep their counts apart.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'route' | 'method' | 'status'>;
  readonly #durations: Histogram<'route' | 'method' | 'status'>;
  readonly #rejections: Counter;
  readonly #toolCalls: Counter<'tool' | 'outcome'>;
  readonly #reloads: Counter<'outcome'>;
  readonly #lastReload: Gauge;
  readonly #git: { readonly switches: Counter; readonly refusals: Counter; readonly fetches: Histogram<'outcome'>; readonly commit: Gauge<'commit'> };

  constructor(options: { readonly store: ContentStore; readonly quotaStore: () => QuotaStoreState; readonly redis: boolean }) {
    const registers = [this.registry];
    this.#requests = new Counter({ name: 'http_requests_total', help: 'Answers sent, by route pattern (none: no route matched), method and status.', labelNames: ['route', 'method', 'status'], registers });
    this.#durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request\u2019s arrival to its answer handed to the socket, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.#rejections = new Counter({ name: 'quota_rejections_total', help: 'Requests refused with 429 because their client address used up its quota.', registers });
    this.#toolCalls = new Counter({ name: 'mcp_tool_calls_total', help: 'MCP tools/call requests, by tool and outcome (ok, tool_error: an isError result, error: a JSON-RPC error).', labelNames: ['tool', 'outcome'], registers });
    this.#reloads = new Counter({ name: 'content_reloads_total', help: 'Content reloads (SIGHUP, --watch), by outcome (ok, failed).', labelNames: ['outcome'], registers });
    this.#lastReload = new Gauge({ name: 'content_last_good_load_timestamp_seconds', help: 'When the content in force was loaded (Unix seconds).', registers });
    this.#lastReload.set(Date.parse(options.store.catalog.loaded_at) / 1000);
    new Gauge({
      name: 'content_documents',
      help: 'Published documents in force, by kind.',
      labelNames: ['kind'],
      registers,
      collect() {
        const { catalog } = options.store;
        this.set({ kind: 'product' }, catalog.products.length);
        this.set({ kind: 'post' }, catalog.posts.length);
        this.set({ kind: 'page' }, catalog.pages.length);
      },
    });
    new Gauge({
      name: 'quota_redis_connected',
      help: 'With REDIS_URL: 1 while Redis counts the quota, 0 while each instance counts alone. Absent without REDIS_URL.',
      registers: options.redis ? registers : [],
      collect() {
        this.set(options.quotaStore() === 'redis' ? 1 : 0);
      },
    });
    // Content from git (CONTENT_GIT): each instance counts its own switches, refusals and fetches.
    this.#git = {
      switches: new Counter({ name: 'content_git_switches_total', help: 'Switches to another commit of CONTENT_GIT, after it passed the content check.', registers }),
      refusals: new Counter({ name: 'content_git_refusals_total', help: 'Commits of CONTENT_GIT refused because the content check found an error.', registers }),
      fetches: new Histogram({ name: 'content_git_fetch_seconds', help: 'Time of a fetch of CONTENT_GIT, checkout included, by outcome (ok, failed).', labelNames: ['outcome'], buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120], registers }),
      commit: new Gauge({ name: 'content_git_commit_info', help: 'The commit of CONTENT_GIT served (1 on its label).', labelNames: ['commit'], registers }),
    };
    collectDefaultMetrics({ register: this.registry });
  }

  /** A fetch of CONTENT_GIT ended. */
  gitFetched(ok: boolean, seconds: number): void {
    this.#git.fetches.observe({ outcome: ok ? 'ok' : 'failed' }, seconds);
  }

  /** The commit served changed (`switched`: from another one) or a commit was refused. */
  gitCommit(event: 'served' | 'switched' | 'refused', commit: string): void {
    if (event === 'refused') return void this.#git.refusals.inc();
    if (event === 'switched') this.#git.switches.inc();
    this.#git.commit.reset();
    this.#git.commit.set({ commit }, 1);
  }

  /** One answer sent: `route` is the pattern, or null when no route matched. */
  answered(method: string, route: string | null, status: number, seconds: number): void {
    const labels = { route: route ?? 'none', method, status: String(status) };
    this.#requests.inc(labels);
    this.#durations.observe(labels, seconds);
    if (status === 429) this.#rejections.inc();
  }

  toolCalled(tool: string, outcome: 'ok' | 'tool_error' | 'error'): void {
    this.#toolCalls.inc({ tool, outcome });
  }

  reloaded(ok: boolean, loadedAt?: string): void {
    this.#reloads.inc({ outcome: ok ? 'ok' : 'failed' });
    if (ok && loadedAt) this.#lastReload.set(Date.parse(loadedAt) / 1000);
  }
}

/** The metrics listener's one route: GET /metrics in Prometheus' text format; anything else is a 404. */
export function metricsHandler(metrics: Metrics): RequestListener {
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8', ...(path === '/metrics' ? { allow: 'GET, HEAD' } : {}) });
      response.end(path === '/metrics' ? 'GET /metrics\n' : 'Only /metrics is served here.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('The metrics could not be collected.\n');
      },
    );
  };
}
