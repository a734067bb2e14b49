import {
  areDocumentsEditable,
  canRequestAppeal,
  isDocumentChangeable,
  isDocumentDeletable,
  DOCUMENT_FORMATS,
  typeByName,
  DOCUMENT_TYPES,
  IMAGE_MAX_PIXELS,
  statusLabel,
  type DocumentsOverview,
  type PracticeStatus,
  type PracticeDocument,
  type ValidationMessageKey,
} from '@lisbon/domain';
import type { z } from 'zod';
import type { documentUploadFieldsSchema } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError, fieldError } from '../../platform/errors';
import {
  appealTypesOf,
  findOwnPractice,
  listOwnPractices,
  missingDocuments,
  requiredDocumentsOf,
  type OwnedPractice,
} from '../practice-records/access.service';
import { recordAuditEntry } from '../practice-records/audit.service';
import {
  listUnobtainableDocuments,
  withdrawUnobtainableDocument,
} from '../practice-records/unobtainable.repository';
import { deleteDraftRequestRow, listDraftIdsOfAccount } from '../practice-records/drafts';
import {
  paymentLockEnd,
  requireDraftUnpaidHeld,
  requireNoOpenPayment,
} from '../practice-records/payment-lock';
import type { SessionUser } from '../sessions/service';
import type { ContentFinding } from './content-check';
import { acceptedContentType, type AcceptedContentType } from './file-check';
import { megabytes, requireRoomFor } from './quota.service';
import {
  deleteDocumentRow,
  deleteDocumentRowsOfPracticeReturningKeys,
  deleteUnattachedDocumentsOfUserReturningKeys,
  findDocumentRow,
  findUploadedRow,
  insertDocument,
  listDocumentRowsOfPractice,
  listDocumentRowsOfUser,
  updateDocumentRow,
  type DocumentRow,
} from './repository';
import type { StagedUpload } from './upload';

export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;

export const toDocument = (row: DocumentRow): PracticeDocument => ({
  id: row.id,
  practice_id: row.practice_id,
  type: DOCUMENT_TYPES.find((type) => type === row.type) ?? 'additional',
  additional_type: row.additional_type,
  file_name: row.file_name,
  content_type: row.content_type,
  size: row.size,
  sha256: row.sha256,
  created_at: row.created_at,
});

export const listDocumentsOfPractice = async (db: Db, practiceId: number): Promise<PracticeDocument[]> =>
  (await listDocumentRowsOfPractice(db, practiceId)).map(toDocument);

/**
 * A draft deleted with its documents, inside the caller's transaction (the applicant deleting or
 * replacing it, the account's deletion): the rows go, and the keys of its files come back for
 * `removeStoredFiles` once committed — a crash in between leaves files no row holds, which the
 * file sweep removes, never a row without its file. Null when the request is no longer a draft:
 * the caller throws, so that its transaction rolls the documents' rows back.
 */
export async function deleteDraftWithDocuments(db: Db, practiceId: number): Promise<string[] | null> {
  const keys = await deleteDocumentRowsOfPracticeReturningKeys(db, practiceId);
  return (await deleteDraftRequestRow(db, practiceId)) ? keys : null;
}

/**
 * For an account being deleted, inside its transaction (decision 052): its drafts with their
 * documents, and its documents that belong to no request; the keys of their files come back for
 * `removeStoredFiles` after the commit. A draft submitted meanwhile fails the deletion, 409
 * PRACTICE_CHANGED (the deletion holds the account's row first, as a submission does, so on
 * PostgreSQL one waits for the other). The documents of submitted requests stay with them.
 */
export async function deleteDocumentsOfDeletedAccount(db: Db, userId: number): Promise<string[]> {
  const keys: string[] = [];
  for (const id of await listDraftIdsOfAccount(db, userId)) {
    const ofDraft = await deleteDraftWithDocuments(db, id);
    if (ofDraft === null) throw new AppError('PRACTICE_CHANGED');
    keys.push(...ofDraft);
  }
  keys.push(...(await deleteUnattachedDocumentsOfUserReturningKeys(db, userId)));
  return keys;
}

