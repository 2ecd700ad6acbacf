/**
 * The one error of the query layer: a request the content cannot answer as
 * asked. It says what was wrong and carries what a door needs to tell the
 * caller how to recover; each door renders it in its own format (a problem
 * document, an MCP tool error, an HTML page) and words its own next step.
 */
export type QueryErrorCode = 'invalid_parameter' | 'missing_parameter' | 'not_found';

export interface QueryErrorDetails {
  /** The parameter at fault. */
  readonly parameter?: string;
  /** What it accepts: a sentence, or the list of allowed values. */
  readonly accepted?: string | readonly string[];
  /** Parameter values that work, the one at fault included: a call to suggest. */
  readonly example?: Readonly<Record<string, string | number>>;
  /** For an unknown parameter: the parameters there are. */
  readonly known?: readonly string[];
  /** For a record not found: its kind and every slug that exists. */
  readonly kind?: RecordKind;
  readonly validSlugs?: readonly string[];
  /** For a record not found: the slugs nearest to the one given, nearest first (none when nothing is near). */
  readonly nearest?: readonly string[];
}

export type RecordKind = 'product' | 'post' | 'page';

export class QueryError extends Error {
  constructor(
    readonly code: QueryErrorCode,
    /** What went wrong, one sentence, in terms any door can show. */
    readonly detail: string,
    readonly details: QueryErrorDetails = {},
  ) {
    super(detail);
    this.name = 'QueryError';
  }
}

/** Echoed input is cut short: an error never grows with the request. */
export function clip(value: string, length = 100): string {
  return value.length > length ? `${value.slice(0, length)}…` : value;
}
