import { hash } from 'node:crypto';

/**
 * The digest a strong validator is made of: SHA-1 of the bytes (of a
 * string's UTF-8), in base64url: 27 characters, the same for the same bytes
 * in every process.
 */
export function digestOf(data: string | Buffer): string {
  return hash('sha1', data, 'base64url');
}
