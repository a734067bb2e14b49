// One lint setup for the whole workspace. Besides correctness rules it enforces the import
// directions of STYLE.md: domain imports no I/O; web features never import each other
// (shared → features → app); an API module never reaches into another module's repository, and only
// a repository builds SQL.
import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'os',
];
const IO_PACKAGES = [
  'kysely',
  'kysely/*',
  'pg',
  'better-sqlite3',
  'fastify',
  'fastify/*',
  '@fastify/*',
  'react',
  'react-dom',
  'react/*',
];
// The calls that start a Kysely query; only a module's repository files may make them.
const QUERY_STARTERS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
];
const SQL_IN_REPOSITORIES =
  "SQL lives in the module's repository.ts or *.repository.ts; call a function there.";

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prerender/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      // `npm run release`'s staging copy and tarball (ignored by git, decision 087).
      'release/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits, an async handler where a void one is expected, a
    // switch that forgets a member of its union, a cast the types already guarantee.
    files: ['**/*.{ts,tsx}'],
    // The root vitest.config.ts belongs to no tsconfig (each package's covers its own folder only).
    ignores: ['vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default` is a deliberate "every other member" (six switches say so); without one, every member.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'date-fns',
              message:
                "Import each function from its own module ('date-fns/addMonths'): the root loads ~300 modules at every start of the API.",
            },
          ],
          patterns: [
            {
              group: [...NODE_BUILTINS, ...IO_PACKAGES],
              message: 'packages/domain holds rules only: no I/O, no framework.',
            },
            {
              group: ['**/apps/**', '@lisbon/api', '@lisbon/web'],
              message: 'domain is imported by the apps, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/features/**'],
              message: 'A feature never imports another feature; compose them in src/app.',
            },
            {
              group: ['@/app', '@/app/*', '@/app/**'],
              message: 'Features do not import the app layer (shared → features → app).',
            },
            {
              group: ['../../*', '../../**'],
              message: 'Stay inside the feature; reach shared code through @/shared or @/api.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}', 'apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/features/**', '@/app', '@/app/*', '@/app/**'],
              message: 'Shared code does not import features or the app.',
            },
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/repository', '../*/repository.ts', '**/modules/*/repository'],
              message: "Call another module's service, never its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // The repository holds all SQL: elsewhere in a module Kysely's types may be named, but no
    // query is built (a service passes its transaction to repository functions).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/repository.ts', '**/*.repository.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', allowTypeImports: true, message: SQL_IN_REPOSITORIES }],
          patterns: [{ group: ['kysely/*'], allowTypeImports: true, message: SQL_IN_REPOSITORIES }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression > MemberExpression.callee > Identifier.property[name=/^(${QUERY_STARTERS.join('|')})$/]`,
          message: SQL_IN_REPOSITORIES,
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/domain/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a const array and a union type instead of an enum.' },
      ],
    },
  },
  {
    // Every text a page shows goes through i18n: no words written in JSX, nor in an attribute a
    // person reads or hears (a literal inside JSX elsewhere is a call's argument, a comparison or a
    // prop typed as a union of strings, which the rule leaves alone). Tests and the prerender's
    // document shell (src/boot, its texts read from the catalogues) are not pages.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**', 'apps/web/src/boot/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // Full matches: the DOM's and Mantine's attributes a person reads, and the app's own props
          // that carry a text (ConfirmButton's confirmLabel, a toast's message, a table's caption,
          // a download's fileName, the empty and none texts of a list).
          'jsx-attributes': {
            include: [
              'aria-label',
              'title',
              'placeholder',
              'alt',
              'label',
              'description',
              'error',
              '[a-z]+Label',
              'message',
              'legend',
              'caption',
              'fileName',
              'intro',
              'failure',
              'empty',
              'none',
            ],
          },
          // A template literal in JSX is a text too (`Total ${n}`).
          'should-validate-template': true,
          // The rule's default callees whose string arguments are no text, and the staff
          // dashboard's d(key), its t for keys under operations.dashboard.
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'd',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
            ],
          },
          words: {
            exclude: [
              // Of the rule's defaults: digits and punctuation alone, CONSTANT_CASE, emoji (not its
              // HTML entities: a symbol alone, × or →, is a text to translate or to hide from readers).
              '[0-9!-/:-@[-`{-~]+',
              '[A-Z_-]+',
              /^\p{Emoji}+$/u,
              // Punctuation and spaces beyond ASCII: the separators '·' and '–', the dash '—' and the
              // ellipsis '…' that stand for a value not there.
              /^[\p{P}\p{Z}]+$/u,
              // The spec's example phone number, the same in every language (account details).
              '\\+39 06 1234 5678',
            ],
          },
        },
      ],
    },
  },
);
