import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { isUniqueViolation } from '../src/platform/db/errors';
import { GENESIS_HASH, sha256Hex } from '../src/platform/ledger/entry';
import type { Ledger } from '../src/platform/ledger/ledger';
import { createTestApp, createTestDatabase, isPostgresRun, testConfig, type TestDatabase } from './helper';

let database: TestDatabase;
let app: App;
let ledger: Ledger;
const clock = new ManualClock('2026-02-10T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { clock });
  ledger = createContext({ config: testConfig(database), db: database.db, clock }).ledger;
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('ledger_entries').execute();
});

const issue = (certificateId: string) =>
  ledger.append({ kind: 'issue', certificateId, payloadHash: sha256Hex(`fields of ${certificateId}`) });

const rows = () => database.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute();

/** `npm run cli -- ledger:verify` on this test's database and keys. */
async function ledgerVerifyCli(): Promise<{ code: number | null; output: string }> {
  let databaseUrl = join(database.tempDir, 'test.sqlite');
  if (isPostgresRun) {
    const { rows: found } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      database.db,
    );
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${found[0]?.schema ?? ''}`);
    databaseUrl = url.toString();
  }
  // This Node (24), not whichever `node` the PATH finds first.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'ledger:verify'], {
    cwd: join(REPO_ROOT, 'apps/api'),
    env: { ...process.env, DATA_DIR: database.tempDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output };
}

describe('the ledger', () => {
  it('chains each entry to the one before, from the genesis hash, signed and hashed', async () => {
    const first = await issue('a');
    const second = await ledger.append({
      kind: 'seal',
      certificateId: 'a',
      payloadHash: sha256Hex('pdf'),
      refHash: first.hash,
    });
    expect(first).toMatchObject({ seq: 1, prev_hash: GENESIS_HASH, kind: 'issue' });
    expect(second).toMatchObject({ seq: 2, prev_hash: first.hash, ref_hash: first.hash });
    expect(await ledger.head()).toEqual(second);
    expect(await ledger.get(first.hash)).toEqual(first);
    expect(await ledger.audit()).toEqual({ isIntact: true, length: 2, headHash: second.hash });
  });

  it('appends an entry of a certificate and kind once, and refuses a different one', async () => {
    const first = await issue('a');
    expect(await issue('a')).toEqual(first);
    await expect(
      ledger.append({ kind: 'issue', certificateId: 'a', payloadHash: sha256Hex('other fields') }),
    ).rejects.toThrow('has another issue entry');
    expect(await rows()).toHaveLength(1);
  });

  it('never forks nor leaves a gap when appends race', async () => {
    const ids = Array.from({ length: 24 }, (_, index) => `race-${index}`);
    const entries = await Promise.all(ids.map((id) => issue(id)));
    expect(entries.map((entry) => entry.seq).sort((a, b) => a - b)).toEqual(ids.map((_, index) => index + 1));
    const stored = await rows();
    expect(new Set(stored.map((row) => row.prev_hash)).size).toBe(stored.length);
    expect(await ledger.audit()).toMatchObject({ isIntact: true, length: 24 });
  });

  it('refuses, in the database itself, a second entry after the same one (a fork)', async () => {
    const first = await issue('a');
    const fork = { ...first, seq: 2, certificate_id: 'b', hash: sha256Hex('fork') };
    const error = await database.db
      .insertInto('ledger_entries')
      .values(fork)
      .execute()
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  const tampering = {
    'a changed payload hash': { payload_hash: sha256Hex('forged') },
    'a changed link': { prev_hash: sha256Hex('elsewhere') },
    'a changed signature': { signature: Buffer.alloc(64, 7).toString('base64') },
    'a changed kind': { kind: 'revoke' },
  } as const;

  for (const [name, patch] of Object.entries(tampering)) {
    it(`finds ${name} in the middle of the chain, at that entry`, async () => {
      for (const id of ['a', 'b', 'c', 'd']) await issue(id);
      await ledger.audit();
      await database.db.updateTable('ledger_entries').set(patch).where('seq', '=', 3).execute();
      expect(await ledger.audit()).toMatchObject({ isIntact: false, seq: 3, checked: 2 });
    });
  }

  it('finds a rewritten entry whose hash was recomputed: its signature no longer verifies', async () => {
    for (const id of ['a', 'b', 'c']) await issue(id);
    const [, second] = await rows();
    if (!second) throw new Error('no second entry');
    const { hash: _hash, signature, ...body } = second;
    const forged = { ...body, payload_hash: sha256Hex('forged') };
    const { canonicalJson } = await import('../src/platform/ledger/canonical');
    const hash = sha256Hex(canonicalJson({ ...forged, signature }));
    await database.db
      .updateTable('ledger_entries')
      .set({ payload_hash: forged.payload_hash, hash })
      .where('seq', '=', 2)
      .execute();
    expect(await ledger.audit()).toMatchObject({
      isIntact: false,
      seq: 2,
      fault: 'its signature does not verify',
    });
  });

  it('finds a deleted entry as a gap', async () => {
    for (const id of ['a', 'b', 'c']) await issue(id);
    await database.db.deleteFrom('ledger_entries').where('seq', '=', 2).execute();
    expect(await ledger.audit()).toMatchObject({ isIntact: false, seq: 2, hash: null });
  });

  it('shows one entry publicly by its hash, with ids and hashes only', async () => {
    const entry = await issue('public-id');
    const response = await app.inject({ method: 'GET', url: `/api/v1/ledger/${entry.hash}` });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({ ...entry, is_intact: true });
    expect((await app.inject({ method: 'GET', url: `/api/v1/ledger/${'0'.repeat(64)}` })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/api/v1/ledger/not-a-hash' })).statusCode).toBe(422);
  });

  it('is audited end to end by `npm run cli -- ledger:verify`, which names the first break', async () => {
    for (const id of ['a', 'b', 'c']) await issue(id);
    const intact = await ledgerVerifyCli();
    expect(intact.output).toContain('Ledger OK: 3 entries');
    expect(intact.code).toBe(0);
    await database.db
      .updateTable('ledger_entries')
      .set({ payload_hash: sha256Hex('forged') })
      .where('seq', '=', 2)
      .execute();
    const broken = await ledgerVerifyCli();
    expect(broken.output).toContain('Ledger BROKEN at entry 2');
    expect(broken.code).toBe(1);
  }, 90_000);
});
