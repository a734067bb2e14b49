import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { ConfigError } from '../src/platform/config';
import { createSecretBox, totpContext } from '../src/platform/secret-box';
import {
  assertKeyFingerprints,
  KEY_SET,
  keySetFingerprints,
  recordedFingerprint,
} from '../src/platform/signing/fingerprints';
import { generateKeySet, KEY_SET_FILES } from '../src/platform/signing/keys';
import { rotateKey, RotationError } from '../src/platform/signing/rotation';
import { testConfig, useTestApp } from './helper';
import { createUser } from './identity';

// Decision 086: one fingerprint per key of the set, held by the database (issue #34, item 1).

const clock = new ManualClock('2026-11-27T10:00:00Z');
const ANCHOR_KEY = `0x${'11'.repeat(32)}`;
const t = useTestApp({ hasApp: false });
/** A file or folder of this test's key sets, in the database's temporary directory. */
const keysAt = (...path: string[]) => join(t.database.tempDir, ...path);

/** A key set's variables, generated into `folder`. */
function keySet(folder: string): Record<string, string> {
  const lines = generateKeySet({ folder: keysAt(folder), bodyName: 'Centro di prova', now: clock.now() });
  return Object.fromEntries(lines.map((line) => line.split('=') as [string, string]));
}
let deployment: Record<string, string>;
let other: Record<string, string>;
const configOf = (env: Record<string, string>) => testConfig(t.database, env);

beforeAll(() => {
  deployment = keySet('deployment');
  // Another set that shares the deployment's wallet key: each test below changes the keys it names.
  other = { ...keySet('other'), WALLET_ISSUER_KEY_PATH: deployment.WALLET_ISSUER_KEY_PATH ?? '' };
});

describe('key fingerprints held by the database', () => {
  it('the first start records one fingerprint per key of the set, none of them a secret', async () => {
    const fingerprints = keySetFingerprints(configOf(deployment));
    expect(fingerprints.map((key) => key.name)).toEqual(['ledger', 'signing', 'totp', 'webhook', 'wallet']);
    expect(await assertKeyFingerprints(t.database.db, fingerprints, clock)).toEqual([
      'ledger',
      'signing',
      'totp',
      'webhook',
      'wallet',
    ]);
    const totpKey = readFileSync(keysAt('deployment', KEY_SET_FILES.totpKey), 'utf8').trim();
    const rows = await t.database.db.selectFrom('key_fingerprints').selectAll().execute();
    expect(rows).toHaveLength(5);
    expect(JSON.stringify(rows)).not.toContain(totpKey);
    // A second instance with the same set starts and records nothing.
    expect(await assertKeyFingerprints(t.database.db, fingerprints, clock)).toEqual([]);
  });

  it('refuses an instance with the ledger key but its own signing P12, TOTP key and webhook secret, naming each variable', async () => {
    const partly = { ...other, LEDGER_KEY_PATH: deployment.LEDGER_KEY_PATH ?? '' };
    const attempt = assertKeyFingerprints(t.database.db, keySetFingerprints(configOf(partly)), clock);
    await expect(attempt).rejects.toThrow(ConfigError);
    const message = await attempt.catch((error: Error) => error.message);
    expect(message).toMatch(
      /SIGNING_P12_PATH; TOTP_SECRET_KEY \(or TOTP_SECRET_KEY_FILE\); PAYMENT_WEBHOOK_SECRET/,
    );
    expect(message).not.toMatch(/LEDGER_KEY/);
    expect(message).toMatch(/keys:rotate/);
  });

  it('refuses an instance that differs in one key only, naming that variable alone', async () => {
    const oneOff = { ...deployment, TOTP_SECRET_KEY_FILE: other.TOTP_SECRET_KEY_FILE ?? '' };
    await expect(
      assertKeyFingerprints(t.database.db, keySetFingerprints(configOf(oneOff)), clock),
    ).rejects.toThrow(
      /^Invalid configuration: TOTP_SECRET_KEY \(or TOTP_SECRET_KEY_FILE\) holds another key/,
    );
  });

  it('refuses an instance with its own wallet issuer key (decision 088), naming its variable', async () => {
    const ownWallet = {
      ...deployment,
      WALLET_ISSUER_KEY_PATH: keySet('own-wallet').WALLET_ISSUER_KEY_PATH ?? '',
    };
    await expect(
      assertKeyFingerprints(t.database.db, keySetFingerprints(configOf(ownWallet)), clock),
    ).rejects.toThrow(/^Invalid configuration: WALLET_ISSUER_KEY_PATH holds another key/);
  });

  it('records a key the deployment starts using later (the anchoring account) and holds it from then on', async () => {
    const anchored = { ...deployment, ANCHOR_RPC_URL: 'http://127.0.0.1:8545', ANCHOR_CHAIN_ID: '31337' };
    expect(
      await assertKeyFingerprints(
        t.database.db,
        keySetFingerprints(configOf({ ...anchored, ANCHOR_PRIVATE_KEY: ANCHOR_KEY })),
        clock,
      ),
    ).toEqual(['anchor']);
    expect(await recordedFingerprint(t.database.db, 'anchor')).toMatch(/^0x[0-9a-f]{40}$/);
    await expect(
      assertKeyFingerprints(
        t.database.db,
        keySetFingerprints(configOf({ ...anchored, ANCHOR_PRIVATE_KEY: `0x${'22'.repeat(32)}` })),
        clock,
      ),
    ).rejects.toThrow(/ANCHOR_PRIVATE_KEY \(or ANCHOR_PRIVATE_KEY_FILE\) holds another key/);
  });

  it('a key joins the set with one definition', () => {
    const laterKey = { name: 'later', variable: () => 'LATER_KEY_PATH', fingerprint: () => 'abc' };
    const names = keySetFingerprints(configOf(deployment), [...KEY_SET, laterKey]).map((key) => key.name);
    expect(names).toContain('later');
  });
});

