import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, workerDatabaseUrl } from './helper';
import { FILE_FOLDER_PREFIX, makeTemplate, runIdOfTemplate, TEMPLATE_VARIABLE } from './template-database';

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
  }
});
