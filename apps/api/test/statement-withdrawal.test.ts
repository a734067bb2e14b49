import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { withdrawStatement, WithdrawalError } from '../src/modules/statements/withdrawal';
import { ManualClock } from '../src/platform/clock';
import { testConfig, useTestApp } from './helper';
import { bearer } from './identity';
import { readMailFiles } from './mail';
import type { Applicant } from './requests';
import type { StaffMember } from './staff';
import { publishOne, readyForIssue, verifyUpload } from './statements';

/** Decision 097: a published statement withdrawn for good, by `lisbon statement:withdraw`. */
const clock = new ManualClock(new Date());
const t = useTestApp({ clock });
let admin: StaffMember;
let owner: Applicant;

beforeAll(async () => {
  admin = await t.staff('admin', { email: 'admin@example.org' });
  owner = await t.applicant({ email: 'holder@example.org' });
});

const contextOf = () => createContext({ config: testConfig(t.database), db: t.database.db, clock });

describe('withdrawing a published statement', () => {
  it('makes its PDF check NOT valid (revoked), records a revoke entry in an intact ledger, and ends its wallet offers', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement, pdf } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    const before = await verifyUpload(t.app, statement.certificate_id, pdf);
    expect(before.json().data).toMatchObject({ result: 'valid' });

    const ctx = contextOf();
    const { entrySeq } = await withdrawStatement(ctx, {
      certificateId: statement.certificate_id,
      reason: 'Issued on a forged diploma (case 2026/114).',
    });
    const after = await verifyUpload(t.app, statement.certificate_id, pdf);
    expect(after.json().data).toMatchObject({
      result: 'not_valid',
      reason: 'revoked',
      message: 'NOT valid: this statement has been revoked.',
    });
    const entry = await t.database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('seq', '=', entrySeq)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'revoke', certificate_id: statement.certificate_id });
    expect((await ctx.ledger.audit()).isIntact).toBe(true);
    // The holder is told, with the reason, once the mail job runs.
    await t.worker.drainOnce();
    const mails = readMailFiles(t.database.tempDir).filter((mail) => mail.to === 'holder@example.org');
    expect(mails.filter((mail) => mail.kind === 'statement-withdrawn')).toEqual([
      expect.objectContaining({
        language: 'en-US',
        subject: expect.stringContaining(`Statement of request no. ${practiceId} withdrawn`),
        text: expect.stringContaining('The reason given: Issued on a forged diploma (case 2026/114).'),
      }),
    ]);
    // Nothing left to put in a wallet: the statement is no longer the published one.
    const offer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/wallet-offers`,
      headers: bearer(owner.token),
    });
    expect(offer.statusCode).toBe(404);
  });

  it('refuses an unknown id and a statement already withdrawn, writing nothing', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    const ctx = contextOf();
    await expect(withdrawStatement(ctx, { certificateId: 'no-such-statement', reason: 'x' })).rejects.toThrow(
      WithdrawalError,
    );
    await withdrawStatement(ctx, { certificateId: statement.certificate_id, reason: 'Once.' });
    const entries = async () =>
      (await t.database.db.selectFrom('ledger_entries').select('seq').execute()).length;
    const count = await entries();
    await expect(
      withdrawStatement(ctx, { certificateId: statement.certificate_id, reason: 'Twice.' }),
    ).rejects.toThrow(/is revoked: only the published version/);
    expect(await entries()).toBe(count);
    // Told once, of the withdrawal that was made.
    await t.worker.drainOnce();
    const told = readMailFiles(t.database.tempDir).filter(
      (mail) => mail.kind === 'statement-withdrawn' && mail.subject.includes(`no. ${practiceId} `),
    );
    expect(told.map((mail) => mail.text.includes('The reason given: Once.'))).toEqual([true]);
  });
});
