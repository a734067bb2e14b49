import {
  EDUCATION_LEVELS,
  STUDY_ENTRIES_MAX,
  type StudyEntry,
  type StudyEntryInput,
  type StudyEntryUpdate,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError, fieldError } from '../../platform/errors';
import { requireOwnUser } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import {
  countStudyEntriesHeld,
  deleteStudyEntry,
  findStudyEntryRow,
  insertStudyEntry,
  listStudyEntryRows,
  updateStudyEntry,
  type StudyEntryRow,
} from './repository';

const toStudyEntry = (row: StudyEntryRow): StudyEntry => ({
  id: row.id,
  qualification_name: row.qualification_name,
  institution_name: row.institution_name,
  institution_country: row.institution_country,
  institution_city: row.institution_city,
  level: EDUCATION_LEVELS.find((level) => level === row.level) ?? 'higher',
  study_program_name: row.study_program_name,
  enrolled_at: row.enrolled_at,
  graduated_at: row.graduated_at,
  created_at: row.created_at,
});

/** Graduation comes after enrolment (spec §5), checked on the entry as it will be stored. */
function checkDates(entry: { enrolled_at?: string | null; graduated_at?: string | null }): void {
  if (entry.enrolled_at && entry.graduated_at && entry.graduated_at <= entry.enrolled_at) {
    throw fieldError('graduated_at', 'dateAfterEnrolment');
  }
}

async function ownEntry(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
  id: number,
): Promise<StudyEntryRow> {
  requireOwnUser(actor, userId);
  const row = await findStudyEntryRow(ctx.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET users/{id}/user-qualification: the educational history ("My study path"), latest first. */
export async function listStudyEntries(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
): Promise<StudyEntry[]> {
  requireOwnUser(actor, userId);
  return (await listStudyEntryRows(ctx.db, userId)).map(toStudyEntry);
}

export async function addStudyEntry(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
  input: StudyEntryInput,
): Promise<StudyEntry> {
  requireOwnUser(actor, userId);
  checkDates(input);
  const now = ctx.clock.now().toISOString();
  // A ceiling on the rows one account keeps and every read of the path sends whole (409 beyond).
  const id = await ctx.db.transaction().execute(async (trx) => {
    if ((await countStudyEntriesHeld(trx, userId)) >= STUDY_ENTRIES_MAX) {
      throw new AppError('STUDY_ENTRIES_LIMIT', { params: { max: STUDY_ENTRIES_MAX } });
    }
    return insertStudyEntry(trx, { ...input, user_id: userId, created_at: now, updated_at: now });
  });
  return toStudyEntry(await ownEntry(ctx, actor, userId, id));
}

export async function changeStudyEntry(
  ctx: AppContext,
  actor: SessionUser,
  { userId, id, input }: { userId: number; id: number; input: StudyEntryUpdate },
): Promise<StudyEntry> {
  const row = await ownEntry(ctx, actor, userId, id);
  const patch = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  checkDates({ ...row, ...patch });
  await updateStudyEntry(ctx.db, {
    userId,
    id,
    patch: { ...patch, updated_at: ctx.clock.now().toISOString() },
  });
  return toStudyEntry(await ownEntry(ctx, actor, userId, id));
}

export async function removeStudyEntry(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
  id: number,
): Promise<void> {
  await ownEntry(ctx, actor, userId, id);
  await deleteStudyEntry(ctx.db, userId, id);
}
