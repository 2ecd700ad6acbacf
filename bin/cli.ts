/**
 * `vitrine serve`: the server, as `npm start` runs it (its options follow).
 * `vitrine export DIR`: every GET answer the routes declare, as files under DIR, for a
 * static host, a CDN or nginx (README, "Deployment").
 * `vitrine check [DIR]`: validates a content folder without serving it (README, "Checking content in CI").
 * All read the same environment (CONTENT_DIR, BASE_URL, ...): exported files carry the URLs of BASE_URL.
 * Each command loads only the modules it needs.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config.js';
import { ContentError, loadCatalog } from '../src/content/load.js';

const USAGE = 'usage: vitrine serve [--watch] | vitrine export DIR | vitrine check [DIR] [--format text|json]';

async function exportTo(dir: string): Promise<void> {
  const [{ buildApp }, { exportAnswers }, { quotaPolicy, RateLimiter }] = await Promise.all([
    import('../src/app.js'),
    import('../src/export.js'),
    import('../src/http/rate-limit.js'),
  ]);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const catalog = await loadCatalog({ dir: config.contentDir, baseUrl: config.baseUrl });
  // Nothing is served, so nothing is counted: no Redis connection either.
  const app = await buildApp({ config, catalog, limiter: new RateLimiter(quotaPolicy(config)), warm: false });
  try {
    const target = path.resolve(dir);
    await mkdir(target, { recursive: true });
    // Files left from another export would be served as if they were current.
    if ((await readdir(target)).length > 0) throw new ConfigError('DIR', `${target} is not empty; export into a new or empty folder`);
    const manifest = await exportAnswers(app.prepareAll(catalog), target);
    console.log(`vitrine: exported ${manifest.length} answers of content version ${catalog.version} for ${config.baseUrl} to ${target}`);
  } finally {
    await app.server.close();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'serve') {
    // src/server.ts reads its own options from argv: leave it those after "serve".
    process.argv.splice(2, 1);
    await import('../src/server.js');
    return;
  }
  if (command === 'export' && rest.length === 1 && rest[0]) return exportTo(rest[0]);
  if (command === 'check') {
    // CONTENT_DIR and BASE_URL mean what they mean to `serve`; no other setting concerns the content.
    const { runCheck } = await import('../src/content/check.js');
    const { contentDir, baseUrl } = loadConfig({ CONTENT_DIR: process.env.CONTENT_DIR, BASE_URL: process.env.BASE_URL });
    process.exitCode = await runCheck(rest, { defaultDir: contentDir, baseUrl });
    return;
  }
  console.error(USAGE);
  process.exit(2);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`vitrine: ${error.variable === 'DIR' ? '' : 'configuration: '}${error.message}`);
  else if (error instanceof ContentError) console.error(`vitrine: ${error.message}`);
  else console.error('vitrine: export failed:', error);
  process.exit(1);
});
