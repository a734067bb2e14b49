import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from './config';
import { minted } from './crypto';
import { createOnce } from './signing/files';

/**
 * Secrets the portal must read back (TOTP secrets), sealed at rest with AES-256-GCM under a key
 * from configuration (TOTP_SECRET_KEY or its _FILE; embedded default: generated into
 * `DATA_DIR/keys/` on first start), bound to their row by the associated data (`totp:<user id>`),
 * so a copied database, or a secret moved to another account, opens nothing (decision 057).
 */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /**
   * The secret; a value written before sealing existed is returned as it is (sealed at the next
   * start); null when it does not open (another key, another row, altered).
   */
  open(stored: string, context: string): string | null;
  isSealed(stored: string): boolean;
};

const PREFIX = 'v1.';
export const TOTP_KEY_FILE = 'totp-secret.key';

export function resolveTotpKey(config: Pick<Config, 'totpSecretKey' | 'dataDir'>): Buffer {
  const hex =
    config.totpSecretKey ??
    createOnce(
      join(config.dataDir, 'keys', TOTP_KEY_FILE),
      () => `${minted(randomBytes(32).toString('hex'))}\n`,
    )
      .toString('utf8')
      .trim();
  return Buffer.from(hex, 'hex');
}

/** A box on a key read when first needed. */
export function createSecretBox(key: () => Buffer): SecretBox {
  let loaded: Buffer | undefined;
  const keyOf = () => (loaded ??= key());
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      cipher.setAAD(Buffer.from(context));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
    },
    open(stored, context) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [iv = '', tag = '', sealed = ''] = stored.slice(PREFIX.length).split('.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}

export const totpContext = (userId: number) => `totp:${userId}`;
