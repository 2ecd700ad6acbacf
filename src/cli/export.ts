import { mkdir, readdir, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Config } from '../config/config.js';
import { loadConfig, pictureSettings } from '../config/config.js';
import { ConfigError } from '../config/parse.js';
import type { Catalog } from '../content/types.js';
import type { CommandHelp, OptionSpecs, Env } from './usage.js';
import { describeProblem, HELP_OPTION, isSystemError, parseArguments, printHelp, usageError } from './usage.js';

const OPTIONS = { ...HELP_OPTION } as const satisfies OptionSpecs;

export const EXPORT_HELP: CommandHelp = {
  name: 'export',
  brief: 'write every answer as files, for a static host, a CDN or nginx',
  usage: 'vitrine export [DIR] OUT',
  summary:
    'Writes every answer the routes declare, as files under OUT, byte for byte what the server answers, with a manifest of their headers, a _headers file (Netlify, Cloudflare Pages) and nginx includes, which also carry the redirects of redirects.yaml: for a static host, a CDN or nginx.',
  arguments: [
    ['DIR', 'the content folder (default: CONTENT_DIR, else the bundled content/)'],
    ['OUT', 'the folder to write, new or empty'],
  ],
  options: OPTIONS,
  // Every setting is read and checked as `serve` reads it; these are the ones the files show.
  environment: ['CONTENT_DIR', 'BASE_URL', 'PORT', 'RATE_LIMIT_REQUESTS', 'RATE_LIMIT_WINDOW_S', 'DEPRECATION_DATE', 'SUNSET_DATE', 'SUCCESSOR_URL', 'IMAGE_CACHE_DIR', 'IMAGE_MAX_MEGAPIXELS', 'IMAGE_MAX_MB'],
  notes: [
    'DIR wins over CONTENT_DIR. The files carry the URLs of BASE_URL (http://localhost:$PORT when it is not set); the other variables of `vitrine serve` are checked as it checks them.',
  ],
};

/** `vitrine export`: answers 0 once every file is written, 1 when the settings, the content or OUT is wrong, 2 for a wrong command line. */
export async function runExport(args: readonly string[], env: Env): Promise<number> {
  const parsed = parseArguments(args, OPTIONS);
  if ('problem' in parsed) return usageError(describeProblem(parsed.problem, 'export'), EXPORT_HELP.usage);
  const { values, positionals } = parsed;
  if (values.help) return printHelp(EXPORT_HELP);
  if (positionals.length === 0) return usageError('export needs the folder to write to (OUT)', EXPORT_HELP.usage);
  if (positionals.length > 2) return usageError(`export takes a content folder and the folder to write to, got ${positionals.length} folders: ${positionals.join(' ')}`, EXPORT_HELP.usage);
  const [dir, out] = positionals.length === 2 ? positionals : [undefined, positionals[0]];
  if (dir === '' || out === '' || out === undefined) return usageError('a folder given to export is empty', EXPORT_HELP.usage);

  const [{ ContentError, loadCatalog }, { cacheDirProblem }] = await Promise.all([import('../content/load.js'), import('../media/pictures.js')]);
  try {
    // The static export serves nothing: no log.
    const config = loadConfig({ ...env, ...(dir === undefined ? {} : { CONTENT_DIR: dir }), LOG_LEVEL: 'silent' });
    const target = path.resolve(out);
    const problem = await targetProblem(target);
    if (problem) {
      console.error(`vitrine: DIR: ${problem}`);
      return 1;
    }
    const cacheProblem = await cacheDirProblem(config.imageCacheDir);
    if (cacheProblem !== undefined) throw new ConfigError('IMAGE_CACHE_DIR', cacheProblem);
    const catalog = await loadCatalog({ dir: config.contentDir, baseUrl: config.baseUrl, pictures: pictureSettings(config) });
    const written = await exportTo(config, catalog, target);
    console.log(`vitrine: exported ${written} answers of content version ${catalog.version} for ${config.baseUrl} to ${target}`);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) console.error(`vitrine: configuration: ${error.message}`);
    else if (error instanceof ContentError) console.error(`vitrine: ${error.message}`);
    else console.error('vitrine: export failed:', isSystemError(error) ? error.message : error);
    return 1;
  }
}

/** Why files cannot be exported to `target`, or undefined (it is then an empty folder). */
async function targetProblem(target: string): Promise<string | undefined> {
  const existing = await stat(target).catch(() => undefined);
  if (existing && !existing.isDirectory()) return `${target} is not a folder; export into a new or empty folder`;
  // Files left from another export would be served as if they were current.
  if (existing && (await readdir(target)).length > 0) return `${target} is not empty; export into a new or empty folder`;
  return undefined;
}

/** Writes the answers of `catalog` under `target`; answers how many were written. */
async function exportTo(config: Config, catalog: Catalog, target: string): Promise<number> {
  const [{ buildApp }, { exportAnswers }, { quotaPolicy, RateLimiter }] = await Promise.all([
    import('../app.js'),
    import('../export.js'),
    import('../http/rate-limit.js'),
  ]);
  // Nothing is served, so nothing is counted: no Redis connection either.
  const app = await buildApp({ config, catalog, limiter: new RateLimiter(quotaPolicy(config)), warm: false });
  try {
    await mkdir(target, { recursive: true });
    // Every picture's files, made on every core (those IMAGE_CACHE_DIR holds already are read from it), before they are written out.
    await app.pictures.makeAll(catalog, { parallel: availableParallelism() });
    // Each route lists its URLs once: the export needs them all before the first answer (a URL others live under is a folder).
    const declared = app.declared(catalog);
    return (await exportAnswers(declared.answers(), declared.urls, target, { baseUrl: catalog.base_url, redirects: catalog.redirects, scopeHeadersAt: declared.scopeHeadersAt })).length;
  } finally {
    await app.server.close();
  }
}
