import { createHash } from 'node:crypto';
import {
  SHARE_LINKS_ACTIVE_MAX,
  type CreatedShareLink,
  type ShareLink,
  type SharedStatement,
} from '@lisbon/domain';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SHARE_LINK_RULE } from '../src/modules/share-links/routes';
import { ManualClock } from '../src/platform/clock';
import { createRateLimiter } from '../src/platform/rate-limit/limiter';
import { isPostgresRun, useTestApp } from './helper';
import { holdRow } from './locks';
import { bearer } from './identity';
import { dataOf, type Applicant } from './requests';
import { type StaffMember } from './staff';
import { publishMove, publishOne, readyForIssue, sha256Of, verifyUpload } from './statements';

const clock = new ManualClock('2026-02-10T10:00:00Z');
let admin: StaffMember;
let owner: Applicant;
let stranger: Applicant;
let practiceId: number;
let certificateId: string;
let original: Buffer;

const t = useTestApp({ clock });
beforeAll(async () => {
  admin = await t.staff('admin', { email: 'admin@example.org' });
  owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
  stranger = await t.applicant({ email: 'stranger@example.org', firstName: 'Maria' });
  practiceId = await readyForIssue(t.database, owner);
  const published = await publishOne(t.app, t.worker, { admin, owner, practiceId });
  certificateId = published.statement.certificate_id;
  original = published.pdf;
});

const links = (who: Applicant, id = practiceId) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/practices/${id}/statement/share-links`,
    headers: bearer(who.token),
  });
const create = (who: Applicant, payload: object, id = practiceId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/practices/${id}/statement/share-links`,
    headers: bearer(who.token),
    payload,
  });
