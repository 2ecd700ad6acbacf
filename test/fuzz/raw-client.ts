/**
 * A bare HTTP/1.1 client over node:net: it sends bytes exactly as given (no
 * URL normalization, no header validation), so malformed requests reach the
 * server as a hostile client would send them.
 */
import { connect } from 'node:net';
import type { Answer } from './support.js';

export interface RawAnswer extends Answer {
  /** The whole status line, e.g. `HTTP/1.1 400 Bad Request`. */
  readonly statusLine: string;
}

/**
 * Sends `request` on a new connection and reads until the server closes it.
 * Resolves undefined if the server closes without answering; rejects if it
 * neither answers nor closes within `timeoutMs` (a hang is a failure).
 */
export function rawRequest(port: number, request: Buffer | string, timeoutMs = 10_000): Promise<RawAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within ${timeoutMs} ms to ${JSON.stringify(String(request).slice(0, 200))}`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close before reading everything (a 431, a 413): a reset then is an answer, not an error.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      resolve(data.length === 0 ? undefined : parseResponse(data));
    });
    socket.write(request);
  });
}

/** Splits one HTTP/1.1 response into status, headers and (de-chunked) body. */
export function parseResponse(data: Buffer): RawAnswer {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`not an HTTP response: ${JSON.stringify(data.toString('latin1').slice(0, 200))}`);
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine);
  if (!match) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let body = data.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status: Number(match[1]), statusLine, headers, body: body.toString('utf8') };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** A well-formed request: `Connection: close` so the answer ends with the connection. */
export function httpRequest(method: string, target: string, headers: Record<string, string> = {}, body?: Buffer | string): Buffer {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload !== undefined) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload ?? Buffer.alloc(0)]);
}
