import type { Readable } from 'node:stream';

/**
 * The file store port: documents live under names it generates, never under anything a user
 * typed. The default provider is the local disk (`DATA_DIR/files`); with `S3_BUCKET` set, an
 * S3-compatible object store (decision 040).
 */
export type FileStorage = {
  /** Stores the stream's bytes under a new random key and answers the key once everything is written. */
  write(content: Readable): Promise<string>;
  /** The stored bytes; rejects with `StoredFileMissingError` when the key holds nothing. */
  read(key: string): Promise<Readable>;
  /** Removes the file; a key that holds nothing is not an error (removal is retried safely). */
  remove(key: string): Promise<void>;
  /** Every stored key last written before the given time, for the sweep of files no row holds. */
  listKeys(options: { modifiedBefore: Date }): AsyncIterable<string>;
  /**
   * Resolves when the store can be used (the bucket answers; the folder can be written), within
   * `timeoutMs`; rejects with the store's own error otherwise. At start and at each metrics scrape.
   */
  probe(timeoutMs: number): Promise<void>;
};

export class StoredFileMissingError extends Error {
  override name = 'StoredFileMissingError';
}

/** Keys are 32 lowercase hex characters: nothing else ever reaches a path or an object name. */
export const STORAGE_KEY_PATTERN = /^[0-9a-f]{32}$/;
