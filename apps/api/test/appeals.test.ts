import type { AppealOverview, DocumentsOverview, Statement } from '@lisbon/domain';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import type { MailMessage } from '../src/platform/mail/message';
import { useTestApp, createTestWorker } from './helper';
import { bearer } from './identity';
import { apiCall, dataOf, FILES, storedFiles, storedPathOf, upload, type Applicant } from './requests';
import { auditOf, queuedMails, statusOf, type StaffMember } from './staff';
import { publishOne, readyForIssue, sha256Of, statementOf, verifyUpload } from './statements';

/**
 * Appeals and amendments end to end (decision 026): the window, one appeal per request, every
 * appeal move with who may fire it, the statement of appeal and the amended statement that
 * supersedes the old one in verification.
 */

let worker: Worker;
// Sessions live a while only: the clock stays near here, and the window is moved by `published_at`.
const clock = new ManualClock('2026-04-02T08:00:00Z');
let admin: StaffMember;
let secretary: StaffMember;
let evaluator: StaffMember;
let reviewer: StaffMember;
let owner: Applicant;
let stranger: Applicant;
let call: ReturnType<typeof apiCall>;
const sent: MailMessage[] = [];

/** The kinds of every mail to the owner, sent by the worker or still queued. */
const mailKinds = async () => [
  ...sent.filter((mail) => mail.to === 'maria@example.org').map((mail) => mail.kind),
  ...(await queuedMails(t.database, 'maria@example.org')).map((mail) => mail.kind),
];

/** The subjects of every mail to the owner, without the portal's name before them. */
const mailSubjects = async () =>
  [
    ...sent.filter((mail) => mail.to === 'maria@example.org'),
    ...(await queuedMails(t.database, 'maria@example.org')),
  ].map((mail) => mail.subject.replace(/^.* – /, ''));

const t = useTestApp({ clock });
beforeAll(async () => {
  worker = createTestWorker(t.database, {
    clock,
    mailer: {
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
      close: () => undefined,
    },
  });
  call = apiCall(t.app);
  admin = await t.staff('admin', { email: 'admin@example.org' });
  secretary = await t.staff('secretary', { email: 'secretary@example.org' });
  evaluator = await t.staff('evaluator', { email: 'evaluator@example.org' });
  reviewer = await t.staff('reviewer', { email: 'reviewer@example.org' });
  owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
  stranger = await t.applicant({ email: 'other@example.org', firstName: 'Maria' });
}, 60_000);

