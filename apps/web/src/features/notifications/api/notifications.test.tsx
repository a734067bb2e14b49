import { NOTIFICATION_POLL_MS, STATUS_LABELS } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { RequestsCountWords } from '../components/RequestsBadge';
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
  return <RequestsCountWords label="My requests" notifications={useNotifications(1).data} />;
}

const noneOf = Object.fromEntries(STATUS_LABELS.map((label) => [label, 0]));
const counts = { body: { data: { counts: { ...noneOf, draft: 1, 'cimea request': 2 }, total: 3 } } };

describe('notifications', () => {
  it(`polls every ${NOTIFICATION_POLL_MS} ms and shows the counts in words`, async () => {
    const api = mockApi({ 'GET /users/1/notifications': counts });
    renderComponent(<Probe />);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('GET /users/1/notifications')).toHaveLength(1);
    await vi.waitFor(
      () =>
        expect(screen.getByText('My requests, 2 requests await your reply, 3 requests in all')).toBeTruthy(),
      waitOptions,
    );

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

  it('fetches the requests again when their counts change, and only then', async () => {
    const moved = { body: { data: { counts: { ...noneOf, draft: 1, 'in evaluation': 2 }, total: 3 } } };
    let answer: typeof counts | typeof moved = counts;
    const server = mockApi({
      'GET /users/1/notifications': () => answer,
      'GET /practices/7': { body: { data: { id: 7 } } },
    });
    function OpenRequest() {
      useNotifications(1);
      // The applicant's request page, as its query is keyed (`['practices', …]`).
      useQuery({
        queryKey: ['practices', 'detail', 7],
        queryFn: async () => (await api.get('practices/7')).data,
        staleTime: 60_000,
      });
      return null;
    }
    renderComponent(<OpenRequest />);
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(server.callsTo('GET /practices/7')).toHaveLength(1), waitOptions);

    // The same counts: nothing else is asked for.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(server.callsTo('GET /users/1/notifications')).toHaveLength(2);
    expect(server.callsTo('GET /practices/7')).toHaveLength(1);

    // Staff moved a request: the open request is fetched again, once.
    answer = moved;
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    await vi.waitFor(() => expect(server.callsTo('GET /practices/7')).toHaveLength(2), waitOptions);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(server.callsTo('GET /users/1/notifications')).toHaveLength(4);
    expect(server.callsTo('GET /practices/7')).toHaveLength(2);
  });
});
