import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const api = './apps/api/src';

/**
 * A React app's layers (the client app and the team console share them): lib and components never
 * import features; features never import each other (they share through lib/ and components/);
 * only app/ composes them.
 */
function appLayers(src) {
  // Read from the folders, so a new feature is inside the boundaries from its first file.
  const features = fs.readdirSync(`${src}/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return {
    files: [`${src.slice(2)}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`${src}/lib`, `${src}/components`],
              from: `${src}/features`,
              message: 'lib/ and components/ never import features.',
            },
            ...features.map((feature) => ({
              target: `${src}/features/${feature}`,
              from: `${src}/features`,
              except: [`./${feature}`],
              message: 'Features never import each other; app/ composes them.',
            })),
            {
              target: [`${src}/lib`, `${src}/components`, `${src}/features`],
              from: `${src}/app`,
              message: 'app/ composes the app: only main.tsx (and the test harness) import it.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
    settings: {
      // Parses TypeScript modules for the rules that follow imports (no-cycle reads every module it reaches).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves what TypeScript resolves (paths, workspace packages), so import rules see real files.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}', 'packages/client/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // The design system renders what it is given: it knows no API type, role or plan, and no app.
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/ui/src', from: ['./packages/contract', './apps'], message: 'packages/ui is generic: the apps give it plain props (no contract, no app code).' }] },
      ],
    },
  },
  // The shared client has no screen code: it knows the contract, never an app, and of the ui kit
  // only types (the composer hook hands the composer its attachments), so none of it runs here.
  {
    files: ['packages/client/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/client/src', from: ['./apps'], message: 'packages/client is the apps\' one API client: it knows the contract, never an app.' }] },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@acompanha/ui', '@acompanha/ui/*', '**/packages/ui/**', '**/ui/src/**'], allowTypeImports: true, message: 'packages/client runs none of the ui kit: import its types only (`import type`).' }] },
      ],
    },
  },
  appLayers('./apps/web/src'),
  appLayers('./apps/console/src'),
  // The API's modules: each is reached through its repository and service; its routes (HTTP only)
  // are composed by app.ts alone, and nothing below the modules imports app.ts or server.ts.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/app.ts', 'apps/api/src/server.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: api,
              from: `${api}/modules/*/routes.ts`,
              message: "A module's routes are composed by app.ts only; reach another module through its repository or service.",
            },
            {
              target: api,
              from: [`${api}/app.ts`, `${api}/server.ts`],
              message: 'app.ts and server.ts assemble the server; nothing imports them.',
            },
            {
              // The layers below the modules: they are handed what they need of a module by app.ts.
              // The demo data (db/seed.ts) writes through the modules' repositories, as tests do.
              target: [`${api}/plugins/**`, `${api}/db/!(seed).ts`, `${api}/db/migrations/**`, `${api}/live/**`, `${api}/workers/**`, `${api}/counters/**`],
              from: `${api}/modules`,
              message: 'Imports point down the layers: plugins/, db/, live/, workers/ and counters/ never import modules/ (app.ts hands them what they need).',
            },
          ],
        },
      ],
    },
  },
);
