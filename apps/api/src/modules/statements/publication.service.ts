import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { SERVICE_KINDS, type PracticeStatus } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { sha256Hex } from '../../platform/ledger/entry';
import { findAssessment } from '../evaluations/service';
import { queueApplicantMail } from '../mails/service';
import { buildCertificate, parseCertificate, storedCertificateHash } from './certificate';
import { renderStatement } from './pdf';
import { completeAppealPublicationWithin, statementVariantOf } from './appeal-seal';
import { publishStatementJob } from './publish.job';
import {
  deleteUnissuedStatement,
  findCertificateSources,
  findLiveStatementOfPractice,
  findPendingStatementOfPractice,
  findPracticeOwner,
  findPublicationRequest,
  findStatement,
  findStatementForChange,
  insertStatement,
  markStatementIssued,
  markStatementPublished,
  movePracticeOnPublication,
  touchPracticeInStatus,
  updateStatementWhereUnset,
  type StatementRow,
} from './repository';
import { STATEMENT_TEXTS } from './texts';

/** The public address of a certificate's verification page, printed in the statement as a QR code. */
export const verifyUrlOf = (ctx: AppContext, certificateId: string): string =>
  `${ctx.config.publicUrl}/verify/${certificateId}`;

/**
 * The staff's `publish` move, inside its transaction (called by the transitions module): the
 * request stays `ready_for_issue` with a pending statement, and the publish job is queued in the
 * same transaction. 409 PUBLICATION_PENDING while one is already on its way.
 */
export async function requestPublicationWithin(
  ctx: AppContext,
  trx: Db,
  { practiceId, from, actorId }: { practiceId: number; from: PracticeStatus; actorId: number },
): Promise<void> {
  const live = await findLiveStatementOfPractice(trx, practiceId);
  if (live?.status === 'pending') throw new AppError('PUBLICATION_PENDING');
  if (live) throw new AppError('TRANSITION_NOT_ALLOWED', { params: { action: 'publish', status: from } });
  const at = ctx.clock.now().toISOString();
  if (!(await touchPracticeInStatus(trx, { practiceId, status: from, at }))) {
    throw new AppError('PRACTICE_CHANGED');
  }
  const id = randomUUID();
  try {
    await insertStatement(trx, { id, practiceId, requestedBy: actorId, at });
  } catch (error) {
    // Another publication of this request got in first (one live statement per request).
    if (isUniqueViolation(error)) throw new AppError('PUBLICATION_PENDING');
    throw error;
  }
  await ctx.queue.enqueue(trx, publishStatementJob, { statementId: id });
}

/** The id of the request's live statement; throws when it has none. */
export async function findStatementIdOfPractice(db: Db, practiceId: number): Promise<string> {
  const statement = await findLiveStatementOfPractice(db, practiceId);
  if (!statement) throw new Error(`request ${practiceId} has no statement`);
  return statement.id;
}

/** While true, the request waits for its statement: no other move may overtake the publication. */
export async function isPublicationPending(db: Db, practiceId: number): Promise<boolean> {
  return (await findPendingStatementOfPractice(db, practiceId)) !== undefined;
}

/**
 * A publication the job gave up: the request no longer waits for its statement (closed with its
 * account, say), or its applicant deleted the account. Nothing is appended nor mailed for it.
 */
export type DroppedPublication = {
  statementId: string;
  practiceId: number;
  requestedBy: number | null;
  /** The request's status when the job found it; null when the request is gone. */
  status: string | null;
  isAccountDeleted: boolean;
  /**
   * Its issue entry was appended before (by a run from before this check): the statement stays
   * `pending`, unsealed. Otherwise the statement was deleted, as if it had never been asked for.
   */
  isIssued: boolean;
};

/** The status a statement's request waits in: `appeal_reviewed` for a statement of appeal or an amendment. */
const awaitedStatusOf = (statement: StatementRow): PracticeStatus =>
  statementVariantOf(statement) ? 'appeal_reviewed' : 'ready_for_issue';

/** Undefined while the statement's request still waits for it; otherwise why the publication is dropped. */
async function droppedPublicationOf(
  db: Db,
  statement: StatementRow,
): Promise<DroppedPublication | undefined> {
  const request = await findPublicationRequest(db, statement.practice_id);
  const isAccountDeleted = Boolean(request?.deleted_at);
  if (request?.status === awaitedStatusOf(statement) && !isAccountDeleted) return undefined;
  return {
    statementId: statement.id,
    practiceId: statement.practice_id,
    requestedBy: statement.requested_by,
    status: request?.status ?? null,
    isAccountDeleted,
    isIssued: statement.issue_hash !== null,
  };
}

/**
 * The publish job. Each step first looks at what an earlier run left, so a retried job never
 * appends a second issue or seal entry nor stores a second PDF:
 * 1. issue: fix the certificate fields and append the issue entry (one transaction);
 * 2. render, sign and store the PDF, recorded only if no run recorded one before;
 * 3. seal: append the seal entry naming the issue entry, and mark the statement and the request
 *    published, with the request's audit entry (one transaction).
 * A request that no longer waits for its statement, or whose account was deleted, stops the job
 * before the next entry (decision 022): the issue step deletes the statement it has not issued,
 * in the transaction that would have appended its entry; the job ends, and the answer says why.
 */
export async function publishStatement(
  ctx: AppContext,
  statementId: string,
): Promise<DroppedPublication | undefined> {
  const pending = await findStatement(ctx.db, statementId);
  if (pending?.status !== 'pending') return undefined;
  const issued = await issue(ctx, pending);
  if ('dropped' in issued) return issued.dropped;
  // Issued by an earlier run before its request moved on: no PDF for a publication that won't happen.
  const dropped = await droppedPublicationOf(ctx.db, issued.statement);
  if (dropped) return dropped;
  const stored = await storePdf(ctx, issued.statement);
  return seal(ctx, stored);
}

