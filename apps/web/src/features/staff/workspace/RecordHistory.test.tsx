import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { RecordHistory } from './RecordHistory';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const byApplicant = { id: 1, first_name: 'Amina', last_name: 'Haddad', role: 'applicant' };

describe("the record's history", () => {
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

  it("names no appeal's move on an amendment while its type loads, then names it for the amendment", async () => {
    let answer: (type: 'amendment') => void = () => undefined;
    const type = new Promise<'amendment'>((resolve) => {
      answer = resolve;
    });
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
});
