import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the package: the nearest folder above this module that holds
 * a package.json. The module is in src/config/ in a checkout and is
 * dist/vitrine.mjs in an installed package (node_modules/vitrine), at two
 * depths; the package's own folders are found from there.
 */
const PACKAGE_DIR = ((): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** The demo content, shipped with the package. */
export const DEFAULT_CONTENT_DIR = path.join(PACKAGE_DIR, 'content');

/** The JSON Schemas of site.yaml and the front matter, for editors, shipped with the package. */
export const SCHEMAS_DIR = path.join(PACKAGE_DIR, 'schemas');
