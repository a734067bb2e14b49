import type { Dashboard } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { bodyDayStart } from '../src/modules/staff/dashboard.service';
import { useTestApp } from './helper';
import { apiCall, dataOf, type Applicant } from './requests';
import { practiceIn, type StaffMember } from './staff';

// Decision 071: the dashboard's figures of a period come from the audit trail. A history is
// seeded here move by move, and every figure is checked against what it must be.

let call: ReturnType<typeof apiCall>;
// Monday 3 March 2025, 10:00 in Rome.
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let secretary: StaffMember;
let eva: StaffMember;
let rita: StaffMember;
let admin: StaffMember;
const ids = {} as Record<'p1' | 'p2' | 'p3' | 'before' | 'late' | 'atRisk' | 'none' | 'onTime', number>;

type Move = { action: string; from: string; to: string; by: number | null; at: string };

const record = async (practiceId: number, moves: Move[]) => {
  for (const move of moves) {
    await t.database.db
      .insertInto('practice_status_history')
      .values({
        practice_id: practiceId,
        action: move.action,
        from_status: move.from,
        to_status: move.to,
        by_user_id: move.by,
        at: move.at,
      })
      .execute();
  }
};

/** Submitted, evaluated by Eva, reviewed by Rita, published by the administrator. */
const published = (submitted: string, sent: string, reviewed: string, publishedAt: string): Move[] => [
  { action: 'submit', from: 'draft', to: 'unassigned', by: ada.id, at: `${submitted}T09:00:00.000Z` },
  {
    action: 'assign',
    from: 'unassigned',
    to: 'assigned',
    by: secretary.id,
    at: `${submitted}T10:00:00.000Z`,
  },
  {
    action: 'send_in_review',
    from: 'in_evaluation',
    to: 'in_review',
    by: eva.id,
    at: `${sent}T10:00:00.000Z`,
  },
  {
    action: 'conclude_review',
    from: 'in_review',
    to: 'reviewed',
    by: rita.id,
    at: `${reviewed}T10:00:00.000Z`,
  },
  {
    action: 'publish',
    from: 'ready_for_issue',
    to: 'published',
    by: admin.id,
    at: `${publishedAt}T10:00:00.000Z`,
  },
];

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org', firstName: 'Eva' });
  rita = await t.staff('reviewer', { email: 'rita@example.org', firstName: 'Rita' });
  admin = await t.staff('admin', { email: 'admin@example.org', firstName: 'Adele' });
  const people = { assigneeId: eva.id, reviewerId: rita.id };

  // Published in the period: submitted on Epiphany, inside the closure of spec §9 (19 working days).
  ids.p1 = await practiceIn(t.database, {
    userId: ada.id,
    status: 'published',
    service: 'comparability_verification',
    ...people,
  });
  await record(ids.p1, published('2025-01-06', '2025-02-04', '2025-02-05', '2025-02-06'));
  // 9 working days, then an appeal.
  ids.p2 = await practiceIn(t.database, {
    userId: ada.id,
    status: 'appeal_requested',
    service: 'comparability',
    deadline: null,
    ...people,
  });
  await record(ids.p2, [
    ...published('2025-02-03', '2025-02-11', '2025-02-12', '2025-02-14'),
    {
      action: 'request_appeal',
      from: 'published',
      to: 'appeal_requested',
      by: ada.id,
      at: '2025-02-17T10:00:00.000Z',
    },
  ]);
  // 13 working days, then an amendment.
  ids.p3 = await practiceIn(t.database, {
    userId: ada.id,
    status: 'appeal_requested',
    service: 'comparability',
    deadline: null,
    ...people,
  });
  await record(ids.p3, [
    ...published('2025-02-10', '2025-02-20', '2025-02-21', '2025-02-27'),
    {
      action: 'request_appeal',
      from: 'published',
      to: 'appeal_requested',
      by: ada.id,
      at: '2025-02-28T10:00:00.000Z',
    },
  ]);
  for (const [practiceId, type] of [
    [ids.p2, 'appeal'],
    [ids.p3, 'amendment'],
  ] as const) {
    await t.database.db
      .insertInto('appeals')
      .values({
        practice_id: practiceId,
        user_id: ada.id,
        type,
        motivation: 'Please',
        document_ids: '[]',
        created_at: '2025-02-17T10:00:00.000Z',
      })
      .execute();
  }
  // Published before the period: not counted.
  ids.before = await practiceIn(t.database, { userId: ada.id, status: 'published', ...people });
  await record(ids.before, published('2025-01-13', '2025-01-20', '2025-01-21', '2025-01-31'));

  // Open now: late, at risk, without a deadline, on time.
  ids.late = await practiceIn(t.database, {
    userId: ada.id,
    status: 'in_evaluation',
    ...people,
    deadline: '2025-02-28',
  });
  ids.atRisk = await practiceIn(t.database, {
    userId: ada.id,
    status: 'in_review',
    ...people,
    deadline: '2025-03-10',
  });
  ids.none = await practiceIn(t.database, { userId: ada.id, status: 'unassigned', deadline: null });
  ids.onTime = await practiceIn(t.database, {
    userId: ada.id,
    status: 'in_evaluation',
    ...people,
    deadline: '2025-05-30',
  });

  // A return delivery paid for and not yet sent.
  const delivery = await t.database.db
    .insertInto('deliveries')
    .values({
      user_id: ada.id,
      status: 'paid',
      paid_at: '2025-02-20T10:00:00.000Z',
      waybill_number: 'RD-2025-000001',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('delivery_practices')
    .values({ delivery_id: delivery.id, practice_id: ids.p1 })
    .execute();
}, 60_000);

