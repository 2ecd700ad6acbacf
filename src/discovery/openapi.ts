import { isDeepStrictEqual } from 'node:util';
import type { Endpoint } from '../api/endpoints.js';
import { documentedPath, ENDPOINTS, health } from '../api/endpoints.js';
import { problemOf } from '../api/problems.js';
import { loadConfig } from '../config.js';
import type { Catalog } from '../content/types.js';
import type { Answer } from '../http/answer.js';
import { uriTooLong } from '../http/pipeline.js';
import { CACHE_POLICY, HttpPolicy, NO_STORE } from '../http/policy.js';
import { internalError, PROBLEM_CODES, PROBLEM_MEDIA_TYPE, ProblemError } from '../http/problem.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { Incoming } from '../http/request.js';
import { clientProblem } from '../http/service.js';
import type { Log } from '../log.js';
import { mcpDoor } from '../mcp/routes.js';
import { errorResponse, JSON_RPC } from '../mcp/json-rpc.js';
import { MCP_PROTOCOL_VERSIONS } from '../mcp/versions.js';
import { QueryError } from '../query/errors.js';
import type { Param } from '../query/params.js';
import { accepted, IGNORED_PARAMETERS } from '../query/params.js';
import { Problem } from '../query/schemas.js';
import { API_VERSION } from '../version.js';

/**
 * /openapi.json (OpenAPI 3.1), generated from the endpoint declarations that
 * validate requests, the schemas that serialize responses and the HTTP policy
 * that writes every header: nothing here is a hand-kept copy. Enumerations,
 * examples and error examples come from the Catalog in force and from the
 * code that answers.
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
      // Two different schemas under one title is a mistake in src/query/schemas.ts, not in the content.
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

/** The MCP door's messages (JSON-RPC 2.0), as loose as the protocol: the methods and their results are the MCP schema's. */
const JSON_RPC_ID = { type: ['string', 'integer'], description: 'The request id (JSON-RPC 2.0 section 4).' } as const;
const JsonRpcRequest = {
  title: 'JsonRpcMessage',
  type: 'object',
  required: ['jsonrpc'],
  description: `One JSON-RPC 2.0 message of the Model Context Protocol (revisions ${MCP_REVISIONS}): a request (with an id and a method), a notification (a method, no id) or a response.`,
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: JSON_RPC_ID,
    method: { type: 'string', description: 'initialize, tools/list, tools/call, resources/list, resources/read, ...' },
    params: { type: 'object', description: "The method's parameters (see the MCP specification)." },
  },
} as const;
const JsonRpcError = {
  title: 'JsonRpcError',
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: 'JSON-RPC 2.0 section 5.1: -32700 parse error, -32600 invalid request, -32603 internal error, -32000 refused by the server.' },
    message: { type: 'string' },
    data: { type: 'object', description: 'On errors the HTTP layer answers: the HTTP `status`, a `hint` and, where it has one, the problem `code` and its `documentation_url`.' },
  },
} as const;
const JsonRpcResponse = {
  title: 'JsonRpcResponse',
  type: 'object',
  required: ['jsonrpc', 'id'],
  description: 'The answer to one request: a result, or an error.',
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: { type: ['string', 'integer', 'null'], description: "The request's id; null in an error about a message that could not be read." },
    result: { type: 'object', description: "The method's result (see the MCP specification)." },
    error: JsonRpcError,
  },
} as const;

/** What a POST carries: one message, or (from a 2025-03-26 client) a batch of them (JSON-RPC 2.0 section 6). */
const JsonRpcPost = {
  title: 'JsonRpcPost',
  description: 'One JSON-RPC message; a client of revision 2025-03-26 may send a batch (an array), which later revisions removed.',
  oneOf: [JsonRpcRequest, { type: 'array', items: JsonRpcRequest }],
} as const;

