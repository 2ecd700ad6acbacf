import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import { rememberedByValue } from '../http/remembered.js';

/**
 * Content codings of precomputed answers (RFC 9110 section 8.4.1): brotli
 * (RFC 7932) and gzip (RFC 1952), chosen by `Accept-Encoding` (RFC 9110
 * section 12.5.3) with its q-values honoured, br preferred when both are
 * equally acceptable, identity otherwise.
 */
export type Coding = 'br' | 'gzip' | 'identity';

/** Most compact first: the order that breaks ties between equal q-values. */
export const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * Compressed once per Catalog, so the slowest, smallest settings pay off:
 * gzip level 9, brotli quality 11 in text mode. Brotli's window is the
 * smallest that holds the whole body: a larger one finds nothing more in a
 * body that short, and at quality 11 the encoder allocates tables in
 * proportion to it (tens of megabytes for the default 4 MiB window, which
 * the allocator then keeps).
 */
export function compress(body: Buffer, coding: Exclude<Coding, 'identity'>): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: 9 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
    },
  });
}

/** The smallest brotli window (RFC 7932 section 9.1: 2^bits - 16 bytes, 10 to 24 bits) that holds `length` bytes. */
function windowBits(length: number): number {
  let bits = constants.BROTLI_MIN_WINDOW_BITS;
  while (bits < constants.BROTLI_MAX_WINDOW_BITS && (1 << bits) - 16 < length) bits += 1;
  return bits;
}

/**
 * The codings `Accept-Encoding` admits, most wanted first. No header means
 * any coding is acceptable (RFC 9110 section 12.5.3), but identity is the
 * safe answer to a client that said nothing, as every server does.
 */
export function acceptedCodings(headers: IncomingHttpHeaders): readonly Coding[] {
  const header = headers['accept-encoding'];
  return header === undefined || header === '' ? IDENTITY_ONLY : codingsOf(header);
}

const codingsOf = rememberedByValue((header): readonly Coding[] => {
  // negotiator 1.x takes the preference order that breaks ties; @types/negotiator predates it.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as PreferringNegotiator;
  return negotiator.encodings([...CODINGS], { preferred: [...CODINGS] }) as Coding[];
});

interface PreferringNegotiator {
  encodings(available: string[], options: { preferred: string[] }): string[];
}

const IDENTITY_ONLY: readonly Coding[] = ['identity'];
