import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { staffUser } from '@/test/staffFixtures';
import { DESKTOP, setViewport } from '@/test/viewport';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLocale('en-US');
});

const counts = { assigned: 2, to_review: 0, unassigned: 1, ready_for_issue: 0, archive: 12, all: 16 };

describe('the staff navigation’s counts', () => {
  it('are heard once, after the link’s name, in words with their plural ("Assigned to me, 2 requests")', async () => {
    setViewport(DESKTOP);
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
    });
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('admin')) });

    const assigned = await screen.findByRole('link', { name: 'Assigned to me, 2 requests' });
    expect(screen.getByRole('link', { name: 'To assign or admit, 1 request' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To review, 0 requests' })).toBeTruthy();
    // One name for the list of every request, the menu's as its page's heading: not "All".
    const all = screen.getByRole('link', { name: 'All requests, 16 requests' });
    expect(await screen.findByRole('heading', { level: 1, name: 'All requests' })).toBeTruthy();
    expect(all.getAttribute('href')).toBe('/staff/queues/all');
    // The number is there to see: its badge is hidden from screen readers as a whole.
    expect(
      [...assigned.querySelectorAll('[aria-hidden="true"]')].map((hidden) => hidden.textContent),
    ).toEqual(['Assigned to me', '2']);

    await act(() => changeLocale('it-IT'));
    // The queue has one name in it-IT, the menu's as its page's heading: "Assegnate a me", not "Assegnate".
    const assegnate = await screen.findByRole('link', { name: 'Assegnate a me, 2 richieste' });
    expect(screen.getByRole('link', { name: 'Da assegnare o ammettere, 1 richiesta' })).toBeTruthy();
    await userEvent.click(assegnate);
    expect(await screen.findByRole('heading', { level: 1, name: 'Assegnate a me' })).toBeTruthy();
    // "Tutte le richieste" in the menu as on its page, not "Tutte".
    await userEvent.click(screen.getByRole('link', { name: 'Tutte le richieste, 16 richieste' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutte le richieste' })).toBeTruthy();
  });
});
