import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import { createTestWorker, useTestApp } from './helper';
import { bearer } from './identity';
import { type Applicant } from './requests';
import { auditOf, statusOf, type StaffMember } from './staff';
import { publishMove, readyForIssue } from './statements';

/**
 * Deleting an account while a statement of one of its requests is being published (decision
 * 052): the deletion waits for the publication, as every staff move does.
 */
const clock = new ManualClock('2026-04-02T08:00:00Z');
let worker: Worker;
let admin: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  worker = createTestWorker(t.database, { clock });
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
