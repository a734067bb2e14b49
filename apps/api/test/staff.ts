import { emptyAssessment, type PracticeStatus } from '@lisbon/domain';
import type { App } from '../src/app';
import { createReadyStaff, type ReadyStaff } from '../src/demo/staff';
import { refreshSearchText } from '../src/modules/practice-records/search-text';
import type { Clock } from '../src/platform/clock';
import type { TestDatabase } from './helper';
import { bearer, contextFor, login, totpCode } from './identity';
import type { Applicant } from './requests';

/** Shared by the staff workspace tests: staff with two factors passed, requests in any status. */

export const STAFF_PASSWORD = 'Quiet#Harbour42';

export type StaffMember = Applicant & { secret: string };

/** A staff account made the way `demo:staff` makes one, logged in past its second factor. */
export async function staffMember(
  app: App,
  database: TestDatabase,
  clock: Clock,
  staff: Omit<ReadyStaff, 'firstName' | 'lastName'> & { firstName?: string; lastName?: string },
  /** The app's settings when they are not the test defaults: its keys seal the TOTP secret. */
  env?: Record<string, string>,
): Promise<StaffMember> {
  const created = await createReadyStaff(contextFor(database, clock, env), {
    firstName: 'Staff',
    lastName: staff.role,
    ...staff,
    password: STAFF_PASSWORD,
  });
  if (!created) throw new Error(`${staff.email} exists already`);
  const { token } = await login(app, staff.email, STAFF_PASSWORD);
  const passed = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa',
    headers: bearer(token),
    payload: { code: totpCode(created.secret, clock) },
  });
  if (passed.statusCode !== 200) throw new Error(`second factor refused: ${passed.body}`);
  // Passing the second factor ends the first step's session and answers a new token.
  const { access_token } = passed.json<{ data: { access_token: string } }>().data;
  return { id: created.userId, token: access_token, secret: created.secret };
}

export const COMPLETE_ASSESSMENT = {
  ...emptyAssessment(),
  classification: 'EQF level 6 – first-cycle degree',
  awarding_institution: 'Universidade de São Paulo',
  award_year: 2019,
  country_of_studies: 'BR',
  qualification_type: 'Bachelor',
  qualification_name: 'Bacharel em Ciências Biológicas',
  duration: '4 years full time',
};

export type PracticeFactory = {
  userId: number;
  status: PracticeStatus;
  assigneeId?: number | null;
  reviewerId?: number | null;
  isAssessed?: boolean;
  country?: string;
  service?: string;
  isUrgent?: boolean;
  deadline?: string | null;
  qualificationName?: string;
  /** The wizard's qualification step, as stored (institution, its country, names on the diploma). */
  qualification?: Record<string, unknown>;
  createdAt?: string;
};

/** A submitted request straight in the database, in any status, as the staff flows would leave it. */
export async function practiceIn(database: TestDatabase, practice: PracticeFactory): Promise<number> {
  const at = practice.createdAt ?? '2025-03-01T09:00:00.000Z';
  const { id } = await database.db
    .insertInto('practices')
    .values({
      user_id: practice.userId,
      status: practice.status,
      service: practice.service ?? 'comparability_verification',
      country: practice.country ?? 'BR',
      level: 'higher',
      is_urgent: practice.isUrgent ? 1 : 0,
      wizard_step: 'review',
      qualification_name: practice.qualificationName ?? 'Bachelor of Science in Biology',
      qualification: practice.qualification ? JSON.stringify(practice.qualification) : null,
      requested_at: practice.status === 'draft' ? null : at,
      requested_on: practice.status === 'draft' ? null : at.slice(0, 10),
      expected_deadline: practice.deadline === undefined ? '2025-06-01' : practice.deadline,
      assignee_id: practice.assigneeId ?? null,
      reviewer_id: practice.reviewerId ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // What a submission writes: the words staff search finds the request by.
  if (practice.status !== 'draft') await refreshSearchText(database.db, { practiceId: id });
  if (practice.isAssessed) {
    await database.db
      .insertInto('practice_evaluations')
      .values({
        practice_id: id,
        assessment: JSON.stringify(COMPLETE_ASSESSMENT),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return id;
}

/** A request's status, as stored. */
export const statusOf = async (database: TestDatabase, practiceId: number) =>
  (
    await database.db
      .selectFrom('practices')
      .select('status')
      .where('id', '=', practiceId)
      .executeTakeFirstOrThrow()
  ).status;

/** The audit entries of a request, oldest first, as stored. */
export const auditOf = (database: TestDatabase, practiceId: number) =>
  database.db
    .selectFrom('practice_status_history')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('id')
    .execute();

/** The mails queued (not yet sent) for an address, with their kind, language and subject. */
export async function queuedMails(database: TestDatabase, to: string) {
  const rows = await database.db
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', 'send-mail')
    .execute();
  return rows
    .map(
      (row) =>
        JSON.parse(row.payload) as {
          kind: string;
          to: string;
          locale: string;
          subject: string;
          text: string;
        },
    )
    .filter((mail) => mail.to === to);
}