let addresses = 0;
const move = (staff: StaffMember, practiceId: number, payload: Record<string, unknown>) => {
  addresses += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/practices/${practiceId}/transitions`,
    headers: bearer(staff.token),
    payload,
    remoteAddress: `198.51.100.${(addresses % 250) + 1}`,
  });
};

/** A published request of the owner, assigned to the evaluator and the reviewer, released now. */
async function published(): Promise<{ practiceId: number; statement: Statement; pdf: Buffer }> {
  const practiceId = await readyForIssue(t.database, owner, {
    assigneeId: evaluator.id,
    reviewerId: reviewer.id,
  });
  const { statement, pdf } = await publishOne(t.app, worker, { admin, owner, practiceId });
  return { practiceId, statement, pdf };
}

const appealOf = (practiceId: number, who: Applicant = owner) =>
  call('GET', `/practices/${practiceId}/appeal`, who);
const askAppeal = (practiceId: number, payload: object, who: Applicant = owner) =>
  call('POST', `/practices/${practiceId}/appeal`, who, payload);

// In order under --sequence.shuffle too: one request, its window shown, then closed a second after
// it ends, then its appeal asked at the window's last second.
describe('the appeal window', { shuffle: false }, () => {
  let practiceId: number;
  let publishedAt: string;

  beforeAll(async () => {
    ({ practiceId } = await published());
    // Released on 26 March 2026 at 10:00 in Rome (CET); the clocks go forward on 29 March.
    await t.database.db
      .updateTable('practices')
      .set({ published_at: '2026-03-26T09:00:00.000Z' })
      .where('id', '=', practiceId)
      .execute();
    publishedAt = '2026-03-26T09:00:00.000Z';
  }, 60_000);

  it('shows published_at on the request and the deadline seven days later on Rome’s clock', async () => {
    // The window's last second, whatever clock the file's other tests left.
    clock.set('2026-04-02T08:00:00Z');
    const practice = dataOf<{ published_at: string | null; is_appeal_window_open: boolean }>(
      await call('GET', `/practices/${practiceId}`, owner),
    );
    expect(practice.published_at).toBe(publishedAt);
    expect(practice.is_appeal_window_open).toBe(true);
    // Released on 26 March (CET); the clocks go forward on 29 March: the week is 6 d 23 h long.
    expect(dataOf<AppealOverview>(await appealOf(practiceId))).toMatchObject({
      status: 'published',
      published_at: '2026-03-26T09:00:00.000Z',
      deadline: '2026-04-02T08:00:00.000Z',
      can_request: true,
      appeal: null,
    });
  });

  it('refuses with 409 one second after the window, and the page data says it is too late', async () => {
    clock.set('2026-04-02T08:00:01Z');
    const answer = await askAppeal(practiceId, { type: 'appeal', motivation: 'The level is wrong.' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'APPEAL_WINDOW_CLOSED' });
    expect(dataOf<AppealOverview>(await appealOf(practiceId)).can_request).toBe(false);
    // The request's own answer says so too: its page offers no appeal (issue 33).
    expect(
      dataOf<{ is_appeal_window_open: boolean }>(await call('GET', `/practices/${practiceId}`, owner))
        .is_appeal_window_open,
    ).toBe(false);
    expect(await statusOf(t.database, practiceId)).toBe('published');
  });

  it('accepts at the last second of the window', async () => {
    clock.set('2026-04-02T08:00:00Z');
    const answer = await askAppeal(practiceId, { type: 'appeal', motivation: 'The level is wrong.' });
    expect(answer.statusCode).toBe(201);
    expect(await statusOf(t.database, practiceId)).toBe('appeal_requested');
  });
});

describe('documents in the appeal window', () => {
  it('takes new documents and changes to them, and keeps those the statement was evaluated on (409 DOCUMENT_EVALUATED)', async () => {
    clock.set('2026-04-02T08:00:00Z');
    const { practiceId } = await published();
    await t.database.db
      .updateTable('practices')
      .set({ published_at: '2026-04-01T08:00:00.000Z' })
      .where('id', '=', practiceId)
      .execute();
    const uploadTo = (fields: Record<string, string | number>, name: string) =>
      upload(t.app, owner, fields, { name, content: FILES.pdf, contentType: 'application/pdf' });
    // The diploma the evaluation read: filed before the statement was published.
    const evaluated = dataOf<{ id: number }>(await uploadTo({ type: 'diploma' }, 'diploma.pdf'));
    await t.database.db
      .updateTable('documents')
      .set({ practice_id: practiceId, created_at: '2026-03-20T10:00:00.000Z' })
      .where('id', '=', evaluated.id)
      .execute();
    const before = await storedPathOf(t.database, evaluated.id);

    const replace = (id: number) =>
      upload(
        t.app,
        owner,
        {},
        { name: 'other.png', content: FILES.png },
        { method: 'PUT', url: `/documents/${id}` },
      );
    const replaced = await replace(evaluated.id);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json()).toMatchObject({
      code: 'DOCUMENT_EVALUATED',
      message:
        'This document was evaluated for the published statement and can no longer be replaced or deleted. To support an appeal, add a new document.',
    });
    const deleted = await call('DELETE', `/documents/${evaluated.id}`, owner);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'DOCUMENT_EVALUATED' });
    expect(await storedPathOf(t.database, evaluated.id)).toBe(before);
    expect(storedFiles(t.database)).toContain(before);

    // A document added for the appeal, before it is asked for: replaced and deleted freely.
    const added = await uploadTo(
      { type: 'additional', additional_type: 'Appeal evidence', practice_id: practiceId },
      'letter.pdf',
    );
    expect(added.statusCode).toBe(201);
    const addedId = dataOf<{ id: number }>(added).id;
    expect((await replace(addedId)).statusCode).toBe(200);
    expect((await call('DELETE', `/documents/${addedId}`, owner)).statusCode).toBe(204);
  });

  it('lets a document added for an appeal never asked for be deleted after the window, not replaced (decision 026)', async () => {
    clock.set('2026-04-02T08:00:00Z');
    const { practiceId } = await published();
    await t.database.db
      .updateTable('practices')
      .set({ published_at: '2026-04-01T08:00:00.000Z' })
      .where('id', '=', practiceId)
      .execute();
    const uploadTo = (fields: Record<string, string | number>, name: string) =>
      upload(t.app, owner, fields, { name, content: FILES.pdf, contentType: 'application/pdf' });
    const evaluated = dataOf<{ id: number }>(await uploadTo({ type: 'diploma' }, 'diploma.pdf'));
    await t.database.db
      .updateTable('documents')
      .set({ practice_id: practiceId, created_at: '2026-03-20T10:00:00.000Z' })
      .where('id', '=', evaluated.id)
      .execute();
    const added = await uploadTo(
      { type: 'additional', additional_type: 'Appeal evidence', practice_id: practiceId },
      'letter.pdf',
    );
    expect(added.statusCode).toBe(201);
    const addedId = dataOf<{ id: number }>(added).id;
    const addedPath = await storedPathOf(t.database, addedId);

    // The window closes with no appeal asked for: as if released on 24 March, the letter added on
    // the 25th (the clock stays, so the session does too).
    await t.database.db
      .updateTable('practices')
      .set({ published_at: '2026-03-24T08:00:00.000Z' })
      .where('id', '=', practiceId)
      .execute();
    await t.database.db
      .updateTable('documents')
      .set({ created_at: '2026-03-25T10:00:00.000Z' })
      .where('id', '=', addedId)
      .execute();
    const late = await uploadTo(
      { type: 'additional', additional_type: 'Late', practice_id: practiceId },
      'late.pdf',
    );
    expect(late.statusCode).toBe(409);
    const replaced = await upload(
      t.app,
      owner,
      {},
      { name: 'other.png', content: FILES.png },
      { method: 'PUT', url: `/documents/${addedId}` },
    );
    expect(replaced.statusCode).toBe(409);
    expect((await call('DELETE', `/documents/${evaluated.id}`, owner)).statusCode).toBe(409);
    expect((await call('DELETE', `/documents/${addedId}`, owner)).statusCode).toBe(204);
    expect(storedFiles(t.database)).not.toContain(addedPath);
    expect(await statusOf(t.database, practiceId)).toBe('published');
  });
});

describe('documents during the appeal', () => {
  it('keeps those the statement was evaluated on when staff ask the applicant, and takes new ones (409 DOCUMENT_EVALUATED)', async () => {
    clock.set('2026-04-02T08:00:00Z');
    const { practiceId } = await published();
    await t.database.db
      .updateTable('practices')
      .set({ published_at: '2026-04-01T08:00:00.000Z' })
      .where('id', '=', practiceId)
      .execute();
    const uploadTo = (fields: Record<string, string | number>, name: string) =>
      upload(t.app, owner, fields, { name, content: FILES.pdf, contentType: 'application/pdf' });
    const replace = (id: number) =>
      upload(
        t.app,
        owner,
        {},
        { name: 'other.png', content: FILES.png },
        { method: 'PUT', url: `/documents/${id}` },
      );
    // The diploma the evaluation read: filed before the statement was published.
    const evaluated = dataOf<{ id: number }>(await uploadTo({ type: 'diploma' }, 'diploma.pdf'));
    await t.database.db
      .updateTable('documents')
      .set({ practice_id: practiceId, created_at: '2026-03-20T10:00:00.000Z' })
      .where('id', '=', evaluated.id)
      .execute();
    const before = await storedPathOf(t.database, evaluated.id);

    expect(
      (await askAppeal(practiceId, { type: 'appeal', motivation: 'The level is wrong.' })).statusCode,
    ).toBe(201);
    expect((await move(secretary, practiceId, { action: 'admit_appeal' })).statusCode).toBe(200);
    expect(
      (await move(evaluator, practiceId, { action: 'ask_applicant', message: 'Tell us more.' })).statusCode,
    ).toBe(200);
    expect(await statusOf(t.database, practiceId)).toBe('appeal_pending_student_reply');
    const auditBefore = (await auditOf(t.database, practiceId)).length;
    // The overview gives the page the release, so it offers no replace or delete for the diploma.
    const overview = dataOf<DocumentsOverview>(
      await call('GET', `/documents?practice_id=${practiceId}`, owner),
    );
    expect(overview.practices[0]).toMatchObject({
      is_editable: true,
      appeal_type: 'appeal',
      published_at: '2026-04-01T08:00:00.000Z',
      statement_withdrawn_at: null,
    });

    const deleted = await call('DELETE', `/documents/${evaluated.id}`, owner);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({
      code: 'DOCUMENT_EVALUATED',
      message:
        'This document was evaluated for the published statement and can no longer be replaced or deleted. To support an appeal, add a new document.',
    });
    const replaced = await replace(evaluated.id);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json()).toMatchObject({ code: 'DOCUMENT_EVALUATED' });
    expect(await storedPathOf(t.database, evaluated.id)).toBe(before);
    expect(storedFiles(t.database)).toContain(before);
    expect(await auditOf(t.database, practiceId)).toHaveLength(auditBefore);

    // A document added for the reply: taken, replaced and deleted; another one goes with the reply.
    const added = await uploadTo(
      { type: 'additional', additional_type: 'Transcript', practice_id: practiceId },
      'transcript.pdf',
    );
    expect(added.statusCode).toBe(201);
    const addedId = dataOf<{ id: number }>(added).id;
    expect((await replace(addedId)).statusCode).toBe(200);
    expect((await call('DELETE', `/documents/${addedId}`, owner)).statusCode).toBe(204);
    const kept = dataOf<{ id: number }>(
      await uploadTo(
        { type: 'additional', additional_type: 'Transcript', practice_id: practiceId },
        'grades.pdf',
      ),
    );
    const replied = await call('POST', `/practices/${practiceId}/reply`, owner, {
      message: 'The transcript.',
      document_ids: [kept.id],
    });
    expect(replied.statusCode).toBe(200);
    expect(await statusOf(t.database, practiceId)).toBe('appeal_in_evaluation');
  });
});

// In order under --sequence.shuffle too: the appeal asked on the request, then a second one refused.
describe('asking for an appeal', { shuffle: false }, () => {
  let practiceId: number;

  beforeAll(async () => {
    ({ practiceId } = await published());
  }, 60_000);

  it('validates the type and motivation (422) and hides other applicants’ requests (404)', async () => {
    const invalid = await askAppeal(practiceId, { type: 'revision', motivation: '' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json<{ errors: object }>().errors).sort()).toEqual(['motivation', 'type']);
    expect((await askAppeal(practiceId, { type: 'appeal', motivation: 'x' }, stranger)).statusCode).toBe(404);
    expect((await appealOf(practiceId, stranger)).statusCode).toBe(404);
  });

  it('creates the appeal with its documents, the thread message, the audit entry and the mail', async () => {
    const document = dataOf<{ id: number }>(
      await upload(
        t.app,
        owner,
        { type: 'additional', additional_type: 'Appeal evidence', practice_id: practiceId },
        { name: 'letter.pdf', content: FILES.pdf, contentType: 'application/pdf' },
      ),
    );
    const answer = await askAppeal(practiceId, {
      type: 'appeal',
      motivation: 'The awarding institution is recognised: see the attached letter.',
      document_ids: [document.id],
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      data: {
        status: 'appeal_requested',
        can_request: false,
        appeal: { type: 'appeal', document_ids: [document.id], is_open: true, statement: null },
      },
      meta: { notice: 'appealCreated', message: 'Appeal created' },
    });
    const thread = dataOf<{ body: string; documents: { id: number }[] }[]>(
      await call('GET', `/practices/${practiceId}/messages`, owner),
    );
    expect(thread.at(-1)).toMatchObject({
      body: 'The awarding institution is recognised: see the attached letter.',
      documents: [{ id: document.id }],
    });
    expect((await auditOf(t.database, practiceId)).at(-1)).toMatchObject({
      from_status: 'published',
      to_status: 'appeal_requested',
      action: 'request_appeal',
      by_user_id: owner.id,
    });
    expect(await mailKinds()).toContain('appeal-received');
  });

  it('allows one appeal per request (409), and staff cannot ask for one', async () => {
    const again = await askAppeal(practiceId, { type: 'amendment', motivation: 'Another one' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'APPEAL_ALREADY_OPEN' });
    expect((await move(admin, practiceId, { action: 'request_appeal', message: 'x' })).json()).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
    });
  });

  it('refuses an appeal before publication (409)', async () => {
    const draftish = await readyForIssue(t.database, owner);
    const answer = await askAppeal(draftish, { type: 'appeal', motivation: 'Too early' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      message:
        'The action “Request an appeal” is not possible while the request is in status “in evaluation”.',
    });
  });

  it('refuses documents of another request (422) and leaves nothing behind', async () => {
    const other = await published();
    const foreign = await readyForIssue(t.database, owner);
    const document = dataOf<{ id: number }>(
      await upload(
        t.app,
        owner,
        { type: 'additional', additional_type: 'Letter', practice_id: other.practiceId },
        { name: 'letter.pdf', content: FILES.pdf, contentType: 'application/pdf' },
      ),
    );
    const answer = await askAppeal(foreign, { type: 'appeal', motivation: 'x' });
    expect(answer.statusCode).toBe(409);
    const wrong = await askAppeal(other.practiceId, {
      type: 'appeal',
      motivation: 'x',
      document_ids: [document.id + 1000],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { document_ids: expect.any(Array) } });
    expect(await statusOf(t.database, other.practiceId)).toBe('published');
    // Only the applicant asks for an appeal: staff may not (403).
    expect((await move(admin, other.practiceId, { action: 'request_appeal', message: 'x' })).statusCode).toBe(
      403,
    );
    expect(dataOf<AppealOverview>(await appealOf(other.practiceId)).appeal).toBeNull();
  }, 60_000);
});

describe('the staff’s appeal moves', () => {
  it('admit, ask, reply, send in review, conclude and issue a statement of appeal, attached and verifiable', async () => {
    const { practiceId, statement: original, pdf: originalPdf } = await published();
    expect(
      (await askAppeal(practiceId, { type: 'appeal', motivation: 'Please reconsider.' })).statusCode,
    ).toBe(201);

    // Admit: the secretary's move (an evaluator may not), with 'Appeal confirmed'.
    expect((await move(evaluator, practiceId, { action: 'admit_appeal' })).statusCode).toBe(403);
    const admitted = await move(secretary, practiceId, {
      action: 'admit_appeal',
      expected_status: 'appeal_requested',
    });
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json()).toMatchObject({
      meta: { notice: 'appealConfirmed', message: 'Appeal confirmed' },
    });
    expect(await statusOf(t.database, practiceId)).toBe('appeal_in_evaluation');
    // A stale status loses (optimistic concurrency).
    const stale = await move(secretary, practiceId, {
      action: 'admit_appeal',
      expected_status: 'appeal_requested',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRACTICE_CHANGED' });

    // Ask the applicant: 'cimea request', the thread, a mail; the applicant replies.
    expect(
      (await move(reviewer, practiceId, { action: 'ask_applicant', message: 'Which year?' })).statusCode,
    ).toBe(403);
    expect(
      (await move(evaluator, practiceId, { action: 'ask_applicant', message: 'Which year?' })).statusCode,
    ).toBe(200);
    const asked = dataOf<{ status: string; status_label: string }>(
      await call('GET', `/practices/${practiceId}`, owner),
    );
    expect(asked).toMatchObject({ status: 'appeal_pending_student_reply', status_label: 'cimea request' });
    const replied = await call('POST', `/practices/${practiceId}/reply`, owner, { message: '2019.' });
    expect(replied.statusCode).toBe(200);
    expect(await statusOf(t.database, practiceId)).toBe('appeal_in_evaluation');

    // Publishing is not a move of an appeal in evaluation.
    expect((await move(admin, practiceId, { action: 'issue_appeal' })).json()).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
    });
    expect((await move(evaluator, practiceId, { action: 'send_in_review' })).statusCode).toBe(200);
    expect((await move(evaluator, practiceId, { action: 'conclude_review' })).statusCode).toBe(403);
    expect((await move(reviewer, practiceId, { action: 'conclude_review' })).statusCode).toBe(200);
    expect(await statusOf(t.database, practiceId)).toBe('appeal_reviewed');

    // Issue: only with staff.publish; the request waits for the job.
    expect((await move(reviewer, practiceId, { action: 'issue_appeal' })).statusCode).toBe(403);
    const issued = await move(admin, practiceId, { action: 'issue_appeal' });
    expect(issued.statusCode).toBe(200);
    expect(await statusOf(t.database, practiceId)).toBe('appeal_reviewed');
    const overtaking = await move(admin, practiceId, { action: 'reject_appeal', reason: 'No' });
    expect(overtaking.json()).toMatchObject({ code: 'PUBLICATION_PENDING' });
    await worker.drainOnce();
    expect(await statusOf(t.database, practiceId)).toBe('appeal_issued');
    expect((await auditOf(t.database, practiceId)).at(-1)).toMatchObject({
      from_status: 'appeal_reviewed',
      to_status: 'appeal_issued',
      action: 'issue_appeal',
      by_user_id: admin.id,
    });
    expect(await mailKinds()).toEqual(
      expect.arrayContaining(['appeal-confirmed', 'question-asked', 'appeal-issued']),
    );
    expect(await mailSubjects()).toContain(`Appeal of request no. ${practiceId} confirmed`);

    // The statement of appeal: downloadable by the owner only, attached to the original, verifiable.
    const overview = dataOf<AppealOverview>(await appealOf(practiceId));
    expect(overview.appeal?.statement).toMatchObject({ kind: 'appeal', status: 'published' });
    const certificateId = overview.appeal?.statement?.certificate_id ?? '';
    expect(certificateId).not.toBe(original.status === 'published' ? original.certificate_id : '');
    const url = `/practices/${practiceId}/appeal/statement/pdf`;
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    const download = await call('GET', url, owner);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('statement-of-appeal');
    const appealPdf = download.rawPayload;
    expect(appealPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(appealPdf.toString('latin1')).toContain('/ByteRange');
    // One page: no line of it spills onto a second one.
    expect((await PDFDocument.load(appealPdf)).getPageCount()).toBe(1);
    expect(dataOf<{ result: string }>(await verifyUpload(t.app, certificateId, appealPdf)).result).toBe(
      'valid',
    );
    const seal = await t.database.db
      .selectFrom('ledger_entries')
      .select(['kind', 'payload_hash'])
      .where('certificate_id', '=', certificateId)
      .orderBy('seq')
      .execute();
    expect(seal.map((entry) => entry.kind)).toEqual(['issue', 'seal']);
    expect(seal[1]?.payload_hash).toBe(sha256Of(appealPdf));
    // The original stays valid: a statement of appeal is attached to it, it does not replace it.
    if (original.status !== 'published') throw new Error('original not published');
    expect(
      dataOf<{ result: string }>(await verifyUpload(t.app, original.certificate_id, originalPdf)).result,
    ).toBe('valid');
  }, 120_000);

  it('refuses an appeal (reason required, a mail), and rejects one after review', async () => {
    const refused = await published();
    await askAppeal(refused.practiceId, { type: 'appeal', motivation: 'Please.' });
    const noNote = await move(secretary, refused.practiceId, { action: 'refuse_appeal' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json()).toMatchObject({ errors: { reason: [expect.any(String)] } });
    const refusal = await move(secretary, refused.practiceId, {
      action: 'refuse_appeal',
      reason: 'Out of scope.',
    });
    expect(refusal.json()).toMatchObject({ meta: { notice: 'appealRefused', message: 'Appeal refused' } });
    expect(await statusOf(t.database, refused.practiceId)).toBe('appeal_refused');
    expect((await move(secretary, refused.practiceId, { action: 'admit_appeal' })).json()).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
    });
    const refusedView = dataOf<AppealOverview>(await appealOf(refused.practiceId));
    expect(refusedView).toMatchObject({ can_request: false, appeal: { is_open: false } });
    // Within the window, a second one is refused for what it is: one per request, not one open.
    const again = await askAppeal(refused.practiceId, {
      type: 'amendment',
      motivation: 'Then an amendment.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'APPEAL_ALREADY_OPEN',
      message: 'This request already has an appeal or amendment: only one can be asked for.',
    });

    const rejected = await published();
    await askAppeal(rejected.practiceId, { type: 'amendment', motivation: 'The name is misspelt.' });
    await move(secretary, rejected.practiceId, { action: 'admit_appeal' });
    await move(evaluator, rejected.practiceId, { action: 'send_in_review' });
    await move(reviewer, rejected.practiceId, { action: 'conclude_review' });
    expect(
      (await move(secretary, rejected.practiceId, { action: 'reject_appeal', reason: 'x' })).statusCode,
    ).toBe(403);
    const rejection = await move(admin, rejected.practiceId, {
      action: 'reject_appeal',
      reason: 'The name is right.',
      note: 'Checked with the registrar by phone.',
    });
    // An amendment, rejected as one (decision 026): never "Appeal rejected".
    expect(rejection.json()).toMatchObject({
      meta: { notice: 'amendmentRejected', message: 'Amendment rejected' },
    });
    expect(await statusOf(t.database, rejected.practiceId)).toBe('appeal_rejected');
    const refusedAmendment = await published();
    await askAppeal(refusedAmendment.practiceId, { type: 'amendment', motivation: 'The date is wrong.' });
    const amendmentRefusal = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/practices/${refusedAmendment.practiceId}/transitions`,
      headers: { ...bearer(secretary.token), 'accept-language': 'it-IT' },
      payload: { action: 'refuse_appeal', reason: 'Out of scope.' },
    });
    expect(amendmentRefusal.json()).toMatchObject({
      meta: { notice: 'amendmentRefused', message: 'Rettifica respinta' },
    });
    expect(await statusOf(t.database, refusedAmendment.practiceId)).toBe('appeal_refused');
    const kinds = await mailKinds();
    expect(kinds).toEqual(expect.arrayContaining(['appeal-refused', 'appeal-rejected']));
    const rejectionMail = [...sent, ...(await queuedMails(t.database, 'maria@example.org'))].find(
      (mail) => mail.kind === 'appeal-rejected',
    );
    expect(rejectionMail?.text).toContain('The name is right.');
    expect(JSON.stringify(rejectionMail)).not.toContain('registrar');
  }, 120_000);

  it('issues an amendment only as an amended statement, and an appeal only as a statement of appeal (409 otherwise)', async () => {
    const reviewedAs = async (type: 'appeal' | 'amendment') => {
      const { practiceId } = await published();
      expect((await askAppeal(practiceId, { type, motivation: 'Please look again.' })).statusCode).toBe(201);
      // The evaluation of the appeal done, as its moves would leave it.
      await t.database.db
        .updateTable('practices')
        .set({ status: 'appeal_reviewed' })
        .where('id', '=', practiceId)
        .execute();
      return practiceId;
    };
    const offered = async (practiceId: number) =>
      dataOf<{ available_actions: { action: string }[] }>(
        await call('GET', `/staff/practices/${practiceId}`, admin),
      ).available_actions.map((available) => available.action);

    const amendment = await reviewedAs('amendment');
    expect(await offered(amendment)).toEqual(['issue_amendment', 'reject_appeal']);
    const asAppeal = await move(admin, amendment, { action: 'issue_appeal' });
    expect(asAppeal.statusCode).toBe(409);
    // The refusal names the status by the amendment's words, not the appeal's.
    expect(asAppeal.json()).toEqual({
      code: 'TRANSITION_NOT_ALLOWED',
      message:
        'The action “Issue the appeal statement” is not possible while the request is in status “Amendment reviewed”.',
    });
    expect(await statusOf(t.database, amendment)).toBe('appeal_reviewed');
    expect((await move(admin, amendment, { action: 'issue_amendment' })).statusCode).toBe(200);

    const appeal = await reviewedAs('appeal');
    expect(await offered(appeal)).toEqual(['issue_appeal', 'reject_appeal']);
    const asAmendment = await move(admin, appeal, { action: 'issue_amendment' });
    expect(asAmendment.statusCode).toBe(409);
    expect(asAmendment.json()).toEqual({
      code: 'TRANSITION_NOT_ALLOWED',
      message:
        'The action “Issue the amended statement” is not possible while the request is in status “Appeal reviewed”.',
    });
    expect((await move(admin, appeal, { action: 'issue_appeal' })).statusCode).toBe(200);

    await worker.drainOnce();
    expect(await statusOf(t.database, amendment)).toBe('amend_issued');
    expect(await statusOf(t.database, appeal)).toBe('appeal_issued');
  }, 120_000);
});

