import { isDeepStrictEqual } from 'node:util';
import type { Catalog } from '../content/types.js';
import { CACHE_POLICY, NO_STORE } from '../http/policy.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import type { Endpoint } from '../model/endpoints.js';
import { documentedPath, ENDPOINTS, HEALTHZ_PATH, healthz } from '../model/endpoints.js';
import type { ProblemExample } from '../model/examples.js';
import { longTarget, problemExample } from '../model/examples.js';
import { jsonSchemaOf } from '../model/json-schema.js';
import type { Param } from '../query/params.js';
import { enumerationsForgive, IGNORED_PARAMETERS } from '../query/params.js';
import type { Problem, ProblemCode } from '../model/problems.js';
import { problemSchema } from '../model/problems.js';
import {
  headersTooLargeProblem,
  internalErrorProblem,
  PROBLEM_CODE_LIST,
  PROBLEM_MEDIA_TYPE,
  problemDocument,
  PROBLEMS,
  problemTypeUri,
  rateLimitedProblem,
  REQUEST_TIMEOUT,
  requestTimeoutProblem,
  uriTooLongProblem,
} from '../model/problems.js';
import type { RpcRefusal } from '../model/protocol.js';
import { jsonRpcSchemas, MCP_PROBLEMS, MCP_PROTOCOL_VERSIONS, MCP_REFUSALS, mcpProblemRefusal, rpcErrorBody } from '../model/protocol.js';
import { MCP_PATH, paths as routePaths, urlOf } from '../routes/table.js';
import { API_VERSION } from '../config/version.js';
import { HOOK_PATH, HOOK_POLICY, HookReceipt, hookTooLargeProblem, notFollowingGitProblem, tooManyHooksProblem, unsignedHookProblem } from '../model/content-hook.js';

/**
 * /openapi.json (OpenAPI 3.1), generated from the declarations of the
 * service (src/model): the endpoints with their parameters, response shapes
 * and the problems each can answer, the MCP endpoint's refusals, and the
 * problem codes. Nothing here is a hand-kept copy: enumerations and examples
 * come from the Catalog in force, error examples from the functions that
 * word the answers.
 *
 * Made for client generators: every object a response nests is a named
 * component (its `title`, else its property's name), enumerations the
 * content decides are `enum`s, a slug the content may add is a `pattern`,
 * and each response lists exactly the statuses and headers it can carry.
 */

type Json = Record<string, unknown>;

const SCHEMA_REF = (name: string) => `#/components/schemas/${name}`;
const HEADER_REF = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The MCP revisions /mcp speaks, in words. */
const MCP_REVISIONS = MCP_PROTOCOL_VERSIONS.join(', ');

// ---------------------------------------------------------------- schemas

/**
 * Values the content decides, per tag: an enumerated filter (`locale`,
 * `category`, `status`; `tag` filters `tags`) names the property of the
 * records it filters, and every record of that tag, nested ones included,
 * takes its values from the same declaration.
 */
function contentEnums(catalog: Catalog): Map<string, Map<string, readonly string[]>> {
  const byTag = new Map<string, Map<string, readonly string[]>>();
  for (const endpoint of ENDPOINTS) {
    const enums = byTag.get(endpoint.tag) ?? new Map<string, readonly string[]>();
    byTag.set(endpoint.tag, enums);
    for (const [name, param] of Object.entries(endpoint.query)) {
      if (param.type !== 'enum') continue;
      const values = param.values(catalog);
      // A list the content leaves empty (no post tags) constrains nothing: JSON Schema's `enum` must name at least one value.
      if (values.length === 0) continue;
      // The union, should two endpoints of a tag filter one property on different lists.
      enums.set(name, [...new Set([...(enums.get(name) ?? []), ...values])]);
    }
  }
  return byTag;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const types = (schema: Json) => (Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type]);
const isObjectSchema = (schema: Json) => types(schema).includes('object') || isObject(schema.properties);
/** An object with a shape of its own (properties, or a map's values): a bare `{ type: 'object' }` is any object, and stays inline. */
const isShapedObject = (schema: Json) => isObjectSchema(schema) && (typeof schema.title === 'string' || isObject(schema.properties) || isObject(schema.additionalProperties));
const pascal = (name: string) => name.replace(/(^|[_-])([a-z])/g, (_, __, letter: string) => letter.toUpperCase());

