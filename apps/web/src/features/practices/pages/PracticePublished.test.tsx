import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const published = (isAppealWindowOpen: boolean) =>
  practiceFixture({
    status: 'published',
    status_label: 'published',
    published_at: '2026-11-02T09:00:00.000Z',
    is_appeal_window_open: isAppealWindowOpen,
  });

function open(isAppealWindowOpen: boolean) {
  mockApi({ 'GET /practices/7': { body: { data: published(isAppealWindowOpen) } } });
  renderApp('/practices/7', { queryClient: logIn() });
}

describe('a published request’s next step (issue 33)', () => {
  it('offers the appeal while the server says its window is open', async () => {
    open(true);
    expect(
      await screen.findByText(
        'Your statement is published. You can ask for an appeal or an amendment within 7 days of its release.',
      ),
    ).toBeTruthy();
  });

  it('says the appeal window has ended once the server says so, whatever the device’s clock, in both languages', async () => {
    open(false);
    expect(
      await screen.findByText(
        'Your statement is published. The 7 days to ask for an appeal or an amendment have ended.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/You can ask for an appeal/)).toBeNull();
    cleanup();
    await changeLocale('it-IT');
    open(false);
    expect(
      await screen.findByText(
        'Il tuo attestato è pubblicato. I 7 giorni per chiedere un ricorso o una rettifica sono terminati.',
      ),
    ).toBeTruthy();
  });
});

describe('a request whose statement was withdrawn (decision 097)', () => {
  function openWithdrawn() {
    mockApi({
      'GET /practices/7': {
        body: { data: { ...published(false), statement_withdrawn_at: '2026-11-05T10:00:00.000Z' } },
      },
      'GET /practices/7/statement': {
        body: {
          data: { status: 'withdrawn', certificate_id: 'c-7', withdrawn_at: '2026-11-05T10:00:00.000Z' },
        },
      },
    });
    renderApp('/practices/7', { queryClient: logIn() });
  }

  it('says it is withdrawn, and when, instead of offering an appeal, in both languages', async () => {
    openWithdrawn();
    expect(
      await screen.findByText(
        'Your statement has been withdrawn: it is no longer valid, and no appeal or amendment can be asked for.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText(/^This statement was withdrawn on November 5, 2026\./)).toBeTruthy();
    expect(screen.queryByText(/Your statement is published/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ask for an appeal or amendment' })).toBeNull();
    cleanup();
    await changeLocale('it-IT');
    openWithdrawn();
    expect(await screen.findByText(/^Il tuo attestato è stato ritirato:/)).toBeTruthy();
    expect(await screen.findByText(/^Questo attestato è stato ritirato il 5 novembre 2026\./)).toBeTruthy();
  });
});
