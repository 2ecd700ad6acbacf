import type { ContentFeed } from '../src/http/push-hook.js';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Service } from '../src/http/service.js';
import type { InjectOptions } from 'light-my-request';
import { after, before } from 'node:test';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import type { Config } from '../src/config/config.js';
import { loadConfig } from '../src/config/config.js';
import { loadCatalog } from '../src/content/load.js';
import type { Catalog } from '../src/content/types.js';
import type { RateLimiter } from '../src/http/rate-limit.js';
import { assertMatchesOpenApi } from './openapi-validator.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');
/** The base URL every test app is configured with. */
export const BASE_URL = 'http://vitrine.test';

/** A copy of a content folder, under a temporary folder of the same name, removed when the test file ends. */
export async function copyFixture(dir: string): Promise<string> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'vitrine-fixture-'));
  after(() => rm(parent, { recursive: true, force: true }));
  const copy = path.join(parent, path.basename(dir));
  await cp(dir, copy, { recursive: true });
  return copy;
}

const catalogs = new Map<string, Promise<Catalog>>();

/** The demo content (or another folder), loaded once per test process. */
export function testCatalog(dir = path.join(ROOT, 'content'), baseUrl = BASE_URL): Promise<Catalog> {
  const key = `${dir}\0${baseUrl}`;
  let catalog = catalogs.get(key);
  if (!catalog) {
    catalog = loadCatalog({ dir, baseUrl });
    catalogs.set(key, catalog);
  }
  return catalog;
}

export interface TestAppOptions {
  /** Extra environment, as server.ts would read it. */
  readonly env?: Record<string, string>;
  readonly limiter?: RateLimiter;
  readonly catalog?: Catalog;
  /** The Catalog whose /openapi.json responses are checked against (default: the one served). */
  readonly openApiCatalog?: Catalog;
  /**
   * False when the Catalog changes under the test's requests: the document's
   * enumerations come from the content, so an answer of one Catalog is not
   * checked against the document of another.
   */
  readonly checkOpenApi?: false;
  /** The git remote the content follows, for the webhook and the health record. */
  readonly content?: ContentFeed;
}

/** The real app over the demo content, silent, never listening. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App & { config: Config }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', BASE_URL, ...options.env });
  const catalog = options.catalog ?? (await testCatalog(undefined, config.baseUrl));
  const app = await buildApp({ config, catalog, ...(options.limiter ? { limiter: options.limiter } : {}), ...(options.content ? { content: options.content } : {}) });
  // Every API response a test produces is checked against /openapi.json.
  const inject = app.server.inject.bind(app.server);
  app.server.inject = (async (request: InjectOptions | string) => {
    const response = await inject(request as InjectOptions);
    const { method = 'GET', url = '/' } = typeof request === 'string' ? { url: request } : request;
    if (options.checkOpenApi !== false) assertMatchesOpenApi(options.openApiCatalog ?? catalog, String(method).toUpperCase(), String(url), response);
    return response;
  }) as typeof app.server.inject;
  return { ...app, config };
}

/** The real app listening on an ephemeral port of 127.0.0.1. */
export async function listenTestApp(options: TestAppOptions = {}): Promise<App & { config: Config; url: string }> {
  const app = await buildTestApp(options);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as AddressInfo;
  return { ...app, url: `http://127.0.0.1:${port}` };
}

/**
 * One app over the demo content for a whole test file: built before its
 * tests, closed after them, handed to `receive` (which keeps its own names).
 */
export function useTestApp(receive: (app: { server: Service; catalog: Catalog }) => void, options: TestAppOptions = {}): void {
  let server: Service | undefined;
  before(async () => {
    ({ server } = await buildTestApp(options));
    receive({ server, catalog: await testCatalog() });
  });
  after(() => server?.close());
}

/** What one HTTP exchange answered: the body as the bytes sent, the header lines as written. */
export interface Exchange {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

/** One HTTP request with exactly the headers given (fetch would add Accept-Encoding, and decode what comes back). */
export function exchange(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
