import { STATUS_LABELS } from '@lisbon/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { discoveryFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { testUser } from '@/test/users';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const france = discoveryFixture().country;
const turkmenistan = { ...france, code: 'TM', name: 'Turkmenistan', is_service_available: false };

function api(more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...more,
    'GET /countries': ({ query }) => ({
      body: {
        data: [france, turkmenistan].filter((country) =>
          country.name.toLowerCase().includes((query.get('search') ?? '').toLowerCase()),
        ),
        meta: { page: 1, perPage: 2, total: 2 },
      },
    }),
    'GET /countries/FR': { body: { data: france } },
    'GET /countries/TM': { body: { data: turkmenistan } },
    'GET /services/discovery': ({ query }) => ({
      body: {
        data:
          query.get('country') === 'TM'
            ? discoveryFixture({ country: turkmenistan, service: null, refugee_alternative: null })
            : discoveryFixture(),
      },
    }),
  });
}

async function choose(country: string, typed: string) {
  const input = await screen.findByLabelText(/^Country of education system/, { selector: 'input' });
  await userEvent.clear(input);
  await userEvent.type(input, typed);
  await userEvent.click(await screen.findByRole('option', { name: country }));
}

describe('service discovery on the home page', () => {
  it('searches countries on the API only from the second character typed', async () => {
    const calls = api();
    renderApp('/');
    const input = await screen.findByLabelText(/^Country of education system/, { selector: 'input' });
    // Fake time jumps past the search's debounce instead of a real sleep; it also runs on by itself,
    // since testing-library's own zero-delay waits would otherwise never end.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await userEvent.type(input, 'f');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    vi.useRealTimers();
    expect(calls.callsTo('GET /countries')).toHaveLength(0);

    await userEvent.type(input, 'r');
    expect(await screen.findByRole('option', { name: 'France' })).toBeTruthy();
    expect(calls.callsTo('GET /countries').map((call) => call.query.get('search'))).toEqual(['fr']);
  });

  it('shows the service, its price with VAT apart, urgency, time and documents for a country and level', async () => {
    api();
    renderApp('/');
    await choose('France', 'fra');
    await userEvent.click(screen.getByRole('radio', { name: 'Higher education' }));

    const result = await screen.findByRole('region', { name: 'The service for your qualification' });
    expect(
      await within(result).findByRole('heading', { name: 'Correspondence and verification' }),
    ).toBeTruthy();
    expect(within(result).getByText('€150.00 VAT included (€122.95 plus €27.05 VAT)')).toBeTruthy();
    expect(within(result).getByText(/^30 working days, for/)).toBeTruthy();
    expect(
      within(result).getByText('60 working days: submitted today, expected by February 18, 2027'),
    ).toBeTruthy();
    const documents = within(result).getAllByRole('list')[0];
    expect(
      within(documents as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ID card or passport', 'Diploma or provisional certificate', 'Transcript of records']);
    expect(within(result).getByText(/demonstration values/)).toBeTruthy();
    expect(within(result).getByText('Do you hold asylum or subsidiary protection in Italy?')).toBeTruthy();
  });

  it('makes the level one Tab stop: the level checked, else the first (WAI-ARIA radio group)', async () => {
    api();
    renderApp('/');
    const group = await screen.findByRole('radiogroup', { name: /^Level of education system/ });
    const tabStops = () =>
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.tabIndex);
    // None chosen yet: Tab reaches the first level only (Chromium stopped on each).
    expect(tabStops()).toEqual([0, -1]);
    await userEvent.click(within(group).getByRole('radio', { name: /^Upper secondary/ }));
    expect(tabStops()).toEqual([-1, 0]);
  });

  it("says 'No service available' where none applies, and offers no request", async () => {
    api();
    renderApp('/');
    await choose('Turkmenistan', 'turk');
    await userEvent.click(screen.getByRole('radio', { name: 'Upper secondary education' }));
    expect(await screen.findByText('No service available')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start a request' })).toBeNull();
  });

  it("links 'contact us' of the no-service answer to the contact page", async () => {
    api();
    renderApp('/');
    await choose('Turkmenistan', 'turk');
    await userEvent.click(screen.getByRole('radio', { name: 'Upper secondary education' }));
    const answer = (await screen.findByText('No service available')).closest(
      '[role="alert"], .mantine-Alert-root',
    );
    const link = within(answer as HTMLElement).getByRole('link', { name: 'contact us' });
    expect(link.getAttribute('href')).toBe('/contact');
  });

  it('asks a visitor to log in before starting, then returns to the wizard with the choice', async () => {
    api();
    const { router } = renderApp('/');
    await choose('France', 'fra');
    await userEvent.click(screen.getByRole('radio', { name: 'Higher education' }));
    expect(await screen.findByText('You will be asked to log in or register first.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Start a request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/service/new?country=FR&level=higher',
    );
  });
});

describe('service discovery on the home page for a refugee account', () => {
  const counts = (submitted: number) => ({
    body: {
      data: {
        counts: {
          ...Object.fromEntries(STATUS_LABELS.map((label) => [label, 0])),
          'in evaluation': submitted,
        },
        total: submitted,
      },
    },
  });
  const refugee = () => logIn(testUser({ category: 'refugee' }));
  const withCounts = (submitted: number) => api({ 'GET /users/1/notifications': counts(submitted) });

  afterEach(() => changeLocale('en-US'));

  it('that has filed its two requests says the limit is reached where “Start a request” was, in Italian too', async () => {
    withCounts(2);
    renderApp('/', { queryClient: refugee() });
    await choose('France', 'fra');
    await userEvent.click(screen.getByRole('radio', { name: 'Higher education' }));
    const result = await screen.findByRole('region', { name: 'The service for your qualification' });
    expect(
      await within(result).findByText(
        'Limit reached: a refugee account can file up to 2 requests, and yours has filed them, so no new request can be started.',
      ),
    ).toBeTruthy();
    expect(within(result).getByText('Free comparability for refugees')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start a request' })).toBeNull();
    await changeLocale('it-IT');
    expect(
      await within(result).findByText(
        'Limite raggiunto: un account rifugiato può presentare al massimo 2 richieste e il tuo le ha già presentate, quindi non è possibile iniziarne una nuova.',
      ),
    ).toBeTruthy();
  });

  it('with one request filed still offers “Start a request”', async () => {
    withCounts(1);
    renderApp('/', { queryClient: refugee() });
    await choose('France', 'fra');
    await userEvent.click(screen.getByRole('radio', { name: 'Higher education' }));
    expect(await screen.findByRole('link', { name: 'Start a request' })).toBeTruthy();
    expect(screen.queryByText(/^Limit reached/)).toBeNull();
  });
});
