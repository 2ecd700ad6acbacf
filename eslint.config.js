// One linter for the whole tree: ESLint's recommended rules plus typescript-eslint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // Layering: the doors (api, mcp, site, discovery) stand side by side over one model, one query layer
  // and one pipeline; none imports another, and nothing below them imports a door.
  ...layers(),
);

/** The import rules of each folder of src/, as flat-config blocks. */
function layers() {
  const DOORS = ['api', 'mcp', 'site', 'discovery'];
  const doorImports = (doors) => ({ group: doors.flatMap((door) => [`**/${door}/*`, `../${door}/*`]), message: 'A door never imports another door, and nothing below the doors imports one: put what both need in src/model or src/query.' });
  const protocols = { group: ['node:http', 'node:https', 'node:net', '@modelcontextprotocol/*'], message: 'The model, query, content, media and search layers take no part in HTTP or MCP.' };
  const pipeline = { group: ['**/http/*', '../http/*'], message: 'The model, query, content, media and search layers are below the pipeline.' };
  const rule = (patterns) => ({ rules: { 'no-restricted-imports': ['error', { patterns }] } });
  return [
    ...DOORS.map((door) => ({ files: [`src/${door}/**/*.ts`], ...rule([doorImports(DOORS.filter((other) => other !== door))]) })),
    { files: ['src/http/**/*.ts'], ...rule([doorImports(DOORS)]) },
    { files: ['src/model/**/*.ts', 'src/query/**/*.ts', 'src/content/**/*.ts', 'src/media/**/*.ts', 'src/search/**/*.ts'], ...rule([doorImports(DOORS), protocols, pipeline]) },
  ];
}
