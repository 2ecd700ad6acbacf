#!/usr/bin/env node
// The vitrine command, straight from the TypeScript sources through tsx (a
// dependency), so no build step stands between a checkout and a server;
// `npm start` runs the bundle of the same command (scripts/build.js).
// `vitrine --help` lists the commands.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
