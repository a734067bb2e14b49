import type { PracticeStatus } from '@lisbon/domain';
import { sql, type Selectable, type Updateable } from 'kysely';
import { isPostgres } from '../../platform/db/schema-helpers';
import type { Db } from '../../platform/db/database';
import type { StatementsTable } from '../../platform/db/statement-tables';

export type StatementRow = Selectable<StatementsTable>;

export async function insertStatement(
  db: Db,
  row: {
    id: string;
    practiceId: number;
    requestedBy: number;
    at: string;
    /** Decision 026: a statement of appeal, or an amended statement (kind `statement` with an original). */
    kind?: 'statement' | 'appeal';
    originalId?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('statements')
    .values({
      id: row.id,
      practice_id: row.practiceId,
      kind: row.kind ?? 'statement',
      original_id: row.originalId ?? null,
      status: 'pending',
      requested_by: row.requestedBy,
      requested_at: row.at,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function findStatement(db: Db, id: string): Promise<StatementRow | undefined> {
  return db.selectFrom('statements').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The statement read inside a transaction that will change it: on PostgreSQL its row stays locked
 * until the transaction ends, so two runs of the publish job take their turns and the second sees
 * what the first committed (SQLite transactions begin immediate and are serialised already).
 */
export async function findStatementForChange(trx: Db, id: string): Promise<StatementRow | undefined> {
  let query = trx.selectFrom('statements').selectAll().where('id', '=', id);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The request's pending or published statement, if any (not a statement of appeal). While an
 * amended version is being published it is the pending one: the applicant is told to retry later.
 */
export async function findLiveStatementOfPractice(
  db: Db,
  practiceId: number,
): Promise<StatementRow | undefined> {
  return db
    .selectFrom('statements')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('kind', '=', 'statement')
    .where('status', 'in', ['pending', 'published'])
    .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
    .executeTakeFirst();
}

/** A request's statement in a status, of one kind or of any. */
const statementOfPractice = (
  db: Db,
  practiceId: number,
  { status, kind }: { status: StatementRow['status']; kind?: 'statement' | 'appeal' },
): Promise<StatementRow | undefined> => {
  let query = db.selectFrom('statements').selectAll().where('practice_id', '=', practiceId);
  if (kind) query = query.where('kind', '=', kind);
  return query.where('status', '=', status).executeTakeFirst();
};

/** The request's statement being published, of any kind (decision 026). */
export const findPendingStatementOfPractice = (db: Db, practiceId: number) =>
  statementOfPractice(db, practiceId, { status: 'pending' });

/** Every statement of a request, oldest first: the original, its amended versions, the statement of appeal. */
export async function listStatementsOfPractice(db: Db, practiceId: number): Promise<StatementRow[]> {
  return db
    .selectFrom('statements')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('requested_at')
    .orderBy('created_at')
    .execute();
}

/** Changes a statement only while `column` is still null: of two runs of a step, one wins. */
export async function updateStatementWhereUnset(
  db: Db,
  { id, unset, patch }: { id: string; unset: 'certificate' | 'pdf_key'; patch: Updateable<StatementsTable> },
): Promise<boolean> {
  const result = await db
    .updateTable('statements')
    .set(patch)
    .where('id', '=', id)
    .where(unset, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A pending statement dropped before its issue entry (its request no longer waits for it): no
 * ledger entry, PDF or link names it yet. False when it was issued meanwhile, or is gone already.
 */
export async function deleteUnissuedStatement(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('statements')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('issue_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The issue step's result: the certificate fixed and the hash of its issue entry. */
export async function markStatementIssued(
  db: Db,
  { id, certificate, issueHash, at }: { id: string; certificate: string; issueHash: string; at: string },
): Promise<void> {
  await db
    .updateTable('statements')
    .set({ certificate, issue_hash: issueHash, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** An amended statement replaces its published original, which stops being valid (decision 026). */
export async function markStatementSuperseded(db: Db, { id, at }: { id: string; at: string }): Promise<void> {
  await db
    .updateTable('statements')
    .set({ status: 'superseded', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'published')
    .execute();
}

/** The request of a withdrawn statement learns when (decision 097): its page and its appeal read it. */
export async function markPracticeStatementWithdrawn(
  db: Db,
  { practiceId, at }: { practiceId: number; at: string },
): Promise<void> {
  await db
    .updateTable('practices')
    .set({ statement_withdrawn_at: at })
    .where('id', '=', practiceId)
    .execute();
}

/** The request's own statement, withdrawn (decision 097); undefined while it is in force or before it exists. */
export const findWithdrawnStatementOfPractice = (db: Db, practiceId: number) =>
  statementOfPractice(db, practiceId, { status: 'revoked', kind: 'statement' });

/** A published statement withdrawn (decision 097): false when it was no longer the published one. */
export async function markStatementRevoked(db: Db, { id, at }: { id: string; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('statements')
    .set({ status: 'revoked', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The body's own record of a withdrawal (migration 111): the reason and its salt, never public. */
export async function findWithdrawal(
  db: Db,
  certificateId: string,
): Promise<{ reason: string; salt: string; created_at: string } | undefined> {
  return db
    .selectFrom('statement_withdrawals')
    .select(['reason', 'salt', 'created_at'])
    .where('certificate_id', '=', certificateId)
    .executeTakeFirst();
}

export async function insertWithdrawal(
  db: Db,
  row: { certificateId: string; reason: string; salt: string; at: string },
): Promise<void> {
  await db
    .insertInto('statement_withdrawals')
    .values({ certificate_id: row.certificateId, reason: row.reason, salt: row.salt, created_at: row.at })
    .execute();
}

export async function markStatementPublished(
  db: Db,
  { id, sealHash, publishedAt, at }: { id: string; sealHash: string; publishedAt: string; at: string },
): Promise<void> {
  await db
    .updateTable('statements')
    .set({ status: 'published', seal_hash: sealHash, published_at: publishedAt, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** What the certificate is made of: the request, its applicant and the evaluator's assessment. */
export async function findCertificateSources(db: Db, practiceId: number) {
  return db
    .selectFrom('practices as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.status',
      'p.service',
      'p.country',
      'p.qualification',
      'u.first_name',
      'u.middle_name',
      'u.last_name',
      'u.birth_date',
      'u.locale',
    ])
    .where('p.id', '=', practiceId)
    .executeTakeFirst();
}

export type CertificateSources = NonNullable<Awaited<ReturnType<typeof findCertificateSources>>>;

/** What a publication waits on: the request's status, and whether its applicant deleted the account. */
export async function findPublicationRequest(db: Db, practiceId: number) {
  return db
    .selectFrom('practices as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.status', 'u.deleted_at'])
    .where('p.id', '=', practiceId)
    .executeTakeFirst();
}

/** The request's owner and status, for the applicant's routes. */
export async function findPracticeOwner(db: Db, practiceId: number) {
  return db
    .selectFrom('practices')
    .select(['id', 'user_id', 'status', 'service'])
    .where('id', '=', practiceId)
    .executeTakeFirst();
}

/**
 * The request's move when its statement is published (the publish job's seal step): from `from`
 * to `to` with its audit entry, only if it is still in `from`; false when it moved meanwhile.
 * `publishedAt` is set for the first publication, not for a statement of appeal or an amendment.
 */
export async function movePracticeOnPublication(
  db: Db,
  move: {
    practiceId: number;
    from: PracticeStatus;
    to: PracticeStatus;
    action: string;
    byUserId: number | null;
    publishedAt?: string;
    details?: string | null;
    at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('practices')
    .set({
      status: move.to,
      updated_at: move.at,
      ...(move.publishedAt ? { published_at: move.publishedAt } : {}),
    })
    .where('id', '=', move.practiceId)
    .where('status', '=', move.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('practice_status_history')
    .values({
      practice_id: move.practiceId,
      from_status: move.from,
      to_status: move.to,
      action: move.action,
      by_user_id: move.byUserId,
      note: null,
      details: move.details ?? null,
      at: move.at,
    })
    .execute();
  return true;
}

/** Keeps the request where it is while marking that it changed (the staff's compare-and-set). */
export async function touchPracticeInStatus(
  db: Db,
  { practiceId, status, at }: { practiceId: number; status: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('practices')
    .set({ updated_at: at })
    .where('id', '=', practiceId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