const dashboard = async (who: StaffMember, query = '') => call('GET', `/staff/dashboard${query}`, who);

describe('the dashboard', () => {
  it('adds up the audit trail of the period and the backlog now', async () => {
    const response = await dashboard(secretary, '?from=2025-02-03&to=2025-03-02');
    expect(response.statusCode).toBe(200);
    const data = dataOf<Dashboard>(response);
    expect(data.period).toEqual({ from: '2025-02-03', to: '2025-03-02' });
    expect(data.backlog).toEqual([
      { status: 'unassigned', count: 1 },
      { status: 'in_evaluation', count: 2 },
      { status: 'in_review', count: 1 },
      { status: 'appeal_requested', count: 2 },
    ]);
    // The appeal and the amendment among them, apart (migration 2026-12-06-115).
    expect(data.backlog_appeals).toEqual([
      { status: 'appeal_requested', appeal_type: 'appeal', count: 1 },
      { status: 'appeal_requested', appeal_type: 'amendment', count: 1 },
    ]);
    expect(data.ageing).toEqual({ late: 1, at_risk: 1, on_time: 1, no_deadline: 3 });
    expect(data.urgent.map((row) => [row.id, row.deadline_flag, row.days_to_go])).toEqual([
      [ids.late, 'late', -1],
      [ids.atRisk, 'at_risk', 5],
    ]);
    expect(data.published_per_week).toEqual([
      { week: '2025-02-03', count: 1 },
      { week: '2025-02-10', count: 1 },
      { week: '2025-02-17', count: 0 },
      { week: '2025-02-24', count: 1 },
    ]);
    expect(data.time_to_publication).toEqual([
      { service: 'comparability_verification', published: 1, median_working_days: 19 },
      { service: 'comparability', published: 2, median_working_days: 11 },
      { service: 'all', published: 3, median_working_days: 13 },
    ]);
    const person = (id: number) => data.people.find((row) => row.person.id === id);
    expect(person(eva.id)).toMatchObject({
      evaluating: 5,
      reviewing: 0,
      sent_in_review: 3,
      reviews_concluded: 0,
    });
    expect(person(rita.id)).toMatchObject({
      evaluating: 0,
      reviewing: 1,
      sent_in_review: 0,
      reviews_concluded: 3,
    });
    expect(person(admin.id)).toMatchObject({ published: 3 });
    expect(data.appeals).toEqual({ statements: 3, appeals: 1, amendments: 1 });
    expect(data.deliveries_waiting).toEqual({
      count: 1,
      practices: [
        {
          id: ids.p1,
          paid_at: '2025-02-20T10:00:00.000Z',
          applicant: 'Ada Lovelace',
          waybill_number: 'RD-2025-000001',
        },
      ],
    });
  });

  it('counts a day of the period in Rome: a move at 23:30 UTC on its last day belongs to the next', async () => {
    expect(bodyDayStart('2025-03-03')).toBe('2025-03-02T23:00:00.000Z');
    expect(bodyDayStart('2025-07-01')).toBe('2025-06-30T22:00:00.000Z');
    const narrow = dataOf<Dashboard>(await dashboard(secretary, '?from=2025-02-06&to=2025-02-06'));
    expect(narrow.appeals.statements).toBe(1);
    expect(narrow.published_per_week).toEqual([{ week: '2025-02-03', count: 1 }]);
  });

  it('reads the last twelve weeks by default, and refuses a period that ends before it starts', async () => {
    const data = dataOf<Dashboard>(await dashboard(admin));
    expect(data.period).toEqual({ from: '2024-12-10', to: '2025-03-03' });
    expect(data.appeals.statements).toBe(4);
    expect((await dashboard(secretary, '?from=2025-03-01&to=2025-02-01')).statusCode).toBe(422);
    expect((await dashboard(secretary, '?from=2020-01-01&to=2025-02-01')).statusCode).toBe(422);
  });

  it('is for secretaries and administrators', async () => {
    expect((await dashboard(eva)).statusCode).toBe(403);
    expect((await dashboard(rita)).statusCode).toBe(403);
  });
});
