import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { assertKeyFingerprints, keySetFingerprints } from '../src/platform/signing/fingerprints';
import { generateKeySet } from '../src/platform/signing/keys';
import { createTestDatabase, isPostgresRun, testConfig, type TestDatabase } from './helper';

// Issue #34, item 3: the command line on the host compares the key set with the deployment's
// record as a starting instance does (decision 086), for every command that uses keys.

const dir = mkdtempSync(join(tmpdir(), 'lisbon-cli-key-fingerprints-'));
const clock = new ManualClock('2026-11-28T04:00:00Z');
let database: TestDatabase;
let deployment: Record<string, string>;
let other: Record<string, string>;
let databaseUrl: string;

function keySet(folder: string): Record<string, string> {
  const lines = generateKeySet({ folder: join(dir, folder), bodyName: 'Centro di prova', now: clock.now() });
  return Object.fromEntries(lines.map((line) => line.split('=') as [string, string]));
}

/** `npm run cli -- <args>` on this test's database with the given keys. */
async function cli(
  args: string[],
  keys: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  // This Node (24), not whichever `node` the PATH finds first.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: join(REPO_ROOT, 'apps/api'),
    env: {
      ...process.env,
      ...keys,
      DATA_DIR: database.tempDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output };
}

const staffCount = async (email: string) =>
  (await database.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

beforeAll(async () => {
  database = await createTestDatabase();
  databaseUrl = join(database.tempDir, 'test.sqlite');
  if (isPostgresRun) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? ''}`);
    databaseUrl = url.toString();
  }
  deployment = keySet('deployment');
  other = keySet('other');
  // The deployment's first instance recorded its key set.
  await assertKeyFingerprints(database.db, keySetFingerprints(testConfig(database, deployment)), clock);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the CLI holds the deployment key set', { timeout: 240_000 }, () => {
  it('user:create with another TOTP key is refused naming the variable, and creates nobody', async () => {
    const { code, output } = await cli(['user:create', '--role', 'admin', '--email', 'refused@example.org'], {
      ...deployment,
      TOTP_SECRET_KEY_FILE: other.TOTP_SECRET_KEY_FILE ?? '',
    });
    expect(code).toBe(1);
    expect(output).toMatch(
      /Invalid configuration: TOTP_SECRET_KEY \(or TOTP_SECRET_KEY_FILE\) holds another key than the one this deployment recorded/,
    );
    expect(output).toMatch(/keys:rotate/);
    expect(await staffCount('refused@example.org')).toBe(0);
  });

  it('user:create with the deployment key set creates the account', async () => {
    const { code, output } = await cli(
      ['user:create', '--role', 'admin', '--email', 'held@example.org'],
      deployment,
    );
    expect(output).toMatch(/Created admin account #\d+ for held@example\.org/);
    expect(code).toBe(0);
    expect(await staffCount('held@example.org')).toBe(1);
  });

  it('ledger:verify with another ledger key is refused naming LEDGER_KEY_PATH, not reported as a break', async () => {
    const { code, output } = await cli(['ledger:verify'], {
      ...deployment,
      LEDGER_KEY_PATH: other.LEDGER_KEY_PATH ?? '',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration: LEDGER_KEY_PATH holds another key/);
    expect(output).not.toMatch(/Ledger (OK|BROKEN)/);
  });

  it('anchor:status with another signing certificate and webhook secret is refused naming both', async () => {
    const { code, output } = await cli(['anchor:status'], {
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
});