/** After the rows are gone: a file that cannot be removed is an orphan on disk, never a dangling row. */
export async function removeStoredFiles(ctx: AppContext, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => ctx.storage.remove(key)));
}

/**
 * A new document (no `document`) or a change to one (`document`: replaced or deleted) on the
 * actor's request: 409 unless the request takes it now — not a draft's while its checkout is open
 * (PAYMENT_OPEN, decision 020). A published request takes the supporting documents of an appeal
 * while its window is open (decision 026); from its publication on, in the window and in the
 * appeal, it keeps those its statement was evaluated on (`isStatementEvidence`). After the window,
 * with no appeal asked for, a document added since the publication may still be deleted
 * (`isDocumentDeletable`): nothing else would ever remove it.
 */
async function requireEditable(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number | null,
  document?: DocumentRow,
  { isDeletion = false }: { isDeletion?: boolean } = {},
): Promise<PracticeStatus | null> {
  if (practiceId === null) return null;
  const practice = await findOwnPractice(ctx, actor, practiceId);
  const facts = {
    status: practice.status,
    published_at: practice.row.published_at,
    statement_withdrawn_at: practice.row.statement_withdrawn_at,
  };
  const now = ctx.clock.now();
  if (isDeletion && document && practice.status === 'published') {
    if (isDocumentDeletable(facts, document.created_at, now)) return practice.status;
  }
  const isAppealable = canRequestAppeal(facts, now);
  if (!areDocumentsEditable(practice.status) && !isAppealable) throw new AppError('PRACTICE_NOT_EDITABLE');
  // A draft's documents are what its open checkout pays for.
  if (practice.status === 'draft') await requireNoOpenPayment(ctx, practice.id);
  if (document && !isDocumentChangeable(facts, document.created_at, now)) {
    throw new AppError('DOCUMENT_EVALUATED');
  }
  return practice.status;
}

/**
 * In the change's transaction: a draft's request held against its checkout and checked again
 * (decision 020), so a checkout writing its payment meanwhile is waited for and then refuses this.
 */
async function holdIfDraft(
  ctx: AppContext,
  trx: Db,
  actor: SessionUser,
  practice: { id: number | null; status: PracticeStatus | null },
): Promise<void> {
  if (practice.id !== null && practice.status === 'draft')
    await requireDraftUnpaidHeld(ctx, trx, { id: practice.id, userId: actor.id });
}

/**
 * A document of a submitted request replaced or deleted by its applicant (awaiting their reply, or
 * in the appeal window): an entry of the request's audit trail, in the change's transaction, naming
 * the file that was there, so staff see what changed after they read it. A draft's are not recorded.
 */
async function recordDocumentChange(
  trx: Db,
  change: {
    action: 'document_replaced' | 'document_deleted';
    status: PracticeStatus | null;
    row: DocumentRow;
    actor: SessionUser;
    at: string;
    replacement?: { file_name: string; sha256: string };
  },
): Promise<void> {
  const { row, status } = change;
  if (row.practice_id === null || status === null || status === 'draft') return;
  await recordAuditEntry(trx, {
    practiceId: row.practice_id,
    from: status,
    to: status,
    action: change.action,
    byUserId: change.actor.id,
    note: null,
    details: {
      document_id: row.id,
      type: row.type,
      additional_type: row.additional_type,
      file_name: row.file_name,
      sha256: row.sha256,
      ...(change.replacement
        ? { new_file_name: change.replacement.file_name, new_sha256: change.replacement.sha256 }
        : {}),
    },
    at: change.at,
  });
}

/** The actor's own document; anyone else's is "not found". */
async function ownDocument(ctx: AppContext, actor: SessionUser, id: number): Promise<DocumentRow> {
  const row = await findDocumentRow(ctx.db, id);
  if (!row || row.user_id !== actor.id) throw new AppError('NOT_FOUND');
  return row;
}

const REFUSALS: Record<ContentFinding['reason'], ValidationMessageKey> = {
  holdsMarkup: 'fileHoldsMarkup',
  activeContent: 'fileActiveContent',
  protected: 'fileProtected',
  expandsTooMuch: 'fileExpandsTooMuch',
  tooManyPixels: 'fileTooManyPixels',
  damaged: 'fileDamaged',
};

