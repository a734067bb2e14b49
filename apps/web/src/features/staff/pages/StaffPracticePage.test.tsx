import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AppealType,
  emptyAssessment,
  latestAwardYear,
  type StaffPractice,
  type User,
} from '@lisbon/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { qualificationFixture } from '@/test/fixtures';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { evaluator, reviewer, seenBy, staffPracticeFixture, staffUser } from '@/test/staffFixtures';
import { dialogDrafts } from '@/shared/forms/drafts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The stylesheet's words: jsdom applies no media query, so the test reads where the rule is. */
const appCss = readFileSync(join(import.meta.dirname, '../../../app/app.css'), 'utf8');

const counts = { assigned: 1, to_review: 1, unassigned: 0, ready_for_issue: 0, archive: 0, all: 1 };

/** The API as this staff member finds it: the request, and what they may do on it (decision 073). */
function workspaceApi(
  viewer: User,
  practice: StaffPractice,
  answer: Partial<StaffPractice> = {},
  routes: Parameters<typeof mockApi>[0] = {},
) {
  const changed = (notice: string) => () => ({
    body: { data: seenBy(viewer, { ...practice, ...answer }), meta: { notice, message: '' } },
  });
  // Once a move or a save was answered, the request reads as the answer left it.
  const api = mockApi({
    'GET /staff/queues/counts': { body: { data: counts } },
    [`GET /staff/practices/${practice.id}`]: () => ({
      body: {
        data: seenBy(
          viewer,
          api.calls.some((call) => call.method !== 'GET') ? { ...practice, ...answer } : practice,
        ),
      },
    }),
    [`POST /staff/practices/${practice.id}/transitions`]: changed('sentBack'),
    [`PUT /staff/practices/${practice.id}/assessment`]: changed('assessmentUpdated'),
    'GET /staff/users': (call) => ({
      body: {
        data:
          call.query.get('role') === 'evaluator'
            ? [
                { ...evaluator, email: 'enzo@example.org', role: 'evaluator' },
                {
                  id: 23,
                  first_name: 'Ezio',
                  last_name: 'Esperti',
                  email: 'ezio@example.org',
                  role: 'evaluator',
                },
              ]
            : [{ ...reviewer, email: 'rita@example.org', role: 'reviewer' }],
      },
    }),
    'POST /staff/practices/assign': (call) => {
      const ids = (call.body as { practice_ids: number[] }).practice_ids;
      // As the API words it: one request in the singular.
      const meta =
        ids.length === 1
          ? { notice: 'practiceAssigned', message: 'Request assigned' }
          : { notice: 'practicesAssigned', message: 'Requests assigned' };
      return { body: { data: { practice_ids: ids }, meta } };
    },
    ...routes,
  });
  return api;
}

const actionButtons = async () => {
  const section = (await screen.findByRole('heading', { level: 2, name: 'Actions' })).closest('section');
  return within(section as HTMLElement)
    .queryAllByRole('button')
    .map((button) => button.textContent);
};

/** The note the disabled "Send in review" points to (the file check's may stand beside it). */
const assessmentNote = async () => {
  const notes = await screen.findAllByRole('note');
  const note = notes.find((candidate) => candidate.id === 'actions-missing');
  if (!note) throw new Error('No note on the assessment');
  return note;
};

