import { z } from 'zod';
import { APPEAL_WINDOW_DAYS } from './constants';
import {
  APPEAL_TYPES,
  areDocumentsEditable,
  hasAppeal,
  PRACTICE_STATUSES,
  type PracticeStatus,
} from './statuses';
import { MESSAGE_MAX_LENGTH, MAX_REPLY_DOCUMENTS } from './thread';
import { BODY_TIME_ZONE, wallClockOf, type WallClock } from './wall-clock';

const asUtc = (time: WallClock): number =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

/** The zone's offset from UTC at an instant, in ms (Rome: +1 h in winter, +2 h in summer). */
const offsetAt = (instant: number, timeZone: string): number =>
  asUtc(wallClockOf(new Date(instant), timeZone)) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a wall-clock time names in a time zone. Two rounds settle the offset on both sides
 * of a change; a time the spring change skips resolves to the instant an hour later on the clock.
 */
function instantOf(time: WallClock, timeZone: string): Date {
  const wall = asUtc(time);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return new Date(second);
}

const WINDOW_MS = APPEAL_WINDOW_DAYS * 24 * 3600 * 1000;

/**
 * The last instant an appeal or amendment may be asked for: `published_at` plus seven days, to the
 * second, on the body's clock (Europe/Rome) — seven calendar days there, but never more than
 * 7 × 24 hours. Across the spring change the window ends at the release's time of day (6 d 23 h
 * later); across the autumn change it ends 7 × 24 h after the release, an hour before that time of
 * day on the clock, so 7 d + 1 s is refused whichever way the clocks moved (decisions 026, 034).
 */
export function appealDeadline(publishedAt: string | Date, timeZone: string = BODY_TIME_ZONE): Date {
  const released = typeof publishedAt === 'string' ? new Date(publishedAt) : publishedAt;
  const local = wallClockOf(released, timeZone);
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + APPEAL_WINDOW_DAYS));
  const calendarDeadline = instantOf(
    { ...local, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
    timeZone,
  );
  // Sub-second precision of the release is kept: the window is "to the second" after it.
  const calendar = calendarDeadline.getTime() + (released.getTime() % 1000);
  return new Date(Math.min(calendar, released.getTime() + WINDOW_MS));
}

/** Whether the appeal window of a statement released at `publishedAt` is still open at `now`. */
export function isAppealWindowOpen(
  publishedAt: string | Date | null,
  now: Date,
  timeZone: string = BODY_TIME_ZONE,
): boolean {
  if (publishedAt === null) return false;
  return now.getTime() <= appealDeadline(publishedAt, timeZone).getTime();
}

/**
 * The applicant may ask for an appeal: the request is published, its statement still in force (not
 * withdrawn, decision 097) and the window is open.
 */
export const canRequestAppeal = (
  practice: { status: PracticeStatus; published_at: string | null; statement_withdrawn_at: string | null },
  now: Date,
): boolean =>
  practice.status === 'published' &&
  practice.statement_withdrawn_at === null &&
  isAppealWindowOpen(practice.published_at, now);

/**
 * A document the published statement was evaluated on: the request's statement is out (published,
 * or appealed since: every status after publication) and the document was there before its
 * release. It is the statement's evidence, kept as it was in the window and in the appeal that
 * follows, a question of the appeal to the applicant included (409 DOCUMENT_EVALUATED, decision
 * 026). No `now`: the web hides replace and delete for these with the same rule.
 */
export const isStatementEvidence = (
  practice: { status: PracticeStatus; published_at?: string | null | undefined },
  documentCreatedAt: string,
): boolean =>
  (practice.status === 'published' || hasAppeal(practice.status)) &&
  (!practice.published_at || Date.parse(documentCreatedAt) <= Date.parse(practice.published_at));

/**
 * Whether the applicant may replace or delete a document of this request now: while the request
 * takes changes, or in the window of an appeal not yet asked for; and never the statement's
 * evidence (`isStatementEvidence`), only documents added since it was published. New documents are
 * taken in the window and in a reply of the appeal (decision 026).
 */
