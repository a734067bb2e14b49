import type { StaffPractice } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { apiCall, dataOf, type Applicant } from './requests';
import { auditOf, practiceIn, queuedMails, type StaffMember } from './staff';

// Decision 071: re-assign several requests at once, and one message to the applicants of several
// requests (a closure announced), in each thread and each mailbox, all or none.

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let bea: Applicant;
let secretary: StaffMember;
let eva: StaffMember;
let ezio: StaffMember;
let rita: StaffMember;
const ids = {} as Record<'waiting' | 'evaluating' | 'unassigned' | 'draft', number>;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  bea = await t.applicant({ email: 'bea@example.org', locale: 'it-IT', firstName: 'Bea' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org' });
  ezio = await t.staff('evaluator', { email: 'ezio@example.org' });
  rita = await t.staff('reviewer', { email: 'rita@example.org' });
  const people = { assigneeId: eva.id, reviewerId: rita.id };
  ids.waiting = await practiceIn(t.database, { userId: ada.id, status: 'in_evaluation', ...people });
  ids.evaluating = await practiceIn(t.database, { userId: bea.id, status: 'in_evaluation', ...people });
  ids.unassigned = await practiceIn(t.database, { userId: bea.id, status: 'unassigned' });
  ids.draft = await practiceIn(t.database, { userId: ada.id, status: 'draft' });
  // Eva asks Ada something: the request waits for her reply.
  const asked = await call('POST', `/staff/practices/${ids.waiting}/transitions`, eva, {
    action: 'ask_applicant',
    message: 'Which year did you graduate?',
  });
  expect(asked.statusCode).toBe(200);
}, 60_000);

const workspaceOf = async (id: number) =>
  dataOf<StaffPractice>(await call('GET', `/staff/practices/${id}`, secretary));

describe('a message to several applicants', () => {
  const message = 'The office is closed from 16 December to 12 January; requests resume on 13 January.';

  it('goes to each thread and each applicant in their language, and asks nothing of a waiting request', async () => {
    const response = await call('POST', '/staff/practices/messages', secretary, {
      practice_ids: [ids.waiting, ids.evaluating, ids.waiting],
      message,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { practice_ids: [ids.waiting, ids.evaluating] },
      meta: { notice: 'messageSent' },
    });
    for (const id of [ids.waiting, ids.evaluating]) {
      const thread = (await workspaceOf(id)).thread;
      expect(thread.at(-1)).toMatchObject({ side: 'staff', body: message });
    }
    const waiting = await call('GET', `/practices/${ids.waiting}`, ada);
    expect(dataOf<{ pending_question: { message: string } }>(waiting).pending_question.message).toBe(
      'Which year did you graduate?',
    );
    const toAda = await queuedMails(t.database, 'ada@example.org');
    expect(toAda.filter((mail) => mail.kind === 'office-message')).toHaveLength(1);
    expect(toAda.find((mail) => mail.kind === 'office-message')?.text).toContain(message);
    const toBea = (await queuedMails(t.database, 'bea@example.org')).filter(
      (mail) => mail.kind === 'office-message',
    );
    expect(toBea.map((mail) => mail.locale)).toEqual(['it-IT']);
    expect(toBea[0]?.subject).toContain(`Un messaggio sulla tua richiesta n. ${ids.evaluating}`);
  });

  it('is sent to none when one request is not a submitted one', async () => {
    const before = (await workspaceOf(ids.unassigned)).thread.length;
    const response = await call('POST', '/staff/practices/messages', secretary, {
      practice_ids: [ids.unassigned, ids.draft],
      message,
    });
    expect(response.statusCode).toBe(404);
    expect((await workspaceOf(ids.unassigned)).thread).toHaveLength(before);
  });

  it('is for those who may write to many applicants', async () => {
    const response = await call('POST', '/staff/practices/messages', eva, {
      practice_ids: [ids.waiting],
      message,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('re-assigning several requests at once', () => {
  it('assigns the unassigned one and hands the one being evaluated to other people, each audited', async () => {
    const response = await call('POST', '/staff/practices/assign', secretary, {
      practice_ids: [ids.unassigned, ids.evaluating],
      evaluator_id: ezio.id,
      reviewer_id: rita.id,
    });
    expect(response.statusCode).toBe(200);
    for (const id of [ids.unassigned, ids.evaluating]) {
      expect((await workspaceOf(id)).assignee?.id).toBe(ezio.id);
    }
    expect((await auditOf(t.database, ids.unassigned)).at(-1)).toMatchObject({
      action: 'assign',
      to_status: 'assigned',
    });
    expect((await auditOf(t.database, ids.evaluating)).at(-1)).toMatchObject({
      action: 'reassign',
      to_status: 'in_evaluation',
    });
  });
});
