import type { Practice } from '@lisbon/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { changeLocale } from '@/shared/i18n';

afterEach(async () => {
  cleanup();
  await changeLocale('en-US');
  vi.unstubAllGlobals();
  localStorage.clear();
});

const reason = 'Withdrawn by the applicant before the evaluation.';
const closed = (overrides: Partial<Practice> = {}) =>
  practiceFixture({
    status: 'closed',
    status_label: 'closed',
    requested_at: '2026-11-02T09:00:00.000Z',
    paid_at: '2026-11-02T09:00:00.000Z',
    history: [
      { from_status: 'draft', to_status: 'unassigned', at: '2026-11-02T09:00:00.000Z' },
      { from_status: 'unassigned', to_status: 'closed', at: '2026-11-03T09:00:00.000Z', reason },
    ],
    ...overrides,
  });

function open(practice: Practice) {
  mockApi({ 'GET /practices/7': { body: { data: practice } } });
  renderApp('/practices/7', { queryClient: logIn() });
}

/** The part of the page above the request's facts: what the applicant reads first. */
async function top() {
  const notice = await screen.findByText('Why this request was closed');
  const facts = screen.getByRole('heading', { level: 2, name: 'Request' });
  // The notice comes before the request's facts (and the history at the bottom).
  expect(notice.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  return notice.closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
}

describe('a closed request (issue 33)', () => {
  it('says at the top why it was closed, and that its payment was refunded with the credit note', async () => {
    open(
      closed({
        payment_refund: {
          id: 3,
          reason: 'closed_before_evaluation',
          amount: { net: 12_295, vat: 2_705, total: 15_000 },
          status: 'succeeded',
          requested_at: '2026-11-03T09:00:00.000Z',
          refunded_at: '2026-11-04T09:00:00.000Z',
          credit_note_number: '2026/000001',
          given_back_at: null,
        },
      }),
    );
    const notice = await top();
    expect(notice.textContent).toContain(`Reason: ${reason}`);
    expect(notice.textContent).toContain(
      'Your payment of €150.00 was refunded to the card that paid on November 4, 2026: credit note 2026/000001.',
    );
    expect(
      screen.getByRole('link', { name: 'See it with your invoices and receipts' }).getAttribute('href'),
    ).toBe('/account');
  });

  it('says a refund asked of the provider is on its way, and nothing of a refund when there is none', async () => {
    open(
      closed({
        payment_refund: {
          id: 3,
          reason: 'closed_before_evaluation',
          amount: { net: 12_295, vat: 2_705, total: 15_000 },
          status: 'pending',
          requested_at: '2026-11-03T09:00:00.000Z',
          refunded_at: null,
          credit_note_number: null,
          given_back_at: null,
        },
      }),
    );
    expect((await top()).textContent).toContain(
      'Your payment of €150.00 is being refunded to the card that paid, as asked on November 3, 2026.',
    );
    cleanup();
    open(closed({ payment_refund: null }));
    const notice = await top();
    expect(notice.textContent).toContain(`Reason: ${reason}`);
    expect(notice.textContent).not.toMatch(/refund/i);
  });

  it('says a refund the provider refused was given back by hand, once staff marked it so', async () => {
    const refused = {
      id: 3,
      reason: 'closed_before_evaluation' as const,
      amount: { net: 12_295, vat: 2_705, total: 15_000 },
      status: 'failed' as const,
      requested_at: '2026-11-03T09:00:00.000Z',
      refunded_at: null,
      credit_note_number: null,
      given_back_at: null,
    };
    open(closed({ payment_refund: refused }));
    expect((await top()).textContent).toContain(
      'The refund of your payment of €150.00 did not go through: we will write to you.',
    );
    cleanup();
    open(closed({ payment_refund: { ...refused, given_back_at: '2026-11-05T09:00:00.000Z' } }));
    const notice = await top();
    expect(notice.textContent).toContain(
      'Your payment of €150.00 was given back to you by hand on November 5, 2026.',
    );
    expect(notice.textContent).not.toContain('did not go through');
  });
});

describe('return delivery on the request page', () => {
  it('says, until the office opens it, that it opens once the originals are held and an appeal holds it', async () => {
    open(closed());
    await top();
    expect(screen.getByText('Return delivery of the originals')).toBeTruthy();
    expect(
      screen.getByText(/^Not open yet: the office opens it once it holds your paper originals/),
    ).toBeTruthy();
  });

  it('says nothing of it once opened: the dates say it', async () => {
    open(closed({ delivery_opened_at: '2026-11-05T09:00:00.000Z' }));
    await top();
    expect(screen.getByText('Open to delivery since')).toBeTruthy();
    expect(screen.queryByText(/^Not open yet/)).toBeNull();
  });

  it('once opened and not yet paid, says at the top where to order it, beside "no further action"; paid, no more', async () => {
    open(closed({ delivery_opened_at: '2026-11-05T09:00:00.000Z' }));
    await top();
    const order = screen.getByRole('link', { name: 'Order the return of your originals' });
    expect(order.getAttribute('href')).toBe('/delivery');
    expect(order.closest('p')?.textContent).toBe(
      'The office can send your paper originals back to you, for a fee. Order the return of your originals',
    );
    // Above the request's facts, under the status.
    const facts = screen.getByRole('heading', { level: 2, name: 'Request' });
    expect(order.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    open(
      closed({
        delivery_opened_at: '2026-11-05T09:00:00.000Z',
        delivery_paid_at: '2026-11-06T09:00:00.000Z',
      }),
    );
    await top();
    expect(screen.queryByRole('link', { name: 'Order the return of your originals' })).toBeNull();
  });

  it.each([
    ['en-US', 'Return delivery paid on', 'Originals delivered on', 'Not yet'],
    ['it-IT', 'Restituzione pagata il', 'Originali consegnati il', 'Non ancora'],
  ] as const)(
    'says a delivery date still to come is not yet, not "not given" (%s)',
    async (locale, paid, delivered, notYet) => {
      await changeLocale(locale);
      open(closed({ delivery_opened_at: '2026-11-05T09:00:00.000Z' }));
      const valueOf = async (label: string) =>
        (await screen.findByText(label)).nextElementSibling?.textContent;
      expect(await valueOf(paid)).toBe(notYet);
      expect(await valueOf(delivered)).toBe(notYet);
    },
  );

  it('says it in Italian too', async () => {
    await changeLocale('it-IT');
    open(closed({ delivery_opened_at: '2026-11-05T09:00:00.000Z' }));
    const order = await screen.findByRole('link', { name: 'Ordina la restituzione dei tuoi originali' });
    expect(order.closest('p')?.textContent).toBe(
      'L’ufficio può restituirti i tuoi originali cartacei, a pagamento. Ordina la restituzione dei tuoi originali',
    );
  });
});
