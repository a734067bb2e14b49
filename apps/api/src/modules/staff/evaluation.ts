import {
  emptyAssessment,
  missingAssessmentFields,
  VERIFICATION_OUTCOMES,
  type Assessment,
  type StaffPractice,
  type StaffRef,
} from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { findEvaluationRow } from './repository';

/** The evaluation of a request (assessment, verification, file check) as the other modules read it. */

type EvaluationRow = NonNullable<Awaited<ReturnType<typeof findEvaluationRow>>>;

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
