import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { renderComponent } from '@/test/renderComponent';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { NotesSection } from './NotesSection';

afterEach(async () => {
  cleanup();
  await changeLocale('en-US');
});

describe('the internal notes of a request', () => {
  it('say none was added yet in their own words, not "No items found", in en-US and it-IT', async () => {
    renderComponent(<NotesSection practice={staffPracticeFixture({ notes: [] })} isAllowed={false} />);
    expect(screen.getByText('No internal note has been added to this request yet.')).toBeTruthy();
    expect(screen.queryByText('No items found')).toBeNull();
    await act(() => changeLocale('it-IT'));
    expect(
      await screen.findByText('A questa richiesta non è ancora stata aggiunta nessuna nota interna.'),
    ).toBeTruthy();
  });
});
