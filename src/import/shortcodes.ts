import type { SourceAttachment } from './source.js';

/**
 * WordPress body markup that is not HTML, turned into HTML before the body
 * becomes markdown: the block editor's comments (`<!-- wp:paragraph -->`,
 * `<!--more-->`), the classic editor's paragraphs written as blank lines
 * (WordPress's wpautop), bare URLs WordPress embeds, and shortcodes
 * (`[caption]`, `[gallery]`, `[embed]`, `[audio]`, `[video]`). Any other
 * shortcode is kept as text, counted by name so the report can name it.
 */

export interface ShortcodeContext {
  /** The post whose body this is (a gallery without ids shows its attachments). */
  readonly postId: string;
  readonly attachments: ReadonlyMap<string, SourceAttachment>;
}

export interface ShortcodeResult {
  readonly html: string;
  /** Shortcodes left as text, by name, with how many times each was written. */
  readonly kept: ReadonlyMap<string, number>;
  /** Attachment ids a gallery showed. */
  readonly shown: readonly string[];
}

/** Elements whose text is shown as written: nothing in them is a shortcode or a paragraph break. */
const VERBATIM = /(<(pre|code|script|style)\b[^>]*>[\s\S]*?<\/\2>)/gi;

/** A shortcode's opening: `[name attributes]` or `[name attributes /]`; `[[name]]` is WordPress's escape for the text itself. */
const OPENING = /\[(\[?)([a-zA-Z][\w-]*)((?:\s+[^\]]*?)?)(\/?)\](\]?)/g;

/** Shortcodes that wrap text (`[caption]...[/caption]`); the others stand alone unless a closing tag follows. */
const HANDLED = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video', 'playlist', 'youtube', 'vimeo', 'dailymotion', 'soundcloud', 'tweet', 'twitter', 'instagram']);

/** The block editor's comments and the classic editor's `<!--more-->` and `<!--nextpage-->`: no text of the post. */
const EDITOR_COMMENT = /<!--\s*(?:\/?wp:[\s\S]*?|more\b[^>]*?|nextpage|noteaser)\s*-->/g;

export function expandWordPressMarkup(html: string, context: ShortcodeContext): ShortcodeResult {
  const kept = new Map<string, number>();
  const shown: string[] = [];
  const blockEditor = /<!--\s*wp:/.test(html);
  const parts = html.replace(EDITOR_COMMENT, '').split(VERBATIM);
  const out: string[] = [];
  // split() with two groups gives: text, verbatim element, its tag name, text, ...
  for (let i = 0; i < parts.length; i += 3) {
    const text = parts[i] ?? '';
    let expanded = expandShortcodes(text, context, kept, shown);
    expanded = linkBareUrls(expanded);
    out.push(blockEditor ? expanded : autoParagraphs(expanded));
    if (parts[i + 1] !== undefined) out.push(parts[i + 1]!);
  }
  return { html: out.join(''), kept, shown };
}

function expandShortcodes(text: string, context: ShortcodeContext, kept: Map<string, number>, shown: string[]): string {
  let result = '';
  let at = 0;
  OPENING.lastIndex = 0;
  for (let match = OPENING.exec(text); match; match = OPENING.exec(text)) {
    const [whole, open = '', rawName = '', attributeText = '', selfClosing, close = ''] = match;
    const name = rawName.toLowerCase();
    const closing = selfClosing ? -1 : text.indexOf(`[/${rawName}]`, match.index + whole.length);
    const isShortcode = HANDLED.has(name) || closing >= 0 || /=/.test(attributeText);
    if (!isShortcode) continue;
    result += text.slice(at, match.index);
    const end = closing >= 0 ? closing + rawName.length + 3 : match.index + whole.length;
    if (open === '[' && close === ']') {
      // `[[caption]]`: the text "[caption]" itself.
      result += whole.slice(1, -1);
      at = match.index + whole.length;
      OPENING.lastIndex = at;
      continue;
    }
    const inner = closing >= 0 ? text.slice(match.index + whole.length, closing) : '';
    const expanded = expandOne(name, parseAttributes(attributeText), inner, context, shown);
    if (expanded === undefined) {
      kept.set(name, (kept.get(name) ?? 0) + 1);
      result += text.slice(match.index, end);
    } else result += expanded;
    at = end;
    OPENING.lastIndex = at;
  }
  return result + text.slice(at);
}

