import { type Notifications, STATUS_LABELS } from '@lisbon/domain';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AwaitingReplyBadge, RequestsBadge } from '@/features/notifications/components/RequestsBadge';
import { changeLocale } from '@/shared/i18n';
import { badgeContrast } from '@/test/contrast';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { renderComponent } from '@/test/renderComponent';
import { logIn } from '@/test/session';
import { DESKTOP, setViewport } from '@/test/viewport';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLocale('en-US');
});

const noneOf = Object.fromEntries(STATUS_LABELS.map((label) => [label, 0])) as Notifications['counts'];

describe('the applicant’s counts beside "My requests"', () => {
  it('are heard once, after the link’s name, in words with their plural', async () => {
    setViewport(DESKTOP);
    mockApi({
      'GET /users/1/notifications': {
        body: { data: { counts: { ...noneOf, draft: 1, 'cimea request': 2 }, total: 3 } },
      },
      'GET /practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
    });
    renderApp('/practices', { queryClient: logIn() });

    const link = await screen.findByRole('link', {
      name: 'My requests, 2 requests await your reply, 3 requests in all',
    });
    // The numbers are there to see: their badges are hidden from screen readers as a whole, as is
    // the label seen, heard in the name with the counts, with no space before their commas.
    expect([...link.querySelectorAll('[aria-hidden="true"]')].map((hidden) => hidden.textContent)).toEqual([
      'My requests',
      '23',
    ]);

    await act(() => changeLocale('it-IT'));
    expect(
      await screen.findByRole('link', {
        name: 'Le mie richieste, 2 richieste attendono una tua risposta, 3 richieste in tutto',
      }),
    ).toBeTruthy();
  });

  it('says the total alone, in the singular, when nothing awaits a reply', async () => {
    setViewport(DESKTOP);
    mockApi({
      'GET /users/1/notifications': { body: { data: { counts: { ...noneOf, draft: 1 }, total: 1 } } },
      'GET /practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
    });
    renderApp('/practices', { queryClient: logIn() });

    expect(await screen.findByRole('link', { name: 'My requests, 1 request in all' })).toBeTruthy();
  });
});

describe('the counts’ numbers', () => {
  it('read at WCAG AA contrast (4.5:1) at their small size: white on orange.9 read 4.29:1', async () => {
    renderComponent(
      <>
        <RequestsBadge notifications={{ counts: { ...noneOf, 'cimea request': 2 }, total: 3 }} />
        <AwaitingReplyBadge count={4} />
      </>,
    );
    for (const count of ['2', '3', '4']) {
      expect(badgeContrast(await screen.findByText(count))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
