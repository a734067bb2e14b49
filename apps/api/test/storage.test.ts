import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { createLocalDiskStorage } from '../src/platform/storage/local-disk';
import { createS3Storage } from '../src/platform/storage/s3';
import { StoredFileMissingError, type FileStorage } from '../src/platform/storage/storage';
import { startS3Server, type S3Server } from './s3';

const MEGABYTE = 1024 * 1024;
const root = mkdtempSync(join(tmpdir(), 'lisbon-storage-'));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

/** `count` chunks of 1 MB made one at a time as the store asks for them, never all at once. */
function lazyMegabytes(count: number, state = { made: 0, maxAhead: 0, consumed: 0 }) {
  const hash = createHash('sha256');
  const stream = Readable.from(
    (function* () {
      for (let index = 0; index < count; index += 1) {
        const chunk = Buffer.alloc(MEGABYTE, index % 251);
        hash.update(chunk);
        state.made += 1;
        yield chunk;
      }
    })(),
  );
  return { stream, digest: () => hash.digest('hex'), state };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const PROVIDERS: [string, () => FileStorage][] = [
  ['local disk', () => createLocalDiskStorage(join(root, 'files'))],
  ['S3-compatible object store', () => createS3Storage(loadConfig(s3.env).s3!)],
];

describe.each(PROVIDERS)('file storage on the %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('gives back exactly the bytes it was given, under a new random key', async () => {
    const key = await storage.write(Readable.from([Buffer.from('%PDF-1.7 hello')]));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(
      (await sha256Of(await storage.read(key))) ===
        createHash('sha256').update('%PDF-1.7 hello').digest('hex'),
    ).toBe(true);
    expect(await storage.write(Readable.from([Buffer.from('x')]))).not.toBe(key);
  });

  it('streams a 20 MB document through, byte for byte', async () => {
    const source = lazyMegabytes(20);
    const key = await storage.write(source.stream);
    expect(await sha256Of(await storage.read(key))).toBe(source.digest());
  });

  it('says a key that holds nothing is missing, and a malformed key too', async () => {
    await expect(storage.read('0'.repeat(32))).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.read('../../etc/passwd')).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('removes a file, and removing it again is no error', async () => {
    const key = await storage.write(Readable.from([Buffer.from('bye')]));
    await storage.remove(key);
    await storage.remove(key);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('leaves nothing behind when the source fails halfway', async () => {
    const before = await keysOf(storage);
    const failing = Readable.from(
      (function* () {
        for (let index = 0; index < 12; index += 1) {
          if (index === 10) throw new Error('client went away');
          yield Buffer.alloc(MEGABYTE, 1);
        }
      })(),
    );
    await expect(storage.write(failing)).rejects.toThrow(/client went away/);
    expect(await keysOf(storage)).toEqual(before);
  });

  it('lists the keys written before a given time, for the sweep', async () => {
    const key = await storage.write(Readable.from([Buffer.from('listed')]));
    expect(await keysOf(storage, new Date(Date.now() + 60_000))).toContain(key);
    expect(await keysOf(storage, new Date(Date.now() - 60_000))).not.toContain(key);
  });
});

async function keysOf(
  storage: FileStorage,
  modifiedBefore = new Date(Date.now() + 60_000),
): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.listKeys({ modifiedBefore })) keys.push(key);
  return keys.sort();
}
