import { describe, expect, it } from 'vitest';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { recordEntries } from './record';

describe('recordEntries', () => {
  it('merges moves, notes, messages and documents, oldest first, a move before what it carried', () => {
    const practice = staffPracticeFixture({
      history: [
        {
          id: 1,
          action: 'submit',
          from_status: 'draft',
          to_status: 'unassigned',
          by: null,
          note: null,
          details: null,
          at: '2026-11-02T09:00:00.000Z',
        },
        {
          id: 2,
          action: 'ask_applicant',
          from_status: 'in_evaluation',
          to_status: 'pending_student_reply',
          by: { id: 21, first_name: 'Enzo', last_name: 'Valutati', role: 'evaluator' },
          note: null,
          details: null,
          at: '2026-11-04T10:00:00.000Z',
        },
      ],
      notes: [{ id: 7, text: 'Call the university', author: null, created_at: '2026-11-03T08:00:00.000Z' }],
      thread: [
        {
          id: 9,
          side: 'staff',
          author_name: 'Enzo Valutati',
          body: 'Which year?',
          requested_documents: [],
          documents: [],
          created_at: '2026-11-04T10:00:00.000Z',
        },
      ],
      documents: [],
    });
    expect(recordEntries(practice).map((entry) => [entry.kind, entry.at.slice(0, 10)])).toEqual([
      ['move', '2026-11-02'],
      ['note', '2026-11-03'],
      ['move', '2026-11-04'],
      ['staffMessage', '2026-11-04'],
    ]);
  });
});
