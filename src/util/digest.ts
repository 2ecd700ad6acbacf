import { createHash, hash } from 'node:crypto';

/**
 * The digest a strong validator is made of: SHA-1 of the bytes (of a
 * string's UTF-8), in base64url: 27 characters, the same for the same bytes
 * in every process.
 */
export function digestOf(data: string | Buffer | readonly Buffer[]): string {
  if (typeof data === 'string' || Buffer.isBuffer(data)) return hash('sha1', data, 'base64url');
  // Bytes in parts: the digest of the parts joined, without joining them.
  const digest = createHash('sha1');
  for (const part of data as readonly Buffer[]) digest.update(part);
  return digest.digest('base64url');
}
