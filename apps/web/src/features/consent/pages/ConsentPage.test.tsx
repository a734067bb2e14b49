import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { testUser } from '@/test/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the consent page', () => {
  it('is the applicant’s: an evaluator who types /consent stays out of it (issue 33)', async () => {
    mockApi({});
    const { router } = renderApp('/consent', { queryClient: logIn(testUser({ role: 'evaluator' })) });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('What you consent to')).toBeNull();
  });

  it('opens for an applicant', async () => {
    mockApi({});
    renderApp('/consent', { queryClient: logIn() });
    expect(await screen.findByText('What you consent to')).toBeTruthy();
  });
});
