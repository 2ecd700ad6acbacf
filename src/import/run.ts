import { readFile, stat } from 'node:fs/promises';
import { ImportError } from './errors.js';
import { readFolder } from './folder.js';
import type { PlanReport } from './plan.js';
import { planImport } from './plan.js';
import type { SourceExport, SourceFormat } from './source.js';
import type { WriteOutcome } from './write.js';
import { writePlan } from './write.js';

/**
 * An import from start to end: the export read (and refused whole when it
 * is not one), the content folder read, everything planned in memory, then
 * compared with the folder and written (or, dry, only compared).
 */

export interface ImportOptions {
  readonly format: SourceFormat;
  /** The export file, as the command line names it. */
  readonly exportFile: string;
  /** The content folder. */
  readonly dir: string;
  /** The uploads (WordPress) or images (Ghost) folder. */
  readonly uploads?: string;
  readonly force: boolean;
  readonly dryRun: boolean;
  /** The day a new folder's starter pages are dated (YYYY-MM-DD); default: today. */
  readonly today?: string;
  readonly progress?: (done: number, total: number) => void;
}

export interface ImportResult extends PlanReport {
  readonly format: SourceFormat;
  readonly exportFile: string;
  readonly dir: string;
  readonly dryRun: boolean;
  /** Whether the folder was started by the import. */
  readonly started: boolean;
  readonly files: WriteOutcome;
}

export async function runImportInto(options: ImportOptions): Promise<ImportResult> {
  const source = await readExport(options.format, options.exportFile);
  if (options.uploads !== undefined) await mustBeFolder(options.uploads);
  const folder = await readFolder(options.dir, source.site, options.today ?? new Date().toISOString().slice(0, 10));
  const plan = planImport({ source, folder, ...(options.uploads === undefined ? {} : { uploads: options.uploads }), force: options.force, ...(options.progress ? { progress: options.progress } : {}) });
  const files = await writePlan(options.dir, plan.files, { force: options.force, dryRun: options.dryRun });
  return {
    ...plan.report,
    notes: [...folder.notes, ...plan.report.notes],
    format: options.format,
    exportFile: options.exportFile,
    dir: options.dir,
    dryRun: options.dryRun,
    started: folder.isNew,
    files,
  };
}

async function readExport(format: SourceFormat, file: string): Promise<SourceExport> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(file, code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder, not an export file' : `cannot be read (${code ?? String(error)})`);
  }
  if (format === 'wordpress') {
    const { readWordPress } = await import('./wordpress.js');
    return readWordPress(text, file);
  }
  const { readGhost } = await import('./ghost.js');
  return readGhost(text, file);
}

async function mustBeFolder(dir: string): Promise<void> {
  try {
    if ((await stat(dir)).isDirectory()) return;
  } catch {
    throw new ImportError(dir, 'does not exist');
  }
  throw new ImportError(dir, 'is a file, not a folder');
}
