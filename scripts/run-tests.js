#!/usr/bin/env node
// Runs every test/**/*.test.ts with node:test (Node 20's --test does not expand
// globs). A run that finds no test file fails: a silent empty suite is broken.
// Arguments filter the files by substring: `npm run test:unit -- mcp site/`.
// Two files run at a time, even on two cores (node:test would run one): much
// of a test's time is spent waiting on another process (Chromium, a server
// it started, nginx, Redis, npm), and every test listens on a free port.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const filters = process.argv.slice(2);
const files = readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('test', file))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`run-tests: no test file matches ${filters.length ? filters.join(', ') : 'test/**/*.test.ts'}`);
  process.exit(1);
}

const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
