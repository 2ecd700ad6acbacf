import * as z from 'zod';

/**
 * A declared schema (a parameter, a response shape) as JSON Schema 2020-12,
 * the dialect of OpenAPI 3.1, by zod's own conversion. Two things are left
 * out: `$schema` (the document states its dialect once), and the bounds zod
 * gives every whole number so that it stays a safe JavaScript integer, which
 * say nothing of the value and would only clutter the document.
 */
export type JsonSchema = Record<string, unknown>;

/** Drops the bounds zod gives every whole number (see jsonSchemaOf). */
const withoutSafeIntegerBounds = ({ jsonSchema }: { jsonSchema: unknown }) => {
  const bounds = jsonSchema as JsonSchema;
  if (bounds.maximum === Number.MAX_SAFE_INTEGER) delete bounds.maximum;
  if (bounds.minimum === Number.MIN_SAFE_INTEGER) delete bounds.minimum;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const converted = z.toJSONSchema(schema, { io: 'output', override: withoutSafeIntegerBounds }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

/**
 * A schema as MCP's `tools/list` states it: draft-07, as the SDK converts
 * the schemas a tool is registered with (its zod-json-schema-compat), but
 * for the safe-integer bounds: a model reads every word of tools/list, and
 * they say nothing of the value. A document that describes the tools
 * without running the server says exactly what the server answers.
 */
export function mcpJsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-7', io, override: withoutSafeIntegerBounds }) as JsonSchema;
}
