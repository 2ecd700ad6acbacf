import { parse } from 'yaml';

export interface Document {
  readonly data: unknown;
  readonly body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a `---` YAML front matter block from a markdown body. YAML 1.2 core
 * schema: dates stay strings and nothing is evaluated (unlike gray-matter).
 */
export function splitFrontMatter(source: string): Document {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const match = FENCE.exec(text);
  if (!match) throw new Error('must start with a front matter block between two "---" lines');
  const data: unknown = parse(match[1] ?? '', { schema: 'core', uniqueKeys: true });
  return { data, body: text.slice(match[0].length).replace(/^\s*\n/, '') };
}
