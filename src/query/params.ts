import type { Catalog } from '../content/types.js';
import { clip, QueryError } from './errors.js';

/**
 * Parameters, declared once per query. The same declaration parses and
 * validates a request's values, types the query, words the error and
 * documents the parameter (OpenAPI, the MCP tools' arguments, the developer
 * portal). Allowed values that come from the content are read from the
 * Catalog in force, so a reload changes them too.
 */

interface ParamBase {
  readonly description: string;
  /** An example value for documentation. */
  readonly example: string | number;
}

export interface IntegerParam extends ParamBase {
  readonly type: 'integer';
  readonly minimum: number;
  readonly maximum?: number;
  readonly default: number;
}

export interface EnumParam extends ParamBase {
  readonly type: 'enum';
  readonly values: (catalog: Catalog) => readonly string[];
  /**
   * Several values separated by commas, meaning any of them (`status=live,coming-soon`).
   * The values themselves never hold a comma: the content may not give one a filterable value.
   */
  readonly multiple?: true;
}

export interface TextParam extends ParamBase {
  readonly type: 'text';
  readonly minLength: number;
  readonly maxLength: number;
  readonly required: true;
}

/** An instant, RFC 3339 (`2026-03-14T12:00:00Z`, an offset, or a date alone for its midnight UTC). */
export interface InstantParam extends ParamBase {
  readonly type: 'instant';
}

/**
 * The order of a list, JSON:API style: a field name, `-` before it for
 * descending (`sort=-published_at`). Absent: the list's own order.
 */
export interface SortParam extends ParamBase {
  readonly type: 'sort';
  readonly fields: readonly string[];
}

export type Param = IntegerParam | EnumParam | TextParam | InstantParam | SortParam;
export type ParamSpec = Readonly<Record<string, Param>>;

/** A sort read from its parameter: the field, and whether the order is descending. */
export interface SortOrder {
  readonly field: string;
  readonly descending: boolean;
}

type ValueOf<P extends Param> = P extends IntegerParam
  ? number
  : P extends TextParam
    ? string
    : P extends InstantParam
      ? number | undefined
      : P extends SortParam
        ? SortOrder | undefined
        : P extends { readonly multiple: true }
          ? readonly string[] | undefined
          : string | undefined;
export type QueryOf<S extends ParamSpec> = { readonly [K in keyof S]: ValueOf<S[K]> };

/** What a parameter accepts, in words: the `accepted` member of a 400. */
export function accepted(param: Param, catalog: Catalog): string | readonly string[] {
  switch (param.type) {
    case 'integer':
      return param.maximum === undefined
        ? `a whole number of at least ${param.minimum} (default ${param.default})`
        : `a whole number from ${param.minimum} to ${param.maximum} (default ${param.default})`;
    case 'enum':
      return param.values(catalog);
    case 'text':
      return `text of ${param.minLength} to ${param.maxLength} characters`;
    case 'instant':
      return 'an RFC 3339 date-time such as 2026-03-14T12:00:00Z (an offset such as -03:00, or a date alone for its midnight UTC)';
    case 'sort':
      return param.fields.flatMap((field) => [field, `-${field}`]);
  }
}

/** An RFC 3339 date-time, or a date alone for its midnight UTC, as epoch milliseconds; undefined when it is neither. */
export function readInstant(value: string): number | undefined {
  const instant = RFC3339.test(value) ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value) : Number.NaN;
  return Number.isFinite(instant) ? instant : undefined;
}

