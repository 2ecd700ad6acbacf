/**
 * A typed `html` tagged template: every interpolated value is escaped unless
 * it is already `Html`, which only this module, the template itself and
 * `trustedHtml` (for the markdown renderer's output) can make. Escaping is
 * therefore the default, and the one way around it is a name that can be
 * searched for.
 */

/** Only this module holds it, so only this module can make `Html`. */
const MINT = Symbol('html');

/** A fragment of markup that is safe to insert as is. */
export class Html {
  readonly #markup: string;

  constructor(markup: string, mint: symbol) {
    if (mint !== MINT) throw new TypeError('Html is made by the html template or trustedHtml, never directly');
    this.#markup = markup;
  }

  toString(): string {
    return this.#markup;
  }
}

/** What a template accepts: text (escaped), markup, nothing, or a list of these. */
export type Interpolation = Html | string | number | null | undefined | false | readonly Interpolation[];

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for element content and for quoted attribute values (HTML
 * Living Standard, 13.1.2.3 and 13.1.2.4): `&`, `<`, `>` and both quotes.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(out, MINT);
}

/**
 * Marks markup as safe without escaping it. Only for the output of the
 * markdown renderer (raw HTML off, links validated by markdown-it) and of
 * `html` itself; never for text that came from a request.
 */
export function trustedHtml(markup: string): Html {
  return new Html(markup, MINT);
}

/**
 * An `href` for a link taken from content: http(s), mailto, tel and site
 * paths pass; anything else (a `javascript:` URL) becomes an inert "#".
 */
export function safeHref(href: string): string {
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) return href;
  try {
    const { protocol } = new URL(href);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(protocol) ? href : '#';
  } catch {
    return '#';
  }
}