function expandOne(name: string, attributes: Readonly<Record<string, string>>, inner: string, context: ShortcodeContext, shown: string[]): string | undefined {
  switch (name) {
    case 'caption':
    case 'wp_caption':
      return caption(attributes, inner);
    case 'gallery':
      return gallery(attributes, context, shown);
    case 'embed':
      return link(inner.trim() || attributes.src || '');
    case 'youtube':
    case 'vimeo':
    case 'dailymotion':
    case 'soundcloud':
    case 'tweet':
    case 'twitter':
    case 'instagram':
      // WordPress.com's embeds: `[youtube https://...]`, `[tweet url=...]`.
      return link(attributes.url ?? attributes['0'] ?? inner.trim()) ?? undefined;
    case 'audio':
    case 'video': {
      // `[audio src=...]`, a format's own attribute (`mp3=...`), or WordPress.com's `[audio https://...]`.
      const source = attributes.src ?? Object.entries(attributes).find(([key, value]) => /^(mp3|m4a|ogg|wav|wma|mp4|m4v|webm|ogv|wmv|flv)$/.test(key) && value)?.[1] ?? attributes['0'];
      return source ? link(source) : undefined;
    }
    default:
      return undefined;
  }
}

/** `[caption]<img ...> The words[/caption]`: the picture (with its link) and the words under it. */
function caption(attributes: Readonly<Record<string, string>>, inner: string): string {
  const picture = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)/i.exec(inner);
  const words = (picture ? inner.slice(picture[0].length) : inner).trim() || attributes.caption || '';
  return `<figure>${picture?.[1] ?? ''}<figcaption>${words}</figcaption></figure>`;
}

/** `[gallery ids="1,2"]`, or without ids the pictures attached to the post, each with its caption. */
function gallery(attributes: Readonly<Record<string, string>>, context: ShortcodeContext, shown: string[]): string {
  const ids = (attributes.ids ?? attributes.include ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const excluded = new Set((attributes.exclude ?? '').split(',').map((id) => id.trim()));
  const pictures = (ids.length > 0 ? ids.map((id) => context.attachments.get(id)).filter((a) => a !== undefined) : attachedTo(context))
    .filter((attachment) => !excluded.has(attachment.id) && isPicture(attachment.url));
  shown.push(...pictures.map((picture) => picture.id));
  return pictures
    .map((picture) => {
      const alt = escapeAttribute(picture.alt ?? picture.caption ?? picture.title);
      const image = `<img src="${escapeAttribute(picture.url)}" alt="${alt}">`;
      return picture.caption ? `<figure>${image}<figcaption>${picture.caption}</figcaption></figure>` : `<p>${image}</p>`;
    })
    .join('\n');
}

function attachedTo(context: ShortcodeContext): SourceAttachment[] {
  return [...context.attachments.values()].filter((attachment) => attachment.parentId === context.postId).sort((a, b) => Number(a.id) - Number(b.id));
}

export function isPicture(url: string): boolean {
  return /\.(png|jpe?g|gif|webp|svg)(?:[?#].*)?$/i.test(url);
}

function link(url: string): string | undefined {
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  return `<p><a href="${escapeAttribute(trimmed)}">${trimmed}</a></p>`;
}

/** WordPress's shortcode attributes: `name="value"`, `name='value'`, `name=value`, or a bare value. */
function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"]+)|"([^"]*)"|(\S+)/g;
  let position = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const key = match[1] ?? match[3] ?? match[5];
    if (key !== undefined) attributes[key.toLowerCase()] = match[2] ?? match[4] ?? match[6] ?? '';
    else attributes[String(position++)] = match[7] ?? match[8] ?? '';
  }
  return attributes;
}

/**
 * A URL alone on its line, which WordPress shows as the embedded video or
 * post it points at (oEmbed): a link to it, so the reader can still follow it.
 */
function linkBareUrls(html: string): string {
  return html.replace(/(^|\n|<p>|<div[^>]*>)(\s*)(https?:\/\/[^\s<>"]+)(\s*)(?=\n|<\/p>|<\/div>|$)/g, (_whole, before: string, space: string, url: string, after: string) => `${before}${space}<a href="${escapeAttribute(url)}">${url}</a>${after}`);
}

const BLOCK = /^<\/?(?:p|div|h[1-6]|ul|ol|li|blockquote|figure|table|thead|tbody|tr|td|th|pre|hr|dl|dt|dd|section|article|aside|header|footer|nav|address|form|fieldset|iframe|video|audio)\b/i;

/**
 * The classic editor's paragraphs: text between blank lines is a paragraph,
 * and a single line break a line break, as WordPress's wpautop prints it.
 */
function autoParagraphs(html: string): string {
  if (!/\n\s*\n/.test(html) && !/^[^<]/.test(html.trim())) return html;
  return html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
}

function escapeAttribute(value: string): string {
  return value.replace(/&(?!#?\w+;)/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
