import {
  isAnnounced,
  isPeriodDeletable,
  resumesOn,
  type ClosureInput,
  type ClosureNotice,
  type ReturnDeliverySuspension,
  type ReturnDeliverySuspensionInput,
  type WorkingCalendar,
} from '@lisbon/domain';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context';
import type { ClosuresTable } from '../../platform/db/tables';
import { AppError, fieldError } from '../../platform/errors';
import type { SessionUser } from '../sessions/service';
import { insertSettingChange } from '../../platform/settings/repository';
import { bodyToday, workingCalendar } from './calendar.service';
import { moveOpenDeadlinesJob } from './open-deadlines.job';
import {
  deletePeriod,
  findOverlappingPeriod,
  findPeriod,
  insertClosure,
  listClosureNoticeRows,
  lockCalendar,
  listClosures as listPeriodRows,
  type ClosureNoticeRow,
  type ClosureRow,
} from './repository';

type PeriodKind = ClosureRow['kind'];

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

/** GET /staff/return-delivery-suspensions: every window, past ones included, for the staff. */
export async function listReturnDeliverySuspensions(
  ctx: AppContext,
  actor: SessionUser,
): Promise<ReturnDeliverySuspension[]> {
  if (!actor.abilities['staff.workspace']) throw new AppError('FORBIDDEN_ACCESS');
  return listPeriodRows(ctx.db, 'return_delivery_suspension');
}

const auditKey = (kind: PeriodKind) => `calendar.${kind}`;

/** Inserts a period unless it overlaps another of its kind (422 on `starts_on`), with its audit row. */
async function addPeriod(
  ctx: AppContext,
  actor: SessionUser,
  row: Insertable<ClosuresTable> & { kind: PeriodKind },
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCalendar(trx);
    if (await findOverlappingPeriod(trx, row)) throw fieldError('starts_on', 'periodOverlaps');
    const id = await insertClosure(trx, row);
    // Deadlines do not run while the offices are closed: the open requests' move by its days.
    if (row.kind === 'closure') await ctx.queue.enqueue(trx, moveOpenDeadlinesJob, { from: row.starts_on });
    await insertSettingChange(trx, {
      key: auditKey(row.kind),
      before: null,
      after: JSON.stringify({ id, ...row }),
      userId: actor.id,
      now: ctx.clock.now().toISOString(),
    });
    return id;
  });
}

/**
 * POST /staff/closures: administrators announce a closure; deadlines skip it, those of the requests
 * already submitted too (`moveOpenDeadlinesJob`, a moment later).
 */
export async function createClosure(
  ctx: AppContext,
  actor: SessionUser,
  input: ClosureInput,
): Promise<ClosureNotice> {
  if (!actor.abilities['staff.manage']) throw new AppError('ADMIN_FORBIDDEN_ACCESS');
  const row = {
    kind: 'closure' as const,
    starts_on: input.starts_on,
    ends_on: input.ends_on,
    announce_from: input.announce_from,
    notice_en_us: input.notice_en_us,
    notice_it_it: input.notice_it_it,
  };
  const id = await addPeriod(ctx, actor, row);
  return toNotice({ id, ...row }, await workingCalendar(ctx));
}

/** POST /staff/return-delivery-suspensions: administrators stop paper returns for a window. */
export async function createReturnDeliverySuspension(
  ctx: AppContext,
  actor: SessionUser,
  input: ReturnDeliverySuspensionInput,
): Promise<ReturnDeliverySuspension> {
  if (!actor.abilities['staff.manage']) throw new AppError('ADMIN_FORBIDDEN_ACCESS');
  const row = { kind: 'return_delivery_suspension' as const, ...input };
  const id = await addPeriod(ctx, actor, row);
  return { id, starts_on: input.starts_on, ends_on: input.ends_on };
}

/**
 * DELETE /staff/closures/{id} and /staff/return-delivery-suspensions/{id}: administrators take
 * back a period before its first day (Europe/Rome); once begun it has applied, 409.
 */
export async function deleteCalendarPeriod(
  ctx: AppContext,
  actor: SessionUser,
  period: { kind: PeriodKind; id: number },
): Promise<void> {
  if (!actor.abilities['staff.manage']) throw new AppError('ADMIN_FORBIDDEN_ACCESS');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findPeriod(trx, period.kind, period.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (!isPeriodDeletable(bodyToday(ctx), row)) throw new AppError('PERIOD_ALREADY_STARTED');
    await deletePeriod(trx, row.id);
    if (period.kind === 'closure')
      await ctx.queue.enqueue(trx, moveOpenDeadlinesJob, { from: row.starts_on });
    await insertSettingChange(trx, {
      key: auditKey(period.kind),
      before: JSON.stringify({ kind: period.kind, ...row }),
      after: 'null',
      userId: actor.id,
      now: ctx.clock.now().toISOString(),
    });
  });
}
