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

const STANDARD_INTRO = 'These terms apply to your account and to the requests you submit through it.';
const REFUGEE_INTRO = /^These terms apply to the free comparability service/;

describe('the Terms page', () => {
  it('shows a standard user the standard terms they accepted', async () => {
    mockApi({});
    renderApp('/terms', { queryClient: logIn(testUser({ category: 'standard' })) });
    expect(await screen.findByText(STANDARD_INTRO)).toBeTruthy();
    expect(screen.queryByText(REFUGEE_INTRO)).toBeNull();
  });

  it('shows a refugee the refugee terms', async () => {
    mockApi({});
    renderApp('/terms', { queryClient: logIn(testUser({ category: 'refugee' })) });
    expect(await screen.findByText(REFUGEE_INTRO)).toBeTruthy();
    expect(screen.queryByText(STANDARD_INTRO)).toBeNull();
  });

  it('shows a visitor the refugee terms, readable before registering (spec §2)', async () => {
    mockApi({});
    renderApp('/terms');
    expect(await screen.findByText(REFUGEE_INTRO)).toBeTruthy();
  });
});
