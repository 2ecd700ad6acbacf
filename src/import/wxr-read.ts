import { Parser } from 'htmlparser2';
import { ImportError } from './errors.js';

/**
 * Reads a WordPress eXtended RSS file (WXR 1.0 to 1.2, as WordPress's
 * Tools > Export writes it) into its channel and items, each item a bag of
 * its fields. Real exports are not always well-formed XML: URLs carry bare
 * `&`, and plugins write stray markup. htmlparser2 in XML mode reads them as
 * a browser would read a feed, leaving a bare `&` as it is; what a reader
 * must still refuse (no WXR namespace, a file cut short) is checked here.
 */

export interface WxrCategory {
  /** `category`, `post_tag`, `language`, `post_translations`, `product_cat`, ... */
  readonly domain: string;
  readonly nicename: string;
  readonly name: string;
}

export interface WxrItem {
  /** The first value of each child element, by its name (`title`, `wp:post_id`, `content:encoded`). */
  readonly fields: ReadonlyMap<string, string>;
  readonly categories: readonly WxrCategory[];
  /** `wp:postmeta`, by key (the first value of a key given twice). */
  readonly meta: ReadonlyMap<string, string>;
}

export interface WxrChannel {
  readonly version: string;
  readonly title: string;
  readonly link: string;
  readonly description: string;
  readonly language: string;
  /**
   * The address of the blog the export is of, which its permalinks are on:
   * `wp:base_blog_url`. (`wp:base_site_url` is the network's: `https://wordpress.com/`
   * for every WordPress.com blog; on a site of its own the two are one.)
   */
  readonly blogUrl: string;
  /** When the export was made (RSS pubDate), the date of last resort for an item that gives none. */
  readonly date: string;
  /** Author display names by login (`dc:creator` names the login). */
  readonly authors: ReadonlyMap<string, string>;
  readonly items: readonly WxrItem[];
}

/** The WXR namespace, written with http or https, for WXR 1.0, 1.1 and 1.2. */
const WXR_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/1\.[012]\/?$/;

interface ItemDraft {
  fields: Map<string, string>;
  categories: WxrCategory[];
  meta: Map<string, string>;
}

/** Reads `text`, the contents of `file`; a file that is no WXR export is an ImportError naming it. */
export function readWxr(text: string, file: string): WxrChannel {
  const reader = new WxrReader();
  const parser = new Parser(reader.handler, { xmlMode: true, decodeEntities: true, recognizeCDATA: true });
  parser.write(text);
  parser.end();
  return reader.result(file);
}

class WxrReader {
  #stack: string[] = [];
  #text = '';
  #namespace: string | undefined;
  #rssClosed = false;
  #channel = new Map<string, string>();
  #authors = new Map<string, string>();
  #author: Map<string, string> | undefined;
  #item: ItemDraft | undefined;
  #meta: Map<string, string> | undefined;
  #category: { domain: string; nicename: string } | undefined;
  #items: WxrItem[] = [];

  readonly handler = {
    onopentag: (name: string, attributes: Record<string, string>) => this.#open(name, attributes),
    ontext: (text: string) => {
      this.#text += text;
    },
    onclosetag: (name: string, implied: boolean) => this.#close(name, implied),
  };

  #open(name: string, attributes: Record<string, string>): void {
    this.#stack.push(name);
    this.#text = '';
    const depth = this.#stack.length;
    if (name === 'rss' && depth === 1) this.#namespace = attributes['xmlns:wp'];
    else if (name === 'item' && this.#under('channel')) this.#item = { fields: new Map(), categories: [], meta: new Map() };
    else if (name === 'wp:author' && this.#under('channel')) this.#author = new Map();
    else if (name === 'wp:postmeta' && this.#item && this.#under('item')) this.#meta = new Map();
    else if (name === 'category' && this.#item && this.#under('item')) this.#category = { domain: attributes.domain ?? '', nicename: attributes.nicename ?? '' };
  }

  /** Whether the element just opened is a child of `parent`. */
  #under(parent: string): boolean {
    return this.#stack[this.#stack.length - 2] === parent;
  }

  #close(name: string, implied: boolean): void {
    const text = this.#text;
    this.#text = '';
    const parent = this.#stack[this.#stack.length - 2];
    this.#stack.pop();
    if (name === 'rss' && this.#stack.length === 0) this.#rssClosed = !implied;
    else if (name === 'item' && this.#item && parent === 'channel') {
      this.#items.push(this.#item);
      this.#item = undefined;
    } else if (this.#item && parent === 'item') this.#itemField(name, text);
    else if (this.#meta && parent === 'wp:postmeta') this.#meta.set(name, text);
    else if (this.#author && parent === 'wp:author') this.#author.set(name, text);
    else if (name === 'wp:author' && this.#author) {
      const login = this.#author.get('wp:author_login');
      if (login) this.#authors.set(login, this.#author.get('wp:author_display_name') || login);
      this.#author = undefined;
    } else if (parent === 'channel' && !this.#channel.has(name)) this.#channel.set(name, text.trim());
  }

  #itemField(name: string, text: string): void {
    const item = this.#item!;
    if (name === 'category' && this.#category) {
      item.categories.push({ ...this.#category, name: text.trim() });
      this.#category = undefined;
    } else if (name === 'wp:postmeta' && this.#meta) {
      const key = this.#meta.get('wp:meta_key');
      if (key !== undefined && !item.meta.has(key)) item.meta.set(key, this.#meta.get('wp:meta_value') ?? '');
      this.#meta = undefined;
    } else if (!item.fields.has(name)) item.fields.set(name, text);
  }

  result(file: string): WxrChannel {
    if (this.#namespace === undefined || !WXR_NAMESPACE.test(this.#namespace)) {
      throw new ImportError(file, 'is not a WordPress export (WXR): its <rss> names no http://wordpress.org/export/1.x/ namespace');
    }
    if (!this.#rssClosed) throw new ImportError(file, 'is cut short: the WordPress export ends before its closing </rss>');
    const channel = (name: string) => this.#channel.get(name) ?? '';
    return {
      version: channel('wp:wxr_version'),
      title: channel('title'),
      link: channel('link'),
      description: channel('description'),
      language: channel('language'),
      blogUrl: channel('wp:base_blog_url') || channel('link') || channel('wp:base_site_url'),
      date: channel('pubDate'),
      authors: this.#authors,
      items: this.#items,
    };
  }
}
