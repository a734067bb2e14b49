import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/database';
import { migrateToLatest } from '../src/platform/db/migrate';
import { runSeeds } from '../src/seeds';
import { heldRuns, holdRun, OTHERS_THAN_HOLDERS } from './run-holder';

export { holdRun };

/**
 * The migrated and seeded database every test file starts from, made once per run by the API
 * project's global set-up (template-database.global.ts) instead of once per file: on PostgreSQL
 * the 53 migrations took seconds a file. SQLite: a file each test file copies. PostgreSQL: a
 * database each test file's database is created from (`CREATE DATABASE … TEMPLATE`), with the
 * tables in TEMPLATE_SCHEMA. Said to the test processes through the environment they inherit.
 */
export const TEMPLATE_VARIABLE = 'LISBON_TEST_TEMPLATE';

/** The schema of the template's tables, and so of every file's copy (on its search path). */
export const TEMPLATE_SCHEMA = 'lisbon_test';

/** Where the server's databases for a run go: the URL with another database's name. */
export const withDatabase = (url: string, name: string): string => {
  const other = new URL(url);
  other.pathname = `/${encodeURIComponent(name)}`;
  return other.toString();
};

const baseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';

async function onServer(url: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The folders of the SQLite templates, each named with the process of its run. */
const FOLDER_PREFIX = 'lisbon-api-template-';

/** The folders of the test files (helper.ts's createTestDatabase), each named with its worker's process. */
export const FILE_FOLDER_PREFIX = 'lisbon-api-test-';

/**
 * The run's id (`<base>_t<run id>`, its template's name on PostgreSQL) in the name of each schema
 * a file makes in its worker's database (`test_<run id>_<12 hex>`): a sweep knows whether the run
 * that made it lives by its holder connection. Undefined outside such a run.
 */
export function runIdOfTemplate(template = process.env[TEMPLATE_VARIABLE]): string | undefined {
  return template ? /_t([0-9a-f]{8})$/.exec(template)?.[1] : undefined;
}

/** A file's schema in its worker's database: `test_<run id>_<12 hex>`. */
const FILE_SCHEMA = /^test_([0-9a-f]{8})_[0-9a-f]{12}$/;

/** Whether the process lives: another user's, which this one may not signal, counts as living. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What the living processes hold in the temporary directory: the paths of their open files and
 * working directories, and the values of their environments (a run's workers inherit the template's
 * path). Undefined where there is no /proc to read.
 */
function pathsInUse(): string[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  const paths: string[] = [];
  for (const pid of entries) {
    // A process gone meanwhile, or another user's, which this one may not read: nothing of its.
    const read = (each: () => void) => {
      try {
        each();
      } catch {
        // As above.
      }
    };
    read(() => paths.push(readlinkSync(`/proc/${pid}/cwd`)));
    read(() => {
      for (const fd of readdirSync(`/proc/${pid}/fd`))
        read(() => paths.push(readlinkSync(`/proc/${pid}/fd/${fd}`)));
    });
    read(() => paths.push(...readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0')));
  }
  return paths;
}

/** The random part mkdtemp gives a name: a folder named the old way has nothing before it. */
const OLD_SUFFIX = /^[A-Za-z0-9]{6}$/;

/**
 * The SQLite templates of runs whose process is gone, and the test files' folders of workers gone
 * (an aborted run's, never removed: a file's close() did not run), swept at a run's start; a
 * concurrent run's, its process alive, stay. Those named the old way, without a process
 * (`lisbon-api-template-XXXXXX`, `lisbon-api-test-XXXXXX`, before the run's or the worker's process
 * was in the name), go when no living process holds a file or its working directory in them, or
 * has them in its environment (a run's workers, the template's path); where there is no /proc to
 * tell, they stay.
 */
function sweepStaleFolders(): void {
  let inUse: string[] | undefined | null = null;
  for (const entry of readdirSync(tmpdir())) {
    const prefix = [FOLDER_PREFIX, FILE_FOLDER_PREFIX].find((each) => entry.startsWith(each));
    if (!prefix) continue;
    const folder = join(tmpdir(), entry);
    const suffix = entry.slice(prefix.length);
    const pid = /^(\d+)-/.exec(suffix)?.[1];
    if (pid) {
      if (isAlive(Number(pid))) continue;
    } else {
      if (!OLD_SUFFIX.test(suffix)) continue;
      inUse = inUse === null ? pathsInUse() : inUse;
      if (!inUse || inUse.some((path) => path === folder || path.includes(`${folder}/`))) continue;
    }
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another user's, or swept by a concurrent run: not this run's to fail on.
    }
  }
}

/**
 * The PostgreSQL templates of runs gone, and their files' databases, swept at a run's start: an
 * aborted run (interrupted, killed, its machine lost) never removed them, and each holds a migrated
 * database's disk space. A run lives as long as its holder connection (makeTemplate), which the
 * server closes with the run's process: a concurrent run's databases, held, stay.
 */
export async function sweepStaleDatabases(postgresUrl: string): Promise<string[]> {
  const base = baseName(postgresUrl);
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const [databases, held] = await Promise.all([
      admin.query<{ name: string }>(`select datname as name from pg_database where left(datname, $2) = $1`, [
        `${base}_t`,
        base.length + 2,
      ]),
      heldRuns(admin),
    ]);
    const stale = databases.rows
      .map((row) => ({
        name: row.name,
        runId: /^_t([0-9a-f]{8})(?:_[0-9a-f]{12})?$/.exec(row.name.slice(base.length))?.[1],
      }))
      .filter(({ runId }) => runId !== undefined && !held.has(runId))
      .map(({ name }) => name);
    const dropped: string[] = [];
    for (const name of stale) {
      // Another run sweeping at the same moment may be dropping it too: the sweep never fails a run.
      await admin.query(`drop database if exists "${name}" with (force)`).then(
        () => dropped.push(name),
        () => undefined,
      );
    }
    await sweepStaleSchemas(postgresUrl, held);
    return dropped;
  } finally {
    await admin.end();
  }
}

/** A file's schema named the old way, without a run (before the run's id was in the name). */
const OLD_FILE_SCHEMA = /^test_[0-9a-f]{12}$/;

/**
 * The schemas the files of runs gone made in the workers' databases (`<base>_w<n>`, helper.ts's
 * workerDatabaseUrl) and never dropped, their run aborted: a concurrent run's, held, stay. Those
 * named the old way, without a run (`test_<12 hex>`, in a worker's database or, before the workers
 * had databases, in the base one), go when no one else is connected to their database but runs'
 * holder connections: nothing else tells whose they are, and a run using them would be.
 */
async function sweepStaleSchemas(postgresUrl: string, held: Set<string>): Promise<void> {
  const base = baseName(postgresUrl);
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  let workers: string[];
  try {
    const { rows } = await admin.query<{ name: string }>(
      `select datname as name from pg_database where left(datname, $2) = $1`,
      [`${base}_w`, base.length + 2],
    );
    workers = rows.map((row) => row.name).filter((name) => /^_w\d+$/.test(name.slice(base.length)));
  } finally {
    await admin.end();
  }
  for (const database of [base, ...workers]) {
    const client = new pg.Client({ connectionString: withDatabase(postgresUrl, database) });
    // A worker's database dropped meanwhile, or not ours to enter: the sweep never fails a run.
    client.on('error', () => undefined);
    try {
      await client.connect();
      const [schemas, others] = await Promise.all([
        client.query<{ name: string }>(
          `select nspname as name from pg_namespace where left(nspname, 5) = 'test_'`,
        ),
        client.query<{ count: string }>(
          `select count(*) as count from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and ${OTHERS_THAN_HOLDERS}`,
        ),
      ]);
      const isUnused = Number(others.rows[0]?.count ?? 1) === 0;
      for (const { name } of schemas.rows) {
        const runId = FILE_SCHEMA.exec(name)?.[1];
        const isStale = runId !== undefined ? !held.has(runId) : isUnused && OLD_FILE_SCHEMA.test(name);
        if (!isStale) continue;
        await client.query(`drop schema if exists "${name}" cascade`).catch(() => undefined);
      }
    } catch {
      // As above.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * Makes the run's template: on the PostgreSQL server of `postgresUrl`, or else a SQLite file in a
 * folder of its own, after sweeping the templates of runs gone. Answers what the files read from
 * TEMPLATE_VARIABLE and how to remove it all at the end of the run (with, on PostgreSQL, any
 * file's database left behind, and its holder connection last).
 */
export async function makeTemplate(
  postgresUrl: string | undefined,
): Promise<{ template: string; remove(): Promise<void> }> {
  if (!postgresUrl) {
    sweepStaleFolders();
    // Named with this run's process: a run that sweeps knows whether the run that made it lives.
    const folder = mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
    const path = join(folder, 'template.sqlite');
    const db = openDatabase({ dialect: 'sqlite', path });
    await migrateToLatest(db);
    await runSeeds(db);
    // Closing checkpoints the write-ahead log: the one file holds it all.
    await db.destroy();
    return { template: path, remove: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  // A name of this run's own: runs side by side on one server keep apart.
  const runId = randomBytes(4).toString('hex');
  const template = `${baseName(postgresUrl)}_t${runId}`;
  // The run's mark on the server, before its template exists.
  const holder = await holdRun(postgresUrl, runId);
  try {
    await sweepStaleDatabases(postgresUrl);
    await onServer(postgresUrl, [`create database "${template}"`]);
  } catch (error) {
    await holder.end();
    throw error;
  }
  const templateUrl = withDatabase(postgresUrl, template);
  await onServer(templateUrl, [`create schema ${TEMPLATE_SCHEMA}`]);
  const db = openDatabase({ dialect: 'postgres', url: templateUrl }, { schema: TEMPLATE_SCHEMA });
  await migrateToLatest(db);
  await runSeeds(db);
  await db.destroy();
  return {
    template,
    async remove() {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        const left = await admin.query<{ name: string }>(
          `select datname as name from pg_database where datname = $1 or datname like $2`,
          [template, `${template}\\_%`],
        );
        // The template last: the files' databases were made from it.
        const names = left.rows.map((row) => row.name).sort((a, b) => b.length - a.length);
        for (const name of names) {
          // One a worker still drops is gone already, or going.
          await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
        }
      } finally {
        await admin.end();
        await holder.end();
      }
    },
  };
}

/** A test file's database made from the run's template, or undefined outside such a run. */
export async function copyOfTemplate(
  target: { sqlitePath: string } | { postgresUrl: string },
): Promise<{ url?: string; drop(): Promise<void> } | undefined> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template) return undefined;
  if ('sqlitePath' in target) {
    copyFileSync(template, target.sqlitePath);
    return { drop: async () => undefined };
  }
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await onServer(target.postgresUrl, [`create database "${name}" template "${template}"`]);
  return {
    url: withDatabase(target.postgresUrl, name),
    // Not awaited: PostgreSQL checkpoints to drop a database, seconds on a loaded machine, while the
    // worker goes on to its next file. One not dropped (a pool of the file's left open) goes at the run's end.
    drop: async () => {
      void onServer(target.postgresUrl, [`drop database if exists "${name}"`]).catch(() => undefined);
    },
  };
}
