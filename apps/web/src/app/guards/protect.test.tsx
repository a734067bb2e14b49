import type { Role } from '@lisbon/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '@/shared/session/currentUser';
import { storage } from '@/shared/storage';
import { renderApp } from '@/test/renderApp';
import { testUser } from '@/test/users';

function loggedInAs(role: Role) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, testUser({ role }));
  return { queryClient, getToken: () => 'token' };
}

const answerProfileCall = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('route guard', () => {
  it('sends a visitor without a token to the login page', async () => {
    const { router } = renderApp('/practices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('opens a route whose ability the profile has', async () => {
    renderApp('/practices', loggedInAs('applicant'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My requests' })).toBeTruthy();
  });

  it('keeps the user where they were, with a toast, when the ability is missing', async () => {
    const onForbidden = vi.fn();
    const { router } = renderApp('/account', { ...loggedInAs('evaluator'), onForbidden });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });

    await act(() => router.navigate('/practices'));

    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/account');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
  });

  it('logs out and goes to login when the profile cannot be loaded', async () => {
    storage.set('token', 'stale');
    answerProfileCall(401, { code: 'TOKEN_EXPIRED', message: 'Your session has expired.' });
    const { router } = renderApp('/account', { getToken: () => 'stale' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(storage.get('token')).toBeNull();
  });

  it('goes to the maintenance page when the profile call answers 503', async () => {
    answerProfileCall(503, { code: 'MAINTENANCE', message: 'The system is being upgraded.' });
    const { router } = renderApp('/account', { getToken: () => 'token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
    expect(await screen.findByRole('heading', { level: 1, name: 'System upgrade' })).toBeTruthy();
  });
});
