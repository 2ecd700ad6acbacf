import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { deflateAhead, MIN_COMPRESSED_BYTES } from '../http/encoding.js';
import { ClockCache } from '../util/clock-cache.js';
import { SeenKeys } from '../util/seen-keys.js';
import type { McpProtocolVersion } from '../model/protocol.js';

/**
 * What the server answered read-only requests, per Catalog: a tool's result
 * is a function of the content and its arguments alone (every tool is
 * read-only and idempotent), and so are the lists, resource reads, prompts
 * and completions. Kept serialized under the method and its canonical
 * parameters (key order does not matter) from the second time a request is
 * made, so a repeated call is answered without running the tool, the
 * argument validation or the SDK's dispatch again, and a call made once
 * (most searches) keeps nothing: its result goes out as text, which
 * node:http encodes for the socket and frees once written.
 */

/** Methods whose answer depends only on the Catalog and the request's `params`. */
const READ_ONLY_METHODS = new Set(['tools/call', 'tools/list', 'resources/read', 'resources/list', 'resources/templates/list', 'prompts/list', 'prompts/get', 'completion/complete']);

/** Methods whose answer also depends on the protocol revision: the lists carry icons for 2025-11-25 clients only. */
const VERSIONED_METHODS = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

/** Bounds of the results kept per Catalog, the least recently used dropped first. */
export const REMEMBERED_RESULTS = 1_000;
export const REMEMBERED_BYTES = 32 * 1024 * 1024;

/**
 * A remembered result: its JSON as UTF-8, and that JSON deflated once, the
 * middle of every gzip answer that carries it. Deflated when first asked
 * for (a client that takes gzip made the call again), not when kept: a call
 * made twice, or only by clients that take no compression, never pays for
 * it.
 */
export class RememberedResult {
  #deflated: Buffer | undefined;

  constructor(
    readonly json: Buffer,
    /** Told when the result grows (its deflated form made): its cache counts the bytes. */
    readonly grown: (result: RememberedResult) => void,
    /** The response headers that belong to the result (the Content-Usage of what it answers with). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  /** The JSON deflated (`deflateAhead`); undefined when it is too short to be worth compressing. */
  get deflated(): Buffer | undefined {
    if (this.json.length < MIN_COMPRESSED_BYTES) return undefined;
    if (this.#deflated === undefined) {
      this.#deflated = deflateAhead(this.json);
      this.grown(this);
    }
    return this.#deflated;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.json.length + (this.#deflated?.length ?? 0);
  }
}

// A key holds the request's parameters (a body may be megabytes): it counts against the bound with the result.
const results = perCatalog(() => new ClockCache<RememberedResult>(REMEMBERED_RESULTS, REMEMBERED_BYTES, (result, key) => result.bytes + key.length));
const seen = perCatalog(() => new SeenKeys());

/**
 * The key of a request whose result may be kept, or undefined: a read-only
 * method, without `_meta` (a progress token belongs to one request).
 */
function keyOf(request: JSONRPCRequest, version: McpProtocolVersion): string | undefined {
  if (!READ_ONLY_METHODS.has(request.method)) return undefined;
  if (request.params !== undefined && '_meta' in request.params) return undefined;
  const key = `${request.method}\0${canonicalJson(request.params ?? null)}`;
  return VERSIONED_METHODS.has(request.method) ? `${version}\0${key}` : key;
}

/** The result kept for a request like `request`, made under `version`, if any. */
export function rememberedReply(catalog: Catalog, request: JSONRPCRequest, version: McpProtocolVersion): RememberedResult | undefined {
  const key = keyOf(request, version);
  return key === undefined ? undefined : results(catalog).get(key);
}

/**
 * Offers the result the server gave `request` (`json`, its JSON text) to be
 * remembered: kept, and returned as kept, when the same request
 * was made before; undefined when it was not (or cannot be kept). A tool's
 * error result is not kept: an unexpected failure must be tried again, and a
 * caller's mistake is cheap to answer.
 */
export function remember(
  catalog: Catalog,
  request: JSONRPCRequest,
  version: McpProtocolVersion,
  result: unknown,
  json: string,
  headers: Readonly<Record<string, string>> = {},
): RememberedResult | undefined {
  const key = keyOf(request, version);
  if (key === undefined) return undefined;
  if (typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true) return undefined;
  if (!seen(catalog).again(key)) return undefined;
  const kept = results(catalog);
  const remembered = new RememberedResult(Buffer.from(json), (result) => kept.resize(key, result), headers);
  kept.set(key, remembered);
  return remembered;
}

/** JSON with every object's keys sorted: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
