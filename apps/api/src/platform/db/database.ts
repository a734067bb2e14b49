import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type Generated,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { postgresChangeSource, registerChangeSource, sqliteChangeSource } from './changes';
import type { Timestamp } from './column-types';
import type {
  AuthEventsTable,
  AuthTokensTable,
  ClosuresTable,
  CountriesTable,
  CountryRequiredDocumentsTable,
  DailySubmissionsTable,
  DeliveriesTable,
  DeliveryPracticesTable,
  DocumentsTable,
  IdempotencyKeysTable,
  UnobtainableDocumentsTable,
  JobsTable,
  PracticeNameKeysTable,
  PracticesTable,
  PracticeStatusHistoryTable,
  RateLimitsTable,
  RecoveryCodesTable,
  RequiredDocumentsTable,
  SessionsTable,
  StudyEntriesTable,
  UsersTable,
} from './tables';
import type {
  BillingProfilesTable,
  FiscalCountersTable,
  FiscalDocumentsTable,
  PaymentEventsTable,
  NexiOrdersTable,
  PaymentsTable,
  RefundsTable,
  SandboxEventsTable,
  SandboxRefundsTable,
  SandboxSessionsTable,
} from './payment-tables';
import type {
  AppealsTable,
  KeyFingerprintsTable,
  LedgerAuditsTable,
  LedgerEntriesTable,
  StatementShareLinksTable,
  StatementsTable,
  StatementWithdrawalsTable,
  WalletIssuerKeysTable,
  WalletOffersTable,
  WalletPresentationsTable,
  WalletSpentDpopProofsTable,
  WalletSpentNoncesTable,
} from './statement-tables';
import type { SettingChangesTable, SettingsTable } from './notice-tables';
import type { LedgerAnchorProofsTable, LedgerAnchorsTable } from './anchor-tables';
import type {
  PracticeEvaluationsTable,
  PracticeMessageDocumentsTable,
  PracticeMessagesTable,
  PracticeNotesTable,
  PracticeQueueCountsTable,
  PracticeAppealCountsTable,
  PracticeAppealQueueCountsTable,
  DeadlineDigestDaysTable,
  DeadlineDigestMailsTable,
} from './workspace-tables';

