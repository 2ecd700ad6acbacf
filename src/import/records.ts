import { dump } from 'js-yaml';
import type { z } from 'zod';
import type { imageRef, pageSchema, postSchema, productSchema, productTranslationSchema } from '../content/schemas.js';

/**
 * The markdown files of imported records: front matter with the fields
 * src/content/schemas.ts asks of each kind, then the body. Written the same
 * way every time (fields in a fixed order, no line folding), so an import
 * run twice writes the same bytes.
 */

/** The front matter of each kind, as the content's schemas read it: what the import writes is what the loader takes. */
export type ImageField = z.input<typeof imageRef>;
export type PostFields = z.input<ReturnType<typeof postSchema>>;
export type PageFields = z.input<typeof pageSchema>;
export type ProductFields = z.input<ReturnType<typeof productSchema>>;
/** A product's translation gives only its words (and picture): the rest is the original's. */
export type ProductTranslationFields = z.input<ReturnType<typeof productTranslationSchema>>;
export type RecordFields = PostFields | PageFields | ProductFields | ProductTranslationFields;

/** A record file: `---`, the fields as YAML, `---`, the markdown body. */
export function recordFile(fields: RecordFields, body: string): string {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return `---\n${dump(defined, { lineWidth: -1, noRefs: true })}---\n${body.trim()}\n`;
}
