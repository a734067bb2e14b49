import { NOTIFICATION_POLL_MS, STATUS_LABELS } from '@lisbon/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { RequestsBadge } from '../components/RequestsBadge';
import { useNotifications } from './notifications';
import { waitOptions } from '@/test/wait';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe() {
  return <RequestsBadge notifications={useNotifications(1).data} />;
}

const noneOf = Object.fromEntries(STATUS_LABELS.map((label) => [label, 0]));
const counts = { body: { data: { counts: { ...noneOf, draft: 1, 'cimea request': 2 }, total: 3 } } };

describe('notifications', () => {
  it(`polls every ${NOTIFICATION_POLL_MS} ms and shows the counts in words`, async () => {
    const api = mockApi({ 'GET /users/1/notifications': counts });
    renderComponent(<Probe />);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('GET /users/1/notifications')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByText('2 requests await your reply')).toBeTruthy(), waitOptions);
    expect(screen.getByText('3 requests in all')).toBeTruthy();

    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(api.callsTo('GET /users/1/notifications')).toHaveLength(2);
  });

  it('stops polling after a 401', async () => {
    let answer: { status?: number; body: unknown } = counts;
    const api = mockApi({ 'GET /users/1/notifications': () => answer });
    renderComponent(<Probe />);
    await vi.advanceTimersByTimeAsync(0);
    answer = { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'Your session has expired.' } };
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(api.callsTo('GET /users/1/notifications')).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 5);
    expect(api.callsTo('GET /users/1/notifications')).toHaveLength(2);
  });
});