/** `schema` with `enums` applied to the string properties (or arrays of them) they name, at every depth. */
function withEnums(schema: unknown, enums: ReadonlyMap<string, readonly string[]>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withEnums(item, enums));
  if (!isObject(schema)) return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = key === 'properties' ? properties(value as Json) : withEnums(value, enums);
  return copy;

  function properties(props: Json): Json {
    return Object.fromEntries(
      Object.entries(props).map(([name, raw]) => {
        const property = withEnums(raw, enums) as Json;
        const values = enums.get(name);
        if (values && property.enum === undefined && types(property).includes('string')) return [name, { ...property, enum: [...values] }];
        const singular = name.endsWith('s') ? enums.get(name.slice(0, -1)) : undefined;
        const items = property.items as Json | undefined;
        if (singular && property.type === 'array' && isObject(items) && items.enum === undefined && items.type === 'string') {
          return [name, { ...property, items: { ...items, enum: [...singular] } }];
        }
        return [name, property];
      }),
    );
  }
}

/**
 * The slugs of a tag's records when the site declares them (the path takes an
 * `enum`, not a `pattern`), given to the `slug` of the records its responses
 * answer, a list's items included: a consumer that lists then fetches each
 * by `item.slug` type-checks. A nested record (a `Translation`, shared with
 * tags whose slugs are free) keeps its own.
 */
function declaredSlugs(catalog: Catalog): Map<string, readonly string[]> {
  const byTag = new Map<string, readonly string[]>();
  for (const endpoint of ENDPOINTS) if (endpoint.slug && !endpoint.slug.pattern) byTag.set(endpoint.tag, endpoint.slug.values(catalog));
  return byTag;
}

function withSlugEnum(schema: Json, slugs: readonly string[] | undefined): Json {
  if (!slugs) return schema;
  const record = (object: Json): Json => {
    const props = object.properties as Json | undefined;
    const slug = props?.slug;
    if (!isObject(slug) || slug.enum !== undefined || !types(slug).includes('string')) return object;
    return { ...object, properties: { ...props, slug: { ...slug, enum: [...slugs] } } };
  };
  const items = (schema.properties as Json | undefined)?.items;
  if (isObject(items) && isObject(items.items)) return { ...schema, properties: { ...(schema.properties as Json), items: { ...items, items: record(items.items) } } };
  return record(schema);
}

/**
 * Component schemas: every response schema by its `title`, and every object
 * nested in one replaced by a `$ref` to a component of its own, named by its
 * `title` or else by the property that holds it (`links` -> `Links`). A
 * description given where an object is used stays beside its `$ref`.
 */
class SchemaComponents {
  readonly schemas: Record<string, Json> = {};
  readonly #titles = new Set<string>();

  /** Titles first, so that a name derived from a property never takes one. */
  constructor(roots: readonly unknown[]) {
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (isObject(value)) {
        if (typeof value.title === 'string' && isObjectSchema(value)) this.#titles.add(value.title);
        Object.values(value).forEach(collect);
      }
    };
    roots.forEach(collect);
  }

  /** Registers `schema` under its title; returns the name. */
  add(schema: Json): string {
    return this.#register(schema.title as string, this.#hoistInside(schema), true);
  }

  #register(name: string, schema: Json, titled: boolean): string {
    let candidate = name;
    for (let n = 2; ; n++) {
      const existing = this.schemas[candidate];
      if (existing === undefined) {
        this.schemas[candidate] = schema;
        return candidate;
      }
      if (isDeepStrictEqual(existing, schema)) return candidate;
      // Two different schemas under one title is a mistake in src/query/shapes.ts, not in the content.
      if (titled) throw new Error(`openapi: two different schemas are titled "${name}"`);
      candidate = `${name}${n}`;
    }
  }

  /** A nested schema: a `$ref` when it is an object, else itself with its own nested objects hoisted. */
  #nested(value: unknown, parent: string, property: string): unknown {
    if (Array.isArray(value)) return value.map((item) => this.#nested(item, parent, property));
    if (!isObject(value)) return value;
    if (!isShapedObject(value)) return this.#hoistInside(value, parent, property);
    const { description, ...rest } = value;
    const title = typeof rest.title === 'string' ? rest.title : undefined;
    const base = title ?? (this.#titles.has(pascal(property)) ? `${parent}${pascal(property)}` : pascal(property));
    const name = this.#register(base, this.#hoistInside(rest, base), title !== undefined);
    return { $ref: SCHEMA_REF(name), ...(description === undefined ? {} : { description }) };
  }

  /** `schema` with the objects inside it hoisted; `name` is its component name (for the names of untitled ones). */
  #hoistInside(schema: Json, name = schema.title as string, property = ''): Json {
    const copy: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && isObject(value)) {
        copy[key] = Object.fromEntries(Object.entries(value).map(([prop, sub]) => [prop, this.#nested(sub, name, prop)]));
      } else if (key === 'items' || key === 'additionalProperties' || key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
        // An array's items or a map's values are named after the property that holds them (`translations` -> `Translation` when untitled: its title wins).
        copy[key] = this.#nested(value, name, property || name);
      } else {
        copy[key] = value;
      }
    }
    return copy;
  }
}

