import type { ServerResponse } from 'node:http';
import type { Coding, Effort } from './encoding.js';
import { compress, compressLater, LATER_BYTES, MIN_COMPRESSED_BYTES } from './encoding.js';

/** RFC 9110 section 15.4.5: a 304 repeats the 200's validators and metadata, but says nothing of a body. */
const NOT_MODIFIED_OMITS = new Set(['content-type', 'content-length', 'content-encoding']);

/**
 * Media types that are text underneath and so shrink when compressed; PNG,
 * JPEG, GIF and WebP are compressed already.
 */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml|javascript|manifest\+json)\b|image\/(?:svg\+xml|x-icon)\b)/i;

/** Whether an answer is sent compressed to a client that accepts it: a 200 of text, long enough to gain from it. */
export function isCompressible(status: number, bytes: number, contentType: string | undefined): boolean {
  return status === 200 && bytes >= MIN_COMPRESSED_BYTES && contentType !== undefined && COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * A body as written: one buffer, parts written in order (see Answer.body),
 * or text, written as UTF-8. An answer computed for one request stays text
 * until it is written: node:http encodes it into a buffer it frees at once,
 * where a buffer made here would live until the next garbage collection (the
 * allocator's heap grew by tens of megabytes under new list pages).
 */
export type Body = string | Buffer | readonly Buffer[];

export function byteLength(body: Body): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (Buffer.isBuffer(body)) return body.length;
  let length = 0;
  for (const part of body as readonly Buffer[]) length += part.length;
  return length;
}

/** Writes `body` and ends the response; parts go out in one write of the socket (writev), never joined into a new buffer. */
export function writeBody(response: ServerResponse, body: Body | undefined): void {
  if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
    response.end(body);
    return;
  }
  response.cork();
  for (const part of body as readonly Buffer[]) response.write(part);
  response.end();
}

/** The body in one buffer: parts are joined and text encoded, which copies them. */
export function joined(body: Body): Buffer {
  if (typeof body === 'string') return Buffer.from(body);
  return Buffer.isBuffer(body) ? body : Buffer.concat(body as readonly Buffer[]);
}

/** One representation (one content coding) of an answer: its body and the headers to write, flat as `writeHead` takes them. */
export interface Representation {
  readonly coding: Coding;
  readonly body: Body;
  readonly etag: string | undefined;
  readonly ok: readonly string[];
  readonly notModified: readonly string[];
}

/**
 * An answer with every header the policy gives it but those of one request
 * (the quota) and those of the part of the service it belongs to (CORS,
 * version): ready to write, and, when it is the same for everyone, to keep.
 * Its compressed forms are made on first request and kept with it.
 */
export class PreparedAnswer {
  /** Per coding: its representation, null when it is not made (no smaller, or no room), or its compression under way. */
  readonly #representations = new Map<Coding, Representation | null | Promise<Representation | null>>();
  #bytes: number;
  #body: Body;
  /** Its door's own forms (Answer.coded), when it makes them: the only coded forms it has. */
  readonly #codedByDoor: ((coding: Exclude<Coding, 'identity'>) => Body | undefined) | undefined;
  /** Kept for the requests to come (`keep`): its compressed forms are worth more work. */
  #kept = false;
  /** While kept: the most bytes its representations may hold together (what its cache can give it). */
  #keptBytes = Infinity;
  /** Whether a client that accepts a compressed coding gets one (RFC 9110 section 12.5.5: the answer then varies); decided once, read on every request. */
  readonly compressible: boolean;

