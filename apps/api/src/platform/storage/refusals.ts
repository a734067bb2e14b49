/** The object store's refusals of the deployment's bucket or credentials, by the error's name. */
const BUCKET_REFUSALS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'NoSuchBucket',
  'InvalidBucketName',
]);

/**
 * One line naming the S3 variables when the object store refused the bucket or the credentials,
 * instead of the SDK's stack trace (a command of the CLI); undefined for any other error. Read from
 * the error's shape (the SDK's `$metadata`), so that a command need not load the SDK to say it.
 */
export function unusableBucket(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  if (status === undefined) return undefined;
  if (!BUCKET_REFUSALS.has(error.name) && status !== 401 && status !== 403) return undefined;
  return `S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the object store refused the bucket or the credentials: ${error.name} (HTTP ${String(status)}).`;
}