export type CmsEntriesTable = {
  id: Generated<number>;
  entity: string;
  locale: string;
  position: number;
  /** JSON text of the domain's `cmsContentSchema`. */
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A backup of the deployment, recorded once written whole (decision 096). */
export type BackupsTable = {
  id: Generated<number>;
  /** `embedded`: `lisbon backup` (SQLite, files, keys); `pg_dump`: the release's nightly dump. */
  kind: 'embedded' | 'pg_dump';
  /** The folder or file, as the host that made it names it. */
  location: string;
  finished_at: Timestamp;
};

export type Database = {
  cms_entries: CmsEntriesTable;
  jobs: JobsTable;
  users: UsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  recovery_codes: RecoveryCodesTable;
  auth_events: AuthEventsTable;
  rate_limits: RateLimitsTable;
  countries: CountriesTable;
  required_documents: RequiredDocumentsTable;
  country_required_documents: CountryRequiredDocumentsTable;
  closures: ClosuresTable;
  practices: PracticesTable;
  practice_name_keys: PracticeNameKeysTable;
  practice_status_history: PracticeStatusHistoryTable;
  daily_submissions: DailySubmissionsTable;
  documents: DocumentsTable;
  study_entries: StudyEntriesTable;
  billing_profiles: BillingProfilesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  fiscal_counters: FiscalCountersTable;
  fiscal_documents: FiscalDocumentsTable;
  sandbox_sessions: SandboxSessionsTable;
  sandbox_events: SandboxEventsTable;
  sandbox_refunds: SandboxRefundsTable;
  refunds: RefundsTable;
  nexi_orders: NexiOrdersTable;
  practice_messages: PracticeMessagesTable;
  practice_message_documents: PracticeMessageDocumentsTable;
  practice_notes: PracticeNotesTable;
  practice_evaluations: PracticeEvaluationsTable;
  practice_queue_counts: PracticeQueueCountsTable;
  practice_appeal_counts: PracticeAppealCountsTable;
  practice_appeal_queue_counts: PracticeAppealQueueCountsTable;
  deadline_digest_days: DeadlineDigestDaysTable;
  deadline_digest_mails: DeadlineDigestMailsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_audits: LedgerAuditsTable;
  ledger_anchors: LedgerAnchorsTable;
  ledger_anchor_proofs: LedgerAnchorProofsTable;
  statements: StatementsTable;
  deliveries: DeliveriesTable;
  delivery_practices: DeliveryPracticesTable;
  statement_share_links: StatementShareLinksTable;
  statement_withdrawals: StatementWithdrawalsTable;
  settings: SettingsTable;
  setting_changes: SettingChangesTable;
  appeals: AppealsTable;
  key_fingerprints: KeyFingerprintsTable;
  wallet_issuer_keys: WalletIssuerKeysTable;
  wallet_offers: WalletOffersTable;
  wallet_presentations: WalletPresentationsTable;
  wallet_spent_nonces: WalletSpentNoncesTable;
  wallet_spent_dpop_proofs: WalletSpentDpopProofsTable;
  backups: BackupsTable;
  idempotency_keys: IdempotencyKeysTable;
  unobtainable_documents: UnobtainableDocumentsTable;
};

export type Db = Kysely<Database>;

export type OpenDatabaseOptions = {
  /** PostgreSQL only: the schema to work in (tests use a throwaway one per file). */
  schema?: string;
};

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;

/** Kept per pool, not global: timestamps come back as ISO strings, counts as numbers (they stay far below 2^53). */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
      return (value: string) => new Date(oid === PG_TIMESTAMP ? `${value}Z` : value).toISOString();
    }
    if (oid === PG_INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

const pools = new WeakMap<Db, pg.Pool>();

/** PostgreSQL's connection pool of a database opened here, for the metrics; null on SQLite. */
export function poolStats(db: Db): { inUse: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool
    ? { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }
    : null;
}

export function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      types: pgTypes,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    registerChangeSource(db, (log) =>
      postgresChangeSource(
        {
          connectionString: config.url,
          ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
        },
        log,
      ),
    );
    return db;
  }
  // Folders it creates (DATA_DIR by default) are owner-only too.
  if (config.path !== ':memory:') mkdirSync(dirname(config.path), { recursive: true, mode: 0o700 });
  const database = new SqliteDatabase(config.path);
  // Password hashes and TOTP secrets: owner-only, like the files and keys (SQLite gives -wal/-shm the same mode).
  if (config.path !== ':memory:') chmodSync(config.path, 0o600);
  // WAL lets readers continue during a write; foreign keys are off by default in SQLite.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Statistics for the planner (decision 050): without them SQLite guesses, and at a million
  // requests a guess can sort them all. Bounded work per index; refreshed by refreshStatistics.
  database.pragma('analysis_limit = 1000');
  database.pragma('optimize = 0x10002');
  const statements = withStatementCache(database);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }) });
  directReaders.set(db, (text, parameters) => {
    // An open transaction holds the one connection across awaits: wait for it through Kysely,
    // never read its uncommitted rows.
    if (database.inTransaction) return undefined;
    const statement = statements.prepare(text);
    return statement.reader ? statement.all(parameters) : undefined;
  });
  registerChangeSource(db, () => sqliteChangeSource(database));
  return db;
}

/** Runs a read on the database's own connection at once, or says it cannot (undefined). */
export type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const directReaders = new WeakMap<Db, DirectReader>();

/**
 * SQLite only: reads that skip Kysely's executor (its connection queue and the promise hops
 * around it) when no transaction is open — better-sqlite3 answers synchronously, so nothing can
 * interleave. For the calls every logged-in page makes (`reusableQuery`, decision 050).
 * PostgreSQL and transactions: undefined, the query goes through Kysely.
 */
export const directReaderOf = (db: Db): DirectReader | undefined => directReaders.get(db);

/**
 * Keeps the planner's statistics current as tables grow: SQLite's `pragma optimize` analyses only
 * what changed much since last time; PostgreSQL's autovacuum does this itself.
 */
export async function refreshStatistics(db: Db, config: DatabaseConfig): Promise<void> {
  if (config.dialect === 'sqlite') await sql`pragma optimize`.execute(db);
}

/** Statements kept prepared, by SQL text: enough for every query the portal builds, a bound on the odd one. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs several times what running
 * a small indexed query does (the poll's four statements: 130 µs prepared each time, 27 µs prepared
 * once). The same SQL text reuses its statement, least recently used dropped past the bound. Safe
 * because Kysely runs one query at a time on its single connection, streams included.
 */
export function withStatementCache(database: SqliteDatabase.Database): {
  close(): void;
  prepare(sql: string): SqliteDatabase.Statement;
} {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * SQLite transactions that begin immediate: a transaction takes the write lock when it starts
 * (waiting up to busy_timeout), not at its first write. A deferred one that read before another
 * process (the CLI beside the server) wrote could only fail with SQLITE_BUSY_SNAPSHOT; this one
 * waits its turn instead (decision 036). In one process Kysely's single connection serialises
 * transactions anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
