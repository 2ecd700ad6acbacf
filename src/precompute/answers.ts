import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { perCatalog } from '../content/per-catalog.js';
import { ENDPOINTS, API_PREFIX } from '../api/endpoints.js';
import type { Catalog } from '../content/types.js';
import { CACHE_POLICY } from '../http/caching.js';
import { NOT_MODIFIED_OMITS } from '../http/policy.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { RateLimiter } from '../http/rate-limit.js';
import type { Scope } from '../http/scope.js';
import { scopeOf } from '../http/scope.js';
import { mirrorFiles } from '../site/mirrors.js';
import { pageRoutes, sitePath } from '../site/site-map.js';
import type { Coding } from './encoding.js';
import { compress } from './encoding.js';
import { LruCache } from '../http/lru.js';
import { pauseEverySlice } from '../http/pause.js';

/**
 * Precomputed answers (issue 8): the content changes only when a new Catalog
 * is loaded, so every GET answer that does not depend on the request is
 * produced once per Catalog, by the uncached path itself (each URL is
 * requested of an app built over that Catalog: the same routes, hooks and
 * policy, never a second copy of them), and kept with its ETag and its
 * compressed forms. The fast path (fast-path.ts) then only picks one and adds
 * the per-request headers: the quota.
 *
 * Left to the routes: the health record (its quota store state changes while
 * the Catalog does not), filtered and paged lists (their query strings are
 * unbounded), search, MCP and every error.
 */

/** Headers that belong to one request or one connection, never to the answer kept. */
const PER_REQUEST = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
/** The quota headers (CONTRACT.md, "Headers"): counted per request, written where the policy writes them. */
const QUOTA = new Set(['ratelimit-policy', 'ratelimit', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']);

/** Answers whose body changes while the Catalog does not: the quota store's state is in the health record. */
const DYNAMIC = new Set([`${API_PREFIX}/health`, '/healthz']);

type Header = readonly [name: string, value: string];

/** Response headers, flat `[name, value, ...]` as `writeHead` takes them: those before the quota headers, those after, and all. */
export interface HeaderList {
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly all: readonly string[];
}

/** One representation (one content coding) of an answer, ready to write. */
export interface Representation {
  readonly coding: Coding;
  readonly body: Buffer;
  readonly etag: string;
  readonly ok: HeaderList;
  /** The 304's (RFC 9110 section 15.4.5): the same, less NOT_MODIFIED_OMITS. */
  readonly notModified: HeaderList;
}

/** A 200 GET answer of the uncached path, and its compressed forms (made on first use, then kept). */
export class PrecomputedAnswer {
  readonly #headers: readonly Header[];
  /** Where the quota headers go in #headers (the policy writes them before the route's own). */
  readonly #quotaAt: number;
  readonly #representations = new Map<Coding, Representation | null>();

  constructor(
    readonly url: string,
    readonly scope: Scope,
    readonly status: number,
    headers: readonly Header[],
    readonly body: Buffer,
    quotaAt: number,
  ) {
    // Every answer kept is text, so every one has a compressed form a cache must tell apart (RFC 9110 section 12.5.5).
    const vary = headers.find(([name]) => name === 'vary');
    const varies = vary !== undefined && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary[1]);
    this.#headers = varies ? headers : vary ? headers.map(([n, v]) => (n === 'vary' ? [n, `${v}, Accept-Encoding`] : [n, v])) : [...headers, ['vary', 'Accept-Encoding']];
    this.#quotaAt = quotaAt;
    this.#representations.set('identity', this.#represent('identity', body));
  }

  /** The headers the uncached path sent, less those of one request (Date, the quota); Vary names Accept-Encoding. */
  get headers(): readonly Header[] {
    return this.#headers;
  }

  /** Whether the quota headers go in (the answer is under /api/v1). */
  get counted(): boolean {
    return this.scope === 'api';
  }

  /** The representation in `coding`, or undefined when that coding would not make the body smaller. */
  representation(coding: Coding): Representation | undefined {
    let representation = this.#representations.get(coding);
    if (representation === undefined) {
      // Compressed on first use, once per Catalog: a large content folder would otherwise pay for every form of every page at start-up.
      const body = compress(this.body, coding as Exclude<Coding, 'identity'>);
      representation = body.length < this.body.length ? this.#represent(coding, body) : null;
      this.#representations.set(coding, representation);
    }
    return representation ?? undefined;
  }

  #represent(coding: Coding, body: Buffer): Representation {
    const etag = this.#etag(coding);
    const headers: Header[] = [];
    for (const [name, value] of this.#headers) {
      headers.push([name, name === 'etag' ? etag : value]);
      if (name === 'content-type' && coding !== 'identity') headers.push(['content-encoding', coding]);
    }
    const split = (list: readonly Header[], at: number): HeaderList => ({ before: list.slice(0, at).flat(), after: list.slice(at).flat(), all: list.flat() });
    const ok = [...headers, ['content-length', String(body.length)] as const];
    const omitted = new Set<string>(NOT_MODIFIED_OMITS);
    const kept = ok.map((header, index) => ({ header, index })).filter(({ header }) => !omitted.has(header[0]));
    const quotaAt = this.#quotaAt + (coding !== 'identity' && this.#headers.findIndex(([n]) => n === 'content-type') < this.#quotaAt ? 1 : 0);
    return {
      coding,
      body,
      etag,
      ok: split(ok, quotaAt),
      notModified: split(
        kept.map(({ header }) => header),
        kept.filter(({ index }) => index < quotaAt).length,
      ),
    };
  }

  /** A strong validator per coding (RFC 9110 section 8.8.3): the identity one is the uncached path's. */
  #etag(coding: Coding): string {
    const etag = this.#headers.find(([name]) => name === 'etag')?.[1] ?? '""';
    return coding === 'identity' ? etag : `${etag.slice(0, -1)}-${coding}"`;
  }
}

