import { dump } from 'js-yaml';

/**
 * The markdown files of imported records: front matter with the fields
 * src/content/schemas.ts asks of each kind, then the body. Written the same
 * way every time (fields in a fixed order, no line folding), so an import
 * run twice writes the same bytes.
 */

export interface ImageField {
  readonly file: string;
  readonly alt: string;
}

export interface PostFields {
  readonly title: string;
  readonly summary: string;
  readonly category: string;
  readonly locale: string;
  readonly published_at: string;
  readonly updated_at?: string;
  readonly author: string;
  readonly translation_key?: string;
  readonly image?: ImageField;
}

export interface PageFields {
  readonly title: string;
  readonly description: string;
  readonly updated_at: string;
  readonly image?: ImageField;
}

export interface ProductFields {
  readonly name: string;
  readonly summary: string;
  readonly status: 'live';
  readonly tags: readonly string[];
  readonly updated_at?: string;
  readonly image?: ImageField;
}

/** A product's translation gives only its words (and picture): the rest is the original's. */
export interface ProductTranslationFields {
  readonly name: string;
  readonly summary: string;
  readonly updated_at?: string;
  readonly image?: ImageField;
}

export type RecordFields = PostFields | PageFields | ProductFields | ProductTranslationFields;

/** A record file: `---`, the fields as YAML, `---`, the markdown body. */
export function recordFile(fields: RecordFields, body: string): string {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return `---\n${dump(defined, { lineWidth: -1, noRefs: true })}---\n${body.trim()}\n`;
}
