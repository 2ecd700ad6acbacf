import { z } from 'zod';
import { companySchema, pageSchema, postSchema, productSchema, productTranslationSchema, redirectsSchema, siteSchema } from './schemas.js';

/**
 * JSON Schemas (draft 2020-12) of site.yaml and of each kind of front
 * matter, for editors to complete, describe and check fields as they are
 * typed. They are generated from the zod schemas the loader validates with,
 * so they cannot say otherwise; `npm run schemas` writes them to schemas/.
 *
 * What depends on the site (a product's tags, a post's locale and category)
 * cannot be listed in a schema that knows no site: those fields are any
 * string, and their descriptions say where the values come from. Rules that
 * need a look at other files (a category of the post's locale, a picture
 * that exists) are the loader's and `vitrine check`'s alone.
 */

/** One schema, and the name of its file under schemas/. */
export interface EditorSchema {
  readonly file: string;
  readonly schema: Readonly<Record<string, unknown>>;
}

interface Document {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly title: string;
  readonly description: string;
}

const DOCUMENTS: readonly Document[] = [
  {
    name: 'site',
    schema: siteSchema,
    title: 'vitrine site.yaml',
    description:
      "The site's taxonomy, site.yaml at the root of the content folder: its name, languages, product tags, post categories, pages and icons. Every other file is checked against it.",
  },
  {
    name: 'company',
    schema: companySchema,
    title: 'vitrine company.md front matter',
    description: 'The YAML front matter of company.md: who the company is, where it is and how to reach it.',
  },
  {
    name: 'product',
    schema: productSchema(),
    title: 'vitrine product front matter',
    description: 'The YAML front matter of a product, products/<slug>.md. Its tags come from the product_tags of site.yaml.',
  },
  {
    name: 'product-translation',
    schema: productTranslationSchema(),
    title: 'vitrine product translation front matter',
    description:
      "The YAML front matter of a product's translation, products/<locale>/<slug>.md, named like the original products/<slug>.md: its name, summary and, if they differ, links, picture (or the text of the original's picture) and date in that language. Status, tags and order are the original's.",
  },
  {
    name: 'post',
    schema: postSchema(),
    title: 'vitrine post front matter',
    description: "The YAML front matter of a blog post, posts/<slug>.md. Its locale comes from the locales of site.yaml, its category from the post_categories of that locale, its tags from the post_tags.",
  },
  {
    name: 'page',
    schema: pageSchema,
    title: 'vitrine page front matter',
    description: 'The YAML front matter of an institutional page, pages/<slug>.md or its translation pages/<locale>/<slug>.md; the slug is one of the page_slugs of site.yaml.',
  },
  {
    name: 'redirects',
    schema: redirectsSchema,
    title: 'vitrine redirects.yaml',
    description: "Old addresses of the site sent on to new ones, redirects.yaml at the root of the content folder: a list of from, to and status. Whether each to leads to a page that answers is vitrine check's to judge.",
  },
];

/** A schema's `$id`: a name, not an address; nothing is fetched from it. */
export function editorSchemaId(name: string): string {
  return `urn:vitrine:schema:${name}`;
}

/**
 * Zod leaves out the examples of a value it transforms (a date, normalized
 * to UTC) from the schema of its input, as they might be outputs; ours are
 * always written as in the file, so they are put back.
 */
const keepExamples = ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema }): void => {
  const examples = z.globalRegistry.get(zodSchema)?.examples;
  if (examples !== undefined) jsonSchema.examples = examples as unknown[];
};

/** Every schema, in the order above. */
export function editorSchemas(): EditorSchema[] {
  return DOCUMENTS.map(({ name, schema, title, description }) => {
    // The input: what is written in the file, where a field with a default may be left out.
    const { $schema, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', override: keepExamples });
    return { file: `${name}.schema.json`, schema: { $schema, $id: editorSchemaId(name), title, description, ...rest } };
  });
}

/** A schema file's text: JSON indented by two spaces, ending with a line break. */
export function editorSchemaText(schema: EditorSchema['schema']): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
