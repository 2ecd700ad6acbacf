import MarkdownIt from 'markdown-it';

/**
 * HTML from a Ghost post's editor document, for a post exported without its
 * `html`: Lexical (Ghost 5) or mobiledoc (Ghost 2 to 4). Only what a reader
 * sees is rendered: text with its marks, headings, lists, quotes, code,
 * pictures and the cards that hold words or links (markdown, HTML, code,
 * image, gallery, bookmark, embed, button, callout, toggle).
 */

const markdown = new MarkdownIt({ html: true, linkify: true });

type Node = Record<string, unknown> & { readonly type?: string; readonly children?: readonly Node[] };

export function lexicalToHtml(source: string): string | undefined {
  let document: { root?: Node };
  try {
    document = JSON.parse(source) as { root?: Node };
  } catch {
    return undefined;
  }
  return document.root ? children(document.root) : undefined;
}

function children(node: Node): string {
  return (node.children ?? []).map(lexicalNode).join('');
}

const TEXT_FORMATS: readonly (readonly [number, string])[] = [
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [16, 'code'],
];

function lexicalNode(node: Node): string {
  const text = (key: string) => (typeof node[key] === 'string' ? (node[key] as string) : '');
  switch (node.type) {
    case 'text':
    case 'extended-text': {
      const format = typeof node.format === 'number' ? node.format : 0;
      return TEXT_FORMATS.reduce((html, [bit, tag]) => (format & bit ? `<${tag}>${html}</${tag}>` : html), escape(text('text')));
    }
    case 'linebreak':
      return '<br>';
    case 'paragraph':
      return `<p>${children(node)}</p>`;
    case 'heading':
    case 'extended-heading':
      return `<${/^h[1-6]$/.test(text('tag')) ? text('tag') : 'h2'}>${children(node)}</${text('tag') || 'h2'}>`;
    case 'link':
    case 'autolink':
      return `<a href="${escape(text('url'))}">${children(node)}</a>`;
    case 'list':
      return node.listType === 'number' ? `<ol>${children(node)}</ol>` : `<ul>${children(node)}</ul>`;
    case 'listitem':
      return `<li>${children(node)}</li>`;
    case 'quote':
    case 'aside':
      return `<blockquote>${children(node)}</blockquote>`;
    case 'horizontalrule':
      return '<hr>';
    default:
      return card(node.type ?? '', node) ?? children(node);
  }
}

/** A Ghost card, the same in Lexical and mobiledoc: its payload's fields. */
function card(name: string, payload: Record<string, unknown>): string | undefined {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  switch (name) {
    case 'markdown':
      return markdown.render(text('markdown'));
    case 'html':
      return text('html');
    case 'codeblock':
    case 'code':
      return `<pre><code class="language-${escape(text('language'))}">${escape(text('code'))}</code></pre>`;
    case 'image':
      return figure(text('src'), text('alt'), text('caption'));
    case 'gallery':
      return (Array.isArray(payload.images) ? (payload.images as Record<string, string>[]) : []).map((image) => figure(image.src ?? '', image.alt ?? '', image.caption ?? '')).join('');
    case 'bookmark':
    case 'embed': {
      const metadata = (payload.metadata ?? {}) as Record<string, string>;
      return text('url') ? `<p><a href="${escape(text('url'))}">${escape(metadata.title || text('url'))}</a></p>${text('caption') ? `<p>${text('caption')}</p>` : ''}` : text('html');
    }
    case 'button':
      return `<p><a href="${escape(text('buttonUrl'))}">${escape(text('buttonText'))}</a></p>`;
    case 'callout':
      return `<blockquote>${text('calloutText')}</blockquote>`;
    case 'toggle':
      return `<h4>${text('heading')}</h4>${text('content')}`;
    case 'hr':
      return '<hr>';
    default:
      return undefined;
  }
}

function figure(src: string, alt: string, caption: string): string {
  if (!src) return '';
  const image = `<img src="${escape(src)}" alt="${escape(alt)}">`;
  return caption ? `<figure>${image}<figcaption>${caption}</figcaption></figure>` : `<p>${image}</p>`;
}

interface Mobiledoc {
  readonly markups?: readonly (readonly [string, (readonly string[] | null)?])[];
  readonly atoms?: readonly (readonly [string, string, unknown])[];
  readonly cards?: readonly (readonly [string, Record<string, unknown>])[];
  readonly sections?: readonly (readonly unknown[])[];
}

type Marker = readonly [number, readonly number[], number, unknown];

export function mobiledocToHtml(source: string): string | undefined {
  let document: Mobiledoc;
  try {
    document = JSON.parse(source) as Mobiledoc;
  } catch {
    return undefined;
  }
  return (document.sections ?? []).map((section) => mobiledocSection(section, document)).join('');
}

function mobiledocSection(section: readonly unknown[], document: Mobiledoc): string {
  const [kind, second, third] = section;
  if (kind === 1) return `<${tagOf(second, 'p')}>${markers(third as readonly Marker[], document)}</${tagOf(second, 'p')}>`;
  if (kind === 3) return `<${tagOf(second, 'ul')}>${(third as readonly (readonly Marker[])[]).map((item) => `<li>${markers(item, document)}</li>`).join('')}</${tagOf(second, 'ul')}>`;
  if (kind === 10) {
    const [name, payload] = document.cards?.[second as number] ?? ['', {}];
    return card(name, payload) ?? '';
  }
  return '';
}

function tagOf(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^(p|h[1-6]|blockquote|aside|pull-quote|ul|ol)$/i.test(value) ? value.toLowerCase().replace(/^(aside|pull-quote)$/, 'blockquote') : fallback;
}

/** A section's markers: text (or an atom's text) with its markups opened and closed as the markers say. */
function markers(list: readonly Marker[], document: Mobiledoc): string {
  let html = '';
  const open: string[] = [];
  for (const [type, opened, closed, value] of list ?? []) {
    for (const index of opened) {
      const [tag = 'span', given] = document.markups?.[index] ?? [];
      const attributes = given ?? [];
      const attributeText = [];
      for (let i = 0; i + 1 < attributes.length; i += 2) attributeText.push(` ${attributes[i]}="${escape(attributes[i + 1]!)}"`);
      html += `<${tag}${attributeText.join('')}>`;
      open.push(tag);
    }
    html += type === 1 ? escape(String(document.atoms?.[value as number]?.[1] ?? '')) : escape(String(value));
    for (let i = 0; i < closed; i++) html += `</${open.pop()}>`;
  }
  return html;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