/** `field` or `-field` for one of the fields `param` sorts by; undefined otherwise. */
export function readSort(param: SortParam, value: string): SortOrder | undefined {
  const descending = value.startsWith('-');
  const field = descending ? value.slice(1) : value;
  return param.fields.includes(field) ? { field, descending } : undefined;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?$/i;

const INTEGER = /^(?:0|[1-9]\d*)$/;

/** Click identifiers that ad and mail platforms append to links. */
const CLICK_IDS = new Set(['fbclid', 'gclid', 'mc_cid', 'mc_eid']);

/** What isIgnoredParameter lets through, as the documentation writes it. */
export const IGNORED_PARAMETERS: readonly string[] = ['utm_*', ...CLICK_IDS, '_'];

/**
 * Parameters the web adds to links without asking: campaign tags (`utm_*`),
 * click identifiers and the `_` cache-buster of many HTTP clients. Every query
 * ignores them, so a shared link or a cache-busting client still works; any
 * other unknown parameter is an error that names it.
 */
export function isIgnoredParameter(name: string): boolean {
  return name === '_' || name.startsWith('utm_') || CLICK_IDS.has(name);
}

/**
 * Reads `query` against `spec`. Unknown, repeated, empty, malformed and
 * out-of-range values are `invalid_parameter`; an absent required one is
 * `missing_parameter`. `what` names the query in errors (`/api/v1/posts`).
 */
export function parseQuery<S extends ParamSpec>(spec: S, query: Readonly<Record<string, string | string[] | undefined>>, catalog: Catalog, what: string): QueryOf<S> {
  const known = Object.keys(spec);
  for (const name of Object.keys(query)) {
    if (!known.includes(name) && !isIgnoredParameter(name)) {
      throw new QueryError('invalid_parameter', `${what} has no parameter "${clip(name)}".`, { parameter: clip(name), accepted: known, known });
    }
  }

  const values: Record<string, string | number | readonly string[] | SortOrder | undefined> = {};
  for (const [name, param] of Object.entries(spec)) {
    const raw = query[name];
    const fail = (detail: string): never => {
      throw new QueryError('invalid_parameter', detail, { parameter: name, accepted: accepted(param, catalog), example: exampleOf(spec, name) });
    };
    if (raw === undefined) {
      if (param.type === 'text') {
        throw new QueryError('missing_parameter', `${what} requires the parameter "${name}".`, { parameter: name, accepted: accepted(param, catalog), example: exampleOf(spec, name) });
      }
      values[name] = param.type === 'integer' ? param.default : undefined;
      continue;
    }
    if (Array.isArray(raw)) fail(`The parameter "${name}" is given ${raw.length} times; give it once.`);
    const value = raw as string;
    if (value === '') fail(`The parameter "${name}" is empty.`);

    switch (param.type) {
      case 'integer': {
        const number = Number(value);
        const inRange = INTEGER.test(value) && number >= param.minimum && (param.maximum === undefined || number <= param.maximum);
        if (!inRange) fail(`The parameter "${name}" must be ${accepted(param, catalog)}; got "${clip(value)}".`);
        values[name] = number;
        break;
      }
      case 'enum': {
        const allowed = param.values(catalog);
        if (!param.multiple) {
          if (!allowed.includes(value)) fail(`The parameter "${name}" must be one of ${list(allowed)}; got "${clip(value)}".`);
          values[name] = value;
          break;
        }
        const given = value.split(',');
        if (given.includes('')) fail(`The parameter "${name}" has an empty value between its commas; got "${clip(value)}".`);
        const unknown = given.find((one) => !allowed.includes(one));
        if (unknown !== undefined) fail(`The parameter "${name}" takes values among ${list(allowed)}, separated by commas; got "${clip(unknown)}".`);
        values[name] = [...new Set(given)];
        break;
      }
      case 'instant': {
        const instant = readInstant(value);
        if (instant === undefined) fail(`The parameter "${name}" must be ${accepted(param, catalog)}; got "${clip(value)}".`);
        values[name] = instant;
        break;
      }
      case 'sort': {
        const order = readSort(param, value);
        if (!order) fail(`The parameter "${name}" must be one of ${list(accepted(param, catalog) as readonly string[])}; got "${clip(value)}".`);
        values[name] = order;
        break;
      }
      case 'text': {
        const length = [...value].length;
        if (value.trim() === '') fail(`The parameter "${name}" is blank.`);
        if (length < param.minLength || length > param.maxLength) {
          fail(`The parameter "${name}" must be ${param.minLength} to ${param.maxLength} characters long; it has ${length}.`);
        }
        values[name] = value;
        break;
      }
    }
  }
  return values as QueryOf<S>;
}

/** Values that work: every required parameter, then `name`, each with its example. */
function exampleOf(spec: ParamSpec, name: string): Record<string, string | number> {
  const names = Object.keys(spec).filter((other) => other !== name && spec[other]?.type === 'text');
  return Object.fromEntries([...names, name].map((n) => [n, spec[n]!.example]));
}

function list(values: readonly string[]): string {
  return values.map((v) => `"${v}"`).join(', ');
}

export const limitParam = (defaultValue: number, what: string): IntegerParam => ({
  type: 'integer',
  minimum: 1,
  maximum: 100,
  default: defaultValue,
  description: `How many ${what} to return, from 1 to 100.`,
  example: defaultValue,
});

export const offsetParam: IntegerParam = {
  type: 'integer',
  minimum: 0,
  default: 0,
  description: 'How many matching items to skip before the first one returned.',
  example: 0,
};
