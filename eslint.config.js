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
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
      // The Amplify tooling has its own install (npm run amplify:install) and tsconfig.
      'amplify/node_modules/**',
      'amplify/layers/**',
      'amplify/emulation/node_modules/**',
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
    // Tests, fakes and the offline AWS emulator read JSON answers whose shape is what they assert.
    files: [
      '**/*.test.ts',
      '**/*.spec.ts',
      'tests/**',
      'amplify/emulation/**',
      '**/fake-*.ts',
      'server/accounts/throttle-store-contract.ts',
    ],
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
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to src/components, src/lib or shared/.',
            })),
            { target: './src', from: './server', message: 'The SPA never imports the local server: share through shared/.' },
            { target: './server', from: './src', message: 'The local server never imports the SPA: share through shared/.' },
            {
              target: './shared',
              from: ['./src', './server', './amplify'],
              message: 'shared/ is imported by the browser, the server and the Lambda handlers; it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  prettier,
);
