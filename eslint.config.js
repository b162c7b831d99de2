// ESLint (`npm run lint`, part of `npm test`, 0 warnings allowed): the rules that catch real bugs, not style.
// typescript-eslint comes through tools/lint-typescript, which installs it beside the TypeScript 6 compiler API it
// needs (the project itself compiles with TypeScript 7, which has no JS API; docs/architecture.md).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from '@vsim/lint-typescript';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'data/', '.tmp/', 'tools/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits or catches: its rejection is lost, or a write races the reply.
      // React Router's navigate() returns a promise only under a data router, which the app does not use.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Chinese text lays out with the ideographic space (U+3000) on purpose.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true, skipRegExps: true }],
      // Typing style rather than bugs: Kysely migrations and test doubles use `any` by design; empty interfaces are
      // declaration-merging points (the renderer registry) and generated props of screens without props.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      // Names and CSV cells are cleaned of control characters by regular expressions that name them on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Only the client has React components; server functions named use… are not hooks.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Scripts served to the browser as they are (the simulation and oral-exam stand-ins).
    files: ['server/assets/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
