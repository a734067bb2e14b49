import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { createRateLimiter } from '../src/platform/rate-limit/limiter';
import { RENDERS_PER_USER } from '../src/platform/rate-limit/cost-budget';
import { useTestApp } from './helper';
import { bearer } from './identity';
import type { Applicant } from './requests';

/** Issue #32: documents rendered on request are rendered once and kept; renders have a per-user budget (decision 084). */
let looper: Applicant;
let other: Applicant;
let flooder: Applicant;
let setter: Applicant;
const clock = new ManualClock('2026-02-10T10:00:00Z');
/** Renders drawn in place from the sources take seconds each on a loaded 2-core machine. */
const RENDERING = 120_000;

// The global per-session floor stays out of the way: only the render budget is under test.
const t = useTestApp({ clock, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
beforeAll(async () => {
  looper = await t.applicant({ email: 'looper@example.org' });
  other = await t.applicant({ email: 'other@example.org' });
  flooder = await t.applicant({ email: 'flooder@example.org' });
  setter = await t.applicant({ email: 'setter@example.org' });
}, RENDERING);

const form = (who: Applicant) =>
  t.app.inject({ method: 'GET', url: '/api/v1/consent/form', headers: bearer(who.token) });
const rename = (who: Applicant, firstName: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${who.id}`,
    headers: bearer(who.token),
    payload: { first_name: firstName },
  });

describe('GET /consent/form', () => {
  it(
    'is rendered once and kept: the same bytes later, and thirty calls never reach the budget',
    async () => {
      const first = await form(other);
      expect(first.statusCode).toBe(200);
      clock.advance({ minutes: 5 });
      for (let call = 0; call < 30; call += 1) {
        const again = await form(other);
        expect(again.statusCode).toBe(200);
        // A new render would carry the new creation date: the kept one is the very same file.
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      }
    },
    RENDERING,
  );

  it('is rendered anew when the name on it changes', async () => {
    const before = await form(other);
    expect((await rename(other, 'Grace')).statusCode).toBe(200);
    const after = await form(other);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });

  it(
    'refuses a user past ten renders a minute with 429 and Retry-After, not anyone else',
    async () => {
      const statuses: number[] = [];
      for (let call = 0; call < 12; call += 1) {
        expect((await rename(looper, `Name${'x'.repeat(call)}`)).statusCode).toBe(200);
        statuses.push((await form(looper)).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      const refused = await form(looper);
      expect(statuses.slice(10)).toEqual([429, 429]);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await form(other)).statusCode).toBe(200);
      clock.advance({ minutes: 1, seconds: 1 });
      expect((await form(looper)).statusCode).toBe(200);
    },
    RENDERING,
  );
});

/** Renders counted in the database for the user's current window. */
const rendersCounted = (who: Applicant) =>
  createRateLimiter({ db: t.database.db, clock }).count({ rule: RENDERS_PER_USER, subject: String(who.id) });

describe('a spent render budget', () => {
  it(
    'is refused before any work: later calls answer 429 with Retry-After and count nothing more',
    async () => {
      for (let call = 0; call < 11; call += 1) {
        expect((await rename(flooder, `Flood${'y'.repeat(call)}`)).statusCode).toBe(200);
        await form(flooder);
      }
      expect(await rendersCounted(flooder)).toBe(11);
      clock.advance({ seconds: 20 });
      for (let call = 0; call < 5; call += 1) {
        expect((await rename(flooder, `Again${'z'.repeat(call)}`)).statusCode).toBe(200);
        const refused = await form(flooder);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
        // What is left of the window, not a new one.
        expect(Number(refused.headers['retry-after'])).toBe(40);
      }
      // Refused up front: neither counted nor rendered.
      expect(await rendersCounted(flooder)).toBe(11);
      expect((await form(other)).statusCode).toBe(200);
      clock.advance({ seconds: 41 });
      expect((await form(flooder)).statusCode).toBe(200);
      expect(await rendersCounted(flooder)).toBe(1);
    },
    RENDERING,
  );
});

describe('POST /auth/2fa/setup', () => {
  const setUp = (who: Applicant) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup', headers: bearer(who.token) });

  it('draws a QR code per call, under the same budget: ten a minute, then 429 with Retry-After', async () => {
    for (let call = 0; call < 10; call += 1) expect((await setUp(setter)).statusCode).toBe(200);
    const refused = await setUp(setter);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await setUp(setter)).statusCode).toBe(429);
    // Its renders are its own: another user sets up, and gets forms.
    expect((await setUp(other)).statusCode).toBe(200);
    clock.advance({ minutes: 1, seconds: 1 });
    expect((await setUp(setter)).statusCode).toBe(200);
  });
});
