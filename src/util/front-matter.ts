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
  const block = match[1] ?? '';
  // The block starts on the line after the opening fence.
  const data = readSimpleFrontMatter(block) ?? parseYaml(block, 2);
  return { data, body: text.slice(match[0].length).replace(/^\s*\n/, '') };
}

/*
 * Most front matter is a few lines of `key: value`, and the YAML parser takes
 * about as long over those lines as reading the file does: loading 10,000
 * posts spent more time in it than anywhere else. readSimpleFrontMatter reads
 * that common shape itself, and hands anything else to the parser whole, so
 * that the data is always what the parser would make of the block.
 */

/** A key as records write them; anything else (quotes, spaces) goes to the parser. */
const SIMPLE_KEY = /^( *)([A-Za-z_][A-Za-z0-9_]*):(?: +(.*))?$/;
/**
 * Whether `text` holds a character YAML does not allow in a stream (a
 * control character other than tab and line breaks, U+FFFE, U+FFFF, a lone
 * surrogate): the parser then says which, and where.
 */
function hasNonPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a && code !== 0x0d : (code >= 0x7f && code <= 0x9f && code !== 0x85) || code === 0xfffe || code === 0xffff) return true;
    if (code >= 0xd800 && code <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return true;
      i += 1;
    }
  }
  return false;
}
/**
 * A plain scalar that YAML 1.2's core schema can only read as a string: it
 * starts with a letter (not an indicator, digit, sign, dot or `~`), holds no
 * comment (`#`) and no `: ` (a mapping) and does not end with `:`. The words
 * the schema reads as null or a boolean are left out below.
 */
const PLAIN_STRING = /^\p{L}[^#]*$/u;
const NOT_STRINGS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
/** A date or an RFC 3339 date-time written plain: a string under the core schema (it has no timestamp type). */
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;
/** A whole number as the core schema reads it in decimal, short enough to be exact. */
const PLAIN_INTEGER = /^(?:0|[1-9]\d{0,14})$/;

/** A one-line scalar value as the YAML parser reads it under the core schema, or undefined when that takes the parser. */
function simpleScalar(written: string): unknown {
  const value = written.trimEnd();
  const first = value[0];
  if (first === '"') return /^"([^"\\]*)"$/.exec(value)?.[1];
  if (first === "'") return /^'([^']*)'$/.exec(value)?.[1];
  if (first === '[') {
    const items = /^\[(.*)\]$/.exec(value)?.[1];
    if (items === undefined) return undefined;
    if (items.trim() === '') return [];
    const list = items.split(',').map((item) => item.trim());
    return list.every((item) => isPlainString(item) && !/[[\]{}]/.test(item)) ? list : undefined;
  }
  if (PLAIN_DATE.test(value)) return value;
  if (PLAIN_INTEGER.test(value)) return Number(value);
  return isPlainString(value) ? value : undefined;
}

function isPlainString(value: string): boolean {
  return PLAIN_STRING.test(value) && !value.includes(': ') && !value.endsWith(':') && !NOT_STRINGS.has(value);
}

/**
 * The data of a front matter block of `key: value` lines (a value on its
 * line: quoted without escapes, a plain string, date or whole number, or a
 * flow list of plain strings), where a key without a value may hold such
 * lines one indentation further (`image:` with `file:` and `alt:`). Undefined
 * for any other block (comments, block lists, escapes, multi-line values,
 * anchors, a key given twice...), which the YAML parser then reads.
 */
export function readSimpleFrontMatter(block: string): Record<string, unknown> | undefined {
  if (hasNonPrintable(block)) return undefined;
  const data: Record<string, unknown> = {};
  /** The mapping the indented lines fill, and their indentation. */
  let nested: { readonly map: Record<string, unknown>; indent: number } | undefined;
  const close = (): boolean => {
    // A key with nothing under it is null, which the parser may as well say.
    if (nested && nested.indent === 0) return false;
    nested = undefined;
    return true;
  };
  for (const raw of block.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.includes('\r') || line.includes('\t')) return undefined;
    if (line.trim() === '') continue;
    const match = SIMPLE_KEY.exec(line);
    if (!match) return undefined;
    const [, indent = '', key = '', written] = match;
    if (key === '__proto__') return undefined;
    if (indent.length > 0) {
      if (!nested || (nested.indent !== 0 && indent.length !== nested.indent) || written === undefined || Object.hasOwn(nested.map, key)) return undefined;
      nested.indent = indent.length;
      const value = simpleScalar(written);
      if (value === undefined) return undefined;
      nested.map[key] = value;
      continue;
    }
    if (!close() || Object.hasOwn(data, key)) return undefined;
    if (written === undefined || written.trim() === '') {
      nested = { map: {}, indent: 0 };
      data[key] = nested.map;
      continue;
    }
    const value = simpleScalar(written);
    if (value === undefined) return undefined;
    data[key] = value;
  }
  return close() && Object.keys(data).length > 0 ? data : undefined;
}