describe('publishing an appeal or an amendment in the wrong status', () => {
  it('is refused (409) before the review is concluded and once issued, naming the status by the request’s words in the reader’s language', async () => {
    const issue = (practiceId: number, action: string, language: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/practices/${practiceId}/transitions`,
        headers: { ...bearer(admin.token), 'accept-language': language },
        payload: { action },
      });
    const appealIn = async (
      type: 'appeal' | 'amendment',
      status: 'appeal_in_evaluation' | 'appeal_in_review',
    ) => {
      const { practiceId } = await published();
      expect((await askAppeal(practiceId, { type, motivation: 'Please look again.' })).statusCode).toBe(201);
      await t.database.db.updateTable('practices').set({ status }).where('id', '=', practiceId).execute();
      return practiceId;
    };
    const refusal = async (practiceId: number, action: string, language = 'en-US') => {
      const answer = await issue(practiceId, action, language);
      expect(answer.statusCode).toBe(409);
      return answer.json<{ code: string; message: string }>();
    };

    const amendment = await appealIn('amendment', 'appeal_in_evaluation');
    expect(await refusal(amendment, 'issue_amendment')).toEqual({
      code: 'TRANSITION_NOT_ALLOWED',
      message:
        'The action “Issue the amended statement” is not possible while the request is in status “Amendment in evaluation”.',
    });
    expect(await refusal(amendment, 'issue_amendment', 'it-IT')).toEqual({
      code: 'TRANSITION_NOT_ALLOWED',
      message:
        'L’azione “Rilascia l’attestato rettificato” non è possibile mentre la richiesta è nello stato “Rettifica in valutazione”.',
    });
    const appeal = await appealIn('appeal', 'appeal_in_review');
    expect((await refusal(appeal, 'issue_appeal')).message).toBe(
      'The action “Issue the appeal statement” is not possible while the request is in status “Appeal in review”.',
    );
    expect((await refusal(appeal, 'issue_appeal', 'it-IT')).message).toBe(
      'L’azione “Rilascia l’attestato del ricorso” non è possibile mentre la richiesta è nello stato “Ricorso in revisione”.',
    );
    // Nothing was queued: neither request has a statement on its way, and both stay where they were.
    expect(await statusOf(t.database, amendment)).toBe('appeal_in_evaluation');
    expect(await statusOf(t.database, appeal)).toBe('appeal_in_review');
    const pending = await t.database.db
      .selectFrom('statements')
      .select('id')
      .where('practice_id', 'in', [amendment, appeal])
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);

    // Issued: a second publication is refused by the issued status's name.
    await t.database.db
      .updateTable('practices')
      .set({ status: 'appeal_reviewed' })
      .where('id', 'in', [amendment, appeal])
      .execute();
    expect((await issue(amendment, 'issue_amendment', 'en-US')).statusCode).toBe(200);
    expect((await issue(appeal, 'issue_appeal', 'en-US')).statusCode).toBe(200);
    await worker.drainOnce();
    expect((await refusal(amendment, 'issue_amendment')).message).toBe(
      'The action “Issue the amended statement” is not possible while the request is in status “Amendment issued”.',
    );
    expect((await refusal(appeal, 'issue_appeal', 'it-IT')).message).toBe(
      'L’azione “Rilascia l’attestato del ricorso” non è possibile mentre la richiesta è nello stato “Ricorso accolto”.',
    );
  }, 120_000);
});

describe('publishing an appeal or an amendment with no statement in force', () => {
  it('is not offered, and is refused (409 NO_STATEMENT_IN_FORCE) saying so in the reader’s language, not naming the status, which allows it', async () => {
    const reviewedWithoutStatement = async (type: 'appeal' | 'amendment') => {
      const { practiceId } = await published();
      expect((await askAppeal(practiceId, { type, motivation: 'Please look again.' })).statusCode).toBe(201);
      await t.database.db
        .updateTable('practices')
        .set({ status: 'appeal_reviewed' })
        .where('id', '=', practiceId)
        .execute();
      // Its statement no longer in force, and none published after it.
      await t.database.db
        .updateTable('statements')
        .set({ status: 'superseded' })
        .where('practice_id', '=', practiceId)
        .execute();
      return practiceId;
    };
    const issue = (practiceId: number, action: string, language: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/practices/${practiceId}/transitions`,
        headers: { ...bearer(admin.token), 'accept-language': language },
        payload: { action },
      });

    const appeal = await reviewedWithoutStatement('appeal');
    const amendment = await reviewedWithoutStatement('amendment');
    // The workspace does not offer what would be refused: only the rejection is left.
    for (const practiceId of [appeal, amendment]) {
      const offered = dataOf<{ available_actions: { action: string }[] }>(
        await call('GET', `/staff/practices/${practiceId}`, admin),
      ).available_actions.map((available) => available.action);
      expect(offered).toEqual(['reject_appeal']);
    }
    for (const [practiceId, action, language, message] of [
      [
        appeal,
        'issue_appeal',
        'en-US',
        'This request has no statement in force: a statement of appeal or an amended statement can be issued only on a published statement.',
      ],
      [
        appeal,
        'issue_appeal',
        'it-IT',
        'Questa richiesta non ha un attestato in vigore: un attestato del ricorso o un attestato rettificato si possono rilasciare solo su un attestato pubblicato.',
      ],
      [
        amendment,
        'issue_amendment',
        'en-US',
        'This request has no statement in force: a statement of appeal or an amended statement can be issued only on a published statement.',
      ],
    ] as const) {
      const answer = await issue(practiceId, action, language);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ code: 'NO_STATEMENT_IN_FORCE', message });
    }
    // Nothing was queued, and both stay where they were.
    expect(await statusOf(t.database, appeal)).toBe('appeal_reviewed');
    expect(await statusOf(t.database, amendment)).toBe('appeal_reviewed');
    const pending = await t.database.db
      .selectFrom('statements')
      .select('id')
      .where('practice_id', 'in', [appeal, amendment])
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  }, 120_000);
});

