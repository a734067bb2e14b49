import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../../platform/config';
import {
  BackupError,
  copyHashed,
  DATABASE_FILE,
  embeddedDatabasePath,
  hashFile,
  MANIFEST_FILE,
  parseManifest,
  type BackupEntry,
  type BackupManifest,
} from './backup-manifest';

export type RestoreResult = {
  manifest: BackupManifest;
  databasePath: string;
  /** What the target held before a forced restore, renamed beside it (`….replaced-<time>`). */
  movedAside: string[];
};

const damaged = (path: string) =>
  new BackupError(
    `${path} in the backup does not match its SHA-256 in ${MANIFEST_FILE} (damaged or changed): nothing was restored`,
  );

/** Every file against the manifest before anything is written: a damaged backup restores nothing. */
async function checkEntries(from: string, entries: readonly BackupEntry[]): Promise<void> {
  for (const entry of entries) {
    const found = await hashFile(join(from, entry.path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new BackupError(`${entry.path} is missing from the backup: nothing was restored`);
      throw error;
    });
    if (found.sha256 !== entry.sha256 || found.bytes !== entry.bytes) throw damaged(entry.path);
  }
}

const isEmptyFolder = async (path: string) => (await readdir(path).catch(() => [])).length === 0;

/** The database (with its -wal, -shm and -journal), DATA_DIR/files and DATA_DIR/keys, where they hold anything. */
async function occupied(databasePath: string, dataDir: string): Promise<string[]> {
  const database = ['', '-wal', '-shm', '-journal']
    .map((suffix) => `${databasePath}${suffix}`)
    .filter((path) => existsSync(path));
  const folders = [];
  for (const name of ['files', 'keys']) {
    const path = join(dataDir, name);
    if (existsSync(path) && !(await isEmptyFolder(path))) folders.push(path);
  }
  return [...database, ...folders];
}

/**
 * `npm run cli -- restore --from <folder> [--force]`, the embedded default only, with the server
 * stopped: checks every file of the backup against its manifest, copies them into a staging folder
 * beside the target (checking each again as it is written), then renames them into place: the
 * database at its configured path, the stored files and keys under DATA_DIR. A target that holds
 * data is refused unless forced; forced, what was there is renamed aside, never deleted.
 */
export async function restoreBackup(
  config: Pick<Config, 'database' | 's3' | 'dataDir'>,
  { from, isForced = false, now = new Date() }: { from: string; isForced?: boolean; now?: Date },
): Promise<RestoreResult> {
  const databasePath = embeddedDatabasePath(config, 'restore');
  const manifestText = await readFile(join(from, MANIFEST_FILE), 'utf8').catch(() => {
    throw new BackupError(`No ${MANIFEST_FILE} in ${from}: not a backup, or one that did not finish`);
  });
  const manifest = parseManifest(manifestText);
  await checkEntries(from, manifest.entries);

  const existing = await occupied(databasePath, config.dataDir);
  if (existing.length > 0 && !isForced) {
    throw new BackupError(
      `The target already holds data (${existing.join(', ')}): restore into an empty DATA_DIR and database path, or pass --force to move what is there aside`,
    );
  }

  const tag = randomBytes(6).toString('hex');
  const staging = join(config.dataDir, `.restore-${tag}`);
  const stagedDatabase = `${databasePath}.restore-${tag}`;
  try {
    await mkdir(join(staging, 'files'), { recursive: true, mode: 0o700 });
    await mkdir(join(staging, 'keys'), { mode: 0o700 });
    await mkdir(dirname(databasePath), { recursive: true, mode: 0o700 });
    for (const entry of manifest.entries) {
      const to = entry.path === DATABASE_FILE ? stagedDatabase : join(staging, entry.path);
      await mkdir(dirname(to), { recursive: true, mode: 0o700 });
      const written = await copyHashed(join(from, entry.path), to);
      if (written.sha256 !== entry.sha256) throw damaged(entry.path);
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    await rm(stagedDatabase, { force: true });
    throw error;
  }

  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  for (const path of existing) {
    // `x.sqlite-wal` becomes `x.sqlite.replaced-…-wal`, so the set aside database still opens whole.
    const suffix = /-(wal|shm|journal)$/.exec(path)?.[0] ?? '';
    const aside = `${path.slice(0, path.length - suffix.length)}.replaced-${stamp}${suffix}`;
    await rename(path, aside);
    movedAside.push(aside);
  }
  for (const name of ['files', 'keys']) {
    const target = join(config.dataDir, name);
    if (existsSync(target)) await rmdir(target);
    await rename(join(staging, name), target);
  }
  await rename(stagedDatabase, databasePath);
  await rm(staging, { recursive: true, force: true });
  return { manifest, databasePath, movedAside };
}
