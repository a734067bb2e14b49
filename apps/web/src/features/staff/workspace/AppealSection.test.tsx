import type { PracticeDocument } from '@lisbon/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { AppealSection } from './AppealSection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const documentOf = (id: number, file_name: string, type: PracticeDocument['type']): PracticeDocument => ({
  id,
  practice_id: 7,
  type,
  additional_type: type === 'additional' ? 'Grading scale letter' : null,
  file_name,
  content_type: 'application/pdf',
  size: 2048,
  sha256: 'a'.repeat(64),
  created_at: '2026-11-02T09:00:00.000Z',
});

describe('the appeal in the staff workspace', () => {
  it('shows the applicant’s motivation and the documents given with the appeal, each to download', async () => {
    mockApi({
      'GET /staff/practices/7/appeal': {
        body: {
          data: {
            id: 3,
            practice_id: 7,
            type: 'appeal',
            motivation: 'The grading scale was misread.',
            document_ids: [12],
            created_at: '2026-12-01T09:00:00.000Z',
            is_open: true,
            statement: null,
          },
        },
      },
    });
    renderComponent(
      <AppealSection
        practice={staffPracticeFixture({
          status: 'appeal_in_evaluation',
          status_label: 'appeal in evaluation',
          documents: [
            documentOf(1, 'diploma.pdf', 'diploma'),
            documentOf(12, 'grading-letter.pdf', 'additional'),
          ],
        })}
      />,
    );
    expect(await screen.findByText('The grading scale was misread.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Supporting documents' });
    // The appeal's document only, not the request's others.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Grading scale letter (additional document): grading-letter.pdfDownload grading-letter.pdf']);
    expect(within(list).getByRole('button', { name: 'Download grading-letter.pdf' })).toBeTruthy();
  });
});
