import { stat } from 'node:fs/promises';
import type { Config } from '../config/config.js';
import { loadConfig, pictureSettings } from '../config/config.js';
import { ConfigError } from '../config/parse.js';
import type { CheckProblem, CheckReport } from '../check/content-check.js';
import type { Catalog } from '../content/types.js';
import type { CommandHelp, OptionSpecs, Env } from './usage.js';
import { HELP_OPTION, isSystemError, parseArguments, printHelp, USAGE_EXIT } from './usage.js';

type CheckFormat = 'text' | 'json';

const FORMATS: readonly CheckFormat[] = ['text', 'json'];

const OPTIONS = {
  format: { type: 'string', value: 'text|json', meaning: 'text: one line a problem, then a summary (the default); json: one object { "ok", "errors", "warnings" }' },
  ...HELP_OPTION,
} as const satisfies OptionSpecs;

export const CHECK_HELP: CommandHelp = {
  name: 'check',
  brief: 'validate a content folder without serving it',
  usage: 'vitrine check [DIR] [--format text|json]',
  summary:
    'Validates a content folder without serving it: everything start-up checks, plus links to pages that do not exist, redirects that lead nowhere or round in a loop, missing images and alt text, translations with no partner. Every problem is reported in one run, with its file and line.',
  arguments: [['DIR', 'the content folder to check (default: CONTENT_DIR, else the bundled content/)']],
  options: OPTIONS,
  environment: ['CONTENT_DIR', 'BASE_URL', 'IMAGE_MAX_MEGAPIXELS', 'IMAGE_MAX_MB', 'IMAGE_CACHE_DIR'],
  notes: [
    'DIR wins over CONTENT_DIR. Links to BASE_URL are checked as links to the site.',
    'Exit codes: 0 no errors (warnings allowed), 1 errors, 2 a wrong command line or a folder that does not exist.',
  ],
};

/** `vitrine check`: answers 0 when the folder has no errors, 1 when it has, 2 for a wrong command line. */
export async function runCheck(args: readonly string[], env: Env): Promise<number> {
  const parsed = parseCheckArguments(args);
  if ('problem' in parsed) return usageError(parsed.problem);
  if (parsed.help) return printHelp(CHECK_HELP);
  let settings: Pick<Config, 'contentDir' | 'baseUrl' | 'imageCacheDir' | 'pictureLimits'>;
  try {
    // These mean what they mean to `serve`; no other setting concerns the content.
    settings = loadConfig({
      CONTENT_DIR: env.CONTENT_DIR,
      BASE_URL: env.BASE_URL,
      IMAGE_MAX_MEGAPIXELS: env.IMAGE_MAX_MEGAPIXELS,
      IMAGE_MAX_MB: env.IMAGE_MAX_MB,
      IMAGE_CACHE_DIR: env.IMAGE_CACHE_DIR,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`vitrine: configuration: ${error.message}`);
    return 1;
  }
  const dir = parsed.dir ?? settings.contentDir;
  const problem = await folderProblem(dir);
  if (problem) return usageError(problem);
  const { checkAndLoad } = await import('../check/content-check.js');
  let report: CheckReport;
  let catalog: Catalog | undefined;
  try {
    ({ report, catalog } = await checkAndLoad(dir, settings.baseUrl, pictureSettings(settings)));
  } catch (error) {
    // Content problems are in the report: this is the check's own failure (the disk, or a bug).
    console.error('vitrine: check failed:', isSystemError(error) ? error.message : error);
    return 1;
  }
  if (report.ok && catalog) report = await withFrameLinks(report, catalog, dir, settings);
  console.log(parsed.format === 'json' ? formatJson(report) : formatText(report));
  return report.ok ? 0 : 1;
}

/**
 * The report with the links the site's own frame prints that fail, in every
 * locale: judged on the pages the content makes, so only once it loads.
 */
async function withFrameLinks(report: CheckReport, catalog: Catalog, dir: string, settings: Pick<Config, 'baseUrl' | 'imageCacheDir' | 'pictureLimits'>): Promise<CheckReport> {
  const { baseUrl } = settings;
  const [{ buildApp }, { deadFrameLinks }, { quotaPolicy, RateLimiter }] = await Promise.all([import('../app.js'), import('../check/frame-links.js'), import('../http/rate-limit.js')]);
  const config = loadConfig({ CONTENT_DIR: dir, BASE_URL: baseUrl, LOG_LEVEL: 'silent', IMAGE_CACHE_DIR: settings.imageCacheDir });
  const app = await buildApp({ config, catalog, limiter: new RateLimiter(quotaPolicy(config)), warm: false });
  try {
    const dead = await deadFrameLinks(app, catalog);
    if (dead.length === 0) return report;
    const errors = dead.map(({ page, link }): CheckProblem => ({ file: page, line: null, field: null, message: `the page links ${link}, which answers 404`, severity: 'error' }));
    return { ...report, ok: false, errors: [...report.errors, ...errors] };
  } finally {
    await app.server.close();
  }
}

interface CheckArguments {
  readonly dir?: string;
  readonly format: CheckFormat;
  readonly help: boolean;
}

/** `[DIR] [--format text|json]`, or what is wrong with the arguments, in one line. */
function parseCheckArguments(args: readonly string[]): CheckArguments | { readonly problem: string } {
  const parsed = parseArguments(args, OPTIONS);
  if ('problem' in parsed) {
    const { kind, option } = parsed.problem;
    if (kind === 'unknown') return { problem: `unknown option ${option}; the only option is --format ${FORMATS.join('|')}` };
    if (kind === 'needs-value') return { problem: `${option} needs a value: ${FORMATS.join(' or ')}` };
    return { problem: `${option} takes no value` };
  }
  const { values, positionals } = parsed;
  const format = typeof values.format === 'string' ? values.format : 'text';
  const help = values.help === true;
  if (help) return { format: 'text', help };
  if (!isFormat(format)) return { problem: `--format must be ${FORMATS.join(' or ')}, got "${format}"` };
  if (positionals.length > 1) return { problem: `takes one content folder, got ${positionals.length}: ${positionals.join(' ')}` };
  return { ...(positionals[0] === undefined ? {} : { dir: positionals[0] }), format, help };
}

function isFormat(value: string): value is CheckFormat {
  return (FORMATS as readonly string[]).includes(value);
}

/** Why `dir` cannot be checked (it is missing or not a folder), or undefined. */
async function folderProblem(dir: string): Promise<string | undefined> {
  try {
    if (!(await stat(dir)).isDirectory()) return `${dir} is not a folder`;
    return undefined;
  } catch {
    return `${dir} does not exist`;
  }
}

/** The check's usage errors keep the form scripts already match: `vitrine: check: <problem>`, one line. */
function usageError(problem: string): number {
  console.error(`vitrine: check: ${problem}`);
  return USAGE_EXIT;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function problemLine(problem: CheckProblem): string {
  const where = problem.line === null ? problem.file : `${problem.file}:${problem.line}`;
  return [where, problem.severity === 'warning' ? 'warning' : undefined, problem.field ?? undefined, problem.message].filter(Boolean).join(': ');
}

/** One line a problem, errors first, then `N errors, M warnings in K files`. */
export function formatText(report: CheckReport): string {
  const summary = `${plural(report.errors.length, 'error')}, ${plural(report.warnings.length, 'warning')} in ${plural(report.files, 'file')}`;
  return [...report.errors.map(problemLine), ...report.warnings.map(problemLine), summary].join('\n');
}

export function formatJson(report: CheckReport): string {
  return JSON.stringify({ ok: report.ok, errors: report.errors, warnings: report.warnings }, null, 2);
}
