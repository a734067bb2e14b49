import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createContext } from '../src/app';
import type { AppContext } from '../src/context';
import { createDemoStatement, type DemoStatement } from '../src/demo/statement';
import { readStatementPdf } from '../src/modules/statements/service';
import {
  BackupError,
  UnsupportedBackupError,
  type BackupManifest,
} from '../src/modules/system/backup-manifest';
import { backupDataDir } from '../src/modules/system/backup.service';
import { restoreBackup } from '../src/modules/system/restore.service';
import { loadConfig, REPO_ROOT, type Config } from '../src/platform/config';
import { openDatabase, type Db } from '../src/platform/db/database';
import { migrations } from '../src/platform/db/migrations';
import { loadWalletIssuerKey } from '../src/platform/signing/wallet-key';
import { prepareDatabase } from '../src/seeds';
import { runForTest } from './processes';
import { verifyUpload } from './statements';

/**
 * Each data directory of this file under one temporary root: the source, backups, restores. Not
 * the test harness's database: these are an operator's data directories, SQLite at DATA_DIR's
 * default path beside its files and keys, opened and restored as the server and the CLI do, on a
 * PostgreSQL run too (PostgreSQL is what the backup refuses, below).
 */
const root = mkdtempSync(join(tmpdir(), 'lisbon-backup-test-'));
const env = (name: string) => ({
  LOG_LEVEL: 'silent',
  DATA_DIR: join(root, name),
  WEB_DIST_DIR: join(root, 'no-web-build'),
});
const configOf = (name: string, extra: Record<string, string> = {}): Config =>
  loadConfig({ ...env(name), ...extra });
