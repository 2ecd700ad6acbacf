/**
 * JSON text of an answer whose `items` repeat from one answer to the next:
 * the pages of a list hold the same records in other groupings, and writing
 * each record's JSON again for every page was most of what a new page cost.
 * A frozen item cannot change, so its text is made once and kept as long as
 * the item lives (with its Catalog); any other item is written as
 * JSON.stringify writes it. The text is JSON.stringify's, byte for byte.
 */

const TEXTS = new WeakMap<object, string>();

/** JSON.stringify(body), each frozen item of its top-level `items` written from the text kept for it. */
export function answerJson(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as { items?: unknown }).items)) return JSON.stringify(body);
  const members: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (name === 'items') members.push(`"items":[${(value as readonly unknown[]).map(itemJson).join(',')}]`);
    else if (value !== undefined && typeof value !== 'function' && typeof value !== 'symbol') members.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
  }
  return `{${members.join(',')}}`;
}

function itemJson(item: unknown): string {
  if (typeof item !== 'object' || item === null || !Object.isFrozen(item)) return JSON.stringify(item) ?? 'null';
  let text = TEXTS.get(item);
  if (text === undefined) TEXTS.set(item, (text = JSON.stringify(item)));
  return text;
}
