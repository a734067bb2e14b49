import type { StaffSearchResult } from '@lisbon/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { RECENT_WINDOW } from '../src/modules/staff/search.repository';
import { useTestApp } from './helper';
import {
  apiCall,
  completeDraft,
  dataOf,
  QUALIFICATION as DRAFT_QUALIFICATION,
  REFUGEE_DOCUMENTS,
  type Applicant,
} from './requests';
import { practiceIn, type StaffMember } from './staff';

// Decision 069: one box finds a request by number, applicant (names in any order, accents
// ignored), email, tax ID, qualification, institution and country, on both databases.

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2024-12-10T09:00:00Z');
let zoe: Applicant;
let bob: Applicant;
let evaluator: StaffMember;
const ids = {} as Record<'zoe' | 'zoeOld' | 'bob' | 'draft', number>;

const QUALIFICATION = {
  institution_name: 'Universidade de São Paulo',
  institution_country: 'BR',
  diploma_last_name: 'Mueller-Schmidt',
};

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  zoe = await t.applicant({ email: 'zoe.mueller@example.org', firstName: 'Zoë' });
  bob = await t.applicant({ email: 'bob@example.org', firstName: 'Bob' });
  evaluator = await t.staff('evaluator', { email: 'eva@example.org' });
  ids.zoeOld = await practiceIn(t.database, {
    userId: zoe.id,
    status: 'published',
    qualificationName: 'Licence de biologie',
    country: 'FR',
  });
  // Zoë's surname and tax ID as she writes them in her account: the search follows (her older request
  // is final, so her names are hers to change; one in evaluation would hold them, decision 105).
  const updated = await call('PATCH', `/users/${zoe.id}`, zoe, {
    last_name: 'Müller',
    tax_id: 'RSSMRA80A01H501U',
  });
  expect(updated.statusCode).toBe(200);
  ids.zoe = await practiceIn(t.database, {
    userId: zoe.id,
    status: 'in_evaluation',
    qualificationName: 'Bacharel em Ciências Biológicas',
    qualification: QUALIFICATION,
    country: 'BR',
  });
  ids.bob = await practiceIn(t.database, {
    userId: bob.id,
    status: 'unassigned',
    qualificationName: 'Master of Engineering',
    country: 'IN',
  });
  ids.draft = await practiceIn(t.database, {
    userId: bob.id,
    status: 'draft',
    qualificationName: 'Hidden Draft',
  });
}, 60_000);

const search = async (q: string, limit?: number) => {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await call('GET', `/staff/search?${query}`, evaluator);
  expect(response.statusCode).toBe(200);
  return dataOf<StaffSearchResult[]>(response);
};
const idsOf = async (q: string) => (await search(q)).map((result) => result.id);

