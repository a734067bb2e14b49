import { calendarDayOf, deadlineFrom } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { workingCalendar } from '../reference/calendar.service';
import { listOpenDeadlines, moveDeadlines } from './repository';

/** Requests updated per statement: a long list of ids is split, as bound parameters are limited. */
const IDS_PER_UPDATE = 500;

/**
 * Counts the deadlines of the open requests again by the body's calendar as it stands, after a
 * closure was announced or taken back: deadlines do not run while the offices are closed (the
 * closure's notice says so, spec §9), so a request submitted before the announcement gets the
 * closure's working days too, and loses them again if the closure is deleted before it begins
 * (decision 037). Only deadlines on or after `from` (the closure's first day) can change. A
 * request whose deadline moved meanwhile (an appeal asked for) keeps the newer one. Returns how
 * many requests it moved.
 */
export async function moveOpenDeadlines(ctx: AppContext, from: string): Promise<number> {
  const calendar = await workingCalendar(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const moves = new Map<string, { from: string; to: string; ids: number[] }>();
    for (const row of await listOpenDeadlines(trx, from)) {
      const day = row.appealed_at ? calendarDayOf(new Date(row.appealed_at)) : row.requested_on;
      if (!day || !row.expected_deadline) continue;
      const deadline = deadlineFrom(day, Number(row.is_urgent) === 1, calendar);
      if (deadline === row.expected_deadline) continue;
      const key = `${row.expected_deadline}>${deadline}`;
      const move = moves.get(key) ?? { from: row.expected_deadline, to: deadline, ids: [] };
      move.ids.push(row.id);
      moves.set(key, move);
    }
    let moved = 0;
    for (const move of moves.values()) {
      for (let start = 0; start < move.ids.length; start += IDS_PER_UPDATE) {
        const ids = move.ids.slice(start, start + IDS_PER_UPDATE);
        moved += await moveDeadlines(trx, { ...move, ids });
      }
    }
    return moved;
  });
}
