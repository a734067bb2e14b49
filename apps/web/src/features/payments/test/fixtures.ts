import type { Payment } from '@lisbon/domain';

/** A payment as `GET /payments/{id}` answers it. */
export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 5,
    purpose: 'practice',
    practice_id: 7,
    delivery_id: null,
    amount: { net: 20492, vat: 4508, total: 25000 },
    status: 'pending',
    provider: 'sandbox',
    transaction_reference: null,
    created_at: '2026-11-21T12:00:00.000Z',
    paid_at: null,
    expires_at: '2026-11-21T12:30:00.000Z',
    ...overrides,
  };
}
