import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { closeRequestsInProgress } from '../src/modules/transitions/account-deletion.service';
import { publishStatement } from '../src/modules/statements/publication.service';
import { ManualClock } from '../src/platform/clock';
import type { Db } from '../src/platform/db/database';
import type { Worker } from '../src/platform/jobs/worker';
import { createTestWorker, testConfig, useTestApp } from './helper';
import { logLines } from './log-lines';
import { readMailFiles } from './mail';
import { bearer } from './identity';
import { type Applicant } from './requests';
import { auditOf, statusOf, type StaffMember } from './staff';
import { publishMove, readyForIssue } from './statements';

/**
 * Deleting an account while a statement of one of its requests is being published (decisions 052
 * and 022): the deletion waits for the publication, and a publication whose request no longer
 * waits for it (closed with its account before this check existed) ends without a ledger entry
 * or a mail.
 */
const clock = new ManualClock('2026-04-02T08:00:00Z');
const { stream, entries } = logLines<{ level: number; msg: string; practiceId?: number; job?: string }>();
let worker: Worker;
let admin: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  worker = createTestWorker(t.database, { clock, logTo: stream, env: { LOG_LEVEL: 'info' } });
  admin = await t.staff('admin', { email: 'admin@example.org' });
}, 60_000);

const deleteAccount = (owner: Applicant, email: string, language = 'en-US') =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/users/${owner.id}`,
    headers: { ...bearer(owner.token), 'accept-language': language },
    payload: { email },
  });
const statementsOf = (practiceId: number) =>
  t.database.db.selectFrom('statements').selectAll().where('practice_id', '=', practiceId).execute();
const ledgerKindsOf = async (certificateId: string) =>
  (
    await t.database.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('certificate_id', '=', certificateId)
      .orderBy('seq')
      .execute()
  ).map((entry) => entry.kind);
const publishJobs = () =>
  t.database.db.selectFrom('jobs').select('id').where('name', '=', 'publish-statement').execute();
const publishedMails = () =>
  readMailFiles(t.database.tempDir).filter((mail) => mail.kind === 'statement-published');

/** What a deletion from before this check left: the request closed, the account anonymised. */
async function deletedBehindThePublication(owner: Applicant, practiceId: number): Promise<void> {
  await t.database.db
    .updateTable('practices')
    .set({ status: 'closed' })
    .where('id', '=', practiceId)
    .execute();
  await t.database.db
    .updateTable('users')
    .set({ first_name: '', last_name: '', deleted_at: clock.now().toISOString() })
    .where('id', '=', owner.id)
    .execute();
}

describe('deleting an account while a statement is being published', () => {
  it('answers 409 in the reader’s language and changes nothing, then deletes once the statement is out', async () => {
    const email = 'maria@example.org';
    const owner = await t.applicant({ email, firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);

    const refused = await deleteAccount(owner, email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_PUBLICATION_PENDING',
      message: 'A statement is being published for one of your requests: please try again in a few minutes.',
    });
    const rifiutata = await deleteAccount(owner, email, 'it-IT');
    expect(rifiutata.statusCode).toBe(409);
    expect(rifiutata.json()).toMatchObject({
      message:
        'È in corso la pubblicazione dell’attestato di una delle tue richieste: riprova tra qualche minuto.',
    });
    // Nothing of the deletion happened: the request waits, the account and its session are as they were.
    expect(await statusOf(t.database, practiceId)).toBe('ready_for_issue');
    expect((await auditOf(t.database, practiceId)).filter((entry) => entry.action === 'close')).toEqual([]);
    const account = await t.database.db
      .selectFrom('users')
      .select(['email', 'deleted_at'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ email, deleted_at: null });

    await worker.drainOnce();
    expect(await statusOf(t.database, practiceId)).toBe('published');
    const [statement] = await statementsOf(practiceId);
    expect(statement?.status).toBe('published');
    expect(JSON.parse(statement?.certificate ?? '{}')).toMatchObject({
      holder_name: expect.stringContaining('Maria'),
    });
    expect((await deleteAccount(owner, email)).statusCode).toBe(204);
    // A published statement stays valid (decision 052).
    expect(await statusOf(t.database, practiceId)).toBe('published');
  });
});

describe('a publication its request no longer waits for', () => {
  it('ends the job before the issue entry: no ledger entry, no mail, no statement left, a warning', async () => {
    const owner = await t.applicant({ email: 'lucia@example.org', firstName: 'Lucia' });
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    const [pending] = await statementsOf(practiceId);
    if (!pending) throw new Error('no pending statement');
    await deletedBehindThePublication(owner, practiceId);
    const mailsBefore = publishedMails().length;

    await worker.drainOnce();

    expect(await ledgerKindsOf(pending.id)).toEqual([]);
    expect(await statementsOf(practiceId)).toEqual([]);
    expect(await publishJobs()).toEqual([]);
    expect(publishedMails()).toHaveLength(mailsBefore);
    expect(await statusOf(t.database, practiceId)).toBe('closed');
    expect(entries().filter((entry) => entry.practiceId === practiceId)).toMatchObject([
      { level: 40, job: 'publish-statement', msg: expect.stringMatching(/^publication dropped/) },
    ]);
  });

  it('ends it too when only the account is gone, the request still ready for issue', async () => {
    const owner = await t.applicant({ email: 'paola@example.org', firstName: 'Paola' });
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    const [pending] = await statementsOf(practiceId);
    if (!pending) throw new Error('no pending statement');
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: clock.now().toISOString() })
      .where('id', '=', owner.id)
      .execute();

    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    expect(await publishStatement(ctx, pending.id)).toEqual({
      statementId: pending.id,
      practiceId,
      requestedBy: admin.id,
      status: 'ready_for_issue',
      isAccountDeleted: true,
      isIssued: false,
    });
    expect(await ledgerKindsOf(pending.id)).toEqual([]);
    expect(await statementsOf(practiceId)).toEqual([]);
    // A second run finds nothing to do.
    expect(await publishStatement(ctx, pending.id)).toBeUndefined();
  });

  it('stops before the seal when the statement was issued before its request was closed', async () => {
    const owner = await t.applicant({ email: 'giulia@example.org', firstName: 'Giulia' });
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    const [pending] = await statementsOf(practiceId);
    if (!pending) throw new Error('no pending statement');
    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    // A run from before this check: issued and stored, then its worker died before the seal.
    const failingSeal = {
      ...ctx,
      ledger: {
        ...ctx.ledger,
        appendWithin: async (...args: Parameters<typeof ctx.ledger.appendWithin>) => {
          if (args[1].kind === 'seal') throw new Error('the machine went down');
          return ctx.ledger.appendWithin(...args);
        },
      },
    };
    await expect(publishStatement(failingSeal, pending.id)).rejects.toThrow('the machine went down');
    await deletedBehindThePublication(owner, practiceId);
    const mailsBefore = publishedMails().length;

    expect(await publishStatement(ctx, pending.id)).toMatchObject({
      practiceId,
      status: 'closed',
      isAccountDeleted: true,
      isIssued: true,
    });
    expect(await ledgerKindsOf(pending.id)).toEqual(['issue']);
    expect((await statementsOf(practiceId)).map((statement) => statement.status)).toEqual(['pending']);
    expect(await statusOf(t.database, practiceId)).toBe('closed');
    await worker.drainOnce();
    expect(await ledgerKindsOf(pending.id)).toEqual(['issue']);
    expect(await publishJobs()).toEqual([]);
    expect(publishedMails()).toHaveLength(mailsBefore);
  });
});

describe('a staff move between the deletion’s read and its close', () => {
  /** Moves the request, in the deletion's own transaction, right after the deletion has read it. */
  const staffMoveAfterTheRead = (trx: Db, practiceId: number): KyselyPlugin => {
    let isMoved = false;
    return {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const rows = args.result.rows as { id?: unknown; status?: unknown }[];
        if (!isMoved && rows.some((row) => row.id === practiceId && row.status === 'ready_for_issue')) {
          isMoved = true;
          await trx
            .updateTable('practices')
            .set({ status: 'in_review' })
            .where('id', '=', practiceId)
            .execute();
        }
        return args.result;
      },
    };
  };

  it('fails the deletion with 409 PRACTICE_CHANGED instead of leaving the request in progress', async () => {
    const owner = await t.applicant({ email: 'rosa@example.org', firstName: 'Rosa' });
    const practiceId = await readyForIssue(t.database, owner);
    const at = clock.now().toISOString();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await closeRequestsInProgress(trx.withPlugin(staffMoveAfterTheRead(trx, practiceId)), owner.id, at);
      }),
    ).rejects.toMatchObject({ code: 'PRACTICE_CHANGED', statusCode: 409 });
    // Rolled back whole; a deletion tried again closes the request where it now stands.
    expect(await statusOf(t.database, practiceId)).toBe('ready_for_issue');
    expect((await deleteAccount(owner, 'rosa@example.org')).statusCode).toBe(204);
    expect(await statusOf(t.database, practiceId)).toBe('closed');
  });
});
