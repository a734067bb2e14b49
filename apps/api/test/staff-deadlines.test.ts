import type { StaffPracticeSummary, StaffSearchResult } from '@lisbon/domain';
import { digestContent } from '../src/modules/staff/deadline-digest.mail';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createContext } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { queueDeadlineDigest } from '../src/modules/staff/deadline-digest.service';
import { useTestApp, createTestWorker, isPostgresRun, testConfig } from './helper';
import { readMailFiles } from './mail';
import { apiCall, dataOf, type Applicant } from './requests';
import { practiceIn, type StaffMember } from './staff';

// Decision 070: every open request is late, at risk (10 working days or fewer by default) or on
// time, by the working days the applicant sees (holidays and closures excluded); queues filter by
// it; evaluators and the office are mailed their requests late or at risk once a day.

let call: ReturnType<typeof apiCall>;
// Friday 13 December 2024, 09:00 in Rome; the office closes from Monday 16 December to 12 January.
const START = '2024-12-13T08:00:00Z';
const clock = new ManualClock(START);
let ada: Applicant;
let secretary: StaffMember;
let eva: StaffMember;
let ezio: StaffMember;
const ids = {} as Record<
  'late' | 'today' | 'afterClosure' | 'edge' | 'onTime' | 'ezios' | 'closed' | 'none',
  number
>;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  // The seeds hold the closure of spec §9: 16 December 2024 to 12 January 2025.
  ada = await t.applicant({ email: 'ada@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org', firstName: 'Eva' });
  ezio = await t.staff('evaluator', { email: 'ezio@example.org', firstName: 'Ezio' });
  // An evaluator with nothing late or at risk: no mail.
  await t.staff('evaluator', { email: 'idle@example.org' });
  await t.database.db.updateTable('users').set({ locale: 'it-IT' }).where('id', '=', ezio.id).execute();
  const evas = { userId: ada.id, status: 'in_evaluation', assigneeId: eva.id } as const;
  // Thursday 12 December: a working day has passed since (today).
  ids.late = await practiceIn(t.database, { ...evas, deadline: '2024-12-12' });
  ids.today = await practiceIn(t.database, { ...evas, deadline: '2024-12-13' });
  // During the closure: no working day lies between today and it, so it is due as if today.
  ids.afterClosure = await practiceIn(t.database, { ...evas, deadline: '2025-01-08' });
  // The 10th working day after today is Friday 24 January, the 11th Monday 27 January.
  ids.edge = await practiceIn(t.database, { ...evas, deadline: '2025-01-26' });
  ids.onTime = await practiceIn(t.database, { ...evas, deadline: '2025-01-27' });
  ids.ezios = await practiceIn(t.database, {
    userId: ada.id,
    status: 'in_review',
    assigneeId: ezio.id,
    deadline: '2024-12-02',
  });
  ids.closed = await practiceIn(t.database, { userId: ada.id, status: 'closed', deadline: '2024-12-01' });
  ids.none = await practiceIn(t.database, { userId: ada.id, status: 'unassigned', deadline: null });
}, 60_000);

const queue = async (who: StaffMember, query: string) => {
  const response = await call('GET', `/staff/practices?${query}`, who);
  expect(response.statusCode).toBe(200);
  return dataOf<StaffPracticeSummary[]>(response);
};

