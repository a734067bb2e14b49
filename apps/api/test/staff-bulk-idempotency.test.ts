import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../src/platform/clock';
import { purgeExpiredIdempotencyKeys, runOnce } from '../src/platform/http/idempotency';
import { useTestApp } from './helper';
import { bearer } from './identity';
import type { Applicant } from './requests';
import { practiceIn, queuedMails, type StaffMember } from './staff';

// Decision 071, amended 2026-12-07: a message to several applicants sent again with the same
// Idempotency-Key (its answer lost, a double click, the browser retrying) is sent once.

const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let secretary: StaffMember;
let other: StaffMember;
let practiceId: number;

const t = useTestApp({ clock });
beforeAll(async () => {
  ada = await t.applicant({ email: 'ada@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  other = await t.staff('admin', { email: 'other@example.org' });
  practiceId = await practiceIn(t.database, { userId: ada.id, status: 'in_evaluation' });
}, 60_000);

const send = (key: string, message: string, who: StaffMember = secretary, locale = 'en-US') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/practices/messages',
    headers: { ...bearer(who.token), 'idempotency-key': key, 'accept-language': locale },
    payload: { practice_ids: [practiceId], message },
  });

const sentToAda = async (message: string) => ({
  thread: (
    await t.database.db
      .selectFrom('practice_messages')
      .select('id')
      .where('practice_id', '=', practiceId)
      .where('body', '=', message)
      .execute()
  ).length,
  mails: (await queuedMails(t.database, 'ada@example.org')).filter((mail) => mail.text.includes(message))
    .length,
});

describe('a message to several applicants sent again with the same Idempotency-Key', () => {
  it('is sent once, and the retry gets the first answer', async () => {
    const message = 'The office is closed on Friday.';
    const first = await send('"4f0c1a52-0b7e-4d2e-9a51-3c1d2b0e7a01"', message);
    const retry = await send('"4f0c1a52-0b7e-4d2e-9a51-3c1d2b0e7a01"', message);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await sentToAda(message)).toEqual({ thread: 1, mails: 1 });
  });

  it('is refused with another body, in the caller’s language, and sends nothing', async () => {
    const key = '0b1e6c7d-3f4a-4c1b-8e2d-5a6b7c8d9e02';
    expect((await send(key, 'The office is closed on Monday.')).statusCode).toBe(200);
    const changed = await send(key, 'The office is closed on Tuesday.', secretary, 'it-IT');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('Questo invio ripete uno precedente'),
    });
    expect(await sentToAda('The office is closed on Tuesday.')).toEqual({ thread: 0, mails: 0 });
  });

  it('sends once when two retries race', async () => {
    const message = 'The office is closed on Wednesday.';
    const key = '7c2d9e10-5b3a-4e8f-a1c2-d3e4f5a6b703';
    const answers = await Promise.all([send(key, message), send(key, message), send(key, message)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await sentToAda(message)).toEqual({ thread: 1, mails: 1 });
  });

  it('is per staff account: another member’s send with the same key is their own', async () => {
    const message = 'The office is closed on Thursday.';
    const key = 'a1b2c3d4-0000-4000-8000-000000000004';
    expect((await send(key, message)).statusCode).toBe(200);
    expect((await send(key, message, other)).statusCode).toBe(200);
    expect(await sentToAda(message)).toEqual({ thread: 2, mails: 2 });
  });

  it('sends again once the key has expired and its row was cleaned up', async () => {
    const message = 'The office is closed on Saturday.';
    const key = 'e5f6a7b8-0000-4000-8000-000000000005';
    expect((await send(key, message)).statusCode).toBe(200);
    // A day and a second later for the housekeeping alone: the sessions of the test stay open.
    const dayLater = { now: () => new Date('2025-03-04T09:00:01Z') };
    expect(
      (await purgeExpiredIdempotencyKeys({ db: t.database.db, securityClock: dayLater })).removed,
    ).toBeGreaterThan(0);
    expect((await send(key, message)).statusCode).toBe(200);
    expect(await sentToAda(message)).toEqual({ thread: 2, mails: 2 });
  });

  it('runs a send again with a key past its 24 hours, its row not yet cleaned up', async () => {
    const runs: string[] = [];
    const once = (at: string) =>
      runOnce(
        { db: t.database.db, securityClock: { now: () => new Date(at) } },
        {
          userId: secretary.id,
          key: 'f0e1d2c3-0000-4000-8000-000000000006',
          scope: 'test',
          body: {},
          answer: z.string(),
        },
        async () => {
          runs.push(at);
          return at;
        },
      );
    expect(await once('2025-03-03T10:00:00Z')).toBe('2025-03-03T10:00:00Z');
    expect(await once('2025-03-04T09:59:59Z')).toBe('2025-03-03T10:00:00Z');
    expect(await once('2025-03-04T10:00:00Z')).toBe('2025-03-04T10:00:00Z');
    expect(runs).toEqual(['2025-03-03T10:00:00Z', '2025-03-04T10:00:00Z']);
  });

  it('refuses a key that is not an Idempotency-Key with the field named', async () => {
    const response = await send('"not closed', 'The office is closed on Sunday.');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['idempotency-key']);
  });

  it('is documented as a header of the route in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Parameter = { name: string; in: string; required?: boolean; description?: string };
    const route = response.json<{ paths: Record<string, { post?: { parameters?: Parameter[] } }> }>().paths[
      '/api/v1/staff/practices/messages'
    ];
    expect(route?.post?.parameters).toEqual([
      expect.objectContaining({
        name: 'idempotency-key',
        in: 'header',
        required: false,
        description: expect.stringContaining('The Idempotency-Key HTTP Header Field'),
      }),
    ]);
  });
});
