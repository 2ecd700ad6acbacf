import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/**
 * How the project reads markdown. Raw HTML is off: an author's `<script>` is
 * escaped and `javascript:` links are dropped (markdown-it validates links).
 * Whatever reads a body for another purpose (the links the loader resolves)
 * uses these same options, so it sees the very links the site renders.
 */
export const MARKDOWN_OPTIONS = { html: false, linkify: true, typographer: false } as const;

/** The parser the site renders with. */
export const markdown = new MarkdownIt(MARKDOWN_OPTIONS);

/**
 * The parser of markdownToText: the same, without linkify, which would only
 * turn a bare URL into a link around the same text (and costs the first
 * request of a fresh server the compilation of its patterns, when every
 * article's reading time is counted).
 */
const textParser = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Plain text of a markdown document: what search matches and excerpts show. */
export function markdownToText(source: string): string {
  const blocks: string[] = [];
  const walk = (tokens: readonly Token[], out: string[]): void => {
    for (const token of tokens) {
      if (token.children) walk(token.children, out);
      else if (token.type === 'text' || token.type === 'code_inline') out.push(token.content);
      else if (token.type === 'softbreak' || token.type === 'hardbreak') out.push(' ');
      else if (token.type === 'fence' || token.type === 'code_block') out.push(token.content);
    }
  };
  for (const token of textParser.parse(source, {})) {
    const parts: string[] = [];
    walk([token], parts);
    const text = parts.join('').replace(/\s+/g, ' ').trim();
    if (text) blocks.push(text);
  }
  return blocks.join('\n');
}

/** Whole-word count, for reading time. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
