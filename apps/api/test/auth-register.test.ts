import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import type { MailMessage } from '../src/platform/mail/message';
import { activateAccount, replacePendingRegistration } from '../src/modules/users/accounts';
import { hashPassword } from '../src/platform/passwords';
import { calendarDayOf } from '@lisbon/domain';
import { createTestWorker, isPostgresRun, useTestApp } from './helper';
import { createStaffAccount } from '../src/modules/auth/registration.service';
import { purgeExpiredIdentityData } from '../src/modules/auth/service';
import { contextFor, createUser, login, NEW_PASSWORD, PASSWORD } from './identity';
import { holdRow } from './locks';
import { linkToken, readMailFiles } from './mail';

const clock = new ManualClock();
let address = 0;
const t = useTestApp({ clock, env: { PUBLIC_URL: 'https://portal.example.org' } });
beforeAll(async () => {
  await createUser(t.database, clock, { email: 'known@example.org', firstName: 'Grace', locale: 'it-IT' });
});
// Each test from its own address, so the per-address limits of one do not reach the next.
beforeEach(() => {
  address += 1;
});

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: 'new@example.org',
  first_name: 'Ada',
  last_name: 'Lovelace',
  birth_date: '1990-12-10',
  accept_terms: true,
  ...overrides,
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers,
    remoteAddress: `203.0.113.${address}`,
  });

const queuedJobNames = async () =>
  (await t.database.db.selectFrom('jobs').select('name').orderBy('id').execute()).map((job) => job.name);

const mailsTo = (to: string) => readMailFiles(t.database.tempDir).filter((mail) => mail.to === to);

