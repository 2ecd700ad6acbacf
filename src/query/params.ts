import * as z from 'zod';
import type { Catalog } from '../content/types.js';
import { clip, QueryError } from './errors.js';
import { closest, nearestNames, withSuggestion } from '../util/suggest.js';

/**
 * The kinds of parameter a query takes, each a zod schema of its value with
 * its description and example as metadata, and each knowing how it is read
 * from a query string (REST: text; several values separated by commas;
 * whole numbers; RFC 3339 instants; a JSON:API sort) and from the arguments
 * of an MCP tool (arrays or comma-separated text for several values, numbers
 * for whole numbers). One declaration parses and validates a request, types
 * the query, words its errors, and documents the parameter (OpenAPI, the MCP
 * tools' arguments, the developer portal, the site's filters). Values the
 * content defines (tags, categories, locales, slugs) are read from the
 * Catalog in force, so a reload changes them too.
 */

/** What a parameter's zod schema carries as metadata. */
export interface ParamMeta {
  readonly description: string;
  /** An example value for documentation; a parameter whose values the content gives takes its example from the Catalog instead. */
  readonly example?: string | number;
}

/** An example drawn from the content in force: undefined when the content has none to give. */
export type Sample = (catalog: Catalog) => string | undefined;

/** A sort read from its parameter: the field, and whether the order is descending. */
export interface SortOrder {
  readonly field: string;
  readonly descending: boolean;
}

/** Refuses a query-string value; the text is the `detail` of the invalid_parameter. */
type Refuse = (detail: string) => never;

/** How an MCP argument is described and worded, where a tool says more than the parameter. */
export interface ArgumentOptions {
  /** The argument's description (the parameter's own otherwise). */
  readonly description?: string;
  /** A whole number's default, where a tool asks for fewer than the REST API (the parameter's own otherwise). */
  readonly default?: number;
}

/*
 * MCP arguments: errors are worded "expected ...; got ...", and the SDK turns
 * a failed validation into an isError result, appending " at <argument>".
 */

/** Values listed in an error or a description: each quoted. */
export function quoted(values: readonly string[]): string {
  return values.length === 0 ? '(none: this site has no such value)' : values.map((v) => JSON.stringify(v)).join(', ');
}

