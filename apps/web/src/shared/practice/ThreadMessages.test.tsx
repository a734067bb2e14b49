import type { ThreadMessage } from '@lisbon/domain';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { renderComponent } from '@/test/renderComponent';
import { ThreadMessages } from './ThreadMessages';

afterEach(async () => {
  cleanup();
  await changeLocale('en-US');
});

const message = (id: number, side: ThreadMessage['side'], authorName: string | null): ThreadMessage => ({
  id,
  side,
  author_name: authorName,
  body: `Message ${id}`,
  requested_documents: [],
  documents: [
    {
      id: 40 + id,
      practice_id: 7,
      type: 'additional',
      additional_type: 'Internship letter',
      file_name: 'letter.pdf',
      content_type: 'application/pdf',
      size: 4,
      sha256: 'a'.repeat(64),
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  created_at: '2026-11-20T10:00:00.000Z',
});

describe('ThreadMessages', () => {
  it('names the applicant’s own message “Your message” (“Il tuo messaggio”), the office’s by its author, and an attached document by the name its applicant gave it', async () => {
    renderComponent(
      <ThreadMessages
        viewer="applicant"
        messages={[message(1, 'staff', 'Giulia Bianchi'), message(2, 'applicant', null)]}
      />,
    );
    expect(screen.getByRole('article', { name: 'Message from Giulia Bianchi' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Your message' })).toBeTruthy();
    expect(screen.getAllByText('Internship letter (additional document): letter.pdf')).toHaveLength(2);
    await act(() => changeLocale('it-IT'));
    expect(await screen.findByRole('article', { name: 'Il tuo messaggio' })).toBeTruthy();
  });
});
