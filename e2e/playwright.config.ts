import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { NEXI_API_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../apps/api/test/contract/keys';

// Two portals built from the same code: an ordinary one and one in maintenance mode.
// E2E_PORT moves both (to run two checkouts' journeys side by side).
export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3210);
export const MAINTENANCE_PORT = PORTAL_PORT + 1;
/**
 * The payment provider of the ordinary portal: the sandbox, or (E2E_PAYMENT_PROVIDER=stripe|nexi)
 * the real adapter against that provider's contract server on the next port (decision 067).
 */
export const PAYMENT_PROVIDER = (process.env.E2E_PAYMENT_PROVIDER ?? 'sandbox') as
  'sandbox' | 'stripe' | 'nexi';
const CONTRACT_PORT = PORTAL_PORT + 2;
const CONTRACT_URL = `http://127.0.0.1:${CONTRACT_PORT}`;
const PAYMENT_SETTINGS: Record<typeof PAYMENT_PROVIDER, Record<string, string>> = {
  sandbox: {},
  stripe: {
    PAYMENT_PROVIDER: 'stripe',
    PAYMENT_API_KEY: STRIPE_SECRET_KEY,
    PAYMENT_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    PAYMENT_API_URL: CONTRACT_URL,
  },
  nexi: {
    PAYMENT_PROVIDER: 'nexi',
    PAYMENT_API_KEY: NEXI_API_KEY,
    PAYMENT_API_URL: `${CONTRACT_URL}/api/phoenix-0.0/psp/api/v1`,
  },
};
const contractServer =
  PAYMENT_PROVIDER === 'sandbox'
    ? []
    : [
        {
          command: `tsx ../apps/api/test/contract/serve.ts ${PAYMENT_PROVIDER} --port ${CONTRACT_PORT} --webhook http://127.0.0.1:${PORTAL_PORT}/api/v1/payments/webhook`,
          url: `${CONTRACT_URL}/contract/health`,
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: 'ignore' as const,
          stderr: 'pipe' as const,
        },
      ];

/** The data directory of a portal: SQLite file, files, mail (`mail/*.eml`), keys. */
export const dataDir = (port: number): string =>
  fileURLToPath(new URL(`../data/e2e/${port}`, import.meta.url));

const portal = (port: number, env: Record<string, string> = {}) => ({
  // A fresh data directory per run.
  // The production build (`npm run test:e2e` builds it when stale).
  command: `rm -rf ${dataDir(port)} && node --enable-source-maps ../apps/api/dist/main.js`,
  url: `http://127.0.0.1:${port}/api/v1/health`,
  reuseExistingServer: false,
  timeout: 90_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir(port),
    DATABASE_URL: `${dataDir(port)}/lisbon.sqlite`,
    LOG_LEVEL: 'warn',
    // As behind a load balancer on this host: a journey can register applicants from their own
    // addresses (X-Forwarded-For), the browser's calls come from 127.0.0.1 itself.
    TRUST_PROXY: '127.0.0.1',
    ...env,
  },
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // Under CI a journey that fails is run once more, and Playwright reports it "flaky" by name in
  // the summary: one timing slip on a busy machine does not throw away a whole run of work, and
  // the flaky journey is a defect to mend all the same (decision 120). Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A journey runs axe on every page state it visits; on a busy 2-core machine that alone can
  // take a minute. The limit only stops a hung run: no journey asserts how fast it is.
  timeout: 120_000,
  use: {
    baseURL: `http://127.0.0.1:${PORTAL_PORT}`,
    trace: 'off',
    // As a person who asks for reduced motion: toasts and dialogs show without fading, so axe
    // reads them settled rather than half-transparent in the middle of a transition.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The ordinary portal's clock can be moved with `clock:set` (decision 056; appeals.spec.ts).
  webServer: [
    ...contractServer,
    portal(PORTAL_PORT, { TEST_CLOCK: 'true', ...PAYMENT_SETTINGS[PAYMENT_PROVIDER] }),
    portal(MAINTENANCE_PORT, { MAINTENANCE_MODE: 'true' }),
  ],
});
