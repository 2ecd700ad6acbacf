import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import sharp from 'sharp';
import { splitFrontMatter } from '../../src/util/front-matter.js';
import { markdownToText } from '../../src/content/markdown.js';
import { FIXTURES } from '../helper.js';
import type { Run } from '../process.js';
import { vitrine } from '../process.js';

/** The exports the import is tested on, each beside its licence and where it came from. */
export const IMPORT_FIXTURES = path.join(FIXTURES, 'import');

// Made when a test file loads these helpers, so the hook that removes it belongs to the file, not to a test.
const root = mkdtemp(path.join(os.tmpdir(), 'vitrine-import-'));
after(async () => rm(await root, { recursive: true, force: true }));

/** A new temporary folder; all are removed when the test file ends. */
export async function workFolder(name: string): Promise<string> {
  return mkdtemp(path.join(await root, `${name}-`));
}

/** `vitrine import ...args`. */
export function runImport(...args: string[]): Promise<Run> {
  return vitrine(['import', ...args]);
}

/** `vitrine check DIR --format json`, asserted to find no error. */
export async function assertChecks(dir: string): Promise<void> {
  const run = await vitrine(['check', dir, '--format', 'json']);
  const report = JSON.parse(run.stdout) as { ok: boolean; errors: unknown[] };
  assert.deepEqual(report.errors, [], `vitrine check ${dir} finds errors`);
  assert.equal(run.code, 0, run.stderr);
}

/** Every file of `dir`, relative, `/` between folders, sorted. */
export async function filesOf(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Each file's bytes and modification time, to show that nothing was written. */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const file of await filesOf(dir).catch(() => [])) {
    const full = path.join(dir, file);
    files.set(file, `${(await stat(full)).mtimeMs} ${(await readFile(full)).toString('base64')}`);
  }
  return files;
}

/** A record file's front matter and body. */
export async function readRecord(dir: string, file: string): Promise<{ data: Record<string, unknown>; body: string }> {
  const { data, body } = splitFrontMatter(await readFile(path.join(dir, file), 'utf8'));
  return { data: data as Record<string, unknown>, body };
}

/** The share of the words of `sourceText` that `markdown` shows a reader, each word counted as often as it is written. */
export function wordsKept(sourceText: string, markdown: string): number {
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const shown = new Map<string, number>();
  for (const word of words(markdownToText(markdown))) shown.set(word, (shown.get(word) ?? 0) + 1);
  const wanted = words(sourceText);
  if (wanted.length === 0) return 1;
  let kept = 0;
  for (const word of wanted) {
    const left = shown.get(word) ?? 0;
    if (left > 0) {
      kept++;
      shown.set(word, left - 1);
    }
  }
  return kept / wanted.length;
}

/** A small real picture at `file` (a JPEG or a PNG by its extension). */
export async function writePicture(file: string, colour = { r: 200, g: 60, b: 40 }): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const image = sharp({ create: { width: 12, height: 8, channels: 3, background: colour } });
  await (file.endsWith('.png') ? image.png() : image.jpeg()).toFile(file);
}