describe('request workspace', () => {
  it('names an open appeal’s deadline as the applicant reads it, and none once the statement is published (first-user review, item 7)', async () => {
    const facts = () => [...document.querySelectorAll('.facts-row')].map((row) => row.textContent);
    const appeal = staffPracticeFixture({
      status: 'appeal_in_evaluation',
      status_label: 'appeal in evaluation',
      expected_deadline: '2027-03-04',
      days_to_go: 60,
    });
    workspaceApi(staffUser('secretary'), appeal);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await waitFor(() =>
      expect(facts()).toContain('Expected deadline of the appeal or amendmentMarch 4, 2027'),
    );
    expect(facts()).toContain('Days to go60 working days');
    cleanup();
    workspaceApi(
      staffUser('secretary'),
      staffPracticeFixture({ status: 'published', status_label: 'published', days_to_go: null }),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await screen.findByText('Published');
    expect(facts().some((row) => /^(Expected deadline|Days to go)/.test(row ?? ''))).toBe(false);
  });

  it("shows the applicant's phone grouped for reading, as the account page does", async () => {
    const facts = () => [...document.querySelectorAll('.facts-row')].map((row) => row.textContent);
    const practice = staffPracticeFixture();
    workspaceApi(staffUser('secretary'), {
      ...practice,
      applicant: { ...practice.applicant!, phone: '+393331234567' },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await waitFor(() => expect(facts()).toContain('Phone+39 333 123 4567'));
  });

  it("offers the reviewer only the table's moves for a request in review", async () => {
    workspaceApi(staffUser('reviewer'), staffPracticeFixture({ status: 'in_review' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('reviewer')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Request no. 7' })).toBeTruthy();
    expect(await actionButtons()).toEqual(['Conclude review', 'Send back to evaluation']);
  });

  it('offers the secretary closing and a new assignment, and the evaluator the evaluation moves, of a request in evaluation', async () => {
    workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'in_evaluation' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    expect(await actionButtons()).toEqual(['Close the request', 'Change the assignment']);
    cleanup();

    workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_evaluation' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(await actionButtons()).toEqual(['Ask the applicant', 'Send in review']);
    // The assessment is empty: the request cannot go in review yet, and the page says why.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send in review' }).disabled).toBe(true);
    expect(
      screen.getByText(/To send the request in review, complete the assessment: Classification or level/),
    ).toBeTruthy();
  });

  it('tells the evaluator sending a request in review, and its reviewer concluding it, that the file check is not concluded', async () => {
    const fileCheckOpen =
      'The file check of this request is not concluded. Sending it in review does not need it, but check first that the file is complete and readable, and conclude the check under “File check and verification”.';
    workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_evaluation' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(await actionButtons()).toEqual(['Ask the applicant', 'Send in review']);
    expect(screen.getByText(fileCheckOpen)).toBeTruthy();
    cleanup();

    // Concluded, nothing is said.
    const concluded = { concluded_at: '2026-03-01T10:00:00.000Z', by: null, notes: null };
    workspaceApi(
      staffUser('evaluator'),
      staffPracticeFixture({ status: 'in_evaluation', file_check: concluded }),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(await actionButtons()).toEqual(['Ask the applicant', 'Send in review']);
    expect(screen.queryByText(fileCheckOpen)).toBeNull();
    cleanup();

    workspaceApi(staffUser('reviewer'), staffPracticeFixture({ status: 'in_review' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('reviewer')) });
    expect(
      await screen.findByText(
        'Its evaluator has not concluded the file check of this request: concluding the review does not need it, but nobody has recorded the file as complete and readable.',
      ),
    ).toBeTruthy();
    cleanup();

    await changeLocale('it-IT');
    workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_evaluation' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(
      await screen.findByText(
        'Il controllo del fascicolo di questa richiesta non è concluso. Per inviarla in revisione non serve, ma verifica prima che il fascicolo sia completo e leggibile e concludi il controllo in “Controllo del fascicolo e verifica”.',
      ),
    ).toBeTruthy();
    await changeLocale('en-US');
  });

  it('says the return delivery is theirs when no move of the request is', async () => {
    workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'published' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    expect(
      await screen.findByText(
        'No move of this request is yours now: its return delivery or its payments, further down, are.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('There is nothing for you to do on this request now.')).toBeNull();
  });

  it('tells an evaluator or a reviewer who opens a request nobody is assigned to that it comes to them once assigned, not that there is nothing to do', async () => {
    for (const role of ['evaluator', 'reviewer'] as const) {
      workspaceApi(
        staffUser(role, { id: 99 }),
        staffPracticeFixture({ status: 'unassigned', assignee: null, reviewer: null }),
      );
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser(role, { id: 99 })) });
      expect(
        await screen.findByText(
          'Nobody is assigned to this request yet. Once it is assigned to you, it shows in your queue “Assigned to me” and your moves appear here.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText('There is nothing for you to do on this request now.')).toBeNull();
      cleanup();
    }
    await changeLocale('it-IT');
    workspaceApi(
      staffUser('evaluator', { id: 99 }),
      staffPracticeFixture({ status: 'unassigned', assignee: null, reviewer: null }),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator', { id: 99 })) });
    expect(
      await screen.findByText(
        'Nessuno è ancora assegnato a questa richiesta. Quando ti sarà assegnata, comparirà nella tua coda “Assegnate a me” e qui troverai le tue azioni.',
      ),
    ).toBeTruthy();
    await changeLocale('en-US');
  });

  it('tells the evaluator of a request in review that it is with its reviewer, not that there is nothing to do', async () => {
    workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_review' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(
      await screen.findByText(
        'This request is with its reviewer now: you have no move to make until they conclude the review or send it back to evaluation.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('There is nothing for you to do on this request now.')).toBeNull();
    cleanup();
    await changeLocale('it-IT');
    workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_review' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(
      await screen.findByText(
        'Questa richiesta ora è nelle mani del suo revisore: non hai azioni da compiere finché non conclude la revisione o non la rimanda in valutazione.',
      ),
    ).toBeTruthy();
    await changeLocale('en-US');
  });

  it('offers nothing to an evaluator who is not the assignee', async () => {
    workspaceApi(staffUser('evaluator', { id: 99 }), staffPracticeFixture({ status: 'in_evaluation' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator', { id: 99 })) });
    expect(await screen.findByText('There is nothing for you to do on this request now.')).toBeTruthy();
  });

  it('says a request waiting for the applicant waits for their answer, and what is still there to do', async () => {
    const waiting = staffPracticeFixture({ status: 'pending_student_reply' });
    workspaceApi(staffUser('evaluator'), waiting);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(
      await screen.findByText(
        'This request is waiting for the applicant to answer the question sent to them: you have no move to make until they reply, and their reply brings it back to evaluation. Meanwhile you can go on with the file check, the verification and the assessment, and add internal notes.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('There is nothing for you to do on this request now.')).toBeNull();
    cleanup();

    // Another evaluator has no part in its evaluation: a note is all they may add.
    workspaceApi(staffUser('evaluator', { id: 99 }), waiting);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator', { id: 99 })) });
    expect(
      await screen.findByText(
        'This request is waiting for the applicant to answer the question sent to them: you have no move to make until they reply, and their reply brings it back to evaluation. Meanwhile you can add internal notes.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('There is nothing for you to do on this request now.')).toBeNull();
  });

  it('tells the secretary who may still close a request waiting for the applicant that it waits for their answer', async () => {
    workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'pending_student_reply' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    expect(await actionButtons()).toEqual(['Close the request', 'Change the assignment']);
    expect(
      screen.getByText(
        'This request is waiting for the applicant to answer the question sent to them, and their reply brings it back to evaluation. Until then the only move is to close it, which ends the request.',
      ),
    ).toBeTruthy();
  });

  it('sends a request back only with a note, and says so', async () => {
    const practice = staffPracticeFixture({ status: 'in_review' });
    const api = workspaceApi(staffUser('reviewer'), practice, { status: 'in_evaluation' });
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('reviewer')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send back to evaluation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send back to evaluation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back to evaluation' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.callsTo('POST /staff/practices/7/transitions')).toHaveLength(0);

    await userEvent.type(
      within(dialog).getByLabelText(/^Reason/),
      'The duration does not match the transcript.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back to evaluation' }));

    await waitFor(() => expect(api.callsTo('POST /staff/practices/7/transitions')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/7/transitions')[0]?.body).toEqual({
      action: 'send_back',
      expected_status: 'in_review',
      note: 'The duration does not match the transcript.',
    });
    expect(await screen.findByText('Sent back to evaluation')).toBeTruthy();
    // The move's button went with the move: focus on the Actions heading, not the top of the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Actions' })),
    );
  });

  it('keeps the reviewer’s reason for sending it back in sight after the evaluator’s file check and note', async () => {
    const sentBackEntry = {
      id: 2,
      action: 'send_back' as const,
      from_status: 'in_review' as const,
      to_status: 'in_evaluation' as const,
      by: { id: 22, first_name: 'Rita', last_name: 'Revisori', role: 'reviewer' },
      note: 'The duration does not match the transcript.',
      details: null,
      at: '2026-11-12T09:00:00.000Z',
    };
    // Changes that keep the status, recorded after the move back.
    const sameStatus = (id: number, action: 'file_check' | 'note') => ({
      ...sentBackEntry,
      id,
      action,
      from_status: 'in_evaluation' as const,
      by: { id: 21, first_name: 'Enzo', last_name: 'Valutati', role: 'evaluator' },
      note: null,
      at: `2026-11-12T1${id}:00:00.000Z`,
    });
    const practice = staffPracticeFixture({
      status: 'in_evaluation',
      history: [
        ...staffPracticeFixture().history,
        sentBackEntry,
        sameStatus(3, 'file_check'),
        sameStatus(4, 'note'),
      ],
    });
    workspaceApi(staffUser('evaluator'), practice);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(
      await screen.findByText(
        'Sent back to evaluation by Rita Revisori: The duration does not match the transcript.',
      ),
    ).toBeTruthy();
  });

  it('keeps the reviewer’s reason in sight when the send-back is older than the page of the trail the workspace holds', async () => {
    const replaced = (id: number) => ({
      id,
      action: 'document_replaced' as const,
      from_status: 'in_evaluation' as const,
      to_status: 'in_evaluation' as const,
      by: { id: 1, first_name: 'Ada', last_name: 'Lovelace', role: 'applicant' },
      note: null,
      details: { type: 'diploma', file_name: `v${id}.pdf`, new_file_name: `v${id + 1}.pdf` },
      at: `2026-11-13T09:${String(id).padStart(2, '0')}:00.000Z`,
    });
    const practice = staffPracticeFixture({
      status: 'in_evaluation',
      history: [replaced(58), replaced(59)],
      has_older_history: true,
      sent_back: {
        id: 2,
        action: 'send_back',
        from_status: 'in_review',
        to_status: 'in_evaluation',
        by: { id: 22, first_name: 'Rita', last_name: 'Revisori', role: 'reviewer' },
        note: 'The duration does not match the transcript.',
        details: null,
        at: '2026-11-12T09:00:00.000Z',
      },
    });
    workspaceApi(staffUser('evaluator'), practice);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(
      await screen.findByText(
        'Sent back to evaluation by Rita Revisori: The duration does not match the transcript.',
      ),
    ).toBeTruthy();
  });

  it('reads the request again when someone else moved it first, and says so where the moves are', async () => {
    const practice = staffPracticeFixture({ status: 'in_review' });
    const viewer = staffUser('reviewer');
    // Another reviewer concluded the review while this one wrote the note.
    let isMovedByOther = false;
    const api = mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      [`GET /staff/practices/${practice.id}`]: () => ({
        body: { data: seenBy(viewer, isMovedByOther ? { ...practice, status: 'reviewed' } : practice) },
      }),
      [`POST /staff/practices/${practice.id}/transitions`]: () => {
        isMovedByOther = true;
        return {
          status: 409,
          body: {
            code: 'PRACTICE_CHANGED',
            message: 'Someone else changed this request in the meantime. Reload it and try again.',
          },
        };
      },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(viewer) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send back to evaluation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send back to evaluation' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'The duration does not match.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back to evaluation' }));

    expect(
      await screen.findByText(
        'Someone else changed this request in the meantime: it now shows as it is. Check it, then choose the move again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The workspace was read again, without a reload: the review's moves are gone with its status.
    await waitFor(() => expect(api.callsTo('GET /staff/practices/7').length).toBeGreaterThan(1));
    await waitFor(async () => expect(await actionButtons()).not.toContain('Send back to evaluation'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Actions' })),
    );
  });

  it('closes a request with a reason the applicant reads and a note that stays with staff, each labelled so', async () => {
    const api = workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'in_evaluation' }), {
      status: 'closed',
    });
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Close the request' }));

    const dialog = await screen.findByRole('dialog', { name: 'Close the request' });
    const reason = within(dialog).getByLabelText(/^Reason given to the applicant/);
    expect(reason.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText('The applicant reads it on their request and receives it by mail.'),
    ).toBeTruthy();
    const note = within(dialog).getByLabelText(/^Internal note \(optional\)/);
    expect(
      within(dialog).getByText(
        'Kept in the history of the request for staff only; the applicant never sees it.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/the applicant does not read it/)).toBeNull();

    await userEvent.type(reason, 'A duplicate of request 12.');
    await userEvent.type(note, 'Called the applicant.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the request' }));
    await waitFor(() => expect(api.callsTo('POST /staff/practices/7/transitions')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/7/transitions')[0]?.body).toEqual({
      action: 'close',
      expected_status: 'in_evaluation',
      reason: 'A duplicate of request 12.',
      note: 'Called the applicant.',
    });
  });

  it('sends a move again with the same Idempotency-Key after a lost answer', async () => {
    let isLost = true;
    const closed = staffPracticeFixture({ status: 'closed' });
    const api = workspaceApi(
      staffUser('secretary'),
      staffPracticeFixture({ status: 'in_evaluation' }),
      {},
      {
        'POST /staff/practices/7/transitions': () => {
          if (!isLost) return { body: { data: closed, meta: { notice: 'closed', message: '' } } };
          isLost = false;
          return { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } };
        },
      },
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Close the request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the request' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason given to the applicant/), 'A duplicate.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the request' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const keys = api
      .callsTo('POST /staff/practices/7/transitions')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the reason typed when the dialog is closed unsent, until the request is closed', async () => {
    const api = workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'in_evaluation' }), {
      status: 'closed',
    });
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    const open = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Close the request' }));
      const dialog = await screen.findByRole('dialog', { name: 'Close the request' });
      return {
        dialog,
        reason: within(dialog).getByLabelText<HTMLTextAreaElement>(/^Reason given to the applicant/),
      };
    };
    await userEvent.type((await open()).reason, 'A duplicate');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    let { dialog, reason } = await open();
    expect(reason.value).toBe('A duplicate');
    await userEvent.type(reason, ' of request 12.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    ({ dialog, reason } = await open());
    expect(reason.value).toBe('A duplicate of request 12.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the request' }));
    await waitFor(() => expect(api.callsTo('POST /staff/practices/7/transitions')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/7/transitions')[0]?.body).toMatchObject({
      reason: 'A duplicate of request 12.',
    });
    // Sent, it is forgotten.
    expect(dialogDrafts.read('transition:7:close')).toBeUndefined();
  }, 30_000);

  it('checks the assessment with the domain schema before saving it', async () => {
    const api = workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_evaluation' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Assessment' }));
    const year = await screen.findByLabelText(/^Year of award/);
    await userEvent.type(year, '1850');
    await userEvent.type(screen.getByLabelText(/^Classification or level/), 'EQF level 7');
    await userEvent.click(screen.getByRole('button', { name: 'Save the assessment' }));
    expect(await screen.findByText('Must be greater than 1899')).toBeTruthy();
    expect(api.callsTo('PUT /staff/practices/7/assessment')).toHaveLength(0);

    // No year still to come: the domain's rule, as the API applies it.
    await userEvent.clear(year);
    await userEvent.type(year, String(latestAwardYear(new Date()) + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Save the assessment' }));
    expect(await screen.findByText('The year of award must be this year or earlier')).toBeTruthy();
    expect(api.callsTo('PUT /staff/practices/7/assessment')).toHaveLength(0);

    await userEvent.clear(year);
    await userEvent.type(year, '2021');
    await userEvent.click(screen.getByRole('button', { name: 'Save the assessment' }));
    await waitFor(() => expect(api.callsTo('PUT /staff/practices/7/assessment')).toHaveLength(1));
    expect(api.callsTo('PUT /staff/practices/7/assessment')[0]?.body).toMatchObject({
      classification: 'EQF level 7',
      award_year: 2021,
      major: null,
      country_of_studies: null,
    });
    expect(await screen.findByText('Assessment updated')).toBeTruthy();
  });

  it('asks before leaving an assessment typed and not saved, and no more once it is saved', async () => {
    workspaceApi(
      staffUser('evaluator'),
      staffPracticeFixture({ status: 'in_evaluation' }),
      {},
      {
        'GET /staff/practices': { body: { data: [], meta: { page: 1, per_page: 25, total: 0 } } },
      },
    );
    const app = renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Assessment' }));
    await userEvent.type(await screen.findByLabelText(/^Evaluation notes/), 'Comparable to a Laurea.');
    await act(() => app.router.navigate('/staff/queues/all'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(app.router.state.location.pathname).toBe('/staff/practices/7');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Evaluation notes/).value).toBe(
      'Comparable to a Laurea.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save the assessment' }));
    expect((await screen.findAllByText('Assessment updated')).length).toBeGreaterThan(0);
    await act(() => app.router.navigate('/staff/queues/all'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/staff/queues/all'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
  });

  it('keeps the moves sticky beside the tabs from 1024 px, and says a save where no Save button is', async () => {
    workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_evaluation' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    const actions = await screen.findByRole('heading', { level: 2, name: 'Actions' });
    // Sticky under the header from the side navigation's breakpoint up, not below it (app.css).
    expect(actions.closest('.staff-actions')).not.toBeNull();
    const wide = /@media \(min-width: 64em\) \{\s*\.staff-actions \{[^}]*position: sticky;/;
    expect(appCss).toMatch(wide);
    expect(appCss.replace(wide, '')).not.toMatch(/\.staff-actions/);

    await userEvent.click(await screen.findByRole('tab', { name: 'Assessment' }));
    await userEvent.type(await screen.findByLabelText(/^Classification or level/), 'EQF level 7');
    const save = screen.getByRole('button', { name: 'Save the assessment' });
    await userEvent.click(save);
    // The Save buttons sit at the left of their column: the toast comes at the bottom right.
    const toast = await screen.findByText('Assessment updated', {
      selector: '.mantine-Notification-description',
    });
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
  });

  it('says once, as a note and not an alert, that the assessment must be completed, even after a save', async () => {
    const practice = staffPracticeFixture({ status: 'in_evaluation' });
    const api = workspaceApi(staffUser('evaluator'), practice);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    const warning = /To send the request in review, complete the assessment/;
    expect(await screen.findAllByText(warning)).toHaveLength(1);
    await userEvent.click(await screen.findByRole('tab', { name: 'Assessment' }));
    await userEvent.type(await screen.findByLabelText(/^Classification or level/), 'EQF level 7');
    await userEvent.click(screen.getByRole('button', { name: 'Save the assessment' }));
    await waitFor(() => expect(api.callsTo('PUT /staff/practices/7/assessment')).toHaveLength(1));
    expect((await screen.findAllByText('Assessment updated')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(warning)).toHaveLength(1);
    expect(screen.queryAllByRole('alert').filter((alert) => warning.test(alert.textContent ?? ''))).toEqual(
      [],
    );
    expect((await assessmentNote()).textContent).toMatch(warning);
  });

  it('counts the assessment fields filled from the request as filled: the note asks only for the others, then for a save', async () => {
    const withQualification = staffPracticeFixture({
      status: 'in_evaluation',
      qualification: qualificationFixture,
    });
    workspaceApi(staffUser('evaluator'), withQualification);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    const note = await assessmentNote();
    expect(note.textContent).toBe(
      'To send the request in review, complete the assessment: Classification or level, Qualification type, Duration.',
    );
    cleanup();

    // The others typed and saved, the request's values shown but not saved yet: a save is all it takes.
    workspaceApi(
      staffUser('evaluator'),
      staffPracticeFixture({
        ...withQualification,
        assessment: {
          ...emptyAssessment(),
          classification: 'EQF level 7',
          qualification_type: 'Master',
          duration: '2 years',
          missing_fields: ['awarding_institution', 'award_year', 'country_of_studies', 'qualification_name'],
          updated_at: '2026-11-10T09:00:00.000Z',
          updated_by: evaluator,
        },
      }),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect((await assessmentNote()).textContent).toBe(
      'To send the request in review, save the assessment: the values filled in from the request are not saved yet.',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send in review' }).disabled).toBe(true);
  });

  it('keeps from review an assessment saved with a year of award still to come, and says which field to correct', async () => {
    const complete = {
      ...emptyAssessment(),
      classification: 'EQF level 6',
      awarding_institution: 'Universidade de São Paulo',
      award_year: latestAwardYear(new Date()) + 1,
      country_of_studies: 'BR',
      qualification_type: 'Bachelor',
      qualification_name: 'Bacharel',
      duration: '4 years',
      missing_fields: [],
      updated_at: '2026-11-10T09:00:00.000Z',
      updated_by: evaluator,
    };
    workspaceApi(
      staffUser('evaluator'),
      staffPracticeFixture({ status: 'in_evaluation', assessment: complete }),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect((await assessmentNote()).textContent).toBe(
      'To send the request in review, correct the assessment: Year of award (The year of award must be this year or earlier).',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send in review' }).disabled).toBe(true);
  });

  it('offers no "verified with the issuer" on a comparability-only (refugee) request', async () => {
    workspaceApi(
      staffUser('evaluator'),
      staffPracticeFixture({ status: 'in_evaluation', service: 'refugee_comparability' }),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    const outcome = await screen.findByLabelText<HTMLSelectElement>(/^Outcome/);
    expect([...outcome.options].map((option) => option.textContent)).toEqual([
      'Pending',
      'Verification not possible',
    ]);
  });

  it('offers to assign, not to change the assignment, an appeal admitted with nobody on it', async () => {
    workspaceApi(
      staffUser('secretary'),
      staffPracticeFixture({ status: 'appeal_in_evaluation', assignee: null, reviewer: null }),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(screen.queryByRole('button', { name: 'Change the assignment' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/already being worked on/)).toBeNull();
    expect(
      within(dialog).getByText('Request no. 7 goes to the evaluator and the reviewer you choose.'),
    ).toBeTruthy();
  });

  it('hands a request in evaluation to another evaluator, starting from the people it has', async () => {
    // The request read again names its new evaluator: the dialog, keyed by its people, leaves as it closes.
    const api = workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'in_evaluation' }), {
      assignee: { id: 23, first_name: 'Ezio', last_name: 'Esperti' },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Change the assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the assignment' });
    expect(within(dialog).getByText(/Request no. 7 is already being worked on/)).toBeTruthy();
    await within(dialog).findByRole('option', { name: 'Ezio Esperti' });
    const assignee = within(dialog).getByLabelText<HTMLSelectElement>(/Credential Evaluator/);
    expect(assignee.value).toBe(String(evaluator.id));
    await userEvent.selectOptions(assignee, 'Ezio Esperti');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(api.callsTo('POST /staff/practices/assign')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/assign')[0]?.body).toEqual({
      practice_ids: [7],
      evaluator_id: 23,
      reviewer_id: reviewer.id,
    });
    // One request: "Request assigned", not the plural of several.
    expect(await screen.findByText('Request assigned')).toBeTruthy();
    expect(screen.queryByText('Requests assigned')).toBeNull();
    // Back where the staff member was: the button, or the Actions heading if it is gone.
    await waitFor(() =>
      expect([
        screen.queryByRole('button', { name: 'Change the assignment' }),
        screen.getByRole('heading', { level: 2, name: 'Actions' }),
      ]).toContain(document.activeElement),
    );
  });

  it('assigns a request assigned already starting from the evaluator and the reviewer it has', async () => {
    const api = workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'assigned' }), {
      assignee: { id: 23, first_name: 'Ezio', last_name: 'Esperti' },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    // Assigned already, its button changes the assignment: "Assign" again, just after "Request
    // assigned", read as if the assignment had not been made.
    const change = await screen.findByRole('button', { name: 'Change the assignment' });
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
    await userEvent.click(change);
    // The dialog is titled as the action that opened it, not "Assign the request".
    const dialog = await screen.findByRole('dialog', { name: 'Change the assignment' });
    await within(dialog).findByRole('option', { name: 'Ezio Esperti' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Credential Evaluator/).value).toBe(
      String(evaluator.id),
    );
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Reviewer/).value).toBe(String(reviewer.id));
    await userEvent.selectOptions(within(dialog).getByLabelText(/Credential Evaluator/), 'Ezio Esperti');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.callsTo('POST /staff/practices/assign')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/assign')[0]?.body).toEqual({
      practice_ids: [7],
      evaluator_id: 23,
      reviewer_id: reviewer.id,
    });
    // Back where the staff member was, as after any other move: never the top of the document.
    await waitFor(() =>
      expect([
        screen.queryByRole('button', { name: 'Change the assignment' }),
        screen.getByRole('heading', { level: 2, name: 'Actions' }),
      ]).toContain(document.activeElement),
    );
    cleanup();
    // In it-IT too, the dialog is named as its button.
    await changeLocale('it-IT');
    workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'assigned' }));
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Cambia l’assegnazione' }));
    expect(await screen.findByRole('dialog', { name: 'Cambia l’assegnazione' })).toBeTruthy();
    await changeLocale('en-US');
  });

  it('starts the assignment empty for a person who is no longer offered, so the secretary chooses again', async () => {
    const practice = staffPracticeFixture({
      status: 'assigned',
      reviewer: { id: 24, first_name: 'Remo', last_name: 'Ritirati' },
    });
    const api = workspaceApi(staffUser('secretary'), practice);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Change the assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the assignment' });
    await within(dialog).findByRole('option', { name: 'Ezio Esperti' });
    const reviewerField = within(dialog).getByLabelText<HTMLSelectElement>(/Reviewer/);
    expect(reviewerField.value).toBe('');
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/Credential Evaluator/).value).toBe(
      String(evaluator.id),
    );
    // Nothing is sent for the person the API would refuse: the field asks for a choice.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(reviewerField.getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo('POST /staff/practices/assign')).toHaveLength(0);
    await userEvent.selectOptions(reviewerField, 'Rita Revisori');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.callsTo('POST /staff/practices/assign')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/assign')[0]?.body).toEqual({
      practice_ids: [7],
      evaluator_id: evaluator.id,
      reviewer_id: reviewer.id,
    });
  });

  it('names the moves and the history of an amendment for an amendment, not an appeal', async () => {
    const admin = staffUser('admin');
    const appeal = (type: 'appeal' | 'amendment') => ({
      id: 3,
      practice_id: 7,
      type,
      motivation: 'My middle name is missing.',
      document_ids: [],
      created_at: '2026-12-01T09:00:00.000Z',
      is_open: true,
      statement: null,
    });
    const practice = staffPracticeFixture({
      status: 'appeal_requested',
      status_label: 'appeal in evaluation',
      history: [
        {
          id: 9,
          action: 'request_appeal',
          from_status: 'published',
          to_status: 'appeal_requested',
          by: { id: 1, first_name: 'Ada', last_name: 'Lovelace', role: 'applicant' },
          note: null,
          details: null,
          at: '2026-12-01T09:00:00.000Z',
        },
      ],
    });
    for (const [type, names] of [
      ['amendment', ['Admit the amendment', 'Refuse the amendment']],
      ['appeal', ['Admit the appeal', 'Refuse the appeal']],
    ] as const) {
      mockApi({
        'GET /staff/queues/counts': { body: { data: counts } },
        'GET /staff/practices/7': { body: { data: seenBy(admin, { ...practice, appeal_type: type }) } },
        'GET /staff/practices/7/appeal': { body: { data: appeal(type) } },
      });
      renderApp('/staff/practices/7', { queryClient: logIn(admin) });
      await waitFor(async () => expect(await actionButtons()).toEqual(expect.arrayContaining([...names])));
      // Refusing looks like the other moves that end something (Close): a red outline, not the
      // filled primary of admitting.
      expect(screen.getByRole('button', { name: names[0] }).getAttribute('data-variant')).toBe('filled');
      expect(screen.getByRole('button', { name: names[1] }).getAttribute('data-variant')).toBe('outline');
      await userEvent.click(screen.getByRole('button', { name: names[1] }));
      expect(await screen.findByRole('dialog', { name: names[1] })).toBeTruthy();
      await userEvent.keyboard('{Escape}');
      // The status, its badge, the history and the appeal's section name the amendment on one.
      const [status, label, other] =
        type === 'amendment'
          ? ['Amendment requested', 'amendment in evaluation', /Appeal requested|appeal in evaluation/]
          : ['Appeal requested', 'appeal in evaluation', /Amendment requested|amendment in evaluation/];
      expect(screen.getAllByText(status).length).toBeGreaterThan(1);
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.queryByText(other)).toBeNull();
      expect(
        screen.getByRole('heading', { name: type === 'amendment' ? 'Amendment' : 'Appeal' }),
      ).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it("names no appeal's move on an amendment while its type loads, then names them for the amendment", async () => {
    const admin = staffUser('admin');
    let answer: (type: 'amendment') => void = () => undefined;
    const type = new Promise<'amendment'>((resolve) => {
      answer = resolve;
    });
    // Answered even if the test fails first: the client shares a GET in flight with the next tests.
    onTestFinished(() => answer('amendment'));
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices/7': {
        body: { data: seenBy(admin, staffPracticeFixture({ status: 'appeal_requested' })) },
      },
      'GET /staff/practices/7/appeal': async () => ({
        body: {
          data: {
            id: 3,
            practice_id: 7,
            type: await type,
            motivation: 'My middle name is missing.',
            document_ids: [],
            created_at: '2026-12-01T09:00:00.000Z',
            is_open: true,
            statement: null,
          },
        },
      }),
    });
    renderApp('/staff/practices/7', { queryClient: logIn(admin) });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Actions' })).closest('section');
    expect((await actionButtons()).filter((name) => /appeal|amendment/i.test(name ?? ''))).toEqual([]);
    await waitFor(() =>
      expect(within(section as HTMLElement).getByRole('status').textContent).toBe('Loading…'),
    );
    answer('amendment');
    await waitFor(async () =>
      expect(await actionButtons()).toEqual(
        expect.arrayContaining(['Admit the amendment', 'Refuse the amendment']),
      ),
    );
    expect((await actionButtons()).filter((name) => /appeal/i.test(name ?? ''))).toEqual([]);
    expect(within(section as HTMLElement).queryByRole('status')).toBeNull();
  });

  describe('what the checks and the review say once done (issue 33)', () => {
    const checks = {
      file_check: {
        concluded_at: '2026-11-04T09:00:00.000Z',
        by: evaluator,
        notes: 'All four documents legible.',
      },
      verification: {
        outcome: 'verified' as const,
        notes: 'Confirmed by the registrar.',
        updated_at: '2026-11-05T09:00:00.000Z',
        updated_by: evaluator,
      },
    };

    it('shows the concluded file check and the saved verification, and no second conclusion', async () => {
      workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_evaluation', ...checks }));
      renderApp('/staff/practices/7?part=checks', { queryClient: logIn(staffUser('evaluator')) });
      const name = `${evaluator.first_name} ${evaluator.last_name}`;
      expect(await screen.findByText(new RegExp(`^Concluded on .+ by ${name}\\.$`))).toBeTruthy();
      expect(screen.getByText('All four documents legible.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Conclude the file check' })).toBeNull();
      expect(screen.getByText('Saved outcome: Verified with the issuer')).toBeTruthy();
      expect(screen.getByText('Confirmed by the registrar.', { selector: 'p' })).toBeTruthy();
      expect(screen.getByText(new RegExp(`^Last updated on .+ by ${name}\\.$`))).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save the verification' })).toBeTruthy();
    });

    it('offers the conclusion while the file check is not concluded', async () => {
      workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'in_evaluation' }));
      renderApp('/staff/practices/7?part=checks', { queryClient: logIn(staffUser('evaluator')) });
      expect(await screen.findByRole('button', { name: 'Conclude the file check' })).toBeTruthy();
      expect(screen.getByText('No verification recorded yet.')).toBeTruthy();
    });

    it('tells a reviewer that only an administrator publishes, and not an administrator', async () => {
      const adminPublishes =
        'Once the request is ready for issue, an administrator publishes the statement: only administrators may.';
      workspaceApi(staffUser('reviewer'), staffPracticeFixture({ status: 'in_review' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('reviewer')) });
      expect(await screen.findByText(adminPublishes)).toBeTruthy();
      cleanup();
      workspaceApi(staffUser('admin'), staffPracticeFixture({ status: 'in_review' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('admin')) });
      expect(await screen.findByRole('heading', { level: 2, name: 'Actions' })).toBeTruthy();
      expect(screen.queryByText(adminPublishes)).toBeNull();
    });

    it('tells the secretary of a request ready for issue who publishes it and what Close would do', async () => {
      const adminIssues =
        'Only an administrator publishes the statement of this request: ask one to publish it.';
      const closeEnds = 'Closing it would end the request without a statement.';
      workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'ready_for_issue' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
      expect(await actionButtons()).toEqual(['Close the request']);
      expect(await screen.findByText(`${adminIssues} ${closeEnds}`)).toBeTruthy();
      cleanup();
      // A reviewer has no Close: told only who publishes, not also that nothing is theirs to do.
      workspaceApi(staffUser('reviewer'), staffPracticeFixture({ status: 'ready_for_issue' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('reviewer')) });
      expect(await screen.findByText(adminIssues)).toBeTruthy();
      expect(screen.queryByText('There is nothing for you to do on this request now.')).toBeNull();
      cleanup();
      workspaceApi(staffUser('secretary'), staffPracticeFixture({ status: 'appeal_reviewed' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
      expect(
        await screen.findByText(
          'Only an administrator issues the statement of this appeal or amendment, or rejects it: ask one to do so.',
        ),
      ).toBeTruthy();
      cleanup();
      workspaceApi(staffUser('admin'), staffPracticeFixture({ status: 'ready_for_issue' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('admin')) });
      expect(await screen.findByRole('heading', { level: 2, name: 'Actions' })).toBeTruthy();
      expect(screen.queryByText(new RegExp(adminIssues.slice(0, 30)))).toBeNull();
    });

    it('says nothing of who publishes while it does not know whether a statement is already on its way', async () => {
      let answerPublication: (answer: { body: unknown }) => void = () => undefined;
      const nonePublished = {
        body: { data: { state: 'none', certificate_id: null, requested_at: null, published_at: null } },
      };
      // Answered even if the test fails first: the client shares a GET in flight with the next tests.
      onTestFinished(() => answerPublication(nonePublished));
      workspaceApi(
        staffUser('secretary'),
        staffPracticeFixture({ status: 'ready_for_issue' }),
        {},
        {
          'GET /staff/practices/7/publication': () =>
            new Promise((resolve) => {
              answerPublication = resolve;
            }),
        },
      );
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
      expect(await actionButtons()).toEqual(['Close the request']);
      expect(screen.queryByText(/^Only an administrator publishes/)).toBeNull();
      // Nothing published yet: now it says who does.
      answerPublication(nonePublished);
      expect(await screen.findByText(/^Only an administrator publishes/)).toBeTruthy();
    });

    it('says, before an appeal is ended, what becomes of the statement already published', async () => {
      const effectsOn = {
        appeal: {
          'Issue the appeal statement':
            /^A statement of appeal is issued and attached to the original: the statement already published stays valid/,
          'Reject the appeal': /^The statement already published stays valid and unchanged/,
        },
        amendment: {
          'Issue the amended statement':
            /^An amended statement replaces the original: the statement already published will check NOT valid/,
        },
      };
      for (const [type, effects] of Object.entries(effectsOn)) {
        workspaceApi(
          staffUser('admin'),
          staffPracticeFixture({ status: 'appeal_reviewed', appeal_type: type as AppealType }),
        );
        renderApp('/staff/practices/7', { queryClient: logIn(staffUser('admin')) });
        for (const [action, effect] of Object.entries(effects)) {
          await userEvent.click(await screen.findByRole('button', { name: action }));
          const dialog = await screen.findByRole('dialog', { name: action });
          expect(within(dialog).getByText(effect)).toBeTruthy();
          await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
          await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        }
        cleanup();
      }
    }, 30_000);

    it('offers an appeal reviewed only its statement of appeal, and an amendment only its amended statement', async () => {
      const appealOf = (type: AppealType) => ({
        'GET /staff/practices/7/appeal': {
          body: {
            data: {
              id: 1,
              practice_id: 7,
              type,
              motivation: 'Please look again.',
              document_ids: [],
              created_at: '2026-11-12T10:00:00.000Z',
              is_open: true,
              statement: null,
            },
          },
        },
      });
      const admin = staffUser('admin');
      workspaceApi(
        admin,
        staffPracticeFixture({ status: 'appeal_reviewed', appeal_type: 'amendment' }),
        {},
        appealOf('amendment'),
      );
      renderApp('/staff/practices/7', { queryClient: logIn(admin) });
      expect(await screen.findByRole('button', { name: 'Reject the amendment' })).toBeTruthy();
      expect(await actionButtons()).toEqual([
        'Issue the amended statement',
        'Reject the amendment',
        'Change the assignment',
      ]);
      cleanup();
      workspaceApi(
        admin,
        staffPracticeFixture({ status: 'appeal_reviewed', appeal_type: 'appeal' }),
        {},
        appealOf('appeal'),
      );
      renderApp('/staff/practices/7', { queryClient: logIn(admin) });
      expect(await screen.findByRole('button', { name: 'Reject the appeal' })).toBeTruthy();
      expect(await actionButtons()).toEqual([
        'Issue the appeal statement',
        'Reject the appeal',
        'Change the assignment',
      ]);
    });

    it('offers no statement of appeal once the publication says the request has no statement in force', async () => {
      const admin = staffUser('admin');
      // The workspace read before the statement was withdrawn still lists the move.
      workspaceApi(
        admin,
        staffPracticeFixture({ status: 'appeal_reviewed', appeal_type: 'appeal' }),
        {},
        {
          'GET /staff/practices/7/publication': {
            body: { data: { state: 'none', certificate_id: null, requested_at: null, published_at: null } },
          },
        },
      );
      renderApp('/staff/practices/7', { queryClient: logIn(admin) });
      expect(await screen.findByRole('button', { name: 'Reject the appeal' })).toBeTruthy();
      await waitFor(async () =>
        expect(await actionButtons()).toEqual(['Reject the appeal', 'Change the assignment']),
      );
    });

    it('offers the statement of appeal only once the publication says a statement is in force', async () => {
      const admin = staffUser('admin');
      let answerPublication: (answer: { body: unknown }) => void = () => undefined;
      const withdrawn = {
        body: { data: { state: 'none', certificate_id: null, requested_at: null, published_at: null } },
      };
      // Answered even if the test fails first: the client shares a GET in flight with the next tests.
      onTestFinished(() => answerPublication(withdrawn));
      // The workspace read before the statement was withdrawn still lists the move.
      workspaceApi(
        admin,
        staffPracticeFixture({ status: 'appeal_reviewed', appeal_type: 'appeal' }),
        {},
        {
          'GET /staff/practices/7/publication': () =>
            new Promise((resolve) => {
              answerPublication = resolve;
            }),
        },
      );
      renderApp('/staff/practices/7', { queryClient: logIn(admin) });
      expect(await screen.findByRole('button', { name: 'Reject the appeal' })).toBeTruthy();
      // While the publication is unknown the move waits behind a loading note: no button to vanish.
      expect(await actionButtons()).toEqual(['Reject the appeal', 'Change the assignment']);
      const section = screen.getByRole('heading', { level: 2, name: 'Actions' }).closest('section');
      expect(within(section as HTMLElement).getByRole('status')).toBeTruthy();
      answerPublication(withdrawn);
      await waitFor(() => expect(within(section as HTMLElement).queryByRole('status')).toBeNull());
      expect(await actionButtons()).toEqual(['Reject the appeal', 'Change the assignment']);
      cleanup();
      // A statement in force: the move comes once that is known.
      workspaceApi(
        admin,
        staffPracticeFixture({ status: 'appeal_reviewed', appeal_type: 'appeal' }),
        {},
        {
          'GET /staff/practices/7/publication': () =>
            new Promise((resolve) => {
              answerPublication = resolve;
            }),
        },
      );
      renderApp('/staff/practices/7', { queryClient: logIn(admin) });
      expect(await screen.findByRole('button', { name: 'Reject the appeal' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Issue the appeal statement' })).toBeNull();
      answerPublication({
        body: {
          data: {
            state: 'published',
            certificate_id: 'c-7',
            requested_at: '2026-11-10T10:00:00.000Z',
            published_at: '2026-11-10T10:01:00.000Z',
          },
        },
      });
      expect(await screen.findByRole('button', { name: 'Issue the appeal statement' })).toBeTruthy();
    });

    it('says the status as staff name it, then the label the applicant reads as theirs', async () => {
      onTestFinished(() => changeLocale('en-US'));
      workspaceApi(staffUser('admin'), staffPracticeFixture({ status: 'ready_for_issue' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('admin')) });
      const label = await screen.findByText('Shown to the applicant:');
      const line = label.parentElement?.parentElement as HTMLElement;
      expect(line.textContent).toBe('Ready for issueShown to the applicant:in evaluation');
      await act(() => changeLocale('it-IT'));
      expect(await screen.findByText('Mostrato al richiedente:')).toBeTruthy();
    });

    it('tells the evaluator of an appeal asked for that an administrator admits or refuses it', async () => {
      const adminAdmits = 'An administrator admits or refuses the appeal or amendment asked for.';
      workspaceApi(staffUser('evaluator'), staffPracticeFixture({ status: 'appeal_requested' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
      expect(await screen.findByText(adminAdmits)).toBeTruthy();
      cleanup();
      workspaceApi(staffUser('admin'), staffPracticeFixture({ status: 'appeal_requested' }));
      renderApp('/staff/practices/7', { queryClient: logIn(staffUser('admin')) });
      expect(await screen.findByRole('heading', { level: 2, name: 'Actions' })).toBeTruthy();
      expect(screen.queryByText(adminAdmits)).toBeNull();
    });
  });
});
