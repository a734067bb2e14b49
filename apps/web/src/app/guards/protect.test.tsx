import { abilitiesFor, type Role, type User } from '@lisbon/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '@/features/auth/api/session';
import { storage } from '@/shared/storage';
import { renderApp } from '@/test/renderApp';

const userWithRole = (role: Role): User => ({
  id: 1,
  email: 'ada@example.org',
  locale: 'en-US',
  category: 'standard',
  role,
  abilities: abilitiesFor(role),
  first_name: 'Ada',
  middle_name: null,
  last_name: 'Lovelace',
  birth_date: null,
  birth_country: null,
  birth_city: null,
  nationality: null,
  document_number: null,
  document_issue_country: null,
  document_expiration_date: null,
  phone: null,
  gender: null,
  residence_country: null,
  address: null,
  city: null,
  zip_code: null,
  province: null,
  municipality: null,
  tax_id: null,
  tax_id_omocodia_confirmed: false,
  marketing_consent: false,
  two_factor_enabled: false,
  activated_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
});

function loggedInAs(role: Role) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, userWithRole(role));
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
    await screen.findByRole('heading', { level: 1, name: 'Account' });

    await act(() => router.navigate('/practices'));

    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/account');
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
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