/** An argument value echoed in an error, cut short: a message never grows with the request. */
export function got(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (typeof input === 'string' && input.length > 100) return `a text of ${[...input].length} characters`;
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** Values in a REST error: each in double quotes. */
const list = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** The metadata of `schema` (its description, and its example unless the content gives it). */
function metaOf(schema: z.ZodType, sampled = false): ParamMeta {
  const meta = schema.meta() as Partial<ParamMeta> | undefined;
  if (meta?.description === undefined || (meta.example === undefined && !sampled)) throw new Error('a parameter declares its description and example as zod metadata');
  return { description: meta.description, ...(meta.example === undefined ? {} : { example: meta.example }) };
}

abstract class BaseParam<V, A = unknown> {
  abstract readonly type: 'integer' | 'enum' | 'text' | 'instant' | 'sort';
  /** An absent required parameter is `missing_parameter`. */
  readonly required: boolean = false;

  constructor(
    readonly meta: ParamMeta,
    readonly sample?: Sample,
  ) {}

  get description(): string {
    return this.meta.description;
  }

  /** A value that works over `catalog`, for examples and hints: the content's own where the content gives the values; undefined when it gives none. */
  exampleIn(catalog: Catalog): string | number | undefined {
    return this.sample ? this.sample(catalog) : this.meta.example;
  }

  /** The metadata a schema over `catalog` carries: the description, and the example when there is one. */
  protected metaIn(catalog: Catalog): ParamMeta {
    const example = this.exampleIn(catalog);
    return { description: this.meta.description, ...(example === undefined ? {} : { example }) };
  }

  /** The value's schema over `catalog`, with the description and example as metadata: what OpenAPI states. */
  abstract schema(catalog: Catalog): z.ZodType;

  /** What the parameter accepts, in words or as the list of allowed values: the `accepted` member of a 400. */
  abstract accepted(catalog: Catalog): string | readonly string[];

  /** The value of an absent parameter. */
  abstract absent(): V;

  /** The value of `value` (given once, not empty), or the refusal of it. */
  abstract read(value: string, name: string, catalog: Catalog, refuse: Refuse): V;

  /** The MCP argument over `catalog` (without one, for any content: content-defined values are plain strings). */
  abstract argument(catalog: Catalog | undefined, options?: ArgumentOptions): z.ZodType<A>;

  /** An MCP argument's value (validated by `argument`), as the query reads it. */
  abstract fromArgument(value: A | undefined): V;
}

/** A whole number within bounds, with a default: `limit`, `offset`. */
export class IntegerParam extends BaseParam<number, number> {
  readonly type = 'integer' as const;
  readonly minimum: number;
  readonly maximum: number | undefined;
  readonly default: number;

  constructor(readonly declared: z.ZodDefault<z.ZodNumber>) {
    super(metaOf(declared));
    const number = declared.unwrap();
    this.minimum = number.minValue ?? 0;
    this.maximum = number.maxValue === null || number.maxValue >= Number.MAX_SAFE_INTEGER ? undefined : number.maxValue;
    this.default = declared.def.defaultValue as number;
  }

  schema(): z.ZodType {
    return this.declared;
  }

  accepted(): string {
    return this.maximum === undefined
      ? `a whole number of at least ${this.minimum} (default ${this.default})`
      : `a whole number from ${this.minimum} to ${this.maximum} (default ${this.default})`;
  }

  absent(): number {
    return this.default;
  }

  read(value: string, name: string, _catalog: Catalog, refuse: Refuse): number {
    // Digits only, no sign, no leading zero: `1e3`, ` 10` and `010` are refused, not read as numbers.
    // Without a maximum any such number is taken: an offset past every record is an empty page, not an error.
    const number = Number(value);
    const inRange = /^(?:0|[1-9]\d*)$/.test(value) && number >= this.minimum && (this.maximum === undefined || number <= this.maximum);
    if (!inRange) refuse(`The parameter "${name}" must be ${this.accepted()}; got "${clip(value)}".`);
    return number;
  }

  argument(_catalog?: Catalog, options: ArgumentOptions = {}): z.ZodType<number> {
    const range = this.maximum === undefined ? `at least ${this.minimum}` : `from ${this.minimum} to ${this.maximum}`;
    const fallback = options.default ?? this.default;
    const error = (issue: { readonly input?: unknown }) => `expected a whole number ${range} (default ${fallback}); got ${got(issue.input)}`;
    const bounded = z.int({ error }).min(this.minimum, { error });
    return (this.maximum === undefined ? bounded : bounded.max(this.maximum, { error })).default(fallback).describe(options.description ?? this.description);
  }

  fromArgument(value: number | undefined): number {
    return value ?? this.default;
  }
}

/** The values an enumerated parameter takes: fixed, or the Catalog's. */
export type Values = readonly string[] | ((catalog: Catalog) => readonly string[]);

abstract class EnumBase<V, A> extends BaseParam<V, A> {
  readonly type = 'enum' as const;
  abstract readonly multiple: boolean;

  constructor(
    readonly allowed: Values,
    meta: ParamMeta,
  ) {
    // Values the content gives are shown by one of its own, the first.
    super(meta, typeof allowed === 'function' && meta.example === undefined ? (catalog) => allowed(catalog)[0] : undefined);
  }

  /** The values allowed over `catalog`. */
  values(catalog: Catalog): readonly string[] {
    return typeof this.allowed === 'function' ? this.allowed(catalog) : this.allowed;
  }

  /** One allowed value over `catalog`, built once per Catalog. */
  protected member(catalog: Catalog): z.ZodEnum {
    let member = this.#members.get(catalog);
    if (!member) {
      member = z.enum([...this.values(catalog)]);
      this.#members.set(catalog, member);
    }
    return member;
  }

  readonly #members = new WeakMap<Catalog, z.ZodEnum>();

  /** Each allowed value over a Catalog, by its folded form. */
  readonly #byFolded = new WeakMap<Catalog, ReadonlyMap<string, readonly string[]>>();

  /**
   * The allowed values `given` stands for: itself when it is one, else every
   * one written the same but for case and accents (`pt-br` and `PT-BR`
   * stand for `pt-BR`, `etudes` for `Études`); none when it is none of them.
   */
  canonical(catalog: Catalog, given: string): readonly string[] {
    const values = this.values(catalog);
    if (values.includes(given)) return [given];
    let byFolded = this.#byFolded.get(catalog);
    if (!byFolded) {
      const made = new Map<string, string[]>();
      for (const value of values) made.set(folded(value), [...(made.get(folded(value)) ?? []), value]);
      byFolded = made;
      this.#byFolded.set(catalog, byFolded);
    }
    return byFolded.get(folded(given)) ?? [];
  }

  accepted(catalog: Catalog): readonly string[] {
    return this.values(catalog);
  }
}

/** A message ended as a sentence: a question keeps its mark. */
const sentence = (message: string) => (message.endsWith('?') ? message : `${message}.`);

/** "did you mean "pt-BR"? " before an argument's error, when a value is near the one given. */
function didYouMean(given: unknown, values: readonly string[]): string {
  const nearest = typeof given === 'string' ? closest(given, values) : [];
  return nearest.length > 0 ? `did you mean ${quoted(nearest)}? ` : '';
}

/** A value as enumerations compare it: without case or accents (NFD, combining marks dropped, lowercase). */
export function folded(value: string): string {
  return value.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** What case and accents do to an enumerated value, as a tool's argument says it. */
export const FORGIVING = 'Case and accents do not matter.';

/**
 * One of `values` with two other writings that stand for it: its accents
 * dropped and lowercased, and uppercased (`Leistungen` from `leistungen` and
 * `LEISTUNGEN`). A value with accents is shown first, else one with
 * capitals; undefined when there is no value.
 */
export function writingsOf(values: readonly string[]): { readonly value: string; readonly others: readonly [string, string] } | undefined {
  const value = values.find((v) => folded(v) !== v.toLowerCase()) ?? values.find((v) => v !== v.toLowerCase()) ?? values[0];
  if (value === undefined) return undefined;
  const capitalized = value.charAt(0).toUpperCase() + value.slice(1);
  const [first = value, second = value] = [...new Set([folded(value), value.toUpperCase(), capitalized])].filter((v) => v !== value);
  return { value, others: [first, second] };
}

/** What case and accents do to an enumerated value, as the REST documents say it, shown on one of `values`. */
export function enumerationsForgive(values: readonly string[]): string {
  const shown = writingsOf(values);
  return shown
    ? `case and accents do not matter: \`${shown.others[0]}\` or \`${shown.others[1]}\` is read as \`${shown.value}\`, and the answer shows the value as the content writes it`
    : 'case and accents do not matter, and the answer shows the value as the content writes it';
}

/** One value among those allowed: `kind`, a page's `locale`. */
export class ChoiceParam extends EnumBase<string | undefined, string> {
  readonly multiple = false as const;

  absent(): undefined {
    return undefined;
  }

  schema(catalog: Catalog): z.ZodType {
    return this.member(catalog).meta({ ...this.metaIn(catalog) });
  }

  read(value: string, name: string, catalog: Catalog, refuse: Refuse): string {
    const canonical = this.canonical(catalog, value)[0];
    if (canonical === undefined) refuse(sentence(withSuggestion(`The parameter "${name}" must be one of ${list(this.values(catalog))}; got "${clip(value)}"`, closest(value, this.values(catalog)))));
    return canonical;
  }

  argument(catalog: Catalog | undefined, options: ArgumentOptions = {}): z.ZodType<string> {
    // That case and accents do not matter is said once, by the tool (FORGIVING), not by each argument.
    const description = options.description ?? this.description;
    if (catalog === undefined) return z.string().describe(description);
    const values = [...this.values(catalog)];
    // Read as the value it stands for (whatever its case and accents), then checked: the JSON Schema states the values as written.
    const one = z.enum(values, { error: (issue) => `${didYouMean(issue.input, values)}expected one of ${quoted(values)}; got ${got(issue.input)}` });
    return z.preprocess((input) => (typeof input === 'string' ? (this.canonical(catalog, input)[0] ?? input) : input), one).describe(description) as z.ZodType<string>;
  }

  fromArgument(value: string | undefined): string | undefined {
    return value;
  }
}

/** What a tool whose arguments filter says once of them all: several values, case and accents. */
export const FILTERS = 'Filters take one value or several (an array, or comma-separated), any matching; case and accents do not matter.';

/** What several values of a filter look like, as the MCP arguments' errors say it. */
const SEVERAL = 'several as an array (["A", "B"]) or in one string separated by commas ("A,B"), meaning any of them';

/**
 * A regular expression of `values` separated by commas, as JSON Schema's
 * `pattern` (ECMA-262; validators such as Ajv compile it with the `u` flag,
 * under which only syntax characters and `/` may be escaped).
 */
function commaListPattern(values: readonly string[]): string {
  // No value at all (a list the content leaves empty): nothing matches.
  if (values.length === 0) return '^(?!)';
  const one = `(?:${values.map((v) => v.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|')})`;
  return `^${one}(?:,${one})*$`;
}

/**
 * A filter: one value or several, meaning any of them. REST takes them as
 * one parameter separated by commas (`status=live,coming-soon`); the values
 * themselves never hold a comma, as the content may not give one a
 * filterable value. An MCP argument takes one value, an array of values, or
 * the REST form: agents write all three.
 */
export class ChoicesParam extends EnumBase<readonly string[] | undefined, string | string[]> {
  readonly multiple = true as const;

  absent(): undefined {
    return undefined;
  }

  schema(catalog: Catalog): z.ZodType {
    // The values are a set: the same one twice is read once.
    return z.array(this.member(catalog)).min(1).meta({ ...this.metaIn(catalog), uniqueItems: true });
  }

  read(value: string, name: string, catalog: Catalog, refuse: Refuse): readonly string[] {
    const allowed = this.values(catalog);
    const given = value.split(',');
    if (given.includes('')) refuse(`The parameter "${name}" has an empty value between its commas; got "${clip(value)}".`);
    const unknown = given.find((one) => this.canonical(catalog, one).length === 0);
    if (unknown !== undefined) refuse(sentence(withSuggestion(`The parameter "${name}" takes values among ${list(allowed)}, separated by commas; got "${clip(unknown)}"`, closest(unknown, allowed))));
    return [...new Set(given.flatMap((one) => this.canonical(catalog, one)))];
  }

  argument(catalog: Catalog | undefined, options: ArgumentOptions = {}): z.ZodType<string | string[]> {
    // How several values are written is said once, by the tool (FILTERS), not by each argument.
    const text = options.description ?? this.description;
    if (catalog === undefined) return z.union([z.string(), z.array(z.string()).min(1)]).describe(text);
    const values = [...this.values(catalog)];
    const error = (issue: { readonly input?: unknown }) => {
      const given = Array.isArray(issue.input) ? issue.input : typeof issue.input === 'string' ? issue.input.split(',') : undefined;
      const wrong = given === undefined || given.length === 0 ? issue.input : given.find((one) => !values.includes(one as string));
      const what = given !== undefined && given.length > 1 ? `; ${got(wrong)} is not one of them` : '';
      return `${didYouMean(wrong, values)}expected one of ${quoted(values)}, or ${SEVERAL}; got ${got(issue.input)}${what}`;
    };
    // Zod reports the issue of the one option whose type matched (a string, an array) when there is one: each says the same.
    const one = z.enum(values, { error });
    const several = z.array(one, { error }).min(1, { error });
    const commas = z.string({ error }).regex(new RegExp(commaListPattern(values)), { error });
    // Each value is read as the values it stands for (whatever its case and accents), then checked.
    const standFor = (value: unknown): readonly unknown[] => {
      const canonical = typeof value === 'string' ? this.canonical(catalog, value) : [];
      return canonical.length > 0 ? canonical : [value];
    };
    const canonical = (input: unknown) => {
      if (Array.isArray(input)) return input.flatMap(standFor);
      if (typeof input !== 'string') return input;
      const given = input.split(',').flatMap(standFor);
      return given.length === 1 ? given[0] : given.join(',');
    };
    return z.preprocess(canonical, z.union([one, several, commas], { error })).describe(text) as z.ZodType<string | string[]>;
  }

  /** The values, each once, in the order given. */
  fromArgument(value: string | string[] | undefined): readonly string[] | undefined {
    if (value === undefined) return undefined;
    return [...new Set(typeof value === 'string' ? value.split(',') : value)];
  }
}

/** Required text within a length in characters (code points, not UTF-16 units): search's `q`. */
export class TextParam extends BaseParam<string, string> {
  readonly type = 'text' as const;
  override readonly required = true as const;
  readonly minLength: number;
  readonly maxLength: number;

  constructor(
    readonly declared: z.ZodString,
    sample?: Sample,
  ) {
    super(metaOf(declared, sample !== undefined), sample);
    this.minLength = declared.minLength ?? 0;
    this.maxLength = declared.maxLength ?? Number.MAX_SAFE_INTEGER;
  }

  schema(catalog: Catalog): z.ZodType {
    return this.sample ? this.declared.meta({ ...this.metaIn(catalog) }) : this.declared;
  }

  accepted(): string {
    return `text of ${this.minLength} to ${this.maxLength} characters`;
  }

  absent(): string {
    throw new Error('a required parameter has no absent value: parseQuery answers missing_parameter');
  }

  read(value: string, name: string, _catalog: Catalog, refuse: Refuse): string {
    const length = [...value].length;
    if (value.trim() === '') refuse(`The parameter "${name}" is blank.`);
    if (length < this.minLength || length > this.maxLength) refuse(`The parameter "${name}" must be ${this.minLength} to ${this.maxLength} characters long; it has ${length}.`);
    return value;
  }

  /** The text an agent gives; `what` says what it is in the errors ("the words to look for"). */
  argument(_catalog?: Catalog, options: ArgumentOptions & { readonly what?: string } = {}): z.ZodType<string> {
    const what = options.what ?? 'text';
    const error = (issue: { readonly input?: unknown }) => `expected ${what}, ${this.minLength} to ${this.maxLength} characters; got ${got(issue.input)}`;
    return z
      .string({ error })
      .min(this.minLength, { error })
      .max(this.maxLength, { error })
      .refine((value) => value.trim() !== '', { error: `expected ${what}; got only spaces` })
      .describe(options.description ?? this.description);
  }

  fromArgument(value: string | undefined): string {
    return value ?? '';
  }
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2})))?$/i;