/** What a 200 carries: the response to the request, or to a batch the responses to its requests, in order. */
const JsonRpcReply = {
  title: 'JsonRpcReply',
  description: 'The response to the request; to a 2025-03-26 batch, the responses to its requests, in order.',
  oneOf: [JsonRpcResponse, { type: 'array', minItems: 1, items: JsonRpcResponse }],
} as const;

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
    ETag: { ...text('Strong validator of the representation (RFC 9110 section 8.8.3); send it back in If-None-Match to get 304.', '"3q2-7w"'), ...always },
    'Last-Modified': {
      ...text('When the record last changed (its updated_at, as an HTTP-date); send it back in If-Modified-Since to get 304 (If-None-Match wins when both are sent).', 'Sat, 14 Mar 2026 12:00:00 GMT'),
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

/** What the HTTP policy writes on the answers of one path (src/http/policy.ts). */
interface Door {
  /** Counted by the quota: RateLimit headers, 429, and the deprecation headers once configured. */
  readonly counted: boolean;
  /** X-API-Version. */
  readonly versioned: boolean;
}

function doorOf(policy: HttpPolicy, request: Incoming): Door {
  return { counted: policy.counts(request), versioned: policy.scopeHeaders(request.scope).includes('x-api-version') };
}

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

/** What each status means on a content endpoint. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: '`invalid_parameter` or `missing_parameter`: a query parameter is missing, malformed, out of range, repeated, empty or unknown, or the path is not valid percent-encoded UTF-8. The body names it (`parameter`) and what it accepts (`accepted`).',
  404: '`not_found`: no record has that slug; `valid_slugs` lists every one that does.',
  406: '`not_acceptable`: the Accept header admits neither application/json nor application/problem+json.',
  408: '`invalid_parameter` with status 408: the request head was not received within the server\'s timeout; the connection is closed after the answer. The request line had not been read, so the answer is a problem document whatever the path, with none of the headers of the part of the service it was for.',
  414: '`uri_too_long`: the request target is longer than this server reads.',
  415: '`unsupported_media_type`: the request carries a body; GET takes none.',
  429: '`rate_limited`: over the quota of this client address; wait Retry-After seconds.',
  431: '`headers_too_large`: the request head is larger than this server reads; the connection is closed after the answer (no quota headers: the request never reached the quota).',
  500: '`internal_error`: an unexpected failure; the body says nothing of its cause.',
};

/** One error response, its examples real answers of the code that answers. */
function problemResponse(description: string, door: Door, status: number, media: string, schema: string, examples: Readonly<Record<string, Answer>>): Json {
  const entries = Object.entries(examples);
  const body = (answer: Answer) => JSON.parse(String(answer.body)) as unknown;
  return {
    description,
    headers: headersOf(door, { quota: status !== 431, own: ['Cache-Control-No-Store', ...(status === 429 ? ['Retry-After'] : [])] }),
    content: {
      [media]: {
        schema: { $ref: SCHEMA_REF(schema) },
        ...(entries.length === 1 ? { example: body(entries[0]![1]) } : { examples: Object.fromEntries(entries.map(([name, answer]) => [name, { value: body(answer) }])) }),
      },
    },
  };
}

/** The problem `run` throws, as the API answers it at `path`. */
function thrown(policy: HttpPolicy, request: Incoming, path: string, run: () => unknown): Answer | undefined {
  try {
    run();
  } catch (error) {
    const problem = error instanceof QueryError ? problemOf(error, path) : error;
    if (problem instanceof ProblemError) return policy.problemAnswer(problem, request);
  }
  return undefined;
}

/** A request the way the pipeline would read it, for the error examples. */
const requestTo = (catalog: Catalog, method: string, url: string, headers: Incoming['headers'] = {}) => new Incoming(catalog, method, url, headers, '');

/** A request too slow to be read: answered before anything knows its path (see Pipeline.refusal). */
function timeoutResponse(policy: HttpPolicy, catalog: Catalog): Json {
  const answer = policy.problemAnswer(clientProblem('ERR_HTTP_REQUEST_TIMEOUT'), requestTo(catalog, 'GET', '/'));
  return {
    description: STATUS_TEXT[408],
    headers: {
      'Cache-Control': HEADER_REF('Cache-Control-No-Store'),
      Vary: { description: 'The request headers the answer was chosen by.', schema: { type: 'string', example: 'Accept, Accept-Encoding' } },
    },
    content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: SCHEMA_REF('Problem') }, example: JSON.parse(String(answer.body)) as unknown } },
  };
}

