import { CORE_SCHEMA, dump } from 'js-yaml';
import { z } from 'zod';
import { closest, withSuggestion } from '../util/suggest.js';

/** One problem of a YAML document, at its field (`address.country`; `(front matter)` for the whole document). */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * The issues `schema` found in `data`, worded for the person who wrote the
 * file:
 *
 * - a field the schema does not know names the known fields nearest to it
 *   ("is not a known field; did you mean published_at?");
 * - a required field that is not written quotes the example of its schema
 *   ("is required; for example: `published_at: 2026-03-14`"), unless a
 *   misspelt field next to it already explains it: `publised_at` is one
 *   mistake, reported once, on the line where it is;
 * - any other issue keeps the schema's own message.
 */
export function fieldProblems(schema: z.ZodType, data: unknown, issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  const misspelt = new Map<z.core.$ZodIssue, { key: string; suggestions: string[] }[]>();
  // The missing fields a misspelt one stands for.
  const explained = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const written = valueAt(data, issue.path);
    // A field already written is not what a misspelling meant.
    const unwritten = fieldsAt(schema, issue.path).filter((name) => !(isObject(written) && Object.hasOwn(written, name)));
    const keys = issue.keys.map((key) => ({ key, suggestions: closest(key, unwritten).concat(sameMeaning(key, unwritten)) }));
    for (const { suggestions } of keys) for (const name of suggestions) explained.add(fieldName([...issue.path, name]));
    misspelt.set(issue, keys);
  }
  const problems: FieldProblem[] = [];
  const missing = new Set<string>();
  for (const issue of issues) {
    const field = fieldName(issue.path);
    const keys = misspelt.get(issue);
    if (keys) {
      for (const { key, suggestions } of keys) problems.push({ field: fieldName([...issue.path, key]), message: withSuggestion('is not a known field', suggestions) });
    } else if (isMissing(data, issue.path)) {
      // A union or a check may report a missing field more than once.
      if (explained.has(field) || missing.has(field)) continue;
      missing.add(field);
      const example = exampleOf(schema, issue.path);
      problems.push({ field, message: example === undefined ? 'is required' : `is required; for example: \`${example}\`` });
    } else {
      problems.push({ field: field || '(front matter)', message: issue.message });
    }
  }
  return problems;
}

/**
 * Fields that say the same thing under another name in another kind of
 * record: a page has a `description` where a post and a product have a
 * `summary`, so either written in the other's place is that mistake.
 */
const SAME_MEANING: readonly (readonly [string, string])[] = [['summary', 'description']];

/** The field of `fields` that `key` means under another name, when it is one of SAME_MEANING. */
function sameMeaning(key: string, fields: readonly string[]): string[] {
  return SAME_MEANING.flatMap(([a, b]) => (key === a && fields.includes(b) ? [b] : key === b && fields.includes(a) ? [a] : []));
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** Whether the issue is at a field its mapping does not have at all (not one written empty). */
function isMissing(data: unknown, path: readonly PropertyKey[]): boolean {
  const key = path.at(-1);
  const mapping = valueAt(data, path.slice(0, -1));
  return typeof key === 'string' && isObject(mapping) && !Object.hasOwn(mapping, key);
}

/** A field's schema and the ones it wraps (optional, default, a transform's input), outermost first. */
function layersOf(schema: z.ZodType): z.ZodType[] {
  const layers = [schema];
  for (let layer: z.ZodType | undefined = schema; layer; ) {
    if (layer instanceof z.ZodOptional || layer instanceof z.ZodDefault || layer instanceof z.ZodNullable) layer = layer.unwrap() as z.ZodType;
    else if (layer instanceof z.ZodPipe) layer = layer.in as z.ZodType;
    else layer = undefined;
    if (layer) layers.push(layer);
  }
  return layers;
}

/** The schema of the value at `path`, walking mappings, records and lists; undefined where the schema has none. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    const inner: z.ZodType | undefined = current && layersOf(current).at(-1);
    if (inner instanceof z.ZodObject) current = typeof key === 'string' && Object.hasOwn(inner.shape, key) ? (inner.shape[key] as z.ZodType) : undefined;
    else if (inner instanceof z.ZodRecord) current = inner.valueType as z.ZodType;
    else if (inner instanceof z.ZodArray) current = inner.element as z.ZodType;
    else current = undefined;
  }
  return current;
}

/** The fields the mapping at `path` accepts. */
function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const found = schemaAt(schema, path);
  const inner = found && layersOf(found).at(-1);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

/** The first example the field's schema carries (`.meta({ examples })`), written as the line of YAML that sets it. */
function exampleOf(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  const field = schemaAt(schema, path);
  if (!field) return undefined;
  for (const layer of layersOf(field)) {
    const examples = z.globalRegistry.get(layer)?.examples;
    if (Array.isArray(examples) && examples.length > 0) {
      // One line: lists and mappings in flow style (`tags: [Cloud]`), strings quoted only when YAML needs it.
      const value = dump(examples[0], { schema: CORE_SCHEMA, flowLevel: 0, lineWidth: -1 }).trim();
      return `${String(path.at(-1))}: ${value}`;
    }
  }
  return undefined;
}
