import { Parser } from 'htmlparser2';

/**
 * The text a reader sees in an HTML fragment, and the short forms of it a
 * record's front matter needs: a title from the first words, a summary from
 * the first sentences.
 */

const BLOCKS = new Set(['p', 'div', 'br', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr', 'td', 'th', 'figcaption', 'section', 'article', 'ul', 'ol', 'table', 'figure', 'hr']);
const HIDDEN = new Set(['script', 'style', 'noscript', 'template']);

/** The visible text of `html`, entities decoded, blocks separated by a line break, spaces collapsed. */
export function visibleText(html: string): string {
  let text = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (HIDDEN.has(name)) hidden++;
        else if (BLOCKS.has(name)) text += '\n';
      },
      onclosetag: (name) => {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCKS.has(name)) text += '\n';
      },
      ontext: (chunk) => {
        if (hidden === 0) text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Up to `words` words of `text`, for a title; an ellipsis says when some are left off. */
export function firstWords(text: string, words = 8, max = 80): string {
  const all = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  let title = all.slice(0, words).join(' ');
  if (title.length > max) title = title.slice(0, max).replace(/\s+\S*$/, '');
  return all.length > words || title.length < all.join(' ').length ? `${title.replace(/[.,;:!?]+$/, '')}…` : title;
}

/** Whole sentences of `text` up to `max` characters (at least the first, cut at a word when it is longer). */
export function firstSentences(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const sentences = flat.match(/[^.!?]+[.!?]+(?:["')\]]+)?(?:\s|$)|[^.!?]+$/g) ?? [flat];
  let summary = '';
  for (const sentence of sentences) {
    if ((summary + sentence).trim().length > max) break;
    summary += sentence;
  }
  summary = summary.trim();
  if (summary) return summary;
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * A summary made from a body: its first two sentences of prose (lines of a
 * few words, not a bare URL: headings, list items and embeds say little
 * alone), at most `max` characters.
 */
export function leadSentences(text: string, max: number, sentences = 2): string {
  const prose = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.split(/\s+/).length >= 4 && !/^https?:\/\/\S+$/.test(line));
  const flat = (prose.length > 0 ? prose : [text]).join(' ').replace(/\s+/g, ' ').trim();
  const found = flat.match(/[^.!?]+[.!?]+(?:["')\]]+)?(?=\s|$)/g) ?? [];
  const lead = found.slice(0, sentences).join(' ').trim();
  return firstSentences(lead || flat, max);
}
