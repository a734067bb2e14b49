import { AUDIT_PAGE_SIZE } from '@lisbon/domain';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { abilitiesFor } from '@lisbon/domain';
import { createContext } from '../src/app';
import { listHistoryRows } from '../src/modules/practices/repository';
import { getStaffPractice } from '../src/modules/staff/workspace.service';
import { ManualClock } from '../src/platform/clock';
import type { Db } from '../src/platform/db/database';
import { testConfig, useTestApp } from './helper';
import { apiCall, dataOf, type Applicant } from './requests';
import { auditOf, practiceIn, type StaffMember } from './staff';

// A request's audit trail grows with every document its applicant replaces (20 uploads a minute):
// the workspace carries its newest page, GET …/history pages the rest, and what the workspace and
// the four-eyes rule read of the trail comes whole, however long it is.

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let secretary: StaffMember;
let eva: StaffMember;
let ezio: StaffMember;
let rita: StaffMember;
let admin: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org' });
  ezio = await t.staff('evaluator', { email: 'ezio@example.org' });
  rita = await t.staff('reviewer', { email: 'rita@example.org' });
  admin = await t.staff('admin', { email: 'admin@example.org' });
});

type Entry = { id: number; action: string; note: string | null; by: { id: number } | null };
type Workspace = {
  status: string;
  history: Entry[];
  has_older_history: boolean;
  sent_back: Entry | null;
  applicant_answered: boolean;
  has_evaluation_started: boolean;
  available_actions: { action: string }[];
};
type Page = { entries: Entry[]; has_older: boolean };

/** `count` replacements of the applicant's diploma, as the upload leaves them in the trail, a second apart. */
async function replaceDocuments(id: number, count: number) {
  const { status } = await t.database.db
    .selectFrom('practices')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const start = Date.parse(clock.now().toISOString());
  for (let index = 0; index < count; index += 1) {
    await t.database.db
      .insertInto('practice_status_history')
      .values({
        practice_id: id,
        from_status: status,
        to_status: status,
        by_user_id: ada.id,
        action: 'document_replaced',
        details: JSON.stringify({
          type: 'diploma',
          file_name: `v${index}.pdf`,
          new_file_name: `v${index + 1}.pdf`,
        }),
        at: new Date(start + (index + 1) * 1000).toISOString(),
      })
      .execute();
  }
  clock.advance({ seconds: count + 1 });
}

const workspaceOf = async (id: number, who: StaffMember) => {
  const response = await call('GET', `/staff/practices/${id}`, who);
  expect(response.statusCode).toBe(200);
  return dataOf<Workspace>(response);
};
const move = (id: number, who: StaffMember, payload: object) =>
  call('POST', `/staff/practices/${id}/transitions`, who, payload);

/** Each query's SQL, as the database's dialect writes it, in the order they are made. */
class SqlRecorder implements KyselyPlugin {
  readonly sql: string[] = [];
  constructor(private readonly db: Db) {}
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    this.sql.push(this.db.getExecutor().compileQuery(node, queryId).sql);
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs) {
    return Promise.resolve(result);
  }
}

