import { calendarDayOf, type Closure, type WorkingCalendar } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { listClosures } from './repository';

/** The body's working calendar: national holidays (domain), its local holidays (config), its closures (data). */
export async function workingCalendar(ctx: AppContext): Promise<WorkingCalendar> {
  const closures = await listClosures(ctx.db, 'closure');
  return {
    closures: closures.map((closure) => ({ from: closure.starts_on, to: closure.ends_on })),
    localHolidays: ctx.config.localHolidays,
  };
}

/** Today's date in the body's time zone. */
export const bodyToday = (ctx: AppContext): string => calendarDayOf(ctx.clock.now());

/** The return-delivery suspension windows (spec §9), as data: calendar days of the body, both ends included. */
export async function returnDeliverySuspensions(ctx: AppContext): Promise<Closure[]> {
  const windows = await listClosures(ctx.db, 'return_delivery_suspension');
  return windows.map((window) => ({ from: window.starts_on, to: window.ends_on }));
}
