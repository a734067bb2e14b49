import { pino } from 'pino';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityRequestHandler } from '../src/modules/auth/identity-request.handler';
import { updatePassword } from '../src/modules/auth/password.service';
import { insertAuthToken } from '../src/modules/auth/repository';
import { resolveSession } from '../src/modules/sessions/service';
import { verifyPassword } from '../src/platform/passwords';
import { ManualClock } from '../src/platform/clock';
import { randomToken, sha256 } from '../src/platform/crypto';
import { useTestApp } from './helper';
import { bearer, contextFor, createUser, login, NEW_PASSWORD, PASSWORD } from './identity';
import { linkToken, readMailFiles } from './mail';

const clock = new ManualClock();
let address = 0;
const t = useTestApp({ clock });
beforeAll(async () => {
  await createUser(t.database, clock, { email: 'pending@example.org', isActive: false });
});
beforeEach(() => {
  address += 1;
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers,
    remoteAddress: `192.0.2.${address}`,
  });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const mailsTo = (to: string) => readMailFiles(t.database.tempDir).filter((mail) => mail.to === to);

async function resetToken(email: string): Promise<string> {
  await post('/auth/forgot-password', { email });
  await t.worker.drainOnce();
  const mail = mailsTo(email)
    .filter((m) => m.kind === 'password-reset')
    .at(-1);
  if (!mail) throw new Error('no reset mail');
  return linkToken(mail, 'reset-password');
}

