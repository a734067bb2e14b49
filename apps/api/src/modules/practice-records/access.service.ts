import {
  APPEAL_TYPES,
  type AppealType,
  DOCUMENT_TYPES,
  type DocumentType,
  EDUCATION_LEVELS,
  type EducationLevel,
  isOneOf,
  PRACTICE_STATUSES,
  type PracticeStatus,
  SERVICE_KINDS,
  type ServiceKind,
  type UserCategory,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { requiredDocuments } from '../reference/service';
import type { SessionUser } from '../sessions/service';
import { findAppealTypes, findPracticeRow, listPracticeRowsOfUser, type PracticeRow } from './repository';

/**
 * What other modules may know of a request: its owner check and its requirements. Below the
 * documents, the thread and the applicant's pages (`practices/`), which all read requests here.
 */
export type OwnedPractice<Row extends PracticeSummaryRow = PracticeRow> = {
  id: number;
  userId: number;
  status: PracticeStatus;
  service: ServiceKind;
  country: string;
  level: EducationLevel;
  row: Row;
};

/** The columns a request's line in a list shows: what a queue reads instead of the whole row. */
export type PracticeSummaryRow = Pick<
  PracticeRow,
  | 'id'
  | 'user_id'
  | 'status'
  | 'service'
  | 'country'
  | 'level'
  | 'is_urgent'
  | 'created_at'
  | 'requested_at'
  | 'expected_deadline'
> & { appeal_type?: string | null };

const oneOf = <T extends string>(values: readonly T[], value: string): T => {
  if (!isOneOf(values, value)) throw new Error(`Unexpected stored value ${value}`);
  return value;
};

export const toOwnedPractice = <Row extends PracticeSummaryRow>(row: Row): OwnedPractice<Row> => ({
  id: row.id,
  userId: row.user_id,
  status: oneOf(PRACTICE_STATUSES, row.status),
  service: oneOf(SERVICE_KINDS, row.service),
  country: row.country,
  level: oneOf(EDUCATION_LEVELS, row.level),
  row,
});

/** A request by id, whoever owns it; undefined when there is none. The caller has checked access. */
export async function findPractice(db: Db, id: number): Promise<OwnedPractice | undefined> {
  const row = await findPracticeRow(db, id);
  return row && toOwnedPractice(row);
}

/** The actor's own request; anyone else's is "not found", exactly like an id that does not exist. */
export async function findOwnPractice(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  db: Db = ctx.db,
): Promise<OwnedPractice> {
  const row = await findPracticeRow(db, id);
  if (!row || row.user_id !== actor.id) throw new AppError('NOT_FOUND');
  return toOwnedPractice(row);
}

/** Every request of the actor, newest first. */
export async function listOwnPractices(ctx: AppContext, actor: SessionUser): Promise<OwnedPractice[]> {
  return (await listPracticeRowsOfUser(ctx.db, actor.id)).map(toOwnedPractice);
}

/** The free refugee service is what marks a refugee's request (it needs the status certificate). */
export const categoryOf = (service: ServiceKind): UserCategory =>
  service === 'refugee_comparability' ? 'refugee' : 'standard';

/** A submitted request keeps the list it was submitted with; a draft follows the current one. */
export async function requiredDocumentsOf(
  ctx: AppContext,
  practice: OwnedPractice,
  db: Db = ctx.db,
): Promise<DocumentType[]> {
  const kept = practice.row.required_documents_at_submission;
  if (kept !== null) return kept.split(',').filter((type) => isOneOf(DOCUMENT_TYPES, type));
  return requiredDocumentsFor(db, practice);
}

/** The documents the current reference data asks of the request's country, level and service. */
export const requiredDocumentsFor = (db: Db, practice: OwnedPractice): Promise<DocumentType[]> =>
  requiredDocuments(db, {
    country: practice.country,
    level: practice.level,
    category: categoryOf(practice.service),
  });

export const missingDocuments = (
  required: readonly DocumentType[],
  present: readonly { type: DocumentType }[],
): DocumentType[] => required.filter((type) => !present.some((document) => document.type === type));

/** Appeal or amendment of each request listed, null when neither: an amendment's statuses are named for it. */
export async function appealTypesOf(
  db: Db,
  practiceIds: readonly number[],
): Promise<(id: number) => AppealType | null> {
  const types = await findAppealTypes(db, practiceIds);
  return (id) => {
    const type = types.get(id);
    return isOneOf(APPEAL_TYPES, type) ? type : null;
  };
}
