import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DeliveriesTable, PracticesTable } from '../../platform/db/tables';

export type DeliveryRow = Selectable<DeliveriesTable>;

export async function findDeliveryRow(db: Db, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOpenDeliveryRow(db: Db, userId: number): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** The user's paid shipments, newest first. */
export async function listShipmentRows(db: Db, userId: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'open')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertDelivery(db: Db, row: Insertable<DeliveriesTable>): Promise<number> {
  const { id } = await db.insertInto('deliveries').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Sets the shipping information of an open shipment, only if none was submitted yet: false otherwise. */
export async function submitShipping(
  db: Db,
  id: number,
  patch: Updateable<DeliveriesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('shipping_submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateDelivery(
  db: Db,
  { id, from, patch }: { id: number; from: DeliveryRow['status']; patch: Updateable<DeliveriesTable> },
): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceDeliveryPractices(db: Db, deliveryId: number, practiceIds: readonly number[]) {
  await db.deleteFrom('delivery_practices').where('delivery_id', '=', deliveryId).execute();
  if (practiceIds.length === 0) return;
  await db
    .insertInto('delivery_practices')
    .values(practiceIds.map((practiceId) => ({ delivery_id: deliveryId, practice_id: practiceId })))
    .execute();
}

/** Practice ids per shipment, in id order. */
export async function listDeliveryPracticeIds(
  db: Db,
  deliveryIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byDelivery = new Map<number, number[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .selectFrom('delivery_practices')
    .select(['delivery_id', 'practice_id'])
    .where('delivery_id', 'in', [...deliveryIds])
    .orderBy('practice_id')
    .execute();
  for (const row of rows)
    byDelivery.set(row.delivery_id, [...(byDelivery.get(row.delivery_id) ?? []), row.practice_id]);
  return byDelivery;
}

const PRACTICE_COLUMNS = [
  'id',
  'user_id',
  'status',
  'qualification_name',
  'delivery_opened_at',
  'delivery_paid_at',
  'delivery_id',
  'delivered_at',
] as const;

export type DeliveryPracticeRow = Pick<Selectable<PracticesTable>, (typeof PRACTICE_COLUMNS)[number]>;

/** The user's requests staff opened to delivery, oldest first. */
export async function listOpenedPracticeRows(db: Db, userId: number): Promise<DeliveryPracticeRow[]> {
  return db
    .selectFrom('practices')
    .select(PRACTICE_COLUMNS)
    .where('user_id', '=', userId)
    .where('delivery_opened_at', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function findPracticeDeliveryRow(db: Db, id: number): Promise<DeliveryPracticeRow | undefined> {
  return db.selectFrom('practices').select(PRACTICE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function listPracticeDeliveryRows(
  db: Db,
  ids: readonly number[],
): Promise<DeliveryPracticeRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('practices')
    .select(PRACTICE_COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

/** Marks the requests of a paid shipment: their delivery and its payment date. */
export async function markPracticesShipped(
  db: Db,
  { ids, deliveryId, paidAt }: { ids: readonly number[]; deliveryId: number; paidAt: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('practices')
    .set({ delivery_id: deliveryId, delivery_paid_at: paidAt, updated_at: paidAt })
    .where('id', 'in', [...ids])
    .where('delivery_id', 'is', null)
    .execute();
}

export async function setPracticeDeliveryFields(
  db: Db,
  id: number,
  patch: { delivery_opened_at?: string; delivered_at?: string },
): Promise<void> {
  await db.updateTable('practices').set(patch).where('id', '=', id).execute();
}

/** Requests of a shipment not yet set delivered. */
export async function countUndeliveredOfShipment(db: Db, deliveryId: number): Promise<number> {
  const { count } = await db
    .selectFrom('practices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('delivery_id', '=', deliveryId)
    .where('delivered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Requests of a shipment already set delivered. */
export async function countDeliveredOfShipment(db: Db, deliveryId: number): Promise<number> {
  const { count } = await db
    .selectFrom('practices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('delivery_id', '=', deliveryId)
    .where('delivered_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A cancelled shipment lets its requests go (decision 068): still open to delivery, no longer in a
 * paid shipment, so the applicant may order them again.
 */
export async function releaseShipmentPractices(
  db: Db,
  { deliveryId, at }: { deliveryId: number; at: string },
): Promise<void> {
  await db
    .updateTable('practices')
    .set({ delivery_id: null, delivery_paid_at: null, updated_at: at })
    .where('delivery_id', '=', deliveryId)
    .execute();
}

/** The shipments a request was ever in (a cart keeps its requests, even once cancelled). */
export async function listShipmentIdsOfPractice(db: Db, practiceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_practices as dp')
    .innerJoin('deliveries as d', 'd.id', 'dp.delivery_id')
    .select('dp.delivery_id')
    .where('dp.practice_id', '=', practiceId)
    .where('d.status', '!=', 'open')
    .orderBy('dp.delivery_id')
    .execute();
  return rows.map((row) => row.delivery_id);
}
