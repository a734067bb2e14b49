import type { PracticeDocument } from '@lisbon/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { StaffDocuments } from './StaffDocuments';

afterEach(cleanup);

const documentOf = (id: number, file_name: string, content_type: string): PracticeDocument => ({
  id,
  practice_id: 7,
  type: 'diploma',
  additional_type: null,
  file_name,
  content_type,
  size: 2048,
  sha256: 'a'.repeat(64),
  created_at: '2026-11-02T09:00:00.000Z',
});

describe('the documents of a request, for staff', () => {
  it('says the request has no documents in its own words, not "No items found"', () => {
    renderComponent(<StaffDocuments practice={staffPracticeFixture({ documents: [] })} />);
    expect(screen.getByText('This request has no documents.')).toBeTruthy();
    expect(screen.queryByText('No items found')).toBeNull();
  });

  it('shows images inline on demand, and only offers PDFs to download: none opens inside the portal', () => {
    renderComponent(
      <StaffDocuments
        practice={staffPracticeFixture({
          documents: [
            documentOf(1, 'diploma.pdf', 'application/pdf'),
            documentOf(2, 'passport.png', 'image/png'),
          ],
        })}
      />,
    );
    const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
    const buttons = (name: string) =>
      within(rowOf(name))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(buttons('diploma.pdf')).toEqual(['Download diploma.pdf']);
    expect(buttons('passport.png')).toEqual(['Show passport.png', 'Download passport.png']);
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('the documents a refugee declared unobtainable, for staff', () => {
  it('are listed beside the documents with the applicant’s explanation, so the evaluator assesses from what is there', () => {
    renderComponent(
      <StaffDocuments
        practice={staffPracticeFixture({
          service: 'refugee_comparability',
          documents: [],
          missing_documents: ['diploma', 'transcript_of_records'],
          unobtainable_documents: [
            {
              type: 'diploma',
              explanation: 'Left in Kabul when I fled.',
              declared_at: '2026-11-02T09:00:00.000Z',
            },
            { type: 'transcript_of_records', explanation: null, declared_at: '2026-11-02T09:05:00.000Z' },
          ],
        })}
      />,
    );
    const title = screen.getByRole('heading', { name: 'Declared unobtainable by the applicant' });
    const box = title.closest('.mantine-Alert-root') as HTMLElement;
    expect(within(box).getByText(/assess the qualification from the evidence available/)).toBeTruthy();
    const items = within(box)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Diploma or provisional certificate (declared on November 2, 2026)Left in Kabul when I fled.',
      'Transcript of records (declared on November 2, 2026)No explanation given.',
    ]);
  });

  it('are not mentioned when there are none', () => {
    renderComponent(<StaffDocuments practice={staffPracticeFixture({ documents: [] })} />);
    expect(screen.queryByRole('heading', { name: 'Declared unobtainable by the applicant' })).toBeNull();
  });
});
