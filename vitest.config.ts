import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));

/**
 * Web tests that need modules of their own: they replace a module (`vi.mock`), check what the
 * first import of the app fetches (the starting catalogue, a route's chunk), hydrate a page as a
 * first visit does (no toast shown yet, which would change the providers while they hydrate), start
 * a page with a language chosen or not (the language modules imported anew), or
 * drive a poll or a debounced search through fake or real time and failed now and then after other
 * files in one worker (the payment's return page, the staff search).
 */
const FRESH_MODULES = [
  'src/app/prefetch.test.ts',
  'src/app/providers.test.tsx',
  'src/shared/i18n/loading.test.ts',
  'src/shared/i18n/catalogueFailure.test.ts',
  'src/shared/i18n/languageOffer.test.ts',
  'src/shared/i18n/shown.test.tsx',
  'src/features/account/pages/InvoicePage.test.tsx',
  'src/features/practices/components/StatementPanel.test.tsx',
  'src/features/practices/pages/AppealPage.test.tsx',
  'src/features/verify/pages/SharedStatementPage.test.tsx',
  'src/features/payments/pages/PaymentReturnPage.test.tsx',
  'src/features/staff/pages/StaffOperations.test.tsx',
  'src/features/staff/workspace/DeliverySection.test.tsx',
];

/** API tests that replace a module (`vi.mock`): they run with modules of their own. */
const API_FRESH_MODULES = ['src/platform/passwords.test.ts'];

const web = {
  resolve: { alias: { '@': `${webRoot}src` } },
  test: {
    root: './apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Form tests type into many fields, and the first test rendering a page imports its chunk
    // (decision 063): a busy 2-core CI machine needs more than the 5 s default.
    testTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
  },
};

// One runner, four projects: pure rules, the API on a real database, the web client in happy-dom
// (files sharing modules per worker, and apart the few that need modules of their own).
export default defineConfig({
  test: {
    // A worker per core. Vitest's default keeps one core for itself, which on CI's 2-core machine
    // leaves one worker: measured on such a machine, the whole run took 438 s with one worker and
    // 323 s with two. Each file builds its apps on a temporary SQLite file of its own, chains and
    // servers take free ports, and the Redis tests count from addresses of their own. On PostgreSQL
    // (TEST_DATABASE_URL) each file has a database of its own, made from the run's template
    // (apps/api/test/template-database.ts).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Property tests run hundreds of cases: a busy 2-core machine needs more than the 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        // The build's own scripts: the first-visit budget and the pages it shares with pre-rendering.
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['*.test.mjs'],
          environment: 'node',
          // Scans of the repository's texts and commands run to their end: on a busy 2-core machine
          // some took more than the 5 s default, and failed. A test may run several commands, each
          // given 30 s by test-commands.mjs, so a test is given four times that.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: API_FRESH_MODULES,
          // One module graph per worker instead of one per file: every file builds its own apps
          // (test/helper.ts), so what the files shared was only the import of Fastify, Kysely, the
          // PDF and ledger libraries again and again, half of the suite's time.
          isolate: false,
          environment: 'node',
          testTimeout: 20_000,
          // A file's setup may publish a statement (its PDF rendered on a thread, its record anchored
          // on a local chain): on a 2-core machine busy with other work it took more than the 10 s
          // default and failed a CI run (statements-share-links.test.ts). The limit only stops a hung
          // setup; no test asserts how fast it is.
          hookTimeout: 60_000,
          // The log check over the whole run: no minted secret in any app's log line (decision 083);
          // the migrated database every file copies, made once (test/template-database.ts).
          globalSetup: ['./test/log-check.global.ts', './test/template-database.global.ts'],
          // Passwords hashed at a least cost (test/passwords.setup.ts; production's pinned by test).
          setupFiles: ['./test/log-check.setup.ts', './test/passwords.setup.ts'],
        },
      },
      {
        test: {
          name: 'api-fresh',
          root: './apps/api',
          include: API_FRESH_MODULES,
          environment: 'node',
        },
      },
      {
        ...web,
        test: {
          ...web.test,
          name: 'web',
          exclude: FRESH_MODULES,
          // One module graph per worker instead of one per file: importing React, Mantine and the
          // catalogues again for each of 60 files was most of the suite's time (issue #16). The
          // setup file puts the shared state back for each file (language, storage).
          isolate: false,
        },
      },
      {
        ...web,
        test: { ...web.test, name: 'web-fresh', include: FRESH_MODULES },
      },
    ],
  },
});
