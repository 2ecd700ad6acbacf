import assert from 'node:assert/strict';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Catalog } from '../src/content/types.js';
import { PUBLIC_READ } from '../src/http/rate-limit.js';
import { buildOpenApi } from '../src/discovery/openapi.js';

/**
 * Validates API responses against the operation they came from in the
 * generated /openapi.json, so a response that drifts from the published
 * document fails whichever test produced it.
 */

type Json = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Operation {
  readonly pattern: RegExp;
  readonly responses: Readonly<Record<string, ValidateFunction>>;
}

const byCatalog = new WeakMap<Catalog, Operation[]>();

function operationsFor(catalog: Catalog): Operation[] {
  let operations = byCatalog.get(catalog);
  if (operations) return operations;
  const document = buildOpenApi(catalog, PUBLIC_READ) as Json & { paths: Record<string, { get: Json }>; components: Json };
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
  const components = document.components as { schemas: Record<string, object>; responses: Record<string, Json> };
  const resolve = (value: Json): Json => {
    const ref = value.$ref as string | undefined;
    if (!ref) return value;
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
    return (components as unknown as Record<string, Record<string, Json>>)[section ?? '']?.[name ?? ''] ?? assert.fail(`unresolved ${ref}`);
  };
  const compiled = new Map<object, ValidateFunction>();
  const compile = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  operations = Object.entries(document.paths).map(([path, item]) => {
    const responses: Record<string, ValidateFunction> = {};
    for (const [status, raw] of Object.entries(item.get.responses as Record<string, Json>)) {
      const content = resolve(raw).content as Record<string, { schema: Json }> | undefined;
      const media = content && Object.values(content)[0];
      if (media) responses[status] = compile(resolve(media.schema));
    }
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
    return { pattern, responses };
  });
  byCatalog.set(catalog, operations);
  return operations;
}

/** Throws when `response` to GET `url` does not match its documented schema. */
export function assertMatchesOpenApi(catalog: Catalog, method: string, url: string, response: LightMyRequestResponse): void {
  if (method !== 'GET' || response.statusCode === 304 || response.statusCode === 204) return;
  // As on the wire: a fragment is never sent, and the query is not part of the path.
  const path = url.split('#')[0]!.split('?')[0] ?? '';
  const operation = operationsFor(catalog).find((op) => op.pattern.test(path));
  if (!operation) return;
  const validate = operation.responses[String(response.statusCode)];
  assert.ok(validate, `GET ${path} answered ${response.statusCode}, which /openapi.json does not document`);
  const valid = validate(response.json());
  assert.ok(valid, `GET ${url} (${response.statusCode}) drifts from /openapi.json: ${JSON.stringify(validate.errors, null, 1)}`);
}
