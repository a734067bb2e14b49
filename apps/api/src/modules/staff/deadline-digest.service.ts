import {
  abilitiesFor,
  calendarDayOf,
  deadlineBounds,
  deadlineFlagOf,
  isWorkingDay,
  ROLES,
  workingDaysUntil,
  type Ability,
  wallClockOf,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { queueMail } from '../../platform/mail/queue-mail';
import { workingCalendar } from '../reference/calendar.service';
import { deadlineDigestJob } from './deadline-digest.job';
import { digestContent, type DigestLine } from './deadline-digest.mail';
import {
  countUrgentPractices,
  listStaffContacts,
  listUrgentPractices,
  takeDigestDay,
  takeDigestMail,
  type StaffContact,
} from './deadlines.repository';

/** Requests listed in one mail; the rest are counted, and the link opens them all. */
export const DIGEST_LINES = 25;

const rolesWith = (ability: Ability) => ROLES.filter((role) => abilitiesFor(role)[ability]);

/** The hour of an instant in the body's time zone. */
const bodyHour = (instant: Date): number => wallClockOf(instant).hour;

/**
 * Asks for today's deadline mails once the day's hour has come (DEADLINE_DIGEST_HOUR), on working
 * days only: the office is closed on the others. Called by a timer in every instance; the first
 * to take the day queues the job in the same transaction, the others find the day taken.
 */
export async function queueDeadlineDigest(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now();
  const day = calendarDayOf(now);
  if (bodyHour(now) < ctx.config.deadlineDigestHour) return false;
  if (!isWorkingDay(day, await workingCalendar(ctx))) return false;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await takeDigestDay(trx, day, now.toISOString()))) return false;
    await ctx.queue.enqueue(trx, deadlineDigestJob, { day });
    return true;
  });
}

/**
 * The job: each evaluator is mailed their own requests late or at risk, each member of staff who
 * assigns work (secretaries, administrators) the office's; nobody with none is mailed. Each
 * person's mail of the day is queued in the transaction that marks it queued, so a repeated run
 * skips them. Answers how many mails were queued.
 */
export async function sendDeadlineDigests(ctx: AppContext, day: string): Promise<number> {
  const calendar = await workingCalendar(ctx);
  const atRiskDays = ctx.config.deadlineAtRiskDays;
  const { lateBefore, atRiskThrough } = deadlineBounds(day, calendar, atRiskDays);
  const office = new Set(rolesWith('staff.assign'));
  const recipients = await listStaffContacts(ctx.db, [
    ...new Set([...rolesWith('staff.evaluate'), ...office]),
  ]);
  let queued = 0;
  for (const person of recipients) {
    const scope = office.has(person.role as (typeof ROLES)[number]) ? 'office' : 'assigned';
    const assigneeId = scope === 'assigned' ? person.id : undefined;
    const counts = await countUrgentPractices(ctx.db, { assigneeId, lateBefore, through: atRiskThrough });
    if (counts.late + counts.atRisk === 0) continue;
    const rows = await listUrgentPractices(ctx.db, {
      assigneeId,
      through: atRiskThrough,
      limit: DIGEST_LINES,
    });
    const lines: DigestLine[] = rows.flatMap((row) => {
      if (!row.expected_deadline) return [];
      const daysToGo = workingDaysUntil(day, row.expected_deadline, calendar);
      return [
        {
          id: row.id,
          applicant: `${row.first_name} ${row.last_name}`.trim(),
          qualification: row.qualification_name,
          deadline: row.expected_deadline,
          flag: deadlineFlagOf(daysToGo, atRiskDays),
          daysToGo,
        },
      ];
    });
    if (await queueDigestMail(ctx, { day, person, scope, counts, lines })) queued += 1;
  }
  return queued;
}

async function queueDigestMail(
  ctx: AppContext,
  {
    day,
    person,
    scope,
    counts,
    lines,
  }: {
    day: string;
    person: StaffContact;
    scope: 'assigned' | 'office';
    counts: { late: number; atRisk: number };
    lines: DigestLine[];
  },
): Promise<boolean> {
  const path = scope === 'office' ? '/staff/dashboard' : '/staff/queues/assigned';
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await takeDigestMail(trx, day, person.id, ctx.clock.now().toISOString()))) return false;
    await queueMail(ctx, trx, 'deadline-digest', person, (locale) =>
      digestContent(locale, {
        firstName: person.first_name,
        scope,
        ...counts,
        atRiskDays: ctx.config.deadlineAtRiskDays,
        lines,
        link: `${ctx.config.publicUrl}${path}`,
      }),
    );
    return true;
  });
}
