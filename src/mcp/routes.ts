import type { Config } from '../config.js';
import type { Answer } from '../http/answer.js';
import type { ErrorRenderer } from '../http/pipeline.js';
import type { Incoming } from '../http/request.js';
import type { Route } from '../http/router.js';
import type { Log } from '../log.js';
import type * as Endpoint from './endpoint.js';
import { JSON_RPC, rpcAnswer } from './json-rpc.js';

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, JSON
 * responses, stateless, anonymous. Every other method is a 405 with
 * `Allow: POST` and a JSON-RPC error body: a stateless server has no event
 * stream to GET and no session to DELETE.
 */
export interface McpDoor {
  readonly routes: Route[];
  readonly renderer: ErrorRenderer;
}

export function mcpDoor(config: Config, log: Log, onToolCall?: Endpoint.ToolCallObserver): McpDoor {
  // The SDK side (src/mcp/endpoint.ts) is evaluated on the first POST.
  let endpoint: Promise<(request: Incoming) => Promise<Answer>> | undefined;
  const load = () => (endpoint ??= import('./endpoint.js').then((module: typeof Endpoint) => module.mcpEndpoint(log, onToolCall)));
  const baseOrigin = new URL(config.baseUrl).origin;

  const route: Route = {
    pattern: '/mcp',
    method: 'POST',
    handle: async (request) => refuseOrigin(request) ?? (await load())(request),
  };

  /**
   * MCP 2025-06-18, Streamable HTTP "Security Warning": servers MUST validate
   * Origin, or a page on another site could reach a local server through DNS
   * rebinding. Only browsers send Origin; a client without one is served.
   * Checked before anything else, the method included.
   */
  function refuseOrigin(request: Incoming): Answer | undefined {
    const origin = request.headers.origin;
    if (origin === undefined || originAllowed(origin, baseOrigin, config.mcpAllowedOrigins)) return undefined;
    return rpcAnswer(403, null, JSON_RPC.SERVER_ERROR, `Forbidden: pages from the origin "${origin.slice(0, 200)}" may not call this MCP server.`, {
      status: 403,
      hint: `Call /mcp from ${baseOrigin} or from a client that sends no Origin header (an SDK, curl); the operator may allow more origins with MCP_ALLOWED_ORIGINS.`,
    });
  }

  const renderError = mcpErrorRenderer(config.baseUrl);
  return { routes: [route], renderer: (problem, request) => refuseOrigin(request) ?? renderError(problem, request) };
}

/** Whether a browser page of `origin` may call /mcp: BASE_URL's own origin, or one MCP_ALLOWED_ORIGINS names. */
export function originAllowed(origin: string, baseOrigin: string, allowed: Config['mcpAllowedOrigins']): boolean {
  if (allowed === '*') return true;
  // RFC 6454 section 6.2: an origin is serialized as scheme://host[:port]; scheme and host compare case-insensitively.
  const candidate = origin.trim().toLowerCase();
  return candidate === baseOrigin || allowed.includes(candidate);
}

/**
 * Errors raised outside the MCP server (405 for another method, 404 under
 * /mcp/, 500) as JSON-RPC error bodies with the problem's status and headers
 * (`Allow`). The quota's 429 stays a problem document, like every other one.
 */
function mcpErrorRenderer(baseUrl: string): ErrorRenderer {
  return (problem, request) => {
    const wrongMethod = problem.code === 'method_not_allowed';
    const detail = wrongMethod
      ? `${request.method} is not allowed on /mcp: this MCP server is stateless, so it has no event stream to GET and no session to DELETE; it answers POST only.`
      : problem.init.detail;
    const hint = wrongMethod ? 'Send each JSON-RPC message in its own POST /mcp, with Content-Type: application/json and Accept: application/json, text/event-stream.' : problem.init.hint;
    const code = problem.status >= 500 ? JSON_RPC.INTERNAL_ERROR : JSON_RPC.SERVER_ERROR;
    return rpcAnswer(
      problem.status,
      null,
      code,
      detail,
      { status: problem.status, code: problem.code, hint, documentation_url: `${baseUrl}/developers#${problem.code}` },
      { ...problem.init.headers },
    );
  };
}
