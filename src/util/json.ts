import { digestOf } from './digest.js';

/**
 * JSON of an answer whose `items` repeat from one answer to the next: the
 * pages of a list hold the same records in other groupings, and writing
 * each record's JSON again for every page was most of what a new page cost.
 * A frozen item cannot change, so its JSON is made once, as UTF-8 bytes, and
 * kept as long as the item lives (with its Catalog); any other item is
 * written as JSON.stringify writes it. The bytes are JSON.stringify's, byte
 * for byte.
 */
export interface AnswerJson {
  /**
   * The JSON as text; or, when every item is frozen, as parts written one
   * after the other: the members around the items (made for this answer)
   * and each item's kept bytes. A page written from parts encodes none of
   * its records for the socket: a new text is encoded into a new buffer on
   * every write, which cost a server more than the rest of a page.
   */
  readonly body: string | readonly Buffer[];
  /**
   * When every item is frozen: a digest of the members in which each item
   * stands as the digest of its kept bytes. It changes whenever a byte of
   * the JSON does, as the digest of the whole would, but hashes a few
   * hundred bytes where the JSON has thousands. Undefined otherwise: the
   * body's own digest is the one to use.
   */
  readonly digest: string | undefined;
}

interface KeptItem {
  readonly bytes: Buffer;
  digest?: string;
}

const KEPT = new WeakMap<object, KeptItem>();
const COMMA = Buffer.from(',');

/** JSON.stringify(body), each frozen item of its top-level `items` written from the bytes kept for it. */
export function answerJson(body: unknown): AnswerJson {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as { items?: unknown }).items)) {
    return { body: JSON.stringify(body), digest: undefined };
  }
  const kept: KeptItem[] = [];
  for (const item of (body as { items: readonly unknown[] }).items) {
    const made = keptItem(item);
    if (made === undefined) return { body: JSON.stringify(body), digest: undefined };
    kept.push(made);
  }
  // The members in order, the items' array between the text before it and the text after it.
  let before = '{';
  let after = '';
  let items = false;
  // Each member, length first so that no two sequences of members read alike.
  let framed = '';
  for (const [name, value] of Object.entries(body)) {
    if (name === 'items') {
      before += '"items":[';
      items = true;
      const digests = kept.map((item) => (item.digest ??= digestOf(item.bytes))).join(',');
      framed += `items ${digests.length}:${digests}`;
    } else if (value !== undefined && typeof value !== 'function' && typeof value !== 'symbol') {
      const member = `${JSON.stringify(name)}:${JSON.stringify(value)}`;
      if (items) after += `,${member}`;
      else before += `${member},`;
      framed += `member ${member.length}:${member}`;
    }
  }
  const parts: Buffer[] = [Buffer.from(before)];
  for (const [i, item] of kept.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(item.bytes);
  }
  parts.push(Buffer.from(`]${after}}`));
  return { body: parts, digest: digestOf(framed) };
}

/** The kept bytes of a frozen item (made on first use); undefined for any other. */
function keptItem(item: unknown): KeptItem | undefined {
  if (typeof item !== 'object' || item === null || !Object.isFrozen(item)) return undefined;
  let kept = KEPT.get(item);
  if (kept === undefined) KEPT.set(item, (kept = { bytes: Buffer.from(JSON.stringify(item)) }));
  return kept;
}

/** Each frozen list's JSON, as UTF-8 bytes, for as long as the list lives. */
const KEPT_LISTS = new WeakMap<readonly unknown[], Buffer>();

/**
 * The JSON of a flat object as JSON.stringify writes it, byte for byte, but
 * every frozen array among its members written from bytes made once per
 * array: a long list that many answers repeat unchanged (every valid slug,
 * on each 404 of a large site: hundreds of kilobytes at 10,000 articles) is
 * serialized and encoded once, not for every answer. Text when the object
 * holds no such list, else the parts to write one after the other.
 */
export function jsonWithKeptLists(object: Readonly<Record<string, unknown>>): string | Buffer[] {
  const parts: Buffer[] = [];
  let text = '{';
  let first = true;
  for (const [name, value] of Object.entries(object)) {
    // The members JSON.stringify leaves out of an object.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    text += `${first ? '' : ','}${JSON.stringify(name)}:`;
    first = false;
    if (Array.isArray(value) && Object.isFrozen(value)) {
      let bytes = KEPT_LISTS.get(value);
      if (bytes === undefined) KEPT_LISTS.set(value, (bytes = Buffer.from(JSON.stringify(value))));
      parts.push(Buffer.from(text), bytes);
      text = '';
    } else {
      text += JSON.stringify(value);
    }
  }
  text += '}';
  if (parts.length === 0) return text;
  parts.push(Buffer.from(text));
  return parts;
}
