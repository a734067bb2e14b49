import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { isPostgresRun, useTestApp } from './helper';
import { holdRow } from './locks';
import { apiCall, completeDraft, STANDARD_DOCUMENTS } from './requests';

const clock = new ManualClock('2026-03-10T09:00:00Z');
const t = useTestApp({ clock });

describe('replacing a draft that its payment submits meanwhile', () => {
  it('answers 409 PRACTICE_CHANGED, not DRAFT_EXISTS, and leaves the submitted request and its documents as they were', async () => {
    const call = apiCall(t.app);
    const who = await t.applicant({ email: 'replace-race@example.org' });
    const id = await completeDraft(t.app, who, { documents: STANDARD_DOCUMENTS });
    const replace = () =>
      call('POST', '/practices', who, { country: 'BR', level: 'higher', replace_draft: true });
    // What the payment's submission writes: the draft is a request in the office's hands.
    const submit = (db: typeof t.database.db) =>
      db.updateTable('practices').set({ status: 'unassigned' }).where('id', '=', id).execute();
    let replaced: Awaited<ReturnType<typeof replace>>;
    if (isPostgresRun) {
      // The payment holds the applicant's row, as a checkout and its submission do: the replacement
      // has read the draft and waits to hold it; the submission commits, then the replacement goes on.
      const paying = await holdRow(t, { userId: who.id }, submit);
      let isAnswered = false;
      const replacing = replace().then((response) => {
        isAnswered = true;
        return response;
      });
      await paying.waiters(1, () => isAnswered);
      expect(isAnswered).toBe(false);
      await paying.release();
      replaced = await replacing;
    } else {
      // SQLite has one writer: the submission is made to fall between the replacement's read of the
      // draft and its deletion, by a trigger on the deletion of the draft's documents.
      await sql
        .raw(
          `create trigger submitted_meanwhile before delete on documents when old.practice_id = ${id}
           begin update practices set status = 'unassigned' where id = ${id}; end`,
        )
        .execute(t.database.db);
      try {
        replaced = await replace();
      } finally {
        await sql`drop trigger submitted_meanwhile`.execute(t.database.db);
      }
      // The trigger's write rolled back with the replacement: the payment's submission, as it would.
      await submit(t.database.db);
    }
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json()).toMatchObject({
      code: 'PRACTICE_CHANGED',
      message: 'Someone else changed this request in the meantime. Reload it and try again.',
    });
    // Nothing of the replacement stayed: the request submitted, with its documents, and no new draft.
    const row = await t.database.db
      .selectFrom('practices')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('unassigned');
    const documents = await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('practice_id', '=', id)
      .execute();
    expect(documents).toHaveLength(STANDARD_DOCUMENTS.length);
    const draft = await call('GET', '/practices/draft', who);
    expect(draft.json()).toMatchObject({ data: null });
  });
});