describe('POST /auth/forgot-password', () => {
  it('answers the same whether or not the email has an account', async () => {
    // What the file's other tests left, before this one or after it in a shuffled run: their jobs
    // done, their rows known, so that this test counts only what its answers queue and write.
    await t.worker.drainOnce();
    const lastId = async (table: 'jobs' | 'auth_tokens') =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    const before = { jobs: await lastId('jobs'), tokens: await lastId('auth_tokens') };
    await createUser(t.database, clock, { email: 'forgot@example.org' });
    const known = await post('/auth/forgot-password', { email: 'forgot@example.org' });
    const unknown = await post('/auth/forgot-password', { email: 'nobody@example.org' });
    const inactive = await post('/auth/forgot-password', { email: 'pending@example.org' });
    expect(known.statusCode).toBe(202);
    for (const answer of [unknown, inactive]) {
      expect(answer.statusCode).toBe(known.statusCode);
      expect(answer.json()).toEqual(known.json());
    }
    expect(known.json()).toEqual({
      data: { message: 'If the email belongs to an account, we have sent a link to set a new password.' },
    });
    // Each answer only queued the same job: nothing of the account was read or written before it (#15 item 5).
    const queued = await t.database.db
      .selectFrom('jobs')
      .select(['name', 'payload'])
      .where('id', '>', before.jobs)
      .orderBy('id')
      .execute();
    expect(queued.map((job) => job.name)).toEqual(Array(3).fill('identity-request'));
    expect(
      await t.database.db.selectFrom('auth_tokens').select('id').where('id', '>', before.tokens).execute(),
    ).toEqual([]);
    // Three requests, two of them with an account to mail.
    expect(await t.worker.drainOnce()).toBe(5);
    expect(mailsTo('forgot@example.org').map((mail) => mail.kind)).toEqual(['password-reset']);
    expect(mailsTo('pending@example.org').map((mail) => mail.kind)).toEqual(['activation']);
    expect(mailsTo('nobody@example.org')).toEqual([]);
  });

  it('sends one link even when the worker dies after the request’s commit and the job runs again', async () => {
    const userId = await createUser(t.database, clock, { email: 'twice-run@example.org' });
    await post('/auth/forgot-password', { email: 'twice-run@example.org' });
    // This request's job: the newest, whatever the file's other tests queued before it.
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('name', '=', 'identity-request')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { handler } = identityRequestHandler(contextFor(t.database, clock));
    // The first run commits; its worker is gone before it can end the job, so a second one runs it.
    const log = pino({ level: 'silent' });
    await handler(JSON.parse(job.payload), { id: job.id, attempt: 1, log });
    await handler(JSON.parse(job.payload), { id: job.id, attempt: 2, log });
    const mails = await t.database.db
      .selectFrom('jobs')
      .select('name')
      .where('name', '=', 'send-mail')
      .execute();
    expect(mails).toHaveLength(1);
    const tokens = await t.database.db
      .selectFrom('auth_tokens')
      .select('purpose')
      .where('user_id', '=', userId)
      .execute();
    expect(tokens).toEqual([{ purpose: 'password_reset' }]);
    await t.worker.drainOnce();
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, ends every session and mails a notice; the link works once', async () => {
    await createUser(t.database, clock, { email: 'reset@example.org' });
    const { token: session } = await login(t.app, 'reset@example.org');
    const token = await resetToken('reset@example.org');
    const payload = { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const response = await post('/auth/reset-password', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { message: 'Password updated. You can now log in with your new password.' },
    });
    expect((await me(session)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    expect((await login(t.app, 'reset@example.org', PASSWORD)).response.statusCode).toBe(401);
    expect((await login(t.app, 'reset@example.org', NEW_PASSWORD)).response.statusCode).toBe(200);
    expect((await post('/auth/reset-password', payload)).json()).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    await t.worker.drainOnce();
    expect(mailsTo('reset@example.org').map((mail) => mail.kind)).toEqual([
      'password-reset',
      'password-changed',
    ]);
  });

  it('ends every other unused reset link of the account (two mailed at once, say)', async () => {
    const userId = await createUser(t.database, clock, { email: 'two-links@example.org' });
    const first = await resetToken('two-links@example.org');
    // A second link the database holds beside the first: two requests for a link raced.
    const second = randomToken();
    const now = clock.now();
    await insertAuthToken(t.database.db, {
      userId,
      purpose: 'password_reset',
      tokenHash: sha256(second),
      expiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
      now: now.toISOString(),
    });
    const payload = (token: string) => ({
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect((await post('/auth/reset-password', payload(first))).statusCode).toBe(200);
    const late = await post('/auth/reset-password', payload(second));
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ code: 'TOKEN_NOT_FOUND', message: 'Token not found' });
    await t.worker.drainOnce();
  });

  it('refuses a link older than RESET_TOKEN_TTL_MINUTES (60)', async () => {
    await createUser(t.database, clock, { email: 'slow@example.org' });
    const token = await resetToken('slow@example.org');
    clock.advance({ minutes: 61 });
    const response = await post('/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'TOKEN_NOT_FOUND', message: 'Token not found' });
  });

  it('stores link tokens only as SHA-256', async () => {
    await createUser(t.database, clock, { email: 'hash@example.org' });
    const token = await resetToken('hash@example.org');
    const rows = await t.database.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });
});

describe('POST /auth/check-token', () => {
  const check = (token: string, purpose = 'password_reset') => post('/auth/check-token', { token, purpose });

  it('answers 204 for a working link and leaves it usable', async () => {
    await createUser(t.database, clock, { email: 'check@example.org' });
    const token = await resetToken('check@example.org');
    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);
    const reset = await post('/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('answers 404 TOKEN_NOT_FOUND for an unknown, used, replaced or other-purpose link', async () => {
    await createUser(t.database, clock, { email: 'dead@example.org' });
    const replaced = await resetToken('dead@example.org');
    const used = await resetToken('dead@example.org');
    await post('/auth/reset-password', {
      token: used,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    const current = await resetToken('dead@example.org');
    const answers = [
      await check('u'.repeat(43)),
      await check(used),
      await check(replaced),
      await check(current, 'activation'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: 'TOKEN_NOT_FOUND', message: 'Token not found' });
    }
    expect((await check(current)).statusCode).toBe(204);
  });

  it('counts wrong tokens against the address like the other token calls', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await check(`wrong-token-${String(attempt).padStart(4, '0')}`)).statusCode).toBe(404);
    }
    const limited = await check('w'.repeat(43));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('POST /auth/update-password', () => {
  it('needs the current password, keeps this session, ends the others and mails a notice', async () => {
    await createUser(t.database, clock, { email: 'update@example.org' });
    const { token: here } = await login(t.app, 'update@example.org');
    const { token: elsewhere } = await login(t.app, 'update@example.org', PASSWORD, '192.0.2.250');
    const wrong = await post(
      '/auth/update-password',
      { current_password: 'Not#MyPassword1', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      bearer(here),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { current_password: ['The current password is not correct'] },
    });

    const response = await post(
      '/auth/update-password',
      { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      bearer(here),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: 'Password updated' } });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    expect((await login(t.app, 'update@example.org', NEW_PASSWORD)).response.statusCode).toBe(200);
    await t.worker.drainOnce();
    expect(mailsTo('update@example.org').map((mail) => mail.kind)).toEqual(['password-changed']);
  });

  it('withdraws a reset link mailed before the change: it answers as an expired one', async () => {
    await createUser(t.database, clock, { email: 'worried@example.org' });
    const token = await resetToken('worried@example.org');
    const { token: session } = await login(t.app, 'worried@example.org');
    const changed = await post(
      '/auth/update-password',
      { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      bearer(session),
    );
    expect(changed.statusCode).toBe(200);
    const checked = await post('/auth/check-token', { token, purpose: 'password_reset' });
    expect(checked.statusCode).toBe(404);
    const reset = await post('/auth/reset-password', {
      token,
      password: 'Other#Secret991',
      password_confirmation: 'Other#Secret991',
    });
    expect(reset.statusCode).toBe(404);
    expect(reset.json()).toEqual({ code: 'TOKEN_NOT_FOUND', message: 'Token not found' });
    expect((await login(t.app, 'worried@example.org', NEW_PASSWORD)).response.statusCode).toBe(200);
    await t.worker.drainOnce();
  });

  it('changes nothing when its session ended after the guard read it (a reset committed first): 401', async () => {
    await createUser(t.database, clock, { email: 'overtaken@example.org' });
    const { token } = await login(t.app, 'overtaken@example.org');
    const ctx = contextFor(t.database, clock);
    const auth = await resolveSession(ctx, sha256(token));
    // A reset commits between the guard (and the current password's check) and this call's
    // transaction: it ends every session of the account, this one included.
    await t.database.db.deleteFrom('sessions').where('user_id', '=', auth.user.id).execute();
    await expect(
      updatePassword(
        ctx,
        auth,
        { current_password: PASSWORD, password: NEW_PASSWORD },
        { address: '198.51.100.9' },
      ),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    const account = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', auth.user.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(account.password_hash, PASSWORD)).toBe(true);
    await t.worker.drainOnce();
    expect(mailsTo('overtaken@example.org').map((mail) => mail.kind)).toEqual([]);
  });

  it('refuses a common new password and requires a session', async () => {
    await createUser(t.database, clock, { email: 'common@example.org' });
    const { token } = await login(t.app, 'common@example.org');
    const common = await post(
      '/auth/update-password',
      { current_password: PASSWORD, password: 'Dragon#2026', password_confirmation: 'Dragon#2026' },
      bearer(token),
    );
    expect(common.json()).toMatchObject({
      errors: { password: ['This password is too common. Choose a less predictable one.'] },
    });
    const anonymous = await post('/auth/update-password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
