import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';

// Two portals built from the same code: an ordinary one and one in maintenance mode.
// E2E_PORT moves both (to run two checkouts' journeys side by side).
export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3210);
export const MAINTENANCE_PORT = PORTAL_PORT + 1;

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
    ...env,
  },
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
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
    portal(PORTAL_PORT, { TEST_CLOCK: 'true' }),
    portal(MAINTENANCE_PORT, { MAINTENANCE_MODE: 'true' }),
  ],
});