/**
 * The file's checked type; a file of another type, or whose content is refused (decision 058), is a
 * 422 on `file`. A file named as an accepted type (`scan.pdf`) whose content is not that type is
 * refused as unreadable or damaged, as a damaged JPEG is; any other name as a type not accepted.
 */
function checkedType(ctx: AppContext, file: StagedUpload): AcceptedContentType {
  const contentType = acceptedContentType(file.head, file.fileName);
  if (!contentType) {
    const claimed = typeByName(file.fileName);
    if (!claimed) throw fieldError('file', 'fileTypeNotAccepted');
    throw new AppError('VALIDATION_FAILED', {
      errors: { file: [REFUSALS.damaged] },
      params: { file: file.fileName, format: DOCUMENT_FORMATS[claimed].label },
    });
  }
  if (file.finding) {
    const max =
      file.finding.reason === 'tooManyPixels'
        ? IMAGE_MAX_PIXELS / 1_000_000
        : megabytes(ctx.config.pdfMaxInflatedBytes);
    throw new AppError('VALIDATION_FAILED', {
      errors: { file: [REFUSALS[file.finding.reason]] },
      params: { file: file.fileName, format: DOCUMENT_FORMATS[contentType].label, max },
    });
  }
  return contentType;
}

const fileColumns = (file: StagedUpload, contentType: string) => ({
  file_name: file.fileName,
  storage_key: file.key,
  content_type: contentType,
  size: file.size,
  sha256: file.sha256,
});

/** POST /documents: to one of the actor's requests while it is a draft or awaits their reply, or to none. */
export async function uploadDocument(
  ctx: AppContext,
  actor: SessionUser,
  fields: DocumentUploadFields,
  file: StagedUpload,
): Promise<PracticeDocument> {
  const practiceId = fields.practice_id ?? null;
  const uploadId = fields.upload_id ?? null;
  const status = await requireEditable(ctx, actor, practiceId);
  // The same upload again (its answer was lost): the document it stored, and this copy dropped.
  const stored = uploadId === null ? undefined : await findUploadedRow(ctx.db, actor.id, uploadId);
  if (stored) return toDocument(stored);
  const contentType = checkedType(ctx, file);
  const now = ctx.clock.now().toISOString();
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      await holdIfDraft(ctx, trx, actor, { id: practiceId, status });
      await requireRoomFor(trx, ctx, {
        actor,
        file,
        freedBytes: 0,
        isUnattached: practiceId === null,
        addedTo: practiceId,
      });
      const inserted = await insertDocument(trx, {
        user_id: actor.id,
        practice_id: practiceId,
        type: fields.type,
        additional_type: fields.type === 'additional' ? (fields.additional_type ?? null) : null,
        ...fileColumns(file, contentType),
        upload_id: uploadId,
        created_at: now,
        updated_at: now,
      });
      // The document found after all: a draft's declaration that it could not be obtained goes (decision 119).
      if (practiceId !== null && status === 'draft') {
        await withdrawUnobtainableDocument(trx, {
          practiceId,
          type: fields.type,
          byUserId: actor.id,
          at: now,
          isByUpload: true,
        });
      }
      return inserted;
    });
  } catch (error) {
    // The same upload sent twice at once: the one that committed first is the document.
    const winner =
      uploadId !== null && isUniqueViolation(error)
        ? await findUploadedRow(ctx.db, actor.id, uploadId)
        : undefined;
    if (winner) return toDocument(winner);
    throw error;
  }
  file.isCommitted = true;
  return toDocument(await ownDocument(ctx, actor, id));
}

