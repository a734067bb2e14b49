import type { StaffPayment, StaffPractice } from '@lisbon/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { staffPracticeFixture, staffUser } from '@/test/staffFixtures';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLocale('en-US');
});

const counts = { assigned: 0, to_review: 0, unassigned: 0, ready_for_issue: 0, archive: 1, all: 1 };

const paid: StaffPayment = {
  id: 5,
  purpose: 'practice',
  delivery_id: null,
  amount: { net: 12_295, vat: 2_705, total: 15_000 },
  provider: 'nexi',
  transaction_reference: '3470744123',
  paid_at: '2026-11-02T09:05:00.000Z',
  refund: null,
};

function workspace(practice: StaffPractice, after: StaffPractice) {
  return mockApi({
    'GET /staff/queues/counts': { body: { data: counts } },
    [`GET /staff/practices/${practice.id}`]: { body: { data: practice } },
    [`POST /staff/practices/${practice.id}/refund`]: {
      body: { data: after, meta: { notice: 'refundRequested', message: '' } },
    },
  });
}

const paymentsSection = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Payments' })).closest('section') as HTMLElement;

describe('the payments of a request, in the staff workspace', () => {
  it('says who took the money and the transaction, and refunds only after a confirmation', async () => {
    const closed = staffPracticeFixture({
      status: 'closed',
      payments: [paid],
      allowed_changes: ['refund_payment'],
    });
    const pending = {
      ...closed,
      allowed_changes: [],
      payments: [
        {
          ...paid,
          refund: {
            id: 1,
            reason: 'closed_before_evaluation' as const,
            amount: paid.amount,
            status: 'pending' as const,
            requested_at: '2026-11-12T10:00:00.000Z',
            refunded_at: null,
            credit_note_number: null,
            given_back_at: null,
            failure_reason: null,
          },
        },
      ],
    };
    const api = workspace(closed, pending);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    const section = await paymentsSection();
    expect(within(section).getByRole('table', { name: /Payments for this request/ })).toBeTruthy();
    expect(within(section).getByText('Nexi XPay')).toBeTruthy();
    expect(within(section).getByText('Transaction 3470744123')).toBeTruthy();
    expect(within(section).getByText('Not refunded')).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: 'Refund the payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the payment' });
    expect(within(dialog).getByText(/Refund the whole €150.00 to the applicant\?/)).toBeTruthy();
    // Kept: nothing is asked of the API.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Do not refund' }));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.click(within(section).getByRole('button', { name: 'Refund the payment' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Refund the payment' })).getByRole('button', {
        name: 'Refund €150.00',
      }),
    );
    expect(await within(section).findByText(/waiting for the provider/)).toBeTruthy();
    // The button is gone with the refund asked for: the keyboard stays in the section, on its heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Payments' })),
    );
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/staff/practices/7/refund',
    ]);
    expect(within(section).queryByRole('button', { name: 'Refund the payment' })).toBeNull();
  });

  it('says under the payment of an open request that closing it comes first, to whoever may refund', async () => {
    const open = staffPracticeFixture({ status: 'unassigned', payments: [paid], allowed_changes: [] });
    workspace(open, open);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    const section = await paymentsSection();
    const [, request] = within(section).getAllByRole('row');
    expect(within(request as HTMLElement).getByText('To refund, close the request first')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Refund the payment' })).toBeNull();
    cleanup();

    // An evaluator may not refund: nothing to say to them.
    workspace(open, open);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('evaluator')) });
    expect(within(await paymentsSection()).queryByText('To refund, close the request first')).toBeNull();
  });

  it('says nothing of closing first once the evaluation started, however far down the trail its start is', async () => {
    // The workspace holds the trail's newest page: the start is older, the API says it happened.
    const started = staffPracticeFixture({
      status: 'in_evaluation',
      payments: [paid],
      allowed_changes: [],
      has_older_history: true,
      has_evaluation_started: true,
    });
    expect(started.history.map((entry) => entry.action)).not.toContain('start');
    workspace(started, started);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    const section = await paymentsSection();
    expect(within(section).getByText('Nexi XPay')).toBeTruthy();
    expect(within(section).queryByText('To refund, close the request first')).toBeNull();
  });

  it('offers no refund the API does not allow (the evaluation had started, or an evaluator)', async () => {
    workspace(
      staffPracticeFixture({ status: 'closed', payments: [paid], allowed_changes: [] }),
      staffPracticeFixture(),
    );
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('admin')) });
    const section = await paymentsSection();
    expect(within(section).getByText('Nexi XPay')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Refund the payment' })).toBeNull();
  });

  it('shows a refused refund that staff gave back by hand as such, not as refused', async () => {
    const refund = {
      id: 1,
      reason: 'closed_before_evaluation' as const,
      amount: paid.amount,
      status: 'failed' as const,
      requested_at: '2026-11-12T10:00:00.000Z',
      refunded_at: null,
      credit_note_number: null,
      given_back_at: null,
      failure_reason: null,
    };
    const refused = staffPracticeFixture({
      status: 'closed',
      payments: [
        { ...paid, refund },
        {
          ...paid,
          id: 6,
          purpose: 'delivery',
          delivery_id: 3,
          refund: { ...refund, id: 2, given_back_at: '2026-11-13T10:00:00.000Z' },
        },
      ],
    });
    workspace(refused, refused);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    const section = await paymentsSection();
    const [, request, delivery] = within(section).getAllByRole('row');
    expect(
      within(request as HTMLElement).getByText('The provider refused the refund: see its dashboard'),
    ).toBeTruthy();
    expect(
      within(delivery as HTMLElement).getByText(
        /^Refused by the provider; given back by hand on November 13, 2026/,
      ),
    ).toBeTruthy();
    expect(within(delivery as HTMLElement).queryByText(/see its dashboard/)).toBeNull();
  });

  it('says what the provider answered to a refund it refused, as the dashboard does, in English and Italian', async () => {
    const refund = {
      id: 1,
      reason: 'closed_before_evaluation' as const,
      amount: paid.amount,
      status: 'failed' as const,
      requested_at: '2026-11-12T10:00:00.000Z',
      refunded_at: null,
      credit_note_number: null,
      given_back_at: null,
      failure_reason: 'charge_already_refunded',
    };
    const refused = staffPracticeFixture({
      status: 'closed',
      payments: [
        { ...paid, refund },
        {
          ...paid,
          id: 6,
          purpose: 'delivery',
          delivery_id: 3,
          refund: {
            ...refund,
            id: 2,
            failure_reason: 'expired_or_canceled_card',
            given_back_at: '2026-11-13T10:00:00.000Z',
          },
        },
      ],
    });
    workspace(refused, refused);
    renderApp('/staff/practices/7', { queryClient: logIn(staffUser('secretary')) });
    const [, request, delivery] = within(await paymentsSection()).getAllByRole('row');
    expect(
      within(request as HTMLElement).getByText('What the provider said: charge_already_refunded'),
    ).toBeTruthy();
    // Given back by hand since: still what the provider said, for whoever reads the request later.
    expect(
      within(delivery as HTMLElement).getByText('What the provider said: expired_or_canceled_card'),
    ).toBeTruthy();

    await act(() => changeLocale('it-IT'));
    expect(
      within(request as HTMLElement).getByText('Risposta del gestore: charge_already_refunded'),
    ).toBeTruthy();
  });
});
