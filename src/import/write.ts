import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ImportError } from './errors.js';
import type { PlannedFile } from './plan.js';

/**
 * The planned files compared with the folder, then written: a file that is
 * already as planned is left alone (so an import run twice changes nothing,
 * not even a modification time); a file that holds something else is a
 * conflict, replaced only when forced. Every new file is first written
 * beside its place under a temporary name, and only once all are written
 * are they renamed into place: a failure before that leaves the folder as
 * it was.
 */

export interface WriteOutcome {
  readonly created: readonly string[];
  readonly updated: readonly string[];
  readonly unchanged: number;
  /** Files that hold something else, left as they are. */
  readonly conflicts: readonly string[];
}

type Decision = 'create' | 'update' | 'unchanged' | 'conflict';

export async function writePlan(dir: string, files: readonly PlannedFile[], options: { readonly force: boolean; readonly dryRun: boolean }): Promise<WriteOutcome> {
  const decided: { file: PlannedFile; decision: Decision }[] = [];
  for (const file of files) decided.push({ file, decision: await decide(dir, file, options.force) });
  const outcome: WriteOutcome = {
    created: decided.filter(({ decision }) => decision === 'create').map(({ file }) => file.file),
    updated: decided.filter(({ decision }) => decision === 'update').map(({ file }) => file.file),
    unchanged: decided.filter(({ decision }) => decision === 'unchanged').length,
    conflicts: decided.filter(({ decision }) => decision === 'conflict').map(({ file }) => file.file),
  };
  if (!options.dryRun) await writeAtomically(dir, decided.filter(({ decision }) => decision === 'create' || decision === 'update').map(({ file }) => file));
  return outcome;
}

async function decide(dir: string, file: PlannedFile, force: boolean): Promise<Decision> {
  const target = path.join(dir, ...file.file.split('/'));
  let existing: Buffer;
  try {
    existing = await readFile(target);
  } catch (error) {
    // Not there, or a file stands where one of its folders must be (which writing it will report).
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return 'create';
    throw error;
  }
  if (file.copyFrom !== undefined) {
    const { size } = await stat(file.copyFrom);
    if (size === existing.length && (await readFile(file.copyFrom)).equals(existing)) return 'unchanged';
  } else if (existing.equals(Buffer.from(file.content ?? '', 'utf8'))) return 'unchanged';
  return file.merged || force ? 'update' : 'conflict';
}

async function writeAtomically(dir: string, files: readonly PlannedFile[]): Promise<void> {
  const suffix = `.import-${randomBytes(4).toString('hex')}.tmp`;
  const madeFolders: string[] = [];
  const staged: { temp: string; target: string }[] = [];
  try {
    for (const file of files) {
      const target = path.join(dir, ...file.file.split('/'));
      await makeFolder(path.dirname(target), madeFolders);
      const temp = target + suffix;
      if (file.copyFrom !== undefined) await copyFile(file.copyFrom, temp);
      else await writeFile(temp, file.content ?? '');
      staged.push({ temp, target });
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    for (const folder of madeFolders.reverse()) await rmdir(folder).catch(() => undefined);
    if ((error as NodeJS.ErrnoException).syscall === undefined) throw error;
    throw new ImportError(dir, `cannot be written (${(error as Error).message}); nothing was changed in it`);
  }
  for (const { temp, target } of staged) await rename(temp, target);
}

/** Makes `folder` and the folders above it that are missing, noting each one made (to take back on failure). */
async function makeFolder(folder: string, made: string[]): Promise<void> {
  const missing: string[] = [];
  for (let current = folder; ; current = path.dirname(current)) {
    try {
      await stat(current);
      break;
    } catch {
      missing.push(current);
      if (path.dirname(current) === current) break;
    }
  }
  if (missing.length === 0) return;
  await mkdir(folder, { recursive: true });
  made.push(...missing.reverse());
}
