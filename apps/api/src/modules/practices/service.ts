import {
  blockingDocuments,
  type CreatePractice,
  type DocumentType,
  type FieldErrors,
  type ListMeta,
  type Practice,
  type PracticesQuery,
  type PracticeSummary,
  type PurposeStep,
  type QualificationStep,
  type UnobtainableDeclaration,
  type UnobtainableDocument,
  isDeclarableUnobtainable,
  isDraftOfOperatorCountry,
  isRequestLimitReached,
  refundOf,
  serviceFor,
  SORT_FIELDS,
  sortOf,
  WIZARD_STEPS,
  withInstitutionCountryFlag,
  type WizardStep,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError, fieldError } from '../../platform/errors';
import { deleteDraftWithDocuments, listDocumentsOfPractice, removeStoredFiles } from '../documents/service';
import { pendingQuestionOf } from '../messages/thread';
import {
  findOwnPractice,
  findPractice,
  missingDocuments,
  requiredDocumentsOf,
  toOwnedPractice,
  type OwnedPractice,
} from '../practice-records/access.service';
import { recordAuditEntry } from '../practice-records/audit.service';
import {
  listUnobtainableDocuments,
  upsertUnobtainableDocument,
  withdrawUnobtainableDocument,
} from '../practice-records/unobtainable.repository';
import { holdRequest, requireDraftUnpaidHeld, requireNoOpenPayment } from '../practice-records/payment-lock';
import { bodyToday, workingCalendar } from '../reference/calendar.service';
import { findCountryFacts } from '../reference/service';
import { toSessionUser, type SessionUser } from '../sessions/service';
import { findAccountByIdHeld } from '../users/accounts';
import {
  countSubmittedPractices,
  findRequestRefund,
  findDraftRow,
  insertHistory,
  insertPractice,
  listHistoryRows,
  listPracticeRows,
  updatePracticeInStatus,
  type PracticePatch,
} from './repository';
import { toPractice, toPracticeSummary, type Today } from './view';

const today = async (ctx: AppContext): Promise<Today> => ({
  today: bodyToday(ctx),
  calendar: await workingCalendar(ctx),
});

/**
 * POST /practices: a new draft for the actor, with the service the rule gives their category. The
 * category is read with the account's row held to the draft's commit (`findAccountByIdHeld`), as
 * PATCH /users/{id} holds it to check and change it: the draft's service is never chosen by a
 * category changed meanwhile, and a change waits for the draft and sees it.
 */
export async function createPractice(
  ctx: AppContext,
  actor: SessionUser,
  input: CreatePractice,
): Promise<Practice> {
  const country = await findCountryFacts(ctx.db, input.country);
  if (!country) throw fieldError('country', 'invalidOption');
  const now = ctx.clock.now().toISOString();
  let replacedFiles: string[] = [];
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      // The draft the applicant asked to replace, as it was before anything waited for the row: one
      // its payment submits meanwhile answers PRACTICE_CHANGED below, not a new draft beside it.
      const draft = await findDraftRow(trx, actor.id);
      const account = await findAccountByIdHeld(trx, actor.id);
      if (!account) throw new AppError('UNAUTHORIZED_ACCESS');
      const category = toSessionUser(account).category;
      const offer = serviceFor({ country, level: input.level, category });
      if (!offer) throw fieldError('country', 'noServiceAvailable');
      if (input.is_urgent && !offer.isUrgentAvailable) throw fieldError('is_urgent', 'urgentNotAvailable');
      if (draft && !input.replace_draft) throw new AppError('DRAFT_EXISTS');
      if (isRequestLimitReached(category, await countSubmittedPractices(trx, actor.id))) {
        throw new AppError('LIMIT_REACHED');
      }
      if (draft) {
        // The draft being paid for is not replaced under its payment, nor while its checkout writes one.
        await holdRequest(trx, { userId: actor.id, practiceId: draft.id });
        await requireNoOpenPayment(ctx, draft.id, trx);
        const files = await deleteDraftWithDocuments(trx, draft.id);
        // No longer a draft: its payment submitted it since it was read (the rows roll back).
        if (files === null) throw new AppError('PRACTICE_CHANGED');
        replacedFiles = files;
      }
      const created = await insertPractice(trx, {
        user_id: actor.id,
        status: 'draft',
        service: offer.kind,
        country: country.code,
        level: input.level,
        is_urgent: input.is_urgent ? 1 : 0,
        wizard_step: 'purpose',
        created_at: now,
        updated_at: now,
      });
      await insertHistory(trx, created, { from: null, to: 'draft', byUserId: actor.id, at: now });
      return created;
    });
  } catch (error) {
    // Two creations at once: the one-draft index lets only one through.
    if (isUniqueViolation(error)) throw new AppError('DRAFT_EXISTS');
    throw error;
  }
  await removeStoredFiles(ctx, replacedFiles);
  return getPractice(ctx, actor, id);
}

