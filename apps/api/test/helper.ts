import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { API_PREFIX, type PracticeStatus, type Role } from '@lisbon/domain';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, createContext, type App } from '../src/app';
import { registeredJobs } from '../src/jobs';
import { systemClock, type Clock } from '../src/platform/clock';
import { loadConfig, REPO_ROOT, type Config, type DatabaseConfig } from '../src/platform/config';
import { openDatabase, type Db } from '../src/platform/db/database';
import { migrateToLatest } from '../src/platform/db/migrate';
import { createWorker, type Worker } from '../src/platform/jobs/worker';
import { loggerOptions } from '../src/platform/logger';
import { createMailer, type Mailer } from '../src/platform/mail/mailer';
import type { Metrics } from '../src/platform/metrics';
import type { PaymentProvider } from '../src/platform/payments/provider';
import { injectWebhookTransport, type WebhookTransport } from '../src/platform/payments/sandbox/transport';
import { runSeeds } from '../src/seeds';
import { suiteLog } from './log-check';
import { spawnForTest } from './processes';
import {
  copyOfTemplate,
  FILE_FOLDER_PREFIX,
  holdRun,
  runIdOfTemplate,
  TEMPLATE_SCHEMA,
} from './template-database';
import { CARDS, checkout, payer, payOnSandbox, readyDraft, type Payer } from './payments';
import type { Applicant } from './requests';
import { practiceIn, staffMember, type PracticeFactory, type StaffMember } from './staff';
import { publishOne, readyForIssue } from './statements';

/**
 * A fresh database for one test file: SQLite in a temporary directory by default, or on the
 * PostgreSQL server named by TEST_DATABASE_URL a throwaway database of its own. Migrated and
 * seeded, it is a copy of the run's template (template-database.ts); an empty one
 * (`isMigrated: false`) is a throwaway schema in this worker's database.
 */
export type TestDatabase = {
  db: Db;
  databaseConfig: DatabaseConfig;
  /**
   * DATABASE_URL for a process of its own (the CLI): the SQLite file, or the server's URL with
   * this file's schema on the search path.
   */
  url: string;
  /** A second, independent connection to the same database (for example, to close it). */
  openConnection(): Db;
  /** The temporary directory of this file: DATA_DIR, a place for fake builds. */
  tempDir: string;
  close(): Promise<void>;
};

export const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

let workerDatabase: Promise<string> | undefined;

/**
 * On a PostgreSQL run, this vitest worker's database: TEST_DATABASE_URL's server, the database's
 * name with the worker's number after it (`test_w1`, `test_w2`), made on first use. Files of two
 * workers run side by side, and files in one database would hear each other: notifications reach
 * the listeners of every schema, and Kysely's migrator reads every schema's tables, failing when
 * another file drops its own. In one worker the files take turns.
 */
