import { matchedPath, REDIRECTS_FILE, redirectMatcher } from '../content/redirects.js';
import type { Redirect } from '../content/types.js';

/**
 * Where each entry of `redirects.yaml` leads, as `vitrine check` judges it:
 * its `to` must reach something, judged as a link in a body is (`judge`,
 * the check's one judge of links), or be the `from` of another entry, which
 * is then followed until it ends on a route, leaves the site, or comes back
 * to an entry already passed (a loop: the visitor is sent round forever).
 */

/** One entry's problem: its field (`3.to`), what is wrong, and whether it breaks the redirect (an error) or only makes it useless (a warning). */
export interface RedirectProblem {
  readonly file: typeof REDIRECTS_FILE;
  readonly field: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/** Why a link leads nowhere (with what it may have meant), or undefined when it answers or leaves the site: the check's judge of body links. */
export type LinkJudge = (target: string) => string | undefined;

export function redirectProblems(redirects: readonly Redirect[], judge: LinkJudge): RedirectProblem[] {
  const match = redirectMatcher(redirects);
  const problems: RedirectProblem[] = [];
  redirects.forEach((redirect, index) => {
    // An entry without a query is used only where no route answers: on a path that answers, never
    // (but for `/about/` to `/about`, which the site's own trailing-slash redirect answers as written).
    if (redirect.query.length === 0 && judge(redirect.from) === undefined && matchedPath(redirect.from) !== matchedPath(redirect.to)) {
      const message = `is never used: the site answers ${redirect.from} itself, and a redirect never takes a route's place; remove the entry, or the page at that path`;
      problems.push({ file: REDIRECTS_FILE, field: `${index}.from`, message, severity: 'warning' });
      return;
    }
    const message = problemOf(redirect, redirects, match, judge);
    if (message) problems.push({ file: REDIRECTS_FILE, field: `${index}.to`, message, severity: 'error' });
  });
  return problems;
}

/** The problem of the chain that starts at `first`, or undefined when it ends somewhere that answers. */
function problemOf(first: Redirect, redirects: readonly Redirect[], match: ReturnType<typeof redirectMatcher>, judge: LinkJudge): string | undefined {
  const passed = [first];
  let current = first;
  for (;;) {
    const dead = judge(current.to);
    const next = current.to.startsWith('/') ? nextOf(current.to, match) : undefined;
    // As the server does: an entry with a query is followed even where a route answers; one without only where none does.
    if (!next || (next.query.length === 0 && dead === undefined)) return dead === undefined ? undefined : deadMessage(first, current, dead);
    if (passed.includes(next)) return loopMessage([...passed, next]);
    passed.push(next);
    current = next;
  }
}

function nextOf(to: string, match: ReturnType<typeof redirectMatcher>): Redirect | undefined {
  const url = new URL(to, 'http://site.invalid');
  return match(url.pathname, url.search.slice(1));
}

function deadMessage(first: Redirect, last: Redirect, dead: string): string {
  const through = first === last ? '' : ` (through ${written(last)})`;
  return `${last.to} answers nothing${through}: ${dead}`;
}

function loopMessage(chain: readonly Redirect[]): string {
  const addresses = chain.map(written);
  return `is a loop: ${addresses.join(' -> ')}; a visitor would be sent round forever; send one of them to a page that answers`;
}

/** The entry's `from` as written in the file. */
function written(redirect: Redirect): string {
  return redirect.query.length === 0 ? redirect.from : `${redirect.from}?${new URLSearchParams(redirect.query.map(([name, value]): [string, string] => [name, value])).toString()}`;
}
