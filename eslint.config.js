import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { oneWayImports } from './eslint-rules/one-way-imports.js';

const web = 'apps/web/src';
const features = (() => {
  try {
    return readdirSync(`${web}/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

/** DESIGN.md §4.1: app → features → shared. Features do not import each other. */
const zones = [
  {
    target: `${web}/components/`,
    from: [`${web}/features/`, `${web}/app/`],
    message: 'UI primitives import nothing from features or app.',
  },
  {
    target: `${web}/lib/`,
    from: [`${web}/features/`, `${web}/app/`],
    message: 'lib is shared: it imports no feature or screen.',
  },
  { target: `${web}/features/`, from: [`${web}/app/`], message: 'Features do not import screens.' },
  ...features.map((f) => ({
    target: `${web}/features/${f}/`,
    from: [`${web}/features/`],
    except: [`${web}/features/${f}/`],
    message: 'Features do not import each other; compose them in a screen under app/.',
  })),
  { target: 'packages/', from: ['apps/', '@portal/server', '@portal/web'], message: 'Packages never import an app.' },
  { target: 'apps/server/', from: ['apps/web/', '@portal/web'], message: 'The server does not import the web app.' },
  { target: 'apps/web/', from: ['apps/server/', '@portal/server'], message: 'The web app does not import the server.' },
  {
    target: 'apps/web/',
    from: ['apps/backoffice/', '@portal/backoffice'],
    message: 'No staff code in the player bundle: the web app does not import the back office.',
  },
  {
    target: 'apps/backoffice/',
    from: ['apps/server/', '@portal/server'],
    message: 'The back office does not import the server.',
  },
  // Vendor boundaries (decision 030): the engines run in the browser; the vendors' services never do.
  {
    target: 'apps/web/',
    from: ['packages/vendors/', '@portal/vendors'],
    message: "The web app does not import a vendor's service (its I/O); the engines are @portal/house-vendor.",
  },
  {
    target: 'packages/house-vendor/',
    from: ['node:', 'fastify', 'kysely', 'pg', 'packages/vendors/', '@portal/vendors'],
    exceptFiles: /\.test\.ts$/,
    message: 'The house engines are pure and browser-safe: no I/O, no Node built-ins, no vendor service.',
  },
  {
    target: 'packages/contracts/',
    from: ['node:', 'fastify', 'kysely', 'pg', 'packages/vendors/', '@portal/vendors'],
    exceptFiles: /\.test\.ts$/,
    message: 'Contracts are imported by the browser too: zod and jose only (decision 031).',
  },
  {
    target: 'apps/server/src/modules/',
    from: ['packages/vendors/', '@portal/vendors'],
    exceptFiles: /modules\/games\/(in-process-vendors|vault\/vault-adapter)\.ts$|\.test\.ts$/,
    message:
      "The operator's modules reach a vendor only through its protocol; in-process-vendors.ts wires the built-in ones.",
  },
];
const root = import.meta.dirname;

/** The query builder's ways into a table (Kysely): only repositories call them. */
const QUERY_STARTS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.screens/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { portal: { rules: { 'one-way-imports': oneWayImports(root, zones) } } },
    rules: {
      'portal/one-way-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Stories get their worker's own server through the fixture (decision 035).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test and expect from './support/test.ts': it starts this worker's own server.",
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories for every query (docs/decisions/021): outside a repository, server code neither
    // builds a query nor holds the database handle; services get repositories from the composition root.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      '**/*.test-helpers.ts',
      // The schema, migrations (their own SQL), the connection and the demo seeds.
      'apps/server/src/db/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${QUERY_STARTS.join('|')})$/]`,
          message: 'Queries live in a *.repository.ts; the service calls the repository (docs/decisions/021).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: 'SQL lives in a *.repository.ts; the service calls the repository (docs/decisions/021).',
        },
      ],
    },
  },
  {
    // Services and routes get repositories and services, never the database handle (decisions 017, 021).
    // A service that runs a unit of work takes the repository's `transaction` and passes its `trx` on.
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', importNames: ['sql', 'Kysely'], message: 'SQL lives in a *.repository.ts.' }],
          patterns: [
            {
              group: ['**/db/client.ts'],
              importNames: ['Db', 'openDatabase'],
              message:
                "A service gets repositories from the composition root, not the database (use the repository's `transaction` and `Executor`).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
      },
    },
  },
);
