#!/usr/bin/env node
// The vitrine command (`vitrine --help` lists its commands), run one of two ways:
// - in a checkout, where the TypeScript sources sit beside this file, from the
//   sources through tsx, so no build step stands between an edit and a run;
// - in an installed package, which ships no sources, from dist/vitrine.mjs: the
//   same command with every dependency bundled in (scripts/build.js), so the
//   package needs nothing installed beside it.
import { existsSync } from 'node:fs';

const sources = new URL('../src/cli/main.ts', import.meta.url);
const bundle = new URL('../dist/vitrine.mjs', import.meta.url);

if (existsSync(sources)) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.error('vitrine: the sources need their dependencies: run `npm install` in this checkout first');
    process.exit(1);
  }
  register();
  await import('./cli.ts');
} else if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  console.error('vitrine: this copy has neither its sources nor its bundle (dist/vitrine.mjs): reinstall the package, or run `npm run build` in a checkout');
  process.exit(1);
}
