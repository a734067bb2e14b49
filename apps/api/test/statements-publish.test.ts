import type { Statement } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { publishStatement } from '../src/modules/statements/publication.service';
import { ManualClock } from '../src/platform/clock';
import { useTestApp, testConfig } from './helper';
import { bearer } from './identity';
import { dataOf, storedFiles, type Applicant } from './requests';
import { auditOf, type StaffMember } from './staff';
import {
  downloadStatement,
  FULL_ASSESSMENT,
  publishMove,
  readyForIssue,
  sha256Of,
  statementOf,
  verifyUpload,
} from './statements';

const clock = new ManualClock('2026-02-10T10:00:00Z');
let admin: StaffMember;
let owner: Applicant;

const t = useTestApp({ clock });
beforeAll(async () => {
  admin = await t.staff('admin', { email: 'admin@example.org' });
  owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
});

const ledgerRows = () => t.database.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute();
const statusOf = async (id: number) =>
  await t.database.db.selectFrom('practices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('publishing a statement', () => {
  it('keeps the request pending until the job has run, then publishes it with both ledger entries', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const moved = await publishMove(t.app, admin, practiceId);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      meta: { notice: 'practicePublished', message: 'Request published' },
    });

    // Pending: the applicant is told to try again later (spec §4), the visitor that it is not published yet.
    const pending = await statementOf(t.app, owner, practiceId);
    expect(pending.statusCode).toBe(202);
    expect(dataOf(pending)).toMatchObject({ status: 'pending' });
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/v1/practices/${practiceId}/statement/pdf`,
      headers: bearer(owner.token),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PUBLICATION_PENDING' });
    expect((await statusOf(practiceId)).status).toBe('ready_for_issue');
    expect(await ledgerRows()).toEqual([]);

    expect(await t.worker.drainOnce()).toBeGreaterThanOrEqual(1);
    const published = await statementOf(t.app, owner, practiceId);
    expect(published.statusCode).toBe(200);
    const statement = dataOf<Extract<Statement, { status: 'published' }>>(published);
    expect(statement.status).toBe('published');
    expect(statement.certificate).toMatchObject({
      holder_name: 'Maria Lovelace',
      birth_date: '1990-12-10',
      reference_id: statement.certificate_id,
      request_id: practiceId,
      country_of_education_system: 'BR',
      certificate_authority: 'Demo Evaluation Centre (DEMO)',
      publish_date: clock.now().toISOString(),
      ...FULL_ASSESSMENT,
    });
    expect(statement.verify_url).toBe(`http://localhost:3000/verify/${statement.certificate_id}`);

    const rows = await ledgerRows();
    expect(rows.map((row) => row.kind)).toEqual(['issue', 'seal']);
    const [issue, seal] = rows;
    expect(statement.transaction_hash).toBe(issue?.hash);
    expect(seal).toMatchObject({
      ref_hash: issue?.hash,
      prev_hash: issue?.hash,
      certificate_id: statement.certificate_id,
    });

    const pdf = await downloadStatement(t.app, owner, practiceId);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256Of(pdf)).toBe(seal?.payload_hash);
    expect(statement.pdf).toEqual({ size: pdf.length, sha256: seal?.payload_hash });

    const practice = await statusOf(practiceId);
    expect(practice).toMatchObject({ status: 'published', published_at: statement.published_at });
    expect((await auditOf(t.database, practiceId)).at(-1)).toMatchObject({
      from_status: 'ready_for_issue',
      to_status: 'published',
      action: 'publish',
      by_user_id: admin.id,
    });

    const verified = await verifyUpload(t.app, statement.certificate_id, pdf);
    expect(dataOf(verified)).toMatchObject({ result: 'valid', reason: 'original' });
  });

  it('refuses a second publication and any other move while the first is pending, and offers none', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const offered = async () =>
      dataOf<{ available_actions: { action: string }[] }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/staff/practices/${practiceId}`,
          headers: bearer(admin.token),
        }),
      ).available_actions.map((move) => move.action);
    expect(await offered()).toEqual(expect.arrayContaining(['publish', 'close']));
    const published = await publishMove(t.app, admin, practiceId);
    expect(published.statusCode).toBe(200);
    // The workspace the move answers, and the one read again, offer no move meanwhile.
    expect(dataOf<{ available_actions: unknown[] }>(published).available_actions).toEqual([]);
    expect(await offered()).toEqual([]);
    const again = await publishMove(t.app, admin, practiceId, '192.0.2.11');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PUBLICATION_PENDING' });
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/practices/${practiceId}/transitions`,
      headers: bearer(admin.token),
      payload: { action: 'close', reason: 'Changed my mind' },
      remoteAddress: '192.0.2.12',
    });
    expect(close.json()).toMatchObject({ code: 'PUBLICATION_PENDING' });
    await t.worker.drainOnce();
    expect((await statusOf(practiceId)).status).toBe('published');
    expect(await offered()).not.toContain('publish');
    const statements = await t.database.db
      .selectFrom('statements')
      .select('status')
      .where('practice_id', '=', practiceId)
      .execute();
    expect(statements).toEqual([{ status: 'published' }]);
  });

  it('appends one issue and one seal entry and keeps one PDF however often the job is retried', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    const { id: statementId } = await t.database.db
      .selectFrom('statements')
      .select('id')
      .where('practice_id', '=', practiceId)
      .executeTakeFirstOrThrow();
    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    const filesBefore = storedFiles(t.database).length;

    // A first run dies after the PDF is stored, before the seal: the retry must reuse both.
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
    await expect(publishStatement(failingSeal, statementId)).rejects.toThrow('the machine went down');
    expect(storedFiles(t.database).length).toBe(filesBefore + 1);
    await publishStatement(ctx, statementId);
    await publishStatement(ctx, statementId);
    await t.worker.drainOnce();

    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('certificate_id', '=', statementId)
      .orderBy('seq')
      .execute();
    expect(entries.map((entry) => entry.kind)).toEqual(['issue', 'seal']);
    expect(storedFiles(t.database).length).toBe(filesBefore + 1);
    expect((await statusOf(practiceId)).status).toBe('published');
    const published = (await auditOf(t.database, practiceId)).filter((entry) => entry.action === 'publish');
    expect(published).toHaveLength(1);
    const pdf = await downloadStatement(t.app, owner, practiceId);
    expect(dataOf(await verifyUpload(t.app, statementId, pdf))).toMatchObject({ result: 'valid' });
  });

  it('ends with one issue, one seal, one PDF and one mail when two runs of the same job overlap', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId, '192.0.2.40')).statusCode).toBe(200);
    const { id: statementId } = await t.database.db
      .selectFrom('statements')
      .select('id')
      .where('practice_id', '=', practiceId)
      .executeTakeFirstOrThrow();
    const filesBefore = storedFiles(t.database).length;
    const mailsBefore = await t.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('name', '=', 'send-mail')
      .executeTakeFirstOrThrow();

    // The worker and `demo:statement` (or two workers) both start it before either has finished.
    await Promise.all([
      publishStatement(
        createContext({ config: testConfig(t.database), db: t.database.db, clock }),
        statementId,
      ),
      publishStatement(
        createContext({ config: testConfig(t.database), db: t.database.db, clock }),
        statementId,
      ),
    ]);

    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('certificate_id', '=', statementId)
      .execute();
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['issue', 'seal']);
    expect(storedFiles(t.database).length).toBe(filesBefore + 1);
    expect((await statusOf(practiceId)).status).toBe('published');
    expect(
      (await auditOf(t.database, practiceId)).filter((entry) => entry.action === 'publish'),
    ).toHaveLength(1);
    const mailsAfter = await t.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('name', '=', 'send-mail')
      .executeTakeFirstOrThrow();
    expect(Number(mailsAfter.count) - Number(mailsBefore.count)).toBe(1);
    const pdf = await downloadStatement(t.app, owner, practiceId);
    expect(dataOf(await verifyUpload(t.app, statementId, pdf))).toMatchObject({ result: 'valid' });
  });

  it('keeps one unbroken chain when several publications run at once', async () => {
    const practiceIds: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const practiceId = await readyForIssue(t.database, owner);
      expect((await publishMove(t.app, admin, practiceId, `192.0.2.${50 + index}`)).statusCode).toBe(200);
      practiceIds.push(practiceId);
    }
    const pending = await t.database.db
      .selectFrom('statements')
      .select(['id', 'practice_id'])
      .where('practice_id', 'in', practiceIds)
      .execute();
    expect(pending).toHaveLength(practiceIds.length);
    const before = (await ledgerRows()).length;

    // Each job on its own context, as separate workers (or instances) would run them.
    await Promise.all(
      pending.map(({ id }) =>
        publishStatement(createContext({ config: testConfig(t.database), db: t.database.db, clock }), id),
      ),
    );

    const rows = await ledgerRows();
    expect(rows).toHaveLength(before + 2 * practiceIds.length);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    rows.slice(1).forEach((row, index) => expect(row.prev_hash).toBe(rows[index]?.hash));
    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    expect(await ctx.ledger.audit()).toMatchObject({ isIntact: true, length: rows.length });
    for (const { id, practice_id: practiceId } of pending) {
      expect((await statusOf(practiceId)).status).toBe('published');
      const pdf = await downloadStatement(t.app, owner, practiceId);
      expect(dataOf(await verifyUpload(t.app, id, pdf))).toMatchObject({ result: 'valid' });
    }
  });

  it('writes the statement in the applicant’s language', async () => {
    const italian = await t.applicant({ email: 'giulia@example.org', firstName: 'Maria' });
    await t.database.db.updateTable('users').set({ locale: 'it-IT' }).where('id', '=', italian.id).execute();
    const practiceId = await readyForIssue(t.database, italian);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    await t.worker.drainOnce();
    const statement = dataOf<Extract<Statement, { status: 'published' }>>(
      await statementOf(t.app, italian, practiceId),
    );
    expect(statement.certificate.locale).toBe('it-IT');
    const pdf = await downloadStatement(t.app, italian, practiceId);
    // The document's language is in its catalogue, in clear text.
    expect(pdf.toString('latin1')).toContain('/Lang (it-IT)');
  });

  it('shows the statement to its owner only', async () => {
    const practiceId = await readyForIssue(t.database, owner);
    const stranger = await t.applicant({ email: 'stranger@example.org', firstName: 'Maria' });
    expect((await statementOf(t.app, stranger, practiceId)).statusCode).toBe(404);
    expect((await statementOf(t.app, owner, practiceId)).statusCode).toBe(404);
  });
});
