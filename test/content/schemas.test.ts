import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { z } from 'zod';
import { editorSchemas } from '../../src/content/editor-schemas.js';
import { parseYaml, splitFrontMatter } from '../../src/util/front-matter.js';
import { companySchema, pageSchema, postSchema, productSchema, productTranslationSchema, redirectsSchema, siteSchema } from '../../src/content/schemas.js';
import { ROOT } from '../helper.js';
import { vitrine } from '../process.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const SCHEMAS = path.join(ROOT, 'schemas');
const DEMO = path.join(ROOT, 'content');
const KINDS = ['site', 'company', 'product', 'product-translation', 'post', 'page', 'redirects'] as const;
type Kind = (typeof KINDS)[number];
type Json = Record<string, unknown>;

async function committed(kind: Kind): Promise<Json> {
  return JSON.parse(await readFile(path.join(SCHEMAS, `${kind}.schema.json`), 'utf8')) as Json;
}

function validator(schema: Json): (data: unknown) => readonly ErrorObject[] {
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: true }));
  const validate = ajv.compile(schema);
  return (data) => (validate(data) ? [] : [...(validate.errors ?? [])]);
}

/** An Ajv error as `instancePath keyword: the parameter that names what is wrong`. */
function described(errors: readonly ErrorObject[]): string[] {
  return errors
    .map(({ instancePath, keyword, params }) => {
      const p = params as Record<string, unknown>;
      return `${instancePath || '/'} ${keyword}: ${String(p.missingProperty ?? p.additionalProperty ?? p.pattern ?? (p.allowedValues as unknown[] | undefined)?.join('|') ?? '')}`;
    })
    .sort();
}

/** The front matter of a file of a content folder, read with the loader's own splitter. */
async function frontMatter(dir: string, file: string): Promise<Json> {
  return splitFrontMatter(await readFile(path.join(dir, file), 'utf8')).data as Json;
}