/** RFC 3339's date-time alone (section 5.6; T and Z in either case, section 5.6's note), as a JSON Schema pattern: no flags. */
const RFC3339_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Whether the fields of an RFC 3339 date-time are within the ranges of its
 * section 5.7: `Date.parse` takes 2026-02-30 for March 2 and 24:00 for the
 * next midnight. (A leap second, 60, is refused: JavaScript time has none.)
 */
function inRange(fields: readonly (string | undefined)[]): boolean {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] = fields.map((field) => (field === undefined ? 0 : Number(field)));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 23 && offsetMinute <= 59;
}

/** An RFC 3339 date-time, or a date alone for its midnight UTC, as epoch milliseconds; undefined when it is neither. */
export function readInstant(value: string): number | undefined {
  const match = RFC3339.exec(value);
  if (!match || !inRange(match.slice(1))) return undefined;
  const instant = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isFinite(instant) ? instant : undefined;
}

/** An instant, RFC 3339 (`2026-03-14T12:00:00Z`, an offset, or a date alone for its midnight UTC), as epoch milliseconds. */
export class InstantParam extends BaseParam<number | undefined, string> {
  readonly type = 'instant' as const;

  /**
   * An RFC 3339 date-time, or a full-date (RFC 3339 section 5.6): JSON
   * Schema's `date-time` or `date`. The date-time's pattern is the grammar
   * of section 5.6 that `readInstant` reads, where validators' `date-time`
   * also takes a space for the T or an offset without its colon.
   */
  schema(): z.ZodType {
    return z.union([z.string().regex(RFC3339_DATE_TIME).meta({ format: 'date-time' }), z.string().meta({ format: 'date' })]).meta({ ...this.meta });
  }

