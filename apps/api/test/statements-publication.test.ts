import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { publishStatement } from '../src/modules/statements/publication.service';
import { publishStatementJob } from '../src/modules/statements/publish.job';
import { ManualClock } from '../src/platform/clock';
import { registerJob } from '../src/platform/jobs/definition';
import { createWorker, type Worker } from '../src/platform/jobs/worker';
import { useTestApp, testConfig } from './helper';
import { bearer } from './identity';
import { readMailFiles } from './mail';
import { dataOf, type Applicant } from './requests';
import { type StaffMember } from './staff';
import { downloadStatement, publishMove, readyForIssue, statementOf, verifyUpload } from './statements';

const clock = new ManualClock('2026-02-10T10:00:00Z');
let admin: StaffMember;
let evaluator: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  admin = await t.staff('admin', { email: 'admin@example.org' });
  evaluator = await t.staff('evaluator', { email: 'eva@example.org' });
});

const publication = (who: StaffMember, practiceId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/staff/practices/${practiceId}/publication`,
    headers: bearer(who.token),
  });
const retry = (who: StaffMember, practiceId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/practices/${practiceId}/publication/retry`,
    headers: bearer(who.token),
  });
const mailsTo = (address: string) => readMailFiles(t.database.tempDir).filter((mail) => mail.to === address);

/** A worker whose publish job dies at the seal, and is given up at once (its last attempt). */
function failingWorker(): Worker {
  const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
  const broken = {
    ...ctx,
    ledger: {
      ...ctx.ledger,
      appendWithin: async (...args: Parameters<typeof ctx.ledger.appendWithin>) => {
        if (args[1].kind === 'seal') throw new Error('the signing service is down');
        return ctx.ledger.appendWithin(...args);
      },
    },
  };
  return createWorker({
    db: t.database.db,
    clock,
    log: pino({ level: 'silent' }),
    jobs: [
      registerJob(publishStatementJob, async ({ statementId }) => {
        await publishStatement(broken, statementId);
      }),
    ],
  });
}

describe('the publication mail', () => {
  it('tells the applicant once, in their language, when the statement is published', async () => {
    const owner: Applicant = await t.applicant({ email: 'giulia@example.org', firstName: 'Maria' });
    await t.database.db.updateTable('users').set({ locale: 'it-IT' }).where('id', '=', owner.id).execute();
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    const statementId = (
      await t.database.db
        .selectFrom('statements')
        .select('id')
        .where('practice_id', '=', practiceId)
        .executeTakeFirstOrThrow()
    ).id;
    expect(mailsTo('giulia@example.org')).toEqual([]);

    await t.worker.drainOnce();
    // The job retried after it finished (a redelivery, a second worker) tells nobody again.
    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    await publishStatement(ctx, statementId);
    await t.worker.drainOnce();

    const mails = mailsTo('giulia@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'statement-published',
      language: 'it-IT',
      subject: expect.stringContaining(`Attestato della richiesta n. ${practiceId} pubblicato`),
    });
    expect(mails[0]?.text).toContain(`/practices/${practiceId}`);
  });

  it('is sent once even when the job failed half-way and ran again', async () => {
    const owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    await t.database.db
      .updateTable('jobs')
      .set({ max_attempts: 1 })
      .where('name', '=', 'publish-statement')
      .execute();
    await failingWorker().drainOnce();
    expect(mailsTo('maria@example.org')).toEqual([]);

    expect((await retry(admin, practiceId)).statusCode).toBe(200);
    await t.worker.drainOnce();
    const mails = mailsTo('maria@example.org');
    expect(mails.map((mail) => [mail.kind, mail.language])).toEqual([['statement-published', 'en-US']]);
    expect(mails[0]?.subject).toContain(`Statement of request no. ${practiceId} published`);
  });
});

describe('publication as the staff see it', () => {
  it('is pending after publish, refuses a second publish, then is published', async () => {
    const owner = await t.applicant({ email: 'ada@example.org', firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    expect(dataOf(await publication(evaluator, practiceId))).toEqual({
      state: 'none',
      certificate_id: null,
      requested_at: null,
      published_at: null,
    });
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    const pending = await publication(evaluator, practiceId);
    expect(pending.statusCode).toBe(200);
    expect(dataOf(pending)).toMatchObject({ state: 'pending', requested_at: clock.now().toISOString() });
    const again = await publishMove(t.app, admin, practiceId, '192.0.2.20');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PUBLICATION_PENDING' });
    // Nothing to queue again while the job is on its way.
    const early = await retry(admin, practiceId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PUBLICATION_PENDING' });

    await t.worker.drainOnce();
    expect(dataOf(await publication(evaluator, practiceId))).toMatchObject({
      state: 'published',
      published_at: clock.now().toISOString(),
    });
    expect((await retry(admin, practiceId)).json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('shows a publication whose job failed for good, and publishes it once queued again', async () => {
    const owner = await t.applicant({ email: 'grace@example.org', firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    await t.database.db
      .updateTable('jobs')
      .set({ max_attempts: 1 })
      .where('name', '=', 'publish-statement')
      .execute();
    await failingWorker().drainOnce();

    expect(dataOf(await publication(admin, practiceId))).toMatchObject({ state: 'failed' });
    // Still waiting for its statement: the applicant is told to retry later.
    expect((await statementOf(t.app, owner, practiceId)).statusCode).toBe(202);
    // An evaluator may look, but only staff who may publish queue it again.
    const forbidden = await retry(evaluator, practiceId);
    expect(forbidden.statusCode).toBe(403);

    const queued = await retry(admin, practiceId);
    expect(queued.statusCode).toBe(200);
    expect(dataOf(queued)).toMatchObject({ state: 'pending' });
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('status')
      .where('name', '=', 'publish-statement')
      .execute();
    expect(jobs).toEqual([{ status: 'pending' }]);

    await t.worker.drainOnce();
    expect(dataOf(await publication(admin, practiceId))).toMatchObject({ state: 'published' });
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where(
        'certificate_id',
        '=',
        dataOf<{ certificate_id: string }>(await publication(admin, practiceId)).certificate_id,
      )
      .orderBy('seq')
      .execute();
    expect(entries.map((entry) => entry.kind)).toEqual(['issue', 'seal']);
    const statement = dataOf<{ certificate_id: string }>(await statementOf(t.app, owner, practiceId));
    const pdf = await downloadStatement(t.app, owner, practiceId);
    expect(dataOf(await verifyUpload(t.app, statement.certificate_id, pdf))).toMatchObject({
      result: 'valid',
    });
  });

  it('is for staff only, on requests that exist', async () => {
    const owner = await t.applicant({ email: 'alan@example.org', firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    const asApplicant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/practices/${practiceId}/publication`,
      headers: bearer(owner.token),
    });
    expect(asApplicant.statusCode).toBe(403);
    expect((await publication(admin, 999_999)).statusCode).toBe(404);
    expect((await retry(admin, practiceId)).json()).toMatchObject({ code: 'CONFLICT' });
  });
});
