#!/usr/bin/env node
// Writes the JSON Schemas editors read (site.yaml and the front matter of
// company.md, products, posts and pages) to schemas/, from the zod schemas
// the loader validates with (src/content/editor-schemas.ts). Run it after
// changing src/content/schemas.ts and commit the files with the change: a
// test fails while they differ from what this writes.
//
//   npm run schemas
//   node scripts/generate-schemas.js [OUTDIR]     (default: schemas/)
//
// Files of OUTDIR that end in .schema.json and are no longer generated are
// removed, so a schema dropped from the list does not linger.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { editorSchemas, editorSchemaText } = await import('../src/content/editor-schemas.ts');

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'schemas'));
const schemas = editorSchemas();

await mkdir(outdir, { recursive: true });
const wanted = new Set(schemas.map(({ file }) => file));
for (const name of await readdir(outdir)) {
  if (name.endsWith('.schema.json') && !wanted.has(name)) await rm(path.join(outdir, name));
}
for (const { file, schema } of schemas) await writeFile(path.join(outdir, file), editorSchemaText(schema));
console.log(`wrote ${schemas.map(({ file }) => path.join(path.relative(process.cwd(), outdir) || '.', file)).join(', ')}`);
