import { beforeAll, describe, expect, it } from 'vitest';
import { sendMarketingMail } from '../src/modules/marketing/service';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { contextFor } from './identity';
import { mintedHere } from './log-check';
import { readMailFiles, type ReadMail } from './mail';
import { apiCall, dataOf, type Applicant } from './requests';

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let bea: Applicant;

const UNSUBSCRIBE_FAILED = {
  code: 'UNSUBSCRIBE_FAILED',
  message: 'Something went wrong while unsubscribing. Please try again later.',
};

const optIn = (who: Applicant) => call('PATCH', '/profile', who, { marketing_consent: true });
const consentOf = async (who: Applicant) =>
  dataOf<{ marketing_consent: boolean }>(await call('GET', '/auth/me', who)).marketing_consent;
const marketingMails = (): ReadMail[] =>
  readMailFiles(t.database.tempDir).filter((mail) => mail.kind === 'marketing');
const tokenIn = (mail: ReadMail): string => {
  const token = /\/marketing-opt-out\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error('no opt-out link in the mail');
  return token;
};

async function send(): Promise<number> {
  const count = await sendMarketingMail(contextFor(t.database, clock), {
    subject: 'New services in spring',
    body: 'Comparability statements now come faster.\n\nRead more on the portal.',
  });
  while ((await t.worker.drainOnce()) > 0);
  return count;
}

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  bea = await t.applicant({ email: 'bea@example.org', locale: 'it-IT', firstName: 'Bea' });
  await t.applicant({ email: 'cleo@example.org' });
  expect((await optIn(ada)).statusCode).toBe(200);
  expect((await optIn(bea)).statusCode).toBe(200);
});

describe('marketing mail', () => {
  it('goes only to users who opted in, each with their own unsubscribe link and a List-Unsubscribe header', async () => {
    expect(await send()).toBe(2);
    const mails = marketingMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ada@example.org', 'bea@example.org']);
    for (const mail of mails) {
      const token = tokenIn(mail);
      expect(mail.listUnsubscribe).toBe(`<http://localhost:3000/marketing-opt-out/${token}>`);
      // A secret the log check looks for in every line of the run (decision 083).
      expect(mintedHere()).toContain(token);
      expect(mail.subject).toContain('New services in spring');
      expect(mail.text).toContain('Read more on the portal.');
    }
    expect(tokenIn(mails[0]!)).not.toBe(tokenIn(mails[1]!));
    const italian = mails.find((mail) => mail.to === 'bea@example.org');
    expect(italian?.text).toContain('Annulla l’iscrizione alla newsletter');
  });

  it('keeps only a hash of the token', async () => {
    const token = tokenIn(marketingMails().find((mail) => mail.to === 'ada@example.org')!);
    const row = await t.database.db
      .selectFrom('users')
      .select('marketing_opt_out_token_hash')
      .where('id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(row.marketing_opt_out_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.marketing_opt_out_token_hash).not.toContain(token);
  });
});

describe('POST /marketing-opt-out/{token}', () => {
  it('unsubscribes without login, and a second visit answers the same', async () => {
    const token = tokenIn(marketingMails().find((mail) => mail.to === 'ada@example.org')!);
    const first = await call('POST', `/marketing-opt-out/${token}`);
    expect(first.statusCode).toBe(200);
    expect(dataOf(first)).toEqual({ is_unsubscribed: true });
    expect(await consentOf(ada)).toBe(false);
    expect(await consentOf(bea)).toBe(true);

    const second = await call('POST', `/marketing-opt-out/${token}`);
    expect(second.statusCode).toBe(200);
    expect(dataOf(second)).toEqual({ is_unsubscribed: true });
  });

  it('answers the spec §8 message for a token that names nobody or is malformed', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token', 'x'.repeat(90)]) {
      const response = await call('POST', `/marketing-opt-out/${token}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(UNSUBSCRIBE_FAILED);
    }
  });

  it('answers a link mangled past any token length in the error contract, not with the router’s body', async () => {
    const mangled = [
      // Longer than any part of a path the router reads (414).
      {
        url: `/marketing-opt-out/${'x'.repeat(200)}`,
        status: 414,
        body: {
          code: 'URI_TOO_LONG',
          message: 'The address is too long: no page of the portal has one this long.',
        },
      },
      {
        url: '/marketing-opt-out/%zz',
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'The request could not be read.' },
      },
    ];
    for (const { url, status, body } of mangled) {
      const response = await call('POST', url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(body);
    }
  });

  it('answers in Italian when asked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/marketing-opt-out/${'B'.repeat(43)}`,
      headers: { 'accept-language': 'it-IT' },
    });
    expect(response.json()).toMatchObject({
      code: 'UNSUBSCRIBE_FAILED',
      message: expect.stringContaining('Riprova'),
    });
  });

  it('sends the next newsletter only to who is still subscribed; the same link works after opting in again', async () => {
    expect(await send()).toBe(1);
    expect((await optIn(ada)).statusCode).toBe(200);
    expect(await send()).toBe(2);
    const adas = marketingMails().filter((mail) => mail.to === 'ada@example.org');
    expect(adas).toHaveLength(2);
    expect(tokenIn(adas[1]!)).toBe(tokenIn(adas[0]!));
    expect((await call('POST', `/marketing-opt-out/${tokenIn(adas[1]!)}`)).statusCode).toBe(200);
    expect(await consentOf(ada)).toBe(false);
  });
});
