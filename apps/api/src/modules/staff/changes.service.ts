import {
  type AssessmentUpdate,
  type FileCheckBody,
  invalidAssessmentFields,
  type NoteBody,
  SERVICE_KINDS,
  type VerificationBody,
  verificationOutcomesFor,
} from '@lisbon/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, fieldError } from '../../platform/errors';
import { runOnce } from '../../platform/http/idempotency';
import { findAssessment, saveEvaluation } from '../evaluations/service';
import type { SessionUser } from '../sessions/service';
import { recordStaffChange, recordStaffChangeWithin } from '../transitions/service';
import { findServiceOfPractice, insertNote } from './repository';

/**
 * The staff changes that are not moves: who may make them and when is the domain's
 * STAFF_CHANGE_RULES, checked (with the audit entry) by `recordStaffChange`.
 */

/**
 * PUT /staff/practices/{id}/assessment: the fields given replace the saved ones; the others stay.
 * A year of award still to come on the API's clock is refused on its field (422 `award_year`
 * `awardYearNotInFuture`), before anything is read.
 */
export async function updateAssessment(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
  input: AssessmentUpdate,
): Promise<void> {
  const invalid = invalidAssessmentFields(input, ctx.clock.now()).award_year;
  if (invalid) throw fieldError('award_year', invalid);
  await recordStaffChange(ctx, { practiceId, change: 'assessment', actor }, async (trx, at) => {
    const saved = await findAssessment(trx, practiceId);
    await saveEvaluation(
      trx,
      practiceId,
      {
        assessment: JSON.stringify({ ...saved, ...input }),
        assessment_updated_at: at,
        assessment_updated_by: actor.id,
      },
      at,
    );
    return { details: { fields: Object.keys(input).sort() } };
  });
}

/** PUT /staff/practices/{id}/verification: the outcome and notes of verifying with the issuer. */
export async function updateVerification(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
  input: VerificationBody,
): Promise<void> {
  await recordStaffChange(ctx, { practiceId, change: 'verification', actor }, async (trx, at) => {
    const stored = await findServiceOfPractice(trx, practiceId);
    const service = SERVICE_KINDS.find((kind) => kind === stored) ?? 'comparability';
    if (!verificationOutcomesFor(service).includes(input.outcome)) {
      throw new AppError('VALIDATION_FAILED', { errors: { outcome: ['verificationNotInService'] } });
    }
    await saveEvaluation(
      trx,
      practiceId,
      {
        verification_outcome: input.outcome,
        verification_notes: input.notes ?? null,
        verification_updated_at: at,
        verification_updated_by: actor.id,
      },
      at,
    );
    return { details: { outcome: input.outcome } };
  });
}

/** POST /staff/practices/{id}/file-check: the file is complete and readable ('File check concluded'). */
export async function concludeFileCheck(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
  input: FileCheckBody,
): Promise<void> {
  await recordStaffChange(ctx, { practiceId, change: 'file_check', actor }, async (trx, at) => {
    await saveEvaluation(
      trx,
      practiceId,
      { file_checked_at: at, file_checked_by: actor.id, file_check_notes: input.notes ?? null },
      at,
    );
    return { note: input.notes ?? null };
  });
}

/**
 * POST /staff/practices/{id}/notes: an internal note; the audit entry says a note was added, not
 * what. Once per `Idempotency-Key`: a retry whose answer was lost adds no second note.
 */
export async function addNote(
  ctx: AppContext,
  actor: SessionUser,
  { practiceId, input, idempotencyKey }: { practiceId: number; input: NoteBody; idempotencyKey?: string },
): Promise<void> {
  const body = { practice_id: practiceId, ...input };
  const once = { userId: actor.id, key: idempotencyKey, scope: 'staff.note', body, answer: z.null() };
  await runOnce(ctx, once, async (trx) => {
    await recordStaffChangeWithin(ctx, trx, { practiceId, change: 'note', actor }, async (db, at) => {
      await insertNote(db, { practiceId, authorId: actor.id, body: input.text, at });
    });
    return null;
  });
}