describe('deadlines in the queues', () => {
  it('flags each open request by its working days left, across the closure and the holidays', async () => {
    const rows = await queue(secretary, 'queue=all&perPage=50');
    const flags = Object.fromEntries(rows.map((row) => [row.id, [row.deadline_flag, row.days_to_go]]));
    expect(flags).toEqual({
      [ids.ezios]: ['late', -9],
      [ids.late]: ['late', -1],
      [ids.today]: ['at_risk', 0],
      [ids.afterClosure]: ['at_risk', 0],
      [ids.edge]: ['at_risk', 10],
      [ids.onTime]: ['on_time', 11],
      [ids.closed]: [null, null],
      [ids.none]: [null, null],
    });
  });

  it('flags each search result as its queue row, by the same rule', async () => {
    const rows = await queue(secretary, 'queue=all&perPage=50');
    const response = await call('GET', '/staff/search?q=ada%40example.org&limit=20', eva);
    expect(response.statusCode).toBe(200);
    const results = dataOf<StaffSearchResult[]>(response);
    expect(results.map((result) => result.id).sort()).toEqual(rows.map((row) => row.id).sort());
    for (const row of rows) {
      expect(results.find((result) => result.id === row.id)).toMatchObject({
        deadline_flag: row.deadline_flag,
        days_to_go: row.days_to_go,
      });
    }
    expect(results.find((result) => result.id === ids.late)).toMatchObject({
      deadline_flag: 'late',
      days_to_go: -1,
    });
    expect(results.find((result) => result.id === ids.closed)).toMatchObject({
      deadline_flag: null,
      days_to_go: null,
    });
  });

  it('filters every queue by flag, nearest deadline first', async () => {
    const idsOf = async (who: StaffMember, query: string) => (await queue(who, query)).map((row) => row.id);
    expect(await idsOf(secretary, 'deadline=late')).toEqual([ids.ezios, ids.late]);
    expect(await idsOf(secretary, 'deadline=at_risk')).toEqual([ids.today, ids.afterClosure, ids.edge]);
    expect(await idsOf(secretary, 'deadline=on_time')).toEqual([ids.onTime]);
    expect(await idsOf(eva, 'queue=assigned&deadline=late')).toEqual([ids.late]);
    expect(await idsOf(secretary, 'queue=archive&deadline=late')).toEqual([]);
    expect(await idsOf(secretary, 'deadline=late&sort=-expected_deadline')).toEqual([ids.late, ids.ezios]);
    const counted = await call('GET', '/staff/practices?deadline=at_risk', secretary);
    expect(counted.json()).toMatchObject({ meta: { total: 3 } });
  });

  it('moves the at-risk threshold with DEADLINE_AT_RISK_DAYS', async () => {
    const strict = await t.instance({ env: { DEADLINE_AT_RISK_DAYS: '1' } });
    const response = await apiCall(strict)('GET', '/staff/practices?deadline=at_risk', secretary);
    expect(dataOf<StaffPracticeSummary[]>(response).map((row) => row.id)).toEqual([
      ids.today,
      ids.afterClosure,
    ]);
  });
});

