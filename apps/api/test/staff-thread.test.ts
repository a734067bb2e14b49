import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { apiCall, completeDraft, dataOf, REFUGEE_DOCUMENTS, type Applicant } from './requests';
import { auditOf, practiceIn, queuedMails, statusOf, type StaffMember } from './staff';

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let giulia: Applicant;
let ada: Applicant;
let secretary: StaffMember;
let evaluator: StaffMember;
let reviewer: StaffMember;
let admin: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  giulia = await t.applicant({ email: 'giulia@example.org', locale: 'it-IT', firstName: 'Giulia' });
  ada = await t.applicant({ email: 'ada@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  evaluator = await t.staff('evaluator', { email: 'eva@example.org', firstName: 'Eva', lastName: 'Bianchi' });
  reviewer = await t.staff('reviewer', { email: 'rev@example.org' });
  admin = await t.staff('admin', { email: 'admin@example.org' });
});

const move = (who: Applicant, id: number, payload: object) =>
  call('POST', `/staff/practices/${id}/transitions`, who, payload);
describe('replies', () => {
  it('attach only documents of the same request, and only while the applicant is asked', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'pending_student_reply',
      assigneeId: evaluator.id,
    });
    const other = await completeDraft(t.app, ada, { documents: ['identity_document'] });
    const otherDocument = dataOf<{ documents: { id: number }[] }>(
      await call('GET', `/practices/${other}`, ada),
    ).documents[0]?.id;
    const foreign = await call('POST', `/practices/${id}/reply`, ada, {
      message: 'See attached',
      document_ids: [otherDocument],
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json<{ errors: object }>().errors)).toEqual(['document_ids']);
    expect(await statusOf(t.database, id)).toBe('pending_student_reply');
    expect((await call('POST', `/practices/${id}/reply`, giulia, { message: 'Not mine' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/practices/${id}/reply`, ada, { message: 'Done' })).statusCode).toBe(200);
    const again = await call('POST', `/practices/${id}/reply`, ada, { message: 'Once more' });
    expect(again.json()).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    // The applicant reads their request's status by the spec's label, as their pages show it.
    expect(again.json<{ message: string }>().message).toBe(
      'The action “Reply” is not possible while the request is in status “in evaluation”.',
    );
  });
});

describe('mails to the applicant', () => {
  it('tell of a closure with its reason, in the applicant’s language', async () => {
    const forGiulia = await practiceIn(t.database, { userId: giulia.id, status: 'in_evaluation' });
    const forAda = await practiceIn(t.database, { userId: ada.id, status: 'assigned' });
    const closed = await move(secretary, forGiulia, { action: 'close', reason: 'Richiesta duplicata' });
    expect(closed.json()).toMatchObject({
      data: { status: 'closed' },
      meta: { notice: 'closed', message: 'Closed' },
    });
    await move(secretary, forAda, { action: 'close', reason: 'Duplicate request' });
    const italian = (await queuedMails(t.database, 'giulia@example.org')).find(
      (mail) => mail.kind === 'closed',
    );
    expect(italian).toMatchObject({ locale: 'it-IT' });
    expect(italian?.text).toContain('Motivo: Richiesta duplicata');
    // This request's: the file's other tests close Ada's too, before this one or after it, shuffled.
    const english = (await queuedMails(t.database, 'ada@example.org')).find(
      (mail) => mail.kind === 'closed' && mail.subject.includes(`no. ${forAda} `),
    );
    expect(english?.subject).toContain(`Request no. ${forAda} closed`);
  });

  it('carry the reason of a closure, on the request page too, and never the internal note', async () => {
    const id = await practiceIn(t.database, { userId: ada.id, status: 'assigned' });
    const noReason = await move(secretary, id, { action: 'close', note: 'Internal only' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ errors: { reason: [expect.any(String)] } });
    const closed = await move(secretary, id, {
      action: 'close',
      reason: 'The same qualification is evaluated in request 12.',
      note: 'Applicant was rude on the phone.',
    });
    expect(closed.statusCode).toBe(200);
    const mail = (await queuedMails(t.database, 'ada@example.org')).find(
      (queued) => queued.kind === 'closed' && queued.subject.includes(`no. ${id} `),
    );
    expect(mail?.text).toContain('Reason: The same qualification is evaluated in request 12.');
    expect(JSON.stringify(mail)).not.toContain('rude');
    const page = await call('GET', `/practices/${id}`, ada);
    expect(dataOf<{ history: { to_status: string; reason?: string | null }[] }>(page).history).toContainEqual(
      expect.objectContaining({
        to_status: 'closed',
        reason: 'The same qualification is evaluated in request 12.',
      }),
    );
    expect(page.body).not.toContain('rude');
    const audit = await auditOf(t.database, id);
    expect(audit.at(-1)).toMatchObject({
      note: 'Applicant was rude on the phone.',
      details: JSON.stringify({ reason: 'The same qualification is evaluated in request 12.' }),
    });
  });

  it('name each document a question asks for once, however often the question gave it', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: evaluator.id,
    });
    const asked = await move(evaluator, id, {
      action: 'ask_applicant',
      message: 'Please upload your transcript of records and your diploma.',
      requested_documents: ['transcript_of_records', 'diploma', 'transcript_of_records'],
    });
    expect(asked.statusCode).toBe(200);
    const question = (await queuedMails(t.database, 'ada@example.org')).find(
      (mail) => mail.kind === 'question-asked' && mail.subject.includes(String(id)),
    );
    expect(question?.text).toContain(
      'Documents asked for: Diploma or provisional certificate; Transcript of records.',
    );
    const [message] = dataOf<{ requested_documents: string[] }[]>(
      await call('GET', `/practices/${id}/messages`, ada),
    );
    expect(message?.requested_documents).toEqual(['diploma', 'transcript_of_records']);
  });

  it('confirm a free request when it is submitted', async () => {
    const refugee = await t.applicant({ email: 'amina@example.org', category: 'refugee', locale: 'it-IT' });
    const id = await completeDraft(t.app, refugee, {
      documents: REFUGEE_DOCUMENTS,
    });
    expect((await call('POST', `/practices/${id}/submit`, refugee)).statusCode).toBe(200);
    expect(await queuedMails(t.database, 'amina@example.org')).toMatchObject([
      {
        kind: 'request-received',
        locale: 'it-IT',
        subject: expect.stringContaining(`Richiesta n. ${id} ricevuta`),
      },
    ]);
  });
});

describe('two staff members acting at once', () => {
  it('let exactly one win; the other gets 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await practiceIn(t.database, {
        userId: ada.id,
        status: 'in_evaluation',
        assigneeId: evaluator.id,
        reviewerId: reviewer.id,
        isAssessed: true,
      });
      const answers = await Promise.all([
        move(evaluator, id, { action: 'send_in_review' }),
        move(admin, id, { action: 'ask_applicant', message: 'Which year did you graduate?' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)?.json() as { code: string };
      expect(['PRACTICE_CHANGED', 'TRANSITION_NOT_ALLOWED']).toContain(loser.code);
      expect(await auditOf(t.database, id)).toHaveLength(1);
    }
  });

  it('refuse a move made on a status the user no longer sees', async () => {
    const id = await practiceIn(t.database, { userId: ada.id, status: 'assigned', assigneeId: evaluator.id });
    const stale = await move(evaluator, id, { action: 'start', expected_status: 'unassigned' });
    expect(stale.json()).toMatchObject({ code: 'PRACTICE_CHANGED' });
    expect(await statusOf(t.database, id)).toBe('assigned');
    const italian = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/practices/${id}/transitions`,
      headers: { ...bearer(evaluator.token), 'accept-language': 'it-IT' },
      payload: { action: 'conclude_review' },
    });
    // The move and the status by the names the staff pages give them, not their codes.
    expect(italian.json()).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      message:
        'L’azione “Concludi la revisione” non è possibile mentre la richiesta è nello stato “Assegnata”.',
    });
    const english = await move(evaluator, id, { action: 'conclude_review' });
    expect(english.json()).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'The action “Conclude review” is not possible while the request is in status “Assigned”.',
    });
  });
});
