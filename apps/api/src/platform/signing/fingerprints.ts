import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import { privateKeyToAddress } from 'viem/accounts';
import type { Clock } from '../clock';
import { ConfigError, readConfiguredFile, type Config } from '../config';
import type { Db } from '../db/database';
import { resolveWebhookSecret } from '../payments/secret';
import { resolveTotpKey } from '../secret-box';
import { KEY_NAMES, ROTATABLE_KEY_NAMES, type KeyName } from './key-names';
import { loadBodyKeys } from './keys';
import { walletKeyFingerprint, walletKeyPath } from './wallet-key';

/**
 * One fingerprint per key of the deployment's key set, held by the database (decision 086): the
 * first instance records them, every later one must hold the same keys or refuses to start naming
 * the variable. A key joins the set with its name in KEY_NAMES (key-names.ts) and its entry in
 * KEY_DEFINITIONS (its variable and how its fingerprint is read from the configuration; null when
 * this deployment does not use it).
 */
export type KeyDefinition = {
  readonly name: string;
  readonly variable: (config: Config) => string;
  readonly fingerprint: (config: Config) => string | null;
};

export type KeyFingerprint = {
  readonly name: string;
  readonly variable: string;
  readonly fingerprint: string;
};

/** A secret's fingerprint: SHA-256 of a label and the secret, so the record says nothing of the secret. */
export const secretFingerprint = (name: string, secret: string | Buffer): string =>
  createHash('sha256').update(`lisbon-key-fingerprint:${name}:`).update(secret).digest('hex');

const publicKeyFingerprint = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
const ledgerVariable = (config: Config) => (config.ledgerKeyPem ? 'LEDGER_KEY' : 'LEDGER_KEY_PATH');

const KEY_DEFINITIONS: Record<KeyName, Omit<KeyDefinition, 'name'>> = {
  ledger: {
    variable: ledgerVariable,
    fingerprint: (config) => publicKeyFingerprint(loadBodyKeys(config).ledger.publicKey),
  },
  signing: {
    variable: () => 'SIGNING_P12_PATH',
    fingerprint: (config) => loadBodyKeys(config).certificate.fingerprint,
  },
  totp: {
    variable: () => 'TOTP_SECRET_KEY (or TOTP_SECRET_KEY_FILE)',
    fingerprint: (config) => secretFingerprint('totp', resolveTotpKey(config)),
  },
  webhook: {
    variable: () => 'PAYMENT_WEBHOOK_SECRET (or PAYMENT_WEBHOOK_SECRET_FILE)',
    // Nexi signs nothing: no webhook secret to compare.
    fingerprint: (config) =>
      config.paymentProvider === 'nexi' ? null : secretFingerprint('webhook', resolveWebhookSecret(config)),
  },
  anchor: {
    variable: () => 'ANCHOR_PRIVATE_KEY (or ANCHOR_PRIVATE_KEY_FILE)',
    // The sending account's address: public, and what every receipt names.
    fingerprint: (config) =>
      config.anchor ? privateKeyToAddress(config.anchor.privateKey()).toLowerCase() : null,
  },
  wallet: {
    variable: () => 'WALLET_ISSUER_KEY_PATH',
    // The issuer's public key (decision 088); on SQLite the key is generated on first use, so a
    // deployment records it at the start after that one.
    fingerprint: (config) => {
      const path = walletKeyPath(config);
      if (!config.walletIssuerKeyPath && !existsSync(path)) return null;
      return walletKeyFingerprint(createPublicKey(readConfiguredFile(path, 'WALLET_ISSUER_KEY_PATH')));
    },
  },
};

export const KEY_SET: readonly KeyDefinition[] = KEY_NAMES.map((name) => ({
  name,
  ...KEY_DEFINITIONS[name],
}));

/** The fingerprints of the keys this configuration holds (the keys the deployment does not use left out). */
export function keySetFingerprints(config: Config, keySet = KEY_SET): KeyFingerprint[] {
  return keySet.flatMap((key) => {
    const fingerprint = key.fingerprint(config);
    return fingerprint === null ? [] : [{ name: key.name, variable: key.variable(config), fingerprint }];
  });
}

/**
 * The ledger key's alone, read and never made: `ledger:verify` checks the ledger with no other key
 * (an auditor's configuration may hold only that one).
 */
export const ledgerKeyFingerprint = (config: Config): KeyFingerprint => ({
  name: 'ledger',
  variable: ledgerVariable(config),
  fingerprint: publicKeyFingerprint(loadBodyKeys(config, { isCreating: false }).ledger.publicKey),
});

export const ROTATE_HINT = 'bin/lisbon keys:rotate';

/**
 * At start, and before every command of the CLI that uses keys: records the fingerprints the
 * deployment has none of yet (the first instance, or a key the deployment starts using), then
 * refuses the start or the command when any key differs from its record, naming the variables.
 * Answers the names it recorded.
 */
export async function assertKeyFingerprints(
  db: Db,
  fingerprints: readonly KeyFingerprint[],
  clock: Clock,
): Promise<string[]> {
  const recorded: string[] = [];
  for (const key of fingerprints) {
    const inserted = await db
      .insertInto('key_fingerprints')
      .values({ name: key.name, fingerprint: key.fingerprint, recorded_at: clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) recorded.push(key.name);
  }
  const rows = await db.selectFrom('key_fingerprints').select(['name', 'fingerprint']).execute();
  const byName = new Map(rows.map((row) => [row.name, row.fingerprint]));
  const differing = fingerprints.filter((key) => byName.get(key.name) !== key.fingerprint);
  if (differing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${differing.map((key) => key.variable).join('; ')} ${
        differing.length === 1 ? 'holds another key' : 'hold other keys'
      } than the one this deployment recorded (at its first start, or by its last rotation; decision 086): give every instance the deployment's key set, or change a key for the whole deployment with \`${ROTATE_HINT} --key <${ROTATABLE_KEY_NAMES.join('|')}>\``,
    );
  }
  return recorded;
}

/** The recorded fingerprint of one key; null when none is recorded. */
export async function recordedFingerprint(db: Db, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('key_fingerprints')
    .select('fingerprint')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.fingerprint ?? null;
}

/** Records a key's new fingerprint, in the caller's transaction (`keys:rotate`). */
export async function replaceFingerprint(db: Db, key: KeyFingerprint, clock: Clock): Promise<void> {
  await db.deleteFrom('key_fingerprints').where('name', '=', key.name).execute();
  await db
    .insertInto('key_fingerprints')
    .values({ name: key.name, fingerprint: key.fingerprint, recorded_at: clock.now().toISOString() })
    .execute();
}