// ---------------------------------------------------------------- headers

/** Every header a response documents; `required` where each response that lists it always carries it. */
function headerComponents(quota: RateLimitPolicy): Json {
  const always = { required: true };
  const integer = (description: string) => ({ description, ...always, schema: { type: 'integer', minimum: 0 } });
  const text = (description: string, example?: string, values?: readonly string[]) => ({
    description,
    schema: { type: 'string', ...(values ? { enum: [...values] } : {}) },
    ...(example === undefined ? {} : { example }),
  });
  const { name, limit, windowSeconds } = quota;
  return {
    RateLimit: { ...text('Quota left in the current window (IETF httpapi ratelimit-headers): r = requests remaining, t = seconds to reset.', `"${name}";r=${limit - 1};t=${windowSeconds}`), ...always },
    'RateLimit-Policy': { ...text('The quota policy: q = requests per window, w = window in seconds.', `"${name}";q=${limit};w=${windowSeconds}`), ...always },
    'RateLimit-Limit': integer('Requests allowed in the current window.'),
    'RateLimit-Remaining': integer('Requests still available in the current window.'),
    'RateLimit-Reset': integer('Seconds until the window resets.'),
    'Retry-After': integer('Seconds to wait before calling again (RFC 9110 section 10.2.3): the end of the current window.'),
    'X-API-Version': { ...text('Semantic version of the deployment that answered.', API_VERSION), ...always },
    'Cache-Control': { ...text('A public answer, the same for everyone: fresh five minutes, then served stale for a day while revalidated (RFC 9111, RFC 5861).', CACHE_POLICY, [CACHE_POLICY]), ...always },
    'Cache-Control-No-Store': { ...text('No cache may keep this answer (RFC 9111 section 5.2.2.5): an error, or a record that describes the instance that answered.', NO_STORE, [NO_STORE]), ...always },
    ETag: { ...text('Validator of the representation (RFC 9110 section 8.8): strong, or weak (W/) on a compressed answer made for one request, whose bytes differ from the kept form of the same tag; send it back in If-None-Match to get 304.', '"3q2-7w"'), ...always },
    'Last-Modified': {
      ...text('When the record last changed (its updated_at, as an HTTP-date); send it back in If-Modified-Since to get 304 (If-None-Match wins when both are sent).', 'Sat, 14 Mar 2026 12:00:00 GMT'),
      ...always,
    },
    'Content-Language': {
      ...text("The language of the record's text (RFC 9110 section 8.5): the locale asked for, or the site's default one for a record not translated into it (then the body's fallback says so).", 'en'),
      ...always,
    },
    Vary: text('Accept-Encoding on a body of 1 KiB or more, which is sent gzip- or brotli-compressed to a client that accepts it (RFC 9110 section 12.5.5).', 'Accept-Encoding'),
    'Link-Pagination': text(
      'RFC 8288 links: rel="next" and rel="prev" to the neighbouring pages (the same URLs as next and prev in the body), when there are; once this version is deprecated, rel="deprecation" and rel="successor-version" too.',
      '<http://localhost:3000/api/v1/posts?limit=20&offset=20>; rel="next"',
    ),
    'Link-Deprecation': text('Only once this version is deprecated: RFC 8288 links rel="deprecation" (its policy) and rel="successor-version" (RFC 5829).'),
    Deprecation: text('RFC 9745: when this version was announced deprecated (only once it is).', '@1798761599'),
    Sunset: text('RFC 8594: when this version stops answering (only once it is deprecated).', 'Wed, 30 Jun 2027 23:59:59 GMT'),
  };
}

