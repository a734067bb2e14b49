import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { currentUserQuery } from '@/shared/session/currentUser';
import { storage } from '@/shared/storage';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { testUser } from '@/test/users';
import { watchSession } from './session';

let stop: (() => void) | undefined;

afterEach(async () => {
  stop?.();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en-US');
});

function loggedIn(path: string) {
  storage.set('token', 't'.repeat(43));
  storage.set('tokenExpiresAt', '2099-01-01T00:00:00.000Z');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, testUser());
  const view = renderApp(path, { queryClient });
  stop = watchSession(view.router, queryClient);
  return view;
}

describe('session end', () => {
  it('logs out and goes to /auth/login, remembering the page, when any call answers 401', async () => {
    const api = mockApi({
      'PATCH /profile': {
        status: 401,
        body: { code: 'TOKEN_EXPIRED', message: 'Your session has expired. Please log in again.' },
      },
      'POST /auth/logout': { status: 204 },
    });
    const { router } = loggedIn('/account');
    await userEvent.click(await screen.findByRole('switch', { name: /Send me news/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?next=%2Faccount');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText('You have logged out.')).toBeNull();
    expect(storage.get('token')).toBeNull();
    expect(storage.get('tokenExpiresAt')).toBeNull();
    expect(api.callsTo('POST /auth/logout')[0]?.body).toEqual({ route: '/account', cause: 'expired' });
  });

  it('on a public page, ends a lapsed session and lets the visitor stay (no login page, no token in its address)', async () => {
    const api = mockApi({ 'POST /auth/logout': { status: 204 } });
    storage.set('token', 't'.repeat(43));
    storage.set('tokenExpiresAt', '2000-01-01T00:00:00.000Z');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = renderApp('/faq', { queryClient });
    stop = watchSession(view.router, queryClient);

    await waitFor(() => expect(api.callsTo('POST /auth/logout')).toHaveLength(1));
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/faq');
    expect(storage.get('token')).toBeNull();
  });

  it('on a logged-in page, a lapsed session goes to /auth/login, remembering the page', async () => {
    mockApi({ 'POST /auth/logout': { status: 204 } });
    storage.set('token', 't'.repeat(43));
    storage.set('tokenExpiresAt', '2000-01-01T00:00:00.000Z');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(currentUserQuery.queryKey, testUser());
    const view = renderApp('/account', { queryClient });
    stop = watchSession(view.router, queryClient);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/auth/login'));
    expect(view.router.state.location.search).toBe('?next=%2Faccount');
  });

  it('saves the language of a logged-in user in the profile', async () => {
    const api = mockApi({
      'PATCH /profile': ({ body }) => ({ body: { data: testUser(body as { locale: 'it-IT' }) } }),
    });
    loggedIn('/account');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'it-IT');
    await waitFor(() => expect(api.callsTo('PATCH /profile')[0]?.body).toEqual({ locale: 'it-IT' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(i18n.language).toBe('it-IT');
  });

  it('calls POST /auth/logout with the route and the cause "user" from the navigation', async () => {
    const api = mockApi({ 'POST /auth/logout': { status: 204 } });
    const { router } = loggedIn('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.callsTo('POST /auth/logout')[0]?.body).toEqual({ route: '/account', cause: 'user' });
    expect(api.callsTo('POST /auth/logout')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${'t'.repeat(43)}`,
    );
    expect(storage.get('token')).toBeNull();
  });

  it('says "You have logged out." politely on the login page a logout leads to, and not on a later visit', async () => {
    mockApi({ 'POST /auth/logout': { status: 204 } });
    const { router } = loggedIn('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    const notice = await screen.findByText('You have logged out.');
    // Said in a polite live region, not as an alert.
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((violation) => violation.id)).toEqual([]);

    await router.navigate('/auth/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeTruthy();
    await router.navigate('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText('You have logged out.')).toBeNull();
  });
});
