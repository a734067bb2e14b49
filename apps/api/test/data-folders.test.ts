import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database';
import { createLocalDiskStorage } from '../src/platform/storage/local-disk';

const parent = mkdtempSync(join(tmpdir(), 'lisbon-folders-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('folders the portal creates', () => {
  it('are owner-only (0700): DATA_DIR for the SQLite file, the files folder and its subfolders', async () => {
    const dataDir = join(parent, 'data', 'nested');
    const db = openDatabase({ dialect: 'sqlite', path: join(dataDir, 'lisbon.sqlite') });
    await db.destroy();
    expect(modeOf(join(parent, 'data'))).toBe(0o700);
    expect(modeOf(dataDir)).toBe(0o700);

    const filesDir = join(parent, 'store', 'files');
    const key = await createLocalDiskStorage(filesDir).write(Readable.from([Buffer.from('a document')]));
    expect(modeOf(join(parent, 'store'))).toBe(0o700);
    expect(modeOf(filesDir)).toBe(0o700);
    expect(readdirSync(filesDir)).toEqual([key.slice(0, 2)]);
    expect(modeOf(join(filesDir, key.slice(0, 2)))).toBe(0o700);
    expect(modeOf(join(filesDir, key.slice(0, 2), key))).toBe(0o600);
  });
});