  accepted(): string {
    return 'an RFC 3339 date-time such as 2026-03-14T12:00:00Z (an offset such as -03:00, or a date alone such as 2026-03-14 for its midnight UTC)';
  }

  absent(): undefined {
    return undefined;
  }

  read(value: string, name: string, _catalog: Catalog, refuse: Refuse): number {
    const instant = readInstant(value);
    if (instant === undefined) refuse(`The parameter "${name}" must be ${this.accepted()}; got "${clip(value)}".`);
    return instant;
  }

  argument(_catalog?: Catalog, options: ArgumentOptions = {}): z.ZodType<string> {
    const error = (issue: { readonly input?: unknown }) => `expected an RFC 3339 date-time such as 2026-03-14T12:00:00Z (or a date alone, such as 2026-03-14); got ${got(issue.input)}`;
    return z
      .string({ error })
      .refine((value) => readInstant(value) !== undefined, { error })
      .describe(options.description ?? this.description);
  }

  fromArgument(value: string | undefined): number | undefined {
    return value === undefined ? undefined : readInstant(value);
  }
}

/**
 * The order of a list, JSON:API style: a field name, `-` before it for
 * descending (`sort=-published_at`). Absent: the list's own order, which
 * may also have a name of its own (search's `relevance`).
 */
export class SortParam extends BaseParam<SortOrder | undefined, string> {
  readonly type = 'sort' as const;

