import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Clock } from '../clock';
import { ConfigError, type Config } from '../config';
import type { Db } from '../db/database';
import { createSecretBox, resolveTotpKey, totpContext } from '../secret-box';
import { isKeyName, KEY_NAMES } from './key-names';
import {
  keySetFingerprints,
  recordedFingerprint,
  replaceFingerprint,
  secretFingerprint,
} from './fingerprints';
import {
  isWalletKeyRevoked,
  recordWalletKeyRotation,
  walletKeyFingerprint,
  walletKeyPath,
  walletPublicJwk,
} from './wallet-key';

export class RotationError extends Error {
  override name = 'RotationError';
}

export type Rotation = {
  readonly name: string;
  readonly previous: string | null;
  readonly next: string;
  /** TOTP: the accounts whose sealed secrets were sealed again under the new key. */
  readonly resealed: number;
};

/** The TOTP key given to `--previous-key-file`: 64 hex digits, as TOTP_SECRET_KEY. */
function previousTotpKey(path: string | undefined): Buffer {
  if (!path)
    throw new RotationError('keys:rotate --key totp needs --previous-key-file <the old TOTP key file>');
  const hex = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex))
    throw new RotationError('--previous-key-file must hold 64 hexadecimal digits (a TOTP key)');
  return Buffer.from(hex, 'hex');
}

/** The wallet key given to `--previous-key-file`: its PEM, private or public (decision 094). */
function previousWalletKey(path: string | undefined): KeyObject {
  if (!path)
    throw new RotationError(
      'keys:rotate --key wallet needs --previous-key-file <the old wallet issuer key, or its public key (PEM)>: the credentials it signed stay checkable only if its public key stays published',
    );
  try {
    return createPublicKey(readFileSync(path));
  } catch {
    throw new RotationError('--previous-key-file must hold the old wallet issuer key (PEM)');
  }
}

/**
 * `keys:rotate --key <name>` (decision 086), run with the configuration that holds the NEW key:
 * records its fingerprint for the whole deployment, so instances given the new key start and
 * instances still holding the old one are refused at their next start. Every other key must match
 * its record. The TOTP key seals secrets in the database: they are opened with the previous key
 * (which must match the record) and sealed with the new one in the same transaction as the record,
 * so a crash leaves either the old key and old seals or the new key and new seals. The wallet
 * issuer key's public part is kept (`--previous-key-file`, decision 094) beside the new one, so the
 * JWKS still lists it and earlier credentials verify. The ledger key is not rotated (decision 039):
 * every entry is checked with the one key.
 */
export async function rotateKey({
  db,
  config,
  clock,
  name,
  previousKeyFile,
}: {
  db: Db;
  config: Config;
  clock: Clock;
  name: string;
  previousKeyFile?: string;
}): Promise<Rotation> {
  if (!isKeyName(name)) throw new RotationError(`--key must be one of ${KEY_NAMES.join(', ')}`);
  if (name === 'ledger') {
    throw new RotationError(
      'The ledger key is not rotated: every ledger entry is checked with the one key (decision 039); keep it as long as the ledger',
    );
  }
  const fingerprints = keySetFingerprints(config);
  const next = fingerprints.find((key) => key.name === name);
  if (!next) throw new RotationError(`This configuration holds no ${name} key: set it first`);
  for (const key of fingerprints.filter((other) => other.name !== name)) {
    const recorded = await recordedFingerprint(db, key.name);
    if (recorded !== null && recorded !== key.fingerprint) {
      throw new ConfigError(
        `Invalid configuration: ${key.variable} holds another key than the one this deployment recorded: rotate one key at a time, with the others unchanged`,
      );
    }
  }
  const oldKey = name === 'totp' ? previousTotpKey(previousKeyFile) : null;
  return db.transaction().execute(async (trx) => {
    const previous = await recordedFingerprint(trx, name);
    let resealed = 0;
    if (name === 'wallet') {
      // Decision 094: the retired public key stays in the JWKS, so earlier credentials keep verifying.
      const retired = previous === null && !previousKeyFile ? null : previousWalletKey(previousKeyFile);
      if (retired && previous !== null && walletKeyFingerprint(retired) !== previous)
        throw new RotationError('--previous-key-file is not the wallet issuer key this deployment recorded');
      const nextKey = createPublicKey(readFileSync(walletKeyPath(config)));
      await recordWalletKeyRotation(trx, { retired, next: nextKey }, clock);
      // A key revoked because it leaked (decision 114) is never brought back: read after its row was
      // written, so a revocation that committed meanwhile is seen, and the rotation undone.
      const { kid } = await walletPublicJwk(nextKey);
      if (await isWalletKeyRevoked(trx, kid))
        throw new RotationError(
          `The new wallet issuer key ${kid} was revoked (keys:revoke, decision 114): a revoked key is never brought back; make a new one. Nothing changed.`,
        );
    }
    if (oldKey) {
      if (previous !== null && previous !== secretFingerprint('totp', oldKey)) {
        throw new RotationError('--previous-key-file is not the TOTP key this deployment recorded');
      }
      resealed = await resealTotpSecrets(trx, oldKey, config);
    }
    await replaceFingerprint(trx, next, clock);
    return { name, previous, next: next.fingerprint, resealed };
  });
}

/** Every sealed TOTP secret (current and pending) opened with the old key and sealed with the new. */
async function resealTotpSecrets(db: Db, oldKey: Buffer, config: Config): Promise<number> {
  const before = createSecretBox(() => oldKey);
  const after = createSecretBox(() => resolveTotpKey(config));
  const rows = await db
    .selectFrom('users')
    .select(['id', 'two_factor_secret', 'two_factor_pending_secret'])
    .where((eb) =>
      eb.or([eb('two_factor_secret', 'is not', null), eb('two_factor_pending_secret', 'is not', null)]),
    )
    .execute();
  const reseal = (value: string | null, id: number) => {
    if (value === null) return null;
    const plain = before.open(value, totpContext(id));
    if (plain === null)
      throw new RotationError(
        `account #${id}'s TOTP secret does not open with the previous key: nothing changed`,
      );
    return after.seal(plain, totpContext(id));
  };
  for (const row of rows) {
    await db
      .updateTable('users')
      .set({
        two_factor_secret: reseal(row.two_factor_secret, row.id),
        two_factor_pending_secret: reseal(row.two_factor_pending_secret, row.id),
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
