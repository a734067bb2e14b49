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

  it('say of a queue holding appeals or amendments how many, as its page splits its total', async () => {
    setViewport(DESKTOP);
    const none = { appeals: 0, amendments: 0 };
    mockApi({
      'GET /staff/queues/counts': {
        body: {
          data: {
            ...counts,
            assigned: 12,
            kinds: {
              assigned: { appeals: 3, amendments: 1 },
              to_review: none,
              unassigned: { appeals: 0, amendments: 1 },
              ready_for_issue: none,
              archive: { appeals: 2, amendments: 0 },
              all: { appeals: 5, amendments: 2 },
            },
          },
        },
      },
      'GET /staff/practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
    });
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('admin')) });

    expect(
      await screen.findByRole('link', {
        name: 'Assigned to me, 12 requests, of which 3 appeals and 1 amendment',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'To assign or admit, 1 request, of which 1 amendment' }),
    ).toBeTruthy();
    // A queue with neither says its count alone.
    expect(screen.getByRole('link', { name: 'To review, 0 requests' })).toBeTruthy();
    await act(() => changeLocale('it-IT'));
    expect(
      await screen.findByRole('link', {
        name: 'Assegnate a me, 12 richieste, di cui 3 ricorsi e 1 rettifica',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Tutte le richieste, 16 richieste, di cui 5 ricorsi e 2 rettifiche' }),
    ).toBeTruthy();
  });
});