  constructor(
    readonly fields: readonly string[],
    meta: ParamMeta,
    /** The name of the list's own order, when it can be asked for by name. */
    readonly ownOrder?: string,
  ) {
    super(meta);
  }

  /** Every value it takes: the own order's name, then each field, ascending then descending. */
  get orders(): readonly string[] {
    return [...(this.ownOrder === undefined ? [] : [this.ownOrder]), ...this.fields.flatMap((field) => [field, `-${field}`])];
  }

  schema(): z.ZodType {
    return z.enum([...this.orders]).meta({ ...this.meta });
  }

  accepted(): readonly string[] {
    return this.orders;
  }

  absent(): undefined {
    return undefined;
  }

  /** `field` or `-field` for one of the fields it sorts by; undefined otherwise. */
  order(value: string): SortOrder | undefined {
    const descending = value.startsWith('-');
    const field = descending ? value.slice(1) : value;
    return this.fields.includes(field) ? { field, descending } : undefined;
  }

  read(value: string, name: string, _catalog: Catalog, refuse: Refuse): SortOrder | undefined {
    if (value === this.ownOrder) return undefined;
    const order = this.order(value);
    if (!order) refuse(`The parameter "${name}" must be one of ${list(this.orders)}; got "${clip(value)}".`);
    return order;
  }

