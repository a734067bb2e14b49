import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import { ConfigError, type Config } from '../config';
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

const loaded = new Map<string, Promise<WalletIssuerKey>>();

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
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, kid, publicJwk: { ...jwk, kid, alg: 'ES256', use: 'sig' } };
}

/** The issuer key, read once per location and process; generated on SQLite when none is configured. */
export function loadWalletIssuerKey(
  settings: Pick<Config, 'dataDir' | 'walletIssuerKeyPath'>,
): Promise<WalletIssuerKey> {
  const path = settings.walletIssuerKeyPath ?? join(settings.dataDir, 'keys', WALLET_KEY_FILE);
  const cached = loaded.get(path);
  if (cached) return cached;
  let pem: Buffer;
  if (settings.walletIssuerKeyPath) {
    try {
      pem = readFileSync(path);
    } catch {
      throw new ConfigError(`Invalid configuration: WALLET_ISSUER_KEY_PATH cannot be read (${path})`);
    }
  } else {
    pem = createOnce(path, newWalletKeyPem);
  }
  const key = load(pem, 'WALLET_ISSUER_KEY_PATH');
  loaded.set(path, key);
  return key;
}
