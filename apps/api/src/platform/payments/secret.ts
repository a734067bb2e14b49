import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { minted } from '../crypto';
import { errorCode } from '../errors';

const FILE_NAME = 'payment-webhook-secret';

/**
 * The webhook HMAC secret: `PAYMENT_WEBHOOK_SECRET`, or one generated into `DATA_DIR/keys/` on
 * first start and read from there afterwards (instances sharing a data directory share it).
 * Never logged.
 */
export function resolveWebhookSecret(config: Pick<Config, 'paymentWebhookSecret' | 'dataDir'>): string {
  if (config.paymentWebhookSecret) return config.paymentWebhookSecret;
  const directory = join(config.dataDir, 'keys');
  const file = join(directory, FILE_NAME);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${minted(randomBytes(32).toString('hex'))}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Already there (an earlier start, or another instance a moment ago): use it.
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