  argument(_catalog?: Catalog, options: ArgumentOptions = {}): z.ZodType<string> {
    const values = [...this.orders];
    return z.enum(values, { error: (issue) => `expected one of ${quoted(values)}; got ${got(issue.input)}` }).describe(options.description ?? this.description);
  }

  fromArgument(value: string | undefined): SortOrder | undefined {
    return value === undefined ? undefined : this.order(value);
  }
}

export type Param = IntegerParam | ChoiceParam | ChoicesParam | TextParam | InstantParam | SortParam;
export type ParamSpec = Readonly<Record<string, Param>>;

/** The value a parameter is read as. */
export type ValueOf<P extends Param> = ReturnType<P['absent']> | ReturnType<P['read']>;
export type QueryOf<S extends ParamSpec> = { readonly [K in keyof S]: ValueOf<S[K]> };

// ------------------------------------------------------------- declarations

/** A whole number, declared by its zod schema: bounds, default, and its description and example as metadata. */
export const integer = (declared: z.ZodDefault<z.ZodNumber>) => new IntegerParam(declared);

/** One value among `values` (fixed, or the Catalog's). */
export const oneOf = (values: Values, meta: ParamMeta) => new ChoiceParam(values, meta);

/** One value or several among `values`, meaning any of them. */
export const anyOf = (values: Values, meta: ParamMeta) => new ChoicesParam(values, meta);

