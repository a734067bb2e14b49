import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';
import { loadBodyKeys, openP12, selfSignedP12 } from '../src/platform/signing/keys';

const dir = mkdtempSync(join(tmpdir(), 'lisbon-keys-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const configOf = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

describe('the body’s keys', () => {
  it('are generated into DATA_DIR/keys on first start, readable by the owner only', () => {
    const dataDir = join(dir, 'embedded');
    const keys = loadBodyKeys(configOf({ DATA_DIR: dataDir }));
    for (const file of ['ledger-ed25519.pem', 'statement-signing.p12', 'statement-signing.passphrase']) {
      expect(statSync(join(dataDir, 'keys', file)).mode & 0o777, file).toBe(0o600);
    }
    expect(keys.ledger.privateKey.asymmetricKeyType).toBe('ed25519');
    const passphrase = readFileSync(join(dataDir, 'keys', 'statement-signing.passphrase'), 'utf8').trim();
    const certificate = openP12(readFileSync(join(dataDir, 'keys', 'statement-signing.p12')), passphrase);
    expect(certificate.subject.getField('CN').value).toBe('Demo Evaluation Centre (DEMO)');
    expect(keys.certificate.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('come from SIGNING_P12_PATH, SIGNING_P12_PASSPHRASE and LEDGER_KEY_PATH in production', () => {
    const p12 = join(dir, 'body.p12');
    writeFileSync(
      p12,
      selfSignedP12({ commonName: 'Centro Mobilità', passphrase: 'correct horse', now: new Date() }),
    );
    const ledgerKey = join(dir, 'ledger.pem');
    writeFileSync(
      ledgerKey,
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    const keys = loadBodyKeys(
      configOf({
        DATA_DIR: join(dir, 'configured'),
        SIGNING_P12_PATH: p12,
        SIGNING_P12_PASSPHRASE: 'correct horse',
        LEDGER_KEY_PATH: ledgerKey,
      }),
    );
    expect(keys.certificate.subject).toContain('CN=Centro Mobilita');
    expect(keys.p12.passphrase).toBe('correct horse');
  });

  it('stop the start with a message naming the variable, never the passphrase', () => {
    // A certificate of its own, whichever of the file's tests ran before it.
    const p12 = join(dir, 'locked.p12');
    writeFileSync(
      p12,
      selfSignedP12({ commonName: 'Centro Mobilità', passphrase: 'correct horse', now: new Date() }),
    );
    expect(() => configOf({ SIGNING_P12_PATH: p12 })).toThrow(
      'SIGNING_P12_PATH and SIGNING_P12_PASSPHRASE (or SIGNING_P12_PASSPHRASE_FILE) must be set together',
    );
    const wrong = configOf({
      DATA_DIR: join(dir, 'wrong'),
      SIGNING_P12_PATH: p12,
      SIGNING_P12_PASSPHRASE: 'battery staple',
    });
    const error = (() => {
      try {
        loadBodyKeys(wrong);
        return null;
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toContain('SIGNING_P12_PASSPHRASE does not open SIGNING_P12_PATH');
    expect(error?.message).not.toContain('battery staple');

    const rsa = join(dir, 'rsa.pem');
    writeFileSync(
      rsa,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(() => loadBodyKeys(configOf({ DATA_DIR: join(dir, 'rsa'), LEDGER_KEY_PATH: rsa }))).toThrow(
      'LEDGER_KEY_PATH must hold an Ed25519 private key',
    );
    expect(() =>
      loadBodyKeys(configOf({ DATA_DIR: join(dir, 'missing'), LEDGER_KEY_PATH: join(dir, 'nowhere.pem') })),
    ).toThrow('LEDGER_KEY_PATH cannot be read');
  });
});
