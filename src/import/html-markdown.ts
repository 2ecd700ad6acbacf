import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

/**
 * HTML to markdown (CommonMark with GitHub's tables, strikethrough and task
 * lists), through turndown and its GFM plugin: headings, lists, quotes,
 * fenced code blocks with their language, tables, links and pictures. The
 * destinations of links and pictures go through `rewrite`, which points
 * them at the content folder's files; a figure's caption is kept under its
 * picture, and an embedded frame becomes a link to what it showed.
 */

export interface Destinations {
  /** The destination a picture's `src` becomes, and the alt text it is given when it has none. */
  readonly picture: (src: string, alt: string) => { readonly src: string; readonly alt: string };
  /** The destination a link's `href` becomes. */
  readonly link: (href: string) => string;
}

/** What the rules read of a node of the DOM turndown parses the HTML into (the project builds without the DOM's types). */
interface Element {
  readonly nodeName: string;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Element | null;
}

const NO_DESTINATIONS: Destinations = { picture: (src, alt) => ({ src, alt }), link: (href) => href };

let current: Destinations = NO_DESTINATIONS;
const service = makeService();

/** `html` as markdown, each destination rewritten by `destinations`. */
export function htmlToMarkdown(html: string, destinations: Destinations = NO_DESTINATIONS): string {
  current = destinations;
  try {
    return service.turndown(html).replace(/^[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim();
  } finally {
    current = NO_DESTINATIONS;
  }
}

function makeService(): TurndownService {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*', hr: '---' });
  turndown.use(gfm);
  turndown.remove(['script', 'style', 'noscript', 'template']);
  turndown.addRule('picture', { filter: 'img', replacement: (_content, node) => picture(node as unknown as Element) });
  turndown.addRule('link', {
    filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
    replacement: (content, node) => {
      const href = current.link((node as unknown as Element).getAttribute('href')!.trim());
      if (href === '') return content;
      const title = (node as unknown as Element).getAttribute('title');
      // A link around blocks (a bookmark card's title and description) is one line of text in markdown.
      const text = content.replace(/\s*\n+\s*/g, ' ').trim() || href;
      return `[${text}](${destination(href)}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
    },
  });
  turndown.addRule('figure', {
    filter: 'figure',
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  turndown.addRule('caption', {
    filter: 'figcaption',
    replacement: (content) => (content.trim() ? `\n\n*${content.trim()}*\n\n` : ''),
  });
  turndown.addRule('frame', {
    filter: ['iframe', 'embed', 'video', 'audio'],
    replacement: (_content, node) => {
      const element = node as unknown as Element;
      const src = element.getAttribute('src') ?? element.querySelector('source')?.getAttribute('src') ?? '';
      if (!/^(?:https?:)?\/\//i.test(src)) return '';
      const url = src.startsWith('//') ? `https:${src}` : src;
      const title = element.getAttribute('title')?.trim();
      return `\n\n[${title || url}](${destination(current.link(url))})\n\n`;
    },
  });
  turndown.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => listItem(content, node as unknown as Element & { readonly parentNode: Element | null; readonly nextSibling: unknown }),
  });
  turndown.addRule('fencedCode', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => fenced(node as unknown as Element),
  });
  return turndown;
}

function picture(node: Element): string {
  const src = node.getAttribute('src')?.trim() ?? node.getAttribute('data-src')?.trim() ?? '';
  if (!src) return '';
  const rewritten = current.picture(src, (node.getAttribute('alt') ?? '').trim());
  const alt = rewritten.alt.replace(/\s+/g, ' ').replace(/([[\]\\])/g, '\\$1');
  if (rewritten.src === '') return alt;
  return `![${alt}](${destination(rewritten.src)})`;
}

/** `- item` or `1. item`, its other lines indented under its first word, as CommonMark reads a list item's continuation. */
function listItem(content: string, node: Element & { readonly parentNode: Element | null; readonly nextSibling: unknown }): string {
  const parent = node.parentNode;
  let marker = '-';
  if (parent?.nodeName === 'OL') {
    const start = Number(parent.getAttribute('start') ?? '1');
    const siblings = (parent as unknown as { readonly children: ArrayLike<unknown> }).children;
    marker = `${(Number.isFinite(start) ? start : 1) + Array.prototype.indexOf.call(siblings, node)}.`;
  }
  const indent = ' '.repeat(marker.length + 1);
  const text = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${indent}`);
  return `${marker} ${text}${node.nextSibling && !/\n$/.test(text) ? '\n' : ''}`;
}

/** A code block, fenced with more backticks than it holds, with the language its classes name. */
function fenced(node: Element): string {
  const code = node.querySelector('code') ?? node;
  const text = code.textContent ?? '';
  const language = languageOf(code.getAttribute('class') ?? '') ?? languageOf(node.getAttribute('class') ?? '') ?? node.getAttribute('data-language') ?? '';
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run: string) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `\n\n${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}\n\n`;
}

/** `language-js`, `lang-js`, SyntaxHighlighter's `brush: js`. */
function languageOf(classes: string): string | undefined {
  const match = /(?:^|\s)(?:language|lang)-([\w+#-]+)/.exec(classes) ?? /brush:\s*([\w+#-]+)/.exec(classes);
  return match?.[1]?.toLowerCase();
}

/** A destination as markdown takes it: in angle brackets when it holds a space or a parenthesis. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}
