import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { RefundsTable } from '../../platform/db/payment-tables';
import type { PaymentRow } from './repository';

export type RefundRow = Selectable<RefundsTable>;

export async function insertRefund(db: Db, row: Insertable<RefundsTable>): Promise<number> {
  const { id } = await db.insertInto('refunds').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findRefund(db: Db, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The succeeded payments of a request and of some shipments: what the staff workspace shows. */
export async function listSucceededPayments(
  db: Db,
  { practiceId, deliveryIds }: { practiceId: number; deliveryIds: readonly number[] },
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'succeeded')
    .where((eb) =>
      eb.or([
        eb.and([eb('purpose', '=', 'practice'), eb('practice_id', '=', practiceId)]),
        ...(deliveryIds.length > 0
          ? [eb.and([eb('purpose', '=', 'delivery'), eb('delivery_id', 'in', [...deliveryIds])])]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** The refunds of some payments with their credit notes' numbers. */
export async function listRefundsOfPayments(db: Db, paymentIds: readonly number[]) {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('refunds as r')
    .leftJoin('fiscal_documents as f', 'f.id', 'r.credit_note_id')
    .selectAll('r')
    .select('f.number as credit_note_number')
    .where('r.payment_id', 'in', [...paymentIds])
    .execute();
}

/** The provider's id of a refund still pending there. */
export async function setProviderRefundId(
  db: Db,
  { id, providerRefundId, now }: { id: number; providerRefundId: string; now: string },
): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ provider_refund_id: providerRefundId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Closes a pending refund with its outcome: the one place where a settlement wins, so two runs of
 * the job (a lease taken over, a retry after a crash) apply the effects once. False when it was no
 * longer pending.
 */
export async function closePendingRefund(
  db: Db,
  closing: {
    id: number;
    status: 'succeeded' | 'failed';
    providerRefundId: string | null;
    failureReason: string | null;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({
      status: closing.status,
      provider_refund_id: closing.providerRefundId,
      failure_reason: closing.failureReason,
      refunded_at: closing.status === 'succeeded' ? closing.now : null,
      updated_at: closing.now,
    })
    .where('id', '=', closing.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCreditNote(db: Db, { id, creditNoteId }: { id: number; creditNoteId: number }) {
  await db.updateTable('refunds').set({ credit_note_id: creditNoteId }).where('id', '=', id).execute();
}

/** A succeeded payment of a request, or of a shipment, that has no refund yet. */
export async function findUnrefundedPayment(
  db: Db,
  target: { purpose: 'practice'; practiceId: number } | { purpose: 'delivery'; deliveryId: number },
): Promise<PaymentRow | undefined> {
  let query = db
    .selectFrom('payments as p')
    .leftJoin('refunds as r', 'r.payment_id', 'p.id')
    .selectAll('p')
    .where('p.status', '=', 'succeeded')
    .where('p.purpose', '=', target.purpose)
    .where('r.id', 'is', null);
  query =
    target.purpose === 'practice'
      ? query.where('p.practice_id', '=', target.practiceId)
      : query.where('p.delivery_id', '=', target.deliveryId);
  return query.orderBy('p.id').executeTakeFirst();
}

/**
 * Marks a failed refund as given back by hand (compare-and-set: once, whoever comes second changes
 * nothing). False when it was not failed, or already marked.
 */
export async function markFailedRefundGivenBack(
  db: Db,
  { id, by, at }: { id: number; by: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ given_back_by: by, given_back_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where('given_back_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The refunds the provider refused that no one has marked as given back by hand, newest first,
 * with their payment's provider and reference, and the status of their request (none once
 * deleted); and how many there are.
 */
export async function listFailedRefunds(db: Db, limit: number) {
  const failed = db
    .selectFrom('refunds as r')
    .where('r.status', '=', 'failed')
    .where('r.given_back_at', 'is', null);
  const { count } = await failed
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await failed
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('practices as pr', 'pr.id', 'r.practice_id')
    .select([
      'r.id',
      'r.payment_id',
      'r.reason',
      'r.amount_total',
      'r.failure_reason',
      'r.updated_at',
      'r.practice_id',
      'pr.status as practice_status',
      'p.provider',
      'p.transaction_reference',
    ])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return { count: Number(count), rows };
}
