import type { IncomingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';
import { brotliCompressSync, constants, crc32, createBrotliCompress, createGzip, deflateRawSync, gzipSync } from 'node:zlib';
import { rememberedByValue } from '../util/remembered.js';

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
 * How much work a compressed form is worth: `kept`, an answer kept for the
 * requests to come, compressed once on its first request that accepts the
 * coding and written many times; `once`, an answer made for one request (a
 * JSON-RPC reply, a URL asked for the first time), compressed for it alone.
 */
export type Effort = 'kept' | 'once';

/**
 * Compressed while a client waits. A kept answer gets a middle setting: gzip
 * level 6 and brotli quality 5 in text mode take about a millisecond on a
 * 50 KB page and come within a few percent of the slowest settings, which
 * take tens. An answer compressed for one request gets the fastest (gzip 1,
 * brotli 1): on an 18 KB JSON-RPC reply 48 us instead of 151 for brotli, the
 * body 24 % larger, still a quarter of its identity size. Brotli's window is
 * the smallest that holds the body: the encoder allocates in proportion to it.
 */
export function compress(body: Buffer, coding: Exclude<Coding, 'identity'>, effort: Effort): Buffer {
  return coding === 'gzip' ? gzipSync(body, gzipOptions(effort)) : brotliCompressSync(body, brotliOptions(body.length, effort));
}

/**
 * As `compress`, on libuv's threads: the event loop goes on answering other
 * requests meanwhile. For bodies of LATER_BYTES and more, whose compression
 * would hold every other client for milliseconds to seconds.
 */
export async function compressLater(body: Buffer | readonly Buffer[], coding: Exclude<Coding, 'identity'>, effort: Effort): Promise<Buffer> {
  const length = Buffer.isBuffer(body) ? body.length : body.reduce((sum, part) => sum + part.length, 0);
  const stream = coding === 'gzip' ? createGzip({ ...gzipOptions(effort), chunkSize: LATER_CHUNK_BYTES }) : createBrotliCompress({ ...brotliOptions(length, effort), chunkSize: LATER_CHUNK_BYTES });
  const compressed: Buffer[] = [];
  // A body in parts is compressed part after part, never joined.
  await pipeline(Buffer.isBuffer(body) ? [body] : body, stream, async (made: AsyncIterable<Buffer>) => {
    for await (const chunk of made) compressed.push(chunk);
  });
  return Buffer.concat(compressed);
}

/**
 * From this size a body is compressed off the event loop: 128 KiB of text
 * take about 3 ms of gzip at the kept effort (a megabyte 30 ms), time every
 * other client would wait, where handing it to a thread costs tens of us.
 */
export const LATER_BYTES = 128 * 1024;

/** Output handed back from the threads at a time: fewer, larger hand-overs than zlib's default 16 KiB. */
const LATER_CHUNK_BYTES = 128 * 1024;

function gzipOptions(effort: Effort): ZlibOptions {
  return { level: effort === 'kept' ? 6 : 1 };
}

function brotliOptions(length: number, effort: Effort): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: effort === 'kept' ? 5 : 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(length),
    },
  };
}

/**
 * `bytes` deflated once (RFC 1951, gzip's kept effort), to be the middle of
 * gzip answers made around it by `gzipAround`: ended by a sync flush, so the
 * stream stops at a byte boundary without a final block and more blocks may
 * follow.
 */
export function deflateAhead(bytes: Buffer): Buffer {
  return deflateRawSync(bytes, { ...gzipOptions('kept'), finishFlush: constants.Z_SYNC_FLUSH });
}

/**
 * A gzip member (RFC 1952) of `head`, `middle` and `tail` in that order,
 * made without compressing anything: `middle` goes as `deflated` (its
 * `deflateAhead`), and the parts around it, which change with each answer
 * (a JSON-RPC response's id), as stored blocks (RFC 1951 section 3.2.4). The
 * only work over the middle's bytes is the member's CRC-32. Undefined when a
 * part is too long for one stored block.
 */
export function gzipAround(head: Buffer, middle: Buffer, deflated: Buffer, tail: Buffer): readonly Buffer[] | undefined {
  if (head.length > MAX_STORED_BYTES || tail.length > MAX_STORED_BYTES) return undefined;
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc32(tail, crc32(middle, crc32(head))), 0);
  trailer.writeUInt32LE((head.length + middle.length + tail.length) % 2 ** 32, 4);
  return [GZIP_HEADER, storedBlock(head.length, false), head, deflated, storedBlock(tail.length, true), tail, trailer];
}

/** ID1, ID2, CM (deflate), no flags, no modification time, XFL 0, OS unknown (RFC 1952 section 2.3.1). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);

const MAX_STORED_BYTES = 0xffff;

/** A stored block's header, starting on a byte boundary: BFINAL, BTYPE 00 and padding in one byte, then LEN and its complement NLEN. */
function storedBlock(length: number, final: boolean): Buffer {
  return Buffer.from([final ? 1 : 0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
}

/** Bodies shorter than this are sent as they are: compressing them saves less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The smallest brotli window (RFC 7932 section 9.1: 2^bits - 16 bytes, 10 to
 * 24 bits) that holds `length` bytes, at most brotli's default of 22 bits
 * (4 MB): the two larger windows made a 33 MB body (llms-full.txt of 10,000
 * articles) take 13.0 s at the kept quality instead of 1.9, for 0.01 % fewer
 * bytes.
 */
export function windowBits(length: number): number {
  let bits = constants.BROTLI_MIN_WINDOW_BITS;
  while (bits < constants.BROTLI_DEFAULT_WINDOW && (1 << bits) - 16 < length) bits += 1;
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

/**
 * RFC 9110 section 12.5.3: each coding with its weight (`q`, default 1; 0
 * refuses it), `*` standing for every coding not named, identity acceptable
 * unless refused. Ties go to the more compact coding (CODINGS' order).
 */
const codingsOf = rememberedByValue((header): readonly Coding[] => {
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? (coding === 'identity' ? 0.001 : 0);
  return CODINGS.filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
});

const IDENTITY_ONLY: readonly Coding[] = ['identity'];
