import type { Readable } from 'node:stream';
import { certificateTransactionHash, type Statement } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/service';
import { anchorViewOfSeal, sealOf } from '../ledger/anchor.service';
import { parseCertificate } from './certificate';
import { verifyUrlOf } from './publication.service';
import {
  findLiveStatementOfPractice,
  findPracticeOwner,
  findStatement,
  findWithdrawnStatementOfPractice,
  listStatementsOfPractice,
  type StatementRow,
} from './repository';

export type { StatementRow } from './repository';

/**
 * Whether the request has a statement in force: published, not withdrawn, not superseded by none.
 * A statement of appeal attaches to it and an amended one supersedes it (409 NO_STATEMENT_IN_FORCE).
 */
export async function hasStatementInForce(db: Db, practiceId: number): Promise<boolean> {
  return (await findLiveStatementOfPractice(db, practiceId))?.status === 'published';
}

async function requireOwnPractice(ctx: AppContext, actor: SessionUser, practiceId: number): Promise<void> {
  const practice = await findPracticeOwner(ctx.db, practiceId);
  if (!practice || practice.user_id !== actor.id) throw new AppError('NOT_FOUND');
}

/** The applicant's own request's live statement; 404 for anyone else's request or none yet. */
export async function ownStatement(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<StatementRow> {
  await requireOwnPractice(ctx, actor, practiceId);
  const statement = await findLiveStatementOfPractice(ctx.db, practiceId);
  if (!statement) throw new AppError('NOT_FOUND');
  return statement;
}

/**
 * GET /practices/{id}/statement: pending while the publish job runs (spec §4), then the certificate.
 * Its transaction hash is the chain transaction once the seal entry's anchor is final (decision
 * 065), the issue entry's hash (printed in the PDF) until then. A withdrawn statement (decision
 * 097) is said to be withdrawn, and when: its PDF and share links are no longer given.
 */
export async function getStatement(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<Statement> {
  await requireOwnPractice(ctx, actor, practiceId);
  const statement = await findLiveStatementOfPractice(ctx.db, practiceId);
  if (!statement) {
    const withdrawn = await findWithdrawnStatementOfPractice(ctx.db, practiceId);
    if (!withdrawn) throw new AppError('NOT_FOUND');
    return { status: 'withdrawn', certificate_id: withdrawn.id, withdrawn_at: withdrawn.updated_at };
  }
  const { certificate, issue_hash: issueHash, pdf_sha256: pdfHash, pdf_size: pdfSize } = statement;
  if (statement.status !== 'published' || !certificate || !issueHash || !pdfHash || pdfSize === null) {
    return { status: 'pending', requested_at: statement.requested_at };
  }
  const anchor = await anchorViewOfSeal(ctx, await sealOf(ctx, statement));
  return {
    status: 'published',
    certificate_id: statement.id,
    certificate: parseCertificate(certificate),
    transaction_hash: certificateTransactionHash(anchor, issueHash),
    ledger_hash: issueHash,
    anchor,
    published_at: statement.published_at ?? parseCertificate(certificate).publish_date,
    verify_url: verifyUrlOf(ctx, statement.id),
    pdf: { size: pdfSize, sha256: pdfHash },
  };
}

export type StatementFile = { content: Readable; size: number; fileName: string };

/** GET /practices/{id}/statement/pdf: the signed original, byte for byte; 409 while still pending. */
export async function openStatementPdf(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<StatementFile> {
  const statement = await ownStatement(ctx, actor, practiceId);
  if (statement.status !== 'published' || !statement.pdf_key || statement.pdf_size === null) {
    throw new AppError('PUBLICATION_PENDING');
  }
  return {
    content: await ctx.storage.read(statement.pdf_key),
    size: statement.pdf_size,
    fileName: `statement-${statement.id}.pdf`,
  };
}

/** A statement by its certificate id, for the public pages that open one by id or link (verify, share links). */
export async function statementById(
  ctx: AppContext,
  certificateId: string,
): Promise<StatementRow | undefined> {
  return findStatement(ctx.db, certificateId);
}

/** Every statement of a request, oldest first: the original, its amended versions, the statement of appeal. */
export async function statementsOfPractice(db: Db, practiceId: number): Promise<StatementRow[]> {
  return listStatementsOfPractice(db, practiceId);
}

/** A published statement's signed PDF, for scripts (the demo, the bench); the routes check the owner. */
export async function readStatementPdf(ctx: AppContext, certificateId: string): Promise<Readable> {
  const statement = await findStatement(ctx.db, certificateId);
  if (!statement?.pdf_key) throw new AppError('NOT_FOUND');
  return ctx.storage.read(statement.pdf_key);
}