/** Statuses every door of the HTTP side can answer, whatever the route: what the pipeline and the parser refuse. */
function pipelineErrors(policy: HttpPolicy, catalog: Catalog, path: string, door: Door, render: (problem: ProblemError, request: Incoming) => Answer, media: string, schema: string): Json {
  const request = requestTo(catalog, 'GET', path);
  const long = requestTo(catalog, 'GET', `${path}?q=${'a'.repeat(8200)}`);
  const responses: Json = {
    408: timeoutResponse(policy, catalog),
    414: problemResponse(STATUS_TEXT[414]!, door, 414, media, schema, { uri_too_long: render(uriTooLong(long), long) }),
    431: problemResponse(STATUS_TEXT[431]!, door, 431, media, schema, { headers_too_large: render(clientProblem('HPE_HEADER_OVERFLOW'), request) }),
    500: problemResponse(STATUS_TEXT[500]!, door, 500, media, schema, { internal_error: render(internalError(), request) }),
  };
  if (door.counted) {
    const tooMany = policy.tooManyRequests(request, { allowed: false, limit: policy.options.quota.limit, remaining: 0, resetSeconds: policy.options.quota.windowSeconds });
    responses[429] = problemResponse(STATUS_TEXT[429]!, door, 429, PROBLEM_MEDIA_TYPE, 'Problem', { rate_limited: { status: 429, headers: {}, body: tooMany.body } });
  }
  return responses;
}

// ---------------------------------------------------------------- operations

function paramSchema(param: Param, catalog: Catalog): Json {
  switch (param.type) {
    case 'integer':
      return { type: 'integer', minimum: param.minimum, ...(param.maximum === undefined ? {} : { maximum: param.maximum }), default: param.default };
    case 'enum':
      return param.multiple ? { type: 'array', items: { type: 'string', enum: [...param.values(catalog)] }, minItems: 1, uniqueItems: true } : { type: 'string', enum: [...param.values(catalog)] };
    case 'text':
      return { type: 'string', minLength: param.minLength, maxLength: param.maxLength };
    case 'instant':
      return { type: 'string', format: 'date-time' };
    case 'sort':
      return { type: 'string', enum: param.fields.flatMap((field) => [field, `-${field}`]) };
  }
}

const IGNORED = `${IGNORED_PARAMETERS.map((name) => `\`${name}\``).join(', ')}`;

function parameterDescription(name: string, param: Param, catalog: Catalog): string {
  const values = accepted(param, catalog);
  if (param.type === 'enum' && param.multiple) {
    const two = (values as readonly string[]).slice(0, 2);
    return `${param.description} Several values are written as one parameter, separated by commas (\`${name}=${two.join(',')}\`), and match any of them; no value contains a comma. Accepts one or more of: ${(values as readonly string[]).join(', ')}. Given once; an empty value is an error.`;
  }
  return `${param.description} Accepts ${Array.isArray(values) ? `one of: ${values.join(', ')}` : values}. Given once; an empty value is an error.`;
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
    list.push({
      name,
      in: 'query',
      required: param.type === 'text',
      description: parameterDescription(name, param, catalog),
      schema: paramSchema(param, catalog),
      // RFC 6570 form style, not exploded: several values are one parameter, separated by commas.
      ...(multiple ? { style: 'form', explode: false } : {}),
      example: multiple ? [param.example] : param.example,
    });
  }
  return list;
}

