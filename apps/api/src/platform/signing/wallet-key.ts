import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import type { Clock } from '../clock';
import { ConfigError, readConfiguredFile, type Config } from '../config';
import type { Db } from '../db/database';
import { createOnce } from './files';

/**
 * The key that signs the wallet credentials (SD-JWT VC), the access tokens and the verifier's
 * request objects (decision 088): ES256 on P-256. Production: WALLET_ISSUER_KEY_PATH, the same
 * file on every instance. Embedded default: generated into `DATA_DIR/keys/` on first start (so
 * `backup` takes it with the others). Its `kid` is the RFC 7638 thumbprint of its public key,
 * so a credential names the key that signed it and a rotated set keeps earlier keys verifiable.
 */
export type WalletIssuerKey = {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as a JWK with `kid`, `alg` and `use`: what `/.well-known/jwt-vc-issuer` lists. */
  publicJwk: JWK & { kid: string };
  kid: string;
};

export const WALLET_KEY_FILE = 'wallet-issuer-es256.pem';

export const newWalletKeyPem = (): string =>
  String(
    generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );

/** Where the key is read: WALLET_ISSUER_KEY_PATH, or the embedded default's file in `DATA_DIR/keys/`. */
export const walletKeyPath = (settings: Pick<Config, 'dataDir' | 'walletIssuerKeyPath'>): string =>
  settings.walletIssuerKeyPath ?? join(settings.dataDir, 'keys', WALLET_KEY_FILE);

const loaded = new Map<string, Promise<WalletIssuerKey>>();

/** The key's fingerprint in the key set (decision 086): SHA-256 of its public key (SPKI, DER). */
export const walletKeyFingerprint = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');

/** A public key as the JWKS lists it: its RFC 7638 thumbprint as `kid`, `alg` ES256, `use` sig. */
export async function walletPublicJwk(publicKey: KeyObject): Promise<JWK & { kid: string }> {
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: 'ES256', use: 'sig' };
}

async function load(pem: Buffer, variable: string): Promise<WalletIssuerKey> {
  let privateKey: KeyObject | undefined;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    privateKey = undefined;
  }
  if (privateKey?.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new ConfigError(`Invalid configuration: ${variable} must hold an EC P-256 private key (PEM)`);
  const publicKey = createPublicKey(privateKey);
  const publicJwk = await walletPublicJwk(publicKey);
  return { privateKey, publicKey, kid: publicJwk.kid, publicJwk };
}

/** The issuer key, read once per location and process; generated on SQLite when none is configured. */
export function loadWalletIssuerKey(
  settings: Pick<Config, 'dataDir' | 'walletIssuerKeyPath'>,
): Promise<WalletIssuerKey> {
  const path = walletKeyPath(settings);
  const cached = loaded.get(path);
  if (cached) return cached;
  let pem: Buffer;
  if (settings.walletIssuerKeyPath) {
    pem = readConfiguredFile(path, 'WALLET_ISSUER_KEY_PATH');
  } else {
    pem = createOnce(path, newWalletKeyPem);
  }
  const key = load(pem, 'WALLET_ISSUER_KEY_PATH');
  loaded.set(path, key);
  return key;
}

/**
 * `keys:rotate --key wallet` (decision 094), in the rotation's transaction: the retired public key
 * is kept with `retired_at` and the new one recorded beside it, so every instance, the ones still
 * holding the old key during a rolling restart too, lists both and checks earlier credentials.
 */
export async function recordWalletKeyRotation(
  db: Db,
  { retired, next }: { retired: KeyObject | null; next: KeyObject },
  clock: Clock,
): Promise<void> {
  const at = clock.now().toISOString();
  const upsert = async (publicKey: KeyObject, retiredAt: string | null) => {
    const jwk = await walletPublicJwk(publicKey);
    await db
      .insertInto('wallet_issuer_keys')
      .values({ kid: jwk.kid, public_jwk: JSON.stringify(jwk), recorded_at: at, retired_at: retiredAt })
      .onConflict((conflict) => conflict.column('kid').doUpdateSet({ retired_at: retiredAt }))
      .execute();
  };
  if (retired) await upsert(retired, at);
  await upsert(next, null);
}

/** A recorded public key, and when a rotation retired it and `keys:revoke` revoked it (decision 114). */
export type RecordedWalletKey = {
  jwk: JWK & { kid: string };
  retiredAt: string | null;
  revokedAt: string | null;
};

/**
 * Every public key the deployment recorded (current, retired and revoked), oldest first: for the
 * JWKS, which lists the ones not revoked (an instance still holding a revoked key does not list its
 * own either), and for `keys:revoke`.
 */
export async function recordedWalletKeys(db: Db): Promise<RecordedWalletKey[]> {
  const rows = await db
    .selectFrom('wallet_issuer_keys')
    .select(['public_jwk', 'retired_at', 'revoked_at'])
    .orderBy('recorded_at')
    .orderBy('kid')
    .execute();
  return rows.map((row) => ({
    jwk: JSON.parse(row.public_jwk) as JWK & { kid: string },
    retiredAt: row.retired_at === null ? null : new Date(row.retired_at).toISOString(),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  }));
}

/**
 * One recorded public key by its `kid`, for the verifier; null when the deployment never had it, or
 * revoked it (decision 114): a credential it signed is refused as one of an unknown key.
 */
export async function recordedWalletKey(db: Db, kid: string): Promise<(JWK & { kid: string }) | null> {
  const row = await db
    .selectFrom('wallet_issuer_keys')
    .select('public_jwk')
    .where('kid', '=', kid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? (JSON.parse(row.public_jwk) as JWK & { kid: string }) : null;
}

/**
 * Whether `keys:revoke` revoked the key of this `kid` (decision 114): an instance still holding it
 * (not yet restarted after the rotation that retired it) neither lists it nor takes it.
 */
export async function isWalletKeyRevoked(db: Db, kid: string): Promise<boolean> {
  const row = await db
    .selectFrom('wallet_issuer_keys')
    .select('kid')
    .where('kid', '=', kid)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A recorded key's public key, as the key set's fingerprints take it. */
export const recordedPublicKey = (recorded: RecordedWalletKey): KeyObject =>
  createPublicKey({ key: recorded.jwk, format: 'jwk' });

/**
 * `keys:revoke --key wallet` (decision 114), in the caller's transaction: the RETIRED key of `kid` is
 * marked revoked at `at`, once. Answers false when nothing was written: revoked already, or current
 * again (a rotation that committed meanwhile brought it back; PostgreSQL reads its row as it is now).
 */
export async function markWalletKeyRevoked(db: Db, kid: string, at: string): Promise<boolean> {
  const updated = await db
    .updateTable('wallet_issuer_keys')
    .set({ revoked_at: at })
    .where('kid', '=', kid)
    .where('retired_at', 'is not', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
