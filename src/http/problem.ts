/**
 * Problem details (RFC 9457): the one error type of the HTTP side, rendered
 * once per door (a problem document, a JSON-RPC error, an HTML page). The
 * codes, their statuses and the document's members are declared in
 * src/model/problems.ts; this is what the pipeline raises and catches.
 */

import type { Problem, ProblemCode, ProblemDefinition, ProblemInit } from '../model/problems.js';
import { internalErrorProblem, PROBLEM_MEDIA_TYPE, PROBLEMS, statusOf } from '../model/problems.js';


/** The stable machine codes and their HTTP status. */
export const PROBLEM_CODES: Readonly<Record<ProblemCode, ProblemDefinition>> = PROBLEMS;

/** The Content-Type of every problem document. */
export const PROBLEM_TYPE = `${PROBLEM_MEDIA_TYPE}; charset=utf-8`;

export class ProblemError extends Error implements Problem {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ProblemCode,
    readonly init: ProblemInit,
  ) {
    super(init.detail);
    this.name = 'ProblemError';
    const { code: status, title } = statusOf(this);
    this.status = status;
    this.title = title;
  }

  /** A problem declared in src/model/problems.ts, raised. */
  static of(problem: Problem): ProblemError {
    return new ProblemError(problem.code, problem.init);
  }
}

/** The generic 500: it says nothing of the cause, which goes to the log only. */
export function internalError(): ProblemError {
  return ProblemError.of(internalErrorProblem());
}
