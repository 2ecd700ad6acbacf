// One linter for the whole tree: ESLint's recommended rules plus typescript-eslint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The folders of src/, bottom to top; a name in a list is one level whose
 * members do not import one another. The files at the root of src/
 * (app.ts, prepare-ahead.ts, server.ts, export.ts, metrics.ts) are the level `app`.
 */
export const LAYERS = [
  ['util'],
  ['i18n'],
  ['media'],
  ['config'],
  ['text'],
  ['routes'],
  ['content'],
  ['search'],
  ['query'],
  ['model'],
  ['http'],
  ['documents'],
  ['api', 'mcp', 'site', 'discovery'],
  ['app'],
  ['check'],
  ['publish'],
  ['import'],
  ['cli'],
];

const APP_FILES = ['app', 'server', 'export', 'export-redirects', 'metrics', 'prepare-ahead'];

export default tseslint.config(
  { ignores: ['node_modules/', 'test-output/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  // The one script the site's pages load runs in the browser, as a classic script.
  { files: ['src/site/webmcp.js'], languageOptions: { globals: globals.browser, sourceType: 'script' } },
  // Layering: src/ is one stack of folders, each importing only the folders below it (ARCHITECTURE.md
  // draws it). The doors stand side by side on one level and never import one another.
  ...layers(),
  // A function that does one job fits on a screen or two.
  { files: ['src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.js'], rules: { 'max-lines-per-function': ['error', { max: 150 }] } },
);

/** The patterns that name the folder `name` from a file one folder below src/ (or from the root, for `app`). */
function named(name) {
  if (name === 'app') return APP_FILES.flatMap((file) => [`../${file}.js`, `**/src/${file}.js`]);
  return [`../${name}/*`, `./${name}/*`, `**/src/${name}/*`];
}

/** The import rules of each level of src/, as flat-config blocks: nothing above a level, nor beside it. */
function layers() {
  return LAYERS.flatMap((level, index) => {
    const above = LAYERS.slice(index + 1).flat();
    return level.map((name) => {
      const beside = level.filter((other) => other !== name);
      const groups = [
        ...(above.length ? [{ group: above.flatMap(named), message: `src/${name === 'app' ? '*.ts' : `${name}/`} is below ${above.join(', ')} (eslint.config.js, LAYERS): move what both need down, or this code up.` }] : []),
        ...(beside.length ? [{ group: beside.flatMap(named), message: 'A door never imports another door: put what both need below the doors.' }] : []),
      ];
      return {
        files: name === 'app' ? APP_FILES.map((file) => `src/${file}.ts`) : [`src/${name}/**/*.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: groups }] },
      };
    });
  });
}
