import {
  maskName,
  type AnchorReceipt,
  VERIFY_MAX_BYTES,
  VERIFY_MESSAGES,
  VERIFY_RESULT_OF,
  type AnchorCheck,
  type AnchorView,
  type CertificateState,
  type CertificateStatus,
  type Locale,
  type Verification,
  type VerifyReason,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import type { LedgerEntry } from '../../platform/ledger/entry';
import { receiptOf, sealOf, verificationChecks } from '../ledger/anchor.service';
import { parseCertificate, storedCertificateHash } from '../statements/certificate';
import { verifyUrlOf } from '../statements/publication.service';
import { statementById, type StatementRow } from '../statements/service';

type Details = NonNullable<Verification['details']>;

/** The statement's record on the chain and the steps of the check; none when no statement was checked. */
type Checked = { anchor: AnchorView | null; checks: AnchorCheck[] };
const NOTHING_CHECKED: Checked = { anchor: null, checks: [] };

const answer = (
  certificateId: string | null,
  reason: VerifyReason,
  locale: Locale,
  { details = null, checked = NOTHING_CHECKED }: { details?: Details | null; checked?: Checked } = {},
): Verification => ({
  certificate_id: certificateId,
  result: VERIFY_RESULT_OF[reason],
  reason,
  message: VERIFY_MESSAGES[locale][reason],
  details,
  anchor: checked.anchor,
  checks: checked.checks,
});

/** A final anchor that the Merkle path or the chain contradicts (decision 066). */
const isAnchorContradicted = (checks: readonly AnchorCheck[]) =>
  checks.some(
    (check) => (check.step === 'path' || check.step === 'transaction') && check.outcome === 'failed',
  );

/** The ledger's word on a published statement: is its record whole, still in force? */
async function recordFault(
  ctx: AppContext,
  statement: StatementRow,
  entries: LedgerEntry[],
  seal: LedgerEntry,
): Promise<VerifyReason | null> {
  const issue = entries.find((entry) => entry.kind === 'issue');
  const isRecordWhole =
    issue !== undefined &&
    statement.certificate !== null &&
    seal.ref_hash === issue.hash &&
    statement.issue_hash === issue.hash &&
    statement.pdf_sha256 === seal.payload_hash &&
    issue.payload_hash === storedCertificateHash(statement.certificate);
  if (!isRecordWhole) return 'ledger_broken';
  if (!(await ctx.ledger.isRecordSound(entries))) return 'ledger_broken';
  if (entries.some((entry) => entry.kind === 'revoke')) return 'revoked';
  if (entries.some((entry) => entry.kind === 'supersede')) return 'superseded';
  return null;
}

/**
 * POST /verify/{id}: valid only when a seal entry of this certificate holds exactly this SHA-256,
 * the chain up to the head links and verifies, the issue entry matches the certificate's fields,
 * and no later entry supersedes or revokes it (DESIGN.md). The chain's word is the last recorded
 * audit plus a check of this certificate's entries and of those appended since that audit, never a
 * walk of the whole chain (decision 048). Once the seal entry's anchor is final, its Merkle path
 * and its transaction on the chain are checked too, and a contradiction makes it NOT valid
 * (decision 066); every answer about a statement lists the steps and their outcomes.
 */
export async function verifyStatement(
  ctx: AppContext,
  { certificateId, sha256, locale }: { certificateId: string; sha256: string; locale: Locale },
): Promise<Verification> {
  const statement = await statementById(ctx, certificateId);
  if (!statement) return answer(certificateId, 'unknown_id', locale);
  if (statement.status === 'pending') return answer(certificateId, 'not_yet_published', locale);
  const entries = await ctx.ledger.entriesOf(certificateId);
  const seal = entries.find((entry) => entry.kind === 'seal');
  if (!seal) return answer(certificateId, 'ledger_broken', locale);
  if (seal.payload_hash !== sha256) {
    const isAnotherStatement = (await ctx.ledger.withPayloadHash(sha256)).some(
      (entry) => entry.kind === 'seal',
    );
    const checked = await verificationChecks(ctx, {
      seal,
      sha256,
      isRecordSound: true,
      verifyUrl: verifyUrlOf(ctx, seal.certificate_id),
    });
    return answer(certificateId, isAnotherStatement ? 'other_statement' : 'not_original', locale, {
      checked,
    });
  }
  const fault = await recordFault(ctx, statement, entries, seal);
  const checked = await verificationChecks(ctx, {
    seal,
    sha256,
    isRecordSound: fault !== 'ledger_broken',
    verifyUrl: verifyUrlOf(ctx, seal.certificate_id),
  });
  if (fault || !statement.certificate)
    return answer(certificateId, fault ?? 'ledger_broken', locale, { checked });
  if (isAnchorContradicted(checked.checks))
    return answer(certificateId, 'anchor_broken', locale, { checked });
  const certificate = parseCertificate(statement.certificate);
  const details = {
    qualification_name: certificate.qualification_name,
    published_at: statement.published_at ?? certificate.publish_date,
    transaction_hash: seal.ref_hash ?? '',
    holder_name: maskName(certificate.holder_name),
    certificate_authority: certificate.certificate_authority,
  };
  return answer(certificateId, 'original', locale, { details, checked });
}

/**
 * POST /verify: the file alone, no id. Its SHA-256 names the statement whose seal entry holds it
 * (the ledger's payload hashes are indexed); that statement is then checked as POST /verify/{id}
 * would. A file no seal holds is NOT valid: not the original of any statement.
 */
export async function verifyStatementFile(
  ctx: AppContext,
  { sha256, locale }: { sha256: string; locale: Locale },
): Promise<Verification> {
  const seals = (await ctx.ledger.withPayloadHash(sha256)).filter((entry) => entry.kind === 'seal');
  const seal = seals.reduce<LedgerEntry | undefined>(
    (latest, entry) => (latest && latest.seq > entry.seq ? latest : entry),
    undefined,
  );
  if (!seal) return answer(null, 'not_original', locale);
  return verifyStatement(ctx, { certificateId: seal.certificate_id, sha256, locale });
}

const stateOf = (statement: StatementRow | undefined, entries: LedgerEntry[]): CertificateState => {
  if (!statement) return 'unknown';
  if (entries.some((entry) => entry.kind === 'revoke') || statement.status === 'revoked') return 'revoked';
  if (entries.some((entry) => entry.kind === 'supersede') || statement.status === 'superseded')
    return 'superseded';
  return statement.status === 'published' ? 'published' : 'pending';
};

/** GET /verify/{id}: what the id is (published or not), with nothing personal. */
export async function certificateStatus(ctx: AppContext, certificateId: string): Promise<CertificateStatus> {
  const statement = await statementById(ctx, certificateId);
  const entries = statement ? await ctx.ledger.entriesOf(certificateId) : [];
  const state = stateOf(statement, entries);
  return {
    certificate_id: certificateId,
    state,
    published_at: state === 'pending' ? null : (statement?.published_at ?? null),
    certificate_authority: ctx.config.body.name,
    max_upload_bytes: VERIFY_MAX_BYTES,
  };
}

/**
 * GET /verify/{id}/receipt: public, like the ledger entry it proves (ids and hashes only). 404 for
 * an unknown or unpublished statement, 409 NOT_ANCHORED before its anchor is final or without one.
 */
export async function statementReceipt(ctx: AppContext, certificateId: string): Promise<AnchorReceipt> {
  const statement = await statementById(ctx, certificateId);
  const seal = statement && statement.status !== 'pending' ? await sealOf(ctx, statement) : undefined;
  if (!seal) throw new AppError('NOT_FOUND');
  const entryAnchor = await ctx.ledger.anchorOf(seal);
  const receipt = receiptOf(ctx, { seal, entryAnchor, verifyUrl: verifyUrlOf(ctx, seal.certificate_id) });
  if (!receipt) throw new AppError('NOT_ANCHORED');
  return receipt;
}
