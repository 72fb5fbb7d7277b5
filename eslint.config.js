// ESLint flat config for every JavaScript file of the repository (run by scripts/lint.sh). Formatting is
// Prettier's (.prettierrc); this checks for mistakes only: the recommended rules plus a few the code
// already follows.
import js from '@eslint/js';
import jsdoc from 'eslint-plugin-jsdoc';
import globals from 'globals';

// Product code whose exported functions, classes and arrow-function constants carry a JSDoc line
// (CONTRIBUTING.md, Comments). The package's types stay in the hand-written wasm/*.d.ts.
const DOCUMENTED = [
  'web/src/views/**/*.js',
  'web/src/lib/**/*.js',
  'web/widgets/src/**/*.js',
  'web/src/explorer/**/*.js',
  'web/src/scan/**/*.js',
  'web/src/panels/**/*.js',
  'wasm/valkey/**/*.js',
  'wasm/*.js',
  'wasm/lib/**/*.js',
  'wasm/cli/**/*.js',
  'bridge/src/**/*.js',
];

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
    files: ['web/src/**/*.js', 'web/widgets/src/**/*.js', 'web/docs/.vitepress/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: DOCUMENTED,
    plugins: { jsdoc },
    rules: {
      'jsdoc/require-jsdoc': [
        'error',
        {
          publicOnly: true,
          // An empty block inserted by --fix would pass the rule and say nothing: the author writes it.
          enableFixer: false,
          require: {
            FunctionDeclaration: true,
            ClassDeclaration: true,
            ArrowFunctionExpression: true,
            FunctionExpression: true,
          },
        },
      ],
      'jsdoc/check-param-names': 'error',
      // The custom-elements-manifest analyzer reads these tags off the widgets' classes.
      'jsdoc/check-tag-names': ['error', { definedTags: ['tag', 'attr', 'csspart', 'cssprop'] }],
    },
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
