// ESLint flat config for every JavaScript file of the repository (run by scripts/lint.sh). Formatting is
// Prettier's (.prettierrc); this checks for mistakes only: the recommended rules plus a few the code
// already follows.
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    // wasm/bindings/invokers.js is an Emscripten JS library: it goes through the C preprocessor first.
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-single/',
      'build/',
      '.run/',
      'bench/out/',
      'tests/e2e/output/',
      'wasm/bindings/invokers.js',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: globals.node,
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
      // Matching control bytes is deliberate here: hostile input is escaped or refused, never passed on.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['web/src/**/*.js', 'web/docs/.vitepress/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Tests whose functions also run inside the page (page.evaluate).
    files: [
      'tests/e2e/**/*.js',
      'tests/examples/**/*.js',
      'tests/wasm/package.test.js',
      'tests/consumers/browser.js',
      'bench/js/startup.js',
    ],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
];