const reread = async (ctx: AppContext, id: string): Promise<StatementRow> => {
  const row = await findStatement(ctx.db, id);
  if (!row) throw new Error(`statement ${id} vanished`);
  return row;
};

async function issue(
  ctx: AppContext,
  statement: StatementRow,
): Promise<{ statement: StatementRow } | { dropped: DroppedPublication }> {
  if (statement.certificate && statement.issue_hash) return { statement };
  const dropped = await ctx.db.transaction().execute(async (trx) => {
    const current = (await findStatementForChange(trx, statement.id)) ?? statement;
    // Another run issued it while this one waited for its turn.
    if (current.issue_hash) return undefined;
    // Checked with the statement's row held, before its entry: a crash leaves it all to the retry.
    const overtaken = await droppedPublicationOf(trx, current);
    if (overtaken) {
      await deleteUnissuedStatement(trx, current.id);
      return overtaken;
    }
    let json = current.certificate;
    if (!json) {
      const sources = await findCertificateSources(trx, current.practice_id);
      if (!sources) throw new Error(`request ${current.practice_id} of statement ${current.id} not found`);
      const certificate = buildCertificate({
        certificateId: current.id,
        sources,
        assessment: await findAssessment(trx, current.practice_id),
        authority: ctx.config.body.name,
        publishDate: ctx.clock.now().toISOString(),
      });
      json = JSON.stringify(certificate);
    }
    const entry = await ctx.ledger.appendWithin(trx, {
      kind: 'issue',
      certificateId: current.id,
      payloadHash: storedCertificateHash(json),
    });
    await markStatementIssued(trx, {
      id: current.id,
      certificate: json,
      issueHash: entry.hash,
      at: ctx.clock.now().toISOString(),
    });
    return undefined;
  });
  return dropped ? { dropped } : { statement: await reread(ctx, statement.id) };
}

async function storePdf(ctx: AppContext, statement: StatementRow): Promise<StatementRow> {
  if (statement.pdf_key) return statement;
  if (!statement.certificate || !statement.issue_hash) throw new Error('statement not issued yet');
  const certificate = parseCertificate(statement.certificate);
  const practice = await findPracticeOwner(ctx.db, statement.practice_id);
  const service = SERVICE_KINDS.find((kind) => kind === practice?.service) ?? 'comparability';
  const document = await renderStatement({
    certificate,
    transactionHash: statement.issue_hash,
    service,
    verifyUrl: verifyUrlOf(ctx, statement.id),
    body: ctx.config.body,
    isDemoBody: ctx.config.areBodyDetailsDemo,
    signer: ctx.pdfSigner.certificate,
    variant: statementVariantOf(statement),
  });
  const signed = await ctx.pdfSigner.sign(document, {
    reason: STATEMENT_TEXTS[certificate.locale].signatureReason,
    name: ctx.config.body.name,
    location: ctx.config.body.address,
    contactInfo: ctx.config.publicUrl,
    signingTime: ctx.clock.now(),
  });
  const key = await ctx.storage.write(Readable.from([signed]));
  const isRecorded = await updateStatementWhereUnset(ctx.db, {
    id: statement.id,
    unset: 'pdf_key',
    patch: {
      pdf_key: key,
      pdf_sha256: sha256Hex(signed),
      pdf_size: signed.length,
      updated_at: ctx.clock.now().toISOString(),
    },
  });
  // A run that lost the race leaves the winner's PDF as the only one.
  if (!isRecorded) await ctx.storage.remove(key);
  return reread(ctx, statement.id);
}

async function seal(ctx: AppContext, statement: StatementRow): Promise<DroppedPublication | undefined> {
  const { certificate, issue_hash: issueHash, pdf_sha256: pdfHash } = statement;
  if (!certificate || !issueHash || !pdfHash) throw new Error('statement not stored yet');
  const publishedAt = parseCertificate(certificate).publish_date;
  return ctx.db.transaction().execute(async (trx) => {
    // Another run (a retry, or the worker while `demo:statement` publishes) may have finished it.
    if ((await findStatementForChange(trx, statement.id))?.status !== 'pending') return undefined;
    // Its request moved on since the PDF was made: no seal entry, no mail.
    const dropped = await droppedPublicationOf(trx, statement);
    if (dropped) return dropped;
    const entry = await ctx.ledger.appendWithin(trx, {
      kind: 'seal',
      certificateId: statement.id,
      payloadHash: pdfHash,
      refHash: issueHash,
    });
    const at = ctx.clock.now().toISOString();
    if (statementVariantOf(statement)) {
      // A statement of appeal or an amended statement: its own ending (decision 026).
      await completeAppealPublicationWithin(ctx, trx, { statement, sealHash: entry.hash, publishedAt, at });
      return undefined;
    }
    await markStatementPublished(trx, { id: statement.id, sealHash: entry.hash, publishedAt, at });
    const isPublished = await movePracticeOnPublication(trx, {
      practiceId: statement.practice_id,
      from: 'ready_for_issue',
      to: 'published',
      action: 'publish',
      byUserId: statement.requested_by,
      publishedAt,
      at,
    });
    if (!isPublished) throw new Error(`request ${statement.practice_id} is no longer ready for issue`);
    // In the transaction that publishes: committed once, so the applicant is told once, however often the job runs.
    const owner = await findPracticeOwner(trx, statement.practice_id);
    if (owner) {
      await queueApplicantMail(ctx, trx, 'statement-published', {
        userId: owner.user_id,
        practiceId: statement.practice_id,
      });
    }
    return undefined;
  });
}
