import { join } from 'node:path';
import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
import type { FileStorage } from './storage';

/** The file store the configuration names: an S3-compatible bucket, or DATA_DIR/files on disk. */
export const createFileStorage = (config: Pick<Config, 's3' | 'dataDir'>): FileStorage =>
  config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(join(config.dataDir, 'files'));