/** One URL's answers: its default one and, for a site route, the markdown mirror `Accept: text/markdown` gets. */
export interface PrecomputedEntry {
  readonly html: PrecomputedAnswer;
  /** Absent when Accept does not change the answer. */
  readonly markdown?: PrecomputedAnswer;
}

/** Every precomputed answer of one Catalog, by exact request URL. */
export type AnswerSet = ReadonlyMap<string, PrecomputedEntry>;

export interface PrecomputeOptions {
  /**
   * An app over `catalog` that answers exactly as the served one does but
   * counts no quota and never listens: the uncached path the answers come from.
   */
  readonly renderer: (catalog: Catalog) => Promise<FastifyInstance>;
  /** The GET route patterns of the app (collectGetRoutes). */
  readonly routes: readonly string[];
}

/**
 * The precomputed answers of each Catalog an app serves, built by `warm` and
 * kept in a WeakMap keyed by the Catalog (as searchIndexFor keeps its index):
 * a reload warms the new Catalog before it swaps it in, and the old answers
 * are collected with the old Catalog.
 */
export class PrecomputedAnswers {
  readonly #byCatalog = new WeakMap<Catalog, Promise<AnswerSet>>();
  readonly #ready = new WeakMap<Catalog, AnswerSet>();
  readonly #learned = perCatalog(() => new LruCache<PrecomputedEntry>(LEARNED_ANSWERS, LEARNED_BYTES, (entry) => entry.html.body.length));

  constructor(private readonly options: PrecomputeOptions) {}