async function markdownFiles(dir: string, folder: string): Promise<string[]> {
  const names = await readdir(path.join(dir, folder), { recursive: true, encoding: 'utf8' });
  return names
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${folder}/${name}`);
}

/** Every file of a content folder with the schema it is written to: a product in a locale's folder is a translation. */
async function contentFiles(dir: string): Promise<[Kind, string][]> {
  return [
    ['company', 'company.md'],
    ...(await markdownFiles(dir, 'products')).map((file) => [/^products\/[^/]+\//.test(file) ? 'product-translation' : 'product', file] as [Kind, string]),
    ...(await markdownFiles(dir, 'posts')).map((file) => ['post', file] as [Kind, string]),
    ...(await markdownFiles(dir, 'pages')).map((file) => ['page', file] as [Kind, string]),
  ];
}

async function validators(): Promise<Record<Kind, ReturnType<typeof validator>>> {
  return Object.fromEntries(await Promise.all(KINDS.map(async (kind) => [kind, validator(await committed(kind))] as const))) as Record<Kind, ReturnType<typeof validator>>;
}

/** Calls `visit` on a schema and each schema inside it (fields, list items, map keys and values, union branches), with its JSON pointer. */
function walk(schema: unknown, visit: (schema: Json, where: string) => void, where = '#'): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as Json;
  visit(node, where);
  for (const [name, property] of Object.entries((node.properties as Json | undefined) ?? {})) walk(property, visit, `${where}/properties/${name}`);
  for (const key of ['items', 'additionalProperties', 'propertyNames']) walk(node[key], visit, `${where}/${key}`);
  ((node.anyOf as unknown[] | undefined) ?? []).forEach((branch, i) => walk(branch, visit, `${where}/anyOf/${i}`));
}

test('the committed schemas/ files are exactly what `npm run schemas` writes: change a zod schema without regenerating and this fails', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-schemas-'));
  try {
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', 'generate-schemas.js'), dir], { cwd: ROOT, timeout: 60_000 });
    const expected = KINDS.map((kind) => `${kind}.schema.json`).sort();
    assert.deepEqual((await readdir(dir)).sort(), expected);
    assert.deepEqual((await readdir(SCHEMAS)).sort(), expected);
    for (const file of expected) {
      assert.equal(await readFile(path.join(SCHEMAS, file), 'utf8'), await readFile(path.join(dir, file), 'utf8'), `schemas/${file} is stale: run npm run schemas`);
    }
    // The script writes what the module generates, in the same order.
    assert.deepEqual(
      editorSchemas().map(({ file }) => file),
      KINDS.map((kind) => `${kind}.schema.json`),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('each schema is draft 2020-12 with an $id, a title and a description, and describes every field', async () => {
  for (const kind of KINDS) {
    const schema = await committed(kind);
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(schema.$id, `urn:vitrine:schema:${kind}`);
    assert.match(String(schema.title), /^vitrine /);
    assert.ok(typeof schema.description === 'string' && schema.description.length > 20, `${kind}: description`);
    // A file that is a list (redirects.yaml) refuses a misspelt field in each item.
    const object = schema.type === 'array' ? (schema.items as Json) : schema;
    assert.equal(object.additionalProperties, false, `${kind}: a misspelt field is refused`);
    const undescribed: string[] = [];
    walk(schema, (node, where) => {
      if (/\/properties\/[^/]+$/.test(where) && (typeof node.description !== 'string' || node.description === '')) undescribed.push(where);
    });
    assert.deepEqual(undescribed, [], `${kind}: fields without a description`);
  }
});

test('the fields that depend on the site are described, not enumerated', async () => {
  const product = await committed('product');
  const post = await committed('post');
  const field = (schema: Json, name: string) => (schema.properties as Record<string, Json>)[name]!;
  assert.deepEqual(field(product, 'tags').items, { type: 'string', description: 'One of the product_tags of site.yaml.' });
  assert.deepEqual(field(product, 'status').enum, ['coming-soon', 'live']);
  assert.equal(field(post, 'locale').enum, undefined);
  assert.equal(field(post, 'locale').description, 'The language the post is written in: one of the locales of site.yaml.');
  assert.equal(field(post, 'category').description, "One of the post_categories that site.yaml lists for the post's locale.");
});

test('they use only keywords that draft 7 reads as 2020-12 does, so editors on draft 7 (yaml-language-server) read them fully', async () => {
  const known = new Set([
    '$schema', '$id', 'title', 'description', 'examples', 'default', 'type', 'properties', 'required', 'additionalProperties',
    'propertyNames', 'items', 'enum', 'pattern', 'minLength', 'maxLength', 'minItems', 'minimum', 'maximum', 'anyOf', 'not',
  ]);
  for (const kind of KINDS) {
    const used = new Set<string>();
    walk(await committed(kind), (node) => Object.keys(node).forEach((key) => used.add(key)));
    assert.deepEqual([...used].filter((key) => !known.has(key)), [], kind);
  }
});

test('every example a schema gives is valid where it is given', async () => {
  for (const kind of KINDS) {
    let count = 0;
    walk(await committed(kind), (node, where) => {
      if (!Array.isArray(node.examples)) return;
      const check = validator(node);
      for (const example of node.examples) {
        count += 1;
        assert.deepEqual(described(check(example)), [], `${kind} ${where}: example ${JSON.stringify(example)}`);
      }
    });
    assert.ok(count >= 4, `${kind}: ${count} examples`);
  }
});

test('the demo content validates: site.yaml and the front matter of every file, read as the loader reads them', async () => {
  const check = await validators();
  assert.deepEqual(described(check.site(parseYaml(await readFile(path.join(DEMO, 'site.yaml'), 'utf8')))), []);
  const files = await contentFiles(DEMO);
  assert.ok(files.some(([, file]) => /^pages\/[^/]+\/[^/]+\.md$/.test(file)), 'translated pages are read too');
  assert.ok(files.length > 40, `${files.length} files`);
  for (const [kind, file] of files) assert.deepEqual(described(check[kind](await frontMatter(DEMO, file))), [], file);
});

test('the starter `vitrine init` writes in three languages validates, translated product included', async () => {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'vitrine-schemas-')), 'starter');
  try {
    const init = await vitrine(['init', dir, '--locales', 'en,es,de', '--name', 'Acme']);
    assert.equal(init.code, 0, init.stderr);
    const check = await validators();
    assert.deepEqual(described(check.site(parseYaml(await readFile(path.join(dir, 'site.yaml'), 'utf8')))), []);
    const files = await contentFiles(dir);
    assert.ok(files.some(([kind]) => kind === 'product-translation'));
    for (const [kind, file] of files) assert.deepEqual(described(check[kind](await frontMatter(dir, file))), [], file);
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
});

test('they reject what the loader rejects: a misspelt field, an image without alt, a bad status, a date not written YYYY-MM-DD', async () => {
  const site = siteSchema.parse(parseYaml(await readFile(path.join(DEMO, 'site.yaml'), 'utf8')));
  const loaderSchemas: Record<Kind, z.ZodType> = {
    site: siteSchema,
    company: companySchema,
    product: productSchema(site),
    'product-translation': productTranslationSchema(site),
    post: postSchema(site),
    page: pageSchema,
    redirects: redirectsSchema,
  };
  const [productFile] = await markdownFiles(DEMO, 'products');
  const [postFile] = await markdownFiles(DEMO, 'posts');
  const product = await frontMatter(DEMO, productFile!);
  const post = await frontMatter(DEMO, postFile!);
  const page = await frontMatter(DEMO, 'pages/about.md');
  const company = await frontMatter(DEMO, 'company.md');
  const { published_at, ...unpublished } = post;
  const cases: [string, Kind, Json, string[]][] = [
    ['published_at misspelt', 'post', { ...unpublished, publised_at: published_at }, ['/ additionalProperties: publised_at', '/ required: published_at']],
    ['an image without alt', 'product', { ...product, image: { file: 'images/atlas.png' } }, ['/image required: alt']],
    ['a status that is not one', 'product', { ...product, status: 'sold-out' }, ['/status enum: coming-soon|live']],
    ['published_at written day first', 'post', { ...post, published_at: '14/03/2026' }, [`/published_at pattern: ${String((await committed('post') as { properties: Record<string, Json> }).properties.published_at!.pattern)}`]],
    ['updated_at without its zero', 'page', { ...page, updated_at: '2026-3-14' }, [`/updated_at pattern: ${String((await committed('page') as { properties: Record<string, Json> }).properties.updated_at!.pattern)}`]],
    ['a month 13', 'company', { ...company, founded: '2015-13-01' }, ['/founded anyOf: ', `/founded pattern: ${String(((await committed('company') as { properties: Record<string, { anyOf: Json[] }> }).properties.founded!.anyOf[1] as { pattern: string }).pattern)}`, '/founded type: ']],
    ['a year of two digits', 'company', { ...company, founded: 14 }, ['/founded anyOf: ', '/founded minimum: ', '/founded type: ']],
    ['a misspelt nested field', 'company', { ...company, address: { ...(company.address as Json), strete: 'Rua A' } }, ['/address additionalProperties: strete']],
    ['a translation that sets the status', 'product-translation', { name: product.name, summary: product.summary, status: 'live' }, ['/status not: ']],
    ['a redirect status that is not one', 'redirects', [{ from: '/old', to: '/about', status: 303 }] as unknown as Json, ['/0/status enum: 301|302|307|308']],
  ];
  for (const [what, kind, data, errors] of cases) {
    assert.deepEqual(described(validator(await committed(kind))(data)), errors, what);
    assert.equal(loaderSchemas[kind].safeParse(data).success, false, `the loader accepts ${what}`);
  }
  // And what they accept, the loader accepts: the unchanged documents.
  for (const [kind, data] of [['product', product], ['post', post], ['page', page], ['company', company], ['company', { ...company, founded: 2014 }]] as const) {
    assert.equal(loaderSchemas[kind].safeParse(data).success, true, kind);
  }
});