/**
 * What the HTTP policy writes on the answers of one operation
 * (src/http/policy.ts): every operation documented here is of a part of the
 * service that states its version (/api/v1, /healthz, /mcp), and the quota
 * counts those that declare `rate_limited`.
 */
interface Door {
  /** Counted by the quota: RateLimit headers, 429, and the deprecation headers once configured. */
  readonly counted: boolean;
  /** X-API-Version. */
  readonly versioned: boolean;
}

const doorOf = (errors: readonly ProblemCode[]): Door => ({ counted: errors.includes('rate_limited'), versioned: true });

const QUOTA_HEADERS = ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/**
 * The headers of one response (each component says whether it is always
 * there). The quota's headers are written by the pipeline, so a request the
 * HTTP parser refuses (431) has none.
 */
function headersOf(door: Door, options: { quota?: boolean; link?: 'pagination'; own?: readonly string[] }): Json {
  const headers: Json = {};
  const add = (name: string, component = name) => {
    headers[name] = HEADER_REF(component);
  };
  if (door.versioned) add('X-API-Version');
  if (door.counted && options.quota !== false) for (const name of QUOTA_HEADERS) add(name);
  for (const name of options.own ?? []) add(name === 'Cache-Control-No-Store' ? 'Cache-Control' : name, name);
  if (options.link === 'pagination') add('Link', 'Link-Pagination');
  else if (door.counted) add('Link', 'Link-Deprecation');
  if (door.counted) {
    add('Deprecation');
    add('Sunset');
  }
  return headers;
}

// ---------------------------------------------------------------- errors

/** What the codes declared at one status mean: each code with its one-line summary. */
function statusText(codes: readonly ProblemCode[]): string {
  return codes.map((code) => `\`${code}\`: ${PROBLEMS[code].summary}`).join(' ');
}

/** An error response: its headers, and its examples by name (the body of each as the server answers it). */
function errorResponse(description: string, door: Door, status: number, media: string, schema: string, examples: Readonly<Record<string, unknown>>): Json {
  const entries = Object.entries(examples);
  return {
    description,
    headers: headersOf(door, { quota: status !== 431, own: ['Cache-Control-No-Store', ...(status === 429 ? ['Retry-After'] : [])] }),
    content: {
      [media]: {
        schema: { $ref: SCHEMA_REF(schema) },
        ...(entries.length === 1 ? { example: entries[0]![1] } : { examples: Object.fromEntries(entries.map(([name, value]) => [name, { value }])) }),
      },
    },
  };
}

/**
 * A request too slow to be read: answered before anything knows its path,
 * so with none of the headers of the part of the service it was for.
 */
function timeoutResponse(base: string): Json {
  return {
    description: REQUEST_TIMEOUT.summary,
    headers: {
      'Cache-Control': HEADER_REF('Cache-Control-No-Store'),
      Vary: { description: 'The request headers the answer was chosen by.', schema: { type: 'string', example: 'Accept, Accept-Encoding' } },
    },
    content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: SCHEMA_REF('Problem') }, example: problemDocument(requestTimeoutProblem(), base, '/') } },
  };
}

/**
 * The error responses of a GET of `endpoint` at `path`: one per status its
 * declared problems are answered with, each with the example of every code
 * (the answer a real request gets), and the 408 any request may get.
 */
function errorResponses(endpoint: Endpoint, catalog: Catalog, quota: RateLimitPolicy, path: string, door: Door): Json {
  const byStatus = new Map<number, Map<ProblemCode, ProblemExample>>();
  for (const code of endpoint.errors) {
    const example = problemExample(endpoint, code, catalog, quota, path);
    if (!example) throw new Error(`openapi: ${path} declares ${code}, which no request to it provokes`);
    const status = PROBLEMS[code].status;
    byStatus.set(status, (byStatus.get(status) ?? new Map<ProblemCode, ProblemExample>()).set(code, example));
  }
  const responses: Json = {};
  for (const [status, examples] of byStatus) {
    const bodies = Object.fromEntries([...examples].map(([code, { problem, instance }]) => [code, problemDocument(problem, catalog.base_url, instance)]));
    responses[status] = errorResponse(statusText([...examples.keys()]), door, status, PROBLEM_MEDIA_TYPE, 'Problem', bodies);
  }
  if (endpoint.errors.includes(REQUEST_TIMEOUT.code)) responses[REQUEST_TIMEOUT.status] = timeoutResponse(catalog.base_url);
  return responses;
}

