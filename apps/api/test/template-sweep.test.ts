import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createClusterDatabase } from '../../../e2e/cluster/database';
import { createTestDatabase, workerDatabaseUrl } from './helper';
import { isRunning, spawnForTest } from './processes';
import {
  FILE_FOLDER_PREFIX,
  makeTemplate,
  runIdOfTemplate,
  TEMPLATE_VARIABLE,
  withDatabase,
} from './template-database';

/**
 * The templates an aborted run left (interrupted, killed: its global teardown never ran) are
 * swept when a run starts, and a concurrent run's are not: before, they stayed for good, a
 * migrated database each on the PostgreSQL server and a folder each in the temporary directory.
 */
describe('the start of an API test run', () => {
  it('sweeps the SQLite templates of runs whose process is gone, and keeps a living run’s', async () => {
    // A process that has ended: the run that made a folder with its number is gone.
    const gone = spawnSync('true').pid;
    const stale = mkdtempSync(join(tmpdir(), `lisbon-api-template-${gone}-`));
    writeFileSync(join(stale, 'template.sqlite'), '');
    const living = mkdtempSync(join(tmpdir(), `lisbon-api-template-${process.pid}-`));
    const run = await makeTemplate(undefined);
    try {
      expect({ stale: existsSync(stale), living: existsSync(living), own: existsSync(run.template) }).toEqual(
        {
          stale: false,
          living: true,
          own: true,
        },
      );
    } finally {
      await run.remove();
      rmSync(living, { recursive: true, force: true });
    }
  });

  it('sweeps the test files’ folders of workers gone, and keeps a living worker’s', async () => {
    // A file's folder (helper.ts) an aborted run left: its worker's process has ended.
    const gone = spawnSync('true').pid;
    const stale = mkdtempSync(join(tmpdir(), `${FILE_FOLDER_PREFIX}${gone}-`));
    const living = await createTestDatabase({ isMigrated: false });
    try {
      expect(basename(living.tempDir)).toMatch(new RegExp(`^${FILE_FOLDER_PREFIX}${process.pid}-`));
      const run = await makeTemplate(undefined);
      await run.remove();
      expect({ stale: existsSync(stale), living: existsSync(living.tempDir) }).toEqual({
        stale: false,
        living: true,
      });
    } finally {
      rmSync(stale, { recursive: true, force: true });
      await living.close();
    }
  });

  it('sweeps the folders named the old way, without a process, that no living process uses', async () => {
    // Named before the run's or the worker's process was in the name: an aborted run's, or one a
    // living process still reads (a file open in it, or a run's template in its workers' environment).
    const [staleFile, staleTemplate, open, inEnvironment] = [
      FILE_FOLDER_PREFIX,
      'lisbon-api-template-',
      FILE_FOLDER_PREFIX,
      'lisbon-api-template-',
    ].map((prefix) => mkdtempSync(join(tmpdir(), prefix))) as [string, string, string, string];
    for (const folder of [staleFile, staleTemplate, open, inEnvironment])
      writeFileSync(join(folder, folder.includes('template') ? 'template.sqlite' : 'test.sqlite'), '');
    const held = openSync(join(open, 'test.sqlite'), 'r');
    const worker = spawnForTest('sleep', ['300'], {
      env: { ...process.env, [TEMPLATE_VARIABLE]: join(inEnvironment, 'template.sqlite') },
    });
    try {
      await vi.waitFor(() => expect(worker.pid && isRunning(worker.pid)).toBe(true));
      const run = await makeTemplate(undefined);
      await run.remove();
      expect([staleFile, staleTemplate, open, inEnvironment].map((folder) => existsSync(folder))).toEqual([
        false,
        false,
        true,
        true,
      ]);
    } finally {
      closeSync(held);
      for (const folder of [staleFile, staleTemplate, open, inEnvironment])
        rmSync(folder, { recursive: true, force: true });
    }
  });

  const postgresUrl = process.env.TEST_DATABASE_URL;
  // Only where there is a PostgreSQL server: the run on it (.ci/run's second API run).
  if (postgresUrl) {
    it('sweeps the PostgreSQL templates of runs gone, with their files’ databases, and keeps a concurrent run’s', async () => {
      const base = decodeURIComponent(new URL(postgresUrl).pathname.slice(1)) || 'postgres';
      const hex = (bytes: number) => randomBytes(bytes).toString('hex');
      const [goneRun, concurrentRun] = [hex(4), hex(4)];
      const gone = [`${base}_t${goneRun}`, `${base}_t${goneRun}_${hex(6)}`];
      const concurrent = `${base}_t${concurrentRun}`;
      // A concurrent run holds its connection, named after it, for as long as it lives.
      const holder = new pg.Client({
        connectionString: postgresUrl,
        application_name: `lisbon-test-run ${concurrentRun}`,
      });
      await holder.connect();
      try {
        for (const name of [...gone, concurrent]) await holder.query(`create database "${name}"`);
        const run = await makeTemplate(postgresUrl);
        try {
          const { rows } = await holder.query<{ name: string }>(
            `select datname as name from pg_database where left(datname, $2) = $1`,
            [`${base}_t`, base.length + 2],
          );
          const names = rows.map((row) => row.name);
          expect(gone.filter((name) => names.includes(name))).toEqual([]);
          // The concurrent run's, the new run's own, and this very run's.
          expect(names).toEqual(
            expect.arrayContaining([concurrent, run.template, process.env[TEMPLATE_VARIABLE] ?? '']),
          );
        } finally {
          await run.remove();
        }
      } finally {
        for (const name of [...gone, concurrent])
          await holder.query(`drop database if exists "${name}" with (force)`);
        await holder.end();
      }
    }, 120_000);

    it('sweeps the schemas files of runs gone left in the workers’ databases, and keeps a concurrent run’s', async () => {
      const hex = (bytes: number) => randomBytes(bytes).toString('hex');
      const [goneRun, concurrentRun] = [hex(4), hex(4)];
      const gone = `test_${goneRun}_${hex(6)}`;
      const concurrent = `test_${concurrentRun}_${hex(6)}`;
      // This file's own schema, named with this run's id (helper.ts).
      const own = await createTestDatabase({ isMigrated: false });
      const ownSchema = /search_path=(\S+)/.exec(new URL(own.url).searchParams.get('options') ?? '')?.[1];
      expect(ownSchema).toMatch(new RegExp(`^test_${runIdOfTemplate()}_[0-9a-f]{12}$`));
      const holder = new pg.Client({
        connectionString: postgresUrl,
        application_name: `lisbon-test-run ${concurrentRun}`,
      });
      const worker = new pg.Client({ connectionString: await workerDatabaseUrl() });
      await holder.connect();
      await worker.connect();
      try {
        for (const name of [gone, concurrent]) await worker.query(`create schema "${name}"`);
        const run = await makeTemplate(postgresUrl);
        await run.remove();
        const { rows } = await worker.query<{ name: string }>(
          `select nspname as name from pg_namespace where nspname = any($1)`,
          [[gone, concurrent, ownSchema]],
        );
        expect(rows.map((row) => row.name).sort()).toEqual([concurrent, ownSchema].sort());
      } finally {
        for (const name of [gone, concurrent]) await worker.query(`drop schema if exists "${name}" cascade`);
        await worker.end();
        await holder.end();
        await own.close();
      }
    }, 120_000);

    it('sweeps the schemas named the old way, without a run, from a database no one else is connected to', async () => {
      // A worker's database of its own (`<base>_w<n>`), which no other file of this run enters.
      const base = decodeURIComponent(new URL(postgresUrl).pathname.slice(1)) || 'postgres';
      const database = `${base}_w9${randomBytes(3).readUIntBE(0, 3)}`;
      const old = () => `test_${randomBytes(6).toString('hex')}`;
      const [unused, used] = [old(), old()];
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create database "${database}"`);
      const inside = () => new pg.Client({ connectionString: withDatabase(postgresUrl, database) });
      const schemasLeft = async (names: string[]) => {
        const client = inside();
        await client.connect();
        try {
          const { rows } = await client.query<{ name: string }>(
            `select nspname as name from pg_namespace where nspname = any($1)`,
            [names],
          );
          return rows.map((row) => row.name);
        } finally {
          await client.end();
        }
      };
      try {
        const user = inside();
        await user.connect();
        await user.query(`create schema "${used}"`);
        // An old run still using its database: its schemas stay.
        const first = await makeTemplate(postgresUrl);
        await first.remove();
        expect(await schemasLeft([used])).toEqual([used]);
        await user.query(`create schema "${unused}"`);
        await user.end();
        // No one there: the schemas an aborted run of that time left go.
        const second = await makeTemplate(postgresUrl);
        await second.remove();
        expect(await schemasLeft([used, unused])).toEqual([]);
      } finally {
        await admin.query(`drop database if exists "${database}" with (force)`);
        await admin.end();
      }
    }, 120_000);

    it('sweeps the cluster harness’s databases of runs gone, and keeps those a living run holds or uses', async () => {
      // An aborted cluster run's (e2e/cluster/harness.ts), a concurrent run's, held, and one named
      // before the runs held theirs that a cluster of that time still uses.
      const name = () =>
        `lisbon_cluster_${randomBytes(6)
          .toString('hex')
          .replace(/[^0-9a-z]/g, '')}`;
      const [gone, held, used] = [name(), name(), name()];
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      const holder = new pg.Client({
        connectionString: postgresUrl,
        application_name: `lisbon-test-run ${held}`,
      });
      await holder.connect();
      const user = new pg.Client({ connectionString: withDatabase(postgresUrl, used) });
      try {
        for (const each of [gone, held, used]) await admin.query(`create database "${each}"`);
        await user.connect();
        const own = await createClusterDatabase(postgresUrl);
        const left = async () =>
          (
            await admin.query<{ name: string }>(
              `select datname as name from pg_database where datname = any($1)`,
              [[gone, held, used, own.name]],
            )
          ).rows
            .map((row) => row.name)
            .sort();
        try {
          expect(await left()).toEqual([held, used, own.name].sort());
        } finally {
          await own.drop();
        }
        expect(await left()).toEqual([held, used].sort());
      } finally {
        await user.end().catch(() => undefined);
        for (const each of [gone, held, used])
          await admin.query(`drop database if exists "${each}" with (force)`);
        await holder.end();
        await admin.end();
      }
    }, 120_000);

    it('names a file’s schema with an id it holds itself outside a run with a template (the api-fresh project’s), until the schema goes', async () => {
      // The api-fresh project has no template: before, its files' schemas had no run's id, and no sweep took them.
      const template = process.env[TEMPLATE_VARIABLE];
      delete process.env[TEMPLATE_VARIABLE];
      let database: Awaited<ReturnType<typeof createTestDatabase>>;
      try {
        database = await createTestDatabase({ isMigrated: false });
      } finally {
        process.env[TEMPLATE_VARIABLE] = template;
      }
      const schema = /search_path=(\S+)/.exec(new URL(database.url).searchParams.get('options') ?? '')?.[1];
      const runId = /^test_([0-9a-f]{8})_[0-9a-f]{12}$/.exec(schema ?? '')?.[1];
      const holders = async () => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ count: string }>(
            `select count(*) as count from pg_stat_activity where application_name = $1`,
            [`lisbon-test-run ${runId}`],
          );
          return Number(rows[0]?.count);
        } finally {
          await client.end();
        }
      };
      try {
        expect({ schema, runId }).toEqual({ schema, runId: expect.stringMatching(/^[0-9a-f]{8}$/) });
        expect(runId).not.toBe(runIdOfTemplate(template));
        expect(await holders()).toBe(1);
      } finally {
        await database.close();
      }
      expect(await holders()).toBe(0);
    }, 120_000);
  }
});
