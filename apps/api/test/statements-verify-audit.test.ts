import { beforeAll, describe, expect, it } from 'vitest';
import { seedLedger } from '../../../bench/seed/ledger';
import { createContext } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { auditLedgerJob } from '../src/platform/ledger/audit.job';
import { insertAudit } from '../src/platform/ledger/audit-repository';
import { queueLedgerAudit, runLedgerAudit } from '../src/platform/ledger/audit-run';
import type { LedgerEntriesTable } from '../src/platform/db/statement-tables';
import { sha256Hex } from '../src/platform/ledger/entry';
import { useTestApp, testConfig, type Publication } from './helper';
import { dataOf, type Applicant } from './requests';
import { verifyUpload } from './statements';

/** Decision 048: a verification checks its own entries and the unaudited tail, and cites the audit job's record. */

const clock = new ManualClock('2026-03-02T09:00:00Z');
let ctx: ReturnType<typeof createContext>;
let owner: Applicant;
let first: Publication;

const t = useTestApp({ clock });
beforeAll(async () => {
  ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
  owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
  first = await t.publishedRequest(owner);
}, 60_000);

const verdictOf = async (statement: typeof first) =>
  dataOf<{ result: string; reason: string }>(
    await verifyUpload(t.app, statement.statement.certificate_id, statement.pdf),
  );

/** What `server.ts` does every minute, and the worker running it. */
async function runAuditJob(): Promise<void> {
  await queueLedgerAudit(ctx);
  await t.worker.drainOnce();
}

const audits = () => t.database.db.selectFrom('ledger_audits').selectAll().orderBy('id').execute();
const lastAudit = async () => (await audits()).at(-1);

/** Changes one entry as stored and says how to put it back. */
async function tamper(seq: number, patch: Partial<LedgerEntriesTable>): Promise<() => Promise<void>> {
  const entry = await t.database.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('seq', '=', seq)
    .executeTakeFirstOrThrow();
  await t.database.db.updateTable('ledger_entries').set(patch).where('seq', '=', seq).execute();
  return async () => {
    await t.database.db.updateTable('ledger_entries').set(entry).where('seq', '=', seq).execute();
  };
}

const FORGED_SIGNATURE = Buffer.alloc(64, 9).toString('base64');