describe('the audit trail of the request workspace', () => {
  it('is all the workspace reads of the trail: the applicant’s status timeline is not read', async () => {
    const id = await practiceIn(t.database, { userId: ada.id, status: 'in_evaluation', assigneeId: eva.id });
    const recorder = new SqlRecorder(t.database.db);
    const recorded = t.database.db.withPlugin(recorder);
    // The query of the applicant's timeline, as the request's page (GET /practices/{id}) makes it.
    await listHistoryRows(recorded, id);
    const [timeline] = recorder.sql.splice(0);
    expect(timeline).toContain('practice_status_history');

    const ctx = createContext({ config: testConfig(t.database), db: recorded, clock });
    const evaluator = {
      id: eva.id,
      email: 'eva@example.org',
      role: 'evaluator',
      category: 'standard',
      locale: 'en-US',
      abilities: abilitiesFor('evaluator'),
      isTwoFactorEnabled: false,
    } as const;
    expect(await getStaffPractice(ctx, evaluator, id)).toMatchObject({ id, status: 'in_evaluation' });
    expect(recorder.sql.some((query) => query.includes('practice_status_history'))).toBe(true);
    expect(recorder.sql).not.toContain(timeline);
  });

  it('carries the newest page, and pages the older entries before an entry', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: eva.id,
      reviewerId: rita.id,
    });
    await replaceDocuments(id, 2 * AUDIT_PAGE_SIZE + 7);
    const trail = (await auditOf(t.database, id)).map((entry) => entry.id);

    const workspace = await workspaceOf(id, eva);
    expect(workspace.history.map((entry) => entry.id)).toEqual(trail.slice(-AUDIT_PAGE_SIZE));
    expect(workspace.has_older_history).toBe(true);

    const pages: Page[] = [];
    let before = workspace.history[0]!.id;
    for (;;) {
      const response = await call('GET', `/staff/practices/${id}/history?before=${before}`, ezio);
      expect(response.statusCode).toBe(200);
      const page = dataOf<Page>(response);
      pages.unshift(page);
      if (!page.has_older) break;
      before = page.entries[0]!.id;
    }
    expect(pages.map((page) => page.entries.length)).toEqual([7, AUDIT_PAGE_SIZE]);
    const older = pages.flatMap((page) => page.entries.map((entry) => entry.id));
    expect([...older, ...workspace.history.map((entry) => entry.id)]).toEqual(trail);

    // Without `before`, the newest; `limit` fewer.
    const newest = dataOf<Page>(await call('GET', `/staff/practices/${id}/history?limit=3`, eva));
    expect(newest).toMatchObject({ has_older: true });
    expect(newest.entries.map((entry) => entry.id)).toEqual(trail.slice(-3));
  });

  it('refuses a page before an entry of another request, or of a size it does not give (422), and anyone but staff', async () => {
    const id = await practiceIn(t.database, { userId: ada.id, status: 'in_evaluation', assigneeId: eva.id });
    const other = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: eva.id,
    });
    await replaceDocuments(other, 1);
    const [foreign] = await auditOf(t.database, other);
    const refused = await call('GET', `/staff/practices/${id}/history?before=${foreign!.id}`, eva);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { before: [expect.any(String)] },
    });
    for (const query of ['limit=0', `limit=${AUDIT_PAGE_SIZE + 1}`, 'before=x', 'before=0x1']) {
      const response = await call('GET', `/staff/practices/${id}/history?${query}`, eva);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await call('GET', `/staff/practices/${id}/history`, ada)).statusCode).toBe(403);
    expect((await call('GET', '/staff/practices/99999/history', eva)).statusCode).toBe(404);
    expect(dataOf<Page>(await call('GET', `/staff/practices/${id}/history`, eva))).toEqual({
      entries: [],
      has_older: false,
    });
  });

  it('keeps the send-back, the evaluation started and who evaluated it, however far down the trail they are', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'assigned',
      assigneeId: admin.id,
      reviewerId: rita.id,
      isAssessed: true,
    });
    expect((await move(id, admin, { action: 'start' })).statusCode).toBe(200);
    expect((await move(id, admin, { action: 'send_in_review' })).statusCode).toBe(200);
    expect(
      (await move(id, rita, { action: 'send_back', note: 'The transcript is missing.' })).statusCode,
    ).toBe(200);
    await replaceDocuments(id, AUDIT_PAGE_SIZE + 5);

    const workspace = await workspaceOf(id, admin);
    expect(workspace.history.map((entry) => entry.action)).not.toContain('send_back');
    expect(workspace).toMatchObject({
      status: 'in_evaluation',
      has_older_history: true,
      has_evaluation_started: true,
      sent_back: { action: 'send_back', note: 'The transcript is missing.', by: { id: rita.id } },
      applicant_answered: false,
    });
    // Four eyes: the administrator evaluated it, long before the newest page: refused as its reviewer.
    const reassigned = await call('POST', '/staff/practices/assign', secretary, {
      practice_ids: [id],
      evaluator_id: ezio.id,
      reviewer_id: admin.id,
    });
    expect(reassigned.statusCode).toBe(422);
    expect(reassigned.json()).toMatchObject({
      errors: { reviewer_id: ['Whoever evaluated this request cannot review it'] },
    });

    // In review again, nor does it review it: its reviewer does.
    expect((await move(id, admin, { action: 'send_in_review' })).statusCode).toBe(200);
    expect((await workspaceOf(id, admin)).available_actions.map((action) => action.action)).not.toContain(
      'conclude_review',
    );
    const reviewing = await workspaceOf(id, rita);
    expect(reviewing.available_actions.map((action) => action.action)).toContain('conclude_review');
    // The send-back is no longer its status's: none said.
    expect(reviewing.sent_back).toBeNull();
  });

  it('says the applicant answered, however many documents they replaced since', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: eva.id,
      reviewerId: rita.id,
    });
    expect(
      (await move(id, eva, { action: 'ask_applicant', message: 'Please send your transcript.' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/practices/${id}/reply`, ada, { message: 'Sent.' })).statusCode).toBe(200);
    await replaceDocuments(id, AUDIT_PAGE_SIZE + 5);
    const workspace = await workspaceOf(id, eva);
    expect(workspace.history.map((entry) => entry.action)).not.toContain('reply');
    expect(workspace).toMatchObject({
      applicant_answered: true,
      has_evaluation_started: false,
      sent_back: null,
    });
    // The evaluator acts: no longer said.
    expect(
      (await call('POST', `/staff/practices/${id}/file-check`, eva, { notes: 'Readable' })).statusCode,
    ).toBe(200);
    expect((await workspaceOf(id, eva)).applicant_answered).toBe(false);
  });
});