describe('an amendment', () => {
  it('issues a new version of the statement that supersedes the old one in verification', async () => {
    const { practiceId, statement: old, pdf: oldPdf } = await published();
    if (old.status !== 'published') throw new Error('not published');
    // Acknowledged as an amendment, never as an appeal: "Amendment created", then "Amendment confirmed".
    const asked = await askAppeal(practiceId, { type: 'amendment', motivation: 'The major is Zoology.' });
    expect(asked.json()).toMatchObject({
      meta: { notice: 'amendmentCreated', message: 'Amendment created' },
    });
    const admitted = await move(secretary, practiceId, { action: 'admit_appeal' });
    expect(admitted.json()).toMatchObject({
      meta: { notice: 'amendmentConfirmed', message: 'Amendment confirmed' },
    });
    // The request's views carry its type, so that its statuses are named for it (decision 026).
    const own = await call('GET', `/practices/${practiceId}`, owner);
    expect(own.json()).toMatchObject({ data: { status: 'appeal_in_evaluation', appeal_type: 'amendment' } });
    const listed = await call('GET', '/practices', owner);
    expect(
      listed
        .json<{ data: { id: number; appeal_type: string | null }[] }>()
        .data.find((p) => p.id === practiceId),
    ).toMatchObject({ appeal_type: 'amendment' });
    const documents = dataOf<DocumentsOverview>(await call('GET', '/documents', owner));
    expect(documents.practices.find((p) => p.practice_id === practiceId)).toMatchObject({
      appeal_type: 'amendment',
    });
    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/practices/${practiceId}`,
      headers: bearer(admin.token),
    });
    expect(staffView.json()).toMatchObject({ data: { appeal_type: 'amendment' } });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/staff/practices?queue=all&status=appeal_in_evaluation&perPage=100',
      headers: bearer(admin.token),
    });
    expect(
      queue
        .json<{ data: { id: number; appeal_type: string | null }[] }>()
        .data.find((p) => p.id === practiceId),
    ).toMatchObject({ appeal_type: 'amendment' });
    // Its mails name it an amendment, never an appeal (decision 026).
    expect(await mailSubjects()).toEqual(
      expect.arrayContaining([
        `Amendment of request no. ${practiceId} received`,
        `Amendment of request no. ${practiceId} confirmed`,
      ]),
    );
    const assessment = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/practices/${practiceId}`,
      headers: bearer(evaluator.token),
    });
    expect(assessment.statusCode).toBe(200);
    await t.database.db
      .updateTable('practice_evaluations')
      .set({
        assessment: JSON.stringify({
          ...JSON.parse(
            (
              await t.database.db
                .selectFrom('practice_evaluations')
                .select('assessment')
                .where('practice_id', '=', practiceId)
                .executeTakeFirstOrThrow()
            ).assessment ?? '{}',
          ),
          major: 'Zoology',
        }),
      })
      .where('practice_id', '=', practiceId)
      .execute();
    await move(evaluator, practiceId, { action: 'send_in_review' });
    await move(reviewer, practiceId, { action: 'conclude_review' });
    expect((await move(admin, practiceId, { action: 'issue_amendment' })).statusCode).toBe(200);
    // While the new version is on its way the statement says pending (try again later).
    expect((await statementOf(t.app, owner, practiceId)).statusCode).toBe(202);
    await worker.drainOnce();
    expect(await statusOf(t.database, practiceId)).toBe('amend_issued');

    const current = dataOf<Statement>(await statementOf(t.app, owner, practiceId));
    if (current.status !== 'published') throw new Error('amended statement not published');
    expect(current.certificate_id).not.toBe(old.certificate_id);
    expect(current.certificate.major).toBe('Zoology');
    const newPdf = (await call('GET', `/practices/${practiceId}/statement/pdf`, owner)).rawPayload;
    const viaAppeal = await call('GET', `/practices/${practiceId}/appeal/statement/pdf`, owner);
    expect(viaAppeal.rawPayload.equals(newPdf)).toBe(true);
    expect(viaAppeal.headers['content-disposition']).toContain('amended-statement');

    const oldVerdict = dataOf<{ result: string; reason: string; message: string }>(
      await verifyUpload(t.app, old.certificate_id, oldPdf),
    );
    expect(oldVerdict).toMatchObject({ result: 'not_valid', reason: 'superseded' });
    expect(oldVerdict.message).toContain('superseded by an amendment');
    expect(dataOf<{ result: string }>(await verifyUpload(t.app, current.certificate_id, newPdf)).result).toBe(
      'valid',
    );
    const status = dataOf<{ state: string }>(
      await t.app.inject({ method: 'GET', url: `/api/v1/verify/${old.certificate_id}` }),
    );
    expect(status.state).toBe('superseded');

    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select(['kind', 'certificate_id', 'payload_hash', 'ref_hash'])
      .where('certificate_id', 'in', [old.certificate_id, current.certificate_id])
      .orderBy('seq')
      .execute();
    expect(
      entries.map((entry) => `${entry.certificate_id === old.certificate_id ? 'old' : 'new'}:${entry.kind}`),
    ).toEqual(['old:issue', 'old:seal', 'new:issue', 'new:seal', 'old:supersede']);
    expect(entries.at(-1)).toMatchObject({
      payload_hash: sha256Of(newPdf),
      ref_hash: current.transaction_hash,
    });
    expect(await mailKinds()).toContain('amend-issued');
  }, 120_000);
});

