import type { Endpoint } from '../api/endpoints.js';
import { ENDPOINTS, health } from '../api/endpoints.js';
import { API_PREFIX } from '../content/paths.js';
import type { Param } from '../query/params.js';
import { accepted } from '../query/params.js';
import { Problem } from '../query/schemas.js';
import type { Catalog } from '../content/types.js';
import { CACHE_POLICY } from '../http/policy.js';
import { PROBLEM_CODES, PROBLEM_MEDIA_TYPE } from '../http/problem.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { API_VERSION } from '../version.js';

/**
 * /openapi.json (OpenAPI 3.1), generated from the endpoint declarations that
 * validate requests and the schemas that serialize responses: nothing here is
 * a hand-kept copy. Enumerations and examples come from the Catalog in force.
 */

type Json = Record<string, unknown>;

const SCHEMA_REF = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const HEADER_REF = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RESPONSE_REF = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Headers every /api/v1 response carries: the quota and the version. */
const COMMON_HEADERS = ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-API-Version'];

function headerComponents(quota: RateLimitPolicy): Json {
  const integer = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
  const text = (description: string, example?: string) => ({ description, schema: { type: 'string', ...(example ? { example } : {}) } });
  const { name, limit, windowSeconds } = quota;
  return {
    RateLimit: text(`Quota left in the current window (IETF httpapi ratelimit-headers): r = requests remaining, t = seconds to reset.`, `"${name}";r=${limit - 1};t=${windowSeconds}`),
    'RateLimit-Policy': text(`The quota policy: q = requests per window, w = window in seconds.`, `"${name}";q=${limit};w=${windowSeconds}`),
    'RateLimit-Limit': integer('Requests allowed in the current window.'),
    'RateLimit-Remaining': integer('Requests still available in the current window.'),
    'RateLimit-Reset': integer('Seconds until the window resets.'),
    'Retry-After': integer('Seconds to wait before calling again.'),
    'X-API-Version': text('Semantic version of the deployment that answered.', API_VERSION),
    'Cache-Control': text('Cache policy of the response.', CACHE_POLICY),
    ETag: text('Strong validator of the representation; send it back in If-None-Match to get 304.', '"3q2-7w"'),
    'Last-Modified': text('When the record last changed (its updated_at, as an HTTP-date); send it back in If-Modified-Since to get 304 (If-None-Match wins when both are sent).', 'Sat, 14 Mar 2026 12:00:00 GMT'),
    Link: text('RFC 8288 links: rel="next" and rel="prev" on collections; rel="deprecation" and rel="successor-version" once this version is deprecated.'),
    Allow: text('The methods the resource supports.', 'GET, HEAD'),
    Deprecation: text('RFC 9745: when this version was announced deprecated (only once it is).', '@1798761599'),
    Sunset: text('RFC 8594: when this version stops answering (only once it is deprecated).', 'Wed, 30 Jun 2027 23:59:59 GMT'),
  };
}

function problemResponse(description: string, extraHeaders: readonly string[] = []): Json {
  return {
    description,
    headers: Object.fromEntries([...COMMON_HEADERS, ...extraHeaders].map((h) => [h, HEADER_REF(h)])),
    content: { [PROBLEM_MEDIA_TYPE]: { schema: SCHEMA_REF('Problem') } },
  };
}

function responseComponents(quota: RateLimitPolicy): Json {
  return {
    BadRequest: problemResponse('`invalid_parameter` or `missing_parameter`: a query parameter is missing, malformed, out of range, repeated, empty or unknown. The body names it (`parameter`) and what it accepts (`accepted`).'),
    NotFound: problemResponse('`not_found`: no resource has that identifier; on a `{slug}` endpoint `valid_slugs` lists every valid one.'),
    MethodNotAllowed: problemResponse('`method_not_allowed`: only GET and HEAD are supported; `Allow` says so.', ['Allow']),
    NotAcceptable: problemResponse('`not_acceptable`: the Accept header admits neither application/json nor application/problem+json.'),
    UnsupportedMediaType: problemResponse('`unsupported_media_type`: a request body was sent to an endpoint that takes none.'),
    TooManyRequests: problemResponse(`\`rate_limited\`: over the quota of ${quota.limit} requests per ${quota.windowSeconds} seconds per client address.`, ['Retry-After']),
    InternalError: problemResponse('`internal_error`: an unexpected failure; the body says nothing of its cause.'),
    NotModified: {
      description: 'The representation matching If-None-Match has not changed.',
      headers: Object.fromEntries([...COMMON_HEADERS, 'ETag', 'Cache-Control'].map((h) => [h, HEADER_REF(h)])),
    },
  };
}

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