export const isDocumentChangeable = (
  practice: { status: PracticeStatus; published_at: string | null; statement_withdrawn_at: string | null },
  documentCreatedAt: string,
  now: Date,
): boolean =>
  (areDocumentsEditable(practice.status) || canRequestAppeal(practice, now)) &&
  !isStatementEvidence(practice, documentCreatedAt);

/**
 * A document added to a published request since its release (an appeal's supporting document): its
 * applicant may delete it in the window and after it, with no appeal asked for — nobody evaluates
 * it (decision 026, amended). No `now`: the web offers Delete for these with the same rule.
 */
export const isAddedSincePublication = (
  practice: { status: PracticeStatus; published_at?: string | null | undefined },
  documentCreatedAt: string,
): boolean => practice.status === 'published' && !isStatementEvidence(practice, documentCreatedAt);

/**
 * Whether the applicant may delete a document of this request now: whenever they may change it
 * (`isDocumentChangeable`), and also, once the window has closed with no appeal asked for, a
 * document added to the published request since its release (`isAddedSincePublication`). Such a
 * document is not replaced: the request takes no new document after the window.
 */
export const isDocumentDeletable = (
  practice: { status: PracticeStatus; published_at: string | null; statement_withdrawn_at: string | null },
  documentCreatedAt: string,
  now: Date,
): boolean =>
  isDocumentChangeable(practice, documentCreatedAt, now) ||
  isAddedSincePublication(practice, documentCreatedAt);

/** Appeals that still wait for a decision: at most one per request. */
export const OPEN_APPEAL_STATUSES = [
  'appeal_requested',
  'appeal_in_evaluation',
  'appeal_pending_student_reply',
  'appeal_in_review',
  'appeal_reviewed',
] as const satisfies readonly PracticeStatus[];

export const isAppealOpen = (status: PracticeStatus): boolean =>
  (OPEN_APPEAL_STATUSES as readonly PracticeStatus[]).includes(status);

export const APPEAL_MOTIVATION_MAX_LENGTH = MESSAGE_MAX_LENGTH;

/** POST /practices/{id}/appeal: type, motivation, and documents uploaded beforehand to the request. */
export const createAppealSchema = z.object({
  type: z.enum(APPEAL_TYPES),
  motivation: z.string().trim().min(1).max(APPEAL_MOTIVATION_MAX_LENGTH),
  document_ids: z.array(z.number().int().positive()).max(MAX_REPLY_DOCUMENTS).default([]),
});
export type CreateAppeal = z.infer<typeof createAppealSchema>;

export const APPEAL_STATEMENT_STATES = ['pending', 'published'] as const;

export const appealSchema = z
  .object({
    id: z.number().int(),
    practice_id: z.number().int(),
    type: z.enum(APPEAL_TYPES),
    motivation: z.string(),
    document_ids: z.array(z.number().int()),
    created_at: z.string(),
    /** Open while the request is in one of OPEN_APPEAL_STATUSES. */
    is_open: z.boolean(),
    /** The statement of appeal or the amended statement, once its publication has started. */
    statement: z
      .object({
        certificate_id: z.string(),
        kind: z.enum(['appeal', 'amendment']),
        status: z.enum(APPEAL_STATEMENT_STATES),
        published_at: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Appeal' });
export type Appeal = z.infer<typeof appealSchema>;

/** GET /practices/{id}/appeal: whether one may be asked for now, until when, and the request's appeal. */
export const appealOverviewSchema = z
  .object({
    practice_id: z.number().int(),
    status: z.enum(PRACTICE_STATUSES),
    published_at: z.string().nullable(),
    /** The end of the window (published_at + 7 days, Europe/Rome), null before publication. */
    deadline: z.string().nullable(),
    /** When the statement was withdrawn (decision 097): no appeal may be asked for from then on. */
    // Optional like the request's own: an instance of the release before sends none (a rolling upgrade).
    statement_withdrawn_at: z.string().nullable().optional(),
    can_request: z.boolean(),
    appeal: appealSchema.nullable(),
  })
  .meta({ id: 'AppealOverview' });
export type AppealOverview = z.infer<typeof appealOverviewSchema>;
