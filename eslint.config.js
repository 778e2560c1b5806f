// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import boundaries from docs/architecture.md, one rule set per folder. */
const boundary = (/** @type {string[]} */ forbidden, /** @type {string} */ why) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((folder) => ({
        group: [`**/${folder}`, `**/${folder}/**`],
        message: why,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'bin'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/server/**', 'src/cli/**', 'tests/**', 'e2e/**', 'bench/**', '*.config.*', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/api/**', 'src/machines/**', 'src/ui/**', 'src/viewer/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/engine/**'],
    rules: boundary(
      ['contract', 'server', 'api', 'machines', 'ui', 'viewer', 'cli'],
      'The engine is pure: it imports nothing of ours.',
    ),
  },
  {
    files: ['src/contract/**'],
    rules: boundary(
      ['server', 'api', 'machines', 'ui', 'viewer', 'cli'],
      'The contract imports only the engine.',
    ),
  },
  {
    files: ['src/server/**'],
    rules: boundary(['ui', 'machines', 'viewer', 'api', 'cli'], 'The server never imports browser code.'),
  },
  {
    files: ['src/cli/**'],
    rules: boundary(
      ['server', 'ui', 'machines', 'viewer', 'api'],
      'The CLI imports only engine and contract.',
    ),
  },
  {
    files: ['src/api/**'],
    rules: boundary(
      ['server', 'ui', 'machines', 'viewer', 'cli'],
      'src/api is the wire: contract and ky only.',
    ),
  },
  {
    files: ['src/machines/**'],
    rules: {
      ...boundary(
        ['server', 'ui', 'viewer', 'cli'],
        'Machines hold behaviour only: no React, DOM views, Babylon or server code.',
      ),
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'Machines do not import React.' },
            { name: 'react-dom', message: 'Machines do not import React.' },
          ],
          patterns: [
            {
              group: [
                '**/server',
                '**/server/**',
                '**/ui',
                '**/ui/**',
                '**/viewer',
                '**/viewer/**',
                '**/cli/**',
              ],
              message: 'Machines hold behaviour only.',
            },
            { group: ['@babylonjs/*'], message: 'Machines do not import Babylon.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**'],
    rules: boundary(['server', 'cli'], 'Browser code never imports the server.'),
  },
  {
    files: ['src/viewer/**'],
    rules: boundary(['server', 'cli', 'ui', 'machines'], 'The viewer is an imperative class of its own.'),
  },
);
