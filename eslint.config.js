// One lint set-up for the whole code base (web app, server, scripts, tests), run by `npm test`.
// Type-aware rules from typescript-eslint, the rules of hooks, accessibility of JSX; formatting is
// Prettier's alone (eslint-config-prettier turns the stylistic rules off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'data/', '.test-data/', 'test-artifacts/', 'bench/.data/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'bench/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A disable needs its reason on the same line (`-- why`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The first field of a form the member has just opened (a dialog, the profile form) takes the focus on
      // purpose, so typing starts at once; antd's inputs are components, not DOM elements.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // React ignores what an event handler returns: an async handler (`onFinish={save}`) catches its own
      // failures and shows them; the rest of no-misused-promises stays on.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // API and database tests read what light-my-request's `response.json()` and pg's rows give and fetch stubs' bodies (typed `any` by
    // those libraries) and check it with `expect`: a wrong shape fails the assertion, so reaching into the body
    // costs nothing, while a type written at every `response.json().message` would only restate the assertion.
    // Passing such a value on, returning it or calling it stays checked.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
