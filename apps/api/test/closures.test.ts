import { deadlineFrom, type WorkingCalendar } from '@lisbon/domain';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { migrations } from '../src/platform/db/migrations';
import { useTestApp } from './helper';
import { BILLING, callAs, type Payer } from './payments';
import { apiCall, dataOf, type Applicant } from './requests';
import { practiceIn, type StaffMember } from './staff';

let call: ReturnType<typeof apiCall>;
// Monday 2 December 2024, 10:00 in Rome.
const TODAY = '2024-12-02T09:00:00Z';
const clock = new ManualClock(TODAY);
let ada: Applicant;
let dora: Payer;
let eva: StaffMember;
let secretary: StaffMember;
let admin: StaffMember;

type Period = { id: number; starts_on: string; ends_on: string };
type FieldErrors = { code: string; errors: Record<string, string[]> };

const SUSPENSIONS = '/staff/return-delivery-suspensions';
const SUMMER = {
  starts_on: '2025-08-11',
  ends_on: '2025-08-22',
  announce_from: '2024-12-01',
  notice_en_us: 'Summer closure.',
  notice_it_it: 'Chiusura estiva.',
};

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  // Logged in at the latest moment the tests reach: a session is not refused when the clock goes back.
  clock.set('2024-12-24T12:00:00Z');
  ada = await t.applicant({ email: 'ada@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  admin = await t.staff('admin', { email: 'admin@example.org' });
  dora = await t.applicant({ email: 'dora@example.org' });
  clock.set(TODAY);
});

const calendarChanges = () =>
  t.database.db
    .selectFrom('setting_changes')
    .select(['key', 'value_before', 'value_after', 'changed_by'])
    .where('key', 'like', 'calendar.%')
    .orderBy('id')
    .execute();

/**
 * Each test takes back the periods it adds, even when it fails: every test finds the calendar as
 * seeded (spec §9's closure and suspension window alone), so the file passes in any order.
 */
const takeBack = (id: number) =>
  onTestFinished(async () => {
    await t.database.db.deleteFrom('closures').where('id', '=', id).execute();
  });