describe('POST /auth/register', () => {
  it('creates an inactive account and mails its activation link in the chosen language', async () => {
    const response = await post('/auth/register', registration({ locale: 'it-IT' }));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      data: { message: 'Registration successful. Check your email to activate your account.' },
    });
    // The answer only queued the work (#15 item 5): a known email would have cost the same.
    expect(await queuedJobNames()).toEqual(['identity-request']);
    expect(await t.worker.drainOnce()).toBe(2);
    const user = await t.database.db
      .selectFrom('users')
      .select(['activated_at', 'password_hash', 'category', 'role', 'terms_accepted_at'])
      .where('email', '=', 'new@example.org')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      activated_at: null,
      password_hash: null,
      category: 'standard',
      role: 'applicant',
    });
    expect(user.terms_accepted_at).not.toBeNull();
    const [mail] = mailsTo('new@example.org');
    expect(mail).toMatchObject({
      kind: 'activation',
      language: 'it-IT',
      subject: 'Lisbon – Attiva il tuo account',
    });
    expect(mail?.from).toBe('Lisbon <no-reply@localhost>');
    // To an address nobody has confirmed: no word the registrant typed, their name neither.
    expect(mail?.text).toContain('Gentile utente,');
    expect(mail?.text).not.toContain('Ada');
    expect(mail?.text).toMatch(/https:\/\/portal\.example\.org\/auth\/activate\/[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('<html lang="it-IT">');
    expect(mail?.html).toContain(`https://portal.example.org/auth/activate/${linkToken(mail!, 'activate')}`);
  });

  it('carries none of a registrant’s words to the address, so a name cannot speak in the body’s mail', async () => {
    const lure = 'Urgent. Your account is suspended. Call support at evil-support.example';
    expect(
      (await post('/auth/register', registration({ email: 'stranger@example.org', first_name: lure })))
        .statusCode,
    ).toBe(202);
    await t.worker.drainOnce();
    const [mail] = mailsTo('stranger@example.org');
    expect(mail?.kind).toBe('activation');
    expect(mail?.text).toContain('Hello,');
    for (const part of [mail?.text, mail?.html]) expect(part).not.toContain('evil-support');
  });

  it('answers two simultaneous registrations of one new email alike, with one account', async () => {
    const payload = registration({ email: 'twice@example.org' });
    const answers = await Promise.all([post('/auth/register', payload), post('/auth/register', payload)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    await t.worker.drainOnce();
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'twice@example.org')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('registers a refugee with the refugee category, in the language of Accept-Language', async () => {
    const response = await post(
      '/auth/register',
      registration({ email: 'refugee@example.org', category: 'refugee' }),
      {
        'accept-language': 'en-US',
      },
    );
    expect(response.statusCode).toBe(202);
    await t.worker.drainOnce();
    const user = await t.database.db
      .selectFrom('users')
      .select(['category', 'locale'])
      .where('email', '=', 'refugee@example.org')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ category: 'refugee', locale: 'en-US' });
  });

  it('gives a known email the same answer, and mails its owner that an account exists', async () => {
    const fresh = await post('/auth/register', registration({ email: 'someone-new@example.org' }));
    const known = await post('/auth/register', registration({ email: 'KNOWN@example.org' }));
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.json()).toEqual(fresh.json());
    await t.worker.drainOnce();
    const [mail] = mailsTo('known@example.org');
    expect(mail).toMatchObject({
      kind: 'already-registered',
      language: 'it-IT',
      subject: 'Lisbon – Hai già un account',
    });
    expect(mail?.text).toContain('https://portal.example.org/auth/recover-password');
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'known@example.org')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('takes a registration from someone 18 on the API’s clock, not on the real date', async () => {
    // The day in Rome on the API's clock (15 January 2026 as the file starts; later when the tests
    // before this one moved the clock): born 18 years before tomorrow, 18 only the next day (and for
    // real, since then); born 18 years before today, 18 today.
    const today = calendarDayOf(clock.now());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const yearsBefore = (day: string) => `${Number(day.slice(0, 4)) - 18}${day.slice(4)}`;
    const minor = await post(
      '/auth/register',
      registration({ email: 'teen@example.org', birth_date: yearsBefore(tomorrow) }),
    );
    expect(minor.statusCode).toBe(422);
    expect(minor.json()).toMatchObject({
      errors: { birth_date: ['Services are restricted to adults: you must be at least 18 years old.'] },
    });
    const adult = await post(
      '/auth/register',
      registration({ email: 'teen@example.org', birth_date: yearsBefore(today) }),
    );
    expect(adult.statusCode).toBe(202);
    // Its work done, as the tests after it expect none queued.
    await t.worker.drainOnce();
  });

  it('refuses a registration without accepted terms or from a minor, with the spec messages', async () => {
    const response = await post(
      '/auth/register',
      registration({ accept_terms: false, birth_date: '2015-01-01' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        accept_terms: ['You must accept the terms and conditions'],
        birth_date: ['Services are restricted to adults: you must be at least 18 years old.'],
      },
    });
  });
});

