// One lint for the whole repository: type-aware TypeScript rules everywhere (a promise nobody awaits or hands to a
// place that ignores it is an error), React hooks and accessibility rules in the web app, and import boundaries that
// keep the layers apart (the web app and the server never import each other; a web feature never imports another
// feature; only web/src/app composes features).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import fs from 'node:fs';

const webFeatures = fs.readdirSync(new URL('./web/src/features', import.meta.url));

/** Import boundaries that hold for every file. */
const boundaries = [
  { target: './web', from: './server', message: 'The web app talks to the server over HTTP only.' },
  { target: './server', from: './web', message: 'The server never imports the web app.' },
  {
    target: './packages/contract',
    from: ['./server', './web'],
    message: 'The contract is shared by both sides and depends on neither.',
  },
  {
    target: ['./web/src/features', './web/src/components', './web/src/lib'],
    from: './web/src/app',
    message: 'Only web/src/app composes features; nothing imports it.',
  },
  {
    target: ['./web/src/components', './web/src/lib'],
    from: './web/src/features',
    message: 'Shared code does not depend on a feature.',
  },
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Web features never import each other: compose them in web/src/app, or share from lib/components.',
  })),
];

/**
 * The server's lower layers know nothing of the product: the task queue knows tasks, leases and lanes, and the
 * providers know how to call a model; the engine registers its tasks with one and calls the other. Both may use the
 * database client and lib. Their tests drive them through the engine, so the rule holds for their sources only.
 */
const serverLayers = ['queue', 'providers'].map((layer) => ({
  target: `./server/src/${layer}`,
  from: './server/src',
  except: [`./${layer}`, './db', './lib'],
  message: `server/src/${layer} is below the product: it imports only itself, the database client and lib.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'web/public/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Each file is checked with the types of the tsconfig.json that includes it (the root one for every source).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins and hooks are async by contract (a plugin that is not async must call `done`), and an
      // implementation of a promise-returning interface may have nothing to wait for.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaries,
            ...serverLayers,
            {
              target: './server/src/verdicts',
              from: './server/src/evaluations/tasks',
              message: "Verdicts are scored for the engine's tasks: they never import them.",
            },
          ],
        },
      ],
    },
  },
  // Plain JavaScript (build scripts, worker entry points, this file) has no types to check against.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    // Tests read the API's answers as parsed JSON (`response.json()` is `any`) and assert on them right away; the
    // assertion is the check, so typing each answer first would add casts and no safety. The promise rules stay on.
    files: ['**/*.test.{ts,tsx}', 'server/test/**/*.ts', 'e2e/**/*.ts', 'web/src/testing/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region whose content scrolls (a long model output) takes the focus, so keyboard users can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  prettier,
  // After prettier's config, which turns max-len off: no source line over 140 characters (prettier wraps code at 120;
  // this catches the long strings, comments and test names it leaves alone).
  {
    files: [
      'server/src/**/*.ts',
      'server/test/**/*.ts',
      'web/src/**/*.{ts,tsx}',
      'packages/*/src/**/*.ts',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'test-support/**/*.ts',
    ],
    rules: {
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
);