function operation(endpoint: Endpoint, catalog: Catalog, schemaName: string, operationId = endpoint.operationId): Json {
  const parameters: Json[] = [];
  if (endpoint.slug) {
    const slugs = endpoint.slug.values(catalog);
    parameters.push({
      name: 'slug',
      in: 'path',
      required: true,
      description: endpoint.slug.description,
      schema: { type: 'string', enum: [...slugs] },
      example: slugs[0],
    });
  }
  for (const [name, param] of Object.entries(endpoint.query)) {
    const values = accepted(param, catalog);
    parameters.push({
      name,
      in: 'query',
      required: param.type === 'text',
      description: `${param.description} Accepts ${Array.isArray(values) ? `${param.type === 'enum' && param.multiple ? 'one or more, separated by commas, of' : 'one of'}: ${values.join(', ')}` : values}. Given once; an empty value is an error.`,
      schema: paramSchema(param, catalog),
      // RFC 6570 form style, not exploded: several values are one parameter, separated by commas.
      ...(param.type === 'enum' && param.multiple ? { style: 'form', explode: false } : {}),
      example: param.example,
    });
  }
  const example = exampleOf(endpoint, catalog);
  const isList = 'next' in (((endpoint.response as Json).properties as Json | undefined) ?? {});
  return {
    operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    security: [],
    parameters,
    responses: {
      200: {
        description: endpoint.summary,
        headers: Object.fromEntries([...COMMON_HEADERS, 'ETag', 'Cache-Control', ...(isList ? ['Link'] : []), ...(endpoint.slug ? ['Last-Modified'] : [])].map((h) => [h, HEADER_REF(h)])),
        content: { 'application/json': { schema: SCHEMA_REF(schemaName), ...(example === undefined ? {} : { example }) } },
      },
      304: RESPONSE_REF('NotModified'),
      // Every endpoint refuses unknown parameters and undecodable paths, so every one can answer 400.
      400: RESPONSE_REF('BadRequest'),
      404: RESPONSE_REF('NotFound'),
      405: RESPONSE_REF('MethodNotAllowed'),
      406: RESPONSE_REF('NotAcceptable'),
      415: RESPONSE_REF('UnsupportedMediaType'),
      429: RESPONSE_REF('TooManyRequests'),
      500: RESPONSE_REF('InternalError'),
    },
  };
}

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

/** Components by the `title` each response schema declares. */
function schemaComponents(): Json {
  const schemas: Json = { Problem };
  for (const endpoint of ENDPOINTS) {
    const title = (endpoint.response as { title?: string }).title;
    if (title) schemas[title] = endpoint.response;
  }
  return schemas;
}

/** The OpenAPI 3.1 document of the API over `catalog`, stating the quota `quota` this deployment enforces. */
export function buildOpenApi(catalog: Catalog, quota: RateLimitPolicy): Json {
  const base = catalog.base_url;
  const paths: Json = {};
  const tags = new Set<string>();
  for (const endpoint of ENDPOINTS) {
    const title = (endpoint.response as { title: string }).title;
    const path = `${API_PREFIX}${endpoint.path}`.replace(':slug', '{slug}');
    paths[path] = { get: operation(endpoint, catalog, title) };
    tags.add(endpoint.tag);
  }
  paths['/healthz'] = {
    get: {
      ...operation(health, catalog, 'Health', 'getHealthz'),
      description: 'The health record, outside the quota, for load balancers.',
    },
  };

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
        'Every endpoint is a public, anonymous GET (no credential; `security: []`). Lists answer `{ items, total, limit, offset, next, prev }` with the same links in a `Link` header. Errors are RFC 9457 problem documents whose `type` points at the developer portal.',
        `Quota: ${quota.limit} requests per ${quota.windowSeconds} s per client address (policy \`${quota.name}\`), stated on every response. Caching: \`${CACHE_POLICY}\` with strong ETags.`,
        `The same content is served over MCP at ${base}/mcp and as markdown under ${base}/md/.`,
      ].join('\n'),
      contact: { name: catalog.company.trade_name, url: `${base}/contact` },
    },
    externalDocs: { description: 'Developer portal', url: `${base}/developers` },
    servers: [{ url: base, description: 'This deployment' }],
    security: [],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: schemaComponents(),
      headers: headerComponents(quota),
      responses: responseComponents(quota),
    },
    'x-problem-codes': Object.fromEntries(Object.entries(PROBLEM_CODES).map(([code, { status }]) => [code, { status, documentation: `${base}/developers#${code}` }])),
  };
}