describe('POST /auth/activate', () => {
  const registerAndReadToken = async (email: string) => {
    await post('/auth/register', registration({ email }));
    await t.worker.drainOnce();
    const mail = mailsTo(email).at(-1);
    if (!mail) throw new Error('no activation mail');
    return linkToken(mail, 'activate');
  };

  it('sets the password and activates the account; the link works once', async () => {
    const token = await registerAndReadToken('activate@example.org');
    expect((await login(t.app, 'activate@example.org')).response.statusCode).toBe(401);
    const payload = { token, password: PASSWORD, password_confirmation: PASSWORD };
    const response = await post('/auth/activate', payload);
    expect(response.statusCode).toBe(200);
    // The link's holder proved the address: the answer gives it back for the login form.
    expect(response.json()).toEqual({
      data: { message: 'Account activated. You can now log in.', email: 'activate@example.org' },
    });
    expect((await login(t.app, 'activate@example.org')).response.statusCode).toBe(200);

    // Used: its account is active, and the link's holder is told so (below).
    const again = await post('/auth/activate', payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_ALREADY_ACTIVE' });
  });

  it('tells whoever opens a used link that the account is active (409 ACCOUNT_ALREADY_ACTIVE), naming nobody and counting nothing, until the purge', async () => {
    const token = await registerAndReadToken('used@example.org');
    const payload = { token, password: PASSWORD, password_confirmation: PASSWORD };
    expect((await post('/auth/activate', payload)).statusCode).toBe(200);
    const check = (headers: Record<string, string> = {}) =>
      post('/auth/check-token', { token, purpose: 'activation' }, headers);

    const used = await check();
    expect(used.statusCode).toBe(409);
    // No email, no name: only what the mail's reader knows, that the account is theirs and active.
    expect(used.json()).toEqual({
      code: 'ACCOUNT_ALREADY_ACTIVE',
      message: 'This account is already active: log in with its email and password.',
    });
    expect((await check({ 'accept-language': 'it' })).json()).toEqual({
      code: 'ACCOUNT_ALREADY_ACTIVE',
      message: 'Questo account è già attivo: accedi con la sua email e la sua password.',
    });
    const reused = await post('/auth/activate', {
      ...payload,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reused.statusCode).toBe(409);
    // The password stays the one set with the link.
    expect((await login(t.app, 'used@example.org')).response.statusCode).toBe(200);
    // Not a guess: opened again and again, it never brings the address to its limit of wrong tokens.
    for (let attempt = 0; attempt < 25; attempt += 1) expect((await check()).statusCode).toBe(409);
    expect(
      (await post('/auth/check-token', { token: 'z'.repeat(43), purpose: 'activation' })).statusCode,
    ).toBe(404);
    // A reset link is not an activation link: used or not, a token of one purpose says nothing of the other.
    expect((await post('/auth/check-token', { token, purpose: 'password_reset' })).statusCode).toBe(404);

    // Once the purge has removed it (a day after its expiry), it is a token like any unknown one.
    clock.advance({ hours: 72 + 25 });
    await purgeExpiredIdentityData(contextFor(t.database, clock));
    const purged = await check();
    expect(purged.statusCode).toBe(404);
    expect(purged.json()).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  it('answers 404 TOKEN_NOT_FOUND for the used link of an account deleted since', async () => {
    const token = await registerAndReadToken('gone@example.org');
    expect(
      (await post('/auth/activate', { token, password: PASSWORD, password_confirmation: PASSWORD }))
        .statusCode,
    ).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: clock.now().toISOString() })
      .where('email', '=', 'gone@example.org')
      .execute();
    const answer = await post('/auth/check-token', { token, purpose: 'activation' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  it('gives an account registered with no language chosen (an API client) its browser’s at the first login, a chosen one kept (decision 099)', async () => {
    const localeAfterLogin = async (email: string, locale?: 'en-US' | 'it-IT') => {
      await post('/auth/register', registration({ email, ...(locale ? { locale } : {}) }));
      await t.worker.drainOnce();
      const mail = mailsTo(email).at(-1);
      if (!mail) throw new Error('no activation mail');
      const token = linkToken(mail, 'activate');
      await post('/auth/activate', { token, password: PASSWORD, password_confirmation: PASSWORD });
      const logged = await post(
        '/auth',
        { email, password: PASSWORD },
        { 'accept-language': 'it-IT,it;q=0.9' },
      );
      expect(logged.statusCode).toBe(200);
      const row = await t.database.db
        .selectFrom('users')
        .select('locale')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.locale;
    };
    expect(await localeAfterLogin('api.client@example.org')).toBe('it-IT');
    expect(await localeAfterLogin('form.english@example.org', 'en-US')).toBe('en-US');
  });

  it('answers 404 TOKEN_NOT_FOUND for an unknown or expired link, in Italian when asked', async () => {
    const token = await registerAndReadToken('late@example.org');
    clock.advance({ hours: 73 });
    const payload = { token, password: PASSWORD, password_confirmation: PASSWORD };
    const expired = await post('/auth/activate', payload, { 'accept-language': 'it' });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ code: 'TOKEN_NOT_FOUND', message: 'Token non trovato' });
    const unknown = await post('/auth/activate', { ...payload, token: 'x'.repeat(43) });
    expect(unknown.json()).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  it('refuses a weak or common password on the password field, keeping the link usable', async () => {
    const token = await registerAndReadToken('weak@example.org');
    const weak = await post('/auth/activate', { token, password: 'short', password_confirmation: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({
      errors: { password: [expect.stringMatching(/^The password needs/)] },
    });
    const common = await post('/auth/activate', {
      token,
      password: 'Password1!',
      password_confirmation: 'Password1!',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      errors: { password: ['This password is too common. Choose a less predictable one.'] },
    });
    const mismatch = await post('/auth/activate', {
      token,
      password: PASSWORD,
      password_confirmation: 'Other#Pass99',
    });
    expect(mismatch.json()).toMatchObject({
      errors: { password_confirmation: ['The passwords do not match'] },
    });
    const ok = await post('/auth/activate', { token, password: PASSWORD, password_confirmation: PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts a password of 128 characters and refuses 129', async () => {
    const token = await registerAndReadToken('long@example.org');
    const long = `Aa1!${'x'.repeat(124)}`;
    const tooLong = await post('/auth/activate', {
      token,
      password: `${long}y`,
      password_confirmation: `${long}y`,
    });
    expect(tooLong.statusCode).toBe(422);
    const ok = await post('/auth/activate', { token, password: long, password_confirmation: long });
    expect(ok.statusCode).toBe(200);
    expect((await login(t.app, 'long@example.org', long)).response.statusCode).toBe(200);
  });
});

describe('registering an email again before activating it', () => {
  it('mails a new link that says the first one no longer works, in the account language', async () => {
    await post('/auth/register', registration({ email: 'again@example.org', locale: 'it-IT' }));
    await post('/auth/register', registration({ email: 'again@example.org', locale: 'it-IT' }));
    await t.worker.drainOnce();
    const notice = 'Questo link sostituisce quello che ti abbiamo inviato prima, che non funziona più.';
    // Both mails were written in the same instant: told apart by what they say, not by file order.
    const mails = mailsTo('again@example.org');
    expect(mails).toHaveLength(2);
    const first = mails.find((mail) => !mail.text.includes(notice));
    const second = mails.find((mail) => mail.text.includes(notice));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const check = (mail: typeof first) =>
      post('/auth/check-token', { token: linkToken(mail!, 'activate'), purpose: 'activation' });
    expect((await check(first)).statusCode).toBe(404);
    expect((await check(second)).statusCode).toBe(204);
  });

  it('says the same in English', async () => {
    await post('/auth/register', registration({ email: 'again-en@example.org', locale: 'en-US' }));
    await post('/auth/register', registration({ email: 'again-en@example.org', locale: 'en-US' }));
    await t.worker.drainOnce();
    // One of the two (written in the same instant, in either order) says it replaces the other.
    expect(
      mailsTo('again-en@example.org')
        .map((mail) =>
          mail.text.includes('This link replaces the one we sent you earlier, which no longer works.'),
        )
        .sort(),
    ).toEqual([false, true]);
  });
});

describe('whoever registered an email first', () => {
  it('does not decide the details: the account takes the latest registration before its activation', async () => {
    const email = 'victim@example.org';
    // Someone registers the address before its owner, as a refugee, in Italian, with the newsletter.
    await post(
      '/auth/register',
      registration({
        email,
        first_name: 'Mallory',
        last_name: 'Fake',
        birth_date: '1970-01-01',
        category: 'refugee',
        locale: 'it-IT',
        marketing_consent: true,
      }),
    );
    await t.worker.drainOnce();
    address += 1;
    await post(
      '/auth/register',
      registration({
        email,
        first_name: 'Victor',
        last_name: 'Real',
        birth_date: '1995-05-05',
        locale: 'en-US',
      }),
    );
    await t.worker.drainOnce();
    const latest = mailsTo(email).find((mail) => mail.text.includes('This link replaces the one'));
    expect(latest?.language).toBe('en-US');
    const activated = await post('/auth/activate', {
      token: linkToken(latest!, 'activate'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(activated.statusCode).toBe(200);
    const account = await t.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'birth_date', 'category', 'locale', 'marketing_consent_at', 'role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({
      first_name: 'Victor',
      last_name: 'Real',
      birth_date: '1995-05-05',
      category: 'standard',
      locale: 'en-US',
      marketing_consent_at: null,
      role: 'applicant',
    });
  });

  it('leaves a staff account waiting for its first login as its administrator made it', async () => {
    const email = 'new-staff@example.org';
    await createStaffAccount(contextFor(t.database, clock), {
      role: 'evaluator',
      email,
      firstName: 'Eva',
      lastName: 'Luator',
    });
    await post('/auth/register', registration({ email, first_name: 'Mallory', category: 'refugee' }));
    await t.worker.drainOnce();
    const account = await t.database.db
      .selectFrom('users')
      .select(['first_name', 'category', 'role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ first_name: 'Eva', category: 'standard', role: 'evaluator' });
  });
});

describe('a registration job and the activation at the same time', () => {
  it('leaves the activated account its details: a registration read before the activation commits writes nothing', async () => {
    const email = 'racing@example.org';
    await post('/auth/register', registration({ email, first_name: 'Olive', last_name: 'Owner' }));
    await t.worker.drainOnce();
    const pending = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const other = {
      ...registration({ email }),
      first_name: 'Mallory',
      last_name: 'Fake',
      birth_date: '1970-01-01',
      category: 'refugee' as const,
      locale: 'it-IT' as const,
      marketing_consent: true,
    };
    let isWritten: boolean | undefined;
    const passwordHash = await hashPassword(PASSWORD);
    if (isPostgresRun) {
      // The activation's transaction holds the account's row, not committed yet, while the job of a
      // registration reads the account (still not activated, as far as it can see) and writes.
      const activating = await holdRow(t, (trx) =>
        activateAccount(trx, pending.id, passwordHash, clock.now().toISOString()),
      );
      address += 1;
      expect((await post('/auth/register', other)).statusCode).toBe(202);
      const job = t.worker.drainOnce();
      await activating.waiters(1);
      await activating.release();
      await job;
    } else {
      // SQLite has one writer, so the job cannot write between its read and the activation: its
      // write itself, made after the activation with what it read before, must change nothing.
      await activateAccount(t.database.db, pending.id, passwordHash, clock.now().toISOString());
      const details = {
        firstName: other.first_name,
        lastName: other.last_name,
        birthDate: other.birth_date,
        category: other.category,
        locale: other.locale,
        isLocaleChosen: true,
        hasMarketingConsent: other.marketing_consent,
        hasAcceptedTerms: true,
        now: clock.now().toISOString(),
      };
      isWritten = await replacePendingRegistration(t.database.db, pending.id, details);
    }
    const account = await t.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'birth_date', 'category', 'locale', 'marketing_consent_at'])
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({
      first_name: 'Olive',
      last_name: 'Owner',
      birth_date: '1990-12-10',
      category: 'standard',
      locale: 'en-US',
      marketing_consent_at: null,
    });
    if (!isPostgresRun) expect(isWritten).toBe(false);
    // The job, finding the account activated when it wrote, answered as for an activated account.
    else expect(mailsTo(email).map((mail) => mail.kind)).toEqual(['activation', 'already-registered']);
    expect((await login(t.app, email, PASSWORD)).response.statusCode).toBe(200);
  });
});

describe('activation mails produced close together', () => {
  it('go out in the order they were queued: the newest mail in the inbox holds the link that works', async () => {
    const email = 'hurried@example.org';
    // A mail server that takes longer over the earlier messages: sent side by side, the first
    // would arrive last.
    const delivered: MailMessage[] = [];
    const delays = [150, 75, 0];
    const mailer = {
      async send(message: MailMessage) {
        const delay = message.to === email ? (delays.shift() ?? 0) : 0;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delivered.push(message);
      },
      close() {},
    };
    const worker = createTestWorker(t.database, { clock, mailer });
    const answers = await Promise.all([1, 2, 3].map(() => post('/auth/register', registration({ email }))));
    for (const answer of answers) expect(answer.statusCode).toBe(202);
    await worker.drainOnce();
    const arrived = delivered.filter((message) => message.to === email);
    expect(arrived).toHaveLength(3);
    const statuses = [];
    for (const message of arrived) {
      const token = /\/auth\/activate\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
      statuses.push(
        (await post('/auth/activate', { token, password: PASSWORD, password_confirmation: PASSWORD }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 200]);
  });
});

describe('POST /auth/activation/resend', () => {
  it('answers the same for any email and mails a new link only to an account not yet active', async () => {
    await post('/auth/register', registration({ email: 'resend@example.org' }));
    await t.worker.drainOnce();
    const first = linkToken(mailsTo('resend@example.org')[0]!, 'activate');
    const answers = await Promise.all(
      ['resend@example.org', 'known@example.org', 'nobody@example.org'].map((email) =>
        post('/auth/activation/resend', { email }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    // Three queued requests; one of them finds an account to mail.
    expect(await t.worker.drainOnce()).toBe(4);
    expect(mailsTo('nobody@example.org')).toEqual([]);
    const second = linkToken(mailsTo('resend@example.org')[1]!, 'activate');
    expect(second).not.toBe(first);
    const old = await post('/auth/activate', {
      token: first,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(old.statusCode).toBe(404);
    const fresh = await post('/auth/activate', {
      token: second,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('the activation mail’s greeting', () => {
  it('greets a staff account by the name its administrator gave, in its language, and an applicant by none', async () => {
    for (const [email, firstName, locale] of [
      ['eva.staff@example.org', 'Eva', 'it-IT'],
      ['ugo.staff@example.org', 'Ugo', 'en-US'],
    ] as const)
      await createStaffAccount(contextFor(t.database, clock), {
        role: 'evaluator',
        email,
        firstName,
        lastName: 'Luator',
        locale,
      });
    await post('/auth/register', registration({ email: 'nina.applicant@example.org', first_name: 'Nina' }));
    address += 1;
    await post(
      '/auth/register',
      registration({ email: 'lia.applicante@example.org', first_name: 'Lia', locale: 'it-IT' }),
    );
    await t.worker.drainOnce();
    for (const email of ['eva.staff@example.org', 'ugo.staff@example.org'])
      expect((await post('/auth/activation/resend', { email })).statusCode).toBe(202);
    await t.worker.drainOnce();
    const greetingOf = (email: string) => {
      const [mail] = mailsTo(email);
      expect(mail?.kind).toBe('activation');
      return mail?.text.split('\n').find((line) => line.trim() !== '');
    };
    expect(greetingOf('eva.staff@example.org')).toBe('Gentile Eva,');
    expect(mailsTo('eva.staff@example.org')[0]?.html).toContain('Gentile Eva,');
    expect(greetingOf('ugo.staff@example.org')).toBe('Hello Ugo,');
    // The applicant's name was typed by whoever registered the address, not yet confirmed as theirs.
    expect(greetingOf('nina.applicant@example.org')).toBe('Hello,');
    expect(greetingOf('lia.applicante@example.org')).toBe('Gentile utente,');
  });

  it('tells a staff account its administrator created it, where an applicant is thanked for registering', async () => {
    for (const [email, locale] of [
      ['ada.staff@example.org', 'en-US'],
      ['ivo.staff@example.org', 'it-IT'],
    ] as const)
      await createStaffAccount(contextFor(t.database, clock), {
        role: 'secretary',
        email,
        firstName: 'Sec',
        lastName: 'Retary',
        locale,
      });
    await post('/auth/register', registration({ email: 'olga.applicant@example.org' }));
    for (const email of ['ada.staff@example.org', 'ivo.staff@example.org'])
      expect((await post('/auth/activation/resend', { email })).statusCode).toBe(202);
    await t.worker.drainOnce();
    const [ada] = mailsTo('ada.staff@example.org');
    const [ivo] = mailsTo('ivo.staff@example.org');
    const [olga] = mailsTo('olga.applicant@example.org');
    for (const body of [ada?.text, ada?.html]) {
      expect(body).toContain('An administrator has created a staff account for you on Lisbon');
      expect(body).toContain('If you were not expecting this account, ignore this message');
      expect(body).not.toContain('registering');
      expect(body).not.toContain('did not register');
    }
    expect(ivo?.text).toContain('Un amministratore ha creato per te un account del personale su Lisbon');
    expect(ivo?.text).toContain('Se non ti aspettavi questo account');
    expect(ivo?.text).not.toContain('registrazione');
    expect(olga?.kind).toBe('activation');
    expect(olga?.text).toContain('Thank you for registering.');
    expect(olga?.text).toContain('If you did not register, ignore this message');
    expect(olga?.text).not.toContain('administrator');
  });
});

describe('the per-email limit on mails (decision 111)', () => {
  const activateWithEach = async (email: string) => {
    const answers = [];
    for (const mail of mailsTo(email)) {
      const token = linkToken(mail, 'activate');
      answers.push(
        (await post('/auth/activate', { token, password: PASSWORD, password_confirmation: PASSWORD }))
          .statusCode,
      );
    }
    return answers;
  };

  it('never refuses the owner: past three registrations of the email in an hour, the answer stays and the owner’s details apply', async () => {
    const email = 'owner@example.org';
    // Someone else registers the owner's address three times within the hour, from one address,
    // as a refugee with the newsletter: each mails the owner a link that replaces the one before.
    for (let i = 0; i < 3; i += 1) {
      const answer = await post(
        '/auth/register',
        registration({
          email,
          first_name: 'Mallory',
          last_name: 'Fake',
          birth_date: '1970-01-01',
          category: 'refugee',
          marketing_consent: true,
        }),
      );
      expect(answer.statusCode).toBe(202);
      await t.worker.drainOnce();
    }
    expect(mailsTo(email)).toHaveLength(3);
    // The owner's own registration past the limit is answered as any other, not 429, and mails
    // nothing more; its details still replace the others' (decision 106).
    address += 1;
    const own = await post(
      '/auth/register',
      registration({ email, first_name: 'Olivia', last_name: 'Owner', birth_date: '1991-03-04' }),
    );
    expect(own.statusCode).toBe(202);
    expect(own.json()).toEqual({
      data: { message: 'Registration successful. Check your email to activate your account.' },
    });
    await t.worker.drainOnce();
    expect(mailsTo(email)).toHaveLength(3);
    // The owner activates with the link mailed last, already in their inbox.
    expect(await activateWithEach(email)).toEqual([404, 404, 200]);
    const account = await t.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'birth_date', 'category', 'marketing_consent_at', 'activated_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      first_name: 'Olivia',
      last_name: 'Owner',
      birth_date: '1991-03-04',
      category: 'standard',
      marketing_consent_at: null,
    });
    expect(account.activated_at).not.toBeNull();
  });

  it('records the newsletter consent and the terms as of the activation, from the latest registration', async () => {
    const email = 'consent@example.org';
    await post('/auth/register', registration({ email, marketing_consent: false }));
    await t.worker.drainOnce();
    clock.advance({ minutes: 5 });
    // The latest registration, past no limit here, asks for the newsletter.
    address += 1;
    await post('/auth/register', registration({ email, marketing_consent: true }));
    await t.worker.drainOnce();
    clock.advance({ minutes: 10 });
    const activationTime = clock.now().toISOString();
    const last = mailsTo(email).at(-1)!;
    const activated = await post('/auth/activate', {
      token: linkToken(last, 'activate'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(activated.statusCode).toBe(200);
    const account = await t.database.db
      .selectFrom('users')
      .select(['marketing_consent_at', 'terms_accepted_at', 'activated_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const at = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
    expect(at(account.activated_at)).toBe(activationTime);
    expect(at(account.marketing_consent_at)).toBe(activationTime);
    expect(at(account.terms_accepted_at)).toBe(activationTime);
  });

  it('answers a fourth resend within the hour as the others, mailing nothing: the link mailed last still works', async () => {
    const email = 'patient@example.org';
    await post('/auth/register', registration({ email }));
    await t.worker.drainOnce();
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      address += 1;
      answers.push(await post('/auth/activation/resend', { email }));
      await t.worker.drainOnce();
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    // The registration's link and three resends: the fourth sent nothing.
    expect(mailsTo(email)).toHaveLength(4);
    expect((await activateWithEach(email)).filter((status) => status === 200)).toHaveLength(1);
  });
});
