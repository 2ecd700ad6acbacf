/**
 * A git host's push notification, as `POST /hooks/content` receives it:
 * whether it is signed with the shared secret, and which branch it pushed.
 * GitHub signs the raw body (`X-Hub-Signature-256: sha256=<HMAC-SHA256 in
 * hex>`); GitLab sends the secret itself (`X-Gitlab-Token`). Both are
 * compared in constant time, so the answer's timing tells nothing of how
 * much of a guess was right.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What the service publishes from, as the webhook and the health record see it (set only with CONTENT_GIT). */
export interface ContentFeed {
  /** The branch followed (`main`). */
  readonly branch: string;
  /** CONTENT_HOOK_SECRET; undefined: every hook is refused. */
  readonly secret: string | undefined;
  /** Asks for a fetch: one runs at a time, and one asked for during it runs once after it. */
  fetch(reason: string): void;
  /** The commit served, and the last one refused with its first error. */
  facts(): ContentFacts;
}

export interface ContentFacts {
  readonly commit: string;
  readonly refused: { readonly commit: string; readonly error: string; readonly refused_at: string } | null;
}

/** Whether `body` comes with a valid GitHub signature or GitLab token for `secret`. */
export function isSigned(headers: IncomingHttpHeaders, body: Buffer, secret: string | undefined): boolean {
  if (secret === undefined || secret === '') return false;
  const signature = single(headers['x-hub-signature-256']);
  if (signature !== undefined) {
    const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    return sameText(signature.trim().toLowerCase(), expected);
  }
  const token = single(headers['x-gitlab-token']);
  return token !== undefined && sameText(token, secret);
}

/**
 * The ref a push names (`refs/heads/main`), from a JSON body or GitHub's
 * form-encoded one (`payload=<JSON>`); undefined when the body names none
 * (GitHub's `ping`, a hand-made call).
 */
export function pushedRef(headers: IncomingHttpHeaders, body: Buffer): string | undefined {
  let text = body.toString('utf8');
  if (/^application\/x-www-form-urlencoded\b/i.test(single(headers['content-type']) ?? '')) text = new URLSearchParams(text).get('payload') ?? '';
  try {
    const parsed: unknown = JSON.parse(text);
    const ref = parsed !== null && typeof parsed === 'object' && 'ref' in parsed ? parsed.ref : undefined;
    return typeof ref === 'string' ? ref : undefined;
  } catch {
    return undefined;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Equal texts, compared in a time that depends on neither: both are hashed to the same length first. */
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given === expected;
}