describe('staff search', () => {
  it('finds the applicant by names in any order, with or without accents, newest request first', async () => {
    expect(await idsOf('Zoë Müller')).toEqual([ids.zoe, ids.zoeOld]);
    expect(await idsOf('muller zoe')).toEqual([ids.zoe, ids.zoeOld]);
    expect(await idsOf('MÜL')).toEqual([ids.zoe, ids.zoeOld]);
    expect(await idsOf('zoe bob')).toEqual([]);
  });

  it('finds by email, tax ID, qualification, institution, country and name on the diploma', async () => {
    expect(await idsOf('zoe.mueller@exa')).toEqual([ids.zoe, ids.zoeOld]);
    expect(await idsOf('rssmra80a01')).toEqual([ids.zoe, ids.zoeOld]);
    expect(await idsOf('ciencias biologicas')).toEqual([ids.zoe]);
    expect(await idsOf('sao paulo')).toEqual([ids.zoe]);
    // Among the requests set up above: the file's other tests add Brazilian ones (practiceIn's
    // country), before this one or after it, shuffled.
    const setUp = Object.values(ids);
    expect((await idsOf('Brasile')).filter((id) => setUp.includes(id))).toEqual([ids.zoe]);
    expect(await idsOf('india engineering')).toEqual([ids.bob]);
    expect(await idsOf('schmidt')).toEqual([ids.zoe]);
  });

  it('puts the request whose number was typed first, and never shows a draft', async () => {
    const results = await search(`#${ids.bob}`);
    expect(results[0]).toMatchObject({
      id: ids.bob,
      is_id_match: true,
      status: 'unassigned',
      applicant: { first_name: 'Bob', email: 'bob@example.org' },
      qualification_name: 'Master of Engineering',
    });
    expect(await idsOf('hidden draft')).toEqual([]);
    expect(await idsOf(`#${ids.draft}`)).toEqual([]);
  });

  it('says of each result, as the queue does, whether the applicant answered a question the evaluator has not acted on', async () => {
    expect((await search('zoe')).map((result) => result.applicant_answered)).toEqual([false, false]);
    for (const [action, from, to] of [
      ['ask_applicant', 'in_evaluation', 'pending_student_reply'],
      ['reply', 'pending_student_reply', 'in_evaluation'],
    ] as const)
      await t.database.db
        .insertInto('practice_status_history')
        .values({
          practice_id: ids.zoe,
          action,
          from_status: from,
          to_status: to,
          by_user_id: zoe.id,
          at: clock.now().toISOString(),
        })
        .execute();
    expect(await search('zoe')).toMatchObject([
      { id: ids.zoe, applicant_answered: true },
      { id: ids.zoeOld, applicant_answered: false },
    ]);
  });

  it('answers from two characters, and 422 below', async () => {
    expect(await idsOf('zo')).toEqual([ids.zoe, ids.zoeOld]);
    expect((await call('GET', '/staff/search?q=z', evaluator)).statusCode).toBe(422);
    expect(await idsOf('%_')).toEqual([]);
  });

  it('finds a request by a one-digit number, as staff type it (issue 33)', async () => {
    const first = Math.min(ids.zoe, ids.zoeOld, ids.bob);
    expect(first).toBeLessThan(10);
    const results = await search(String(first));
    expect(results[0]).toMatchObject({ id: first, is_id_match: true });
    const refused = await call('GET', '/staff/search?q=z', evaluator);
    expect(refused.json()).toMatchObject({ errors: { q: ['Minimum length 2 characters'] } });
  });

  it('finds a request as soon as it is submitted, by the institution its applicant typed', async () => {
    const refugee = await t.applicant({ email: 'refugee@example.org', category: 'refugee' });
    const id = await completeDraft(t.app, refugee, {
      country: 'FR',
      documents: REFUGEE_DOCUMENTS,
    });
    // An institution of its own: the searches of Zoë's in São Paulo find hers alone, in any order of the tests.
    const coimbra = await call('PATCH', `/practices/${id}/qualification`, refugee, {
      ...DRAFT_QUALIFICATION,
      institution_name: 'Universidade de Coimbra',
      institution_city: 'Coimbra',
      institution_country: 'PT',
    });
    expect(coimbra.statusCode).toBe(200);
    expect(await idsOf('coimbra')).toEqual([]);
    expect((await call('POST', `/practices/${id}/submit`, refugee)).statusCode).toBe(200);
    expect(await idsOf('coimbra')).toEqual([id]);
  });

  it('forgets the names of a deleted account', async () => {
    const leaving = await t.applicant({ email: 'leaving@example.org', firstName: 'Ottavia' });
    await practiceIn(t.database, { userId: leaving.id, status: 'in_evaluation' });
    expect(await idsOf('ottavia')).toHaveLength(1);
    const deleted = await call('DELETE', `/users/${leaving.id}`, leaving, { email: 'leaving@example.org' });
    expect(deleted.statusCode).toBe(204);
    expect(await idsOf('ottavia')).toEqual([]);
  });

  it('is for staff only', async () => {
    expect((await call('GET', '/staff/search?q=zoe', zoe)).statusCode).toBe(403);
  });
});

describe('staff search by a name typed whole', () => {
  it('lists the requests of the applicant the query names exactly first, after the one whose number it is', async () => {
    const requestOf = async (firstName: string, lastName: string, qualificationName?: string) => {
      const applicant = await t.applicant({ firstName });
      await t.database.db
        .updateTable('users')
        .set({ last_name: lastName })
        .where('id', '=', applicant.id)
        .execute();
      return practiceIn(t.database, { userId: applicant.id, status: 'in_evaluation', qualificationName });
    };
    // Oldest first: newest first, as the search lists them otherwise, the exact names come last.
    const accented = await requestOf('Anna', 'Rössi');
    const rossi = await requestOf('Maria', 'Rossi');
    const rossini = await requestOf('Marco', 'Rossini');
    const institute = await requestOf('Luca', 'Bianchi', 'Diploma of the Istituto Rossi');
    const rossignoli = await requestOf('Maria', 'Rossignoli');

    expect(await idsOf('Rossi')).toEqual([rossi, accented, rossignoli, institute, rossini]);
    expect((await search('ROSSI', 2)).map((result) => result.id)).toEqual([rossi, accented]);
    expect(await idsOf('maria rossi')).toEqual([rossi, rossignoli]);
    expect(await idsOf('Rossi, Maria')).toEqual([rossi, rossignoli]);
    expect(await idsOf('rossin')).toEqual([rossini]);
    const byNumber = await search(String(rossignoli));
    expect(byNumber[0]).toMatchObject({ id: rossignoli, is_id_match: true });
  });
});

const COPIED = [
  'user_id',
  'status',
  'service',
  'country',
  'level',
  'is_urgent',
  'wizard_step',
  'search_text',
] as const;

