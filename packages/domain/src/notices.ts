import { z } from 'zod/mini';
import { LAST_PERIOD_DAY } from './calendar-bounds';
import { nextWorkingDay, type WorkingCalendar } from './working-days';

/**
 * Notices across the portal (spec §9): announced closures of the body and maintenance.
 * A closure is announced from `announce_from` until its last day; the portal shows its notice
 * in that window. Dates are calendar days of the body (`YYYY-MM-DD`).
 */

const localisedText = z.object({ 'en-US': z.string(), 'it-IT': z.string() });

export const closureNoticeSchema = z
  .object({
    id: z.number().check(z.int()),
    starts_on: z.iso.date(),
    ends_on: z.iso.date(),
    /** The first working day after the closure: "service resumes" (spec §9). */
    resumes_on: z.iso.date(),
    /** From this day the notice shows; null: never announced. */
    announce_from: z.nullable(z.iso.date()),
    notice: localisedText,
  })
  .register(z.globalRegistry, { id: 'ClosureNotice' });
export type ClosureNotice = z.infer<typeof closureNoticeSchema>;

export const noticesSchema = z
  .object({
    /** Closures announced today, in date order. */
    closures: z.array(closureNoticeSchema),
    maintenance: z.object({
      is_on: z.boolean(),
      /** On by the administrators' setting: staff may still log in and work. */
      is_staff_only: z.boolean(),
    }),
  })
  .register(z.globalRegistry, { id: 'Notices' });
export type Notices = z.infer<typeof noticesSchema>;

const NOTICE_MAX = 1000;

/**
 * A period of the body's calendar: calendar days, both ends included, by LAST_PERIOD_DAY (the
 * working day after a period ending on 9999-12-31 was looked for for ever, decision 083).
 */
const periodDay = z.iso
  .date()
  .check(z.refine((day) => day <= LAST_PERIOD_DAY, { message: 'invalidValue', abort: true }));
const periodShape = { starts_on: periodDay, ends_on: periodDay };
const endsOnOrAfterStart = (period: { starts_on: string; ends_on: string }) =>
  period.starts_on <= period.ends_on;
// Ends before it starts: said so on its last day, not as a bare "Value not valid".
const ENDS_BEFORE_START = { path: ['ends_on'], message: 'dateNotBeforeStart' };

/** POST /staff/closures (administrators): a closure period and its notice in every language. */
export const closureInputSchema = z
  .object({
    ...periodShape,
    announce_from: z.iso.date(),
    notice_en_us: z.string().check(z.trim(), z.minLength(1), z.maxLength(NOTICE_MAX)),
    notice_it_it: z.string().check(z.trim(), z.minLength(1), z.maxLength(NOTICE_MAX)),
  })
  .check(
    z.refine(endsOnOrAfterStart, ENDS_BEFORE_START),
    z.refine((closure) => closure.announce_from <= closure.starts_on, {
      path: ['announce_from'],
      // Announced only once it has begun: the notice must show from the first day or earlier.
      message: 'noticeAfterClosureStart',
    }),
  );
export type ClosureInput = z.infer<typeof closureInputSchema>;

/** POST /staff/return-delivery-suspensions (administrators): a window with no notice of its own. */
export const returnDeliverySuspensionInputSchema = z
  .object(periodShape)
  .check(z.refine(endsOnOrAfterStart, ENDS_BEFORE_START));
export type ReturnDeliverySuspensionInput = z.infer<typeof returnDeliverySuspensionInputSchema>;

/** A return-delivery suspension window (spec §9): paper returns stop, carts cannot be paid. */
export const returnDeliverySuspensionSchema = z
  // As stored, not as an administrator may enter it: a window stored before the last day was
  // checked (decision 083) is still listed.
  .object({ id: z.number().check(z.int()), starts_on: z.iso.date(), ends_on: z.iso.date() })
  .register(z.globalRegistry, { id: 'ReturnDeliverySuspension' });
export type ReturnDeliverySuspension = z.infer<typeof returnDeliverySuspensionSchema>;

type Period = { starts_on: string; ends_on: string };

/** Two periods share at least one calendar day. */
export const periodsOverlap = (a: Period, b: Period): boolean =>
  a.starts_on <= b.ends_on && b.starts_on <= a.ends_on;

/** Administrators delete a period only before its first day, so nothing already applied is rewritten. */
export const isPeriodDeletable = (today: string, period: Pick<Period, 'starts_on'>): boolean =>
  today < period.starts_on;

export type AnnouncedClosure = { from: string; to: string; announceFrom: string | null };

/** Spec §9: a closure's notice shows from its announcement until its last day, both included. */
export const isAnnounced = (today: string, closure: AnnouncedClosure): boolean =>
  closure.announceFrom !== null && closure.announceFrom <= today && today <= closure.to;

/** "Service resumes": the first working day after the closure's last day. */
export const resumesOn = (closureEnd: string, calendar: WorkingCalendar): string =>
  nextWorkingDay(closureEnd, calendar);

export const MAINTENANCE_SOURCES = ['configuration', 'setting'] as const;
export type MaintenanceSource = (typeof MAINTENANCE_SOURCES)[number];

export const maintenanceChangeSchema = z.object({
  is_on: z.boolean(),
  changed_at: z.string(),
  changed_by: z.nullable(z.string()),
});

/** GET /staff/maintenance: what decides maintenance now, and the switch's history. */
export const maintenanceStateSchema = z
  .object({
    is_on: z.boolean(),
    /** `configuration`: MAINTENANCE_MODE is set and wins; the switch changes nothing until it is unset. */
    source: z.enum(MAINTENANCE_SOURCES),
    /** The administrators' switch as stored, whatever the configuration says. */
    is_setting_on: z.boolean(),
    changes: z.array(maintenanceChangeSchema),
  })
  .register(z.globalRegistry, { id: 'MaintenanceState' });
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

export const maintenanceInputSchema = z.object({ is_on: z.boolean() });

/** A newsletter unsubscribe token: 256 bits, base64url (43 characters). */
export const marketingOptOutTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

export const marketingOptOutResultSchema = z
  .object({ is_unsubscribed: z.literal(true) })
  .register(z.globalRegistry, { id: 'MarketingOptOut' });
