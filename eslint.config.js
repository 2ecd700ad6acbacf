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
  {
    // The layers below the doors know nothing of HTTP, MCP or the doors themselves.
    files: ['src/query/**/*.ts', 'src/content/**/*.ts', 'src/search/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:http', 'node:https', 'node:net', 'fastify', '@modelcontextprotocol/*'], message: 'The query, content and search layers take no part in HTTP or MCP.' },
            { group: ['**/http/*', '**/api/*', '**/mcp/*', '**/discovery/*'], message: 'The query, content and search layers are below the doors and the pipeline.' },
          ],
        },
      ],
    },
  },
);
