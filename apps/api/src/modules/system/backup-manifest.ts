import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Config } from '../../platform/config';

/** The backup folder of the embedded default (decision 043): what it holds and how it is checked. */

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'database.sqlite';
const FORMAT = 'lisbon-backup';
const FORMAT_VERSION = 1;

/** The only paths a backup holds: a manifest naming any other (`../…`) is refused. */
const ENTRY_PATH =
  /^(?:database\.sqlite|files\/[0-9a-f]{2}\/[0-9a-f]{32}|keys\/[A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;

const count = z.number().int().nonnegative();

const entrySchema = z.object({
  path: z.string().regex(ENTRY_PATH),
  bytes: count,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  format_version: z.literal(FORMAT_VERSION),
  created_at: z.string(),
  app_version: z.string(),
  latest_migration: z.string().nullable(),
  counts: z.object({ files: count, keys: count, ledger_entries: count, statements: count, documents: count }),
  /** Keys the configuration took from outside DATA_DIR/keys: named here, never copied. */
  keys_outside: z.array(z.string()),
  entries: z
    .array(entrySchema)
    .refine((entries) => entries.some((entry) => entry.path === DATABASE_FILE), 'no database')
    .refine((entries) => new Set(entries.map((entry) => entry.path)).size === entries.length, 'a path twice'),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupEntry = z.infer<typeof entrySchema>;

export const newManifest = (fields: Omit<BackupManifest, 'format' | 'format_version'>): BackupManifest => ({
  format: FORMAT,
  format_version: FORMAT_VERSION,
  ...fields,
});

/** A backup or restore that cannot go ahead; the message says why. Nothing was left half-written. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Not the embedded default: PostgreSQL and object stores have their own tools (docs/deploy.md). */
export class UnsupportedBackupError extends Error {
  override name = 'UnsupportedBackupError';
}

/** What PostgreSQL and an object store use instead of `backup` and `restore` (docs/deploy.md). */
const OWN_TOOLS = {
  backup:
    "back up PostgreSQL with pg_dump and the bucket with the store's versioning/replication; see docs/deploy.md, section 9",
  restore:
    'restore PostgreSQL with pg_restore and the bucket from its versions, then run lisbon-migrate; see docs/deploy.md, section 10',
} as const;

/** The SQLite file of the embedded default; refuses PostgreSQL, an object store and `:memory:`. */
export function embeddedDatabasePath(
  config: Pick<Config, 'database' | 's3'>,
  command: 'backup' | 'restore',
): string {
  const reasons = [
    ...(config.database.dialect === 'postgres' ? ['DATABASE_URL is PostgreSQL'] : []),
    ...(config.s3 ? ['S3_BUCKET is set'] : []),
  ];
  if (reasons.length > 0 || config.database.dialect !== 'sqlite') {
    throw new UnsupportedBackupError(
      `${command} covers the embedded default only (SQLite and files under DATA_DIR), but ${reasons.join(' and ')}: ${OWN_TOOLS[command]}.`,
    );
  }
  if (config.database.path === ':memory:')
    throw new UnsupportedBackupError(`DATABASE_URL is :memory:: there is no database file to ${command}.`);
  return config.database.path;
}

/** Reads and checks `manifest.json`: a newer format or a damaged file is refused before anything is read. */
export function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} is damaged (not JSON): nothing was restored`);
  }
  // Any JSON at all: both fields are read as unknown and checked next.
  const { format, format_version: version } = (json ?? {}) as Record<string, unknown>;
  if (format !== FORMAT) throw new BackupError(`${MANIFEST_FILE} is not a Lisbon backup's`);
  if (version !== FORMAT_VERSION)
    throw new BackupError(
      `The backup has format ${String(version)}; this version of Lisbon reads format ${FORMAT_VERSION}`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${MANIFEST_FILE} is damaged: nothing was restored`);
  return parsed.data;
}

export type Written = { bytes: number; sha256: string };

/** Writes a stream into a new file (0600, never over an existing one), hashing as it goes. */
export async function writeHashed(content: Readable, to: string): Promise<Written> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(content, tap, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(to, { force: true });
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}

export const copyHashed = (from: string, to: string): Promise<Written> =>
  writeHashed(createReadStream(from), to);

export async function hashFile(path: string): Promise<Written> {
  const hash = createHash('sha256');
  let bytes = 0;
  // A file stream without an encoding yields Buffers; its iterator is typed any.
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
