import { PAYMENT_PURPOSES, PAYMENT_STATUSES, type Payment } from '@lisbon/domain';
import type { PaymentRow } from './repository';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

export const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  purpose: oneOf(PAYMENT_PURPOSES, row.purpose, 'practice'),
  practice_id: row.practice_id,
  delivery_id: row.delivery_id,
  amount: { net: row.amount_net, vat: row.amount_vat, total: row.amount_total },
  status: oneOf(PAYMENT_STATUSES, row.status, 'pending'),
  provider: row.provider,
  transaction_reference: row.transaction_reference,
  created_at: row.created_at,
  paid_at: row.paid_at,
  expires_at: row.status === 'pending' ? row.expires_at : null,
});