const revoke = (who: Applicant, linkId: number, id = practiceId) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/practices/${id}/statement/share-links/${linkId}`,
    headers: bearer(who.token),
  });
/** Revokes every link of `who` still working, so that a test starts with room for new ones. */
const revokeAll = async (who: Applicant) => {
  for (const link of dataOf<ShareLink[]>(await links(who))) {
    if (link.state === 'active') expect((await revoke(who, link.id)).statusCode).toBe(200);
  }
};

/** What a test of the caps leaves: no working link and the hour's limit untouched, in any order of the tests. */
const leaveNoLinks = async () => {
  await revokeAll(owner);
  await createRateLimiter({ db: t.database.db, clock }).reset([
    { rule: SHARE_LINK_RULE, subject: String(owner.id) },
  ]);
};
const tokenOf = (link: CreatedShareLink) => link.url.split('/verify/shared/')[1] ?? '';
const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}` });
const openPdf = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}/pdf` });

describe('share links', () => {
  it('opens the statement’s verification facts and its PDF to anyone with the link, nothing more', async () => {
    const made = await create(owner, {});
    expect(made.statusCode).toBe(201);
    const link = dataOf<CreatedShareLink>(made);
    expect(link).toMatchObject({ state: 'active', expires_on: null, revoked_at: null });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/verify\/shared\/[A-Za-z0-9_-]{43}$/);

    // Stored hashed: the table holds the token's SHA-256, never the token.
    const token = tokenOf(link);
    const rows = await t.database.db.selectFrom('statement_share_links').selectAll().execute();
    expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    const shared = dataOf<SharedStatement>(opened);
    expect(shared).toMatchObject({
      certificate_id: certificateId,
      state: 'published',
      qualification_name: 'Bacharel em Ciências Biológicas',
      published_at: clock.now().toISOString(),
      holder_name: 'M**** L*******',
      has_pdf: true,
      expires_on: null,
    });
    expect(shared.transaction_hash).toMatch(/^[0-9a-f]{64}$/);
    // No other personal data: no birth date, no full name, no e-mail.
    expect(opened.body).not.toContain('Lovelace');
    // The whole birth date, in any form: a random hash may hold "1990" by chance.
    for (const birthDate of ['1990-12-10', '10/12/1990', '12/10/1990'])
      expect(opened.body).not.toContain(birthDate);
    expect(opened.body).not.toContain('maria@example.org');

    const pdf = await openPdf(token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(sha256Of(pdf.rawPayload)).toBe(sha256Of(original));
    expect(dataOf(await verifyUpload(t.app, certificateId, pdf.rawPayload))).toMatchObject({
      result: 'valid',
    });
  });

  it('lists the owner’s links and revokes one, which then says so plainly', async () => {
    const link = dataOf<CreatedShareLink>(await create(owner, { expires_on: '2026-03-31' }));
    expect(link.expires_on).toBe('2026-03-31');
    const listed = dataOf<ShareLink[]>(await links(owner));
    expect(listed[0]).toEqual({
      id: link.id,
      state: 'active',
      expires_on: '2026-03-31',
      created_at: link.created_at,
      revoked_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(tokenOf(link));

    const revoked = await revoke(owner, link.id);
    expect(revoked.statusCode).toBe(200);
    expect(dataOf(revoked)).toMatchObject({ id: link.id, state: 'revoked' });
    const gone = await open(tokenOf(link));
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      code: 'SHARE_LINK_REVOKED',
      message: 'This link to the statement has been revoked by its holder.',
    });
    expect((await openPdf(tokenOf(link))).statusCode).toBe(410);
    expect(dataOf<ShareLink[]>(await links(owner)).find((item) => item.id === link.id)?.state).toBe(
      'revoked',
    );
  });

  it('works through its last day and says it has expired after', async () => {
    const link = dataOf<CreatedShareLink>(await create(owner, { expires_on: '2026-02-11' }));
    clock.set('2026-02-11T23:30:00Z');
    expect((await open(tokenOf(link))).statusCode).toBe(200);
    clock.set('2026-02-12T00:00:01Z');
    const expired = await open(tokenOf(link));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'SHARE_LINK_EXPIRED' });
    expect((await openPdf(tokenOf(link))).statusCode).toBe(410);
    // Back to the day the sessions of this file live in (a jump of days ends them).
    clock.set('2026-02-10T10:00:00Z');
    expect((await open(tokenOf(link))).statusCode).toBe(200);
  });

  it('refuses an expiry in the past or beyond a year, and anything but a date', async () => {
    const past = await create(owner, { expires_on: '2026-02-09' });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ errors: { expires_on: ['The date must be today or later'] } });
    const far = await create(owner, { expires_on: '2027-03-01' });
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ errors: { expires_on: expect.any(Array) } });
    expect((await create(owner, { expires_on: 'tomorrow' })).statusCode).toBe(422);
    expect((await create(owner, { expires_on: '2026-02-10', extra: true })).statusCode).toBe(422);
    expect((await create(owner, { expires_on: '2026-02-10' })).statusCode).toBe(201);
  });

  it('belongs to the statement’s owner only', async () => {
    const link = dataOf<CreatedShareLink>(await create(owner, {}));
    expect((await links(stranger)).statusCode).toBe(404);
    expect((await create(stranger, {})).statusCode).toBe(404);
    expect((await revoke(stranger, link.id)).statusCode).toBe(404);
    // Another request of the stranger's own cannot reach this link either.
    const own = await readyForIssue(t.database, stranger);
    await publishOne(t.app, t.worker, { admin, owner: stranger, practiceId: own });
    expect((await revoke(stranger, link.id, own)).statusCode).toBe(404);
    expect((await open(tokenOf(link))).statusCode).toBe(200);
    expect((await links(owner, 999_999)).statusCode).toBe(404);
  });

  it('shows a statement that is not published yet as such, with no PDF', async () => {
    const pendingPractice = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, pendingPractice)).statusCode).toBe(200);
    const link = dataOf<CreatedShareLink>(await create(owner, {}, pendingPractice));
    const shared = dataOf<SharedStatement>(await open(tokenOf(link)));
    expect(shared).toMatchObject({
      state: 'pending',
      qualification_name: null,
      published_at: null,
      transaction_hash: null,
      holder_name: null,
      has_pdf: false,
      anchor: null,
    });
    const pdf = await openPdf(tokenOf(link));
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json()).toMatchObject({ code: 'PUBLICATION_PENDING' });
    await t.worker.drainOnce();
    expect(dataOf<SharedStatement>(await open(tokenOf(link)))).toMatchObject({
      state: 'published',
      has_pdf: true,
    });
  });

  it('refuses more than 20 new links an hour to one user (429 with Retry-After), and takes them again after', async () => {
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: SHARE_LINK_RULE, subject: String(owner.id) };
    await limiter.reset([bucket]);
    await revokeAll(owner);
    // Each revoked once made: the hourly limit counts links made, working or not.
    for (let made = 0; made < SHARE_LINK_RULE.limit; made += 1) {
      const link = await create(owner, {});
      expect(link.statusCode).toBe(201);
      expect((await revoke(owner, dataOf<CreatedShareLink>(link).id)).statusCode).toBe(200);
    }
    const refused = await create(owner, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's list still answers; the next hour's links are taken.
    expect((await links(owner)).statusCode).toBe(200);
    await limiter.reset([bucket]);
    expect((await create(owner, {})).statusCode).toBe(201);
  });

  it('counts only the links made against the hour’s limit: calls refused (422, 409) use none of it', async () => {
    onTestFinished(leaveNoLinks);
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: SHARE_LINK_RULE, subject: String(owner.id) };
    await limiter.reset([bucket]);
    await revokeAll(owner);
    const statuses = async (count: number, payload: object) => {
      const answers: number[] = [];
      for (let call = 0; call < count; call += 1) answers.push((await create(owner, payload)).statusCode);
      return answers;
    };
    // A last day typed in the past, five times over.
    expect(await statuses(5, { expires_on: '2000-01-01' })).toEqual(Array(5).fill(422));
    expect(await statuses(SHARE_LINKS_ACTIVE_MAX, {})).toEqual(Array(SHARE_LINKS_ACTIVE_MAX).fill(201));
    // One more than the working links' cap, again and again.
    expect(await statuses(10, {})).toEqual(Array(10).fill(409));
    expect(await limiter.count(bucket)).toBe(SHARE_LINKS_ACTIVE_MAX);
    await revokeAll(owner);
    const rest = SHARE_LINK_RULE.limit - SHARE_LINKS_ACTIVE_MAX;
    expect(await statuses(rest, {})).toEqual(Array(rest).fill(201));
    expect((await create(owner, {})).statusCode).toBe(429);
  });

  it('counts no link whose making failed on our side before it was saved (a 500): the owner makes the hour’s links once it works again', async () => {
    onTestFinished(leaveNoLinks);
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: SHARE_LINK_RULE, subject: String(owner.id) };
    await limiter.reset([bucket]);
    await revokeAll(owner);
    // The database lost for a moment: each link's transaction fails before anything is written.
    const db = t.database.db;
    const spy = vi.spyOn(db, 'transaction').mockImplementation((() => ({
      execute: () => Promise.reject(new Error('the connection ended')),
    })) as unknown as typeof db.transaction);
    try {
      for (let call = 0; call <= SHARE_LINK_RULE.limit; call += 1) {
        expect((await create(owner, {})).statusCode).toBe(500);
      }
    } finally {
      spy.mockRestore();
    }
    expect(await limiter.count(bucket)).toBe(0);
    expect((await create(owner, {})).statusCode).toBe(201);
  });

  it(`keeps at most ${SHARE_LINKS_ACTIVE_MAX} working at once: one more answers 409 in the caller’s language, a revoked or expired one makes room`, async () => {
    onTestFinished(leaveNoLinks);
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: SHARE_LINK_RULE, subject: String(owner.id) },
    ]);
    await revokeAll(owner);
    const made: CreatedShareLink[] = [];
    const today = clock.now().toISOString().slice(0, 10);
    for (let index = 0; index < SHARE_LINKS_ACTIVE_MAX; index += 1) {
      // The first one's last day is today: it works through it, and counts.
      const link = await create(owner, index === 0 ? { expires_on: today } : {});
      expect(link.statusCode).toBe(201);
      made.push(dataOf<CreatedShareLink>(link));
    }
    const refused = await create(owner, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SHARE_LINKS_LIMIT',
      message: `You already have ${SHARE_LINKS_ACTIVE_MAX} working links to this statement: revoke one you no longer need to make another.`,
    });
    const italian = await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/share-links`,
      headers: { ...bearer(owner.token), 'accept-language': 'it-IT' },
      payload: {},
    });
    expect(italian.json()).toMatchObject({
      code: 'SHARE_LINKS_LIMIT',
      message: `Hai già ${SHARE_LINKS_ACTIVE_MAX} link attivi a questo attestato: revocane uno che non ti serve più per crearne un altro.`,
    });
    // One revoked makes room for one.
    expect((await revoke(owner, made[1]!.id)).statusCode).toBe(200);
    expect((await create(owner, {})).statusCode).toBe(201);
    expect((await create(owner, {})).statusCode).toBe(409);
    // Past its last day (yesterday's, as a day passed), the first no longer counts.
    await t.database.db
      .updateTable('statement_share_links')
      .set({ expires_on: new Date(clock.now().getTime() - 24 * 3600_000).toISOString().slice(0, 10) })
      .where('id', '=', made[0]!.id)
      .execute();
    expect((await create(owner, {})).statusCode).toBe(201);
    expect((await create(owner, {})).statusCode).toBe(409);
  });

  it('lets only one of two links made at once take the last place (the owner’s row held)', async () => {
    onTestFinished(leaveNoLinks);
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: SHARE_LINK_RULE, subject: String(owner.id) },
    ]);
    await revokeAll(owner);
    for (let index = 0; index < SHARE_LINKS_ACTIVE_MAX - 1; index += 1)
      expect((await create(owner, {})).statusCode).toBe(201);
    let answers: number[];
    if (isPostgresRun) {
      // Both wait behind a transaction that holds the owner's row, then go one after the other.
      const holding = await holdRow(t, { userId: owner.id });
      const both = Promise.all([create(owner, {}), create(owner, {})]);
      await holding.waiters(2);
      await holding.release();
      answers = (await both).map((response) => response.statusCode);
    } else {
      // SQLite has one writer: the one, then the other.
      answers = [(await create(owner, {})).statusCode, (await create(owner, {})).statusCode];
    }
    expect(answers.toSorted()).toEqual([201, 409]);
    await revokeAll(owner);
  });

  it('answers 404 to an unknown token and 422 to one that cannot be a token', async () => {
    expect((await open('A'.repeat(43))).statusCode).toBe(404);
    expect((await open('not a token')).statusCode).toBe(422);
  });
});
