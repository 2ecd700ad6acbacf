import { API_VERSION } from '../config/version.js';
import type { Problem, ProblemCode } from './problems.js';
import { problemTypeUri, statusOf } from './problems.js';

/**
 * The MCP door as the documents describe it without running it: the
 * specification revisions /mcp speaks, and what POST /mcp answers when it
 * refuses a request (JSON-RPC 2.0 error bodies, declared as data). Plain
 * data: the discovery documents, llms.txt and the developer portal read this
 * module at start-up, when the SDK is not loaded (test/mcp/versions.test.ts
 * checks that the SDK supports each revision).
 */

/** Newest first. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

/** The newest revision: answered to an `initialize` that asks for one this server does not speak. */
export const LATEST_MCP_PROTOCOL_VERSION: McpProtocolVersion = MCP_PROTOCOL_VERSIONS[0];

/**
 * The revision shown where the server may pick one for a client that states
 * no preference (the examples of the developer portal, the single
 * `protocolVersion` of the server card): the one every current client speaks.
 */
export const PREFERRED_MCP_PROTOCOL_VERSION: McpProtocolVersion = '2025-06-18';

/**
 * The revision of a request without an MCP-Protocol-Version header (MCP
 * 2025-06-18, Transports, "Protocol Version Header": "the server SHOULD
 * assume protocol version 2025-03-26").
 */
export const HEADERLESS_MCP_PROTOCOL_VERSION: McpProtocolVersion = '2025-03-26';

/** The first revision with `icons` on the server's Implementation, tools, resources and prompts (MCP 2025-11-25, "Icons"). */
export const ICONS_SINCE: McpProtocolVersion = '2025-11-25';

