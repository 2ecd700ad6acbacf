import type { Token } from 'markdown-it';
import { markdown } from '../content/markdown.js';
import type { Html } from './html.js';
import { escapeHtml, trustedHtml } from './html.js';
import type { Words } from '../documents/words.js';

/**
 * Markdown to HTML for the site, with the project's one parser (raw HTML off,
 * links validated). Headings get `id`s so every section can be linked to.
 */

/** The `id`s already used in one HTML document: each new one is made unique. */
export class AnchorIds {
  readonly #used = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const id of reserved) this.#used.add(id);
  }

  /** `base`, or `base-2`, `base-3`, ... if it is taken. */
  claim(base: string): string {
    let id = base;
    for (let n = 2; this.#used.has(id); n += 1) id = `${base}-${n}`;
    this.#used.add(id);
    return id;
  }
}

/**
 * A heading's text as an `id`: accents folded ("Gestão" becomes "gestao"),
 * lowercase, runs of anything but letters, digits and "_" become one "-".
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

export interface Heading {
  readonly level: number;
  readonly id: string;
  readonly text: string;
}

export interface RenderedMarkdown {
  readonly html: Html;
  readonly headings: readonly Heading[];
}

function inlineText(token: Token | undefined): string {
  return (token?.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

/** What a body's picture is shown as, when the site has more to offer than its `<img>` (its sizes and formats). */
export type BodyPictureHtml = (src: string, alt: string, title: string | undefined) => Html | undefined;

export interface RenderOptions {
  /** The `id`s the rest of the document already uses. */
  readonly ids?: AnchorIds;
  /** Each picture of the body in its place, where it gives one; markdown-it's `<img>` otherwise. */
  readonly picture?: BodyPictureHtml;
}

export function renderMarkdown(source: string, w: Words, options: RenderOptions = {}): RenderedMarkdown {
  const { ids = new AnchorIds(), picture } = options;
  const env = {};
  const tokens = markdown.parse(source, env);
  const headings: Heading[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const text = inlineText(tokens[index + 1]);
      const id = ids.claim(slugify(text));
      token.attrSet('id', id);
      headings.push({ level: Number(token.tag.slice(1)), id, text });
    } else if (token.type === 'fence' || token.type === 'code_block') {
      // A code block wider than a phone scrolls; WCAG 2.1.1 wants it reachable by keyboard.
      token.attrSet('tabindex', '0');
    } else if (token.type === 'inline' && picture) {
      for (const child of token.children ?? []) {
        if (child.type !== 'image') continue;
        const alt = markdown.renderer.renderInlineAsText(child.children ?? [], markdown.options, env);
        const title = child.attrGet('title');
        const shown = picture(String(child.attrGet('src') ?? ''), alt, title === null ? undefined : String(title));
        if (shown === undefined) continue;
        // The renderer writes an html_inline token's content as it is, whatever the parser's `html` option: here, HTML escaped by html``.
        child.type = 'html_inline';
        child.content = shown.toString();
        child.children = null;
      }
    }
  });
  const rendered = markdown.renderer
    .render(tokens, markdown.options, env)
    // Raw HTML is off, so "<table>" in the output can only be the renderer's own
    // tag (an author's would be escaped): wrap each in a keyboard-scrollable region.
    .replaceAll('<table>', `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(w('frame.table'))}"><table>`)
    .replaceAll('</table>', '</table></div>');
  return { html: trustedHtml(rendered), headings };
}
