import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api';
import { renderApp } from '@/test/renderApp';
import { watchMaintenance } from './maintenance';

const health = (maintenance: boolean) => ({
  data: { status: 'ok', database: 'ok', version: '0.1.0', maintenance, maintenance_staff_only: false },
});

let stopWatching: (() => void) | undefined;

afterEach(() => {
  stopWatching?.();
  cleanup();
  vi.unstubAllGlobals();
});

describe('maintenance', () => {
  it('sends the first visit to /maintenance when the health check reports maintenance', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(health(true)))),
    );
    const { router } = renderApp('/');
    stopWatching = watchMaintenance(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
  });

  it('moves to /maintenance only once React has rendered the app, whose first render reads the router', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(health(true))));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/');
    let markRendered = () => undefined as void;
    const rendered = new Promise<void>((resolve) => {
      markRendered = resolve;
    });
    // The watch waits on `rendered` once the health check has said maintenance: then the router is
    // still where it was, and stays there.
    const isWaiting = vi.spyOn(rendered, 'then');
    stopWatching = watchMaintenance(router, { rendered });
    await waitFor(() => expect(isWaiting).toHaveBeenCalled());
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/');

    markRendered();
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
  });

  it('stays put when the health check reports no maintenance', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(health(false))));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/faq');
    stopWatching = watchMaintenance(router);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('navigates to /maintenance on any 503, remembering where the user was', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/health')
          ? new Response(JSON.stringify(health(false)))
          : new Response(JSON.stringify({ code: 'MAINTENANCE', message: 'Upgrading' }), { status: 503 }),
      ),
    );
    const { router } = renderApp('/');
    stopWatching = watchMaintenance(router);
    await api.list('practices').catch(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
    expect(router.state.location.state).toEqual({ from: '/' });
  });
});
