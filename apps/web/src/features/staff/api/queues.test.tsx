import { NOTIFICATION_POLL_MS } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { waitOptions } from '@/test/wait';
import { STAFF_KEY, useQueueCounts } from './queues';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const counts = { assigned: 1, to_review: 0, unassigned: 2, ready_for_issue: 0, archive: 4, all: 7 };

/** The navigation's counts (three badges ask for them) beside an open request of the staff area. */
function StaffArea() {
  useQueueCounts(true);
  useQueueCounts(true);
  useQueueCounts(true);
  useQuery({
    queryKey: [...STAFF_KEY, 'practice', 7],
    queryFn: async () => (await api.get('staff/practices/7')).data,
  });
  // A document's preview: no move changes it.
  useQuery({
    queryKey: [...STAFF_KEY, 'preview', 3, 'ab12'],
    queryFn: async () => (await api.get('staff/practices/7/documents/3/preview')).data,
    staleTime: Infinity,
  });
  return null;
}

describe('the staff queues’ counts', () => {
  it(`are asked again every ${NOTIFICATION_POLL_MS} ms; when another’s move changes them, the open request is fetched again, once`, async () => {
    let answer = counts;
    const server = mockApi({
      'GET /staff/queues/counts': () => ({ body: { data: answer } }),
      'GET /staff/practices/7': { body: { data: { id: 7 } } },
      'GET /staff/practices/7/documents/3/preview': { body: { data: { id: 3 } } },
    });
    renderComponent(<StaffArea />);
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(server.callsTo('GET /staff/practices/7')).toHaveLength(1), waitOptions);
    expect(server.callsTo('GET /staff/queues/counts')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(server.callsTo('GET /staff/queues/counts')).toHaveLength(2);
    expect(server.callsTo('GET /staff/practices/7')).toHaveLength(1);

    // Another evaluator took a request: the counts move, the open request is asked for again.
    answer = { ...counts, assigned: 2, unassigned: 1 };
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    await vi.waitFor(() => expect(server.callsTo('GET /staff/practices/7')).toHaveLength(2), waitOptions);
    // The counts themselves are not asked for again by their own change.
    expect(server.callsTo('GET /staff/queues/counts')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(server.callsTo('GET /staff/queues/counts')).toHaveLength(4);
    expect(server.callsTo('GET /staff/practices/7')).toHaveLength(2);
    expect(server.callsTo('GET /staff/practices/7/documents/3/preview')).toHaveLength(1);
  });

  it('stop being asked for after a 401', async () => {
    let status = 200;
    const server = mockApi({
      'GET /staff/queues/counts': () =>
        status === 200
          ? { body: { data: counts } }
          : { status, body: { code: 'TOKEN_EXPIRED', message: 'Your session has expired.' } },
    });
    renderComponent(<StaffArea />);
    await vi.advanceTimersByTimeAsync(0);
    status = 401;
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(server.callsTo('GET /staff/queues/counts')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 5);
    expect(server.callsTo('GET /staff/queues/counts')).toHaveLength(2);
  });
});
