import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/storage';
import { HEAD_BYTES, sanitiseFileName } from './file-check';

/**
 * A file of a multipart request, already written to the store under a random key while its size,
 * SHA-256 and first bytes were taken. Until a service commits it to a row, the routes remove it
 * when the response ends, so a refused upload leaves nothing behind.
 */
export class StagedUpload {
  isCommitted = false;

  constructor(
    readonly key: string,
    readonly fileName: string,
    readonly size: number,
    readonly sha256: string,
    readonly head: Buffer,
  ) {}
}

const MEGABYTE = 1024 * 1024;

/** Streams a part to the store; a file past `maxBytes` is removed again and refused with 413 FILE_TOO_LARGE. */
export async function stageUpload(
  storage: FileStorage,
  { file, filename }: { file: Readable & { truncated?: boolean }; filename: string },
  maxBytes: number,
): Promise<StagedUpload> {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  // pipeline() carries an aborted upload's error into the store's write, which then removes its file.
  const [key] = await Promise.all([storage.write(measure), pipeline(file, measure)]);
  // Past the size limit busboy ends the stream early and marks it truncated.
  if (file.truncated === true || size > maxBytes) {
    await storage.remove(key);
    throw new AppError('FILE_TOO_LARGE', { params: { max: Number((maxBytes / MEGABYTE).toFixed(1)) } });
  }
  return new StagedUpload(key, sanitiseFileName(filename), size, hash.digest('hex'), head);
}
