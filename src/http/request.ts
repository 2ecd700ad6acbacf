import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Catalog } from '../content/types.js';
import { ProblemError } from './problem.js';
import type { Zone, Zones } from './doors.js';
import { clip } from '../query/errors.js';

/** Query parameters as sent: a name given twice keeps every value, in order. */
export type Query = Readonly<Record<string, string | string[] | undefined>>;

/**
 * A request as the doors see it, read once by the pipeline: the method, the
 * target split into path and query, the headers, the client's address and
 * the route's parameters. Doors never see the response; they return an
 * Answer. Only a door that reads a body (/mcp) touches `body`. The Catalog is
 * the one in force when the request arrived: a reload during the request
 * does not change what it sees.
 */
export class Incoming {
  readonly path: string;
  /** The part of the service the path belongs to, and the door that owns it. */
  readonly zone: Zone;
  /** Filled by the router: the route pattern matched and its decoded parameters. */
  route: string | null = null;
  params: Readonly<Record<string, string>> = {};
  #query: Query | undefined;

  constructor(
    readonly catalog: Catalog,
    zones: Zones,
    readonly method: string,
    /** The request target as sent: path and query, still percent-encoded. */
    readonly url: string,
    readonly headers: IncomingHttpHeaders,
    /** The socket's peer, or the X-Forwarded-For hop that TRUST_PROXY lets the service believe; read only where the quota counts. */
    public client: string,
    /** The request body, for the one door that reads one; absent on requests made in-process. */
    readonly body?: IncomingMessage,
  ) {
    this.path = pathOf(url);
    this.zone = zones.of(this.path);
  }

  /** The query string, decoded on first use; a malformed percent-encoding is the client's error. */
  get query(): Query {
    return (this.#query ??= parseQuery(this.url));
  }

  /** A GET made in-process (answers prepared ahead of requests, the static export). */
  static get(catalog: Catalog, zones: Zones, url: string, headers: IncomingHttpHeaders = {}): Incoming {
    return new Incoming(catalog, zones, 'GET', url, headers, '');
  }
}

/** The path of a request target: what comes before its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The query of `url` (WHATWG URL "application/x-www-form-urlencoded" rules:
 * `+` is a space), every value kept. Unlike URLSearchParams, a malformed
 * percent-encoding is refused with a 400 that names the parameter, rather
 * than read as literal text the client did not mean.
 */
export function parseQuery(url: string): Query {
  const mark = url.indexOf('?');
  if (mark === -1 || mark === url.length - 1) return {};
  // A Map, then own properties: a parameter named __proto__ is a parameter, never the object's prototype.
  const values = new Map<string, string | string[]>();
  for (const pair of url.slice(mark + 1).split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const name = decodeComponent(rawName, undefined);
    const value = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1), name);
    const existing = values.get(name);
    if (existing === undefined) values.set(name, value);
    else if (Array.isArray(existing)) existing.push(value);
    else values.set(name, [existing, value]);
  }
  return Object.fromEntries(values);
}

function decodeComponent(text: string, parameter: string | undefined): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    const name = parameter ?? clip(spaced);
    throw new ProblemError('invalid_parameter', {
      detail: parameter === undefined ? `The query parameter name "${clip(text)}" is not valid percent-encoded UTF-8.` : `The value of the parameter "${name}" is not valid percent-encoded UTF-8.`,
      hint: 'Encode the value as UTF-8 and percent-encode each byte outside A-Z, a-z, 0-9 and "-._~" (encodeURIComponent does).',
      extensions: { parameter: name, accepted: 'a percent-encoded UTF-8 value' },
    });
  }
}

/** Decodes one path segment; a malformed percent-encoding is a 400 that names the path. */
export function decodePathSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw malformedPath();
  }
}

function malformedPath(): ProblemError {
  return new ProblemError('invalid_parameter', {
    detail: 'The request path is not valid percent-encoded UTF-8.',
    hint: 'Encode the path as UTF-8 and percent-encode each byte outside A-Z, a-z, 0-9 and "-._~", e.g. GET /api/v1/posts.',
    extensions: { parameter: 'path', accepted: 'a percent-encoded UTF-8 path' },
  });
}
