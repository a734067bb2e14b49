import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { apiCall, dataOf, type Applicant } from './requests';
import { practiceIn, type StaffMember } from './staff';

// The evaluator's sign that the applicant answered their question (stop 77): on the queue's row
// from the reply until the evaluator's next act on the request.

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let evaluator: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  evaluator = await t.staff('evaluator', { email: 'eva@example.org' });
});

const move = (id: number, payload: object) =>
  call('POST', `/staff/practices/${id}/transitions`, evaluator, payload);

/** Each of the evaluator's requests in their queue, by id: whether it says the applicant answered. */
async function answered(): Promise<Record<number, boolean>> {
  const response = await call('GET', '/staff/practices?queue=assigned', evaluator);
  expect(response.statusCode).toBe(200);
  const rows = dataOf<{ id: number; applicant_answered: boolean }[]>(response);
  return Object.fromEntries(rows.map((row) => [row.id, row.applicant_answered]));
}

describe('the queue row of a request the applicant answered', () => {
  it('says so from the reply until the evaluator acts: a saved change, or a move', async () => {
    const [checked, askedAgain, untouched] = await Promise.all(
      [1, 2, 3].map(() =>
        practiceIn(t.database, { userId: ada.id, status: 'in_evaluation', assigneeId: evaluator.id }),
      ),
    );
    const ids = [checked!, askedAgain!, untouched!];
    for (const id of ids) {
      expect(
        (await move(id, { action: 'ask_applicant', message: 'Please send your transcript.' })).statusCode,
      ).toBe(200);
    }
    expect(await answered()).toEqual({ [checked!]: false, [askedAgain!]: false, [untouched!]: false });

    for (const id of ids) {
      expect(
        (await call('POST', `/practices/${id}/reply`, ada, { message: 'Sent by post.' })).statusCode,
      ).toBe(200);
    }
    expect(await answered()).toEqual({ [checked!]: true, [askedAgain!]: true, [untouched!]: true });

    // Opening the request is not acting on it.
    expect((await call('GET', `/staff/practices/${checked}`, evaluator)).statusCode).toBe(200);
    expect((await answered())[checked!]).toBe(true);

    const fileCheck = await call('POST', `/staff/practices/${checked}/file-check`, evaluator, {
      notes: 'Readable',
    });
    expect(fileCheck.statusCode).toBe(200);
    expect(
      (await move(askedAgain!, { action: 'ask_applicant', message: 'And the diploma?' })).statusCode,
    ).toBe(200);
    expect(await answered()).toEqual({ [checked!]: false, [askedAgain!]: false, [untouched!]: true });

    // Answered again: said again.
    expect(
      (await call('POST', `/practices/${askedAgain}/reply`, ada, { message: 'Sent too.' })).statusCode,
    ).toBe(200);
    expect((await answered())[askedAgain!]).toBe(true);
  });
});
