import type { ImportResult } from './run.js';

/**
 * The import's report: what was imported, skipped and why, the pictures not
 * found, the slugs changed, the shortcodes kept as text, the files written
 * or left alone. As text for a person (each list cut at LIST_LIMIT lines),
 * or as JSON, whole, for a script.
 */

const LIST_LIMIT = 50;

const PROGRAM = { wordpress: 'WordPress', ghost: 'Ghost' } as const;

/** The folder each export's pictures are copied from, as its option names it. */
const PICTURES_FOLDER = { wordpress: 'uploads folder (--uploads)', ghost: 'images folder (--images)' } as const;

export function reportText(result: ImportResult): string {
  const count = (kind: string) => result.imported.filter((record) => record.kind === kind).length;
  const verb = result.dryRun ? 'Would import' : 'Imported';
  const { files } = result;
  const lines = [
    `${verb} ${plural(result.imported.length, 'item')} from ${result.exportFile} (${PROGRAM[result.format]}) into ${result.dir}${result.started ? ', a new content folder' : ''}: ${plural(count('post'), 'post')}, ${plural(count('page'), 'page')}, ${plural(count('product'), 'product')}.`,
    `${result.dryRun ? 'Files that would be' : 'Files'}: ${files.created.length} created, ${files.updated.length} updated, ${files.unchanged} unchanged${files.conflicts.length ? `, ${files.conflicts.length} not overwritten` : ''}${result.dryRun ? ' (dry run: nothing written)' : ''}.`,
    `Redirects: ${plural(result.redirects, 'old address', 'old addresses')} sent to the new ones in redirects.yaml.`,
    ...section(
      'Not overwritten: these files hold something else (add --force to replace them)',
      files.conflicts.map((file) => file),
    ),
    ...section(
      'Redirects not changed: redirects.yaml already sends these elsewhere (add --force to change them)',
      result.redirectConflicts.map(({ from, written, wanted }) => `${from} goes to ${written}, not ${wanted}`),
    ),
    ...section('Skipped', result.skipped.map(({ type, id, title, reason }) => `${type} ${id}${title ? ` "${title}"` : ''}: ${reason}`)),
    ...section(
      `Pictures not found in the ${PICTURES_FOLDER[result.format]}: they keep their old address`,
      result.missing.map(({ picture, file }) => `${picture} (${file})`),
    ),
    ...section('Renamed', result.renamed.map(({ kind, title, from, to, why }) => `${kind} "${title}": ${from || '(no slug)'} -> ${to}: ${why}`)),
    ...section('Titled from their first words (the export gives them no title)', result.titled.map(({ file, title }) => `${file}: "${title}"`)),
    ...section(
      'Shortcodes kept as text (no plugin renders them here: rewrite or remove them)',
      result.shortcodes.map(({ name, count, files: where }) => `[${name}] ${plural(count, 'time')} in ${where.slice(0, 3).join(', ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''}`),
    ),
    ...section('Notes', result.notes),
    '',
    `Next: vitrine check ${quoted(result.dir)}`,
  ];
  return lines.join('\n');
}

export function reportJson(result: ImportResult): string {
  return JSON.stringify(
    {
      ok: result.files.conflicts.length === 0 && result.redirectConflicts.length === 0,
      format: result.format,
      export: result.exportFile,
      dir: result.dir,
      dry_run: result.dryRun,
      started: result.started,
      imported: result.imported.map(({ kind, title, file, path, oldPaths }) => ({ kind, title, file, path, old_paths: oldPaths })),
      skipped: result.skipped,
      not_found: result.missing,
      renamed: result.renamed,
      titled: result.titled,
      shortcodes: result.shortcodes,
      redirects: result.redirects,
      redirect_conflicts: result.redirectConflicts,
      files: { created: result.files.created, updated: result.files.updated, unchanged: result.files.unchanged, not_overwritten: result.files.conflicts },
      notes: result.notes,
    },
    null,
    2,
  );
}

function section(title: string, rows: readonly string[]): string[] {
  if (rows.length === 0) return [];
  const shown = rows.slice(0, LIST_LIMIT).map((row) => `  ${row}`);
  if (rows.length > LIST_LIMIT) shown.push(`  ... and ${rows.length - LIST_LIMIT} more (--format json lists them all)`);
  return ['', `${title} (${rows.length}):`, ...shown];
}

function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

function quoted(dir: string): string {
  return /^[\w./-]+$/.test(dir) ? dir : `'${dir.replaceAll("'", "'\\''")}'`;
}