/** Required text, declared by its zod schema: its length bounds, and its description and example as metadata (or its example drawn from the content by `sample`). */
export const text = (declared: z.ZodString, sample?: Sample) => new TextParam(declared, sample);

/** An RFC 3339 instant. */
export const instant = (meta: ParamMeta) => new InstantParam(meta);

/** The order of a list by one of `fields`, or by its own order, named `ownOrder` when given. */
export const sortBy = (fields: readonly string[], meta: ParamMeta, ownOrder?: string) => new SortParam(fields, meta, ownOrder);

/**
 * A `:slug` path parameter: the slugs in force and, where the content may add
 * more, the grammar every one follows (`pattern`), which is what a client is
 * told to send instead of today's list.
 */
export interface SlugParam {
  readonly description: string;
  readonly values: (catalog: Catalog) => readonly string[];
  readonly pattern?: RegExp;
}

/**
 * A slug as an MCP argument: one of the slugs in force (the tool's argument
 * lists them all), or, where they are many, any text, which the tool looks up
 * and answers with every valid slug when there is none. `from` says where a
 * caller finds slugs ("list_posts or search_content").
 */
export function slugArgument(slug: SlugParam, catalog: Catalog | undefined, options: { readonly description: string; readonly from?: string }): z.ZodType<string> {
  if (options.from !== undefined) {
    const expected = `expected ${options.from}`;
    return z
      .string({ error: (issue) => `${expected}; got ${got(issue.input)}` })
      .min(1, { error: `${expected}; got ""` })
      .describe(options.description);
  }
  if (catalog === undefined) return z.string().describe(options.description);
  const values = [...slug.values(catalog)];
  // Case and accents forgiven, as every other argument forgives them: `Café` is `cafe`.
  const canonical = (input: unknown) => (typeof input === 'string' && !values.includes(input) && values.includes(folded(input)) ? folded(input) : input);
  const error = (issue: { readonly input?: unknown }) => {
    const nearest = typeof issue.input === 'string' ? nearestNames(issue.input, values) : [];
    return `${nearest.length > 0 ? `did you mean ${quoted(nearest)}? ` : ''}expected one of ${quoted(values)}; got ${got(issue.input)}`;
  };
  return z.preprocess(canonical, z.enum(values, { error })).describe(options.description) as z.ZodType<string>;
}

// ------------------------------------------------------------- the query string

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

/** A query string as the pipeline reads it: each name with its value, or its values when repeated. */
export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

/** What a parameter accepts, in words or as the list of its values: the `accepted` member of a 400. */
export function accepted(param: Param, catalog: Catalog): string | readonly string[] {
  return param.accepted(catalog);
}

