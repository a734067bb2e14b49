import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers';

/**
 * An open request worked on without its evaluator or its reviewer (an appeal or amendment admitted
 * on a request nobody holds) waits in the queue of those who assign, beside the requests not yet
 * assigned (the domain's STAFFED_STATUSES). The index of the queues made of several statuses
 * (migrations 2026-11-25-010 and 2026-12-04-105) is made again with those terms, as the staff
 * queue's query now writes them. Frozen: the lists are written out as they stand today. The
 * counts need nothing: they are kept per status and people (0 for nobody). Expand-only.
 */
const ARCHIVE = `'closed', 'published', 'appeal_rejected', 'appeal_issued', 'amend_issued', 'appeal_refused'`;
const READY_FOR_ISSUE = `'ready_for_issue', 'appeal_reviewed'`;
const TO_ASSIGN = `'unassigned', 'appeal_requested'`;
const STAFFED =
  `'assigned', 'in_evaluation', 'pending_student_reply', 'in_review', 'reviewed',` +
  ` 'appeal_in_evaluation', 'appeal_pending_student_reply', 'appeal_in_review'`;
const DEADLINE_ORDER = '(case when expected_deadline is null then 1 else 0 end), expected_deadline, id';
const groupOf = (toAssign: string) =>
  `(case when status in (${ARCHIVE}) then 'archive' when status in (${READY_FOR_ISSUE}) then 'ready_for_issue'` +
  ` when ${toAssign} then 'unassigned' else 'other' end)`;

async function remake(db: MigrationDb, toAssign: string): Promise<void> {
  await db.schema.dropIndex('practices_queue_group').execute();
  await sql
    .raw(`create index practices_queue_group on practices (${groupOf(toAssign)}, ${DEADLINE_ORDER})`)
    .execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  await remake(
    db,
    `status in (${TO_ASSIGN}) or (status in (${STAFFED}) and (assignee_id is null or reviewer_id is null))`,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await remake(db, `status in (${TO_ASSIGN})`);
}
