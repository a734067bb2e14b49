import { type CreatePractice, STATUS_LABELS } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage';
import { findAlert } from '@/test/alerts';
import { discoveryFixture, practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { testUser } from '@/test/users';

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

  it('chooses no country from a link naming Italy, the operator’s own country: it is not offered', async () => {
    const calls = mockApi({
      'GET /practices/draft': { body: { data: null } },
      'GET /countries/IT': { body: { data: { ...discoveryFixture().country, code: 'IT', name: 'Italy' } } },
      'GET /services/discovery': { body: { data: discoveryFixture() } },
    });
    renderApp('/service/new?country=it&level=higher', { queryClient: logIn() });
    const country = await screen.findByRole('combobox', { name: 'Country of education system' });
    expect(screen.getByText('Choose a country and a level to see the service that applies.')).toBeTruthy();
    expect((country as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Create the request' })).toBeNull();
    expect(calls.callsTo('GET /services/discovery')).toHaveLength(0);
    expect(calls.callsTo('GET /countries/IT')).toHaveLength(0);
  });

  describe('a refugee account that has filed its two requests (issue 33)', () => {
    const counts = (submitted: number) => ({
      body: {
        data: {
          counts: {
            ...Object.fromEntries(STATUS_LABELS.map((label) => [label, 0])),
            closed: submitted,
            draft: 1,
          },
          total: submitted + 1,
        },
      },
    });
    const refugee = () => logIn(testUser({ category: 'refugee' }));

    it('is told so in a sentence before choosing a country, with no button to create one', async () => {
      mockApi({
        'GET /practices/draft': { body: { data: null } },
        'GET /users/1/notifications': counts(2),
      });
      renderApp('/service/new', { queryClient: refugee() });
      expect(await screen.findByText('Limit reached')).toBeTruthy();
      expect(
        screen.getByText(
          'A refugee account can file up to 2 requests, and yours has filed 2: no new request can be created. You can follow them under My requests.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to My requests' }).getAttribute('href')).toBe('/practices');
      expect(screen.queryByRole('combobox', { name: 'Country of education system' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Create the request' })).toBeNull();
    });

    it('is told so on the service page too, where the service can still be looked up but not started', async () => {
      mockApi({
        'GET /users/1/notifications': counts(2),
        'GET /countries/FR': { body: { data: discoveryFixture().country } },
        'GET /services/discovery': { body: { data: discoveryFixture() } },
      });
      renderApp('/service?country=FR&level=higher', { queryClient: refugee() });
      expect(await screen.findByText('Limit reached')).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Country of education system' })).toBeTruthy();
      // The service found, and no way to a request the API would refuse.
      expect(await screen.findByText('Free comparability for refugees')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Start a request' })).toBeNull();
    });

    it('offers to start a request on the service page below the limit', async () => {
      mockApi({
        'GET /users/1/notifications': counts(1),
        'GET /countries/FR': { body: { data: discoveryFixture().country } },
        'GET /services/discovery': { body: { data: discoveryFixture() } },
      });
      renderApp('/service?country=FR&level=higher', { queryClient: refugee() });
      expect(await screen.findByRole('link', { name: 'Start a request' })).toBeTruthy();
    });

    it('is not told so below the limit: the draft does not count', async () => {
      mockApi({
        'GET /practices/draft': { body: { data: null } },
        'GET /users/1/notifications': counts(1),
        'GET /countries/FR': { body: { data: discoveryFixture().country } },
        'GET /services/discovery': { body: { data: discoveryFixture() } },
      });
      renderApp('/service/new?country=FR&level=higher', { queryClient: refugee() });
      expect(await screen.findByRole('button', { name: 'Create the request' })).toBeTruthy();
      expect(screen.queryByText('Limit reached')).toBeNull();
    });
  });
});

describe('new request without a draft', () => {
  it.each([
    [
      'en-US',
      'Choose the country and level of your qualification, then create the request. Each step is saved in the draft when you press its button to continue; until then, what you type is kept in this browser tab.',
    ],
    [
      'it-IT',
      'Scegli il paese e il livello del tuo titolo, poi crea la richiesta. Ogni passo viene salvato nella bozza quando premi il suo pulsante per continuare; fino ad allora, quello che scrivi resta in questa scheda del browser.',
    ],
  ] as const)(
    'says when a step reaches the draft: on its button, what is typed waiting in the tab until then (%s)',
    async (locale, intro) => {
      await changeLocale(locale);
      try {
        mockApi({
          'GET /practices/draft': { body: { data: null } },
          'GET /countries/FR': { body: { data: discoveryFixture().country } },
          'GET /services/discovery': { body: { data: discoveryFixture() } },
        });
        renderApp('/service/new?country=FR&level=higher', { queryClient: logIn() });
        expect(await screen.findByText(intro)).toBeTruthy();
      } finally {
        await changeLocale('en-US');
      }
    },
  );
});
