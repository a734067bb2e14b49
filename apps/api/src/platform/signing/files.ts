import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCode } from '../errors';

/**
 * Writes `content` to `path` only if nothing is there yet, atomically: a temporary file (0600)
 * is linked into place, so a reader never sees half a key and, of two instances starting at
 * once, exactly one wins. Answers what the file holds afterwards (ours, or the winner's).
 */
export function createOnce(path: string, content: () => Buffer | string): Buffer {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    return readFileSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content(), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return readFileSync(path);
}
