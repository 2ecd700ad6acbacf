import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';

export interface Document {
  readonly data: unknown;
  readonly body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A YAML syntax error; `line` is the line of the file it is on, so a report can point at it. */
export class YamlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'YamlSyntaxError';
  }
}

/**
 * YAML 1.2 with the core schema: dates stay strings, nothing is evaluated
 * (unlike gray-matter), and a key given twice is an error. An empty document
 * is null. An error names the line and column in the file, whose line
 * `firstLine` the source starts on.
 */
export function parseYaml(source: string, firstLine = 1): unknown {
  try {
    return load(source, { schema: CORE_SCHEMA }) ?? null;
  } catch (error) {
    if (!(error instanceof YAMLException) || !error.mark) throw error;
    const line = error.mark.line + firstLine;
    throw new YamlSyntaxError(`${error.reason} (line ${line}, column ${error.mark.column + 1})`, line);
  }
}

/** Splits a `---` YAML front matter block (parseYaml) from a markdown body. */
export function splitFrontMatter(source: string): Document {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const match = FENCE.exec(text);
  if (!match) throw new Error('must start with a front matter block between two "---" lines');
  // The block starts on the line after the opening fence.
  const data = parseYaml(match[1] ?? '', 2);
  return { data, body: text.slice(match[0].length).replace(/^\s*\n/, '') };
}
