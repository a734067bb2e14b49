import type { AuditEntry } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { testUser } from '@/test/users';
import { changeLocale } from '@/shared/i18n';
import { RecordHistory } from './RecordHistory';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const byApplicant = { id: 1, first_name: 'Amina', last_name: 'Haddad', role: 'applicant' };

/** An applicant's replacement of file `v{id}.pdf`: an entry of the trail named by its file. */
const move = (id: number, at: string): AuditEntry => ({
  id,
  action: 'document_replaced',
  from_status: 'in_evaluation',
  to_status: 'in_evaluation',
  by: byApplicant,
  note: null,
  details: { type: 'diploma', file_name: `v${id}.pdf`, new_file_name: `w${id}.pdf` },
  at,
});

describe("the record's history", () => {
  it('says nothing is recorded yet in its own words, not "No items found"', () => {
    renderComponent(
      <RecordHistory
        practice={staffPracticeFixture({ history: [], thread: [], notes: [], documents: [] })}
      />,
    );
    expect(screen.getByText('Nothing has been recorded for this request yet.')).toBeTruthy();
    expect(screen.queryByText('No items found')).toBeNull();
  });

  it('names who acted on every entry, the applicant by name on their documents and messages as on their moves', () => {
    renderComponent(
      <RecordHistory
        practice={staffPracticeFixture({
          applicant: testUser({ first_name: 'Amina', last_name: 'Haddad' }),
          history: [
            {
              id: 7,
              action: 'reply',
              from_status: 'pending_student_reply',
              to_status: 'in_evaluation',
              by: byApplicant,
              note: null,
              details: null,
              at: '2026-11-06T09:00:00.000Z',
            },
          ],
          thread: [
            {
              id: 1,
              side: 'staff',
              author_name: 'Enzo Valutati',
              body: 'Please send your transcript.',
              requested_documents: [],
              documents: [],
              created_at: '2026-11-05T09:00:00.000Z',
            },
            {
              id: 2,
              side: 'applicant',
              author_name: 'Amina Haddad',
              body: 'Here it is.',
              requested_documents: [],
              documents: [],
              created_at: '2026-11-06T09:00:00.000Z',
            },
          ],
          documents: [
            {
              id: 5,
              practice_id: 7,
              type: 'transcript_of_records',
              additional_type: null,
              file_name: 'transcript.pdf',
              content_type: 'application/pdf',
              size: 1000,
              sha256: 'a'.repeat(64),
              created_at: '2026-11-06T08:00:00.000Z',
            },
          ],
        })}
      />,
    );
    const entry = (kind: string) =>
      screen.getAllByRole('listitem').find((item) => item.textContent.includes(kind))?.textContent;
    expect(entry('Document uploaded')).toContain(' · Amina Haddad');
    expect(entry('Message from the applicant')).toContain(' · Amina Haddad');
    expect(entry('Move')).toContain(' · Amina Haddad');
    expect(entry('Message from the office')).toContain(' · Enzo Valutati');
    expect(screen.getByRole('list').textContent).not.toContain('· the applicant');
  });

  it('names the document an applicant replaced or deleted after submitting, and the file that was there', () => {
    renderComponent(
      <RecordHistory
        practice={staffPracticeFixture({
          status: 'pending_student_reply',
          history: [
            {
              id: 7,
              action: 'document_replaced',
              from_status: 'pending_student_reply',
              to_status: 'pending_student_reply',
              by: byApplicant,
              note: null,
              details: {
                document_id: 3,
                type: 'diploma',
                additional_type: null,
                file_name: 'diploma-scan.pdf',
                new_file_name: 'diploma-better.png',
              },
              at: '2026-11-12T09:00:00.000Z',
            },
            {
              id: 8,
              action: 'document_deleted',
              from_status: 'pending_student_reply',
              to_status: 'pending_student_reply',
              by: byApplicant,
              note: null,
              details: {
                document_id: 4,
                type: 'additional',
                additional_type: 'Internship letter',
                file_name: 'letter.pdf',
              },
              at: '2026-11-12T10:00:00.000Z',
            },
          ],
        })}
      />,
    );
    expect(screen.getByText('Document replaced by the applicant')).toBeTruthy();
    expect(
      screen.getByText(
        'Diploma or provisional certificate: “diploma-scan.pdf” replaced by “diploma-better.png”',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Document deleted by the applicant')).toBeTruthy();
    expect(screen.getByText('Internship letter (additional document): “letter.pdf”')).toBeTruthy();
  });

  it('says the body withdrew the statement, with the reason the applicant was given, in en-US and it-IT', async () => {
    const practice = staffPracticeFixture({
      status: 'published',
      history: [
        {
          id: 9,
          action: 'statement_withdrawn',
          from_status: 'published',
          to_status: 'published',
          by: null,
          note: null,
          details: { certificate_id: 'b4e7b10d', reason: 'The diploma was not issued by the institution.' },
          at: '2026-12-07T09:00:00.000Z',
        },
      ],
    });
    for (const [locale, what, reason] of [
      [
        'en-US',
        'Statement withdrawn by the body',
        'Reason given to the applicant: The diploma was not issued by the institution.',
      ],
      [
        'it-IT',
        'Attestato ritirato dall’ente',
        'Motivo comunicato al richiedente: The diploma was not issued by the institution.',
      ],
    ] as const) {
      await changeLocale(locale);
      onTestFinished(() => changeLocale('en-US'));
      renderComponent(<RecordHistory practice={practice} />);
      expect(screen.getByText(what)).toBeTruthy();
      expect(screen.getByText(reason)).toBeTruthy();
      cleanup();
    }
  });

  it("names no appeal's move on an amendment while its type loads, then names it for the amendment", async () => {
    let answer: (type: 'amendment') => void = () => undefined;
    const type = new Promise<'amendment'>((resolve) => {
      answer = resolve;
    });
    // Answered even if the test fails first: the client shares a GET in flight with the next tests.
    onTestFinished(() => answer('amendment'));
    mockApi({
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
    renderComponent(
      <RecordHistory
        practice={staffPracticeFixture({
          id: 7,
          status: 'appeal_requested',
          history: [
            {
              id: 9,
              action: 'request_appeal',
              from_status: 'published',
              to_status: 'appeal_requested',
              by: byApplicant,
              note: null,
              details: null,
              at: '2026-12-01T09:00:00.000Z',
            },
          ],
        })}
      />,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading…'));
    expect(screen.queryByText('Appeal requested')).toBeNull();
    answer('amendment');
    expect(await screen.findByText('Amendment requested')).toBeTruthy();
    expect(screen.queryByText('Appeal requested')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the newest page of the trail, and the older ones with what happened in their time on "Show older entries"', async () => {
    let sendPage: () => void = () => undefined;
    const pageSent = new Promise<void>((resolve) => {
      sendPage = resolve;
    });
    onTestFinished(() => sendPage());
    const api = mockApi({
      'GET /staff/practices/7/history': async (call) =>
        call.query.get('before') === '60'
          ? await pageSent.then(() => ({
              body: { data: { entries: [move(40, '2026-11-04T09:00:00.000Z')], has_older: true } },
            }))
          : call.query.get('before') === '40'
            ? { body: { data: { entries: [move(20, '2026-11-01T09:00:00.000Z')], has_older: false } } }
            : { status: 422, body: { code: 'VALIDATION_FAILED', message: 'Invalid', errors: {} } },
    });
    renderComponent(
      <RecordHistory
        practice={staffPracticeFixture({
          id: 7,
          history: [move(60, '2026-11-10T09:00:00.000Z')],
          has_older_history: true,
          notes: [
            { id: 3, text: 'Call the university', author: null, created_at: '2026-11-05T09:00:00.000Z' },
          ],
          thread: [],
          documents: [],
        })}
      />,
    );
    const files = () =>
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent.match(/“(v\d+)\.pdf”|Call the university/)?.[1] ?? 'note');
    // The note is older than the moves shown: it comes with those of its time.
    expect(files()).toEqual(['v60']);
    const button = screen.getByRole('button', { name: 'Show older entries' });
    await userEvent.click(button);
    // Busy while the page comes, never disabled: a disabled button drops the keyboard's focus.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    sendPage();
    await waitFor(() => expect(files()).toEqual(['v40', 'note', 'v60']));
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(api.callsTo('GET /staff/practices/7/history')[0]?.query.get('before')).toBe('60');

    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(files()).toEqual(['v20', 'v40', 'note', 'v60']));
    expect(api.callsTo('GET /staff/practices/7/history')[1]?.query.get('before')).toBe('40');
    // None older: the button is gone, and the focus is on the history it showed.
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list')));
  });

  it('leaves the older pages shown when more than a page was written since, and offers what lies between', async () => {
    const api = mockApi({
      'GET /staff/practices/7/history': (call) =>
        call.query.get('before') === '60'
          ? { body: { data: { entries: [move(40, '2026-11-04T09:00:00.000Z')], has_older: false } } }
          : { body: { data: { entries: [move(150, '2026-11-12T09:00:00.000Z')], has_older: true } } },
    });
    const practice = (history: AuditEntry[]) =>
      staffPracticeFixture({ id: 7, history, has_older_history: true, notes: [], thread: [], documents: [] });
    // The workspace as read now, and as read again after a hundred more entries.
    function Workspace() {
      const [history, setHistory] = useState([move(60, '2026-11-10T09:00:00.000Z')]);
      return (
        <>
          <button type="button" onClick={() => setHistory([move(200, '2026-11-14T09:00:00.000Z')])}>
            Read again
          </button>
          <RecordHistory practice={practice(history)} />
        </>
      );
    }
    renderComponent(<Workspace />);
    const files = () =>
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent.match(/“(v\d+)\.pdf”/)?.[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(files()).toEqual(['v40', 'v60']));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();

    // Its newest page no longer meets the older ones shown.
    await userEvent.click(screen.getByRole('button', { name: 'Read again' }));
    expect(files()).toEqual(['v200']);
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(files()).toEqual(['v150', 'v200']));
    expect(api.callsTo('GET /staff/practices/7/history')[1]?.query.get('before')).toBe('200');
  });

  it('says why when the older entries could not be read, and keeps the button', async () => {
    mockApi({
      'GET /staff/practices/7/history': {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' },
      },
    });
    renderComponent(
      <RecordHistory
        practice={staffPracticeFixture({
          id: 7,
          has_older_history: true,
          notes: [],
          thread: [],
          documents: [],
        })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show older entries' })).toBeTruthy();
  });

  it('offers no older entries when the workspace holds the whole trail', () => {
    renderComponent(<RecordHistory practice={staffPracticeFixture({ id: 7 })} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});