const databasePathOf = (config: Config) => (config.database.dialect === 'sqlite' ? config.database.path : '');

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const modeOf = (path: string) => statSync(path).mode & 0o777;
const ledgerRows = async (db: Db) =>
  (
    await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

let source: { config: Config; db: Db; ctx: AppContext; statement: DemoStatement };
let manifest: BackupManifest;
const backupFolder = join(root, 'backup');
const opened: Db[] = [];

/** The restored database, opened as the server would open it. */
function open(config: Config): { db: Db; ctx: AppContext } {
  const db = openDatabase(config.database);
  opened.push(db);
  return { db, ctx: createContext({ config, db }) };
}

beforeAll(async () => {
  const config = configOf('source');
  const db = openDatabase(config.database);
  opened.push(db);
  await prepareDatabase(db);
  const ctx = createContext({ config, db });
  // A published statement: ledger entries, a signed PDF in DATA_DIR/files, keys in DATA_DIR/keys.
  source = { config, db, ctx, statement: await createDemoStatement(ctx) };
  // The wallet issuer key of the embedded default, generated into DATA_DIR/keys on first use (#36).
  await loadWalletIssuerKey(config);
  // The source connection stays open throughout, as the server's would.
  ({ manifest } = await backupDataDir(config, { folder: backupFolder, appVersion: '9.9.9' }));
}, 60_000);

afterAll(async () => {
  for (const db of opened) await db.destroy();
  rmSync(root, { recursive: true, force: true });
});

describe('backup', () => {
  it('holds the database, the stored files and the keys, each with its SHA-256 in the manifest, owner-only', async () => {
    const paths = manifest.entries.map((entry) => entry.path);
    const pdfKey = (
      await source.db
        .selectFrom('statements')
        .select('pdf_key')
        .where('id', '=', source.statement.certificateId)
        .executeTakeFirstOrThrow()
    ).pdf_key;
    expect(paths).toEqual(
      expect.arrayContaining([
        'database.sqlite',
        `files/${pdfKey?.slice(0, 2)}/${pdfKey}`,
        'keys/ledger-ed25519.pem',
        'keys/statement-signing.p12',
        'keys/statement-signing.passphrase',
        'keys/wallet-issuer-es256.pem',
      ]),
    );
    for (const entry of manifest.entries) {
      const content = readFileSync(join(backupFolder, entry.path));
      expect({ path: entry.path, sha256: sha256Of(content), bytes: content.length }).toEqual(entry);
      expect(modeOf(join(backupFolder, entry.path))).toBe(0o600);
    }
    expect(modeOf(backupFolder)).toBe(0o700);
    expect(modeOf(join(backupFolder, 'keys'))).toBe(0o700);
    expect(modeOf(join(backupFolder, 'manifest.json'))).toBe(0o600);
    expect(manifest).toMatchObject({
      app_version: '9.9.9',
      latest_migration: Object.keys(migrations).sort().at(-1),
      keys_outside: [],
      counts: { ledger_entries: await ledgerRows(source.db), statements: 1, files: 1 },
    });
    expect(manifest.counts.ledger_entries).toBeGreaterThan(0);
    // A self-contained copy: no -wal beside it that a restore would have to carry along.
    expect(readdirSync(backupFolder)).not.toContain('database.sqlite-wal');
  });

  it('refuses PostgreSQL and an object store, pointing at pg_dump, pg_restore and docs/deploy.md, and writes nothing', async () => {
    const folder = join(root, 'never-written');
    const postgres = configOf('pg', { DATABASE_URL: 'postgres://lisbon@localhost/lisbon' });
    const s3 = configOf('s3', { S3_BUCKET: 'lisbon-files' });
    for (const config of [postgres, s3]) {
      await expect(backupDataDir(config, { folder, appVersion: '1' })).rejects.toThrow(
        UnsupportedBackupError,
      );
      await expect(restoreBackup(config, { from: backupFolder })).rejects.toThrow(UnsupportedBackupError);
    }
    await expect(backupDataDir(postgres, { folder, appVersion: '1' })).rejects.toThrow(
      /DATABASE_URL is PostgreSQL: back up PostgreSQL with pg_dump .*see docs\/deploy\.md/,
    );
    await expect(backupDataDir(s3, { folder, appVersion: '1' })).rejects.toThrow(/S3_BUCKET is set/);
    // A restore is told how to restore, not how to back up.
    await expect(restoreBackup(postgres, { from: backupFolder })).rejects.toThrow(
      /DATABASE_URL is PostgreSQL: restore PostgreSQL with pg_restore .*lisbon-migrate; see docs\/deploy\.md, section 10/,
    );
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(join(root, 'pg'))).toBe(false);
  });

  it('names the keys configured outside DATA_DIR and warns, without copying them', async () => {
    const outside = join(root, 'secret-store', 'ledger.pem');
    mkdirSync(join(root, 'secret-store'));
    writeFileSync(outside, 'held by the secret store only', { mode: 0o600 });
    const walletOutside = join(root, 'secret-store', 'wallet.pem');
    writeFileSync(walletOutside, 'held by the secret store only', { mode: 0o600 });
    const config = configOf('source', { LEDGER_KEY_PATH: outside, WALLET_ISSUER_KEY_PATH: walletOutside });
    const folder = join(root, 'backup-with-outside-key');
    const { manifest: named, warnings } = await backupDataDir(config, { folder, appVersion: '1' });
    expect(named.keys_outside).toEqual([
      `LEDGER_KEY_PATH (${outside})`,
      `WALLET_ISSUER_KEY_PATH (${walletOutside})`,
    ]);
    expect(warnings).toEqual([
      expect.stringContaining(
        `kept by your secret store: LEDGER_KEY_PATH (${outside}); WALLET_ISSUER_KEY_PATH (${walletOutside})`,
      ),
    ]);
    const held = named.entries.filter((entry) =>
      readFileSync(join(folder, entry.path)).includes('held by the secret store only'),
    );
    expect(held).toEqual([]);
  });

  it('refuses a folder that already holds something, and leaves it as it was', async () => {
    const folder = join(root, 'busy-folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    await expect(backupDataDir(source.config, { folder, appVersion: '1' })).rejects.toThrow(/is not empty/);
    expect(readdirSync(folder)).toEqual(['notes.txt']);
  });
});

describe('restore', () => {
  it('passes the drill: into a fresh directory, the ledger audits intact and the statement verifies valid', async () => {
    const config = configOf('drill', { DATABASE_URL: join(root, 'drill-db', 'portal.sqlite') });
    const restored = await restoreBackup(config, { from: backupFolder });
    expect(restored.movedAside).toEqual([]);

    const { db, ctx } = open(config);
    const [before, after] = await Promise.all([source.ctx.ledger.audit(), ctx.ledger.audit()]);
    expect(after).toEqual({ ...before, isIntact: true });
    expect(await buffer(await readStatementPdf(ctx, source.statement.certificateId))).toEqual(
      source.statement.pdf,
    );
    const app = await buildApp({ config, db });
    try {
      const verified = await verifyUpload(app, source.statement.certificateId, source.statement.pdf);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ data: { result: 'valid', reason: 'original' } });
    } finally {
      await app.close();
    }
    for (const name of ['ledger-ed25519.pem', 'statement-signing.p12']) {
      const key = join(config.dataDir, 'keys', name);
      expect(readFileSync(key)).toEqual(readFileSync(join(source.config.dataDir, 'keys', name)));
      expect(modeOf(key)).toBe(0o600);
    }
    expect(readdirSync(config.dataDir).sort()).toEqual(['files', 'keys']);
  });

  it.each([
    ['the database', () => 'database.sqlite'],
    ['a stored file', () => manifest.entries.find((entry) => entry.path.startsWith('files/'))?.path ?? ''],
    ['a key', () => 'keys/ledger-ed25519.pem'],
  ])(
    'restores nothing from a backup with one byte of %s changed, and names the file',
    async (_what, pathOf) => {
      const path = pathOf();
      const damaged = join(root, `damaged-${path.replaceAll('/', '-')}`);
      cpSync(backupFolder, damaged, { recursive: true });
      const content = readFileSync(join(damaged, path));
      const middle = Math.floor(content.length / 2);
      content.writeUInt8(content.readUInt8(middle) ^ 0x01, middle);
      writeFileSync(join(damaged, path), content);

      const config = configOf(`target-of-${path.replaceAll('/', '-')}`);
      const restoring = restoreBackup(config, { from: damaged });
      await expect(restoring).rejects.toThrow(BackupError);
      await expect(restoring).rejects.toThrow(`${path} in the backup does not match its SHA-256`);
      expect(existsSync(config.dataDir)).toBe(false);
    },
  );

  it('refuses a target that holds data unless forced, then moves that data aside instead of deleting it', async () => {
    const config = configOf('occupied');
    await restoreBackup(config, { from: backupFolder });
    const marker = join(config.dataDir, 'files', 'ff', 'f'.repeat(32));
    mkdirSync(join(config.dataDir, 'files', 'ff'), { recursive: true });
    writeFileSync(marker, 'written after the first restore');

    await expect(restoreBackup(config, { from: backupFolder })).rejects.toThrow(
      /already holds data .*--force/,
    );
    expect(readFileSync(marker, 'utf8')).toBe('written after the first restore');

    const now = new Date('2026-03-01T08:00:00.000Z');
    const { movedAside } = await restoreBackup(config, { from: backupFolder, isForced: true, now });
    const stamp = '2026-03-01T08-00-00-000Z';
    expect(movedAside).toEqual(
      expect.arrayContaining([
        `${databasePathOf(config)}.replaced-${stamp}`,
        join(config.dataDir, `files.replaced-${stamp}`),
        join(config.dataDir, `keys.replaced-${stamp}`),
      ]),
    );
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(join(config.dataDir, `files.replaced-${stamp}`, 'ff', 'f'.repeat(32)), 'utf8')).toBe(
      'written after the first restore',
    );
    const { ctx } = open(config);
    expect((await ctx.ledger.audit()).isIntact).toBe(true);
  });
});

