/**
 * The line of `field` (`address.country`, `identifiers[1].value`) in YAML
 * text: each key is looked for after its parent's line, a list item `[n]` is
 * the n-th entry of its key's block list. A key not written (a missing
 * field) stops at the deepest line found; undefined when none is.
 */
export function lineOfField(yaml: string, field: string): number | undefined {
  const lines = yaml.split('\n');
  let found: number | undefined;
  // Where the next key may be written: after its parent's line, or on its list item's own line ("- value: ...").
  let from = 0;
  for (const segment of field.split('.')) {
    // `identifiers[1]`: the key, then the item of its list.
    const parts = /^([^[\]]+)((?:\[\d+\])*)$/.exec(segment);
    if (!parts || /^\d+$/.test(segment)) break;
    const pattern = new RegExp(`^\\s*(?:-\\s+)?(["']?)${escapeRegExp(parts[1]!)}\\1\\s*:(?:\\s|$)`);
    const index = lines.findIndex((line, i) => i >= from && pattern.test(line));
    if (index === -1) break;
    found = index;
    from = index + 1;
    for (const [, n] of parts[2]!.matchAll(/\[(\d+)\]/g)) {
      const item = listItemLine(lines, found, Number(n));
      // A list in flow style (`tags: [a, b]`) keeps its items on its key's line.
      if (item === undefined) return found + 1;
      found = item;
      from = item;
    }
  }
  return found === undefined ? undefined : found + 1;
}

/** The index of the line of the `n`-th item (from 0) of the block list whose key is on line `keyLine`; undefined when it has no such item. */
function listItemLine(lines: readonly string[], keyLine: number, n: number): number | undefined {
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const keyIndent = indentOf(lines[keyLine]!);
  let itemIndent: number | undefined;
  let count = -1;
  for (let i = keyLine + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const indent = indentOf(line);
    const isItem = /^\s*-(?:\s|$)/.test(line);
    // YAML lets a list's items stand at its key's indentation, or deeper.
    itemIndent ??= isItem && indent >= keyIndent ? indent : -1;
    if (itemIndent === -1 || indent < itemIndent || (indent === itemIndent && !isItem)) return undefined;
    if (indent === itemIndent && ++count === n) return i;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The line of `field` in a YAML file that is a list (redirects.yaml): `3` is
 * the line of the fourth top-level item, `3.status` its key's, looked for
 * within that item; any other field as lineOfField finds it.
 */
export function lineOfListField(yaml: string, field: string): number | undefined {
  const parts = /^(\d+)(?:\.(.+))?$/.exec(field);
  if (!parts) return lineOfField(yaml, field);
  const lines = yaml.split('\n');
  const items = lines.flatMap((line, i) => (/^-(?:\s|$)/.test(line) ? [i] : []));
  const start = items[Number(parts[1])];
  if (start === undefined) return undefined;
  if (parts[2] === undefined) return start + 1;
  const end = items[Number(parts[1]) + 1] ?? lines.length;
  // An item in flow style (`- { from: /a, to: /b }`) keeps its keys on its own line.
  return start + (lineOfField(lines.slice(start, end).join('\n'), parts[2]) ?? 1);
}
