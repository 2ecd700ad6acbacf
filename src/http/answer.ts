import { answerJson } from '../util/json.js';

/**
 * What a door answers a request: a status, the door's own headers (its media
 * type, Vary, Link, ...) and a body. The pipeline adds every header the HTTP
 * policy owns (CORS, version, quota, caching, validators) and writes it.
 */
export interface Answer {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The body; or its parts, written one after the other without being
   * joined (a large body assembled around bytes kept elsewhere).
   */
  readonly body: string | Buffer | readonly Buffer[];
  /**
   * Who may keep the answer (RFC 9111): `public`, the same for every client
   * until the content changes (what a 200 to a GET is unless its door says
   * otherwise); `immutable`, a file whose URL changes with its bytes, kept a
   * year; `no-store`, kept by no cache (the health record, a JSON-RPC
   * answer). Errors are never kept, whatever this says.
   */
  readonly cache?: CacheRule;
  /**
   * The digest its strong validator is made of, when the door made one from
   * the body's parts (one that changes whenever a byte of the body does);
   * otherwise the body's own digest is.
   */
  readonly digest?: string;
  /**
   * The body in a content coding, made by its door without compressing it
   * (see `gzipAround`), or undefined for a coding it does not make. An
   * answer that has it is written in those codings only, never compressed
   * for the request.
   */
  readonly coded?: (coding: 'br' | 'gzip') => Answer['body'] | undefined;
}

export type CacheRule = 'public' | 'immutable' | 'no-store';

export function answer(status: number, type: string, body: Answer['body'], headers: Readonly<Record<string, string>> = {}): Answer {
  return { status, headers: { 'content-type': type, ...headers }, body };
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonAnswer(body: unknown, headers: Readonly<Record<string, string>> = {}, status = 200): Answer {
  const { body: json, digest } = answerJson(body);
  const made = answer(status, JSON_TYPE, json, headers);
  return digest === undefined ? made : { ...made, digest };
}