/** Values that work over `catalog`: every required parameter, then `name`, each with its example; undefined when the content gives `name` no value. */
function exampleOf(spec: ParamSpec, name: string, catalog: Catalog): Record<string, string | number> | undefined {
  const names = Object.keys(spec).filter((other) => other !== name && spec[other]?.required);
  const values: [string, string | number][] = [];
  for (const n of [...names, name]) {
    const value = spec[n]!.exampleIn(catalog);
    if (value === undefined) return undefined;
    values.push([n, value]);
  }
  return Object.fromEntries(values);
}

/** The query string of a call that works over `catalog`: every required parameter at its example. */
export function requiredExample(spec: ParamSpec, catalog: Catalog): Record<string, string> {
  return Object.fromEntries(Object.entries(spec).flatMap(([name, param]) => (param.required ? [[name, String(param.exampleIn(catalog) ?? '')]] : [])));
}

/**
 * Reads `query` against `spec`. Unknown, repeated, empty, malformed and
 * out-of-range values are `invalid_parameter`; an absent required one is
 * `missing_parameter`. `what` names the query in errors (`/api/v1/posts`).
 */
export function parseQuery<S extends ParamSpec>(spec: S, query: RawQuery, catalog: Catalog, what: string): QueryOf<S> {
  const known = Object.keys(spec);
  for (const name of Object.keys(query)) {
    if (!known.includes(name) && !isIgnoredParameter(name)) {
      throw new QueryError('invalid_parameter', `${what} has no parameter "${clip(name)}".`, { parameter: clip(name), accepted: known, known });
    }
  }

  const values: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(spec)) {
    const raw = query[name];
    const details = () => ({ parameter: name, accepted: param.accepted(catalog), example: exampleOf(spec, name, catalog) });
    const refuse: Refuse = (detail) => {
      throw new QueryError('invalid_parameter', detail, details());
    };
    if (raw === undefined) {
      if (param.required) throw new QueryError('missing_parameter', `${what} requires the parameter "${name}".`, details());
      values[name] = param.absent();
      continue;
    }
    if (Array.isArray(raw)) refuse(`The parameter "${name}" is given ${raw.length} times; give it once.`);
    const value = raw as string;
    if (value === '') refuse(`The parameter "${name}" is empty.`);
    values[name] = param.read(value, name, catalog, refuse);
  }
  return values as QueryOf<S>;
}

// ------------------------------------------------------------- MCP arguments

/** The arguments of an MCP tool: each reads one parameter of its query (`reads`, the same name by default). */
export interface ArgumentSpec<S extends ParamSpec> {
  readonly reads: keyof S & string;
  readonly description?: string;
  /** A whole number's default, when the tool's differs from the parameter's. */
  readonly default?: number;
  /** For text: what it is, in the errors ("the words to look for"). */
  readonly what?: string;
}

/** A tool's zod arguments over `catalog` (or any content): each parameter's own argument, optional unless required or defaulted. */
export function argumentShape<S extends ParamSpec>(spec: S, args: Readonly<Record<string, ArgumentSpec<S>>>, catalog: Catalog | undefined): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(args).map(([name, { reads, ...options }]) => {
      const param = spec[reads] as Param;
      const argument = param.argument(catalog, options);
      // Whole numbers have their default; the rest may be left out unless required.
      return [name, param.type === 'integer' || param.required ? argument : argument.optional()];
    }),
  );
}

/** The query a tool's validated arguments ask for: each parameter read from its argument, the absent ones at their default. */
export function queryOfArguments<S extends ParamSpec>(spec: S, args: Readonly<Record<string, ArgumentSpec<S>>>, values: Readonly<Record<string, unknown>>): QueryOf<S> {
  const query: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(spec)) query[name] = param.type === 'text' ? undefined : param.absent();
  for (const [name, { reads }] of Object.entries(args)) {
    const param = spec[reads] as BaseParam<unknown, unknown>;
    query[reads] = param.fromArgument(values[name]);
  }
  return query as QueryOf<S>;
}
