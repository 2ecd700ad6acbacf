import { digestOf } from './digest.js';

/**
 * JSON text of an answer whose `items` repeat from one answer to the next:
 * the pages of a list hold the same records in other groupings, and writing
 * each record's JSON again for every page was most of what a new page cost.
 * A frozen item cannot change, so its text is made once and kept as long as
 * the item lives (with its Catalog); any other item is written as
 * JSON.stringify writes it. The text is JSON.stringify's, byte for byte.
 */
export interface AnswerJson {
  readonly text: string;
  /**
   * When every item is frozen: a digest of the text's members in which each
   * item stands as the digest of its kept text. It changes whenever a byte
   * of `text` does, as the digest of the whole text would, but hashes a few
   * hundred bytes where the text has thousands. Undefined otherwise: the
   * text's own digest is the one to use.
   */
  readonly digest: string | undefined;
}

interface KeptItem {
  readonly text: string;
  digest?: string;
}

const KEPT = new WeakMap<object, KeptItem>();

/** JSON.stringify(body), each frozen item of its top-level `items` written from the text kept for it. */
export function answerJson(body: unknown): AnswerJson {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as { items?: unknown }).items)) {
    return { text: JSON.stringify(body), digest: undefined };
  }
  const members: string[] = [];
  // Each member of the text, length first so that no two sequences of members read alike.
  let framed: string | undefined = '';
  for (const [name, value] of Object.entries(body)) {
    if (name === 'items') {
      const items = value as readonly unknown[];
      const kept = items.map(keptItem);
      members.push(`"items":[${items.map((item, i) => kept[i]?.text ?? JSON.stringify(item) ?? 'null').join(',')}]`);
      if (framed !== undefined && kept.every((item) => item !== undefined)) {
        const digests = (kept as KeptItem[]).map((item) => (item.digest ??= digestOf(item.text))).join(',');
        framed += `items ${digests.length}:${digests}`;
      } else {
        framed = undefined;
      }
    } else if (value !== undefined && typeof value !== 'function' && typeof value !== 'symbol') {
      const member = `${JSON.stringify(name)}:${JSON.stringify(value)}`;
      members.push(member);
      if (framed !== undefined) framed += `member ${member.length}:${member}`;
    }
  }
  return { text: `{${members.join(',')}}`, digest: framed === undefined ? undefined : digestOf(framed) };
}

/** The kept text of a frozen item (made on first use); undefined for any other. */
function keptItem(item: unknown): KeptItem | undefined {
  if (typeof item !== 'object' || item === null || !Object.isFrozen(item)) return undefined;
  let kept = KEPT.get(item);
  if (kept === undefined) KEPT.set(item, (kept = { text: JSON.stringify(item) }));
  return kept;
}
