import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PaymentEventsTable, PaymentsTable } from '../../platform/db/payment-tables';

export type PaymentRow = Selectable<PaymentsTable>;

export async function findBillingProfile(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('billing_profiles')
    .select('info')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.info;
}

export async function saveBillingProfile(
  db: Db,
  { userId, info, now }: { userId: number; info: string; now: string },
) {
  await db
    .insertInto('billing_profiles')
    .values({ user_id: userId, info, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ info, updated_at: now }))
    .execute();
}

export async function insertPayment(db: Db, row: Insertable<PaymentsTable>): Promise<number> {
  const { id } = await db.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findPaymentRow(db: Db, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByProviderSession(
  db: Db,
  provider: string,
  providerSessionId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirst();
}

export async function findPendingPaymentOfPractice(
  db: Db,
  practiceId: number,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function attachProviderSession(
  db: Db,
  session: { id: number; providerSessionId: string; checkoutUrl: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      provider_session_id: session.providerSessionId,
      checkout_url: session.checkoutUrl,
      expires_at: session.expiresAt,
      updated_at: session.now,
    })
    .where('id', '=', session.id)
    .execute();
}

export async function updatePaymentBilling(
  db: Db,
  { id, billing, lines, now }: { id: number; billing: string; lines?: string; now: string },
) {
  await db
    .updateTable('payments')
    .set({ billing, ...(lines === undefined ? {} : { lines }), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * The billing information and lines of a payment still pending (a shipment's cart written with it,
 * decision 028): false, and nothing written, once it is settled or closed. Its row is held until the
 * caller's transaction ends, so its settlement waits and then reads these lines.
 */
export async function updatePendingPaymentLines(
  db: Db,
  { id, billing, lines, now }: { id: number; billing: string; lines: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ billing, lines, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks a payment succeeded unless it already is: the one place where a settlement wins, so the
 * webhook, the payer's return and the periodic job can race and only one of them applies effects.
 * A payment closed as failed or expired on our side still succeeds when the provider says it was
 * paid: the money was taken.
 */
export async function markPaymentSucceeded(
  db: Db,
  { id, transactionReference, now }: { id: number; transactionReference: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: 'succeeded',
      failure_reason: null,
      transaction_reference: transactionReference,
      paid_at: now,
      settled_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '<>', 'succeeded')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes a pending payment as failed or expired; false when it was no longer pending. */
export async function closePendingPayment(
  db: Db,
  closing: { id: number; status: 'failed' | 'expired'; reason: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: closing.status,
      failure_reason: closing.reason,
      settled_at: closing.now,
      updated_at: closing.now,
    })
    .where('id', '=', closing.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a provider event once; false when its id was already recorded (a redelivery). */
export async function recordPaymentEvent(db: Db, event: Insertable<PaymentEventsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values(event)
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Pending payments whose session should be over, or that never reached the provider. */
export async function listStalePendingPayments(
  db: Db,
  { now, openedBefore, limit }: { now: string; openedBefore: string; limit: number },
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([eb('provider_session_id', 'is', null), eb('created_at', '<', openedBefore)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findPendingPaymentOfDelivery(
  db: Db,
  deliveryId: number,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}