  /** Builds the answers of `catalog` (once: later calls share the first build). */
  warm(catalog: Catalog): Promise<AnswerSet> {
    let answers = this.#byCatalog.get(catalog);
    if (!answers) {
      answers = build(catalog, this.options).then((set) => {
        this.#ready.set(catalog, set);
        return set;
      });
      answers.catch(() => this.#byCatalog.delete(catalog));
      this.#byCatalog.set(catalog, answers);
    }
    return answers;
  }

  /** The answers of `catalog` once warmed; undefined before (requests then take the uncached path). */
  get(catalog: Catalog): AnswerSet | undefined {
    return this.#ready.get(catalog);
  }

  /** The answer kept for `url`: precomputed, or learned from an earlier request. */
  lookup(catalog: Catalog, url: string): PrecomputedEntry | undefined {
    return this.#ready.get(catalog)?.get(url) ?? this.#learned(catalog).get(url);
  }

  /**
   * Keeps an answer the uncached path just gave a GET under /api/v1 that the
   * precomputed set does not hold (a filtered list, a search, a page past the
   * first), when it is one the policy declares the same for everyone (a 200
   * with the public cache policy), so that the next request for the same
   * exact URL is served as a precomputed one. At most LEARNED_ANSWERS and
   * LEARNED_BYTES per Catalog, the least recently used dropped first.
   */
  learn(catalog: Catalog, url: string, response: Rendered): void {
    if (scopeOf(url) !== 'api' || DYNAMIC.has(url.split('?')[0]!)) return;
    const answer = keep(url, 'api', response);
    if (!answer) return;
    this.#learned(catalog).set(url, { html: answer });
  }
}

/** Bounds of the answers learned per Catalog (PrecomputedAnswers.learn). */
export const LEARNED_ANSWERS = 1_000;
export const LEARNED_BYTES = 32 * 1024 * 1024;

/**
 * Collects the GET routes an app registers (call before registering them):
 * new cacheable routes are precomputed without being listed here.
 */
export function collectGetRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET')) routes.push(route.url);
  });
  return routes;
}

/**
 * The URLs of a route pattern over `catalog`: a static route is itself; a
 * parametric one is expanded from the Catalog (every slug, mirror and feed),
 * or left to the route when nothing here knows its values.
 */
function expand(pattern: string, catalog: Catalog): readonly string[] {
  if (!pattern.includes(':') && !pattern.includes('*')) return [pattern];
  const endpoint = ENDPOINTS.find((e) => `${API_PREFIX}${e.path}` === pattern);
  if (endpoint?.slug) return endpoint.slug.values(catalog).map((slug) => pattern.replace(':slug', encodeURIComponent(slug)));
  switch (pattern) {
    case '/:page':
      return pageRoutes(catalog).map((route) => route.path).filter((path) => path !== '/');
    case '/products/:slug':
      return catalog.products.map((p) => sitePath(catalog, p.url));
    case '/blog/:slug':
      return catalog.posts.map((p) => sitePath(catalog, p.url));
    case '/md/*':
      return [...mirrorFiles(catalog).keys()].map((name) => `/md/${name}`);
    case '/feeds/:file':
      return catalog.site.locales.map((locale) => `/feeds/${locale}.xml`);
    default:
      return [];
  }
}

/** How many requests are made at once: enough to overlap their work, few enough to bound memory and each pause. */
const BATCH = 8;

/**
 * At most this many URLs are precomputed per Catalog, so start-up work and
 * memory stay bounded on a large site; the others take the uncached path,
 * which answers the same bytes, only slower.
 */
export const MAX_PRECOMPUTED_URLS = 3000;

/**
 * The URLs to precompute, capped: every static route first (lists, pages,
 * discovery), then the expansions of each parametric route taken in turn,
 * one of each, so the newest products, posts and mirrors of every kind make
 * the cut before older ones of a single kind.
 */
export function precomputeUrls(catalog: Catalog, routes: readonly string[], max = MAX_PRECOMPUTED_URLS): string[] {
  const expansions = routes.map((pattern) => expand(pattern, catalog).filter((url) => !DYNAMIC.has(url)));
  const chosen = new Set<string>();
  for (const urls of expansions) if (urls.length === 1) chosen.add(urls[0]!);
  for (let index = 0; chosen.size < max && expansions.some((urls) => urls.length > 1 && index < urls.length); index++) {
    for (const urls of expansions) {
      const url = urls.length > 1 ? urls[index] : undefined;
      if (url !== undefined && chosen.size < max) chosen.add(url);
    }
  }
  return [...chosen].slice(0, max);
}

