import {
  isAnnounced,
  resumesOn,
  type ClosureInput,
  type ClosureNotice,
  type WorkingCalendar,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError, fieldError } from '../../platform/errors';
import type { SessionUser } from '../sessions/service';
import { bodyToday, workingCalendar } from './calendar.service';
import {
  findClosureByStart,
  insertClosure,
  listClosureNoticeRows,
  type ClosureNoticeRow,
} from './repository';

const toNotice = (row: ClosureNoticeRow, calendar: WorkingCalendar): ClosureNotice => ({
  id: row.id,
  starts_on: row.starts_on,
  ends_on: row.ends_on,
  resumes_on: resumesOn(row.ends_on, calendar),
  announce_from: row.announce_from,
  notice: { 'en-US': row.notice_en_us ?? '', 'it-IT': row.notice_it_it ?? '' },
});

/** Public, no access check: the closures whose notice shows today (spec §9), for the portal's banner. */
export async function announcedClosures(ctx: AppContext): Promise<ClosureNotice[]> {
  const today = bodyToday(ctx);
  const calendar = await workingCalendar(ctx);
  const rows = await listClosureNoticeRows(ctx.db);
  return rows
    .filter((row) =>
      isAnnounced(today, { from: row.starts_on, to: row.ends_on, announceFrom: row.announce_from }),
    )
    .map((row) => toNotice(row, calendar));
}

/** GET /staff/closures: every closure, past ones included, for the staff. */
export async function listClosures(ctx: AppContext, actor: SessionUser): Promise<ClosureNotice[]> {
  if (!actor.abilities['staff.workspace']) throw new AppError('FORBIDDEN_ACCESS');
  const calendar = await workingCalendar(ctx);
  return (await listClosureNoticeRows(ctx.db)).map((row) => toNotice(row, calendar));
}

/** POST /staff/closures: administrators announce a closure; deadlines skip it from now on. */
export async function createClosure(
  ctx: AppContext,
  actor: SessionUser,
  input: ClosureInput,
): Promise<ClosureNotice> {
  if (!actor.abilities['staff.manage']) throw new AppError('ADMIN_FORBIDDEN_ACCESS');
  if (await findClosureByStart(ctx.db, input.starts_on)) {
    // One closure per first day (the table's unique key).
    throw fieldError('starts_on', 'invalidValue');
  }
  const row = {
    kind: 'closure' as const,
    starts_on: input.starts_on,
    ends_on: input.ends_on,
    announce_from: input.announce_from,
    notice_en_us: input.notice_en_us,
    notice_it_it: input.notice_it_it,
  };
  const id = await insertClosure(ctx.db, row);
  return toNotice({ id, ...row }, await workingCalendar(ctx));
}
