import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { STORAGE_KEY_PATTERN, StoredFileMissingError, type FileStorage } from './storage';

/**
 * Files on local disk under `root` (DATA_DIR/files by default), which nothing serves statically.
 * A key `ab12…` is stored as `ab/ab12…`, so no folder grows past a few thousand entries.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new StoredFileMissingError('Not a storage key');
    return join(root, key.slice(0, 2), key);
  };

  return {
    async write(content) {
      const key = randomBytes(16).toString('hex');
      const path = pathOf(key);
      // Applicants' documents: owner-only folders, from DATA_DIR down, like the files in them.
      await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
      try {
        // `wx`: a new file only; a key collision (2^-128) fails instead of overwriting.
        await pipeline(content, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return key;
    },

    async read(key) {
      const path = pathOf(key);
      // Opening first turns a missing file into a clear error before any byte is sent.
      const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new StoredFileMissingError(`No file for ${key}`) : error;
      });
      return handle.createReadStream();
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async *listKeys({ modifiedBefore }) {
      const folders = await readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await readdir(join(root, folder))) {
          if (!STORAGE_KEY_PATTERN.test(name)) continue;
          const { mtime } = await stat(join(root, folder, name)).catch(() => ({ mtime: modifiedBefore }));
          if (mtime < modifiedBefore) yield name;
        }
      }
    },

    async probe() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.W_OK);
    },
  };
}
