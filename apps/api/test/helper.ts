import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { API_PREFIX } from '@lisbon/domain';
import { buildApp, createContext, type App } from '../src/app';
import { registeredJobs } from '../src/jobs';
import type { Clock } from '../src/platform/clock';
import { loadConfig, type Config, type DatabaseConfig } from '../src/platform/config';
import { openDatabase, type Db } from '../src/platform/db/database';
import { migrateToLatest } from '../src/platform/db/migrate';
import { createWorker, type Worker } from '../src/platform/jobs/worker';
import { createMailer, type Mailer } from '../src/platform/mail/mailer';
import type { PaymentProvider } from '../src/platform/payments/provider';
import { injectWebhookTransport, type WebhookTransport } from '../src/platform/payments/sandbox/transport';
import { runSeeds } from '../src/seeds';
import { suiteLog } from './log-check';

/**
 * A fresh database for one test file: SQLite in a temporary directory by default, or a
 * throwaway schema of the PostgreSQL server named by TEST_DATABASE_URL.
 */
export type TestDatabase = {
  db: Db;
  databaseConfig: DatabaseConfig;
  /** A second, independent connection to the same database (for example, to close it). */
  openConnection(): Db;
  /** The temporary directory of this file: DATA_DIR, a place for fake builds. */
  tempDir: string;
  close(): Promise<void>;
};

export const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(options: { isMigrated?: boolean } = {}): Promise<TestDatabase> {
  const tempDir = mkdtempSync(join(tmpdir(), 'lisbon-api-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let databaseConfig: DatabaseConfig;
  let schema: string | undefined;
  if (url) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    databaseConfig = { dialect: 'postgres', url };
  } else {
    databaseConfig = { dialect: 'sqlite', path: join(tempDir, 'test.sqlite') };
  }
  const openConnection = () => openDatabase(databaseConfig, schema ? { schema } : {});
  const db = openConnection();
  if (options.isMigrated !== false) {
    await migrateToLatest(db);
    await runSeeds(db);
  }
  return {
    db,
    databaseConfig,
    openConnection,
    tempDir,
    async close() {
      await db.destroy();
      if (url && schema) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop schema "${schema}" cascade`);
        await admin.end();
      }
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** A configuration for tests: silent logs, the temporary directory, no web build unless one is given. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: database.tempDir,
    WEB_DIST_DIR: join(database.tempDir, 'no-web-build'),
    ...env,
  });
  return { ...config, database: database.databaseConfig };
}

export type TestAppOptions = {
  env?: Record<string, string>;
  db?: Db;
  clock?: Clock;
  /** Real time's stand-in for codes, sessions and limits (decision 085); by default `clock`. */
  securityClock?: Clock;
  paymentProvider?: PaymentProvider;
};

export async function createTestApp(database: TestDatabase, options: TestAppOptions = {}): Promise<App> {
  const config = testConfig(database, options.env);
  // In a checked run, every line goes to the run's log (log-check.ts).
  const logger = suiteLog(config);
  return buildApp({
    config,
    ...(logger ? { logger } : {}),
    db: options.db ?? database.db,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.securityClock ? { securityClock: options.securityClock } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
  });
}

/** Webhooks of the sandbox gateway go to the app in-process; without an app they cannot be delivered. */
const webhookTransportFor = (app: App | undefined): WebhookTransport =>
  app
    ? injectWebhookTransport((request) => app.inject(request), `${API_PREFIX}/payments/webhook`)
    : {
        deliver: () => Promise.reject(new Error('no app to deliver sandbox webhooks to')),
      };

/**
 * A job worker on the test database, writing mail to `tempDir/mail` unless SMTP_URL is given.
 * Pass `app` to have the sandbox gateway's webhooks delivered to it (or `webhookTransport`).
 */
export function createTestWorker(
  database: TestDatabase,
  options: TestAppOptions & {
    mailer?: Mailer;
    app?: App;
    webhookTransport?: WebhookTransport;
    log?: FastifyBaseLogger;
  } = {},
): Worker {
  const config = testConfig(database, options.env);
  const clock = options.clock ?? { now: () => new Date() };
  const log = options.log ?? suiteLog(config) ?? pino({ level: 'silent' });
  const mailer = options.mailer ?? createMailer({ config, clock, log });
  const db = options.db ?? database.db;
  const jobs = registeredJobs({
    mailer,
    ctx: createContext({ config, db, clock }),
    webhookTransport: options.webhookTransport ?? webhookTransportFor(options.app),
  });
  return createWorker({ db, clock, jobs, log });
}
