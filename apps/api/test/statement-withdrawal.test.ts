import { createHash, createHmac } from 'node:crypto';
import { calendarDayOf } from '@lisbon/domain';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createContext } from '../src/app';
import { withdrawStatement, WithdrawalError } from '../src/modules/statements/withdrawal';
import * as withdrawnAt from '../src/platform/db/migrations/2026-12-04-103-statement-withdrawn-at';
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
const askAmendment = (practiceId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/practices/${practiceId}/appeal`,
    headers: bearer(owner.token),
    payload: { type: 'amendment', motivation: 'Please correct my name.', document_ids: [] },
  });

describe('withdrawing a published statement', () => {
  it('makes its PDF check NOT valid (revoked), records a revoke entry in an intact ledger, and ends its wallet offers', async () => {
    // A holder of this test's own, whose mail is this withdrawal's alone: the file's other tests
    // withdraw the statements of theirs, and mail the holder, before this one or after it, shuffled.
    const holder = await t.applicant({ email: 'revoked.holder@example.org' });
    const practiceId = await readyForIssue(t.database, holder);
    const { statement, pdf } = await publishOne(t.app, t.worker, { admin, owner: holder, practiceId });
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
    // The request's history says it, by the body, with the reason the applicant is given.
    const workspace = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/practices/${practiceId}`,
      headers: bearer(admin.token),
    });
    expect(workspace.statusCode).toBe(200);
    expect(workspace.json().data.history.at(-1)).toMatchObject({
      action: 'statement_withdrawn',
      from_status: 'published',
      to_status: 'published',
      by: null,
      details: {
        certificate_id: statement.certificate_id,
        reason: 'Issued on a forged diploma (case 2026/114).',
      },
    });
    // The holder is told, with the reason, once the mail job runs.
    await t.worker.drainOnce();
    const mails = readMailFiles(t.database.tempDir).filter(
      (mail) => mail.to === 'revoked.holder@example.org',
    );
    expect(mails.filter((mail) => mail.kind === 'statement-withdrawn')).toEqual([
      expect.objectContaining({
        language: 'en-US',
        subject: expect.stringContaining(`Statement of request no. ${practiceId} withdrawn`),
        text: expect.stringContaining('The reason given: Issued on a forged diploma (case 2026/114).'),
      }),
    ]);
    // Where to write with a question: the contact page's link, in both parts.
    const contact = `${testConfig(t.database).publicUrl}/contact`;
    const withdrawn = mails.find((mail) => mail.kind === 'statement-withdrawn');
    expect(withdrawn?.text).toContain(
      `If you have questions about this decision, write to the evaluation body from the contact page: ${contact}`,
    );
    expect(withdrawn?.html).toContain(
      `write to the evaluation body from the contact page: <a href="${contact}">${contact}</a>`,
    );
    // Nothing left to put in a wallet: the statement is no longer the published one.
    const offer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/wallet-offers`,
      headers: bearer(holder.token),
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
    // Withdrawn at 00:30 in Rome, still the day before in UTC: the day said is the body's.
    // The clock goes back after, or the later tests' sessions would have expired.
    const before = clock.now();
    onTestFinished(() => clock.set(before));
    const tomorrow = new Date(before.getTime() + 86_400_000).toISOString().slice(0, 10);
    clock.set(`${tomorrow}T23:30:00.000Z`);
    await withdrawStatement(ctx, { certificateId: statement.certificate_id, reason: 'Once.' });
    const entries = async () =>
      (await t.database.db.selectFrom('ledger_entries').select('seq').execute()).length;
    const count = await entries();
    // Another reason: the operator is told the statement was withdrawn, and when, not that only a
    // published statement can be withdrawn.
    const day = calendarDayOf(clock.now());
    expect(day).not.toBe(clock.now().toISOString().slice(0, 10));
    await expect(
      withdrawStatement(ctx, { certificateId: statement.certificate_id, reason: 'Twice.' }),
    ).rejects.toThrow(
      `The statement ${statement.certificate_id} was withdrawn on ${day} with another reason: a statement is withdrawn once, and its recorded reason stays. Nothing was written.`,
    );
    expect(await entries()).toBe(count);
    // Withdrawn before the body kept its reasons (migration 111): withdrawn already, all the same.
    const kept = await t.database.db
      .selectFrom('statement_withdrawals')
      .selectAll()
      .where('certificate_id', '=', statement.certificate_id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .deleteFrom('statement_withdrawals')
      .where('certificate_id', '=', statement.certificate_id)
      .execute();
    await expect(
      withdrawStatement(ctx, { certificateId: statement.certificate_id, reason: 'Twice.' }),
    ).rejects.toThrow(
      `The statement ${statement.certificate_id} was withdrawn already: nothing was written.`,
    );
    await t.database.db.insertInto('statement_withdrawals').values(kept).execute();
    expect(await entries()).toBe(count);
    // Told once, of the withdrawal that was made.
    await t.worker.drainOnce();
    const told = readMailFiles(t.database.tempDir).filter(
      (mail) => mail.kind === 'statement-withdrawn' && mail.subject.includes(`no. ${practiceId} `),
    );
    expect(told.map((mail) => mail.text.includes('The reason given: Once.'))).toEqual([true]);
  });

  it('mails an Italian holder in Italian, with the contact page’s link', async () => {
    const italian = await t.applicant({ email: 'titolare@example.org', locale: 'it-IT' });
    const practiceId = await readyForIssue(t.database, italian);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner: italian, practiceId });
    await withdrawStatement(contextOf(), {
      certificateId: statement.certificate_id,
      reason: 'Diploma falso.',
    });
    await t.worker.drainOnce();
    const [mail] = readMailFiles(t.database.tempDir).filter(
      (sent) => sent.to === 'titolare@example.org' && sent.kind === 'statement-withdrawn',
    );
    const contact = `${testConfig(t.database).publicUrl}/contact`;
    expect(mail).toMatchObject({ language: 'it-IT' });
    expect(mail?.text).toContain('Il motivo indicato: Diploma falso.');
    expect(mail?.text).toContain(
      `Per domande su questa decisione, scrivi all’ente di valutazione dalla pagina dei contatti: ${contact}`,
    );
    expect(mail?.html).toContain(`dalla pagina dei contatti: <a href="${contact}">${contact}</a>`);
  });

  it('tells the applicant on the request, closes the appeal window and refuses an appeal (409)', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    await withdrawStatement(contextOf(), { certificateId: statement.certificate_id, reason: 'Court order.' });

    const get = (url: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(owner.token) });
    const practice = (await get(`/practices/${practiceId}`)).json().data;
    expect(practice).toMatchObject({
      status: 'published',
      statement_withdrawn_at: expect.any(String),
      is_appeal_window_open: false,
    });
    const answer = await get(`/practices/${practiceId}/statement`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      status: 'withdrawn',
      certificate_id: statement.certificate_id,
      withdrawn_at: expect.any(String),
    });
    expect(new Date(answer.json().data.withdrawn_at).getTime()).toBe(
      new Date(practice.statement_withdrawn_at).getTime(),
    );
    // Its PDF is no longer given.
    expect((await get(`/practices/${practiceId}/statement/pdf`)).statusCode).toBe(404);
    expect((await get(`/practices/${practiceId}/appeal`)).json().data).toMatchObject({
      can_request: false,
      statement_withdrawn_at: expect.any(String),
    });
    const appeal = await askAmendment(practiceId);
    expect(appeal.statusCode).toBe(409);
    expect(appeal.json()).toMatchObject({
      code: 'STATEMENT_WITHDRAWN',
      message:
        'The statement of this request has been withdrawn: no appeal or amendment can be asked for or issued.',
    });
  });

  it('during an open appeal: no statement of appeal or amended one is offered or issued (409), the appeal can be rejected', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    const asked = await askAmendment(practiceId);
    expect(asked.statusCode).toBe(201);
    // The evaluation of the appeal done, as its moves would leave it.
    await t.database.db
      .updateTable('practices')
      .set({ status: 'appeal_reviewed' })
      .where('id', '=', practiceId)
      .execute();
    await withdrawStatement(contextOf(), { certificateId: statement.certificate_id, reason: 'Court order.' });

    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/practices/${practiceId}`,
      headers: bearer(admin.token),
    });
    const actions = staffView
      .json()
      .data.available_actions.map((action: { action: string }) => action.action);
    expect(actions).toContain('reject_appeal');
    expect(actions).not.toContain('issue_amendment');
    expect(actions).not.toContain('issue_appeal');
    const move = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/practices/${practiceId}/transitions`,
        headers: bearer(admin.token),
        payload,
      });
    const issue = await move({ action: 'issue_amendment' });
    expect(issue.statusCode).toBe(409);
    expect(issue.json()).toMatchObject({ code: 'STATEMENT_WITHDRAWN' });
    expect((await move({ action: 'reject_appeal', reason: 'The statement was withdrawn.' })).statusCode).toBe(
      200,
    );
  });

  it('is learnt by the requests of statements withdrawn before the migration that records it', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    await withdrawStatement(contextOf(), { certificateId: statement.certificate_id, reason: 'Court order.' });
    const withdrawnOn = async () =>
      (
        await t.database.db
          .selectFrom('practices')
          .select('statement_withdrawn_at')
          .where('id', '=', practiceId)
          .executeTakeFirstOrThrow()
      ).statement_withdrawn_at;
    const recorded = await withdrawnOn();
    // As a database the release before left it: no column; then the migration.
    await withdrawnAt.down(t.database.db);
    await withdrawnAt.up(t.database.db);
    expect(await withdrawnOn()).not.toBeNull();
    expect(new Date(String(await withdrawnOn())).getTime()).toBe(new Date(String(recorded)).getTime());
  });

  it('is refused while an amended version is being published, and made on the version once published', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    expect((await askAmendment(practiceId)).statusCode).toBe(201);
    await t.database.db
      .updateTable('practices')
      .set({ status: 'appeal_reviewed' })
      .where('id', '=', practiceId)
      .execute();
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/practices/${practiceId}/transitions`,
      headers: bearer(admin.token),
      payload: { action: 'issue_amendment' },
    });
    expect(issued.statusCode).toBe(200);
    await expect(
      withdrawStatement(contextOf(), { certificateId: statement.certificate_id, reason: 'Court order.' }),
    ).rejects.toThrow(/is being published/);
    await t.worker.drainOnce();
    const amended = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/practices/${practiceId}/statement`,
        headers: bearer(owner.token),
      })
    ).json().data;
    expect(amended).toMatchObject({ status: 'published' });
    expect(amended.certificate_id).not.toBe(statement.certificate_id);
    await withdrawStatement(contextOf(), { certificateId: amended.certificate_id, reason: 'Court order.' });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/practices/${practiceId}`,
      headers: bearer(owner.token),
    });
    expect(after.json().data.statement_withdrawn_at).toEqual(expect.any(String));
  });

  it('keeps a share link saying the statement is revoked, without its PDF', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/share-links`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(link.statusCode).toBe(201);
    const token = new URL(link.json().data.url).pathname.split('/').at(-1);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}/pdf` })).statusCode).toBe(200);
    await withdrawStatement(contextOf(), { certificateId: statement.certificate_id, reason: 'Court order.' });
    const shared = await t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}` });
    expect(shared.json().data).toMatchObject({ state: 'revoked', has_pdf: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}/pdf` })).statusCode).toBe(404);
  });
});

