import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { NexiOrdersTable } from '../../db/payment-tables';

export type NexiOrderRow = Selectable<NexiOrdersTable>;

export async function insertOrder(db: Db, row: Insertable<NexiOrdersTable>): Promise<void> {
  await db.insertInto('nexi_orders').values(row).execute();
}

export async function findOrder(db: Db, orderId: string): Promise<NexiOrderRow | undefined> {
  return db.selectFrom('nexi_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}
