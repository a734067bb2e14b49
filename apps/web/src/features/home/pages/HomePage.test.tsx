import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const figures = (count: number) => ({
  'GET /reference/figures': { body: { data: { lisbon_states_count: count } } },
});

describe('the home page', () => {
  it('states the count of Lisbon Convention states the data holds', async () => {
    mockApi(figures(55));
    renderApp('/');
    expect(await screen.findByText(/^For qualifications from the 55 states that signed/)).toBeTruthy();
  });

  it('follows a correction of the data, with no text edited', async () => {
    mockApi(figures(54));
    renderApp('/');
    expect(await screen.findByText(/^For qualifications from the 54 states that signed/)).toBeTruthy();
  });

  it('says the sentence without a number when the figure cannot be had', async () => {
    mockApi({});
    renderApp('/');
    expect(
      await screen.findByText(
        /^For qualifications from the states that signed the Lisbon Recognition Convention/,
      ),
    ).toBeTruthy();
  });

  it('invites a visitor to register and log in, and a logged-in applicant to their requests only (issue 33)', async () => {
    mockApi(figures(55));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register as a refugee' })).toBeTruthy();
    cleanup();

    mockApi(figures(55));
    renderApp('/', { queryClient: logIn() });
    // The first load's "Loading…" stands in a main landmark of its own (the page's replaces it), so
    // the page's main is looked for anew until it holds the link.
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'My requests' })).toBeTruthy(),
    );
    const main = screen.getByRole('main');
    for (const name of ['Create an account', 'Log in', 'Register as a refugee'])
      expect(within(main).queryByRole('link', { name })).toBeNull();
  });
});
