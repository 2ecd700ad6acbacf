import * as z from 'zod';
import { ROUTES } from '../routes/table.js';
import type { Problem } from './problems.js';

/**
 * `POST /hooks/content`, described once: what it answers (the API door
 * mounts it, /openapi.json documents it) and the problems it raises.
 */

export const HOOK_PATH = ROUTES.contentHook.pattern;

/** Its own limit per client address, apart from the content quota. */
export const HOOK_POLICY = Object.freeze({ name: 'content-hook', limit: 60, windowSeconds: 60 });

/** A push event's body is a few kilobytes; GitHub caps its payloads at 25 MB. */
export const MAX_HOOK_BODY_BYTES = 25 * 1024 * 1024;

export const HookReceipt = z
  .strictObject({
    status: z.enum(['fetching', 'ignored']).describe('fetching (202): the branch is fetched, and each instance serves the commit once it passes the content check; ignored (200): a push to another branch.'),
    detail: z.string(),
    branch: z.string().describe('The branch this deployment publishes.'),
  })
  .meta({ title: 'HookReceipt' });
export type HookReceipt = z.infer<typeof HookReceipt>;

export function unsignedHookProblem(secretSet: boolean): Problem {
  return {
    code: 'unauthorized',
    init: {
      detail: secretSet ? 'The hook carries no valid X-Hub-Signature-256 or X-Gitlab-Token; nothing was fetched.' : 'This deployment has no webhook secret (CONTENT_HOOK_SECRET), so it accepts no hook; nothing was fetched.',
      hint: 'Set the webhook\u2019s secret to the deployment\u2019s CONTENT_HOOK_SECRET (GitHub signs the body with it; GitLab sends it as X-Gitlab-Token).',
      // RFC 9110 section 15.5.2: a 401 says how to authenticate.
      headers: { 'www-authenticate': 'X-Hub-Signature-256, X-Gitlab-Token' },
    },
  };
}

export function notFollowingGitProblem(): Problem {
  return {
    code: 'not_found',
    init: { detail: `${HOOK_PATH} answers only where the content is published from git (CONTENT_GIT).`, hint: 'Set CONTENT_GIT (and CONTENT_HOOK_SECRET) to publish by pushing.' },
  };
}

export function tooManyHooksProblem(retryAfter: number): Problem {
  return {
    code: 'rate_limited',
    init: {
      detail: `More than ${HOOK_POLICY.limit} hooks in ${HOOK_POLICY.windowSeconds} seconds from this address.`,
      hint: 'Wait the number of seconds Retry-After gives; one hook per push is enough, and a hook during a fetch already runs one more after it.',
      headers: { 'retry-after': String(retryAfter) },
    },
  };
}

export function hookTooLargeProblem(): Problem {
  return {
    code: 'invalid_parameter',
    init: { detail: `The hook's body is larger than ${MAX_HOOK_BODY_BYTES / 1024 / 1024} MiB.`, hint: 'Send the push event as the git host makes it.', status: { code: 413, title: 'Content Too Large' } },
  };
}
