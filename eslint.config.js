import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Every workspace folder; test-support is one too. */
const WORKSPACES = [
  'contracts',
  'lexicon',
  'storage',
  'server',
  'indexer',
  'feed-simulator',
  'web',
  'test-support',
];

/**
 * Another workspace is reached through its package name and the entry its package.json exports,
 * never by a path into its files: what a workspace does not export may change without notice.
 * contracts exports its API schemas (contracts/api/*); lexicon and test-support export their
 * modules one by one.
 */
const DEEP_WORKSPACE_IMPORTS = {
  patterns: [
    {
      regex: '^@jobbportalen/(?!contracts/api/[^/]+$|lexicon/[^/]+$|test-support/[^/]+$)[^/]+/',
      message: "Import another workspace by its package name only (its package.json 'exports').",
    },
    {
      regex: `^(\\.\\./)+(${WORKSPACES.join('|')})/`,
      message: 'Import another workspace by its package name, not by a relative path into its files.',
    },
  ],
};

/**
 * SQL belongs to the repository modules that own their tables; everything else calls them. Kysely
 * query builders, the `sql` template and a pg/PGlite client's `.query(` are all SQL.
 */
const SQL_OUTSIDE_REPOSITORIES = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto)$/]',
    message: 'SQL lives in a repository module (*.repository.ts): call a function there.',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
    message: 'SQL lives in a repository module (*.repository.ts): call a function there.',
  },
  {
    selector: "CallExpression[callee.property.name='query']",
    message: 'SQL lives in a repository module (*.repository.ts): call a function there.',
  },
];

/** Where SQL may be written: the owners of tables, the schema's own code, tests and their helpers. */
const SQL_OWNERS = [
  '**/*.repository.ts',
  'storage/src/repositories/**',
  'indexer/src/repositories/**',
  'storage/src/migrations/**',
  'storage/src/db/**',
  // The rate-limit store owns its table: @fastify/rate-limit's store interface sits on it directly.
  'server/src/plugins/rate-limit-store.ts',
  '**/*.test.ts',
  '**/*.test-helper.ts',
  'test-support/**',
  'web/e2e/**',
  'scripts/**',
];

/**
 * A feature is a folder under features/; it may use the shared pieces (server: http/, plugins/,
 * accounts/; web: lib/, components/, app/) but never another feature, so each can change alone.
 */
const FEATURE_ELEMENTS = [
  { type: 'server-feature', pattern: 'server/src/features/*', capture: ['feature'] },
  { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'] },
];

const noCrossFeatureImport = (type) => ({
  from: { element: { type } },
  disallow: { to: { element: { type, captured: { feature: '!{{ from.element.captured.feature }}' } } } },
  message: 'A feature never imports another feature: move what both need to a shared folder.',
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [DEEP_WORKSPACE_IMPORTS.patterns[0]] }],
    },
  },
  {
    files: WORKSPACES.map((name) => `${name}/**/*.{ts,tsx,js,mjs}`),
    rules: { 'no-restricted-imports': ['error', DEEP_WORKSPACE_IMPORTS] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: SQL_OWNERS,
    rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES] },
  },
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': FEATURE_ELEMENTS,
      // Resolves the sources' `./x.js` imports to the `.ts` files they name.
      'import/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [noCrossFeatureImport('server-feature'), noCrossFeatureImport('web-feature')],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
