// Builds dist/vitrine.mjs: the command line (bin/cli.ts) and everything it
// imports, dependencies included, bundled by esbuild into one ES module, with
// the stylesheet beside it. One file parsed at start instead of hundreds
// resolved and read one by one: `npm start` runs it (docs/operating.md, "Start-up"),
// and it is what the package `npm pack` makes runs (prepack builds it; the
// package ships dist/ without the source map). sharp alone stays outside the
// bundle: it loads libvips, a native library built for each platform, so it
// is the package's one dependency and the bundle imports it from node_modules.
//
//   node scripts/build.js [OUTDIR [ENTRY.ts ...]]
//
// OUTDIR (default dist/) is emptied first. Other entries (the benchmark's
// servers) are bundled the same way, each as OUTDIR/<name>.mjs. Built
// elsewhere than dist/, set CONTENT_DIR: the default is ../content from the
// bundle.
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Packages with native code, imported at run time from node_modules (package.json's dependencies). */
const NATIVE = ['sharp'];
const [outdir = path.join(root, 'dist'), ...entries] = process.argv.slice(2);
const dist = path.resolve(outdir);
const outputs =
  entries.length === 0
    ? [[path.join(root, 'bin', 'cli.ts'), 'vitrine.mjs']]
    : entries.map((entry) => [path.resolve(entry), `${path.basename(entry, '.ts')}.mjs`]);

await rm(dist, { recursive: true, force: true });
await mkdir(dist);
for (const [entry, file] of outputs) {
  await build({
    entryPoints: [entry],
    outfile: path.join(dist, file),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Dependencies written as CommonJS call require(): give the module one.
    banner: { js: "import { createRequire as __vitrineCreateRequire } from 'node:module'; const require = __vitrineCreateRequire(import.meta.url);" },
    logLevel: 'warning',
    external: NATIVE,
  });
}
// src/site/assets.ts reads them beside the module that runs.
await copyFile(path.join(root, 'src', 'site', 'site.css'), path.join(dist, 'site.css'));
await copyFile(path.join(root, 'src', 'site', 'webmcp.js'), path.join(dist, 'webmcp.js'));
// src/i18n/catalog.ts reads the message catalogs from messages/ beside it.
const messages = path.join(root, 'src', 'i18n', 'messages');
await mkdir(path.join(dist, 'messages'));
for (const file of (await readdir(messages)).filter((name) => name.endsWith('.yaml'))) {
  await copyFile(path.join(messages, file), path.join(dist, 'messages', file));
}
