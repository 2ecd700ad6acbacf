import type { Answer } from '../http/answer.js';
import { jsonAnswer } from '../http/answer.js';
import type { Area } from '../http/doors.js';
import { ProblemError } from '../http/problem.js';
import type { ContentFeed } from '../http/push-hook.js';
import { isSigned, MAX_HOOK_BODY_BYTES, pushedRef, readRawBody } from '../http/push-hook.js';
import { RateLimiter } from '../http/rate-limit.js';
import type { Incoming } from '../http/request.js';
import type { Route } from '../http/router.js';
import { ROUTES } from '../routes/table.js';

/**
 * `POST /hooks/content`: a git host tells the service that a branch was
 * pushed. A delivery signed with CONTENT_HOOK_SECRET for the branch
 * followed starts a fetch (202); a push to another branch is acknowledged
 * and changes nothing (200); anything unsigned is a 401 that changes
 * nothing. Outside the content quota, with a small limit of its own per
 * client address: a flood of forged hooks must not cost the readers'
 * quota, nor use up the git host's own deliveries.
 */

const HOOK_POLICY = Object.freeze({ name: 'content-hook', limit: 60, windowSeconds: 60 });

/** Its own area: not counted by the content quota, not versioned, JSON only. */
export const HOOK_AREA: Area = {
  prefix: '/hooks',
  counted: false,
  versioned: false,
  json: true,
  notFoundHint: `Push notifications go to POST ${ROUTES.contentHook.pattern}.`,
};

export function contentHookRoute(feed: ContentFeed | undefined, clientOf: (request: Incoming) => string): Route {
  const limiter = new RateLimiter(HOOK_POLICY);
  return {
    pattern: ROUTES.contentHook.pattern,
    method: 'POST',
    handle: async (request): Promise<Answer> => {
      if (!feed) throw notFollowingGit(request.path);
      const decision = await limiter.count(clientOf(request));
      if (!decision.allowed) throw tooManyHooks(decision.resetSeconds);
      const body = await readRawBody(request.body, MAX_HOOK_BODY_BYTES);
      if (body === undefined) throw tooLarge();
      if (!isSigned(request.headers, body, feed.secret)) throw unsigned(feed.secret !== undefined);
      const ref = pushedRef(request.headers, body);
      const followed = `refs/heads/${feed.branch}`;
      if (ref !== undefined && ref !== followed) {
        return answerOf(200, { status: 'ignored', detail: `The push is to ${ref}; this deployment publishes ${followed}.`, branch: feed.branch });
      }
      feed.fetch('webhook');
      return answerOf(202, { status: 'fetching', detail: `Fetching ${followed}; /healthz names the commit served once it is checked.`, branch: feed.branch });
    },
  };
}

function answerOf(status: number, body: unknown): Answer {
  return { ...jsonAnswer(body, {}, status), cache: 'no-store' };
}

function unsigned(secretSet: boolean): ProblemError {
  return new ProblemError('unauthorized', {
    detail: secretSet ? 'The hook carries no valid X-Hub-Signature-256 or X-Gitlab-Token; nothing was fetched.' : 'This deployment has no webhook secret (CONTENT_HOOK_SECRET), so it accepts no hook; nothing was fetched.',
    hint: 'Set the webhook\u2019s secret to the deployment\u2019s CONTENT_HOOK_SECRET (GitHub signs the body with it; GitLab sends it as X-Gitlab-Token).',
    // RFC 9110 section 15.5.2: a 401 names how to authenticate.
    headers: { 'www-authenticate': 'X-Hub-Signature-256, X-Gitlab-Token' },
  });
}

function notFollowingGit(path: string): ProblemError {
  return new ProblemError('not_found', {
    detail: `${path} answers only where the content is published from git (CONTENT_GIT).`,
    hint: 'Set CONTENT_GIT (and CONTENT_HOOK_SECRET) to publish by pushing.',
  });
}

function tooManyHooks(retryAfter: number): ProblemError {
  return new ProblemError('rate_limited', {
    detail: `More than ${HOOK_POLICY.limit} hooks in ${HOOK_POLICY.windowSeconds} seconds from this address.`,
    hint: 'Wait the number of seconds Retry-After gives; one hook per push is enough, and a hook during a fetch already runs one more after it.',
    headers: { 'retry-after': String(retryAfter) },
  });
}

function tooLarge(): ProblemError {
  return new ProblemError('invalid_parameter', {
    detail: `The hook's body is larger than ${MAX_HOOK_BODY_BYTES / 1024 / 1024} MiB.`,
    hint: 'Send the push event as the git host makes it.',
    status: { code: 413, title: 'Content Too Large' },
  });
}
