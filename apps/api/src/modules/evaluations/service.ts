import {
  emptyAssessment,
  missingAssessmentFields,
  VERIFICATION_OUTCOMES,
  type Assessment,
  type StaffPractice,
  type StaffRef,
} from '@lisbon/domain';
import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PracticeEvaluationsTable } from '../../platform/db/workspace-tables';
import { findEvaluationRow, upsertEvaluation } from './repository';

/**
 * The evaluation of a request (assessment, verification, file check): the staff workspace records
 * it, the transitions' requirements and the statement's publication read the assessment. Below all
 * three, so none of them imports another for it.
 */

type EvaluationRow = NonNullable<Awaited<ReturnType<typeof findEvaluationRow>>>;

/** The stored evaluation of a request; undefined before anything was recorded. */
export const findEvaluation = (db: Db, practiceId: number): Promise<EvaluationRow | undefined> =>
  findEvaluationRow(db, practiceId);

/** Records part of the evaluation (inside the staff change's transaction), creating it on first use. */
export const saveEvaluation = (
  db: Db,
  practiceId: number,
  patch: Updateable<PracticeEvaluationsTable>,
  at: string,
): Promise<void> => upsertEvaluation(db, practiceId, patch, at);

const parseAssessment = (json: string | null): Assessment | null =>
  // The column holds the JSON of an assessment the save has checked against its schema.
  json ? { ...emptyAssessment(), ...(JSON.parse(json) as Partial<Assessment>) } : null;

/** The saved assessment, every field present; null before the first save. */
export async function findAssessment(db: Db, practiceId: number): Promise<Assessment | null> {
  return parseAssessment((await findEvaluationRow(db, practiceId))?.assessment ?? null);
}

type RefOf = (id: number | null) => StaffRef | null;

/** The three evaluation parts of the workspace view; null where nothing has been recorded yet. */
export function evaluationViews(
  row: EvaluationRow | undefined,
  refOf: RefOf,
): Pick<StaffPractice, 'assessment' | 'verification' | 'file_check'> {
  const assessment = parseAssessment(row?.assessment ?? null);
  const outcome = VERIFICATION_OUTCOMES.find((value) => value === row?.verification_outcome);
  return {
    assessment: assessment
      ? {
          ...assessment,
          missing_fields: missingAssessmentFields(assessment),
          updated_at: row?.assessment_updated_at ?? null,
          updated_by: refOf(row?.assessment_updated_by ?? null),
        }
      : null,
    verification:
      outcome && row?.verification_updated_at
        ? {
            outcome,
            notes: row.verification_notes,
            updated_at: row.verification_updated_at,
            updated_by: refOf(row.verification_updated_by),
          }
        : null,
    file_check: row?.file_checked_at
      ? { concluded_at: row.file_checked_at, by: refOf(row.file_checked_by), notes: row.file_check_notes }
      : null,
  };
}