// ---------------------------------------------------------------- operations

/** A parameter's schema as OpenAPI states it: its declaration's, the description and example beside it rather than inside. */
function paramSchema(param: Param, catalog: Catalog): Json {
  const schema = jsonSchemaOf(param.schema(catalog));
  delete schema.description;
  delete schema.example;
  return schema;
}

const IGNORED = `${IGNORED_PARAMETERS.map((name) => `\`${name}\``).join(', ')}`;

function parameterDescription(name: string, param: Param, catalog: Catalog): string {
  const values = param.accepted(catalog);
  if (param.type === 'enum' && values.length === 0) return `${param.description} The site lists no value for it, so any value is refused.`;
  if (param.type === 'enum' && param.multiple) {
    const two = (values as readonly string[]).slice(0, 2);
    return `${param.description} Several values are written as one parameter, separated by commas (\`${name}=${two.join(',')}\`), and match any of them; no value contains a comma. Accepts one or more of: ${(values as readonly string[]).join(', ')} (${enumerationsForgive(values as readonly string[])}). Given once; an empty value is an error.`;
  }
  const forgiving = param.type === 'enum' && Array.isArray(values) ? ` (${enumerationsForgive(values)})` : '';
  return `${param.description} Accepts ${Array.isArray(values) ? `one of: ${values.join(', ')}${forgiving}` : values}. Given once; an empty value is an error.`;
}

function parameters(endpoint: Endpoint, catalog: Catalog): Json[] {
  const list: Json[] = [];
  if (endpoint.slug) {
    const { pattern, description, values } = endpoint.slug;
    const slugs = values(catalog);
    list.push({
      name: 'slug',
      in: 'path',
      required: true,
      description: pattern
        ? `${description} Any slug the content gives (lowercase ASCII letters, digits and single hyphens); one that does not exist is a 404 listing those that do.`
        : `${description} One of the slugs the site declares.`,
      schema: pattern ? { type: 'string', pattern: pattern.source } : { type: 'string', enum: [...slugs] },
      ...(slugs[0] === undefined ? {} : { example: slugs[0] }),
    });
  }
  for (const [name, param] of Object.entries(endpoint.query)) {
    const multiple = param.type === 'enum' && param.multiple;
    const example = param.exampleIn(catalog);
    list.push({
      name,
      in: 'query',
      required: param.required,
      description: parameterDescription(name, param, catalog),
      schema: paramSchema(param, catalog),
      // RFC 6570 form style, not exploded: several values are one parameter, separated by commas.
      ...(multiple ? { style: 'form', explode: false } : {}),
      ...(example === undefined ? {} : { example: multiple ? [example] : example }),
    });
  }
  return list;
}

