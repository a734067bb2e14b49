import type { CreatePractice } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage';
import { findAlert } from '@/test/alerts';
import { discoveryFixture, practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const draft = practiceFixture({ id: 7, wizard_step: 'documents' });

function api() {
  return mockApi({
    'GET /practices/draft': { body: { data: draft } },
    'GET /countries/FR': { body: { data: discoveryFixture().country } },
    'GET /services/discovery': { body: { data: discoveryFixture() } },
    'POST /practices': ({ body }) => ({
      status: 201,
      body: { data: practiceFixture({ id: 8, country: (body as CreatePractice).country }) },
    }),
    'GET /users/1/user-qualification': { body: { data: [] } },
  });
}

describe('new request with a draft present', () => {
  it('offers to continue the draft where it stopped', async () => {
    api();
    renderApp('/service/new?country=FR&level=higher', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { name: 'You have a draft request' })).toBeTruthy();
    expect(screen.getByText(/It stopped at step 3 of 4 \(Documents\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue the draft' }).getAttribute('href')).toBe(
      '/service/new/documents',
    );
  });

  it('starts a new request only after confirming, replacing the draft', async () => {
    const calls = api();
    const { router } = renderApp('/service/new?country=FR&level=higher', { queryClient: logIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a new request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a new request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'You have a draft request' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Start a new request' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete the draft' }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the draft and create the new request' }),
    );

    await waitFor(() => expect(calls.callsTo('POST /practices')).toHaveLength(1));
    expect(calls.callsTo('POST /practices')[0]?.body).toEqual({
      country: 'FR',
      level: 'higher',
      is_urgent: false,
      replace_draft: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/new/purpose'));
    expect(storage.get('draft')).toEqual({ practiceId: 8, step: 'purpose' });
  });

  it("says 'Limit reached' when a refugee account holds its two requests", async () => {
    mockApi({
      'GET /practices/draft': { body: { data: null } },
      'GET /countries/FR': { body: { data: discoveryFixture().country } },
      'GET /services/discovery': { body: { data: discoveryFixture() } },
      'POST /practices': { status: 409, body: { code: 'LIMIT_REACHED', message: 'Limit reached' } },
    });
    renderApp('/service/new?country=FR&level=higher', { queryClient: logIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Create the request' }));
    expect(await findAlert('Limit reached')).toBeTruthy();
  });
});
