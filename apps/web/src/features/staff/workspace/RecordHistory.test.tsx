import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { RecordHistory } from './RecordHistory';

afterEach(cleanup);

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
});
