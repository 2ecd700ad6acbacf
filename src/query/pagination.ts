import type { EmptiedBy } from './empty-lists.js';

/** The envelope of every list: a page of items, the total that match, and links to the neighbouring pages (the API also sends them as a Link header). */

export interface Collection<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly next: string | null;
  readonly prev: string | null;
  /** When its filters left nothing: why, and what there is instead (src/query/empty-lists.ts). */
  readonly why_empty?: readonly EmptiedBy[];
}

export interface PageRequest {
  /** Absolute URL of the collection, without a query. */
  readonly endpoint: string;
  /** The caller's filters, kept in `next` and `prev`. */
  readonly filters: Readonly<Record<string, string | undefined>>;
  readonly limit: number;
  readonly offset: number;
}

export function paginate<T, R>(all: readonly T[], request: PageRequest, present: (item: T) => R): Collection<R> {
  const { limit, offset } = request;
  return { items: all.slice(offset, offset + limit).map(present), total: all.length, limit, offset, ...pageLinks(request, all.length) };
}

/** Where the page after `offset` and `limit` starts among `total` matches; null when this one is the last. */
export function nextOffset(offset: number, limit: number, total: number): number | null {
  return offset + limit < total ? offset + limit : null;
}

/** The links to the pages either side of `request` among `total` matches, the caller's filters kept. */
export function pageLinks(request: PageRequest, total: number): { next: string | null; prev: string | null } {
  const { limit, offset } = request;
  const link = (at: number) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.filters)) if (value !== undefined) query.set(name, value);
    query.set('limit', String(limit));
    query.set('offset', String(at));
    return `${request.endpoint}?${query}`;
  };
  return {
    next: nextOffset(offset, limit, total) === null ? null : link(offset + limit),
    // Past the end, "prev" leads back to the last page that has items.
    prev: offset > 0 ? link(Math.max(0, Math.min(offset - limit, lastPageStart(total, limit)))) : null,
  };
}

function lastPageStart(total: number, limit: number): number {
  return total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
}

