#!/usr/bin/env node
// The vitrine command. It runs the TypeScript sources through tsx (a
// dependency), so no build step stands between a checkout and a server.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