/** The GET of `endpoint` served at `path` (its documented path, or /healthz). */
function operation(endpoint: Endpoint, catalog: Catalog, quota: RateLimitPolicy, path: string): Json {
  const door = doorOf(endpoint.errors);
  const example = exampleOf(endpoint, catalog);
  const schemaName = (endpoint.response.meta() as { title: string }).title;
  const isList = 'next' in (((jsonSchemaOf(endpoint.response).properties as Json | undefined) ?? {}) as Json);
  const cache = endpoint.shared ? 'Cache-Control' : 'Cache-Control-No-Store';
  const own = [cache, 'ETag', ...(endpoint.slug ? ['Last-Modified', 'Content-Language'] : [])];
  const success = headersOf(door, { own: [...own, 'Vary'], ...(isList ? { link: 'pagination' as const } : {}) });
  const responses: Json = {
    200: {
      description: endpoint.summary,
      headers: success,
      content: { 'application/json': { schema: { $ref: SCHEMA_REF(schemaName) }, ...(example === undefined ? {} : { example }) } },
    },
    304: {
      description: 'Not Modified (RFC 9110 section 15.4.5): the representation matching If-None-Match (or, without it, unchanged since If-Modified-Since) has not changed. No body.',
      headers: success,
    },
    ...errorResponses(endpoint, catalog, quota, path, door),
  };
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: `${endpoint.description}${Object.keys(endpoint.query).length ? ` Besides its parameters, ${IGNORED} (what the web adds to links) are accepted and ignored; any other parameter is a 400.` : ''}`,
    tags: [endpoint.tag],
    security: [],
    parameters: parameters(endpoint, catalog),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/** What POST /mcp answers, with the HTTP status of each (src/model/protocol.ts declares the bodies). */
const MCP_RESPONSES: readonly { readonly status: number; readonly name: string; readonly description: string; readonly refusal: (base: string) => RpcRefusal }[] = [
  {
    status: 400,
    name: 'parse_error',
    description: 'The body is not JSON, is a batch (but from a 2025-03-26 client) or an empty one, is not a JSON-RPC message, or names an unsupported MCP-Protocol-Version.',
    refusal: MCP_REFUSALS.parseError,
  },
  {
    status: 403,
    name: 'forbidden_origin',
    description: `The request's Origin header names an origin that may not call this server (MCP 2025-06-18, Streamable HTTP, "Security Warning": DNS-rebinding protection). Only browsers send Origin: a request without one is always served. Checked before anything else, so any request from such an origin gets this answer.`,
    refusal: (base) => MCP_REFUSALS.forbiddenOrigin('https://elsewhere.example', new URL(base).origin),
  },
  {
    status: 406,
    name: 'not_acceptable',
    description: 'The Accept header does not list both application/json and text/event-stream, as Streamable HTTP requires of a client.',
    refusal: MCP_REFUSALS.notAcceptable,
  },
  { status: 413, name: 'payload_too_large', description: 'The body is larger than 4 MiB.', refusal: MCP_REFUSALS.payloadTooLarge },
  { status: 415, name: 'unsupported_media_type', description: 'The Content-Type is not application/json.', refusal: MCP_REFUSALS.unsupportedMediaType },
];

/** The problems of the pipeline, as /mcp tells them: a JSON-RPC error naming the problem. */
const MCP_PROBLEM_EXAMPLES: Readonly<Record<(typeof MCP_PROBLEMS)[number], () => Problem>> = {
  uri_too_long: () => uriTooLongProblem(longTarget(MCP_PATH).length),
  headers_too_large: headersTooLargeProblem,
  internal_error: internalErrorProblem,
};

/** POST /mcp: the JSON-RPC bodies its door answers, the Origin check (403) first of all. */
function mcpOperation(catalog: Catalog, quota: RateLimitPolicy): Json {
  const base = catalog.base_url;
  const door: Door = { counted: true, versioned: true };
  const noStore = (more: readonly string[] = []) => headersOf(door, { own: ['Cache-Control-No-Store', ...more] });
  const rpc = (status: number, description: string, name: string, refusal: RpcRefusal) =>
    errorResponse(description, door, status, 'application/json', 'JsonRpcResponse', { [name]: rpcErrorBody(refusal) });
  const responses: Json = {
    200: {
      description:
        'The JSON-RPC response to a request (a result, or a JSON-RPC error such as an unknown method); to a 2025-03-26 batch, the array of the responses to its requests, in order.',
      headers: noStore(['Vary']),
      content: {
        'application/json': {
          schema: { $ref: SCHEMA_REF('JsonRpcReply') },
          example: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
        },
      },
    },
    202: { description: 'A notification or a response was accepted. No body.', headers: noStore() },
    [REQUEST_TIMEOUT.status]: timeoutResponse(base),
    429: errorResponse(statusText(['rate_limited']), door, 429, PROBLEM_MEDIA_TYPE, 'Problem', {
      rate_limited: problemDocument(rateLimitedProblem(quota), base, MCP_PATH),
    }),
  };
  for (const { status, name, description, refusal } of MCP_RESPONSES) responses[status] = rpc(status, description, name, refusal(base));
  for (const code of MCP_PROBLEMS) {
    const problem = MCP_PROBLEM_EXAMPLES[code]();
    responses[PROBLEMS[code].status] = rpc(PROBLEMS[code].status, statusText([code]), code, mcpProblemRefusal(problem, 'POST', base));
  }
  return {
    operationId: 'postMcp',
    summary: 'MCP endpoint',
    description: `The Model Context Protocol (revisions ${MCP_REVISIONS}) over Streamable HTTP with JSON responses: stateless and anonymous, one JSON-RPC message per POST (a 2025-03-26 client, which sends no MCP-Protocol-Version or that one, may send a batch); the tools and resources serve the same content as this API. Any other method is a 405 with Allow: POST.`,
    tags: ['MCP'],
    security: [],
    parameters: [
      {
        name: 'Accept',
        in: 'header',
        required: true,
        description: 'Both media types, as Streamable HTTP requires.',
        schema: { type: 'string' },
        example: 'application/json, text/event-stream',
      },
      {
        name: 'MCP-Protocol-Version',
        in: 'header',
        required: false,
        description: 'The negotiated revision, after initialize; an unsupported one is a 400.',
        schema: { type: 'string', enum: [...MCP_PROTOCOL_VERSIONS] },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: SCHEMA_REF('JsonRpcPost') },
          example: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        },
      },
    },
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/** POST /hooks/content: a git host's signed push notification; outside the quota, neither versioned nor counted. */
function hookOperation(base: string): Json {
  const door: Door = { counted: false, versioned: false };
  const receipt = (description: string, example: HookReceipt) => ({
    description,
    headers: headersOf(door, { own: ['Cache-Control-No-Store'] }),
    content: { 'application/json': { schema: { $ref: SCHEMA_REF('HookReceipt') }, example } },
  });
  const problem = (status: number, code: ProblemCode, made: Problem) => errorResponse(statusText([code]), door, status, PROBLEM_MEDIA_TYPE, 'Problem', { [code]: problemDocument(made, base, HOOK_PATH) });
  return {
    operationId: 'postContentHook',
    summary: 'Push notification',
    description: `Where the content is published from git (CONTENT_GIT): GitHub's push webhook signed with the shared secret (\`X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body>\`) or GitLab's (\`X-Gitlab-Token\`) fetches the branch; each instance serves the new commit once it passes the content check. A push to another branch is acknowledged and ignored. Outside the quota, limited to ${HOOK_POLICY.limit} hooks per ${HOOK_POLICY.windowSeconds} s per client address.`,
    tags: ['Publishing'],
    security: [],
    parameters: [
      { name: 'X-Hub-Signature-256', in: 'header', required: false, description: 'GitHub: `sha256=` and the HMAC-SHA256 of the raw body with the secret, in hex.', schema: { type: 'string' } },
      { name: 'X-Gitlab-Token', in: 'header', required: false, description: 'GitLab: the secret itself.', schema: { type: 'string' } },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: { type: 'object', properties: { ref: { type: 'string', description: 'The ref pushed; absent (a ping), the branch followed is fetched.' } } }, example: { ref: 'refs/heads/main' } },
        'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { payload: { type: 'string', description: 'The same JSON, as GitHub sends it in this form.' } } } },
      },
    },
    responses: {
      200: receipt('A push to another branch: acknowledged, nothing fetched.', { status: 'ignored', detail: 'The push is to refs/heads/drafts; this deployment publishes refs/heads/main.', branch: 'main' }),
      202: receipt('A fetch of the branch has started (or will run right after the one under way).', { status: 'fetching', detail: 'Fetching refs/heads/main; /healthz names the commit served once it is checked.', branch: 'main' }),
      401: problem(401, 'unauthorized', unsignedHookProblem(true)),
      404: problem(404, 'not_found', notFollowingGitProblem()),
      413: { ...problem(413, 'invalid_parameter', hookTooLargeProblem()), description: 'The body is larger than a push event can be.' },
      429: problem(429, 'rate_limited', tooManyHooksProblem(HOOK_POLICY.windowSeconds)),
    },
  };
}

