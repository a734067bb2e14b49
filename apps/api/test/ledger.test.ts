import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { isUniqueViolation } from '../src/platform/db/errors';
import { GENESIS_HASH, sha256Hex } from '../src/platform/ledger/entry';
import type { Ledger } from '../src/platform/ledger/ledger';
import { testConfig, useTestApp } from './helper';

let ledger: Ledger;
const clock = new ManualClock('2026-02-10T10:00:00Z');

const t = useTestApp({ clock });
beforeAll(() => {
  ledger = createContext({ config: testConfig(t.database), db: t.database.db, clock }).ledger;
});
beforeEach(async () => {
  await t.database.db.deleteFrom('ledger_entries').execute();
});

const issue = (certificateId: string) =>
  ledger.append({ kind: 'issue', certificateId, payloadHash: sha256Hex(`fields of ${certificateId}`) });

const rows = () => t.database.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute();

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
    const error = await t.database.db
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
      await t.database.db.updateTable('ledger_entries').set(patch).where('seq', '=', 3).execute();
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
    await t.database.db
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
    await t.database.db.deleteFrom('ledger_entries').where('seq', '=', 2).execute();
    expect(await ledger.audit()).toMatchObject({ isIntact: false, seq: 2, hash: null });
  });

  it('shows one entry publicly by its hash, with ids and hashes only', async () => {
    const entry = await issue('public-id');
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/ledger/${entry.hash}` });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({ ...entry, is_intact: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/ledger/${'0'.repeat(64)}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ledger/not-a-hash' })).statusCode).toBe(422);
  });

  it('is audited end to end by `npm run cli -- ledger:verify`, which names the first break', async () => {
    for (const id of ['a', 'b', 'c']) await issue(id);
    const intact = await t.cli(['ledger:verify']);
    expect(intact.output).toContain('Ledger OK: 3 entries');
    expect(intact.code).toBe(0);
    await t.database.db
      .updateTable('ledger_entries')
      .set({ payload_hash: sha256Hex('forged') })
      .where('seq', '=', 2)
      .execute();
    const broken = await t.cli(['ledger:verify']);
    expect(broken.output).toContain('Ledger BROKEN at entry 2');
    expect(broken.code).toBe(1);
  }, 90_000);
});