describe('return-delivery suspension windows', () => {
  it('are listed to staff, the seeded window of spec §9 included, and not to applicants', async () => {
    const listed = await call('GET', SUSPENSIONS, eva);
    expect(listed.statusCode).toBe(200);
    expect(dataOf<Period[]>(listed)).toEqual([
      { id: expect.any(Number), starts_on: '2024-12-24', ends_on: '2025-01-07' },
    ]);
    expect((await call('GET', SUSPENSIONS, ada)).statusCode).toBe(403);
  });

  it('are added by administrators only, audited', async () => {
    const before = await calendarChanges();
    const window = { starts_on: '2025-03-03', ends_on: '2025-03-07' };
    const refused = await call('POST', SUSPENSIONS, eva, window);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_FORBIDDEN_ACCESS' });

    const created = await call('POST', SUSPENSIONS, admin, window);
    expect(created.statusCode).toBe(201);
    const { id } = dataOf<Period>(created);
    takeBack(id);
    expect(dataOf(created)).toEqual({ id, ...window });
    expect(dataOf<Period[]>(await call('GET', SUSPENSIONS, eva)).map((row) => row.starts_on)).toEqual([
      '2024-12-24',
      '2025-03-03',
    ]);
    expect((await calendarChanges()).slice(before.length)).toEqual([
      {
        key: 'calendar.return_delivery_suspension',
        value_before: null,
        value_after: expect.stringContaining('"starts_on":"2025-03-03"'),
        changed_by: admin.id,
      },
    ]);
  });

  it('refuse a window that ends before it starts (422 on ends_on) or overlaps another (422 on starts_on)', async () => {
    const existing = await call('POST', SUSPENSIONS, admin, {
      starts_on: '2025-03-03',
      ends_on: '2025-03-07',
    });
    expect(existing.statusCode).toBe(201);
    takeBack(dataOf<Period>(existing).id);
    const backwards = await call('POST', SUSPENSIONS, admin, {
      starts_on: '2025-05-10',
      ends_on: '2025-05-01',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { ends_on: expect.any(Array) },
    });

    const overlapping = await call('POST', SUSPENSIONS, admin, {
      starts_on: '2025-03-07',
      ends_on: '2025-03-10',
    });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json<FieldErrors>().errors).toEqual({
      starts_on: ['This period overlaps another one of the same kind'],
    });

    const missing = await call('POST', SUSPENSIONS, admin, { starts_on: '2025-05-10' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<FieldErrors>().errors).toHaveProperty('ends_on');
  });

  it('let one of several overlapping windows added at the same moment through, and refuse the rest', async () => {
    const answers = await Promise.all(
      ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05'].map((startsOn) =>
        call('POST', SUSPENSIONS, admin, { starts_on: startsOn, ends_on: '2025-06-10' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const june = await t.database.db
      .selectFrom('closures')
      .select('id')
      .where('kind', '=', 'return_delivery_suspension')
      .where('starts_on', '>=', '2025-06-01')
      .where('starts_on', '<=', '2025-06-30')
      .execute();
    expect(june).toHaveLength(1);
    for (const { id } of june) takeBack(id);
  });

  it('once added, refuse paying a cart whose checkout could be open inside the window (409 DELIVERY_SUSPENDED)', async () => {
    const id = await practiceIn(t.database, { userId: dora.id, status: 'closed' });
    const opened = await call('POST', `/staff/practices/${id}/open-to-delivery`, secretary);
    expect(opened.statusCode).toBe(200);
    const pay = callAs(t.app);
    await pay(dora, 'PUT', '/delivery/shipping', {
      recipient_name: 'Dora',
      address: 'Rue de Rivoli 1',
      city: 'Paris',
      zip_code: '75001',
      country: 'FR',
    });
    const created = await call('POST', SUSPENSIONS, admin, {
      starts_on: '2024-12-03',
      ends_on: '2024-12-04',
    });
    expect(created.statusCode).toBe(201);
    takeBack(dataOf<Period>(created).id);
    try {
      // 23:45 on 2 December in Rome: a checkout opened now would still be payable on the 3rd.
      clock.set('2024-12-02T22:45:00Z');
      const refused = await pay(dora, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'DELIVERY_SUSPENDED' });
    } finally {
      clock.set(TODAY);
    }
    // Taken back before it begins, the cart may be paid again.
    const deleted = await call('DELETE', `${SUSPENSIONS}/${dataOf<Period>(created).id}`, admin);
    expect(deleted.statusCode).toBe(204);
    clock.set('2024-12-02T22:45:00Z');
    try {
      const accepted = await pay(dora, 'POST', '/delivery/checkout', {
        practice_ids: [id],
        billing: BILLING,
      });
      expect(accepted.statusCode).toBe(200);
    } finally {
      clock.set(TODAY);
    }
  });

  it('are deleted by administrators only before their first day (409 PERIOD_ALREADY_STARTED after), audited', async () => {
    const added = await call('POST', SUSPENSIONS, admin, { starts_on: '2025-03-03', ends_on: '2025-03-07' });
    expect(added.statusCode).toBe(201);
    takeBack(dataOf<Period>(added).id);
    const windows = dataOf<Period[]>(await call('GET', SUSPENSIONS, eva));
    const future = windows.find((window) => window.starts_on === '2025-03-03');
    const started = windows.find((window) => window.starts_on === '2024-12-24');
    expect((await call('DELETE', `${SUSPENSIONS}/${future?.id}`, eva)).statusCode).toBe(403);
    expect((await call('DELETE', `${SUSPENSIONS}/999999`, admin)).statusCode).toBe(404);

    clock.set('2024-12-24T09:00:00Z');
    try {
      const tooLate = await call('DELETE', `${SUSPENSIONS}/${started?.id}`, admin);
      expect(tooLate.statusCode).toBe(409);
      expect(tooLate.json()).toMatchObject({
        code: 'PERIOD_ALREADY_STARTED',
        message: 'This period has already begun: it can no longer be deleted.',
      });
    } finally {
      clock.set(TODAY);
    }

    expect((await call('DELETE', `${SUSPENSIONS}/${future?.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `${SUSPENSIONS}/${future?.id}`, admin)).statusCode).toBe(404);
    expect(dataOf<Period[]>(await call('GET', SUSPENSIONS, eva)).map((row) => row.starts_on)).toEqual([
      '2024-12-24',
    ]);
    expect((await calendarChanges()).at(-1)).toEqual({
      key: 'calendar.return_delivery_suspension',
      value_before: expect.stringContaining('"starts_on":"2025-03-03"'),
      value_after: 'null',
      changed_by: admin.id,
    });
  });
});

describe('closures managed by administrators', () => {
  it('a closure added shows in the public notices while announced, and deletes before it begins', async () => {
    const created = await call('POST', '/staff/closures', admin, SUMMER);
    expect(created.statusCode).toBe(201);
    takeBack(dataOf<Period>(created).id);
    const startsOf = async () =>
      dataOf<{ closures: Period[] }>(await call('GET', '/notices')).closures.map(
        (notice) => notice.starts_on,
      );
    expect(await startsOf()).toContain('2025-08-11');

    const overlapping = await call('POST', '/staff/closures', admin, { ...SUMMER, starts_on: '2025-08-01' });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json<FieldErrors>().errors).toHaveProperty('starts_on');
    // A suspension window over the same days is another kind: allowed.
    const window = await call('POST', SUSPENSIONS, admin, { starts_on: '2025-08-11', ends_on: '2025-08-12' });
    expect(window.statusCode).toBe(201);
    takeBack(dataOf<Period>(window).id);

    // The closure's id is not a suspension window's.
    const id = dataOf<Period>(created).id;
    expect((await call('DELETE', `${SUSPENSIONS}/${id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/staff/closures/${id}`, eva)).statusCode).toBe(403);
    expect((await call('DELETE', `/staff/closures/${id}`, admin)).statusCode).toBe(204);
    expect(await startsOf()).not.toContain('2025-08-11');
  });

  it('refuses deleting the closure of spec §9 once begun', async () => {
    const closures = dataOf<Period[]>(await call('GET', '/staff/closures', eva));
    const spec = closures.find((closure) => closure.starts_on === '2024-12-16');
    clock.set('2024-12-16T09:00:00Z');
    try {
      const response = await call('DELETE', `/staff/closures/${spec?.id}`, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PERIOD_ALREADY_STARTED' });
    } finally {
      clock.set(TODAY);
    }
  });
});

describe('a closure and the deadlines of requests already submitted', () => {
  const AUTUMN = {
    starts_on: '2025-10-27',
    ends_on: '2025-10-31',
    announce_from: '2025-10-01',
    notice_en_us: 'Autumn closure.',
    notice_it_it: 'Chiusura autunnale.',
  };
  const calendarNow = async (): Promise<WorkingCalendar> => ({
    closures: dataOf<Period[]>(await call('GET', '/staff/closures', eva)).map((closure) => ({
      from: closure.starts_on,
      to: closure.ends_on,
    })),
    localHolidays: [{ month: 6, day: 29 }],
  });
  const deadlineOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('practices')
        .select('expected_deadline')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).expected_deadline;

  it('move by its working days when it is announced, and back when it is taken back before it begins', async () => {
    const before = await calendarNow();
    const submitted = async (day: string, status: 'unassigned' | 'published', isUrgent = false) =>
      practiceIn(t.database, {
        userId: ada.id,
        status,
        isUrgent,
        createdAt: `${day}T09:00:00.000Z`,
        deadline: deadlineFrom(day, isUrgent, before),
      });
    const open = await submitted('2025-09-01', 'unassigned');
    const urgent = await submitted('2025-09-22', 'unassigned', true);
    const published = await submitted('2025-09-01', 'published');
    // Its deadline (early October) comes before the closure: the closure takes none of its days.
    const earlier = await submitted('2025-07-07', 'unassigned');
    const deadlines = async () => Promise.all([open, urgent, published, earlier].map((id) => deadlineOf(id)));
    const original = await deadlines();
    expect(original[0]! > AUTUMN.ends_on).toBe(true);

    const created = await call('POST', '/staff/closures', admin, AUTUMN);
    expect(created.statusCode).toBe(201);
    takeBack(dataOf<Period>(created).id);
    await t.worker.drainOnce();
    const during = await calendarNow();
    const [openNow, urgentNow, publishedNow, earlierNow] = await deadlines();
    // Five working days later, as if the closure had been known on the day they were submitted.
    expect(openNow).toBe(deadlineFrom('2025-09-01', false, during));
    expect(openNow).not.toBe(original[0]);
    expect(urgentNow).toBe(deadlineFrom('2025-09-22', true, during));
    expect(urgentNow).not.toBe(original[1]);
    // A statement issued keeps the deadline it was issued by; an earlier deadline is untouched.
    expect(publishedNow).toBe(original[2]);
    expect(earlierNow).toBe(original[3]);

    const id = dataOf<Period>(created).id;
    expect((await call('DELETE', `/staff/closures/${id}`, admin)).statusCode).toBe(204);
    await t.worker.drainOnce();
    expect(await deadlines()).toEqual(original);
  });
});

describe('periods stored ending after the last day, before such an end was refused (decision 083)', () => {
  const PERIOD_END_MIGRATION = '2026-12-06-116-calendar-periods-by-the-last-day';
  const FOR_EVER = {
    kind: 'closure' as const,
    starts_on: '2025-02-03',
    ends_on: '9999-12-31',
    announce_from: '2025-01-20',
    notice_en_us: 'Closed.',
    notice_it_it: 'Chiuso.',
  };
  const BEYOND = { ...FOR_EVER, starts_on: '9999-12-30', announce_from: null };
  const SUSPENDED = {
    ...FOR_EVER,
    kind: 'return_delivery_suspension' as const,
    starts_on: '2025-04-07',
    announce_from: null,
    notice_en_us: null,
    notice_it_it: null,
  };

  it('leave the closures listed and the deadlines counted, and migration 116 ends them on 9998-12-31', async () => {
    const db = t.database.db;
    const inserted = await db
      .insertInto('closures')
      .values([FOR_EVER, BEYOND, SUSPENDED])
      .returning('id')
      .execute();
    for (const { id } of inserted) takeBack(id);
    // From Monday 2 December 2024: 9 working days before the closure of spec §9, 15 between it and
    // this one, which the calendar counts through 9998-12-31; then from Monday 4 January 9999 (1
    // and 6 January are holidays), 36 more: Tuesday 23 February 9999.
    const deadline = '9999-02-23';
    const practiceId = await practiceIn(t.database, {
      userId: ada.id,
      status: 'unassigned',
      createdAt: '2024-12-02T09:00:00.000Z',
      deadline,
    });
    const readable = async (resumesOn: string, endsOn: string) => {
      const closures = await call('GET', '/staff/closures', eva);
      expect(closures.statusCode).toBe(200);
      expect(dataOf<Period[]>(closures).find((row) => row.starts_on === FOR_EVER.starts_on)).toMatchObject({
        ends_on: endsOn,
        resumes_on: resumesOn,
      });
      const discovery = await call('GET', '/services/discovery?country=BR&level=higher');
      expect(discovery.statusCode).toBe(200);
      expect(dataOf<{ service: { expected_deadline: string } }>(discovery).service.expected_deadline).toBe(
        deadline,
      );
      const practices = await call('GET', '/practices', ada);
      expect(practices.statusCode).toBe(200);
      expect(
        dataOf<{ id: number; days_to_go: number }[]>(practices).find((row) => row.id === practiceId)
          ?.days_to_go,
      ).toBe(60);
      expect((await call('GET', '/staff/dashboard', secretary)).statusCode).toBe(200);
      expect((await call('GET', SUSPENSIONS, eva)).statusCode).toBe(200);
    };
    // Listed as stored; the day service resumes is looked for up to 9999-12-31, the last there is.
    await readable('9999-12-31', '9999-12-31');

    const before = await calendarChanges();
    await migrations[PERIOD_END_MIGRATION]?.up(db);
    const periods = await db
      .selectFrom('closures')
      .select(['kind', 'starts_on', 'ends_on'])
      .where('ends_on', '>=', '9998-12-31')
      .orderBy('kind')
      .execute();
    expect(periods).toEqual([
      { kind: 'closure', starts_on: FOR_EVER.starts_on, ends_on: '9998-12-31' },
      { kind: 'return_delivery_suspension', starts_on: SUSPENDED.starts_on, ends_on: '9998-12-31' },
    ]);
    const audit = (await calendarChanges()).slice(before.length);
    expect(audit).toHaveLength(3);
    expect(audit).toContainEqual({
      key: 'calendar.closure',
      value_before: expect.stringContaining('"starts_on":"9999-12-30"'),
      value_after: 'null',
      changed_by: null,
    });
    expect(audit).toContainEqual({
      key: 'calendar.return_delivery_suspension',
      value_before: expect.stringContaining('"ends_on":"9999-12-31"'),
      value_after: expect.stringContaining('"ends_on":"9998-12-31"'),
      changed_by: null,
    });
    await readable('9999-01-04', '9998-12-31');
  });
});
