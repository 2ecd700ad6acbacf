import type { FastifyInstance } from 'fastify';
import { perCatalog } from '../content/per-catalog.js';
import type { Config } from '../config.js';
import type { ContentStore } from '../content/store.js';
import type { ErrorRenderer } from '../http/policy.js';
import { ProblemError } from '../http/problem.js';
import { LruCache } from '../http/lru.js';
import type * as Endpoint from './endpoint.js';
import { errorResponse, JSON_RPC } from './json-rpc.js';

/**
 * `POST /mcp` (SPEC.md section 4): the Model Context Protocol over Streamable
 * HTTP, JSON responses, stateless, anonymous. The SDK's transport answers
 * what it gets right; the rules of SPEC.md its defaults break are kept here,
 * before it sees the request (LIBRARIES.md, "MCP SDK pitfalls"):
 *
 * - a batch (a JSON array) is refused with 400: MCP 2025-06-18 removed
 *   JSON-RPC batching, though the SDK still accepts one;
 * - GET, DELETE and every other method answer 405 with `Allow: POST` and a
 *   JSON-RPC error body;
 * - the headers src/http/policy.ts set (quota, version, CORS) are copied onto
 *   the raw response, which the SDK writes after Fastify lets go of it.
 */

export interface McpRoutesOptions {
  readonly store: ContentStore;
  readonly config: Config;
}

/**
 * Bounds of the cache "where it pays" of MCP (issue 8): the SDK's answers to
 * read-only requests, per Catalog, keyed by method and params, the least
 * recently used dropped first. A hit costs a lookup and one write, where the
 * SDK builds a server, a transport and a Web Request and Response per POST.
 */
export const MCP_ANSWERS = 1_000;
export const MCP_ANSWER_BYTES = 32 * 1024 * 1024;

/** The SDK side of the route (src/mcp/endpoint.ts), evaluated on the first POST. */
let loading: Promise<typeof Endpoint> | undefined;
const endpoint = () => (loading ??= import('./endpoint.js'));

export function registerMcpRoutes(app: FastifyInstance, { store, config }: McpRoutesOptions): void {
  app.errorRenderers.set('mcp', mcpErrorRenderer(config.baseUrl));
  const answers = perCatalog(() => new LruCache<Endpoint.CachedAnswer>(MCP_ANSWERS, MCP_ANSWER_BYTES, (answer) => answer.prefix.length));

  void app.register(async (scope) => {
    // The body is read in the handler (src/mcp/endpoint.ts), never by Fastify: its JSON
    // parser would answer a malformed body with its own 400, not JSON-RPC's
    // -32700, and any other media type must reach the transport's 415.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // MCP 2025-06-18, Streamable HTTP "Security Warning": servers MUST validate
    // Origin, or a page on another site could reach a local server through DNS
    // rebinding. Only browsers send Origin; a client without one is served.
    const baseOrigin = new URL(config.baseUrl).origin;
    scope.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin === undefined || originAllowed(origin, baseOrigin, config.mcpAllowedOrigins)) return;
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify(
            errorResponse(null, JSON_RPC.SERVER_ERROR, `Forbidden: pages from the origin "${origin.slice(0, 200)}" may not call this MCP server.`, {
              status: 403,
              hint: `Call /mcp from ${baseOrigin} or from a client that sends no Origin header (an SDK, curl); the operator may allow more origins with MCP_ALLOWED_ORIGINS.`,
            }),
          ),
        );
    });

    scope.post('/mcp', async (request, reply) => {
      const { handlePost } = await endpoint();
      return handlePost(request, reply, store, answers);
    });

    // Streamable HTTP's GET (a server-sent event stream) and DELETE (end a
    // session) mean nothing to a stateless server, and the SDK would answer
    // them (an endless stream, a 200): every method but POST is a 405 here,
    // rendered as JSON-RPC by mcpErrorRenderer. OPTIONS stays the CORS
    // preflight of src/http/policy.ts.
    scope.route({
      method: scope.supportedMethods.filter((method) => method !== 'POST' && method !== 'OPTIONS'),
      url: '/mcp',
      exposeHeadRoute: false,
      handler: async (request) => {
        throw new ProblemError('method_not_allowed', {
          detail: `${request.method} is not allowed on /mcp: this MCP server is stateless, so it has no event stream to GET and no session to DELETE; it answers POST only.`,
          hint: 'Send each JSON-RPC message in its own POST /mcp, with Content-Type: application/json and Accept: application/json, text/event-stream.',
          headers: { allow: 'POST' },
        });
      },
    });
  });
}


/** Whether a browser page of `origin` may call /mcp: BASE_URL's own origin, or one MCP_ALLOWED_ORIGINS names. */
export function originAllowed(origin: string, baseOrigin: string, allowed: Config['mcpAllowedOrigins']): boolean {
  if (allowed === '*') return true;
  // RFC 6454 section 6.2: an origin is serialized as scheme://host[:port]; scheme and host compare case-insensitively.
  const candidate = origin.trim().toLowerCase();
  return candidate === baseOrigin || allowed.includes(candidate);
}

/**
 * Errors raised outside the transport (405 for another method, 404 under
 * /mcp/, 500) as JSON-RPC error bodies (CONTRACT.md: "/mcp answers its 400,
 * 405 and protocol errors with JSON-RPC error bodies"); the status and
 * headers (`Allow`) stay those of the problem. A 429 stays a problem
 * document, like every other endpoint's.
 */
function mcpErrorRenderer(baseUrl: string): ErrorRenderer {
  return (problem, _request, reply) => {
    if (problem.code === 'rate_limited') return undefined;
    reply.type('application/json; charset=utf-8');
    const code = problem.status >= 500 ? JSON_RPC.INTERNAL_ERROR : JSON_RPC.SERVER_ERROR;
    return JSON.stringify(
      errorResponse(null, code, problem.init.detail, {
        status: problem.status,
        code: problem.code,
        hint: problem.init.hint,
        documentation_url: `${baseUrl}/developers#${problem.code}`,
      }),
    );
  };
}
