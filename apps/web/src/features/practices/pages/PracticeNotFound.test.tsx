import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const NOT_FOUND = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
const NO_REQUESTS = { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } };

describe('a request page whose address names no request of the applicant’s', () => {
  it('says the request was not found, with the way back to My requests, in both languages', async () => {
    mockApi({ 'GET /practices/999': NOT_FOUND, 'GET /practices': NO_REQUESTS });
    renderApp('/practices/999', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Request no. 999 not found' })).toBeTruthy();
    expect(
      screen.getByText('It is not among your requests: check the link, or find the request in My requests.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to My requests' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My requests' })).toBeTruthy();

    cleanup();
    await changeLocale('it-IT');
    renderApp('/practices/999', { queryClient: logIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 999 non trovata' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai a Le mie richieste' }).getAttribute('href')).toBe(
      '/practices',
    );
  });

  it('says so at once for an address that names no request at all, where it showed "Loading…" for ever', async () => {
    const api = mockApi({ 'GET /practices': NO_REQUESTS });
    renderApp('/practices/abc', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Request not found' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My requests' }).getAttribute('href')).toBe('/practices');
    expect(api.callsTo('GET /practices/abc')).toHaveLength(0);
  });

  it('says so on the appeal page too: a request not the applicant’s, and an address naming none, which showed "Loading…" for ever', async () => {
    const api = mockApi({
      'GET /practices/999/appeal': NOT_FOUND,
      'GET /practices': NO_REQUESTS,
    });
    renderApp('/practices/999/appeal', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Request no. 999 not found' })).toBeTruthy();
    expect(
      screen.getByText('It is not among your requests: check the link, or find the request in My requests.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    cleanup();
    await changeLocale('it-IT');
    renderApp('/practices/0/appeal', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Richiesta non trovata' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Vai a Le mie richieste' }).getAttribute('href')).toBe(
      '/practices',
    );
    expect(api.callsTo('GET /practices/0/appeal')).toHaveLength(0);
  });
});