/** Copies every request whose words are `text`: their number doubles. */
const doubleRequestsWith = (text: string) =>
  t.database.db
    .insertInto('practices')
    .columns(COPIED)
    .expression((eb) => eb.selectFrom('practices').select(COPIED).where('search_text', '=', text))
    .execute();

// In order under --sequence.shuffle too: Quokka's request found among older ones, then past pages of newer.
describe('staff search past the newest requests', { shuffle: false }, () => {
  // Its thousands of newer requests go once it ends: a search by a word as common as a country's
  // name reads the newest alone, and would miss the file's first requests in the tests run after it.
  let newestBefore = 0;
  beforeAll(async () => {
    const newest = await t.database.db
      .selectFrom('practices')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    newestBefore = newest?.id ?? 0;
  });
  afterAll(async () => {
    await t.database.db.deleteFrom('practices').where('id', '>', newestBefore).execute();
  });

  it('finds a rare word among older requests, and a common one among the newest, newest first', async () => {
    // More requests than the first look reads on PostgreSQL: the rare ones are older than all of them,
    // an applicant named Quokka's the oldest, listed first all the same as the query names her.
    const quokka = await t.applicant({ firstName: 'Quinta' });
    await t.database.db
      .updateTable('users')
      .set({ last_name: 'Quokka' })
      .where('id', '=', quokka.id)
      .execute();
    const named = await practiceIn(t.database, { userId: quokka.id, status: 'closed' });
    const rare = await practiceIn(t.database, {
      userId: bob.id,
      status: 'published',
      qualificationName: 'Quokkaconservationstudies',
    });
    await practiceIn(t.database, { userId: bob.id, status: 'closed' });
    await t.database.db
      .updateTable('practices')
      .set({ search_text: 'filler common words' })
      .where('id', '>', rare)
      .execute();
    while ((await idsOf('filler')).length > 0 && (await countWith('filler common words')) <= RECENT_WINDOW) {
      await doubleRequestsWith('filler common words');
    }
    expect(await idsOf('quokka')).toEqual([named, rare]);
    expect(await idsOf('quokkac')).toEqual([rare]);
    // Longer than the beginnings PostgreSQL's index holds: the rest of the word is checked too.
    expect(await idsOf('quokkaconservations')).toEqual([rare]);
    expect(await idsOf('quokkaconservationx')).toEqual([]);
    const newest = await t.database.db
      .selectFrom('practices')
      .select('id')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect((await search('filler comm', 3)).map((result) => result.id)).toEqual(newest.map((row) => row.id));
  });

  it('puts an older request of the applicant named exactly first, however common the word among the newest, as its number', async () => {
    const named = (await idsOf('quokka'))[0];
    expect(named).toBeDefined();
    // The word begins words of a full page of the newest requests, none of them holding it whole.
    const common: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      common.push(
        await practiceIn(t.database, {
          userId: bob.id,
          status: 'in_evaluation',
          qualificationName: 'Diploma in the care of quokkas',
        }),
      );
    }
    const newestFirst = [...common].reverse();
    expect(await idsOf('quokka')).toEqual([named, ...newestFirst.slice(0, 7)]);
    expect((await search('QUOKKA', 3)).map((result) => result.id)).toEqual([
      named,
      ...newestFirst.slice(0, 2),
    ]);
    expect((await idsOf('Quinta Quokka'))[0]).toBe(named);
    // A word begun, not whole, names nobody: the newest requests it begins a word of.
    expect(await idsOf('quokk')).toEqual(newestFirst);
    const byNumber = await search(`#${common[0]}`);
    expect(byNumber[0]).toMatchObject({ id: common[0], is_id_match: true });
  });

  it('puts the applicant named exactly first however many requests hold the name as whole words', async () => {
    const named = (await idsOf('quokka'))[0];
    expect(named).toBeDefined();
    // Newer requests holding both names whole (a field course), more than any page: none is hers.
    const course = await practiceIn(t.database, {
      userId: bob.id,
      status: 'in_evaluation',
      qualificationName: 'Quinta Quokka field course',
    });
    const { search_text: text } = await t.database.db
      .selectFrom('practices')
      .select('search_text')
      .where('id', '=', course)
      .executeTakeFirstOrThrow();
    if (text === null) throw new Error('no words');
    while ((await countWith(text)) < 256) await doubleRequestsWith(text);
    expect((await idsOf('Quokka'))[0]).toBe(named);
    expect((await idsOf('quinta QUOKKA'))[0]).toBe(named);
    expect((await idsOf('Quokka Quinta'))[0]).toBe(named);
    // Named in part, she is not named: the newest requests holding the words come first.
    expect((await idsOf('quinta'))[0]).not.toBe(named);
  });
});

async function countWith(text: string): Promise<number> {
  const { count } = await t.database.db
    .selectFrom('practices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('search_text', '=', text)
    .executeTakeFirstOrThrow();
  return Number(count);
}