async function build(catalog: Catalog, { renderer, routes }: PrecomputeOptions): Promise<AnswerSet> {
  const urls = precomputeUrls(catalog, routes);
  const app = await renderer(catalog);
  const answers = new Map<string, PrecomputedEntry>();
  const { get, close } = await loopback(app);
  try {
    const pause = pauseEverySlice();
    for (let start = 0; start < urls.length; start += BATCH) {
      const entries = await Promise.all(urls.slice(start, start + BATCH).map((url) => render(get, url)));
      for (const entry of entries) if (entry) answers.set(entry.html.url, entry);
      // At most every SLICE_MS, one turn of the event loop for the requests of real clients.
      await pause();
    }
  } finally {
    await close();
  }
  return answers;
}

/** What the uncached path answered one request. */
export interface Rendered {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders | Readonly<Record<string, string | number | readonly string[] | undefined>>;
  readonly body: Buffer;
}

type Get = (url: string, headers?: Record<string, string>) => Promise<Rendered>;

/**
 * The renderer app, listening on a socket of its own (a Unix socket in a
 * private folder; loopback TCP on Windows) for as long as the answers take.
 * Real requests rather than Fastify's inject(): light-my-request's stand-in
 * request and response objects, run through node:http's code, leave it
 * slower for every real request afterwards (a third fewer answers per second
 * in `npm run bench`, measured), and this process serves real requests.
 */
async function loopback(app: FastifyInstance): Promise<{ get: Get; close: () => Promise<void> }> {
  const dir = process.platform === 'win32' ? undefined : await mkdtemp(path.join(os.tmpdir(), 'vitrine-render-'));
  try {
    if (dir) await app.listen({ path: path.join(dir, 'render.sock') });
    else await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    if (dir) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  const target = typeof address === 'string' ? { socketPath: address } : { host: '127.0.0.1', port: (address as AddressInfo).port };
  const agent = new Agent({ keepAlive: true, maxSockets: BATCH });
  const get: Get = (url, headers = {}) =>
    new Promise((resolve, reject) => {
      httpRequest({ ...target, path: url, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  const close = async () => {
    agent.destroy();
    await app.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  return { get, close };
}

/** The answers the uncached path gives `url`, or undefined when they are not the same for every request. */
async function render(get: Get, url: string): Promise<PrecomputedEntry | undefined> {
  const scope = scopeOf(url);
  const html = keep(url, scope, await get(url));
  if (!html) return undefined;
  if (scope !== 'site') return { html };
  // Site routes negotiate markdown (SPEC.md section 4, "Markdown access"); other site answers ignore Accept.
  const markdown = keep(url, scope, await get(url, { accept: 'text/markdown' }));
  if (!markdown || sameAnswer(html, markdown)) return { html };
  return { html, markdown };
}

/** A 200 with the public cache policy: what the uncached path declares the same for everyone. */
function keep(url: string, scope: Scope, response: Rendered): PrecomputedAnswer | undefined {
  if (response.statusCode !== 200 || response.headers['cache-control'] !== CACHE_POLICY) return undefined;
  const headers: Header[] = [];
  let quotaAt = -1;
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || PER_REQUEST.has(name)) continue;
    if (QUOTA.has(name)) {
      if (quotaAt === -1) quotaAt = headers.length;
      continue;
    }
    headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return new PrecomputedAnswer(url, scope, response.statusCode, headers, response.body, quotaAt === -1 ? headers.length : quotaAt);
}

function sameAnswer(a: PrecomputedAnswer, b: PrecomputedAnswer): boolean {
  return a.body.equals(b.body) && JSON.stringify(a.headers) === JSON.stringify(b.headers);
}

/**
 * A limiter for the renderer app: its answers are kept, not sent, so it
 * counts nothing (the quota headers are written per request by the fast path).
 */
export function uncountedLimiter(policy: RateLimitPolicy): RateLimiter {
  return new RateLimiter(policy, { hit: (_key, windowMs, now) => ({ count: 0, resetAt: now + windowMs }), state: () => 'memory' });
}
