#!/usr/bin/env node
// Writes the "Configuration" table of docs/operating.md, between its
// <!-- settings:start --> and <!-- settings:end --> markers, from the
// declarations of the settings (src/config/settings.ts). Run it after
// changing a declaration and commit the file with the change: a test fails
// while the table differs from what this writes.
//
//   npm run docs:settings
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { withSettingsTable } = await import('../src/config/settings.ts');

const file = fileURLToPath(new URL('../docs/operating.md', import.meta.url));
const before = await readFile(file, 'utf8');
const after = withSettingsTable(before);
if (after === before) {
  console.log('docs/operating.md: the settings table is up to date');
} else {
  await writeFile(file, after);
  console.log('docs/operating.md: wrote the settings table');
}