export function workerDatabaseUrl(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('workerDatabaseUrl() is for a PostgreSQL run (TEST_DATABASE_URL)');
  workerDatabase ??= (async () => {
    const worker = new URL(url);
    const name = `${decodeURIComponent(worker.pathname.slice(1)) || 'postgres'}_w${process.env.VITEST_POOL_ID ?? '1'}`;
    worker.pathname = `/${encodeURIComponent(name)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
    } catch (error) {
      // 42P04: made by an earlier file or run of this worker.
      if ((error as { code?: string }).code !== '42P04') throw error;
    } finally {
      await admin.end();
    }
    return worker.toString();
  })();
  return workerDatabase;
}

export async function createTestDatabase(options: { isMigrated?: boolean } = {}): Promise<TestDatabase> {
  // Named with this worker's process, as the templates are: a run's start sweeps those of workers gone.
  const tempDir = mkdtempSync(join(tmpdir(), `${FILE_FOLDER_PREFIX}${process.pid}-`));
  const isMigrated = options.isMigrated !== false;
  let databaseConfig: DatabaseConfig;
  let schema: string | undefined;
  let databaseUrl: string;
  let drop: () => Promise<void> = async () => undefined;
  // A migrated database is a copy of the run's template (template-database.ts) when there is one.
  const copy = isMigrated
    ? await copyOfTemplate(
        isPostgresRun
          ? { postgresUrl: process.env.TEST_DATABASE_URL ?? '' }
          : { sqlitePath: join(tempDir, 'test.sqlite') },
      )
    : undefined;
  if (copy?.url) {
    schema = TEMPLATE_SCHEMA;
    databaseConfig = { dialect: 'postgres', url: copy.url };
    drop = copy.drop;
  } else if (isPostgresRun) {
    const url = await workerDatabaseUrl();
    // Named with the run's id: a later run's start sweeps it if this run aborts. Outside a run with
    // a template (the api-fresh project, which has none) the file holds an id of its own, as a run
    // does, until its schema is dropped: before, its schema had no id and no sweep took it.
    const templateRun = runIdOfTemplate();
    const runId = templateRun ?? randomBytes(4).toString('hex');
    const holder = templateRun ? undefined : await holdRun(process.env.TEST_DATABASE_URL ?? '', runId);
    const ownSchema = `test_${runId}_${randomBytes(6).toString('hex')}`;
    schema = ownSchema;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${ownSchema}"`);
    await admin.end();
    databaseConfig = { dialect: 'postgres', url };
    drop = async () => {
      try {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop schema "${ownSchema}" cascade`);
        await admin.end();
      } finally {
        await holder?.end();
      }
    };
  } else {
    databaseConfig = { dialect: 'sqlite', path: join(tempDir, 'test.sqlite') };
  }
  if (databaseConfig.dialect === 'postgres') {
    const onSchema = new URL(databaseConfig.url);
    onSchema.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = onSchema.toString();
  } else {
    databaseUrl = databaseConfig.path;
  }
  const openConnection = () => openDatabase(databaseConfig, schema ? { schema } : {});
  const db = openConnection();
  if (isMigrated && !copy) {
    await migrateToLatest(db);
    await runSeeds(db);
  }
  return {
    db,
    databaseConfig,
    url: databaseUrl,
    openConnection,
    tempDir,
    async close() {
      await db.destroy();
      await drop();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** A configuration for tests: silent logs, the temporary directory, no web build unless one is given. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    // Tests meet the limits hundreds of times: refusals answer at once, but in the test of the pause.
    RATE_LIMIT_REFUSAL_DELAY_MS: '0',
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
  /** Whether the instance drains (the load balancer's readiness probe). */
  isDraining?: () => boolean;
  /**
   * Where the log lines go, through the options production uses at LOG_LEVEL, for a test that
   * reads them; otherwise to the run's log in a checked run (log-check.ts), else nowhere.
   */
  logTo?: pino.DestinationStream;
  /** The metrics the app registers, as server.ts gives it the process's; otherwise a set of its own. */
  metrics?: Metrics;
};

const testLog = (config: Config, logTo: pino.DestinationStream | undefined): FastifyBaseLogger | undefined =>
  logTo ? pino(loggerOptions(config) as pino.LoggerOptions, logTo) : suiteLog(config);

export async function createTestApp(database: TestDatabase, options: TestAppOptions = {}): Promise<App> {
  const config = testConfig(database, options.env);
  const logger = testLog(config, options.logTo);
  return buildApp({
    config,
    ...(logger ? { logger } : {}),
    db: options.db ?? database.db,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.securityClock ? { securityClock: options.securityClock } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.isDraining ? { isDraining: options.isDraining } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
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
  } = {},
): Worker {
  const config = testConfig(database, options.env);
  const clock = options.clock ?? { now: () => new Date() };
  const log = testLog(config, options.logTo) ?? pino({ level: 'silent' });
  const mailer = options.mailer ?? createMailer({ config, clock, log });
  const db = options.db ?? database.db;
  const jobs = registeredJobs({
    mailer,
    ctx: createContext({ config, db, clock }),
    webhookTransport: options.webhookTransport ?? webhookTransportFor(options.app),
  });
  return createWorker({ db, clock, jobs, log });
}

export type TestHarnessOptions = Omit<TestAppOptions, 'env' | 'db'> & {
  /** The app's settings, or a function answering them once earlier hooks have run (a provider's, a chain's). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** false: an empty database, no migrations, no seeds (and no app). */
  isMigrated?: boolean;
  /** false: only the database (tests of repositories, commands and jobs). */
  hasApp?: boolean;
};

/** The states a test asks a request in: any status straight in the database, or through the API. */
export type RequestState =
  | PracticeStatus
  /** Through the API: a complete draft (FR, higher education), checked out, paid by card, settled. */
  | 'paid'
  /** Assessed in full, published by an admin, its statement's job run. */
  | 'published';

export type TestHarness = {
  readonly database: TestDatabase;
  readonly app: App;
  readonly clock: Clock;
  /** The settings the app was built with. */
  readonly env: Record<string, string>;
  /** A job worker on the same database, clock and settings, delivering the sandbox's webhooks to the app; made on first use. */
  readonly worker: Worker;
  /** Something else to close with the file (a provider, a chain), before the app and the database. */
  onClose(close: () => unknown): void;
  /**
   * Another instance of the deployment on this database: the harness's settings with `env` over
   * them, its clock unless another is given, the harness's connection unless `db` is another one
   * (its own pool, a closed one); closed with the file.
   */
  instance(options?: TestAppOptions): Promise<App>;
  /** `npm run cli -- <args>` as a process on this database, DATA_DIR and settings, with `env` over them. */
  cli(args: string[], env?: Record<string, string>): Promise<{ code: number | null; output: string }>;
  /** A staff member with two factors on and passed, as `demo:staff` makes one. */
  staff(
    role: Exclude<Role, 'applicant'>,
    details?: { email?: string; firstName?: string; lastName?: string },
  ): Promise<StaffMember>;
  /** An active applicant, logged in from an address of their own. */
  applicant(details?: {
    email?: string;
    category?: 'standard' | 'refugee';
    locale?: 'en-US' | 'it-IT';
    firstName?: string;
  }): Promise<Payer>;
  /** A request of `owner` in `state`: see RequestState. */
  request(
    owner: Payer,
    state: RequestState,
    details?: Omit<PracticeFactory, 'userId' | 'status'>,
  ): Promise<number>;
  /** A request of `owner` made as `request(owner, 'published')` makes it, with its statement and signed PDF. */
  publishedRequest(owner: Applicant): Promise<Publication>;
};

/** A published request: its id, its statement as its owner reads it, the PDF they download. */
export type Publication = Awaited<ReturnType<typeof publishOne>> & { practiceId: number };

let harnesses = 0;
const SET_UP_TIMEOUT = 60_000;

/**
 * One test file's app (or several, one per describe block): a fresh database (SQLite, or a
 * PostgreSQL schema by TEST_DATABASE_URL) and an app on it, made before the file's tests and
 * closed after them, with factories for the people and requests the tests need. Call it at the
 * top of a file or of a describe block; its members are there once the tests run.
 */
export function useTestApp(options: TestHarnessOptions = {}): TestHarness {
  const { env: givenEnv, isMigrated, hasApp = isMigrated !== false, ...appOptions } = options;
  const clock = appOptions.clock ?? systemClock;
  const name = `h${(harnesses += 1)}`;
  const closing: (() => unknown)[] = [];
  let database: TestDatabase | undefined;
  let app: App | undefined;
  let worker: Worker | undefined;
  let env: Record<string, string> = {};
  let people = 0;
  let admin: StaffMember | undefined;
  const present = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`the test harness's ${what} is made in beforeAll: use it in a test or hook`);
    return value;
  };
  const nextEmail = (prefix: string) => `${prefix}.${name}.${(people += 1)}@lisbon.test`;

  // Migrations and seeds on a PostgreSQL schema take more than vitest's 10 s on a loaded machine.
  beforeAll(async () => {
    env = typeof givenEnv === 'function' ? givenEnv() : (givenEnv ?? {});
    database = await createTestDatabase(isMigrated === false ? { isMigrated } : {});
    if (hasApp) app = await createTestApp(database, { ...appOptions, env });
  }, SET_UP_TIMEOUT);
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
    await app?.close();
    await database?.close();
  }, SET_UP_TIMEOUT);

  const harness: TestHarness = {
    get database() {
      return present(database, 'database');
    },
    get app() {
      return present(app, 'app');
    },
    clock,
    get env() {
      return env;
    },
    get worker() {
      worker ??= createTestWorker(harness.database, { ...appOptions, env, ...(app ? { app } : {}) });
      return worker;
    },
    onClose(close) {
      closing.push(close);
    },
    async instance({ env: overrides, ...options } = {}) {
      const instance = await createTestApp(harness.database, {
        ...appOptions,
        ...options,
        env: { ...env, ...overrides },
      });
      harness.onClose(() => instance.close());
      return instance;
    },
    async cli(args, overrides = {}) {
      // This Node, not whichever `node` the PATH finds first.
      // Killed, with what it started, when its test ends: a command that hangs is not left running.
      const child = spawnForTest(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: join(REPO_ROOT, 'apps/api'),
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          DATA_DIR: harness.database.tempDir,
          DATABASE_URL: harness.database.url,
          ...env,
          ...overrides,
        },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // 'close': the exit, and the output read to its end.
      const code = await new Promise<number | null>((done) => child.once('close', done));
      return { code, output };
    },
    staff: (role, details = {}) =>
      staffMember(harness.app, harness.database, clock, { role, email: nextEmail(role), ...details }, env),
    applicant: ({ email, ...details } = {}) =>
      payer(harness.app, harness.database, clock, email ?? nextEmail('applicant'), details),
    async publishedRequest(owner) {
      admin ??= await harness.staff('admin');
      const practiceId = await readyForIssue(harness.database, owner);
      return { practiceId, ...(await publishOne(harness.app, harness.worker, { admin, owner, practiceId })) };
    },
    async request(owner, state, details = {}) {
      if (state === 'published') return (await harness.publishedRequest(owner)).practiceId;
      if (state === 'paid') {
        const practiceId = await readyDraft(harness.app, owner, details.isUrgent ? { isUrgent: true } : {});
        const session = await checkout(harness.app, owner, practiceId);
        const paid = await payOnSandbox(harness.app, session.checkout_url, CARDS.success);
        if (paid.statusCode !== 303) throw new Error(`payment answered ${paid.statusCode}: ${paid.body}`);
        await harness.worker.drainOnce();
        return practiceId;
      }
      return practiceIn(harness.database, { ...details, userId: owner.id, status: state });
    },
  };
  return harness;
}
