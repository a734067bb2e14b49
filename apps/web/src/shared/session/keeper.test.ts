import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { storage } from '../storage';
import { keepSessionAlive } from './keeper';
import { startSession } from './session';

const at = (time: string) => `2030-01-01T${time}:00.000Z`;
const MINUTE = 60_000;

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(at('10:00')), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.clear();
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function start(expiresAt: string, nextExpiry: string) {
  const api = mockApi({ 'POST /auth/refresh': { body: { data: { expires_at: nextExpiry, user_id: 1 } } } });
  startSession({ access_token: 'session-token', expires_at: expiresAt, user_id: 1 });
  const onExpired = vi.fn();
  stop = keepSessionAlive({ onExpired });
  return { api, onExpired, refreshes: () => api.callsTo('POST /auth/refresh') };
}

describe('session keeper', () => {
  it('refreshes the token two minutes before it lapses and stores the new expiry', async () => {
    const { refreshes } = start(at('10:30'), at('11:30'));

    await vi.advanceTimersByTimeAsync(28 * MINUTE - 1_000);
    expect(refreshes()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(refreshes()).toHaveLength(1);
    expect(refreshes()[0]?.headers.get('Authorization')).toBe('Bearer session-token');
    expect(storage.get('tokenExpiresAt')).toBe(at('11:30'));
  });

  it('lets the session of an idle user lapse, then ends it', async () => {
    const { refreshes, onExpired } = start(at('10:30'), at('11:30'));
    await vi.advanceTimersByTimeAsync(28 * MINUTE); // refreshed: the login counts as activity

    await vi.advanceTimersByTimeAsync(62 * MINUTE - 1_000); // to just before 11:30, nobody there
    expect(refreshes()).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when an idle user comes back before the expiry', async () => {
    const { refreshes, onExpired } = start(at('10:30'), at('11:30'));
    await vi.advanceTimersByTimeAsync(28 * MINUTE);
    await vi.advanceTimersByTimeAsync(61 * MINUTE); // 11:29: past the refresh time, nobody there
    expect(refreshes()).toHaveLength(1);

    window.dispatchEvent(new KeyboardEvent('keydown'));
    await vi.advanceTimersByTimeAsync(0);

    expect(refreshes()).toHaveLength(2);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('stops when the session ends', async () => {
    const { refreshes } = start(at('10:30'), at('11:30'));
    storage.remove('token');
    await vi.advanceTimersByTimeAsync(40 * MINUTE);
    expect(refreshes()).toHaveLength(0);
  });
});
