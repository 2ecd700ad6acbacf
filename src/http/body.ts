import type { IncomingMessage } from 'node:http';

/** The request body, or undefined once it passes `limit` bytes (the rest is left unread). */
export function readRawBody(stream: IncomingMessage | undefined, limit: number): Promise<Buffer | undefined> {
  if (!stream) return Promise.resolve(Buffer.alloc(0));
  if (Number(stream.headers['content-length']) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stream.off('data', onData);
      stream.pause();
      resolve(undefined);
    };
    stream.on('data', onData);
    // One chunk (most bodies) needs no copy.
    stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}
