import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { assertKeyFingerprints, keySetFingerprints } from '../src/platform/signing/fingerprints';
import { generateKeySet } from '../src/platform/signing/keys';
import { walletPublicJwk } from '../src/platform/signing/wallet-key';
import { testConfig, useTestApp } from './helper';

// Issue #34, item 3: the command line on the host compares the key set with the deployment's
// record as a starting instance does (decision 086), for every command that uses keys.

const clock = new ManualClock('2026-11-28T04:00:00Z');
let deployment: Record<string, string>;
let other: Record<string, string>;

const t = useTestApp({ hasApp: false });

function keySet(folder: string): Record<string, string> {
  const lines = generateKeySet({
    folder: join(t.database.tempDir, folder),
    bodyName: 'Centro di prova',
    now: clock.now(),
  });
  return Object.fromEntries(lines.map((line) => line.split('=') as [string, string]));
}

const staffCount = async (email: string) =>
  (await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

beforeAll(async () => {
  deployment = keySet('deployment');
  other = keySet('other');
  // The deployment's first instance recorded its key set.
  await assertKeyFingerprints(t.database.db, keySetFingerprints(testConfig(t.database, deployment)), clock);
});

describe('the CLI holds the deployment key set', { timeout: 240_000 }, () => {
  it('user:create with another TOTP key is refused naming the variable, and creates nobody', async () => {
    const { code, output } = await t.cli(
      [
        'user:create',
        '--role',
        'admin',
        '--email',
        'refused@example.org',
        '--first-name',
        'Ada',
        '--last-name',
        'Rossi',
      ],
      {
        ...deployment,
        TOTP_SECRET_KEY_FILE: other.TOTP_SECRET_KEY_FILE ?? '',
      },
    );
    expect(code).toBe(1);
    expect(output).toMatch(
      /Invalid configuration: TOTP_SECRET_KEY \(or TOTP_SECRET_KEY_FILE\) holds another key than the one this deployment recorded/,
    );
    expect(output).toMatch(/keys:rotate/);
    expect(await staffCount('refused@example.org')).toBe(0);
  });

  it('user:create with the deployment key set creates the account', async () => {
    const { code, output } = await t.cli(
      [
        'user:create',
        '--role',
        'admin',
        '--email',
        'held@example.org',
        '--first-name',
        'Ada',
        '--last-name',
        'Rossi',
      ],
      deployment,
    );
    expect(output).toMatch(/Created admin account #\d+ for held@example\.org/);
    expect(code).toBe(0);
    expect(await staffCount('held@example.org')).toBe(1);
  });

  it('ledger:verify with another ledger key is refused naming LEDGER_KEY_PATH, not reported as a break', async () => {
    const { code, output } = await t.cli(['ledger:verify'], {
      ...deployment,
      LEDGER_KEY_PATH: other.LEDGER_KEY_PATH ?? '',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration: LEDGER_KEY_PATH holds another key/);
    expect(output).not.toMatch(/Ledger (OK|BROKEN)/);
  });

  it('anchor:status with another signing certificate and webhook secret is refused naming both', async () => {
    const { code, output } = await t.cli(['anchor:status'], {
      ...deployment,
      SIGNING_P12_PATH: other.SIGNING_P12_PATH ?? '',
      SIGNING_P12_PASSPHRASE_FILE: other.SIGNING_P12_PASSPHRASE_FILE ?? '',
      PAYMENT_WEBHOOK_SECRET_FILE: other.PAYMENT_WEBHOOK_SECRET_FILE ?? '',
    });
    expect(code).toBe(1);
    expect(output).toMatch(
      /SIGNING_P12_PATH; PAYMENT_WEBHOOK_SECRET \(or PAYMENT_WEBHOOK_SECRET_FILE\) hold other keys/,
    );
    expect(output).not.toMatch(/Entries waiting/);
  });

  it('keys:revoke refuses a malformed kid (usage), the current wallet key (rotate first) and a kid never recorded, named; revokes a retired one once (decision 114)', async () => {
    const kidOf = async (path: string | undefined) =>
      (await walletPublicJwk(createPublicKey(readFileSync(path ?? '')))).kid;
    const current = await kidOf(deployment.WALLET_ISSUER_KEY_PATH);
    const retired = await kidOf(other.WALLET_ISSUER_KEY_PATH);
    const revoke = (...args: string[]) => t.cli(['keys:revoke', '--key', 'wallet', ...args], deployment);

    const malformed = await revoke('--kid', 'not-a-kid');
    expect(malformed.code).toBe(2);
    expect(malformed.output).toMatch(/--kid must be a key's kid as the JWKS lists it/);
    expect(malformed.output).toMatch(/Usage: .*\n\n {2}keys:revoke/);

    const ofCurrent = await revoke('--kid', current);
    expect(ofCurrent.code).toBe(1);
    expect(ofCurrent.output).toContain(`The wallet issuer key ${current} is this deployment's current key`);
    expect(ofCurrent.output).toMatch(/Rotate it first \(lisbon keys:rotate --key wallet/);

    const unknown = await revoke('--kid', retired);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain(`This deployment never recorded a wallet issuer key ${retired}`);

    // The other key as `keys:rotate` leaves one it retired; taken away again once the test ends.
    const jwk = await walletPublicJwk(createPublicKey(readFileSync(other.WALLET_ISSUER_KEY_PATH ?? '')));
    const at = clock.now().toISOString();
    await t.database.db
      .insertInto('wallet_issuer_keys')
      .values({ kid: retired, public_jwk: JSON.stringify(jwk), recorded_at: at, retired_at: at })
      .execute();
    try {
      const first = await revoke('--kid', retired);
      expect(first.output).toContain(`The wallet issuer key ${retired} (retired ${at}) is revoked at`);
      // How many credentials it signed, as the offers record them: none in this deployment, and
      // none issued with no key recorded, so no line about those.
      const signed = `Credentials it signed that the portal knows of: 0 (wallet_offers.issuer_kid = '${retired}')`;
      expect(first.output).toContain(signed);
      expect(first.output).not.toContain('no key recorded');
      expect(first.code).toBe(0);
      const again = await revoke('--kid', retired);
      expect(again.output).toContain(`The wallet issuer key ${retired} was revoked already on`);
      expect(again.output).toContain(signed);
      expect(again.code).toBe(0);
    } finally {
      await t.database.db.deleteFrom('wallet_issuer_keys').where('kid', '=', retired).execute();
    }
    // Five commands, each a Node process of its own: on a busy 2-core machine more than the 30 s default.
  }, 120_000);
});
