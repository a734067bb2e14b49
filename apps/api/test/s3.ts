import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type S3Server = {
  /** The S3_* variables that point the portal at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** A real S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket, for the storage suites. */
export async function startS3Server(bucket = 'lisbon-test'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'lisbon-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