function operation(endpoint: Endpoint, catalog: Catalog, policy: HttpPolicy, schemaName: string, path: string, operationId = endpoint.operationId): Json {
  const door = doorOf(policy, requestTo(catalog, 'GET', path));
  const example = exampleOf(endpoint, catalog);
  const isList = 'next' in (((endpoint.response as Json).properties as Json | undefined) ?? {});
  const cache = endpoint === health ? 'Cache-Control-No-Store' : 'Cache-Control';
  const own = [cache, 'ETag', ...(endpoint.slug ? ['Last-Modified'] : [])];
  const success = headersOf(door, { own: [...own, 'Vary'], ...(isList ? { link: 'pagination' as const } : {}) });
  const problem = (status: number, examples: Readonly<Record<string, Answer | undefined>>) => {
    const real = Object.fromEntries(Object.entries(examples).filter((entry): entry is [string, Answer] => entry[1] !== undefined));
    return problemResponse(STATUS_TEXT[status]!, door, status, PROBLEM_MEDIA_TYPE, 'Problem', real);
  };
  const get = (url: string, headers: Incoming['headers'] = {}) => requestTo(catalog, 'GET', url, headers);
  // The path as its errors name it (/healthz answers as /healthz).
  const documented = path;
  const answer = (query: Record<string, string>, slug = endpoint.slug?.values(catalog)[0] ?? '') => () => endpoint.answer({ catalog, query, slug });
  const required = Object.fromEntries(Object.entries(endpoint.query).flatMap(([name, param]) => (param.type === 'text' ? [[name, String(param.example)]] : [])));
  // Error examples are answers to a real URL: the first slug in force, when the path has one.
  const concrete = path.replace('{slug}', encodeURIComponent(endpoint.slug?.values(catalog)[0] ?? 'slug'));
  const request = get(concrete);
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
    // Every endpoint refuses unknown parameters and undecodable paths, so every one can answer 400.
    400: problem(400, {
      invalid_parameter: thrown(policy, request, documented, answer({ ...required, unknown: 'x' })),
      ...(Object.keys(required).length ? { missing_parameter: thrown(policy, request, documented, answer({})) } : {}),
    }),
  };
  if (endpoint.slug) {
    const missing = path.replace('{slug}', 'no-such-slug');
    responses[404] = problem(404, { not_found: thrown(policy, get(missing), documented, answer({}, 'no-such-slug')) });
  }
  const html = get(concrete, { accept: 'text/html' });
  const withBody = get(concrete, { 'content-length': '2' });
  responses[406] = problem(406, { not_acceptable: thrown(policy, html, documented, () => policy.admit(html)) });
  responses[415] = problem(415, { unsupported_media_type: thrown(policy, withBody, documented, () => policy.admit(withBody)) });
  Object.assign(responses, pipelineErrors(policy, catalog, concrete, door, (p, r) => policy.problemAnswer(p, r), PROBLEM_MEDIA_TYPE, 'Problem'));
  return {
    operationId,
    summary: endpoint.summary,
    description: `${endpoint.description}${Object.keys(endpoint.query).length ? ` Besides its parameters, ${IGNORED} (what the web adds to links) are accepted and ignored; any other parameter is a 400.` : ''}`,
    tags: [endpoint.tag],
    security: [],
    parameters: parameters(endpoint, catalog),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/** POST /mcp: the JSON-RPC bodies its door answers, the Origin check (403) first of all. */
function mcpOperation(catalog: Catalog, policy: HttpPolicy): Json {
  const door = doorOf(policy, requestTo(catalog, 'POST', '/mcp'));
  const config = loadConfig({ BASE_URL: catalog.base_url });
  const mcp = mcpDoor(config, SILENT);
  const post = (headers: Incoming['headers'] = {}) => requestTo(catalog, 'POST', '/mcp', headers);
  const render = (problem: ProblemError, request: Incoming) => mcp.renderer(problem, request) ?? policy.problemAnswer(problem, request);
  const origin = 'https://elsewhere.example';
  const rpc = (status: number, code: number, message: string): Answer => ({ status, headers: {}, body: JSON.stringify(errorResponse(null, code, message)) });
  const error = (status: number, description: string, examples: Readonly<Record<string, Answer>>) =>
    problemResponse(description, door, status, 'application/json', 'JsonRpcResponse', examples);
  const noStore = (more: readonly string[] = []) => headersOf(door, { own: ['Cache-Control-No-Store', ...more] });
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
    400: error(400, 'The body is not JSON, is a batch (but from a 2025-03-26 client) or an empty one, is not a JSON-RPC message, or names an unsupported MCP-Protocol-Version.', {
      parse_error: rpc(400, JSON_RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON.'),
    }),
    403: error(
      403,
      `The request's Origin header names an origin that may not call this server (MCP 2025-06-18, Streamable HTTP, "Security Warning": DNS-rebinding protection). Only browsers send Origin: a request without one is always served. Checked before anything else, so any request from such an origin gets this answer.`,
      { forbidden_origin: render(internalError(), post({ origin })) },
    ),
    406: error(406, 'The Accept header does not list both application/json and text/event-stream, as Streamable HTTP requires of a client.', {
      not_acceptable: rpc(406, JSON_RPC.SERVER_ERROR, 'Not Acceptable: Client must accept both application/json and text/event-stream'),
    }),
    413: error(413, 'The body is larger than 4 MiB.', {
      payload_too_large: rpc(413, JSON_RPC.INVALID_REQUEST, `Payload Too Large: a request body must not exceed ${4 * 1024 * 1024} bytes.`),
    }),
    415: error(415, 'The Content-Type is not application/json.', {
      unsupported_media_type: rpc(415, JSON_RPC.SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json'),
    }),
    ...pipelineErrors(policy, catalog, '/mcp', door, render, 'application/json', 'JsonRpcResponse'),
  };
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

const SILENT: Log = { info() {}, error() {}, warn() {}, debug() {}, isLevelEnabled: () => false };

/** A real answer from the demo content: lists shortened to two items. */
function exampleOf(endpoint: Endpoint, catalog: Catalog): unknown {
  const query: Record<string, string> = {};
  for (const [name, param] of Object.entries(endpoint.query)) {
    if (param.type === 'integer') query[name] = String(name === 'limit' ? 2 : param.default);
    else if (param.type === 'text') query[name] = String(param.example);
  }
  const slug = endpoint.slug?.values(catalog)[0] ?? '';
  try {
    return endpoint.answer({ catalog, query, slug }).body;
  } catch {
    return undefined;
  }
}

/** The response schemas with the content's enumerations, and the problem codes the HTTP side has. */
function schemaComponents(catalog: Catalog): SchemaComponents {
  const enums = contentEnums(catalog);
  const problem = { ...Problem, properties: { ...Problem.properties, code: { ...Problem.properties.code, enum: Object.keys(PROBLEM_CODES) } } };
  const slugs = declaredSlugs(catalog);
  const roots = [
    problem,
    // JsonRpcMessage and JsonRpcResponse are named inside these.
    JsonRpcPost,
    JsonRpcReply,
    ...ENDPOINTS.map((endpoint) => withSlugEnum(withEnums(endpoint.response, enums.get(endpoint.tag) ?? new Map()) as Json, slugs.get(endpoint.tag))),
  ];
  const components = new SchemaComponents(roots);
  for (const root of roots) components.add(root as Json);
  return components;
}

/** The OpenAPI 3.1 document of the API over `catalog`, stating the quota `quota` this deployment enforces. */
export function buildOpenApi(catalog: Catalog, quota: RateLimitPolicy): Json {
  const base = catalog.base_url;
  const policy = new HttpPolicy({ baseUrl: base, quota });
  const components = schemaComponents(catalog);
  const paths: Json = {};
  const tags = new Map<string, string[]>();
  for (const endpoint of ENDPOINTS) {
    const title = (endpoint.response as { title: string }).title;
    const path = documentedPath(endpoint);
    paths[path] = { get: operation(endpoint, catalog, policy, title, path) };
    tags.set(endpoint.tag, [...(tags.get(endpoint.tag) ?? []), endpoint.summary]);
  }
  paths['/healthz'] = {
    get: {
      ...operation(health, catalog, policy, 'Health', '/healthz', 'getHealthz'),
      description: 'The health record, outside the quota (no RateLimit headers, never a 429), for load balancers.',
    },
  };
  paths['/mcp'] = { post: mcpOperation(catalog, policy) };

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
        `Quota: ${quota.limit} requests per ${quota.windowSeconds} s per client address (policy \`${quota.name}\`), counted on /api/v1 and /mcp and stated on each of their responses; /healthz is outside it. Caching: \`${CACHE_POLICY}\` with strong ETags; errors and health records are \`${NO_STORE}\`. Every response carries CORS headers (\`Access-Control-Allow-Origin: *\`).`,
        `The same content is served over MCP at ${base}/mcp and as markdown under ${base}/md/.`,
      ].join('\n'),
      contact: { name: catalog.company.trade_name, url: `${base}/contact` },
    },
    externalDocs: { description: 'Developer portal', url: `${base}/developers` },
    servers: [{ url: base, description: 'This deployment' }],
    security: [],
    tags: [
      ...[...tags].map(([name, summaries]) => ({ name, description: `${summaries.join('; ')}.` })),
      { name: 'MCP', description: 'The Model Context Protocol endpoint, over the same content.' },
    ],
    paths,
    components: {
      schemas: components.schemas,
      headers: headerComponents(quota),
    },
    'x-problem-codes': Object.fromEntries(Object.entries(PROBLEM_CODES).map(([code, { status }]) => [code, { status, documentation: `${base}/developers#${code}` }])),
  };
}
