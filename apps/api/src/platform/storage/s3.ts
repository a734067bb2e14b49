import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchBucket,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import { STORAGE_KEY_PATTERN, StoredFileMissingError, type FileStorage } from './storage';

/** Parts of 8 MB, two in flight: a 20 MB document never sits whole in memory (at most ~16 MB of it). */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // A copy: the SDK marks the credentials object it is given, and the configuration is frozen.
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
  });
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Ceph, Scaleway, OVH …), under the same
 * random keys as on disk. Writes stream through a multipart upload (aborted, leaving nothing, when
 * the source fails); reads stream the object's body.
 */
export function createS3Storage(
  settings: S3Settings,
  client: S3Client = createS3Client(settings),
): FileStorage {
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new StoredFileMissingError('Not a storage key');
    return key;
  };

  return {
    async write(content) {
      const key = randomBytes(16).toString('hex');
      let sourceError: unknown;
      content.once('error', (error) => (sourceError = error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: content, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A single-part upload may have been written before the failure surfaced: remove it too.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        // The source's own failure says what happened (an aborted upload), not the clean-up's.
        throw sourceError ?? error;
      }
      return key;
    },

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error('the object store answered no stream');
        return object.Body;
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissingError(`No file for ${key}`);
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async *listKeys({ modifiedBefore }) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !STORAGE_KEY_PATTERN.test(object.Key)) continue;
          if (object.LastModified && object.LastModified < modifiedBefore) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async probe(timeoutMs) {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        // A HEAD answer has no body, so no error code: a bare 404 or 403, named here as S3 names them.
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        if (error instanceof S3ServiceException && status === 404)
          throw new NoSuchBucket({ $metadata: error.$metadata, message: `No bucket named ${Bucket}` });
        if (error instanceof S3ServiceException && status === 403)
          throw new S3ServiceException({
            name: 'AccessDenied',
            $fault: 'client',
            $metadata: error.$metadata,
            message: `The credentials may not use the bucket ${Bucket}`,
          });
        throw error;
      }
    },
  };
}