  constructor(
    readonly status: number,
    /** In writing order, lower-case names; no Content-Length (each representation has its own). */
    readonly headers: readonly (readonly [string, string])[],
    body: Body,
    /** The route pattern, for the access log. */
    readonly route: string | null,
    /** The strong validator of the identity body, for 200s. */
    readonly etag: string | undefined,
    /** Whether any cache may keep it (a public cache policy). */
    readonly shared: boolean,
    /** Its Last-Modified, epoch milliseconds, when its door gave one. */
    readonly lastModified?: number,
    /** Its forms in content codings as its door makes them (Answer.coded): then nothing is compressed for it. */
    coded?: (coding: Exclude<Coding, 'identity'>) => Body | undefined,
  ) {
    this.#codedByDoor = coded;
    this.#body = body;
    this.#bytes = byteLength(body);
    this.compressible = isCompressible(status, this.#bytes, headers.find(([name]) => name === 'content-type')?.[1]);
    this.#representations.set('identity', this.#represent('identity', body));
  }

  /** The identity body in one buffer (joined or encoded on first read when it came in parts or as text). */
  get body(): Buffer {
    const body = joined(this.#body);
    this.#body = body;
    return body;
  }

  /**
   * From now on written from one buffer: an answer kept for the requests to
   * come is encoded (text) or joined (parts) once, not for each of them, and
   * its compressed forms, made once too, are worth a kept answer's effort.
   * A body of LATER_BYTES or more in parts stays in its parts (large ones,
   * written as they are), since joining it would copy megabytes while every
   * other request waits.
   * A form that would take its bytes past `maxBytes` (the room its cache has
   * for it) is not kept: the answer is written as it is to clients that
   * asked for that coding, rather than pushing every other answer out of the
   * cache, itself last, and being made again on the next request.
   */
  keep(maxBytes = Infinity): void {
    this.#kept = true;
    this.#keptBytes = maxBytes;
    // A form compressed for one request before is made again, with more effort, when next asked for; its door's forms stay.
    for (const [coding, representation] of this.#representations) {
      if (coding === 'identity' || this.#codedByDoor) continue;
      if (representation && !(representation instanceof Promise)) this.#bytes -= byteLength(representation.body);
      this.#representations.delete(coding);
    }
    if (Buffer.isBuffer(this.#body) || (typeof this.#body !== 'string' && this.#bytes >= LATER_BYTES)) return;
    this.#body = joined(this.#body);
    this.#representations.set('identity', this.#represent('identity', this.#body));
  }

  /** Bytes held: the bodies of every representation made so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The first of `codings` whose representation is smaller than the identity
   * one; identity when none. A large body's first compression runs off the
   * event loop (`compressLater`): the answer is then a promise, which every
   * request for the same coding meanwhile shares.
   */
  choose(codings: readonly Coding[]): Representation | Promise<Representation> {
    if (this.compressible) {
      for (let i = 0; i < codings.length; i += 1) {
        const coding = codings[i]!;
        if (coding === 'identity') break;
        const representation = this.#coded(coding);
        if (representation instanceof Promise) return representation.then((made) => made ?? this.choose(codings.slice(i + 1)));
        if (representation) return representation;
      }
    }
    return this.identity;
  }

  /** The representation without a content coding. */
  get identity(): Representation {
    return this.#representations.get('identity') as Representation;
  }

  /**
   * `coding`'s representation (null when it is not smaller or does not fit),
   * compressed on libuv's threads whatever the body's size: for making the
   * forms of many answers at once (the export), where the event loop has
   * nothing to do but hand out the work.
   */
  async coded(coding: Exclude<Coding, 'identity'>): Promise<Representation | null> {
    return this.compressible ? this.#coded(coding, true) : null;
  }

  /** `later`: compressed off the event loop even when the body is small. */
  #coded(coding: Exclude<Coding, 'identity'>, later = false): Representation | null | Promise<Representation | null> {
    const known = this.#representations.get(coding);
    if (known !== undefined) return known;
    // Made by its door, as it makes them (deterministic bytes: a strong validator, as a kept form's).
    if (this.#codedByDoor) return this.#made(coding, this.#codedByDoor(coding), 'kept');
    const effort = this.#kept ? 'kept' : 'once';
    const length = byteLength(this.#body);
    if (length < LATER_BYTES && !later) return this.#made(coding, compress(this.body, coding, effort), effort);
    // A text is encoded once here (the parts of a large body are compressed as they are).
    const body = typeof this.#body === 'string' ? this.body : this.#body;
    const pending = compressLater(body, coding, effort).then(
      (compressed) => {
        if (this.#representations.get(coding) === pending) return this.#made(coding, compressed, effort);
        // keep() dropped it meanwhile (a form made for one request, not worth keeping): it still serves the requests that waited.
        return compressed.length < length ? this.#represent(coding, compressed, effort) : null;
      },
      (error: unknown) => {
        // The next request tries again.
        if (this.#representations.get(coding) === pending) this.#representations.delete(coding);
        throw error;
      },
    );
    this.#representations.set(coding, pending);
    return pending;
  }

  /** Records `coding`'s form when it is smaller and fits (see `keep`); null otherwise. */
  #made(coding: Exclude<Coding, 'identity'>, compressed: Body | undefined, effort: Effort): Representation | null {
    if (compressed === undefined) return null;
    const length = byteLength(compressed);
    const fits = !this.#kept || this.#bytes + length <= this.#keptBytes;
    const representation = length < byteLength(this.#body) && fits ? this.#represent(coding, compressed, effort) : null;
    if (representation) this.#bytes += length;
    this.#representations.set(coding, representation);
    return representation;
  }

  /** `effort`: what a compressed `body` was made with (a form made for one request gets a weak validator). */
  #represent(coding: Coding, body: Body, effort?: Effort): Representation {
    // A strong validator per coding (RFC 9110 section 8.8.3): the bytes differ. A form compressed for
    // one request (faster, other bytes than the kept form of the same coding) gets the weak validator
    // of the same tag (section 8.8.1): If-None-Match, which compares weakly, matches either; a strong
    // comparison matches neither with the other.
    const coded = this.etag === undefined || coding === 'identity' ? this.etag : `${this.etag.slice(0, -1)}-${coding}"`;
    const etag = coded === undefined || coding === 'identity' || effort !== 'once' ? coded : `W/${coded}`;
    const ok: string[] = [];
    const notModified: string[] = [];
    for (const [name, value] of this.headers) {
      const written = name === 'etag' && etag !== undefined ? etag : value;
      ok.push(name, written);
      if (!NOT_MODIFIED_OMITS.has(name)) notModified.push(name, written);
      if (name === 'content-type' && coding !== 'identity') ok.push('content-encoding', coding);
    }
    ok.push('content-length', String(byteLength(body)));
    return { coding, body, etag, ok, notModified };
  }
}