/** A real answer from the content: lists shortened to two items. */
function exampleOf(endpoint: Endpoint, catalog: Catalog): unknown {
  const query: Record<string, string> = {};
  for (const [name, param] of Object.entries(endpoint.query)) {
    if (param.type === 'integer') query[name] = String(name === 'limit' ? 2 : param.default);
    else if (param.required) query[name] = String(param.exampleIn(catalog) ?? '');
  }
  const slug = endpoint.slug?.values(catalog)[0] ?? '';
  try {
    return endpoint.answer({ catalog, query, slug }).body;
  } catch {
    // The health record describes a running instance: it has no example without one.
    return undefined;
  }
}

/** The response schemas with the content's enumerations, and the problem codes the HTTP side has. */
function schemaComponents(catalog: Catalog): SchemaComponents {
  const enums = contentEnums(catalog);
  const slugs = declaredSlugs(catalog);
  const jsonRpc = jsonRpcSchemas();
  const roots = [
    jsonSchemaOf(problemSchema),
    // JsonRpcMessage and JsonRpcResponse are named inside these.
    jsonRpc.post,
    jsonRpc.reply,
    jsonSchemaOf(HookReceipt),
    ...ENDPOINTS.map((endpoint) => withSlugEnum(withEnums(jsonSchemaOf(endpoint.response), enums.get(endpoint.tag) ?? new Map()) as Json, slugs.get(endpoint.tag))),
  ];
  const components = new SchemaComponents(roots);
  for (const root of roots) components.add(root as Json);
  return components;
}

