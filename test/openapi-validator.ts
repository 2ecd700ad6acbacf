import assert from 'node:assert/strict';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Catalog } from '../src/content/types.js';
import { PUBLIC_READ } from '../src/http/rate-limit.js';
import { buildOpenApi } from '../src/discovery/openapi.js';

/**
 * Validates API responses against the operation they came from in the
 * generated /openapi.json, so a response that drifts from the published
 * document fails whichever test produced it: an undocumented status, a body
 * that does not match its schema, a header the response must carry that is
 * missing, or one the document names elsewhere but not for this response.
 */

type Json = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface DocumentedHeader {
  readonly required: boolean;
  readonly values?: readonly string[];
}

interface DocumentedResponse {
  readonly validate?: ValidateFunction;
  /** By lower-case name. */
  readonly headers: ReadonlyMap<string, DocumentedHeader>;
}

interface Operation {
  readonly method: string;
  readonly pattern: RegExp;
  readonly responses: Readonly<Record<string, DocumentedResponse>>;
}

interface Checks {
  readonly operations: readonly Operation[];
  /** Every header some response documents (lower-case): present on a response, it must be documented there. */
  readonly headers: ReadonlySet<string>;
}

/** The document's own URI for ajv, so `#/components/schemas/...` references resolve inside it. */
const DOCUMENT_ID = 'urn:vitrine:openapi';

const byCatalog = new WeakMap<Catalog, Checks>();

function checksFor(catalog: Catalog): Checks {
  let checks = byCatalog.get(catalog);
  if (checks) return checks;
  const document = buildOpenApi(catalog, PUBLIC_READ) as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }));
  // The component schemas, reachable by the same pointers the document uses.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: (document.components as { schemas: Json }).schemas } });
  const resolve = (value: Json): Json => {
    const ref = value.$ref as string | undefined;
    if (!ref) return value;
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
    return (document.components as Record<string, Record<string, Json>>)[section ?? '']?.[name ?? ''] ?? assert.fail(`unresolved ${ref}`);
  };
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: Json) => {
    const ref = schema.$ref as string | undefined;
    assert.ok(ref, 'every response schema is a component');
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}${ref}` });
      compiled.set(ref, validate);
    }
    return validate;
  };
  const allHeaders = new Set<string>();
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(item)) {
      const responses: Record<string, DocumentedResponse> = {};
      for (const [status, raw] of Object.entries(operation.responses as Record<string, Json>)) {
        const response = resolve(raw);
        const content = response.content as Record<string, { schema: Json }> | undefined;
        const media = content && Object.values(content)[0];
        const headers = new Map<string, DocumentedHeader>();
        for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
          const { required = false, schema } = resolve(header) as { required?: boolean; schema?: { enum?: string[] } };
          headers.set(name.toLowerCase(), { required, ...(schema?.enum ? { values: schema.enum } : {}) });
          allHeaders.add(name.toLowerCase());
        }
        responses[status] = { ...(media ? { validate: compile(media.schema) } : {}), headers };
      }
      operations.push({ method: method.toUpperCase(), pattern, responses });
    }
  }
  checks = { operations, headers: allHeaders };
  byCatalog.set(catalog, checks);
  return checks;
}

/** Throws when `response` to `method` `url` does not match what the document says of it. */
export function assertMatchesOpenApi(catalog: Catalog, method: string, url: string, response: LightMyRequestResponse): void {
  // As on the wire: a fragment is never sent, and the query is not part of the path.
  const path = url.split('#')[0]!.split('?')[0] ?? '';
  const checks = checksFor(catalog);
  const operation = checks.operations.find((op) => op.method === method && op.pattern.test(path));
  if (!operation) return;
  const documented = operation.responses[String(response.statusCode)];
  assert.ok(documented, `${method} ${path} answered ${response.statusCode}, which /openapi.json does not document`);
  for (const [name, header] of documented.headers) {
    const value = response.headers[name];
    if (header.required) assert.ok(value !== undefined, `${method} ${path} (${response.statusCode}) lacks the ${name} header /openapi.json promises`);
    if (value !== undefined && header.values) assert.ok(header.values.includes(String(value)), `${method} ${path} (${response.statusCode}): ${name}: ${String(value)} is none of ${header.values.join(', ')}`);
  }
  for (const name of Object.keys(response.headers)) {
    if (checks.headers.has(name)) assert.ok(documented.headers.has(name), `${method} ${path} (${response.statusCode}) carries ${name}, which /openapi.json does not document for it`);
  }
  if (!documented.validate || response.statusCode === 304 || method === 'HEAD') return;
  const valid = documented.validate(response.headers['content-encoding'] === undefined ? response.json() : JSON.parse(decoded(response)));
  assert.ok(valid, `${method} ${url} (${response.statusCode}) drifts from /openapi.json: ${JSON.stringify(documented.validate.errors, null, 1)}`);
}

/** The body of a response in a content coding, as text. */
function decoded(response: LightMyRequestResponse): string {
  const coding = response.headers['content-encoding'];
  if (coding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (coding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  throw new Error(`a response in a coding the validator does not read: ${String(coding)}`);
}
