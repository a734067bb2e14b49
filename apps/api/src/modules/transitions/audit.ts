import { AUDIT_ACTIONS, PRACTICE_STATUSES, type AuditEntry, type PracticeStatus } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { listAuditRows } from './repository';

/** The audit trail of a request as staff read it: every move and staff change, oldest first. */
export async function listAudit(db: Db, practiceId: number): Promise<AuditEntry[]> {
  return (await listAuditRows(db, practiceId)).map(toAuditEntry);
}

const statusOf = (value: string): PracticeStatus =>
  PRACTICE_STATUSES.find((status) => status === value) ?? 'draft';

type AuditRow = Awaited<ReturnType<typeof listAuditRows>>[number];

/** Rows written before the audit had actions: the draft's creation and its submission. */
function actionOf(row: AuditRow): AuditEntry['action'] {
  const action = AUDIT_ACTIONS.find((candidate) => candidate === row.action);
  if (action) return action;
  return row.from_status === null ? 'create' : 'submit';
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  action: actionOf(row),
  from_status: row.from_status === null ? null : statusOf(row.from_status),
  to_status: statusOf(row.to_status),
  by:
    row.by_user_id === null
      ? null
      : {
          id: row.by_user_id,
          first_name: row.first_name ?? '',
          last_name: row.last_name ?? '',
          role: row.role ?? '',
        },
  note: row.note,
  // The column holds JSON.stringify of the `details` object the repository was given.
  details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  at: row.at,
});