/** GET /practices/draft: the actor's draft, where the wizard resumes; null when there is none. */
export async function getDraft(ctx: AppContext, actor: SessionUser): Promise<Practice | null> {
  const draft = await findDraftRow(ctx.db, actor.id);
  return draft ? detail(ctx, toOwnedPractice(draft)) : null;
}

export async function getPractice(ctx: AppContext, actor: SessionUser, id: number): Promise<Practice> {
  return detail(ctx, await findOwnPractice(ctx, actor, id));
}

/** Any request's detail, for the staff workspace: its caller has checked the staff ability first. */
/** Staff see a request once it is submitted: a draft is the applicant's alone, as if it did not exist. */
export async function findSubmittedPractice(ctx: AppContext, id: number): Promise<OwnedPractice> {
  const practice = await findPractice(ctx.db, id);
  if (!practice || practice.status === 'draft') throw new AppError('NOT_FOUND');
  return practice;
}

/**
 * A submitted request as the staff workspace starts from it: without the applicant's status
 * timeline, which the workspace never shows (it reads the audit trail, in pages), so never read.
 */
export async function getPracticeForStaff(ctx: AppContext, id: number): Promise<Omit<Practice, 'history'>> {
  const { history: _timeline, ...practice } = await detail(ctx, await findSubmittedPractice(ctx, id), {
    hasTimeline: false,
  });
  return practice;
}

async function detail(
  ctx: AppContext,
  practice: OwnedPractice,
  { hasTimeline }: { hasTimeline: boolean } = { hasTimeline: true },
): Promise<Practice> {
  const documents = await listDocumentsOfPractice(ctx.db, practice.id);
  const missing = missingDocuments(await requiredDocumentsOf(ctx, practice), documents);
  const unobtainable = await listUnobtainableDocuments(ctx.db, practice.id);
  const history = hasTimeline ? await listHistoryRows(ctx.db, practice.id) : [];
  const pendingQuestion = await pendingQuestionOf(ctx.db, practice);
  // The request's own payment given back, if it was (a shipment's fee is its delivery's).
  const row = practice.status === 'draft' ? undefined : await findRequestRefund(ctx.db, practice.id);
  const refund = row ? refundOf(row) : null;
  return toPractice(
    practice,
    { documents, missing, unobtainable, history, pendingQuestion, refund },
    { ...(await today(ctx)), now: ctx.clock.now() },
  );
}

export async function listPractices(
  ctx: AppContext,
  actor: SessionUser,
  query: PracticesQuery,
): Promise<{ data: PracticeSummary[]; meta: ListMeta }> {
  const sort = query.sort ?? '-created_at';
  const { rows, total } = await listPracticeRows(ctx.db, {
    userId: actor.id,
    view: query.view,
    sort: sortOf(SORT_FIELDS, sort),
    page: query.page,
    perPage: query.perPage,
  });
  const now = await today(ctx);
  return {
    data: rows.map((row) => toPracticeSummary(toOwnedPractice(row), now)),
    meta: { page: query.page, perPage: query.perPage, total, sort },
  };
}

const laterStep = (current: string, next: WizardStep): WizardStep =>
  WIZARD_STEPS[
    Math.max(
      WIZARD_STEPS.findIndex((step) => step === current),
      WIZARD_STEPS.indexOf(next),
    )
  ] ?? next;

