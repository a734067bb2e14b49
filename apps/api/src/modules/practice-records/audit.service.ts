import type { Db } from '../../platform/db/database';
import { insertAuditEntry, type AuditRow } from './repository';

export type { AuditRow };

/**
 * Writes one entry of a request's audit trail in the caller's transaction `trx`: the transitions
 * module's moves and staff changes, the system's entries, and the applicant's changes to the
 * documents of a submitted request (the documents module). Who reads the trail: `transitions/audit.ts`.
 */
export async function recordAuditEntry(trx: Db, entry: AuditRow): Promise<void> {
  await insertAuditEntry(trx, entry);
}