// One story on one ledger, in order under --sequence.shuffle too: each test counts the entries and
// the audits from where the one before it left them (the first audit is of entries 1 and 2, the
// seeded chain, last, is one no full audit passes).
describe('verification without a full audit', { shuffle: false }, () => {
  it('checks the entries since the last audit itself: valid before any audit, and after new ones', async () => {
    expect(await audits()).toEqual([]);
    expect(await verdictOf(first)).toMatchObject({ result: 'valid', reason: 'original' });
    await runAuditJob();
    expect(await lastAudit()).toMatchObject({ scope: 'full', status: 'intact', through_seq: 2 });

    const second = await t.publishedRequest(owner);
    expect(second.statement.transaction_hash).not.toBe(first.statement.transaction_hash);
    expect(await verdictOf(second)).toMatchObject({ result: 'valid' });
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
    await runAuditJob();
    expect(await lastAudit()).toMatchObject({
      scope: 'incremental',
      status: 'intact',
      from_seq: 3,
      through_seq: 4,
      entries_checked: 2,
    });
  }, 30_000);

  it('is queued once at a time, however many instances ask', async () => {
    expect(await queueLedgerAudit(ctx)).toBe(true);
    expect(await queueLedgerAudit(ctx)).toBe(false);
    const queued = await t.database.db
      .selectFrom('jobs')
      .select('status')
      .where('name', '=', auditLedgerJob.name)
      .where('status', '=', 'pending')
      .execute();
    expect(queued).toHaveLength(1);
    await t.worker.drainOnce();
    expect(await queueLedgerAudit(ctx)).toBe(true);
    await t.worker.drainOnce();
  });

  it('calls a statement NOT valid at once when an entry of its own is tampered with, audited or not', async () => {
    for (const [seq, patch] of [
      [1, { created_at: '2020-01-01T00:00:00.000Z' }],
      [2, { signature: FORGED_SIGNATURE }],
    ] as const) {
      const restore = await tamper(seq, patch);
      expect(await verdictOf(first)).toMatchObject({ result: 'not_valid', reason: 'ledger_broken' });
      await restore();
    }
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
  });

  it('finds an entry appended since the last audit and tampered with, before the job does', async () => {
    const appended = await ctx.ledger.append({
      kind: 'issue',
      certificateId: 'appended-after-the-audit',
      payloadHash: sha256Hex('fields'),
    });
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
    const restore = await tamper(appended.seq, { signature: FORGED_SIGNATURE });
    expect(await verdictOf(first)).toMatchObject({ result: 'not_valid', reason: 'ledger_broken' });
    await restore();
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
  });

  it('leaves a break elsewhere in the audited chain to the audit job; once it is recorded nothing verifies valid until an audit passes', async () => {
    await runAuditJob();
    const audited = await lastAudit();
    expect(audited).toMatchObject({ status: 'intact', through_seq: 5 });

    // Entry 3 is the second statement's issue entry: nothing of the first one.
    const restore = await tamper(3, { signature: FORGED_SIGNATURE });
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
    await runAuditJob();
    expect(await lastAudit()).toEqual(audited);

    clock.advance({ hours: 25 });
    await runAuditJob();
    expect(await lastAudit()).toMatchObject({
      scope: 'full',
      status: 'broken',
      fault_seq: 3,
      fault: 'its hash does not match its content',
      through_seq: 2,
    });
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('name', '=', auditLedgerJob.name)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', last_error: expect.stringContaining('broken at entry 3') });
    expect(await verdictOf(first)).toMatchObject({ result: 'not_valid', reason: 'ledger_broken' });

    // The job audits a broken chain again once an hour, not every minute.
    await runAuditJob();
    clock.advance({ hours: 1 });
    await runAuditJob();
    expect((await audits()).filter((audit) => audit.status === 'broken')).toHaveLength(2);

    await restore();
    await runAuditJob();
    expect(await verdictOf(first)).toMatchObject({ result: 'not_valid', reason: 'ledger_broken' });
    // After a repair, `npm run cli -- ledger:verify` records a full audit at once.
    expect(await ctx.ledger.runAudit('full')).toMatchObject({ isRecorded: true, audit: { isIntact: true } });
    expect(await lastAudit()).toMatchObject({ scope: 'full', status: 'intact', through_seq: 5 });
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
  });

  it('records no intact audit over a break recorded while it ran', async () => {
    const other = t.database.openConnection();
    let isBreakRecorded = false;
    // Another run records a break while this one reads its first page of entries.
    const db = t.database.db.withPlugin({
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        const [row] = result.rows;
        if (!isBreakRecorded && row && 'signature' in row) {
          isBreakRecorded = true;
          const at = clock.now().toISOString();
          await insertAudit(other, {
            scope: 'incremental',
            status: 'broken',
            from_seq: 5,
            through_seq: 4,
            head_hash: null,
            entries_checked: 0,
            fault_seq: 5,
            fault: 'its signature does not verify',
            started_at: at,
            checked_at: at,
          });
        }
        return result;
      },
    });
    try {
      const run = await runLedgerAudit({ db, publicKey: ctx.ledger.publicKey, clock, request: 'full' });
      expect(run).toMatchObject({ audit: { isIntact: true }, isRecorded: false });
      expect(await lastAudit()).toMatchObject({ status: 'broken', fault_seq: 5 });
      expect(await verdictOf(first)).toMatchObject({ result: 'not_valid', reason: 'ledger_broken' });
    } finally {
      await other.destroy();
    }
    expect(await ctx.ledger.runAudit('full')).toMatchObject({ isRecorded: true });
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
  });

  it('trusts the audited prefix without walking it: valid over a seeded chain a walk would reject', async () => {
    const seeded = await seedLedger(t.database.db, { entries: 2_000, at: clock.now() });
    expect(seeded).toMatchObject({ fromSeq: 6, throughSeq: 2_005 });
    // The seeded entries carry no real signature: walking the chain fails at the first of them.
    expect(await ctx.ledger.audit()).toMatchObject({ isIntact: false, seq: 6 });
    expect(await verdictOf(first)).toMatchObject({ result: 'valid', reason: 'original' });

    // The job goes on from the seeded head, as from any audited one.
    const appended = await ctx.ledger.append({
      kind: 'issue',
      certificateId: 'after-the-seed',
      payloadHash: sha256Hex('fields'),
    });
    await runAuditJob();
    expect(await lastAudit()).toMatchObject({
      scope: 'incremental',
      status: 'intact',
      from_seq: 2_006,
      through_seq: appended.seq,
      head_hash: appended.hash,
    });
    expect(await verdictOf(first)).toMatchObject({ result: 'valid' });
  });
});
