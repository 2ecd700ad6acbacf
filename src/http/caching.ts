import { createHash } from 'node:crypto';

/** SPEC.md section 8: five minutes fresh, a day stale while revalidating. */
export const CACHE_POLICY = 'public, max-age=300, stale-while-revalidate=86400';
/** For 429 and 5xx (CONTRACT.md, "Headers") and every other error. */
export const NO_STORE = 'no-store';

/** A strong validator (RFC 9110 section 8.8.3): changes whenever one byte does. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 section 13.1.2): `W/"x"`
 * matches `"x"`, and `*` matches any current representation.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}
