import type { Config } from '../config/config.js';
import type { Documents } from '../documents/documents.js';
import type { Answer } from '../http/answer.js';
import type { DoorDescriptor, ErrorRenderer } from '../http/doors.js';
import { ROUTES } from '../routes/table.js';
import type { Incoming } from '../http/request.js';
import type { Route } from '../http/router.js';
import type { Log } from '../config/log.js';
import type * as Endpoint from './endpoint.js';
import { refusalAnswer } from './json-rpc.js';
import { MCP_REFUSALS, mcpProblemRefusal } from '../model/protocol.js';

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, JSON
 * responses, stateless, anonymous. Every other method is a 405 with
 * `Allow: POST` and a JSON-RPC error body: a stateless server has no event
 * stream to GET and no session to DELETE.
 */
export function mcpDoor(config: Config, log: Log, documents: Documents, onToolCall?: Endpoint.ToolCallObserver): DoorDescriptor {
  // The SDK side (src/mcp/endpoint.ts) is evaluated on the first POST.
  let endpoint: Promise<(request: Incoming) => Promise<Answer>> | undefined;
  const load = () => (endpoint ??= import('./endpoint.js').then((module: typeof Endpoint) => module.mcpEndpoint(log, documents, onToolCall)));
  const baseOrigin = new URL(config.baseUrl).origin;
  const ownOrigins = ownPageOrigins(baseOrigin);

  const route: Route = {
    pattern: ROUTES.mcp.pattern,
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
    if (origin === undefined || originAllowed(origin, ownOrigins, config.mcpAllowedOrigins)) return undefined;
    return refusalAnswer(MCP_REFUSALS.forbiddenOrigin(origin, baseOrigin));
  }

  const renderError = mcpErrorRenderer(config.baseUrl);
  return {
    name: 'mcp',
    // Counted by the quota and versioned like the API; its failures are JSON-RPC errors.
    // MCP 2025-06-18, Streamable HTTP: the server has one endpoint; nothing lives under it.
    areas: [
      {
        prefix: ROUTES.mcp.pattern,
        counted: true,
        versioned: true,
        json: false,
        notFoundHint: `The MCP endpoint is POST ${ROUTES.mcp.pattern}: send each JSON-RPC message in its own POST there.`,
      },
    ],
    routes: [route],
    renderer: (problem, request) => refuseOrigin(request) ?? renderError(problem, request),
  };
}

/** The names of the loopback interface a browser may use for a server on this machine. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The origins whose pages are this server's own: BASE_URL's, and when that
 * is a loopback name, the other two with the same scheme and port. A local
 * run is opened as http://localhost:3000 as often as http://127.0.0.1:3000,
 * and every one of these names reaches only this machine, so none of them
 * is the page of another site that DNS rebinding protects against.
 */
export function ownPageOrigins(baseOrigin: string): readonly string[] {
  const base = new URL(baseOrigin);
  if (!(LOOPBACK_HOSTS as readonly string[]).includes(base.hostname)) return [baseOrigin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(baseOrigin);
    alias.hostname = host;
    return alias.origin;
  });
}

/** Whether a browser page of `origin` may call /mcp: one of the server's own origins, or one MCP_ALLOWED_ORIGINS names. */
export function originAllowed(origin: string, ownOrigins: readonly string[], allowed: Config['mcpAllowedOrigins']): boolean {
  if (allowed === '*') return true;
  // RFC 6454 section 6.2: an origin is serialized as scheme://host[:port]; scheme and host compare case-insensitively.
  const candidate = origin.trim().toLowerCase();
  return ownOrigins.includes(candidate) || allowed.includes(candidate);
}

/**
 * Errors raised outside the MCP server (405 for another method, 404 under
 * /mcp/, 500) as JSON-RPC error bodies with the problem's status and headers
 * (`Allow`). The quota's 429 stays a problem document, like every other one.
 */
function mcpErrorRenderer(baseUrl: string): ErrorRenderer {
  return (problem, request) => refusalAnswer(mcpProblemRefusal(problem, request.method, baseUrl));
}
