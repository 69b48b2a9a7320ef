import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of the web app, and what each may import. Imports point one way:
 *   app -> features -> components -> hooks -> api -> lib
 * (app: router, providers, start-up; features/<area>: screens of one area; components: shared UI;
 * hooks: shared React hooks; api: server state every area shares (settings, the signed-in person,
 * the venue state, the session); lib: plain helpers, the API and socket clients, paths).
 * A feature imports no other feature: what two areas share moves down a layer.
 */
const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const WEB_LAYERS = ['app', 'features', 'components', 'hooks', 'api', 'lib'];
const WEB_FEATURES = readdirSync(path.join(WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_LAYER_ZONES = [
  ...WEB_LAYERS.slice(1).map((layer, i) => ({
    target: `./${layer}`,
    from: WEB_LAYERS.slice(0, i + 1).map((upper) => `./${upper}`),
    message: `Layers point one way (${WEB_LAYERS.join(' -> ')}): ${layer}/ may not import from a layer above it.`,
  })),
  ...WEB_FEATURES.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what they share to components/, hooks/, api/ or lib/.',
  })),
  {
    target: './test',
    from: ['./app', './features', './components'],
    message: 'The shared test helpers stay below the screens they help test.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.ts', 'apps/server/build.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      // TypeScript files are parsed as such when a rule follows an import...
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // ...and `@/...` and the workspace packages resolve, so the rules see where an import really goes.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: WEB_SRC, zones: WEB_LAYER_ZONES }],
    },
  },
  {
    // The app's own code never reaches into the test helpers.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/features/*/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: WEB_SRC,
          zones: [
            ...WEB_LAYER_ZONES,
            { target: '.', from: './test', message: 'Test helpers are for tests only.' },
            { target: '.', from: './features/*/test/**', message: 'Test fixtures are for tests only.' },
          ],
        },
      ],
    },
  },
  {
    // The product's source files stay short enough to read in one sitting. Migrations are frozen
    // history, and tests and their helpers are long lists of cases; they are left out.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/db/migrations/**',
      '**/test-support/**',
      'apps/web/src/test/**',
      'apps/web/src/features/*/test/**',
    ],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
