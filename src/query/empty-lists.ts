/**
 * Why a list that its filters emptied is empty, in the list's own terms: for
 * each filter that alone emptied it, what the list holds without it. A
 * filter of values (a locale, a tag, a category, a status) answers the other
 * values and how many items each has, the other filters kept; a filter of
 * instants (published_since, updated_since, ...) answers the nearest instant
 * on the other side of its bound. A list with items, or without a filter,
 * has no such note. The REST lists and the MCP list tools answer it alike.
 */

/** One filter of a list: how an item meets it. */
export type ListFilter<T> =
  | {
      readonly parameter: string;
      /** The values asked for, as the list's links repeat them. */
      readonly asked: readonly string[];
      /** The values of this filter an item has (its locale, its tags). */
      readonly valuesOf: (item: T) => readonly string[];
    }
  | {
      readonly parameter: string;
      /** The bound asked for, in epoch milliseconds: `at or after` it, or `before` it. */
      readonly bound: number;
      readonly side: 'since' | 'before';
      /** The field of an item it is compared with (`published_at`). */
      readonly field: string;
      /** The instant of an item this bound is compared with (RFC 3339). */
      readonly instantOf: (item: T) => string;
    };

/** What one filter did to the list. */
export interface EmptiedBy {
  /** The parameter (argument) whose filter left nothing. */
  readonly parameter?: string;
  /** What happened and what there is instead, in one or two sentences. */
  readonly detail: string;
  /** The other values of that filter that have items, most first, each with how many. */
  readonly others?: readonly { readonly value: string; readonly total: number }[];
  /** The nearest instant on the other side of that bound that an item has (RFC 3339). */
  readonly nearest?: string;
}

/** The list being explained: what its items are called, and every item it chooses from. */
export interface EmptyList<T> {
  /** Singular and plural ("product", "products"). */
  readonly noun: readonly [string, string];
  readonly items: readonly T[];
  readonly filters: readonly ListFilter<T>[];
  /** A sentence added to what a filter of this parameter says (what a record asked for by slug does meanwhile). */
  readonly also?: Readonly<Record<string, string>>;
}

/** Whether `item` meets `filter`. */
function meets<T>(filter: ListFilter<T>, item: T): boolean {
  if ('asked' in filter) return filter.valuesOf(item).some((value) => filter.asked.includes(value));
  const at = Date.parse(filter.instantOf(item));
  return filter.side === 'since' ? at >= filter.bound : at < filter.bound;
}

const instantText = (at: number) => new Date(at).toISOString().replace(/\.000Z$/, 'Z');

/** What the list holds without `filter`, the others kept; none when that is nothing too. */
function without<T>(list: EmptyList<T>, filter: ListFilter<T>): EmptiedBy | undefined {
  const rest = list.items.filter((item) => list.filters.every((other) => other === filter || meets(other, item)));
  if (rest.length === 0) return undefined;
  const also = list.also?.[filter.parameter] ? ` ${list.also[filter.parameter]}` : '';
  const among = list.filters.length > 1 ? ' among those that meet the other filters' : '';
  if ('asked' in filter) {
    const counts = new Map<string, number>();
    for (const item of rest) for (const value of new Set(filter.valuesOf(item))) counts.set(value, (counts.get(value) ?? 0) + 1);
    const others = [...counts].map(([value, total]) => ({ value, total })).sort((a, b) => b.total - a.total);
    const found = byValues(list.noun, filter.parameter, filter.asked, others, among);
    return { ...found, detail: `${found.detail}${also}` };
  }
  // A fold, not Math.max(...): a list of many thousand items would not fit in the arguments of one call.
  const nearest = rest.reduce((best, item) => {
    const at = Date.parse(filter.instantOf(item));
    return filter.side === 'since' ? Math.max(best, at) : Math.min(best, at);
  }, filter.side === 'since' ? -Infinity : Infinity);
  const found = byInstant(list.noun[0], filter, nearest, among);
  return { ...found, detail: `${found.detail}${also}` };
}

/** What a filter of values emptied: the values the items have without it, most first. */
export function byValues(
  [one, many]: readonly [string, string],
  parameter: string,
  asked: readonly string[],
  others: readonly { readonly value: string; readonly total: number }[],
  among = '',
): EmptiedBy {
  const listed = others.map(({ value, total }) => `${value} (${total})`).join(', ');
  return { parameter, detail: `No ${one} has ${parameter} ${asked.join(' or ')}${among}; without that filter, the ${many} have ${listed}.`, others };
}

/** What a bound of instants emptied: the nearest instant an item has beyond it. */
export function byInstant(one: string, filter: { readonly parameter: string; readonly field: string; readonly bound: number; readonly side: 'since' | 'before' }, nearest: number, among = ''): EmptiedBy {
  const side = filter.side === 'since' ? 'at or after' : 'before';
  return {
    parameter: filter.parameter,
    detail: `No ${one} has ${filter.field} ${side} ${instantText(filter.bound)} (${filter.parameter})${among}; the nearest is ${instantText(nearest)}.`,
    nearest: instantText(nearest),
  };
}

/**
 * Why `list` is empty: each filter that, left out alone, gives items, with
 * what it gives; when none does, that the filters only empty it together,
 * or that there is no item at all. Undefined for a list without filters.
 */
export function whyEmpty<T>(list: EmptyList<T>): readonly EmptiedBy[] | undefined {
  if (list.filters.length === 0) return undefined;
  const [, many] = list.noun;
  if (list.items.length === 0) return [{ detail: `There are no ${many} at all.` }];
  const each = list.filters.map((filter) => without(list, filter)).filter((emptied) => emptied !== undefined);
  if (each.length > 0) return each;
  return [{ detail: `No ${many} meet these filters, nor all of them but any one: leave several out (${list.filters.map((f) => f.parameter).join(', ')}).` }];
}
