import assert from 'node:assert/strict';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import ts from 'typescript';
import { ROOT } from '../helper.js';
import { ADVICE, describeDiagnostics, useServedDocument } from './_served-document.js';

/**
 * The served /openapi.json through a second, independent generator:
 * @hey-api/openapi-ts writes a typed SDK and its own fetch client, which
 * type-check (strict) a consumer that syncs the articles, follows `next`,
 * fetches each by its `slug` and narrows a problem document on `code`, then
 * fetches each page the site declares by its list item's `slug`; the same
 * consumer, compiled, then runs against the server. The same consumer
 * with a number for the slug must not compile: the generated types are not
 * loose enough to accept anything.
 */

const served = useServedDocument('vitrine-codegen-hey-api-');

/** The consumer a developer would write with the generated SDK: an incremental sync. */
const CONSUMER = `import { client } from './client.gen.js';
import { getPage, getPost, listPages, listPosts } from './sdk.gen.js';
import type { ListPostsData, PostList, Problem } from './types.gen.js';

type Categories = NonNullable<ListPostsData['query']>['category'];

${ADVICE}

export async function sync(
  baseUrl: string,
  since: string,
  categories: Categories,
): Promise<{ slugs: string[]; total: number; missing: string | undefined; pages: string[] }> {
  client.setConfig({ baseUrl });
  // The SDK writes a filter's several values as one parameter, separated by commas, as the document says (explode: false).
  const first = await listPosts({ query: { updated_since: since, sort: 'updated_at', limit: 3, locale: ['en', 'pt-BR'], category: categories } });
  if (first.error) throw new Error(advice(first.error));
  let page: PostList = first.data;
  const total = page.total;
  const slugs: string[] = [];
  for (;;) {
    for (const item of page.items) {
      const one = await getPost({ path: { slug: item.slug } });
      if (one.error) throw new Error(advice(one.error));
      const markdown: string = one.data.markdown;
      if (markdown.length > 0) slugs.push(one.data.slug);
    }
    if (page.next === null) break;
    // next is the absolute URL of the following page, with the same filters.
    page = (await (await fetch(page.next)).json()) as PostList;
  }
  const gone = await getPost({ path: { slug: 'no-such-article' } });
  let missing: string | undefined;
  if (gone.error) {
    if (gone.error.code === 'not_found') missing = advice(gone.error);
  }
  // The pages the site declares, fetched the same way: each list item's slug is one the path takes.
  const listed = await listPages({ query: { limit: 100 } });
  if (listed.error) throw new Error(advice(listed.error));
  const pages: string[] = [];
  for (const item of listed.data.items) {
    const one = await getPage({ path: { slug: item.slug }, query: { locale: item.locale } });
    if (one.error) throw new Error(advice(one.error));
    pages.push(one.data.slug);
  }
  return { slugs, total, missing, pages };
}
`;

/** Every .ts file under `root`: the generated SDK, its client and the consumers. */
async function sources(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, encoding: 'utf8' });
  return entries.filter((entry) => entry.endsWith('.ts')).map((entry) => path.join(root, entry));
}


describe('/openapi.json for a second client generator', { timeout: 60_000 }, () => {
  test('a @hey-api/openapi-ts SDK type-checks a sync consumer (strict), which then runs against the server', async () => {
    const generated = path.join(served.dir, 'client');
    // The document as served, in memory: nothing is fetched, no crash report is written or offered.
    await createClient({
      input: structuredClone(served.document),
      output: { path: generated, module: { extension: '.js' } },
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent', file: false },
      interactive: false,
    });
    const good = path.join(generated, 'consumer.ts');
    await writeFile(good, CONSUMER);
    const bad = path.join(generated, 'consumer-number-slug.ts');
    const broken = CONSUMER.replace('getPost({ path: { slug: item.slug } })', 'getPost({ path: { slug: 1 } })');
    assert.notEqual(broken, CONSUMER);
    await writeFile(bad, broken);

    const out = path.join(served.dir, 'js');
    const program = ts.createProgram(await sources(generated), {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      // The generated fetch client names the DOM's BodyInit, which @types/node 20 does not declare globally.
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules', '@types')],
      skipLibCheck: true,
      rootDir: generated,
      outDir: out,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const inBad = diagnostics.filter((d) => d.file && path.resolve(d.file.fileName) === bad);
    // Everything generated compiles, strict, as does the consumer.
    assert.deepEqual(describeDiagnostics(diagnostics.filter((d) => !inBad.includes(d))), '', 'the SDK and the consumer compile against the served document');
    assert.match(describeDiagnostics(inBad), /consumer-number-slug\.ts:\d+: Type 'number' is not assignable to type 'string'/, 'a number is not a slug');

    // Run it: the generated SDK and types describe what the server really sends.
    const emitted = program.emit();
    assert.equal(emitted.emitSkipped, false);
    await writeFile(path.join(out, 'package.json'), JSON.stringify({ type: 'module' }));
    const consumer = (await import(pathToFileURL(path.join(out, 'consumer.js')).href)) as {
      sync: (base: string, since: string, categories: string[]) => Promise<{ slugs: string[]; total: number; missing: string | undefined; pages: string[] }>;
    };
    // Every category the document lists, several with spaces or accents: one comma-separated value the server must split back.
    const posts = (served.document as { paths: Record<string, { get: { parameters: { name: string; schema: { items?: { enum?: string[] } } }[] } }> }).paths['/api/v1/posts']!;
    const categories = posts.get.parameters.find((p) => p.name === 'category')?.schema.items?.enum ?? [];
    assert.ok(categories.length > 1);
    const all = (await (await fetch(`${served.url}/api/v1/posts?limit=1`)).json()) as { total: number };
    const result = await consumer.sync(served.url, '2000-01-01T00:00:00Z', categories);
    assert.equal(result.total, all.total, 'every article is in one of the categories and one of the locales');
    assert.equal(result.slugs.length, result.total);
    assert.equal(new Set(result.slugs).size, result.total, 'next walks every page once');
    assert.ok(result.total > 3, 'the sync followed next');
    assert.match(result.missing ?? '', /^use one of /);
    const pages = (await (await fetch(`${served.url}/api/v1/pages?limit=100`)).json()) as { items: { slug: string }[] };
    assert.deepEqual(result.pages, pages.items.map((p) => p.slug));
    assert.ok(result.pages.length > 1);
  });
});
