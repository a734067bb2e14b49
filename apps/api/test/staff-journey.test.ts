import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { apiCall, dataOf, FILES, upload, type Applicant } from './requests';
import { auditOf, COMPLETE_ASSESSMENT, practiceIn, queuedMails, type StaffMember } from './staff';

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let giulia: Applicant;
let secretary: StaffMember;
let evaluator: StaffMember;
let reviewer: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  giulia = await t.applicant({ email: 'giulia@example.org', locale: 'it-IT', firstName: 'Giulia' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  evaluator = await t.staff('evaluator', { email: 'eva@example.org', firstName: 'Eva', lastName: 'Bianchi' });
  reviewer = await t.staff('reviewer', { email: 'rev@example.org' });
});

type Thread = { side: string; author_name: string | null; body: string; documents: { id: number }[] }[];

const move = (who: Applicant, id: number, payload: object) =>
  call('POST', `/staff/practices/${id}/transitions`, who, payload);

describe('a request from assignment to ready for issue', () => {
  it('goes through a question with an upload, a send-back and two reviews', async () => {
    const id = await practiceIn(t.database, { userId: giulia.id, status: 'unassigned' });
    const assigned = await call('POST', '/staff/practices/assign', secretary, {
      practice_ids: [id],
      evaluator_id: evaluator.id,
      reviewer_id: reviewer.id,
    });
    expect(assigned.json()).toMatchObject({
      meta: { notice: 'practiceAssigned', message: 'Request assigned' },
    });
    expect((await move(evaluator, id, { action: 'start' })).statusCode).toBe(200);

    // The evaluator asks for a document: the applicant sees the question and gets a mail in Italian.
    const asked = await move(evaluator, id, {
      action: 'ask_applicant',
      message: 'Please upload your transcript of records.',
      requested_documents: ['transcript_of_records'],
    });
    expect(asked.json()).toMatchObject({
      data: { status: 'pending_student_reply' },
      meta: { notice: 'messageSent' },
    });
    const detail = dataOf<{ status_label: string; pending_question: object }>(
      await call('GET', `/practices/${id}`, giulia),
    );
    expect(detail).toMatchObject({
      status_label: 'cimea request',
      pending_question: {
        message: 'Please upload your transcript of records.',
        requested_documents: ['transcript_of_records'],
      },
    });
    const notifications = dataOf<{ counts: Record<string, number> }>(
      await call('GET', `/users/${giulia.id}/notifications`, giulia),
    );
    expect(notifications.counts['cimea request']).toBe(1);
    // This request's question: the file's other test asks Giulia too, before this one or after it, shuffled.
    const question = (await queuedMails(t.database, 'giulia@example.org')).find(
      (mail) =>
        mail.kind === 'question-asked' && mail.text.includes('Please upload your transcript of records.'),
    );
    expect(question).toMatchObject({ kind: 'question-asked', locale: 'it-IT' });
    expect(question?.subject).toContain('Una domanda sulla tua richiesta');
    expect(question?.text).toContain('Please upload your transcript of records.');
    // The mail names the documents asked for, in its language.
    expect(question?.text).toContain('Documenti richiesti: Certificato degli esami (transcript of records).');

    // A reply without the document asked for is refused, naming it; the request still waits.
    const bare = await call('POST', `/practices/${id}/reply`, giulia, { message: 'Here it is.' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        'requested_documents.transcript_of_records': ['This document was asked for: attach it to your reply'],
      },
    });
    expect(dataOf<{ status: string }>(await call('GET', `/practices/${id}`, giulia)).status).toBe(
      'pending_student_reply',
    );

    // The applicant uploads while asked, then replies with the document: back in evaluation.
    const uploaded = await upload(
      t.app,
      giulia,
      { type: 'transcript_of_records', practice_id: id },
      { name: 'transcript.pdf', content: FILES.pdf },
    );
    expect(uploaded.statusCode).toBe(201);
    const documentId = dataOf<{ id: number }>(uploaded).id;
    const reply = await call('POST', `/practices/${id}/reply`, giulia, {
      message: 'Here it is.',
      document_ids: [documentId],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      data: { status: 'in_evaluation', pending_question: null },
      meta: { notice: 'messageSent', message: 'Message sent' },
    });

    // The thread, as each side sees it: staff names only for staff.
    const own = dataOf<Thread>(await call('GET', `/practices/${id}/messages`, giulia));
    expect(own.map((message) => [message.side, message.author_name, message.body])).toEqual([
      ['staff', null, 'Please upload your transcript of records.'],
      ['applicant', 'Giulia Lovelace', 'Here it is.'],
    ]);
    expect(own[1]?.documents.map((document) => document.id)).toEqual([documentId]);
    const workspace = dataOf<{ thread: Thread }>(await call('GET', `/staff/practices/${id}`, evaluator));
    expect(workspace.thread.map((message) => message.author_name)).toEqual([
      'Eva Bianchi',
      'Giulia Lovelace',
    ]);

    // Review: refused without an assessment, sent back with a note, then concluded.
    const incomplete = await move(evaluator, id, { action: 'send_in_review' });
    expect(incomplete.statusCode).toBe(422);
    expect(Object.keys(incomplete.json<{ errors: object }>().errors)).toContain('assessment.classification');
    const assessed = await call('PUT', `/staff/practices/${id}/assessment`, evaluator, COMPLETE_ASSESSMENT);
    expect(assessed.json()).toMatchObject({ meta: { message: 'Assessment updated' } });
    expect((await move(evaluator, id, { action: 'send_in_review' })).json()).toMatchObject({
      meta: { message: 'Sent in review' },
    });
    const noReason = await move(reviewer, id, { action: 'send_back' });
    expect(noReason.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { note: ['This field is required'] },
    });
    expect(
      (await move(reviewer, id, { action: 'send_back', note: 'Check the award year.' })).statusCode,
    ).toBe(200);
    expect((await move(evaluator, id, { action: 'send_in_review' })).statusCode).toBe(200);
    expect((await move(reviewer, id, { action: 'conclude_review' })).json()).toMatchObject({
      data: { status: 'reviewed' },
      meta: { message: 'Review concluded' },
    });
    const ready = await move(reviewer, id, { action: 'mark_ready_for_issue' });
    expect(ready.json()).toMatchObject({ data: { status: 'ready_for_issue' } });
    expect((await move(secretary, id, { action: 'publish' })).statusCode).toBe(403);

    const trail = await auditOf(t.database, id);
    expect(trail.map((entry) => entry.action)).toEqual([
      'assign',
      'start',
      'ask_applicant',
      'reply',
      'assessment',
      'send_in_review',
      'send_back',
      'send_in_review',
      'conclude_review',
      'mark_ready_for_issue',
    ]);
    expect(trail.find((entry) => entry.action === 'reply')?.by_user_id).toBe(giulia.id);
    expect(trail.find((entry) => entry.action === 'send_back')?.note).toBe('Check the award year.');
    // The applicant's timeline shows status moves only, not the assessment.
    const history = dataOf<{ history: { to_status: string }[] }>(
      await call('GET', `/practices/${id}`, giulia),
    ).history;
    expect(history.map((entry) => entry.to_status)).toEqual([
      'assigned',
      'in_evaluation',
      'pending_student_reply',
      'in_evaluation',
      'in_review',
      'in_evaluation',
      'in_review',
      'reviewed',
      'ready_for_issue',
    ]);
  });

  it('takes as the reply’s documents those uploaded on the documents page while asked, not those held before', async () => {
    // A transcript the request held from its draft does not answer a question asking for one.
    const id = await practiceIn(t.database, { userId: giulia.id, status: 'draft' });
    const before = await upload(
      t.app,
      giulia,
      { type: 'transcript_of_records', practice_id: id },
      { name: 'old-transcript.pdf', content: FILES.pdf },
    );
    expect(before.statusCode).toBe(201);
    const heldBefore = dataOf<{ id: number }>(before).id;
    await t.database.db.updateTable('practices').set({ status: 'unassigned' }).where('id', '=', id).execute();
    clock.advance({ seconds: 1 });
    await call('POST', '/staff/practices/assign', secretary, {
      practice_ids: [id],
      evaluator_id: evaluator.id,
      reviewer_id: reviewer.id,
    });
    expect((await move(evaluator, id, { action: 'start' })).statusCode).toBe(200);
    await move(evaluator, id, {
      action: 'ask_applicant',
      message: 'Please upload a new transcript of records.',
      requested_documents: ['transcript_of_records'],
    });
    const withOld = await call('POST', `/practices/${id}/reply`, giulia, {
      message: 'It is already there.',
      document_ids: [heldBefore],
    });
    expect(withOld.statusCode).toBe(422);
    const bare = await call('POST', `/practices/${id}/reply`, giulia, { message: 'Uploaded.' });
    expect(bare.statusCode).toBe(422);

    // Uploaded on the documents page, not attached: the reply without document ids goes through.
    const uploaded = await upload(
      t.app,
      giulia,
      { type: 'transcript_of_records', practice_id: id },
      { name: 'new-transcript.pdf', content: FILES.pdf },
    );
    expect(uploaded.statusCode).toBe(201);
    const reply = await call('POST', `/practices/${id}/reply`, giulia, { message: 'Uploaded.' });
    expect(reply.statusCode).toBe(200);
    expect(dataOf<{ status: string }>(reply).status).toBe('in_evaluation');
  });
});
