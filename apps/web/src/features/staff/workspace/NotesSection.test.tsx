import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { staffPracticeFixture } from '@/test/staffFixtures';
import { NotesSection } from './NotesSection';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
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

  it('adds a note again with the same Idempotency-Key after a lost answer', async () => {
    const practice = staffPracticeFixture({ notes: [] });
    let isLost = true;
    const api = mockApi({
      [`POST /staff/practices/${practice.id}/notes`]: () => {
        if (!isLost) return { body: { data: practice, meta: { notice: 'noteAdded', message: '' } } };
        isLost = false;
        return { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } };
      },
    });
    renderComponent(<NotesSection practice={practice} isAllowed />);
    await userEvent.type(screen.getByLabelText(/^New note/), 'Called the university.');
    const add = screen.getByRole('button', { name: 'Add the note' });
    await userEvent.click(add);
    // The answer lost: the form says so and keeps the note for another press.
    expect(await screen.findByRole('alert')).toBeTruthy();
    await userEvent.click(add);
    await waitFor(() => expect(api.callsTo(`POST /staff/practices/${practice.id}/notes`)).toHaveLength(2));
    const keys = api
      .callsTo(`POST /staff/practices/${practice.id}/notes`)
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
