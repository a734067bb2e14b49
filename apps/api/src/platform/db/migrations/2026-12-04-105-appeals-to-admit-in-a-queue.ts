import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers';

/**
 * An appeal or amendment asked for waits in the queue of those who assign (they admit or refuse
 * it, with the same ability: the domain's QUEUE_STATUSES). The index of the queues made of
 * several statuses (migration 2026-11-25-010) computes each request's queue: it is made again
 * with `appeal_requested` beside `unassigned`, as the staff queue's query now writes it. Frozen:
 * the lists are written out as they stand today. The counts need nothing: they are kept per
 * status, and the domain says which queue a status is in.
 */
const ARCHIVE = `'closed', 'published', 'appeal_rejected', 'appeal_issued', 'amend_issued', 'appeal_refused'`;
const READY_FOR_ISSUE = `'ready_for_issue', 'appeal_reviewed'`;
const DEADLINE_ORDER = '(case when expected_deadline is null then 1 else 0 end), expected_deadline, id';
const groupOf = (toAssign: string) =>
  `(case when status in (${ARCHIVE}) then 'archive' when status in (${READY_FOR_ISSUE}) then 'ready_for_issue'` +
  ` when status in (${toAssign}) then 'unassigned' else 'other' end)`;

async function remake(db: MigrationDb, toAssign: string): Promise<void> {
  await db.schema.dropIndex('practices_queue_group').execute();
  await sql
    .raw(`create index practices_queue_group on practices (${groupOf(toAssign)}, ${DEADLINE_ORDER})`)
    .execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  await remake(db, `'unassigned', 'appeal_requested'`);
}

export async function down(db: MigrationDb): Promise<void> {
  await remake(db, `'unassigned'`);
}
