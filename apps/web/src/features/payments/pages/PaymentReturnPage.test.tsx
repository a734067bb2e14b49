import { type Payment, PAYMENT_MESSAGES } from '@lisbon/domain';
import { notifications } from '@mantine/notifications';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage';
import { findAlert } from '@/test/alerts';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { MAX_POLLS, POLL_MS } from '../api/payments';
import { paymentFixture } from '../test/fixtures';
import { waitOptions } from '@/test/wait';

afterEach(() => {
  // The toasts live outside the page: the next test starts without this one's.
  notifications.clean();
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const submitted = practiceFixture({
  status: 'unassigned',
  status_label: 'in evaluation',
  wizard_step: 'review',
  requested_at: '2026-11-21T12:01:00.000Z',
  paid_at: '2026-11-21T12:01:00.000Z',
  expected_deadline: '2027-02-18',
  days_to_go: 60,
});

/** Answers GET /payments/5 with each status in turn, the last one from then on. */
function returnFromProvider(statuses: Payment['status'][]) {
  let answered = 0;
  const calls = mockApi({
    'GET /payments/5': () => {
      const status = statuses[Math.min(answered, statuses.length - 1)] ?? 'pending';
      answered += 1;
      return { body: { data: paymentFixture({ status }) } };
    },
    'GET /practices/7': { body: { data: submitted } },
  });
  renderApp('/service/new/thank-you?payment=5', { queryClient: logIn() });
  return calls;
}

describe('back from the payment provider', () => {
  it("says 'Payment successful' and shows the request's number and expected deadline", async () => {
    storage.set('draft', { practiceId: 7, step: 'review' });
    returnFromProvider(['succeeded']);
    expect(await screen.findByText(PAYMENT_MESSAGES['en-US'].paymentSuccessful)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Request submitted' })).toBeTruthy();
    expect(await screen.findByText('7')).toBeTruthy();
    expect(screen.getByText('February 18, 2027')).toBeTruthy();
    expect(storage.get('draft')).toBeNull();
  });

  it('says the payment failed and offers to try again from the review step', async () => {
    returnFromProvider(['failed']);
    await findAlert('Payment failed! Try again or contact your bank.');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/service/new/review');
  });

  it('asks again while the payment is pending, until it is confirmed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const calls = returnFromProvider(['pending', 'pending', 'succeeded']);
    await vi.waitFor(
      () => expect(screen.getByText(PAYMENT_MESSAGES['en-US'].paymentPending)).toBeTruthy(),
      waitOptions,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeTruthy();

    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(calls.callsTo('GET /payments/5')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Request submitted' })).toBeNull();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await vi.waitFor(
      () => expect(screen.getByRole('heading', { name: 'Request submitted' })).toBeTruthy(),
      waitOptions,
    );
    // The toast's module comes with the first toast (providers.tsx): waited for, as the file's
    // first test when shuffled (and with the timers moved on, as React's reveal of it needs).
    await vi.waitFor(
      () => expect(screen.getByText(PAYMENT_MESSAGES['en-US'].paymentSuccessful)).toBeTruthy(),
      waitOptions,
    );
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(calls.callsTo('GET /payments/5')).toHaveLength(3);
  });

  it('stops asking after a while and offers to check again, calmly', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const calls = returnFromProvider(['pending']);
    await vi.waitFor(() => expect(calls.callsTo('GET /payments/5')).toHaveLength(1), waitOptions);
    // Every answer from now on carries the same time, as two answers within a millisecond do:
    // the page still counts each one.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    for (let tick = 0; tick < MAX_POLLS + 3; tick += 1) await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(calls.callsTo('GET /payments/5')).toHaveLength(MAX_POLLS);
    await vi.waitFor(
      () => expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy(),
      waitOptions,
    );
    expect(screen.getByText(/has not confirmed your payment yet/)).toBeTruthy();
  });

  it("answers 'Page not found' for a payment that is not the user's", async () => {
    mockApi({});
    renderApp('/service/new/thank-you?payment=99', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
