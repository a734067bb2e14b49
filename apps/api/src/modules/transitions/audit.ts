import {
  AUDIT_ACTIONS,
  PRACTICE_STATUSES,
  type AuditEntry,
  type AuditPage,
  type PracticeStatus,
} from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findAuditPosition, findLatestMoveRow, listAuditPageRows, type AuditRow } from './repository';

/**
 * What other modules read of a trail, each of its own bounded query: everyone who evaluated the
 * request (four eyes), and whether an action is in it (the evaluation's `start`).
 */
export { findEvaluators, hasAuditAction } from './repository';

/**
 * A page of a request's audit trail as staff read it, every move and staff change, oldest first:
 * the newest `limit` entries, or the `limit` before the entry `before` (422 on `before` when the
 * request has no such entry), and whether older ones remain.
 */
export async function listAuditPage(
  db: Db,
  { practiceId, before, limit }: { practiceId: number; before?: number; limit: number },
): Promise<AuditPage> {
  const position =
    before === undefined ? undefined : await findAuditPosition(db, { practiceId, entryId: before });
  if (before !== undefined && !position) {
    throw new AppError('VALIDATION_FAILED', { errors: { before: ['invalidValue'] } });
  }
  const rows = await listAuditPageRows(db, { practiceId, before: position, limit: limit + 1 });
  return { entries: rows.slice(0, limit).reverse().map(toAuditEntry), has_older: rows.length > limit };
}

/**
 * The reviewer's send-back that left the request in its status, when it is the latest move (a
 * change that keeps the status, a file check or a replaced document, does not hide it); else null.
 */
export async function findSentBack(db: Db, practiceId: number, status: string): Promise<AuditEntry | null> {
  const move = await findLatestMoveRow(db, practiceId);
  return move?.action === 'send_back' && move.to_status === status ? toAuditEntry(move) : null;
}

const statusOf = (value: string): PracticeStatus =>
  PRACTICE_STATUSES.find((status) => status === value) ?? 'draft';

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
