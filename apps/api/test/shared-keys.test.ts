import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/platform/config';
import { assertLedgerKeyMatches } from '../src/platform/ledger/key-check';
import {
  assertSharedKeysConfigured,
  generateKeySet,
  KEY_SET_FILES,
  loadBodyKeys,
} from '../src/platform/signing/keys';
import { useTestApp } from './helper';
import { runForTest } from './processes';
import { dataOf } from './requests';
import { publishOne, readyForIssue, verifyUpload } from './statements';

const dir = mkdtempSync(join(tmpdir(), 'lisbon-shared-keys-'));
const keysDir = join(dir, 'keys');
let keyEnv: Record<string, string>;
const POSTGRES = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', LOG_LEVEL: 'silent' };

beforeAll(() => {
  const lines = generateKeySet({ folder: keysDir, bodyName: 'Centro di prova', now: new Date() });
  keyEnv = Object.fromEntries(lines.map((line) => line.split('=') as [string, string]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one set of keys for every instance', () => {
  it('keys:generate writes owner-only files and answers variables a configuration loads', () => {
    expect(Object.keys(keyEnv).sort()).toEqual([
      'LEDGER_KEY_PATH',
      'PAYMENT_WEBHOOK_SECRET_FILE',
      'SIGNING_P12_PASSPHRASE_FILE',
      'SIGNING_P12_PATH',
      'TOTP_SECRET_KEY_FILE',
      'WALLET_ISSUER_KEY_PATH',
    ]);
    for (const file of Object.values(KEY_SET_FILES))
      expect(statSync(join(keysDir, file)).mode & 0o777).toBe(0o600);
    const config = loadConfig({ ...POSTGRES, ...keyEnv, DATA_DIR: join(dir, 'instance') });
    expect(() => assertSharedKeysConfigured(config)).not.toThrow();
    expect(config.paymentWebhookSecret).toBe(
      readFileSync(join(keysDir, KEY_SET_FILES.webhookSecret), 'utf8').trim(),
    );
    expect(config.totpSecretKey).toBe(readFileSync(join(keysDir, KEY_SET_FILES.totpKey), 'utf8').trim());
    expect(loadBodyKeys(config, { isCreating: false }).certificate.subject).toContain('Centro di prova');
  });

  it('keys:generate never overwrites a key', () => {
    expect(() => generateKeySet({ folder: keysDir, bodyName: 'Other', now: new Date() })).toThrow(
      /exists already/,
    );
  });

  it('refuses, on PostgreSQL, a start without keys, naming every missing variable', () => {
    const config = loadConfig({ ...POSTGRES, DATA_DIR: join(dir, 'no-keys') });
    expect(() => assertSharedKeysConfigured(config)).toThrow(ConfigError);
    expect(() => assertSharedKeysConfigured(config)).toThrow(
      /set LEDGER_KEY_PATH \(or LEDGER_KEY\), SIGNING_P12_PATH with SIGNING_P12_PASSPHRASE \(or SIGNING_P12_PASSPHRASE_FILE\), PAYMENT_WEBHOOK_SECRET \(or PAYMENT_WEBHOOK_SECRET_FILE\), TOTP_SECRET_KEY \(or TOTP_SECRET_KEY_FILE\) and WALLET_ISSUER_KEY_PATH\. .*keys:generate/,
    );
    expect(() => assertSharedKeysConfigured(loadConfig({ DATA_DIR: join(dir, 'sqlite') }))).not.toThrow();
  });

  it('the server itself stops on PostgreSQL without keys, with one line, and generates nothing', async () => {
    const dataDir = join(dir, 'server-without-keys');
    const failure = await runForTest(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(REPO_ROOT, 'apps', 'api'),
      env: { ...process.env, ...POSTGRES, DATA_DIR: dataDir, PORT: '0' },
    });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/LEDGER_KEY_PATH/);
    expect(failure.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dataDir, 'keys'))).toBe(false);
  }, 30_000);

  it('names DATABASE_URL in one line when the database cannot be used, at a start and for a command', async () => {
    const nothingListens = 'postgres://postgres@127.0.0.1:1/test';
    const cases = [
      { entry: ['src/main.ts'], url: nothingListens, reason: 'nothing listens at its host and port' },
      {
        entry: ['src/cli.ts', 'ledger:verify'],
        url: nothingListens,
        reason: 'nothing listens at its host and port',
      },
    ];
    // A database that does not exist needs a PostgreSQL server that answers: the PostgreSQL run's.
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const missing = new URL(server);
      missing.pathname = '/lisbon_no_such_database';
      cases.push({ entry: ['src/main.ts'], url: missing.href, reason: 'the database does not exist' });
    }
    // Side by side: each start compiles the API (tsx), which on a busy machine takes a while.
    const failures = await Promise.all(
      cases.map(({ entry, url }, index) =>
        runForTest(process.execPath, ['--import', 'tsx', ...entry], {
          cwd: join(REPO_ROOT, 'apps', 'api'),
          env: {
            ...process.env,
            ...keyEnv,
            ...POSTGRES,
            DATABASE_URL: url,
            DATA_DIR: join(dir, `no-db-${index}`),
            PORT: '0',
          },
        }),
      ),
    );
    for (const [index, { entry, reason }] of cases.entries()) {
      const failure = failures[index];
      expect({ entry, code: failure?.code, stackTrace: /\n\s+at /.test(failure?.stderr ?? '') }).toEqual({
        entry,
        code: 1,
        stackTrace: false,
      });
      expect(failure?.stderr.trim()).toMatch(
        new RegExp(`^DATABASE_URL: the database cannot be used: ${reason}`),
      );
    }
  }, 180_000);

  it('takes the ledger key as a variable too, with \\n escapes', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const config = loadConfig({ ...keyEnv, LEDGER_KEY_PATH: '', LEDGER_KEY: pem.replaceAll('\n', '\\n') });
    expect(loadBodyKeys(config, { isCreating: false }).ledger.privateKey.asymmetricKeyType).toBe('ed25519');
    expect(() => loadConfig({ ...keyEnv, LEDGER_KEY: pem })).toThrow(
      /LEDGER_KEY_PATH or LEDGER_KEY, not both/,
    );
  });
});