/** The OpenAPI 3.1 document of the API over `catalog`, stating the quota `quota` this deployment enforces. */
export function buildOpenApi(catalog: Catalog, quota: RateLimitPolicy): Json {
  const base = catalog.base_url;
  const components = schemaComponents(catalog);
  const paths: Json = {};
  const tags = new Map<string, string[]>();
  for (const endpoint of ENDPOINTS) {
    const path = documentedPath(endpoint);
    paths[path] = { get: operation(endpoint, catalog, quota, path) };
    tags.set(endpoint.tag, [...(tags.get(endpoint.tag) ?? []), endpoint.summary]);
  }
  paths[HEALTHZ_PATH] = { get: operation(healthz, catalog, quota, HEALTHZ_PATH) };
  paths[MCP_PATH] = { post: mcpOperation(catalog, quota) };
  paths[HOOK_PATH] = { post: hookOperation(base) };

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: `${catalog.site.name} content API`,
      version: API_VERSION,
      summary: `Read-only public content of ${catalog.site.name}: products, articles, pages, company identity and search.`,
      description: [
        `${catalog.site.description}`,
        '',
        'Every endpoint is a public, anonymous GET (no credential; `security: []`); another method is a 405 with `Allow`. Lists answer `{ items, total, limit, offset, next, prev }` with the same links in a `Link` header; every list takes `updated_since` and `sort`, so a sync job asks for what changed since its last run and follows `next`. Errors are RFC 9457 problem documents whose `type` points at the developer portal; branch on `code`.',
        `Several values of one filter are one parameter, separated by commas (\`category=A,B\`: any of them); no value contains a comma. ${IGNORED} (what the web adds to links) are ignored everywhere; any other unknown parameter is a 400.`,
        `Quota: ${quota.limit} requests per ${quota.windowSeconds} s per client address (policy \`${quota.name}\`), counted on /api/v1 and /mcp and stated on each of their responses; /healthz is outside it. Caching: \`${CACHE_POLICY}\` with strong ETags (weak on a compressed answer made for one request); errors and health records are \`${NO_STORE}\`. Every response carries CORS headers (\`Access-Control-Allow-Origin: *\`).`,
        `The same content is served over MCP at ${base}/mcp and as markdown under ${base}/md/.`,
      ].join('\n'),
      contact: { name: catalog.company.trade_name, url: `${base}/contact` },
    },
    externalDocs: { description: 'Developer portal', url: urlOf(base, routePaths.developers(catalog.site)) },
    servers: [{ url: base, description: 'This deployment' }],
    security: [],
    tags: [
      ...[...tags].map(([name, summaries]) => ({ name, description: `${summaries.join('; ')}.` })),
      { name: 'MCP', description: 'The Model Context Protocol endpoint, over the same content.' },
      { name: 'Publishing', description: 'A git host\u2019s push notification, where the content is published from git.' },
    ],
    paths,
    components: {
      schemas: components.schemas,
      headers: headerComponents(quota),
    },
    'x-problem-codes': Object.fromEntries(PROBLEM_CODE_LIST.map((code) => [code, { status: PROBLEMS[code].status, documentation: problemTypeUri(base, code) }])),
  };
}
