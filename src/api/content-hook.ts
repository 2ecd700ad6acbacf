import type { Answer } from '../http/answer.js';
import { jsonAnswer } from '../http/answer.js';
import type { Area } from '../http/doors.js';
import { ProblemError } from '../http/problem.js';
import type { ContentFeed } from '../http/push-hook.js';
import { isSigned, pushedRef } from '../http/push-hook.js';
import { readRawBody } from '../http/body.js';
import { RateLimiter } from '../http/rate-limit.js';
import type { Incoming } from '../http/request.js';
import type { Route } from '../http/router.js';
import type { HookReceipt } from '../model/content-hook.js';
import { HOOK_PATH, HOOK_POLICY, hookTooLargeProblem, MAX_HOOK_BODY_BYTES, notFollowingGitProblem, tooManyHooksProblem, unsignedHookProblem } from '../model/content-hook.js';

/**
 * `POST /hooks/content`: a git host tells the service that a branch was
 * pushed. A delivery signed with CONTENT_HOOK_SECRET for the branch
 * followed starts a fetch (202); a push to another branch is acknowledged
 * and changes nothing (200); anything unsigned is a 401 that changes
 * nothing. Outside the content quota, with a small limit of its own per
 * client address: a flood of forged hooks must not cost the readers'
 * quota, nor use up the git host's own deliveries.
 */

/** Its own area: not counted by the content quota, not versioned, JSON only. */
export const HOOK_AREA: Area = {
  prefix: '/hooks',
  counted: false,
  versioned: false,
  json: true,
  notFoundHint: `Push notifications go to POST ${HOOK_PATH}.`,
};

export function contentHookRoute(feed: ContentFeed | undefined, clientOf: (request: Incoming) => string): Route {
  const limiter = new RateLimiter(HOOK_POLICY);
  return {
    pattern: HOOK_PATH,
    method: 'POST',
    handle: async (request): Promise<Answer> => {
      const decision = await limiter.count(clientOf(request));
      if (!decision.allowed) throw ProblemError.of(tooManyHooksProblem(decision.resetSeconds));
      if (!feed) throw ProblemError.of(notFollowingGitProblem());
      const body = await readRawBody(request.body, MAX_HOOK_BODY_BYTES);
      if (body === undefined) throw ProblemError.of(hookTooLargeProblem());
      if (!isSigned(request.headers, body, feed.secret)) throw ProblemError.of(unsignedHookProblem(feed.secret !== undefined));
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

function answerOf(status: number, body: HookReceipt): Answer {
  return { ...jsonAnswer(body, {}, status), cache: 'no-store' };
}

