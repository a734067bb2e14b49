import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { UPLOADS_PER_USER } from '../src/platform/rate-limit/cost-budget';
import { createRateLimiter } from '../src/platform/rate-limit/limiter';
import { useTestApp } from './helper';
import { pdfBombBehind } from './pdf-attacks';
import { dataOf, FILES, storedFiles, upload, type Applicant } from './requests';

/** Issue #32, the third probe's bench: uploads have a per-user budget, as renders do (decision 098). */
let looper: Applicant;
let other: Applicant;
let spender: Applicant;
const clock = new ManualClock('2026-03-02T10:00:00Z');
// The global per-session floor stays out of the way; a small decoding budget keeps the bombs quick.
const t = useTestApp({
  clock,
  env: { RATE_LIMIT_PER_MINUTE: '100000', UPLOAD_PDF_MAX_INFLATED_BYTES: String(4 * 1024 * 1024) },
});
beforeAll(async () => {
  looper = await t.applicant({ email: 'looper@example.org' });
  other = await t.applicant({ email: 'other@example.org' });
  spender = await t.applicant({ email: 'spender@example.org' });
});

const BOMB = pdfBombBehind('/FlateDecode', deflateSync(Buffer.alloc(16 * 1024 * 1024)));
const sendBomb = (who: Applicant) =>
  upload(t.app, who, { type: 'diploma' }, { name: 'bomb.pdf', content: BOMB });
const sendFile = (who: Applicant) =>
  upload(t.app, who, { type: 'consent_form' }, { name: 'consent.pdf', content: FILES.pdf });
/** Ten bombs then ten files, the twenty uploads of a minute: the statuses answered, in order. */
async function spendTwenty(who: Applicant): Promise<number[]> {
  const statuses: number[] = [];
  for (let call = 0; call < 10; call += 1) statuses.push((await sendBomb(who)).statusCode);
  for (let call = 0; call < 10; call += 1) statuses.push((await sendFile(who)).statusCode);
  return statuses;
}
const uploadsCounted = (who: Applicant) =>
  createRateLimiter({ db: t.database.db, clock }).count({ rule: UPLOADS_PER_USER, subject: String(who.id) });

describe('the upload budget', () => {
  it('counts every upload, kept or refused: past twenty a minute 429 with Retry-After, for that user only', async () => {
    const statuses = await spendTwenty(looper);
    // Bombs refused by content; the files kept, or past the limit of documents of no request, 409.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10).every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses.slice(10, 13)).toEqual([201, 201, 201]);
    const refused = await sendBomb(looper);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendFile(other)).statusCode).toBe(201);
  });

  it('once spent, refuses before the body is read: nothing decoded, stored or counted, until the window ends', async () => {
    // A user of its own spends the minute's budget here, its twenty-first upload refused, counted.
    expect((await spendTwenty(spender)).slice(10, 13)).toEqual([201, 201, 201]);
    expect((await sendBomb(spender)).statusCode).toBe(429);
    clock.advance({ seconds: 20 });
    const files = storedFiles(t.database).length;
    const kept = (
      await t.database.db.selectFrom('documents').select('id').where('user_id', '=', spender.id).execute()
    ).map((row) => row.id);
    expect(await uploadsCounted(spender)).toBe(21);
    for (let call = 0; call < 5; call += 1) {
      const refused = await sendBomb(spender);
      expect(refused.statusCode).toBe(429);
      // What is left of the window, not a new one.
      expect(Number(refused.headers['retry-after'])).toBe(40);
    }
    // A replacement is an upload too.
    const replaced = await upload(
      t.app,
      spender,
      {},
      { name: 'again.pdf', content: FILES.pdf },
      { method: 'PUT', url: `/documents/${kept[0]}` },
    );
    expect(replaced.statusCode).toBe(429);
    expect(await uploadsCounted(spender)).toBe(21);
    expect(storedFiles(t.database)).toHaveLength(files);
    clock.advance({ seconds: 41 });
    const after = await upload(
      t.app,
      spender,
      {},
      { name: 'again.pdf', content: FILES.pdf },
      { method: 'PUT', url: `/documents/${kept[0]}` },
    );
    expect(after.statusCode).toBe(200);
    expect(dataOf<{ file_name: string }>(after).file_name).toBe('again.pdf');
    expect(await uploadsCounted(spender)).toBe(1);
  });
});
