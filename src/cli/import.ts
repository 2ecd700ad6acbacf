import type { CommandHelp, OptionSpecs, Env } from './usage.js';
import { describeProblem, HELP_OPTION, isSystemError, parseArguments, printHelp, usageError } from './usage.js';
import { ImportError } from '../import/errors.js';
import type { ImportOptions } from '../import/run.js';
import type { SourceFormat } from '../import/source.js';

const OPTIONS = {
  uploads: { type: 'string', value: 'PATH', meaning: "WordPress: the site's wp-content/uploads folder, whose pictures are copied into DIR/media/" },
  images: { type: 'string', value: 'PATH', meaning: "Ghost: the site's content/images folder, whose pictures are copied into DIR/media/" },
  'dry-run': { type: 'boolean', meaning: 'read, convert and report, but write nothing' },
  force: { type: 'boolean', meaning: 'replace the files of DIR that hold something else (without it they are reported and left alone)' },
  format: { type: 'string', value: 'text|json', meaning: 'text: the report for a person (the default); json: one object with every list whole, for scripts' },
  ...HELP_OPTION,
} as const satisfies OptionSpecs;

export const IMPORT_HELP: CommandHelp = {
  name: 'import',
  brief: 'bring the published posts and pages of a WordPress or Ghost site into a content folder',
  usage: 'vitrine import wordpress|ghost EXPORT DIR [--uploads|--images PATH] [--dry-run] [--force] [--format text|json]',
  summary:
    'Reads a WordPress export (Tools > Export, a WXR file) or a Ghost export (Settings > Labs > Export, a JSON file) and writes its published posts, pages and WooCommerce products into the content folder DIR as markdown, with their pictures, the categories and pages site.yaml must list, and redirects.yaml from every old address to the new one. Drafts, scheduled and private items, revisions, menus and unused attachments are skipped, and the report says so. Running it again changes no file.',
  arguments: [
    ['wordpress EXPORT', 'a WordPress export: the .xml file (WXR) of Tools > Export'],
    ['ghost EXPORT', 'a Ghost export: the .json file of Settings > Labs > Export'],
    ['DIR', 'the content folder to import into: one `vitrine init` wrote, or a new or empty folder, which is started as `vitrine init` would'],
  ],
  options: OPTIONS,
  environment: [],
  notes: [
    'A picture not found in the uploads or images folder keeps its old address and is reported by name; it never stops the import. A progress line is written to standard error on a terminal or for a large export.',
    'Exit codes: 0 imported, 1 the export is missing or is no such export, DIR cannot be read or written, or some files were not overwritten, 2 a wrong command line.',
  ],
};

const FORMATS: readonly SourceFormat[] = ['wordpress', 'ghost'];

/** Exports larger than this many records show their progress even when standard error is no terminal. */
const PROGRESS_FROM = 1000;

/** `vitrine import wordpress|ghost EXPORT DIR`. */
export async function runImport(args: readonly string[], _env: Env): Promise<number> {
  const parsed = parseArguments(args, OPTIONS);
  if ('problem' in parsed) return usageError(describeProblem(parsed.problem, 'import'), IMPORT_HELP.usage);
  if (parsed.values.help) return printHelp(IMPORT_HELP);
  const read = readArguments(parsed.values, parsed.positionals);
  if ('problem' in read) return usageError(read.problem, IMPORT_HELP.usage);
  const [{ runImportInto }, { reportJson, reportText }] = await Promise.all([import('../import/run.js'), import('../import/report.js')]);
  try {
    const result = await runImportInto({ ...read.options, progress: progressLine() });
    console.log(read.json ? reportJson(result) : reportText(result));
    return result.files.conflicts.length > 0 || result.redirectConflicts.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ImportError) console.error(`vitrine: import: ${error.message}`);
    else if (isSystemError(error)) console.error(`vitrine: import: ${error.message}`);
    else throw error;
    return 1;
  }
}

function readArguments(values: Readonly<Record<string, string | boolean | undefined>>, positionals: readonly string[]): { readonly options: ImportOptions; readonly json: boolean } | { readonly problem: string } {
  const [format, exportFile, dir, ...rest] = positionals;
  if (format === undefined) return { problem: 'import needs the program the export comes from: wordpress or ghost' };
  if (!(FORMATS as readonly string[]).includes(format)) return { problem: `import reads wordpress or ghost exports, not "${format}"` };
  if (exportFile === undefined || dir === undefined) return { problem: `import ${format} needs the export file and the content folder (EXPORT DIR)` };
  if (rest.length > 0) return { problem: `import takes one export and one folder, got more: ${rest.join(' ')}` };
  const folderOption = format === 'wordpress' ? 'uploads' : 'images';
  const wrong = format === 'wordpress' ? 'images' : 'uploads';
  if (values[wrong] !== undefined) return { problem: `--${wrong} is for ${format === 'wordpress' ? 'Ghost' : 'WordPress'} exports; a ${format} export takes --${folderOption}` };
  const output = typeof values.format === 'string' ? values.format : 'text';
  if (output !== 'text' && output !== 'json') return { problem: `--format must be text or json, got "${output}"` };
  const uploads = values[folderOption];
  return {
    options: {
      format: format as SourceFormat,
      exportFile,
      dir,
      ...(typeof uploads === 'string' ? { uploads } : {}),
      force: values.force === true,
      dryRun: values['dry-run'] === true,
    },
    json: output === 'json',
  };
}

/** Writes `converted N of M` to standard error, on a terminal or for a large export; undefined when neither. */
function progressLine(): ((done: number, total: number) => void) | undefined {
  const terminal = process.stderr.isTTY === true;
  let shown = -1;
  return (done, total) => {
    if (!terminal && total < PROGRESS_FROM) return;
    const tenth = Math.floor((done * 10) / total);
    if (terminal) {
      if (done === total || done % 50 === 0) process.stderr.write(`\rimport: converted ${done} of ${total}${done === total ? '\n' : ''}`);
    } else if (tenth !== shown) {
      shown = tenth;
      process.stderr.write(`import: converted ${done} of ${total}\n`);
    }
  };
}