describe('the daily mail of requests late or at risk', () => {
  const digestJobs = async () =>
    t.database.db.selectFrom('jobs').select('id').where('name', '=', 'deadline-digest').execute();

  it('waits for the hour, and for a working day', async () => {
    // The digest's test asks for today's before this one or after it, shuffled: none more here.
    const before = (await digestJobs()).length;
    const early = new ManualClock('2024-12-13T05:30:00Z'); // 06:30 in Rome
    expect(
      await queueDeadlineDigest(
        createContext({ config: testConfig(t.database), db: t.database.db, clock: early }),
      ),
    ).toBe(false);
    const saturday = new ManualClock('2024-12-14T09:00:00Z');
    expect(
      await queueDeadlineDigest(
        createContext({ config: testConfig(t.database), db: t.database.db, clock: saturday }),
      ),
    ).toBe(false);
    expect(await digestJobs()).toHaveLength(before);
  });

  it('is asked for once a day however many instances ask, and mails each person once, in their language', async () => {
    // Back to 09:00 once it ends, so the sessions of the queues' tests last, before this one or after it.
    onTestFinished(() => clock.set(START));
    const second = t.database.openConnection();
    try {
      const instances = [t.database.db, second, t.database.db].map((db) =>
        createContext({ config: testConfig(t.database), db, clock }),
      );
      // Side by side on PostgreSQL; in turn on SQLite, whose instances are one process each.
      const asked: boolean[] = [];
      if (isPostgresRun) asked.push(...(await Promise.all(instances.map((ctx) => queueDeadlineDigest(ctx)))));
      else for (const ctx of instances) asked.push(await queueDeadlineDigest(ctx));
      expect(asked.filter(Boolean)).toHaveLength(1);
      expect(await digestJobs()).toHaveLength(1);
      // The job runs twice (a worker died after its mails were queued): nobody gets a second mail.
      const job = await digestJobs();
      await t.database.db
        .insertInto('jobs')
        .columns([
          'name',
          'version',
          'payload',
          'status',
          'max_attempts',
          'run_at',
          'created_at',
          'updated_at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('jobs')
            .select([
              'name',
              'version',
              'payload',
              'status',
              'max_attempts',
              'run_at',
              'created_at',
              'updated_at',
            ])
            .where('id', '=', job[0]?.id ?? 0),
        )
        .execute();
      await createTestWorker(t.database, { clock }).drainOnce();
    } finally {
      await second.destroy();
    }
    const mails = readMailFiles(t.database.tempDir).filter((mail) => mail.kind === 'deadline-digest');
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'eva@example.org',
      'ezio@example.org',
      'sec@example.org',
    ]);
    const to = (address: string) => mails.find((mail) => mail.to === address);
    expect(to('eva@example.org')?.subject).toContain('Deadlines: 1 late, 3 at risk');
    expect(to('eva@example.org')?.text).toContain(`No. ${ids.late}`);
    // The day in words, as the queues say it: "05/03/2027" would read 3 May to an American.
    expect(to('eva@example.org')?.text).toContain('late by 1 working day (deadline December 12, 2024)');
    expect(to('eva@example.org')?.text).not.toContain(`No. ${ids.onTime}`);
    expect(to('ezio@example.org')?.language).toBe('it-IT');
    expect(to('ezio@example.org')?.subject).toContain('Scadenze: 1 in ritardo, 0 a rischio');
    // None at risk is said in words, not "0 hanno".
    expect(to('ezio@example.org')?.text).toContain(
      'Delle richieste assegnate a te, 1 è in ritardo e nessuna ha 10 giorni lavorativi o meno alla scadenza',
    );
    expect(to('ezio@example.org')?.text).toMatch(
      /in ritardo di 9 giorni lavorativi \(scadenza \d{1,2} [a-z]+ \d{4}\)/,
    );
    expect(to('sec@example.org')?.subject).toContain('Deadlines: 2 late, 3 at risk');
    // Each button names the page its link opens: the office's the dashboard, an evaluator's their queue.
    expect(to('sec@example.org')?.text).toContain(
      'Open the dashboard:\nhttp://localhost:3000/staff/dashboard',
    );
    expect(to('eva@example.org')?.text).toContain(
      'Open the queue:\nhttp://localhost:3000/staff/queues/assigned',
    );
    expect(to('ezio@example.org')?.text).toContain(
      'Apri la coda:\nhttp://localhost:3000/staff/queues/assigned',
    );
    expect(to('idle@example.org')).toBeUndefined();
    // Later the same day, nothing more is asked for.
    clock.advance({ hours: 3 });
    expect(
      await queueDeadlineDigest(createContext({ config: testConfig(t.database), db: t.database.db, clock })),
    ).toBe(false);
  });
});

describe('the words of the daily mail', () => {
  it('says a count of none in words, in en-US and it-IT', () => {
    const facts = {
      firstName: 'Eva',
      scope: 'assigned' as const,
      late: 0,
      atRisk: 2,
      atRiskDays: 10,
      lines: [],
      link: 'http://localhost:3000/staff/queues/assigned',
    };
    expect(digestContent('en-US', facts).paragraphs[0]).toBe(
      'Of the requests assigned to you, none is late and 2 have 10 working days or fewer left (closures and holidays excluded).',
    );
    expect(digestContent('it-IT', facts).paragraphs[0]).toBe(
      'Delle richieste assegnate a te, nessuna è in ritardo e 2 hanno 10 giorni lavorativi o meno alla scadenza (chiusure e festività escluse).',
    );
  });
});