describe('keys:rotate', () => {
  it('changes the signing certificate for the whole deployment: the new key starts, the old one is refused', async () => {
    const rotated = {
      ...deployment,
      SIGNING_P12_PATH: other.SIGNING_P12_PATH ?? '',
      SIGNING_P12_PASSPHRASE_FILE: other.SIGNING_P12_PASSPHRASE_FILE ?? '',
    };
    const before = await recordedFingerprint(t.database.db, 'signing');
    const rotation = await rotateKey({
      db: t.database.db,
      config: configOf(rotated),
      clock,
      name: 'signing',
    });
    expect(rotation.previous).toBe(before);
    expect(rotation.next).not.toBe(before);
    await expect(
      assertKeyFingerprints(t.database.db, keySetFingerprints(configOf(rotated)), clock),
    ).resolves.toEqual([]);
    await expect(
      assertKeyFingerprints(t.database.db, keySetFingerprints(configOf(deployment)), clock),
    ).rejects.toThrow(/SIGNING_P12_PATH holds another key/);
    deployment = rotated;
  });

  it('changes the TOTP key and seals every secret again under it, in one step', async () => {
    const oldKey = Buffer.from(
      readFileSync(keysAt('deployment', KEY_SET_FILES.totpKey), 'utf8').trim(),
      'hex',
    );
    const newFolder = keysAt('new-totp');
    keySet('new-totp');
    const newKey = Buffer.from(readFileSync(join(newFolder, KEY_SET_FILES.totpKey), 'utf8').trim(), 'hex');
    const id = await createUser(t.database, clock, { email: 'totp-rotation@example.org' });
    await t.database.db
      .updateTable('users')
      .set({ two_factor_secret: createSecretBox(() => oldKey).seal('JBSWY3DPEHPK3PXP', totpContext(id)) })
      .where('id', '=', id)
      .execute();
    const rotated = { ...deployment, TOTP_SECRET_KEY_FILE: join(newFolder, KEY_SET_FILES.totpKey) };
    const wrongPrevious = keysAt('wrong-previous');
    copyFileSync(keysAt('other', KEY_SET_FILES.totpKey), wrongPrevious);
    await expect(
      rotateKey({
        db: t.database.db,
        config: configOf(rotated),
        clock,
        name: 'totp',
        previousKeyFile: wrongPrevious,
      }),
    ).rejects.toThrow(RotationError);
    const rotation = await rotateKey({
      db: t.database.db,
      config: configOf(rotated),
      clock,
      name: 'totp',
      previousKeyFile: keysAt('deployment', KEY_SET_FILES.totpKey),
    });
    expect(rotation.resealed).toBeGreaterThanOrEqual(1);
    const { two_factor_secret: stored } = await t.database.db
      .selectFrom('users')
      .select('two_factor_secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(createSecretBox(() => newKey).open(stored ?? '', totpContext(id))).toBe('JBSWY3DPEHPK3PXP');
    expect(createSecretBox(() => oldKey).open(stored ?? '', totpContext(id))).toBeNull();
    await expect(
      assertKeyFingerprints(t.database.db, keySetFingerprints(configOf(rotated)), clock),
    ).resolves.toEqual([]);
  });

  it('refuses to rotate the ledger key, and a rotation while another key differs', async () => {
    await expect(
      rotateKey({ db: t.database.db, config: configOf(deployment), clock, name: 'ledger' }),
    ).rejects.toThrow(/ledger key is not rotated/);
    await expect(
      rotateKey({ db: t.database.db, config: configOf(other), clock, name: 'webhook' }),
    ).rejects.toThrow(/one key at a time/);
  });
});
