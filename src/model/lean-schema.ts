import type { JsonSchema } from './json-schema.js';

/**
 * The tools' schemas as `tools/list` gives them: every agent session reads
 * the whole list before its first question, so each schema says what an
 * agent needs and nothing twice. The arguments keep their descriptions
 * and allowed values; a filter's values are written once. A result's schema
 * keeps the structure (the fields, their types, which are always there)
 * for clients that validate `structuredContent`; what each field means is
 * the tool's description and /openapi.json's, which describes the same
 * shapes field by field.
 */

/**
 * The shapes records share, which /openapi.json describes once as
 * components: in a result's schema, an object (a picture, a translation:
 * a link to the same record in another locale, a postal address, what a
 * record answered in another locale says of itself, why a list is empty).
 */
const SHARED_SHAPES = new Set(['Image', 'ImageSummary', 'ImageVariant', 'Translation', 'Address', 'Fallback', 'EmptiedBy']);

/** The keywords a result's schema keeps: its structure. */
const OUTPUT_KEYWORDS = new Set(['type', 'properties', 'items', 'required', 'enum', 'anyOf', 'additionalProperties']);

/**
 * A result's schema, lean: no `$schema`, descriptions, titles, formats or
 * bounds; `anyOf` a type or null written as one `type`; a shared shape as
 * an object; a closed object left open (a client ignores members it does
 * not know, as the API's versioning asks of it).
 */
export function leanOutputSchema(schema: JsonSchema): JsonSchema {
  return leanOutput(schema) as JsonSchema;
}

function leanOutput(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(leanOutput);
  if (schema === null || typeof schema !== 'object') return schema;
  const nullable = nullableType(schema as JsonSchema);
  if (nullable !== undefined) return nullable;
  if (SHARED_SHAPES.has((schema as JsonSchema).title as string)) return { type: 'object' };
  const lean: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!OUTPUT_KEYWORDS.has(keyword)) continue;
    if (keyword === 'additionalProperties') {
      // `false` closes an object; a schema (a record's values) is kept.
      if (typeof value === 'object' && value !== null) lean[keyword] = leanOutput(value);
    } else if (keyword === 'properties') {
      lean[keyword] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, field]) => [name, leanOutput(field)]));
    } else lean[keyword] = leanOutput(value);
  }
  return lean;
}

/** `{"anyOf": [{"type": T}, {"type": "null"}]}` as `{"type": [T, "null"]}`, when T is a plain type. */
function nullableType(schema: JsonSchema): JsonSchema | undefined {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return undefined;
  const [value, none] = options as JsonSchema[];
  if (none?.type !== 'null' || typeof value?.type !== 'string' || Object.keys(value).some((keyword) => OUTPUT_KEYWORDS.has(keyword) && keyword !== 'type')) return undefined;
  return { type: [value.type, 'null'] };
}

/**
 * The arguments' schema, lean: no `$schema`; a filter that takes one value,
 * an array of them or the same separated by commas (three schemas, its
 * values in each) written as one schema of a string or an array whose items
 * are the values, so they are listed once.
 */
export function leanInputSchema(schema: JsonSchema): JsonSchema {
  const rest = { ...schema };
  delete rest.$schema;
  const { properties } = rest;
  if (properties === undefined) return rest;
  return { ...rest, properties: Object.fromEntries(Object.entries(properties as Record<string, JsonSchema>).map(([name, argument]) => [name, leanFilter(argument)])) };
}

function leanFilter(argument: JsonSchema): JsonSchema {
  const options = argument.anyOf;
  if (!Array.isArray(options) || options.length !== 3) return argument;
  const [one, several, commas] = options as JsonSchema[];
  const values = one?.enum;
  if (one?.type !== 'string' || !Array.isArray(values) || several?.type !== 'array' || commas?.type !== 'string' || typeof commas.pattern !== 'string') return argument;
  const lean: JsonSchema = { ...argument, type: ['string', 'array'], items: { enum: values } };
  delete lean.anyOf;
  return lean;
}
