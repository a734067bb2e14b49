import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';

const TOKEN = 'a'.repeat(43);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MarketingOptOut page', () => {
  it('unsubscribes on arrival without a session, once, and says so', async () => {
    const api = mockApi({
      [`POST /marketing-opt-out/${TOKEN}`]: { body: { data: { is_unsubscribed: true } } },
    });
    renderApp(`/marketing-opt-out/${TOKEN}`);
    expect(await screen.findByText(/You have been unsubscribed from the newsletter/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Newsletter unsubscribe' })).toBeTruthy();
    const calls = api.callsTo(`POST /marketing-opt-out/${TOKEN}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('shows the spec §8 message when the link is not valid', async () => {
    mockApi({
      [`POST /marketing-opt-out/${TOKEN}`]: {
        status: 404,
        body: {
          code: 'UNSUBSCRIBE_FAILED',
          message: 'Something went wrong while unsubscribing. Please try again later.',
        },
      },
    });
    renderApp(`/marketing-opt-out/${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong while unsubscribing. Please try again later.');
  });
});
