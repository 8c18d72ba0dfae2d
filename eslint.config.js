// ESLint flat config: type-aware TypeScript rules, React hooks, JSX accessibility, and the import
// boundaries the folder layout stands for (README, "Folders"). `npm run lint` runs it with
// Prettier's check; `npm test` runs both first and fails on any finding.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { e2eTestScope } from './scripts/eslint/e2e-test-scope.js';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_FOLDERS = readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
  .map((entry) => entry.name);
/** server/'s services: every folder that is not the model, storage, the engine, the composition or the routes. */
const SERVICES = SERVER_FOLDERS.filter((folder) => !['model', 'db', 'graphql', 'composition', 'http'].includes(folder));
/** What ships: the server, the SPA, shared rules and the deployable AWS backend. */
const PRODUCT = ['server/**', 'src/**', 'shared/**', 'amplify/data/**', 'amplify/functions/**', 'amplify/backend.ts'];

/**
 * What a feature offers other screens (decision 0364): the pieces of Reserve for pickup and of RSVPs
 * that the item, menu, events and account pages and the header show. Each is imported by its own
 * path, not through an index, so the lazily loaded ones stay chunks of their own, out of a guest's
 * scripts (design §4). The rest of a feature is its own.
 */
const OFFERED = {
  pickup: ['PickupControl.tsx', 'AddToPickupList.tsx', 'PickupHeaderLink.tsx', 'notify-me-api.ts'],
  rsvp: ['RsvpSlot.tsx', 'MyRsvps.tsx'],
};
const OFFERED_PATHS = Object.entries(OFFERED).flatMap(([feature, files]) => files.map((file) => `./${feature}/${file}`));

/** Import boundaries between the top-level folders and between the layers of server/ (README, "Folders"). */
const BOUNDARIES = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...OFFERED_PATHS],
    message:
      'A feature imports nothing of another but the pieces it offers (OFFERED): move what both need to src/components, src/lib or shared/.',
  })),
  {
    target: ['./src/components', './src/lib', './src/hooks', './src/config'],
    from: './src/features',
    except: OFFERED_PATHS,
    message: 'The shared building blocks import nothing of a feature but the pieces it offers (OFFERED).',
  },
  { target: './src', from: './server', message: 'The SPA never imports the local server: share through shared/.' },
  { target: './server', from: './src', message: 'The local server never imports the SPA: share through shared/.' },
  {
    target: './shared',
    from: ['./src', './server', './amplify', './demo', './tests'],
    message: 'shared/ is imported by the browser, the server and the Lambda handlers; it imports none of them.',
  },
  // Layers inside server/ (docs/architecture.md, "Layers"): model <- db <- services <- graphql <- composition <- http.
  {
    target: './server/model',
    from: './server',
    except: ['./model'],
    message: 'server/model/ is the data model: it imports nothing else of the server.',
  },
  {
    target: './server/db',
    from: SERVER_FOLDERS.filter((folder) => !['model', 'db'].includes(folder)).map((folder) => `./server/${folder}`),
    message: 'Storage (server/db/) imports only the data model.',
  },
  ...SERVICES.map((service) => ({
    target: `./server/${service}`,
    from: ['./server/graphql', './server/composition', './server/http', './server/app.ts', './server/main.ts'],
    message: 'Services never import GraphQL or HTTP code: the engine and the routes call them.',
  })),
  {
    target: './server/graphql',
    from: ['./server/composition', './server/http', './server/app.ts', './server/main.ts'],
    message: 'The GraphQL engine does not know the operations or the routes that use it.',
  },
  {
    target: './server/composition',
    from: ['./server/http', './server/app.ts', './server/main.ts'],
    message: 'Operations do not know the HTTP routes.',
  },
];

/** amplify/ holds only what deploys (decision 0362): the backend, its functions and data, its deploy scripts. */
const DEPLOYABLE_AMPLIFY = ['amplify/**'];
/** The test runners' configurations. */
const TEST_CONFIGS = ['./playwright.config.ts', './vitest.config.ts'];

/**
 * Product code and all of amplify/ never depend on scaffolding: the demo shop, tests/ (test support,
 * the DynamoDB fakes, the AWS emulation in tests/cloud-emulation/) or a test configuration.
 * server/main.ts, the entry point that seeds the demo shop, aside.
 */
const SCAFFOLDING_BOUNDARIES = [
  {
    target: ['./server', './src', './shared', './amplify'],
    from: ['./demo', './tests', ...TEST_CONFIGS],
    message:
      'Product code and amplify/ never import the demo shop, tests/ (test support, the DynamoDB fakes, the AWS emulation) or a test configuration.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'data/**',
      '.tmp/**',
      '.cache/**',
      '.amplify/**',
      'backups/**',
      'test-results/**',
      'playwright-report/**',
      'server/generated/**',
      'src/graphql/**',
      'amplify_outputs.json',
      'deploy/**/*.js',
      // The Amplify tooling and the AWS emulation have their own installs (npm run amplify:install) and tsconfigs.
      'amplify/node_modules/**',
      'amplify/layers/**',
      'tests/cloud-emulation/node_modules/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Event handlers may return promises (React ignores them; each handler reports its own failure).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Ports and handlers are `async` to turn a throw into a rejection, with or without an await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests, fakes and the offline AWS emulator (tests/cloud-emulation/) read JSON answers whose shape is what they assert.
    files: ['**/*.test.ts', '**/*.spec.ts', 'tests/**', '**/fake-*.ts', 'tests/support/throttle-store-contract.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The editors name their previews "Chosen image" and "Current image": the word tells the two apart.
      'jsx-a11y/img-redundant-alt': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Import boundaries: resolved paths, so a relative '../../menu/x' counts like any other spelling.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle parses each imported module: TypeScript's parser reads the .ts and .tsx ones.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // What ships, and anything in amplify/, never imports the demo shop, test support or a test
    // configuration; tests beside the code may.
    files: [...PRODUCT, ...DEPLOYABLE_AMPLIFY],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'server/main.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...BOUNDARIES, ...SCAFFOLDING_BOUNDARIES] }] },
  },
  {
    // A product function longer than this does several jobs: split it into parts (sub-components,
    // hooks, helpers) with one each. Tests, benchmarks and scripts read as lists of steps.
    files: PRODUCT,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', 'tests/**', 'bench/**', 'scripts/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Each browser test says where it runs (docs/testing.md).
    files: ['tests/e2e/**/*.spec.ts'],
    plugins: { shop: { rules: { 'e2e-test-scope': e2eTestScope } } },
    rules: { 'shop/e2e-test-scope': 'error' },
  },
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  prettier,
);
