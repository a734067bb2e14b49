import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Config } from '../../platform/config';
import { snapshotSqlite } from '../../platform/db/sqlite-snapshot';
import { createFileStorage } from '../../platform/storage';
import { StoredFileMissingError } from '../../platform/storage/storage';
import {
  BackupError,
  copyHashed,
  DATABASE_FILE,
  embeddedDatabasePath,
  hashFile,
  MANIFEST_FILE,
  newManifest,
  writeHashed,
  type BackupEntry,
  type BackupManifest,
} from './backup-manifest';

export type BackupSettings = Pick<
  Config,
  | 'database'
  | 's3'
  | 'dataDir'
  | 'ledgerKeyPath'
  | 'ledgerKeyPem'
  | 'signingP12'
  | 'paymentWebhookSecret'
  | 'totpSecretKey'
  | 'walletIssuerKeyPath'
>;

export type BackupResult = { manifest: BackupManifest; warnings: string[] };

/** Key files are flat in DATA_DIR/keys; `*.tmp` is a key being written (createOnce), not a key. */
const KEY_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const COUNTED_TABLES = ['ledger_entries', 'statements', 'documents'];

const isInside = (path: string, folder: string) => {
  const rest = relative(folder, path);
  return rest !== '' && !rest.startsWith('..') && !rest.startsWith('/');
};

/** The keys this configuration takes from elsewhere than DATA_DIR/keys: a backup names them, never holds them. */
function keysOutside(config: BackupSettings): string[] {
  const keysDir = join(config.dataDir, 'keys');
  const outside = (path: string) => !isInside(path, keysDir);
  return [
    ...(config.ledgerKeyPath && outside(config.ledgerKeyPath)
      ? [`LEDGER_KEY_PATH (${config.ledgerKeyPath})`]
      : []),
    ...(config.ledgerKeyPem ? ['LEDGER_KEY'] : []),
    ...(config.signingP12 && outside(config.signingP12.path)
      ? [`SIGNING_P12_PATH (${config.signingP12.path}) with its passphrase`]
      : []),
    ...(config.paymentWebhookSecret ? ['PAYMENT_WEBHOOK_SECRET'] : []),
    ...(config.totpSecretKey
      ? ['TOTP_SECRET_KEY (without it no TOTP secret in the backup can be read)']
      : []),
    ...(config.walletIssuerKeyPath && outside(config.walletIssuerKeyPath)
      ? [`WALLET_ISSUER_KEY_PATH (${config.walletIssuerKeyPath})`]
      : []),
  ];
}

/** A new folder, or an empty one made owner-only; answers whether it was there before. */
async function prepareFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (entries && entries.length > 0)
    throw new BackupError(`${folder} is not empty: a backup goes into a new or empty folder`);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  return entries !== undefined;
}

/**
 * `npm run cli -- backup --out <folder>`, the embedded default only: a consistent snapshot of the
 * SQLite database (online backup API, safe while the server runs), then every stored file and
 * every key file of DATA_DIR, each with its SHA-256 in `manifest.json`, written last: a folder
 * without it is not a backup. Everything is owner-only (0700 folders, 0600 files): it holds the
 * private keys. A failure leaves the folder as it found it.
 */
export async function backupDataDir(
  config: BackupSettings,
  { folder, appVersion, now = new Date() }: { folder: string; appVersion: string; now?: Date },
): Promise<BackupResult> {
  const databasePath = embeddedDatabasePath(config, 'backup');
  if (!existsSync(databasePath))
    throw new BackupError(
      `No database at ${databasePath}: nothing to back up (are DATA_DIR and DATABASE_URL the server's?)`,
    );
  const wasThere = await prepareFolder(folder);
  try {
    // The database first: a file it references was written before it, so the copy below finds it.
    const snapshot = await snapshotSqlite({
      source: databasePath,
      destination: join(folder, DATABASE_FILE),
      countRowsOf: COUNTED_TABLES,
    });
    const entries: BackupEntry[] = [
      { path: DATABASE_FILE, ...(await hashFile(join(folder, DATABASE_FILE))) },
    ];
    const files = await copyStoredFiles(config, folder);
    const keys = await copyKeyFiles(config, folder);
    entries.push(...files, ...keys);
    const outside = keysOutside(config);
    const manifest = newManifest({
      created_at: now.toISOString(),
      app_version: appVersion,
      latest_migration: snapshot.latestMigration,
      counts: {
        files: files.length,
        keys: keys.length,
        ledger_entries: snapshot.rows.ledger_entries ?? 0,
        statements: snapshot.rows.statements ?? 0,
        documents: snapshot.rows.documents ?? 0,
      },
      keys_outside: outside,
      entries,
    });
    await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    const warnings = [
      ...(outside.length > 0
        ? [
            `Not in this backup, kept by your secret store: ${outside.join('; ')}. A restore needs the same ones.`,
          ]
        : []),
      ...(keys.length === 0 && outside.length === 0
        ? ['DATA_DIR/keys holds no key yet (has the server ever started with this DATA_DIR?)']
        : []),
    ];
    return { manifest, warnings };
  } catch (error) {
    if (wasThere) {
      for (const name of await readdir(folder))
        await rm(join(folder, name), { recursive: true, force: true });
    } else {
      await rm(folder, { recursive: true, force: true });
    }
    throw error;
  }
}

/** Through the storage port, in the disk store's own layout (`files/ab/ab12…`), so a restore puts them back as they were. */
async function copyStoredFiles(config: BackupSettings, folder: string): Promise<BackupEntry[]> {
  const storage = createFileStorage(config);
  const entries: BackupEntry[] = [];
  for await (const key of storage.listKeys({ modifiedBefore: new Date(8.64e15) })) {
    const path = `files/${key.slice(0, 2)}/${key}`;
    let content;
    try {
      content = await storage.read(key);
    } catch (error) {
      // Removed since it was listed (the sweep, a deleted draft document): nothing to keep.
      if (error instanceof StoredFileMissingError) continue;
      throw error;
    }
    await mkdir(join(folder, 'files', key.slice(0, 2)), { recursive: true, mode: 0o700 });
    entries.push({ path, ...(await writeHashed(content, join(folder, path))) });
  }
  return entries;
}

async function copyKeyFiles(config: BackupSettings, folder: string): Promise<BackupEntry[]> {
  const keysDir = join(config.dataDir, 'keys');
  const found = await readdir(keysDir, { withFileTypes: true }).catch(() => []);
  const names = found
    .filter((entry) => entry.isFile() && KEY_FILE.test(entry.name) && !entry.name.endsWith('.tmp'))
    .map((entry) => entry.name)
    .sort();
  if (names.length > 0) await mkdir(join(folder, 'keys'), { mode: 0o700 });
  const entries: BackupEntry[] = [];
  for (const name of names) {
    entries.push({
      path: `keys/${name}`,
      ...(await copyHashed(join(keysDir, name), join(folder, 'keys', name))),
    });
  }
  return entries;
}
