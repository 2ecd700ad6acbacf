/**
 * `vitrine serve`: the server, as `npm start` runs it (its options follow).
 * `vitrine export DIR`: every precomputed GET answer as files under DIR, for a
 * static host, a CDN or nginx (README, "Deployment"). Both read the same
 * environment (CONTENT_DIR, BASE_URL, ...): the files carry the URLs of BASE_URL.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { ContentError, loadCatalog } from '../src/content/load.js';
import { PUBLIC_READ } from '../src/http/rate-limit.js';
import { uncountedLimiter } from '../src/precompute/answers.js';
import { exportAnswers } from '../src/precompute/export.js';

const USAGE = 'usage: vitrine serve [--watch] | vitrine export DIR';

async function exportTo(dir: string): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const catalog = await loadCatalog({ dir: config.contentDir, baseUrl: config.baseUrl });
  // Nothing is served, so nothing is counted: no Redis connection either.
  const app = await buildApp({ config, catalog, limiter: uncountedLimiter(PUBLIC_READ) });
  try {
    const target = path.resolve(dir);
    await mkdir(target, { recursive: true });
    // Files left from another export would be served as if they were current.
    if ((await readdir(target)).length > 0) throw new ConfigError('DIR', `${target} is not empty; export into a new or empty folder`);
    const manifest = await exportAnswers(app.answers.get(catalog)!, target);
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
  console.error(USAGE);
  process.exit(2);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`vitrine: ${error.variable === 'DIR' ? '' : 'configuration: '}${error.message}`);
  else if (error instanceof ContentError) console.error(`vitrine: ${error.message}`);
  else console.error('vitrine: export failed:', error);
  process.exit(1);
});