// In order under --sequence.shuffle too: a statement published on A signs the ledger whose key is then checked.
describe('two instances on one database, each with its own DATA_DIR', { shuffle: false }, () => {
  const envOf = (name: string) => ({ ...keyEnv, DATA_DIR: join(dir, name) });
  // Instance A and its worker, on the key set the file's beforeAll makes (hence env as a function).
  const t = useTestApp({ clock: new ManualClock('2026-02-10T10:00:00Z'), env: () => envOf('instance-a') });
  let instanceB: App;
  beforeAll(async () => {
    instanceB = await t.instance({ env: envOf('instance-b') });
  });

  it('verify valid on B a statement published on A', async () => {
    const admin = await t.staff('admin', { email: 'admin@example.org' });
    const owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    const { statement, pdf } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    const onB = dataOf<{ result: string }>(await verifyUpload(instanceB, statement.certificate_id, pdf));
    expect(onB.result).toBe('valid');
    // Neither instance made keys of its own.
    expect(existsSync(join(dir, 'instance-a', 'keys'))).toBe(false);
    expect(existsSync(join(dir, 'instance-b', 'keys'))).toBe(false);
  }, 60_000);

  it('refuses to start with a ledger key that did not sign this ledger', async () => {
    const other = generateKeyPairSync('ed25519').publicKey;
    await expect(assertLedgerKeyMatches(t.database.db, other)).rejects.toThrow(
      /not the key that signed this ledger/,
    );
    const own = loadBodyKeys(loadConfig(envOf('instance-b')), { isCreating: false }).ledger.publicKey;
    await expect(assertLedgerKeyMatches(t.database.db, own)).resolves.toBeUndefined();
  });
});
