import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SandboxEventsTable, SandboxRefundsTable, SandboxSessionsTable } from '../../db/payment-tables';

export type SandboxSessionRow = Selectable<SandboxSessionsTable>;
export type SandboxEventRow = Selectable<SandboxEventsTable>;

export async function insertSession(db: Db, row: Insertable<SandboxSessionsTable>): Promise<void> {
  await db.insertInto('sandbox_sessions').values(row).execute();
}

export async function findSession(db: Db, id: string): Promise<SandboxSessionRow | undefined> {
  return db.selectFrom('sandbox_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open, unexpired session with its outcome; false when it was already closed or expired. */
export async function closeSession(
  db: Db,
  closing: { id: string; status: 'paid' | 'failed'; cardLast4: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_sessions')
    .set({
      status: closing.status,
      card_last4: closing.cardLast4,
      completed_at: closing.at,
      updated_at: closing.at,
    })
    .where('id', '=', closing.id)
    .where('status', '=', 'open')
    .where('expires_at', '>', closing.at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertEvent(db: Db, row: Insertable<SandboxEventsTable>): Promise<void> {
  await db.insertInto('sandbox_events').values(row).execute();
}

export async function findEventWithSession(db: Db, id: string) {
  return db
    .selectFrom('sandbox_events')
    .innerJoin('sandbox_sessions', 'sandbox_sessions.id', 'sandbox_events.session_id')
    .select([
      'sandbox_events.id',
      'sandbox_events.type',
      'sandbox_events.created_at',
      'sandbox_events.delivered_at',
      'sandbox_sessions.id as session_id',
      'sandbox_sessions.reference',
      'sandbox_sessions.amount_total',
    ])
    .where('sandbox_events.id', '=', id)
    .executeTakeFirst();
}

export async function recordDeliveryAttempt(
  db: Db,
  attempt: { id: string; status: number | null; deliveredAt: string | null },
): Promise<void> {
  await db
    .updateTable('sandbox_events')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_status: attempt.status,
      delivered_at: attempt.deliveredAt,
    }))
    .where('id', '=', attempt.id)
    .execute();
}

export async function findRefundByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom('sandbox_refunds')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function refundedAmountOfSession(db: Db, sessionId: string): Promise<number> {
  const { total } = await db
    .selectFrom('sandbox_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function insertRefund(db: Db, row: Insertable<SandboxRefundsTable>): Promise<void> {
  await db.insertInto('sandbox_refunds').values(row).execute();
}