/** The newest row of the backups' record. */
const latestBackup = (db: Db) =>
  db.selectFrom('backups').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

/** `npm run cli -- <args>` as a process on this Node, as a deployer runs it. */
async function cli(args: string[], extra: Record<string, string>) {
  // Killed, with what it started, when its test ends: a command that hangs is not left running.
  const { code, stdout, stderr } = await runForTest(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', ...args],
    {
      cwd: join(REPO_ROOT, 'apps/api'),
      env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', ...extra },
    },
  );
  return { code, stdout, stderr };
}

describe('the backup and restore commands', () => {
  it('back up while the database is open, restore into a fresh DATA_DIR, and ledger:verify passes', async () => {
    const folder = join(root, 'cli-backup');
    const entries = await ledgerRows(source.db);
    const backedUp = await cli(['backup', '--out', folder], env('source'));
    expect(backedUp).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Backup written to ${folder}`),
    });
    expect(backedUp.stdout).toContain(`(ledger entries: ${entries}, statements: 1,`);
    // Recorded in the live database for the metrics (decision 096), after the copy was made.
    expect(await latestBackup(source.db)).toMatchObject({ kind: 'embedded', location: folder });

    const restored = await cli(['restore', '--from', folder], env('cli-restored'));
    expect(restored.stdout).toContain(`Ledger OK: ${entries} entries`);
    expect(restored.code).toBe(0);
    const verified = await cli(['ledger:verify'], env('cli-restored'));
    expect(verified).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Ledger OK: ${entries} entries`),
    });

    const again = await cli(['restore', '--from', folder], env('cli-restored'));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The target already holds data');
    expect(again.stderr).not.toMatch(/^\s+at /m);
  }, 120_000);

  it('record a backup made outside the portal (the nightly pg_dump) for the metrics, by its file', async () => {
    const missing = await cli(['backup:record'], env('source'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^backup:record needs --location <the dump file written>\n/);
    const location = join(root, 'lisbon-2026-12-02T023000Z.dump');
    writeFileSync(location, 'PGDMP');
    const recorded = await cli(['backup:record', '--location', location], env('source'));
    expect(recorded).toMatchObject({ code: 0, stdout: `backup recorded: ${location}\n` });
    expect(await latestBackup(source.db)).toMatchObject({ kind: 'pg_dump', location });
  }, 120_000);

  it('refuse a path that names no file of this host, which would count as a backup made, and take a URL (decision 096)', async () => {
    const before = await latestBackup(source.db);
    const mistyped = join(root, 'lisbon-2026-12-02T023000Z.dmp');
    const refused = await cli(['backup:record', '--location', mistyped], env('source'));
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      `backup:record: there is no file ${mistyped} on this host, so nothing was recorded. --location takes the path of a dump that exists here (the one lisbon-backup printed as "backup written: …"; a relative path is read from the current directory), or the URL of a backup kept elsewhere (s3://bucket/key).`,
    );
    expect(refused.stderr).not.toMatch(/^\s+at /m);
    const asFileUrl = await cli(['backup:record', '--location', pathToFileURL(mistyped).href], env('source'));
    expect(asFileUrl.code).toBe(2);
    expect(await latestBackup(source.db)).toEqual(before);

    const elsewhere = 's3://lisbon-backups/lisbon-2026-12-02T023000Z.dump';
    const recorded = await cli(['backup:record', '--location', elsewhere], env('source'));
    expect(recorded).toMatchObject({ code: 0, stdout: `backup recorded: ${elsewhere}\n` });
    expect(await latestBackup(source.db)).toMatchObject({ kind: 'pg_dump', location: elsewhere });
  }, 120_000);

  it('refuse a directory, which would count as a backup made whatever it holds, naming --location (decision 096)', async () => {
    const before = await latestBackup(source.db);
    const folder = join(root, 'dumps');
    mkdirSync(folder, { recursive: true });
    for (const location of [folder, pathToFileURL(folder).href]) {
      const refused = await cli(['backup:record', '--location', location], env('source'));
      expect(refused.code).toBe(2);
      expect(refused.stderr.split('\n')[0]).toBe(
        `backup:record: --location ${folder} is a directory, not a backup file, so nothing was recorded. --location takes the path of a dump that exists here (the one lisbon-backup printed as "backup written: …"; a relative path is read from the current directory), or the URL of a backup kept elsewhere (s3://bucket/key).`,
      );
      expect(refused.stderr).not.toMatch(/^\s+at /m);
    }
    // Nor a device: what it reads is no dump written.
    const device = await cli(['backup:record', '--location', '/dev/null'], env('source'));
    expect(device.code).toBe(2);
    expect(device.stderr).toMatch(
      /^backup:record: --location \/dev\/null is not a regular file, so nothing was recorded\./,
    );
    expect(await latestBackup(source.db)).toEqual(before);
  }, 120_000);

  it('read a relative file name with a colon before any slash as a file of the caller, not as a URL (decision 096)', async () => {
    const before = await latestBackup(source.db);
    const caller = { ...env('source'), INIT_CWD: root };
    const mistyped = await cli(['backup:record', '--location', 'lisbon-02:30.dmp'], caller);
    expect(mistyped.code).toBe(2);
    expect(mistyped.stderr.split('\n')[0]).toContain(
      `there is no file ${join(root, 'lisbon-02:30.dmp')} on this host`,
    );
    expect(await latestBackup(source.db)).toEqual(before);

    const dump = join(root, 'lisbon-02:30.dump');
    writeFileSync(dump, 'PGDMP');
    const writtenAt = new Date('2026-12-01T02:31:00.000Z');
    utimesSync(dump, writtenAt, writtenAt);
    const recorded = await cli(['backup:record', '--location', 'lisbon-02:30.dump'], caller);
    // Recorded by its absolute path, which names the file whatever directory it was typed in.
    expect(recorded).toMatchObject({
      code: 0,
      stdout: `backup recorded: ${dump} (lisbon-02:30.dump, resolved to its absolute path)\n`,
    });
    const row = await latestBackup(source.db);
    expect(row).toMatchObject({ kind: 'pg_dump', location: dump });
    expect(new Date(row?.finished_at ?? 0).toISOString()).toBe(writtenAt.toISOString());
  }, 120_000);

  it('date a dump recorded after it was written by the file, not by the command (deploy.md §11, step 7)', async () => {
    const dump = join(root, 'lisbon-2026-11-30T023000Z.dump');
    writeFileSync(dump, 'PGDMP');
    const writtenAt = new Date('2026-11-30T02:31:00.000Z');
    utimesSync(dump, writtenAt, writtenAt);
    const recorded = await cli(['backup:record', '--location', dump], env('source'));
    expect(recorded).toMatchObject({ code: 0, stdout: `backup recorded: ${dump}\n` });
    const row = await latestBackup(source.db);
    expect(row).toMatchObject({ kind: 'pg_dump', location: dump });
    expect(new Date(row?.finished_at ?? 0).toISOString()).toBe(writtenAt.toISOString());
  }, 60_000);

  it('refuse PostgreSQL with exit code 2 and the way to back it up, without a stack', async () => {
    const refused = await cli(['backup', '--out', join(root, 'cli-pg')], {
      ...env('cli-pg'),
      DATABASE_URL: 'postgres://lisbon@localhost/lisbon',
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('back up PostgreSQL with pg_dump');
    expect(refused.stderr).toContain('docs/deploy.md');
    expect(refused.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(root, 'cli-pg'))).toBe(false);
  }, 60_000);
});