/** Decision 097, amended 2026-12-05: the public ledger does not let anyone test a guessed reason. */
describe('the reason of a withdrawal in the public ledger', () => {
  const reason = 'Forged diploma';
  /** The recomputation the trust model documents: HMAC-SHA-256 of the reason, keyed with the salt. */
  const recomputed = (salt: string, text: string) =>
    createHmac('sha256', Buffer.from(salt, 'hex')).update(text, 'utf8').digest('hex');
  const recordOf = (certificateId: string) =>
    t.database.db
      .selectFrom('statement_withdrawals')
      .selectAll()
      .where('certificate_id', '=', certificateId)
      .execute();
  const revokesOf = (certificateId: string) =>
    t.database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('certificate_id', '=', certificateId)
      .where('kind', '=', 'revoke')
      .execute();

  it('is committed to with a salt of its own: not SHA-256(reason), but HMAC-SHA-256(salt, reason) from the body’s record', async () => {
    const certificates: string[] = [];
    for (const _ of [1, 2]) {
      const practiceId = await readyForIssue(t.database, owner);
      const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
      await withdrawStatement(contextOf(), { certificateId: statement.certificate_id, reason });
      certificates.push(statement.certificate_id);
    }
    const hashes: string[] = [];
    for (const certificateId of certificates) {
      const [revoke] = await revokesOf(certificateId);
      // What anyone reads: the entry as the public ledger page gives it.
      const shown = await t.app.inject({ method: 'GET', url: `/api/v1/ledger/${revoke?.hash}` });
      expect(shown.statusCode).toBe(200);
      const payloadHash: string = shown.json().data.payload_hash;
      expect(payloadHash).not.toBe(createHash('sha256').update(reason).digest('hex'));
      // What the body's record proves: the reason, and the salt to recompute the hash with.
      const [record] = await recordOf(certificateId);
      expect(record).toMatchObject({ reason, salt: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(payloadHash).toBe(recomputed(String(record?.salt), reason));
      expect(payloadHash).not.toBe(recomputed(String(record?.salt), 'Court order.'));
      hashes.push(payloadHash);
    }
    // The same reason twice: two salts, two unrelated hashes.
    expect(new Set(hashes).size).toBe(2);
    expect((await contextOf().ledger.audit()).isIntact).toBe(true);
  });

  it('keeps one entry with one hash when retried: a failed run leaves no salt, a repeated one reuses it', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    const certificateId = statement.certificate_id;
    await t.worker.drainOnce();
    const ctx = contextOf();
    // A run that fails after its entry was appended, before its transaction commits.
    const crashing = {
      ...ctx,
      ledger: {
        ...ctx.ledger,
        appendWithin: async (...args: Parameters<typeof ctx.ledger.appendWithin>) => {
          await ctx.ledger.appendWithin(...args);
          throw new Error('the process died');
        },
      },
    };
    await expect(withdrawStatement(crashing, { certificateId, reason })).rejects.toThrow('the process died');
    expect(await recordOf(certificateId)).toEqual([]);
    expect(await revokesOf(certificateId)).toEqual([]);

    const first = await withdrawStatement(ctx, { certificateId, reason });
    const [entry] = await revokesOf(certificateId);
    const [record] = await recordOf(certificateId);
    expect(first).toMatchObject({ entrySeq: entry?.seq, repeated: false });
    expect(entry?.payload_hash).toBe(recomputed(String(record?.salt), reason));

    // The command run again (its first run committed, its output was lost): the same entry.
    const again = await withdrawStatement(ctx, { certificateId, reason });
    expect(again).toEqual({ certificateId, entrySeq: entry?.seq, repeated: true });
    expect(await revokesOf(certificateId)).toEqual([entry]);
    expect(await recordOf(certificateId)).toEqual([record]);
    expect((await ctx.ledger.audit()).isIntact).toBe(true);
    // Told once.
    await t.worker.drainOnce();
    const told = readMailFiles(t.database.tempDir).filter(
      (mail) => mail.kind === 'statement-withdrawn' && mail.subject.includes(`no. ${practiceId} `),
    );
    expect(told).toHaveLength(1);
  });
});
