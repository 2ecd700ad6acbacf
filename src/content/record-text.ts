import { markdownToText, wordCount } from './markdown.js';
import type { Page, Post, Product } from './types.js';

/** Words read per minute, for `reading_time_minutes`. */
const READING_SPEED = 220;

/**
 * Defines `text`, the body as plain text, as a property computed when read:
 * parsing every body is most of the work of loading a large site, and the
 * server can answer before it is done. It is read twice in a Catalog's life:
 * by the search index (built in the background once the server listens),
 * which keeps it with the summary for its excerpts, and for a post's reading
 * time, which is kept (`made` is told each text made). Kept here as well,
 * every body's text was held twice (about 30 MB at 10,000 articles).
 */
export function withPlainText<T extends Product | Post | Page>(record: T, made?: (text: string) => void): T {
  return Object.defineProperty(record, 'text', {
    enumerable: true,
    get: () => {
      const text = markdownToText(record.markdown);
      made?.(text);
      return text;
    },
  });
}

/**
 * Defines a post's `text` and its `reading_time_minutes`, counted from the
 * first text made: on its first read, or before it when the search index
 * reads the text (it reads every post's), so the body is parsed once for both.
 */
export function withTextAndReadingTime(post: Post): Post {
  let minutes: number | undefined;
  const count = (text: string) => (minutes ??= Math.max(1, Math.ceil(wordCount(text) / READING_SPEED)));
  withPlainText(post, count);
  return Object.defineProperty(post, 'reading_time_minutes', { enumerable: true, get: () => minutes ?? count(post.text) });
}
