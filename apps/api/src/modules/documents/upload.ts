import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_MAX_PIXELS, UPLOAD_LIMIT_DEFAULTS } from '@lisbon/domain';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/storage';
import { uploadCheck } from './check-pool';
import type { ContentFinding, ContentLimits } from './content-check';
import { HEAD_BYTES, sanitiseFileName } from './file-check';

/**
 * A file of a multipart request, already written to the store under a random key while its size,
 * SHA-256 and first bytes were taken and its content inspected (`finding`: why it is refused, or
 * null). Until a service commits it to a row, the routes remove it when the response ends, so a
 * refused upload leaves nothing behind.
 */
export class StagedUpload {
  isCommitted = false;

  constructor(
    readonly key: string,
    readonly fileName: string,
    readonly size: number,
    readonly sha256: string,
    readonly head: Buffer,
    readonly finding: ContentFinding | null = null,
  ) {}
}

const DEFAULT_LIMITS: ContentLimits = {
  pdfMaxInflatedBytes: UPLOAD_LIMIT_DEFAULTS.pdfMaxInflatedBytes,
  imageMaxPixels: IMAGE_MAX_PIXELS,
};

const MEGABYTE = 1024 * 1024;

/**
 * Streams a part to the store, inspecting its content on the way (decision 058); a file past
 * `maxBytes` is removed again and refused with 413 FILE_TOO_LARGE.
 */
export async function stageUpload(
  storage: FileStorage,
  { file, filename }: { file: Readable & { truncated?: boolean }; filename: string },
  maxBytes: number,
  limits: ContentLimits = DEFAULT_LIMITS,
): Promise<StagedUpload> {
  const fileName = sanitiseFileName(filename);
  const hash = createHash('sha256');
  const content = uploadCheck(fileName, limits);
  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      // The next chunk waits for this one's inspection (a compressed stream being inflated).
      content.write(chunk).then(() => done(null, chunk), done);
    },
  });
  let key: string;
  let finding: ContentFinding | null;
  try {
    // pipeline() carries an aborted upload's error into the store's write, which then removes its file.
    [key] = await Promise.all([storage.write(measure), pipeline(file, measure)]);
    finding = await content.finish();
  } finally {
    content.abandon();
  }
  // Past the size limit busboy ends the stream early and marks it truncated.
  if (file.truncated === true || size > maxBytes) {
    await storage.remove(key);
    throw new AppError('FILE_TOO_LARGE', { params: { max: Number((maxBytes / MEGABYTE).toFixed(1)) } });
  }
  return new StagedUpload(key, fileName, size, hash.digest('hex'), head, finding);
}