/** PUT /documents/{id}: a new file for the same document; the old file is removed once the row points to the new one. */
export async function replaceDocument(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  file: StagedUpload,
): Promise<PracticeDocument> {
  const row = await ownDocument(ctx, actor, id);
  const status = await requireEditable(ctx, actor, row.practice_id, row);
  const contentType = checkedType(ctx, file);
  const at = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await holdIfDraft(ctx, trx, actor, { id: row.practice_id, status });
    await requireRoomFor(trx, ctx, { actor, file, freedBytes: row.size, isUnattached: false });
    await updateDocumentRow(trx, id, { ...fileColumns(file, contentType), updated_at: at });
    await recordDocumentChange(trx, {
      action: 'document_replaced',
      status,
      row,
      actor,
      at,
      replacement: { file_name: file.fileName, sha256: file.sha256 },
    });
  });
  file.isCommitted = true;
  await removeStoredFiles(ctx, [row.storage_key]);
  return toDocument(await ownDocument(ctx, actor, id));
}

export async function deleteDocument(ctx: AppContext, actor: SessionUser, id: number): Promise<void> {
  const row = await ownDocument(ctx, actor, id);
  const status = await requireEditable(ctx, actor, row.practice_id, row, { isDeletion: true });
  const at = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await holdIfDraft(ctx, trx, actor, { id: row.practice_id, status });
    await deleteDocumentRow(trx, id);
    await recordDocumentChange(trx, { action: 'document_deleted', status, row, actor, at });
  });
  await removeStoredFiles(ctx, [row.storage_key]);
}

/** GET /documents/{id}/download: the owner's file with its checked type and sanitised name. */
export async function openDocument(ctx: AppContext, actor: SessionUser, id: number) {
  const row = await ownDocument(ctx, actor, id);
  return { content: await ctx.storage.read(row.storage_key), document: toDocument(row) };
}

/** A request's document for the staff workspace, whose caller has checked the staff ability first. */
export async function openPracticeDocument(ctx: AppContext, practiceId: number, id: number) {
  const row = await findDocumentRow(ctx.db, id);
  if (!row || row.practice_id !== practiceId) throw new AppError('NOT_FOUND');
  return { content: await ctx.storage.read(row.storage_key), document: toDocument(row) };
}

/** GET /documents: per request, its documents and the required ones still missing; then the unattached ones. */
export async function documentsOverview(
  ctx: AppContext,
  actor: SessionUser,
  { practice_id }: { practice_id?: number | undefined },
): Promise<DocumentsOverview> {
  const practices: OwnedPractice[] = practice_id
    ? [await findOwnPractice(ctx, actor, practice_id)]
    : await listOwnPractices(ctx, actor);
  const documents = (await listDocumentRowsOfUser(ctx.db, actor.id)).map(toDocument);
  // An amendment's statuses are named for it, not for an appeal (`statusWordingOf`).
  const appealTypeOf = await appealTypesOf(
    ctx.db,
    practices.map((practice) => practice.id),
  );
  const groups = await Promise.all(
    practices.map(async (practice) => {
      const own = documents.filter((document) => document.practice_id === practice.id);
      const required = await requiredDocumentsOf(ctx, practice);
      // A draft whose checkout is open keeps its documents until the payment page closes (409 PAYMENT_OPEN).
      const lockEnd = practice.status === 'draft' ? await paymentLockEnd(ctx, practice.id) : null;
      return {
        practice_id: practice.id,
        status: practice.status,
        status_label: statusLabel(practice.status),
        appeal_type: appealTypeOf(practice.id),
        country: practice.country,
        level: practice.level,
        is_editable: areDocumentsEditable(practice.status) && lockEnd === null,
        payment_open_until: lockEnd?.toISOString() ?? null,
        payment_open_seconds_left: lockEnd
          ? Math.ceil((lockEnd.getTime() - ctx.clock.now().getTime()) / 1000)
          : null,
        published_at: practice.row.published_at,
        statement_withdrawn_at: practice.row.statement_withdrawn_at,
        required_documents: required,
        missing_documents: missingDocuments(required, own),
        unobtainable_documents: await listUnobtainableDocuments(ctx.db, practice.id),
        documents: own,
      };
    }),
  );
  const unattached = practice_id ? [] : documents.filter((document) => document.practice_id === null);
  return { practices: groups, unattached, unattached_kept_hours: ctx.config.unattachedDocumentTtlHours };
}
