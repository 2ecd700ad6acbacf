// Builds dist/vitrine.mjs (or OUTDIR/vitrine.mjs: `node scripts/build.js
// [OUTDIR]`): the command line (bin/cli.ts) and everything it imports,
// dependencies included, bundled by esbuild into one ES module, with the
// stylesheet beside it. One file parsed at start instead of hundreds resolved
// and read one by one: `npm start` runs it (README, "Operating"). Built
// elsewhere than dist/, set CONTENT_DIR: the default is ../content from the
// bundle.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(process.argv[2] ?? `${root}dist`);

await rm(dist, { recursive: true, force: true });
await mkdir(dist);
await build({
  entryPoints: [`${root}bin/cli.ts`],
  outfile: `${dist}/vitrine.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Dependencies written as CommonJS call require(): give the module one.
  banner: { js: "import { createRequire as __vitrineCreateRequire } from 'node:module'; const require = __vitrineCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
// src/site/assets.ts reads it beside the module that runs.
await copyFile(`${root}src/site/site.css`, `${dist}/site.css`);