async function updateDraft(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  patch: (p: OwnedPractice) => PracticePatch,
) {
  const practice = await findOwnPractice(ctx, actor, id);
  if (practice.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
  await ctx.db.transaction().execute(async (trx) => {
    // Held, so that a checkout of the draft either sees this change or refuses it (decision 020).
    await requireDraftUnpaidHeld(ctx, trx, { id, userId: actor.id });
    const isSaved = await updatePracticeInStatus(trx, {
      id,
      status: 'draft',
      patch: { ...patch(practice), updated_at: ctx.clock.now().toISOString() },
    });
    if (!isSaved) throw new AppError('PRACTICE_NOT_EDITABLE');
  });
  return getPractice(ctx, actor, id);
}

/** Wizard step 1, saved as completed: the wizard moves on to the qualification. */
export const savePurpose = (ctx: AppContext, actor: SessionUser, id: number, input: PurposeStep) =>
  updateDraft(ctx, actor, id, ({ row }) => ({
    purpose: JSON.stringify(input),
    wizard_step: laterStep(row.wizard_step, 'qualification'),
  }));

/** Wizard step 2, saved as completed: the wizard moves on to the documents. */
export const saveQualification = (
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  input: QualificationStep,
) =>
  updateDraft(ctx, actor, id, ({ row }) => ({
    // The API is the authority on the flag: it follows from the two countries, not from the client.
    qualification: JSON.stringify(withInstitutionCountryFlag(input, row.country)),
    qualification_name: input.qualification_name,
    wizard_step: laterStep(row.wizard_step, 'documents'),
  }));

/**
 * What a request lacks to be submitted: an unsaved step, a required document not declared
 * unobtainable (a refugee's document of their studies, decision 119); empty when complete.
 */
export function incompleteParts(
  practice: OwnedPractice,
  required: readonly DocumentType[],
  documents: readonly { type: DocumentType }[],
  unobtainable: readonly { type: DocumentType }[],
): FieldErrors {
  const errors: FieldErrors = {};
  if (!practice.row.purpose) errors.purpose = ['required'];
  if (!practice.row.qualification) errors.qualification = ['required'];
  // Only what the rule lets be declared counts, whatever a row says.
  const declared = unobtainable.filter(({ type }) => isDeclarableUnobtainable(practice.service, type));
  for (const type of blockingDocuments(missingDocuments(required, documents), declared)) {
    errors[`documents.${type}`] = ['documentRequired'];
  }
  return errors;
}

/**
 * 422 unless the draft can go forward (its review, checkout and submit), naming what stops it: both
 * steps saved, every required document attached, and a country of education system that is not the
 * operator's own (a draft started before decision 113: `country`, kept as it is for its deletion).
 * A checkout opened before that rule and paid is settled as it was (decision 113, staff's to see).
 */
export async function requireComplete(
  ctx: AppContext,
  practice: OwnedPractice,
  db: Db = ctx.db,
): Promise<void> {
  const documents = await listDocumentsOfPractice(db, practice.id);
  const errors: FieldErrors = {
    ...(isDraftOfOperatorCountry(practice) && { country: ['educationSystemNotForeign'] }),
    ...incompleteParts(
      practice,
      await requiredDocumentsOf(ctx, practice, db),
      documents,
      await listUnobtainableDocuments(db, practice.id),
    ),
  };
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
}

/** POST /practices/{id}/review: the documents step is complete; the wizard shows the review. */
export async function moveToReview(ctx: AppContext, actor: SessionUser, id: number): Promise<Practice> {
  const practice = await findOwnPractice(ctx, actor, id);
  if (practice.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
  await requireComplete(ctx, practice);
  return updateDraft(ctx, actor, id, () => ({ wizard_step: 'review' }));
}

/** DELETE /practices/{id}: drafts only; rows go first, then the files (never a row without its file). */
export async function deleteDraft(ctx: AppContext, actor: SessionUser, id: number): Promise<void> {
  const practice = await findOwnPractice(ctx, actor, id);
  if (practice.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
  const files = await ctx.db.transaction().execute(async (trx) => {
    await requireDraftUnpaidHeld(ctx, trx, { id, userId: actor.id });
    const keys = await deleteDraftWithDocuments(trx, id);
    if (keys === null) throw new AppError('PRACTICE_NOT_EDITABLE');
    return keys;
  });
  await removeStoredFiles(ctx, files);
}

/**
 * PUT /practices/{id}/unobtainable-documents/{type}: the applicant of a refugee's draft declares
 * that they cannot obtain a missing document of their studies (decision 119); it stops the review
 * and the submission no more, and the evaluator assesses from the evidence there is. 422 on `type`
 * for a document the rule keeps required (the status certificate, the identity document, the
 * consent form) or any on a standard request, and for one that is not missing. Kept in the trail.
 */
export async function declareUnobtainable(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  type: DocumentType,
  input: UnobtainableDeclaration,
): Promise<UnobtainableDocument[]> {
  const practice = await findOwnPractice(ctx, actor, id);
  if (!isDeclarableUnobtainable(practice.service, type)) throw fieldError('type', 'documentNotDeclarable');
  if (practice.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
  const at = ctx.clock.now().toISOString();
  const explanation = input.explanation ? input.explanation : null;
  await ctx.db.transaction().execute(async (trx) => {
    await requireDraftUnpaidHeld(ctx, trx, { id, userId: actor.id });
    const documents = await listDocumentsOfPractice(trx, id);
    const required = await requiredDocumentsOf(ctx, practice, trx);
    if (!missingDocuments(required, documents).includes(type)) throw fieldError('type', 'documentNotMissing');
    await upsertUnobtainableDocument(trx, { practiceId: id, type, explanation, byUserId: actor.id, at });
    await recordAuditEntry(trx, {
      practiceId: id,
      from: 'draft',
      to: 'draft',
      action: 'document_declared_unobtainable',
      byUserId: actor.id,
      note: null,
      details: { type, explanation },
      at,
    });
  });
  return listUnobtainableDocuments(ctx.db, id);
}

/**
 * DELETE /practices/{id}/unobtainable-documents/{type}: the declaration withdrawn, while the
 * request is a draft (an upload of the document withdraws it too); 404 when there is none.
 */
export async function withdrawUnobtainable(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  type: DocumentType,
): Promise<UnobtainableDocument[]> {
  const practice = await findOwnPractice(ctx, actor, id);
  if (practice.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
  const at = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await requireDraftUnpaidHeld(ctx, trx, { id, userId: actor.id });
    const isWithdrawn = await withdrawUnobtainableDocument(trx, {
      practiceId: id,
      type,
      byUserId: actor.id,
      at,
      isByUpload: false,
    });
    if (!isWithdrawn) throw new AppError('NOT_FOUND');
  });
  return listUnobtainableDocuments(ctx.db, id);
}
