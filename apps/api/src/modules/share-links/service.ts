import {
  certificateTransactionHash,
  maskName,
  SHARE_LINK_MAX_DAYS,
  SHARE_LINKS_ACTIVE_MAX,
  shareLinkState,
  shareLinkToday,
  VERIFY_MAX_BYTES,
  type CreatedShareLink,
  type ShareLink,
  type SharedStatement,
} from '@lisbon/domain';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, fieldError } from '../../platform/errors';
import { anchorViewOfSeal, sealOf } from '../ledger/anchor.service';
import type { SessionUser } from '../sessions/service';
import { parseCertificate } from '../statements/certificate';
import { ownStatement, statementById, type StatementFile, type StatementRow } from '../statements/service';
import { findAccountByIdHeld } from '../users/accounts';
import { certificateStatus } from '../verify/service';
import {
  countActiveShareLinks,
  findOwnShareLink,
  findShareLink,
  findShareLinkByTokenHash,
  insertShareLink,
  listShareLinksOf,
  revokeShareLinkRow,
  type ShareLinkRow,
} from './repository';

/** The address a share link opens: the verification page of its statement, no login. */
export const sharedUrlOf = (ctx: AppContext, token: string): string =>
  `${ctx.config.publicUrl}/verify/shared/${token}`;

const toShareLink = (row: ShareLinkRow, now: Date): ShareLink => ({
  id: row.id,
  state: shareLinkState(row, now),
  expires_on: row.expires_on,
  created_at: row.created_at,
  revoked_at: row.revoked_at,
});

/** GET /practices/{id}/statement/share-links: the owner's links to this statement, newest first. */
export async function listShareLinks(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<ShareLink[]> {
  const statement = await ownStatement(ctx, actor, practiceId);
  const rows = await listShareLinksOf(ctx.db, { statementId: statement.id, userId: actor.id });
  const now = ctx.clock.now();
  return rows.map((row) => toShareLink(row, now));
}

/**
 * POST /practices/{id}/statement/share-links: a new link, optionally working only through
 * `expiresOn` (today at the earliest, at most SHARE_LINK_MAX_DAYS ahead). The token is answered
 * once, in the link's address; only its SHA-256 is stored. At most SHARE_LINKS_ACTIVE_MAX of the
 * owner's links to the statement work at once (409 SHARE_LINKS_LIMIT), counted and added in one
 * transaction with the owner's row held.
 */
export async function createShareLink(
  ctx: AppContext,
  actor: SessionUser,
  {
    practiceId,
    expiresOn,
    committing = () => {},
  }: { practiceId: number; expiresOn: string | null; committing?: () => void },
): Promise<CreatedShareLink> {
  const statement = await ownStatement(ctx, actor, practiceId);
  const now = ctx.clock.now();
  if (expiresOn !== null) {
    if (expiresOn < shareLinkToday(now)) throw fieldError('expires_on', 'dateNotInPast');
    if (expiresOn > shareLinkToday(new Date(isoAfter(now, SHARE_LINK_MAX_DAYS * 24 * 3600)))) {
      throw fieldError('expires_on', 'dateWithinYear');
    }
  }
  const token = randomToken();
  const at = now.toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The owner's row held first (PostgreSQL; SQLite has one writer), as an upload holds it for the
    // quota: links made at once are counted one after the other.
    await findAccountByIdHeld(trx, actor.id);
    const where = { statementId: statement.id, userId: actor.id };
    const active = await countActiveShareLinks(trx, { ...where, today: shareLinkToday(now) });
    if (active >= SHARE_LINKS_ACTIVE_MAX) {
      throw new AppError('SHARE_LINKS_LIMIT', { params: { max: SHARE_LINKS_ACTIVE_MAX } });
    }
    const inserted = await insertShareLink(trx, { ...where, tokenHash: sha256(token), expiresOn, at });
    // From here the link may stand, whatever is answered: the hour's limit keeps its count.
    committing();
    return inserted;
  });
  return { ...toShareLink(row, now), url: sharedUrlOf(ctx, token) };
}

/** DELETE /practices/{id}/statement/share-links/{linkId}: the link stops working; it stays listed as revoked. */
export async function revokeShareLink(
  ctx: AppContext,
  actor: SessionUser,
  { practiceId, linkId }: { practiceId: number; linkId: number },
): Promise<ShareLink> {
  const statement = await ownStatement(ctx, actor, practiceId);
  const at = ctx.clock.now().toISOString();
  const link = await findOwnShareLink(ctx.db, { id: linkId, statementId: statement.id, userId: actor.id });
  if (!link) throw new AppError('NOT_FOUND');
  if (!link.revoked_at) await revokeShareLinkRow(ctx.db, { id: linkId, at });
  const row = await findShareLink(ctx.db, linkId);
  return toShareLink(row, ctx.clock.now());
}

/** The statement a token opens: 404 for an unknown token, 410 for an expired or revoked link. */
async function statementOfToken(
  ctx: AppContext,
  token: string,
): Promise<{ link: ShareLinkRow; statement: StatementRow }> {
  const link = await findShareLinkByTokenHash(ctx.db, sha256(token));
  if (!link) throw new AppError('NOT_FOUND');
  const state = shareLinkState(link, ctx.clock.now());
  if (state === 'revoked') throw new AppError('SHARE_LINK_REVOKED');
  if (state === 'expired') throw new AppError('SHARE_LINK_EXPIRED');
  const statement = await statementById(ctx, link.statement_id);
  if (!statement) throw new AppError('NOT_FOUND');
  return { link, statement };
}

/**
 * GET /shared/{token}: what the verification page shows to whoever holds the link — published
 * or not, the qualification, the publish date, the transaction hash and the masked holder name.
 */
export async function openSharedStatement(ctx: AppContext, token: string): Promise<SharedStatement> {
  const { link, statement } = await statementOfToken(ctx, token);
  const status = await certificateStatus(ctx, statement.id);
  const isPublished = status.state !== 'pending' && statement.certificate !== null;
  const certificate = isPublished && statement.certificate ? parseCertificate(statement.certificate) : null;
  const anchor = isPublished ? await anchorViewOfSeal(ctx, await sealOf(ctx, statement)) : null;
  return {
    certificate_id: statement.id,
    state: status.state,
    qualification_name: certificate?.qualification_name ?? null,
    published_at: status.published_at,
    transaction_hash:
      anchor && statement.issue_hash ? certificateTransactionHash(anchor, statement.issue_hash) : null,
    holder_name: certificate ? maskName(certificate.holder_name) : null,
    certificate_authority: status.certificate_authority,
    // A withdrawn statement's PDF is no longer given (decision 097); its state says why.
    has_pdf: isPublished && statement.pdf_key !== null && statement.status !== 'revoked',
    expires_on: link.expires_on,
    max_upload_bytes: VERIFY_MAX_BYTES,
    anchor,
  };
}

/**
 * GET /shared/{token}/pdf: the signed original, byte for byte, so the visitor can verify it. 409
 * while pending; 404 once the statement is withdrawn (decision 097).
 */
export async function openSharedPdf(ctx: AppContext, token: string): Promise<StatementFile> {
  const { statement } = await statementOfToken(ctx, token);
  if (statement.status === 'revoked') throw new AppError('NOT_FOUND');
  if (statement.status === 'pending' || !statement.pdf_key || statement.pdf_size === null) {
    throw new AppError('PUBLICATION_PENDING');
  }
  const content: Readable = await ctx.storage.read(statement.pdf_key);
  return { content, size: statement.pdf_size, fileName: `statement-${statement.id}.pdf` };
}
