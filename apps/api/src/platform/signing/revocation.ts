import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { recordedFingerprint } from './fingerprints';
import {
  markWalletKeyRevoked,
  walletKeyFingerprint,
  walletKeyPath,
  recordedPublicKey,
  recordedWalletKeys,
  walletPublicJwk,
  type RecordedWalletKey,
} from './wallet-key';

export class RevocationError extends Error {
  override name = 'RevocationError';
}

export type Revocation = {
  readonly kid: string;
  /** When the key was retired, by the rotation that brought the next one in. */
  readonly retiredAt: string;
  /** When it came in: the retirement of the key before it; null for the deployment's first key. */
  readonly inUseFrom: string | null;
  /** When it was revoked: now, or by an earlier run of the command. */
  readonly revokedAt: string;
  /** Revoked already by an earlier run: nothing was written. */
  readonly isRepeated: boolean;
  /** The credentials issued with the key's `kid` recorded (migration 123): the ones the portal knows it signed. */
  readonly signed: number;
  /**
   * The credentials issued with no `kid` recorded (before migration 123, or by an instance of 1.1.0
   * during a rolling upgrade): whichever key signed them, the portal cannot say.
   */
  readonly unattributed: number;
};

/** The credentials `kid` signed as `wallet_offers` records them, and those that record no key. */
async function signedCredentials(db: Db, kid: string): Promise<{ signed: number; unattributed: number }> {
  const row = await db
    .selectFrom('wallet_offers')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when('issuer_kid', '=', kid).then(1).else(0).end())
        .as('signed'),
      eb.fn
        .sum<number | string | null>(eb.case().when('issuer_kid', 'is', null).then(1).else(0).end())
        .as('unattributed'),
    ])
    .where('issued_at', 'is not', null)
    .executeTakeFirst();
  return { signed: Number(row?.signed ?? 0), unattributed: Number(row?.unattributed ?? 0) };
}

/**
 * What the command says of the credentials the revoked key signed: how many the portal knows of,
 * and how many it issued with no key recorded, with the window in which the key signed (docs/wallet.md).
 */
export function signedCredentialLines({
  kid,
  retiredAt,
  inUseFrom,
  signed,
  unattributed,
}: Revocation): string[] {
  const known = `Credentials it signed that the portal knows of: ${signed} (wallet_offers.issuer_kid = '${kid}')`;
  const lines = [
    signed > 0 ? `${known}; tell their holders to add the statement to their wallet again.` : `${known}.`,
  ];
  if (unattributed > 0)
    lines.push(
      `Credentials issued with no key recorded: ${unattributed} (issued before migration 2026-12-07-123-wallet-offers-issuer-kid, or by an instance of an older release; wallet_offers.issuer_kid is null). The portal cannot say which key signed them: those issued while this key was in use are its, wallet_offers.issued_at from ${inUseFrom === null ? "the deployment's first credential (it was the first key)" : `${inUseFrom} (the rotation that brought it in)`} until every instance was restarted after its retirement, ${retiredAt} (an instance not restarted since kept signing with it).`,
    );
  return lines;
}

/** When `record`'s key came in: the latest retirement before its own, that of the key it replaced. */
const inUseFromOf = (record: RecordedWalletKey, records: readonly RecordedWalletKey[]): string | null =>
  records
    .map((candidate) => candidate.retiredAt)
    .filter((at): at is string => at !== null && record.retiredAt !== null && at < record.retiredAt)
    .sort()
    .at(-1) ?? null;

/** A `kid` as the JWKS lists it: the RFC 7638 thumbprint, SHA-256 in base64url (43 characters). */
export const isWalletKid = (kid: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(kid);

/** The `kid` of the wallet key this configuration holds; null when it holds none (never made here). */
async function configuredKid(config: Config): Promise<string | null> {
  const path = walletKeyPath(config);
  if (!existsSync(path)) return null;
  try {
    return (await walletPublicJwk(createPublicKey(readFileSync(path)))).kid;
  } catch {
    return null;
  }
}

const currentKeyRefusal = (kid: string) =>
  new RevocationError(
    `The wallet issuer key ${kid} is this deployment's current key: it signs every new credential, so it cannot be revoked. Rotate it first (lisbon keys:rotate --key wallet --previous-key-file <its key file>, with a new key), restart every instance, then revoke it. Nothing was revoked.`,
  );

const day = (at: string) => at.slice(0, 10);

/**
 * `keys:revoke --key wallet --kid <kid>` (decision 114): a RETIRED wallet issuer key that leaked is
 * no longer listed in the JWKS on any instance, and our verifier refuses a credential it signed as a
 * key the deployment never had. The current key is refused (a rotation retires it first), as is a
 * `kid` the deployment never recorded, named. Run again, it answers the first revocation and writes
 * nothing. Only the wallet key: the others are not published for anyone to check with, and a
 * rotation already stops them being taken (decision 086).
 */
export async function revokeKey({
  db,
  config,
  clock,
  name,
  kid,
}: {
  db: Db;
  config: Config;
  clock: Clock;
  name: string;
  kid: string;
}): Promise<Revocation> {
  if (name !== 'wallet')
    throw new RevocationError(
      `--key must be wallet: only the wallet issuer's retired keys stay published for others to check with (decision 094); a rotation is what ends any other key (decision 086)`,
    );
  if (kid === (await configuredKid(config))) throw currentKeyRefusal(kid);
  return db.transaction().execute(async (trx) => {
    const records = await recordedWalletKeys(trx);
    const record = records.find((candidate) => candidate.jwk.kid === kid);
    if (!record) throw unknownKeyRefusal(kid, records);
    const current = await recordedFingerprint(trx, 'wallet');
    if (record.retiredAt === null || walletKeyFingerprint(recordedPublicKey(record)) === current)
      throw currentKeyRefusal(kid);
    const revokedAt = record.revokedAt ?? clock.now().toISOString();
    if (record.revokedAt === null && !(await markWalletKeyRevoked(trx, kid, revokedAt))) {
      // A rotation brought it back meanwhile (PostgreSQL: the update saw its row), or a run alike
      // revoked it first: told as if it had come before.
      const now = (await recordedWalletKeys(trx)).find((candidate) => candidate.jwk.kid === kid);
      if (now?.revokedAt)
        return {
          kid,
          retiredAt: record.retiredAt,
          inUseFrom: inUseFromOf(record, records),
          revokedAt: now.revokedAt,
          isRepeated: true,
          ...(await signedCredentials(trx, kid)),
        };
      throw currentKeyRefusal(kid);
    }
    return {
      kid,
      retiredAt: record.retiredAt,
      inUseFrom: inUseFromOf(record, records),
      revokedAt,
      isRepeated: record.revokedAt !== null,
      ...(await signedCredentials(trx, kid)),
    };
  });
}

/** An unknown `kid`, named, with the ones the command takes. */
function unknownKeyRefusal(kid: string, records: readonly RecordedWalletKey[]): RevocationError {
  const retired = records.filter((record) => record.retiredAt !== null && record.revokedAt === null);
  const listed =
    retired.length === 0
      ? 'it has no retired key to revoke (none was retired by keys:rotate --key wallet)'
      : `its retired keys are ${retired.map((record) => `${record.jwk.kid} (retired ${day(record.retiredAt ?? '')})`).join(', ')}`;
  return new RevocationError(
    `This deployment never recorded a wallet issuer key ${kid}: ${listed}. Nothing was revoked.`,
  );
}