export function isSupportedVersion(version: unknown): version is McpProtocolVersion {
  return typeof version === 'string' && (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/**
 * The revision answered to an `initialize` asking for `requested` (MCP
 * 2025-11-25, Lifecycle, "Version Negotiation"): the same one when it is
 * supported, otherwise the latest this server supports.
 */
export function negotiatedVersion(requested: unknown): McpProtocolVersion {
  return isSupportedVersion(requested) ? requested : LATEST_MCP_PROTOCOL_VERSION;
}

/** Whether `version` has what `since` introduced (revisions are dates, so they sort as text). */
export function versionAtLeast(version: McpProtocolVersion, since: McpProtocolVersion): boolean {
  return version >= since;
}

/** The revisions in prose: "2025-11-25, 2025-06-18 and 2025-03-26". */
export function versionsInWords(): string {
  const all = [...MCP_PROTOCOL_VERSIONS];
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} and ${all.at(-1)!}`;
}

// ------------------------------------------------------------- the server's name

/**
 * The MCP server as every document names it: initialize's `serverInfo` and
 * instructions, the server card, the AI catalog and llms.txt.
 */
export interface McpServerIdentity {
  /**
   * The identifier: the host of BASE_URL in reverse-DNS order, then
   * `/content` (`com.example/content`, as the MCP registry names servers);
   * an IP address is not reversed.
   */
  readonly name: string;
  /** What a person is shown: `<site name> content`. */
  readonly title: string;
  readonly version: string;
  /** Every revision served, newest first. */
  readonly protocolVersions: readonly McpProtocolVersion[];
}

export function mcpServerIdentity(siteName: string, baseUrl: string): McpServerIdentity {
  const host = new URL(baseUrl).hostname;
  const address = /^[\d.]+$/.test(host) || host.startsWith('[');
  return {
    name: `${address ? host : host.split('.').reverse().join('.')}/content`,
    title: `${siteName} content`,
    version: API_VERSION,
    protocolVersions: MCP_PROTOCOL_VERSIONS,
  };
}

// ------------------------------------------------------------- JSON-RPC refusals

/** JSON-RPC 2.0 section 5.1 error codes, and the range left to implementations. */
export const JSON_RPC_CODES = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_ERROR: -32000,
} as const;

/** The largest request body /mcp reads (the SDK's own Streamable HTTP transport reads 4 MiB). */
export const MCP_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A refusal of POST /mcp: the HTTP status, and the JSON-RPC error its body carries. */
export interface RpcRefusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly data?: Readonly<Record<string, unknown>>;
  /** Response headers that belong to it (`Allow`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The JSON-RPC 2.0 error response (section 5) of `refusal`: `id` is null when the request's could not be read. */
export function rpcErrorBody(refusal: RpcRefusal, id: string | number | null = null) {
  const { code, message, data } = refusal;
  return { jsonrpc: '2.0' as const, id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** What POST /mcp refuses before the MCP server reads the message (MCP 2025-06-18, Transports, "Streamable HTTP"). */
export const MCP_REFUSALS = {
  parseError: (): RpcRefusal => ({ status: 400, code: JSON_RPC_CODES.PARSE_ERROR, message: 'Parse error: the request body is not valid JSON.' }),
  notAcceptable: (): RpcRefusal => ({
    status: 406,
    code: JSON_RPC_CODES.SERVER_ERROR,
    message: 'Not Acceptable: Client must accept both application/json and text/event-stream',
  }),
  unsupportedMediaType: (): RpcRefusal => ({ status: 415, code: JSON_RPC_CODES.SERVER_ERROR, message: 'Unsupported Media Type: Content-Type must be application/json' }),
  payloadTooLarge: (): RpcRefusal => ({
    status: 413,
    code: JSON_RPC_CODES.INVALID_REQUEST,
    message: `Payload Too Large: a request body must not exceed ${MCP_MAX_BODY_BYTES} bytes.`,
  }),
  /**
   * MCP 2025-06-18, Streamable HTTP "Security Warning": a page of another
   * origin may not call the server (DNS-rebinding protection).
   */
  forbiddenOrigin: (origin: string, baseOrigin: string): RpcRefusal => ({
    status: 403,
    code: JSON_RPC_CODES.SERVER_ERROR,
    message: `Forbidden: pages from the origin "${origin.slice(0, 200)}" may not call this MCP server.`,
    data: {
      status: 403,
      hint: `Call /mcp from ${baseOrigin} or from a client that sends no Origin header (an SDK, curl); the operator may allow more origins with MCP_ALLOWED_ORIGINS.`,
    },
  }),
} as const;

/**
 * A problem raised outside the MCP server (405 for another method, 404 under
 * /mcp/, 414, 431, 500), told as a JSON-RPC error with the problem's status,
 * code and portal link. The quota's 429 stays a problem document, like every
 * other one.
 */
export function mcpProblemRefusal(problem: Problem, method: string, baseUrl: string): RpcRefusal {
  const { code: status } = statusOf(problem);
  const wrongMethod = problem.code === 'method_not_allowed';
  const message = wrongMethod
    ? `${method} is not allowed on /mcp: this MCP server is stateless, so it has no event stream to GET and no session to DELETE; it answers POST only.`
    : problem.init.detail;
  const hint = wrongMethod ? 'Send each JSON-RPC message in its own POST /mcp, with Content-Type: application/json and Accept: application/json, text/event-stream.' : problem.init.hint;
  return {
    status,
    code: status >= 500 ? JSON_RPC_CODES.INTERNAL_ERROR : JSON_RPC_CODES.SERVER_ERROR,
    message,
    data: { status, code: problem.code, hint, documentation_url: problemTypeUri(baseUrl, problem.code) },
    ...(problem.init.headers ? { headers: problem.init.headers } : {}),
  };
}

/** The problems POST /mcp answers as JSON-RPC errors (mcpProblemRefusal), the pipeline's refusals of any request. */
export const MCP_PROBLEMS = ['uri_too_long', 'headers_too_large', 'internal_error'] as const satisfies readonly ProblemCode[];

// ------------------------------------------------------------- JSON-RPC messages

const JSON_RPC_ID = { type: ['string', 'integer'], description: 'The request id (JSON-RPC 2.0 section 4).' } as const;

/**
 * The messages POST /mcp carries (JSON-RPC 2.0), as loose as the protocol
 * is: the methods and their results are the MCP schema's, not this
 * service's. JSON Schema, named by title, for /openapi.json.
 */
export function jsonRpcSchemas() {
  const revisions = MCP_PROTOCOL_VERSIONS.join(', ');
  const message = {
    title: 'JsonRpcMessage',
    type: 'object',
    required: ['jsonrpc'],
    description: `One JSON-RPC 2.0 message of the Model Context Protocol (revisions ${revisions}): a request (with an id and a method), a notification (a method, no id) or a response.`,
    properties: {
      jsonrpc: { type: 'string', enum: ['2.0'] },
      id: JSON_RPC_ID,
      method: { type: 'string', description: 'initialize, tools/list, tools/call, resources/list, resources/read, ...' },
      params: { type: 'object', description: "The method's parameters (see the MCP specification)." },
    },
  };
  const error = {
    title: 'JsonRpcError',
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'integer', description: 'JSON-RPC 2.0 section 5.1: -32700 parse error, -32600 invalid request, -32603 internal error, -32000 refused by the server.' },
      message: { type: 'string' },
      data: { type: 'object', description: 'On errors the HTTP layer answers: the HTTP `status`, a `hint` and, where it has one, the problem `code` and its `documentation_url`.' },
    },
  };
  const response = {
    title: 'JsonRpcResponse',
    type: 'object',
    required: ['jsonrpc', 'id'],
    description: 'The answer to one request: a result, or an error.',
    properties: {
      jsonrpc: { type: 'string', enum: ['2.0'] },
      id: { type: ['string', 'integer', 'null'], description: "The request's id; null in an error about a message that could not be read." },
      result: { type: 'object', description: "The method's result (see the MCP specification)." },
      error,
    },
  };
  return {
    /** What a POST carries: one message, or (from a 2025-03-26 client) a batch of them (JSON-RPC 2.0 section 6). */
    post: {
      title: 'JsonRpcPost',
      description: 'One JSON-RPC message; a client of revision 2025-03-26 may send a batch (an array), which later revisions removed.',
      oneOf: [message, { type: 'array', items: message }],
    },
    /** What a 200 carries: the response to the request, or to a batch the responses to its requests, in order. */
    reply: {
      title: 'JsonRpcReply',
      description: 'The response to the request; to a 2025-03-26 batch, the responses to its requests, in order.',
      oneOf: [response, { type: 'array', minItems: 1, items: response }],
    },
  };
}