describe('the deadline of an appeal or amendment', () => {
  it('is its own, counted from the day it is asked for by the request’s rule, not the request’s first deadline', async () => {
    // Thursday 2 April 2026: the request's deadline (15 January) is long gone.
    clock.set('2026-04-02T08:00:00Z');
    const staffRead = async (practiceId: number) =>
      dataOf<{ expected_deadline: string; days_to_go: number }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/staff/practices/${practiceId}`,
          headers: bearer(secretary.token),
        }),
      );
    const ownerRead = async (practiceId: number) =>
      dataOf<{ expected_deadline: string; days_to_go: number | null }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/practices/${practiceId}`,
          headers: bearer(owner.token),
        }),
      );
    for (const [type, isUrgent, days] of [
      ['appeal', 0, 60],
      ['amendment', 1, 30],
    ] as const) {
      const { practiceId } = await published();
      await t.database.db
        .updateTable('practices')
        .set({
          published_at: '2026-04-01T08:00:00.000Z',
          expected_deadline: '2026-01-15',
          is_urgent: isUrgent,
        })
        .where('id', '=', practiceId)
        .execute();
      // Published: the evaluation's deadline was met, nothing counts down, for staff and applicant alike.
      expect((await staffRead(practiceId)).days_to_go).toBeNull();
      expect((await ownerRead(practiceId)).days_to_go).toBeNull();
      const answer = await askAppeal(practiceId, { type, motivation: 'The level is wrong.' });
      expect(answer.statusCode).toBe(201);
      const practice = await staffRead(practiceId);
      expect(practice.expected_deadline > '2026-04-02').toBe(true);
      // Counted from the day it was asked for: all its working days still ahead, not late.
      expect(practice.days_to_go).toBe(days);
      // The applicant reads the same deadline and days, in the request and in the list.
      expect(await ownerRead(practiceId)).toMatchObject({
        expected_deadline: practice.expected_deadline,
        days_to_go: days,
      });
      const list = dataOf<{ id: number; days_to_go: number | null }[]>(
        await t.app.inject({ method: 'GET', url: '/api/v1/practices', headers: bearer(owner.token) }),
      );
      expect(list.find((entry) => entry.id === practiceId)?.days_to_go).toBe(days);
    }
  });
});
