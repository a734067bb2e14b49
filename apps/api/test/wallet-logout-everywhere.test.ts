import type { WalletOffer } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { endOffersNotIssued, markIssued, redeemOffer } from '../src/modules/wallet/repository';
import { resolveSession } from '../src/modules/sessions/service';
import { createOffer } from '../src/modules/wallet/issuance.service';
import { ManualClock } from '../src/platform/clock';
import { sha256 } from '../src/platform/crypto';
import { isPostgresRun, useTestApp } from './helper';
import { bearer, contextFor, enableTwoFactor, login, NEW_PASSWORD, PASSWORD, totpCode } from './identity';
import { holdRow } from './locks';
import { linkToken, readMailFiles } from './mail';
import { dataOf, type Applicant } from './requests';
import { publishOne, readyForIssue } from './statements';
import { createHolder, injectFetch } from './wallet-holder';

const clock = new ManualClock(new Date());
const t = useTestApp({ clock });
let owner: Applicant;
let practiceId: number;

beforeAll(async () => {
  const admin = await t.staff('admin', { email: 'admin@example.org' });
  owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
  practiceId = await readyForIssue(t.database, owner);
  await publishOne(t.app, t.worker, { admin, owner, practiceId });
  // Publishing renders and signs a PDF: on a busy machine with PostgreSQL it takes longer than a hook's default.
}, 60_000);

const offerOf = async (token: string) =>
  dataOf<WalletOffer>(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/wallet-offers`,
      headers: bearer(token),
    }),
  );

/** "Log out everywhere" from the session of `token`, with the account's password. */
const logOutEverywhere = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout-everywhere',
    headers: bearer(token),
    payload: { current_password: PASSWORD },
  });

/** The credential request of a wallet holding `accessToken`, with its key proof. */
const credentialWith = (accessToken: string, proof: { jwt: string; credentialConfigurationId: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/credential',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    payload: { credential_configuration_id: proof.credentialConfigurationId, proofs: { jwt: [proof.jwt] } },
  });

// One story, in order under --sequence.shuffle too: the reset's test sets the password the
// change's test changes back, and the deletion's, last, removes the file's owner.
describe("wallet offers when the account's sessions end", { shuffle: false }, () => {
  // Decision 013: logging out everywhere ends what a session showed that still gives something.
  describe('logging out everywhere', () => {
    it('ends the wallet offers no wallet has redeemed yet; one made in the new session works', async () => {
      const holder = await createHolder(injectFetch(t.app));
      const offer = await offerOf(owner.token);
      const everywhere = await logOutEverywhere(owner.token);
      expect(everywhere.statusCode).toBe(200);
      await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/expired/);
      const after = await offerOf(dataOf<{ access_token: string }>(everywhere).access_token);
      await expect(holder.accessToken(after.offer_url, after.tx_code)).resolves.toMatchObject({
        accessToken: expect.any(String),
      });
    });

    // An instance of the release before `ended_at` (1.1.0, in a rolling upgrade) reads only the
    // expiry: the end brings it forward, so that instance refuses the code as expired too.
    it("brings an ended offer's expiry forward to its end, and leaves an earlier expiry as it was", async () => {
      const token = (await login(t.app, 'maria@example.org')).token;
      await offerOf(token);
      const latest = () =>
        t.database.db
          .selectFrom('wallet_offers')
          .select(['id', 'user_id', 'expires_at', 'ended_at'])
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
      const made = await latest();
      expect(new Date(made.expires_at).getTime()).toBeGreaterThan(clock.now().getTime());
      const everywhere = await logOutEverywhere(token);
      expect(everywhere.statusCode).toBe(200);
      const ended = await latest();
      expect(ended.id).toBe(made.id);
      expect(ended.ended_at).not.toBeNull();
      expect(new Date(ended.expires_at).getTime()).toBeLessThanOrEqual(new Date(ended.ended_at!).getTime());
      // The 1.1.0 redemption's own condition (`expires_at > now`, no `ended_at`) matches no row.
      const redeemable = await t.database.db
        .selectFrom('wallet_offers')
        .select('id')
        .where('id', '=', made.id)
        .where('redeemed_at', 'is', null)
        .where('expires_at', '>', clock.now().toISOString())
        .executeTakeFirst();
      expect(redeemable).toBeUndefined();
      // An offer that expired before its end keeps its own expiry.
      const other = await offerOf(dataOf<{ access_token: string }>(everywhere).access_token);
      expect(other.tx_code).toEqual(expect.any(String));
      const open = await latest();
      const later = new Date(new Date(open.expires_at).getTime() + 60_000).toISOString();
      expect(await endOffersNotIssued(t.database.db, open.user_id, later)).toBe(1);
      const kept = await latest();
      expect(new Date(kept.expires_at).getTime()).toBe(new Date(open.expires_at).getTime());
      expect(new Date(kept.ended_at!).getTime()).toBe(new Date(later).getTime());
    });

    it('refuses the access token of an offer a wallet redeemed and whose credential it has not fetched yet (invalid_token)', async () => {
      const token = (await login(t.app, 'maria@example.org')).token;
      const holder = await createHolder(injectFetch(t.app));
      const offer = await offerOf(token);
      const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
      const proof = await holder.keyProof(issuerMetadata);
      const everywhere = await logOutEverywhere(token);
      expect(everywhere.statusCode).toBe(200);
      const credential = await credentialWith(accessToken, proof);
      expect([credential.statusCode, credential.json().error]).toEqual([401, 'invalid_token']);
    });

    it('leaves no redemption to a wallet that read the offer before the logout committed', async () => {
      const made = await offerOf((await login(t.app, 'maria@example.org')).token);
      expect(made.tx_code).toEqual(expect.any(String));
      const offer = await t.database.db
        .selectFrom('wallet_offers')
        .select(['id', 'user_id'])
        .where('redeemed_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const now = clock.now().toISOString();
      // The token endpoint has read the offer as open; the logout's expiry commits before it redeems.
      expect(await endOffersNotIssued(t.database.db, offer.user_id, now)).toBeGreaterThan(0);
      expect(await redeemOffer(t.database.db, offer.id, now)).toBe(false);
    });

    it('issues no credential to a wallet whose token was checked before the logout committed; one issued before stays', async () => {
      const holder = await createHolder(injectFetch(t.app));
      const token = (await login(t.app, 'maria@example.org')).token;
      const issued = await offerOf(token);
      await holder.receive(issued.offer_url, issued.tx_code);
      const made = await offerOf(token);
      await holder.accessToken(made.offer_url, made.tx_code);
      const [offer, before] = await t.database.db
        .selectFrom('wallet_offers')
        .select(['id', 'user_id'])
        .where('redeemed_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      if (!offer || !before) throw new Error('two redeemed offers expected');
      const now = clock.now().toISOString();
      // The credential endpoint has taken the token; the logout's end commits before it marks the issue.
      expect(await endOffersNotIssued(t.database.db, offer.user_id, now)).toBe(1);
      expect(
        await markIssued(t.database.db, offer.id, { holderKeyThumbprint: 'k', issuerKid: 'kid', at: now }),
      ).toBe('ended');
      const kept = await t.database.db
        .selectFrom('wallet_offers')
        .select(['ended_at', 'issued_at'])
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({ ended_at: null, issued_at: expect.anything() });
    });
  });

  // Decision 013: an offer made by a session the logout ended does not outlive it.
  describe('an offer made while logging out everywhere', () => {
    type Reply = Awaited<ReturnType<typeof t.app.inject>>;
    const openOffers = (userId: number) =>
      t.database.db
        .selectFrom('wallet_offers')
        .select('id')
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('issued_at', 'is', null)
        .execute();

    it('is refused when its session ended after the guard read it (the logout committed first): 401', async () => {
      // A new hour: the offers' hourly limit counts none of the tests above.
      clock.advance({ minutes: 61 });
      const { token } = await login(t.app, 'maria@example.org');
      const ctx = contextFor(t.database, clock);
      const auth = await resolveSession(ctx, sha256(token));
      // The logout commits between the offer's guard and its insert.
      expect((await logOutEverywhere(token)).statusCode).toBe(200);
      await expect(createOffer(ctx, auth, { practiceId, locale: 'en-US' })).rejects.toMatchObject({
        code: 'UNAUTHORIZED_ACCESS',
      });
      expect(await openOffers(auth.user.id)).toEqual([]);
    });

    it('waits for a logout that holds the account, then is refused (PostgreSQL; one after the other on SQLite)', async () => {
      const { token } = await login(t.app, 'maria@example.org');
      const offer = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/practices/${practiceId}/statement/wallet-offers`,
          headers: bearer(token),
        });
      let replies: [Reply, Reply];
      if (isPostgresRun) {
        // Both calls past their guard while a transaction holds the account's row: the logout waits
        // for it first, the offer second; released, they go in that order.
        const holding = await holdRow(t, { userId: owner.id });
        const logout = logOutEverywhere(token);
        await holding.waiters(1);
        const made = offer();
        await holding.waiters(2);
        await holding.release();
        replies = await Promise.all([logout, made]);
      } else {
        const logout = await logOutEverywhere(token);
        replies = [logout, await offer()];
      }
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 401]);
      expect(await openOffers(owner.id)).toEqual([]);
    });
  });

  // Decision 013: a password reset ends them the same way, by the same function.
  describe('a password reset', () => {
    it('ends the wallet offers whose credential is not issued yet: a code no wallet redeemed, a token not used', async () => {
      const token = (await login(t.app, 'maria@example.org')).token;
      const holder = await createHolder(injectFetch(t.app));
      const open = await offerOf(token);
      const redeemed = await offerOf(token);
      const { issuerMetadata, accessToken } = await holder.accessToken(redeemed.offer_url, redeemed.tx_code);
      const proof = await holder.keyProof(issuerMetadata);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'maria@example.org' },
      });
      await t.worker.drainOnce();
      const mail = readMailFiles(t.database.tempDir)
        .filter((m) => m.to === 'maria@example.org' && m.kind === 'password-reset')
        .at(-1);
      if (!mail) throw new Error('no reset mail');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: {
          token: linkToken(mail, 'reset-password'),
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      });
      expect(reset.statusCode).toBe(200);
      await expect(holder.accessToken(open.offer_url, open.tx_code)).rejects.toThrow(/expired/);
      const credential = await credentialWith(accessToken, proof);
      expect([credential.statusCode, credential.json().error]).toEqual([401, 'invalid_token']);
    });
  });

  // Decision 013: every call that ends the account's other sessions ends its offers too, by the
  // same function: a password change, and two factors turned on and off again.
  describe('a password change, and turning two factors on and off', () => {
    /**
     * Three offers of the session of `token`: one whose credential a wallet fetched, one a wallet
     * redeemed and has not fetched, one no wallet redeemed; `expectEnded` then checks the last two
     * give nothing and the credential stays issued.
     */
    async function threeOffers(token: string) {
      const holder = await createHolder(injectFetch(t.app));
      // Dated by the test's clock, which the tests above moved on.
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const issued = await offerOf(token);
      const fetched = await holder.accessToken(issued.offer_url, issued.tx_code);
      const first = await credentialWith(
        fetched.accessToken,
        await holder.keyProof(fetched.issuerMetadata, { issuedAt }),
      );
      expect(first.statusCode).toBe(200);
      const redeemed = await offerOf(token);
      const { issuerMetadata, accessToken } = await holder.accessToken(redeemed.offer_url, redeemed.tx_code);
      const proof = await holder.keyProof(issuerMetadata, { issuedAt });
      const open = await offerOf(token);
      const rows = await t.database.db
        .selectFrom('wallet_offers')
        .select('id')
        .where('user_id', '=', owner.id)
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      return {
        async expectEnded() {
          await expect(holder.accessToken(open.offer_url, open.tx_code)).rejects.toThrow(/expired/);
          const credential = await credentialWith(accessToken, proof);
          expect([credential.statusCode, credential.json().error]).toEqual([401, 'invalid_token']);
          const states = await t.database.db
            .selectFrom('wallet_offers')
            .select(['ended_at', 'issued_at'])
            .where(
              'id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('id', 'asc')
            .execute();
          expect(states.map((state) => [state.ended_at !== null, state.issued_at !== null])).toEqual([
            [false, true],
            [true, false],
            [true, false],
          ]);
        },
      };
    }

    it('changing the password ends the wallet offers whose credential is not issued yet; one issued stays', async () => {
      // A new hour: the offers' hourly limit counts none of the tests above.
      clock.advance({ minutes: 61 });
      // The password the reset above set.
      const token = (await login(t.app, 'maria@example.org', NEW_PASSWORD)).token;
      const offers = await threeOffers(token);
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/update-password',
        headers: bearer(token),
        payload: { current_password: NEW_PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(changed.statusCode).toBe(200);
      await offers.expectEnded();
    });

    it('turning two factors on, then off, ends them each time; one issued stays', async () => {
      const token = (await login(t.app, 'maria@example.org')).token;
      const before = await threeOffers(token);
      const enabled = await enableTwoFactor(t.app, token, clock);
      expect(enabled.recoveryCodes).toHaveLength(10);
      await before.expectEnded();
      // Off again, from the session turning them on opened: the next test logs in with the password alone.
      const after = await threeOffers(enabled.token);
      clock.advance({ seconds: 30 });
      const disabled = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/2fa/disable',
        headers: bearer(enabled.token),
        payload: { code: totpCode(enabled.secret, clock) },
      });
      expect(disabled.statusCode).toBe(200);
      await after.expectEnded();
    });
  });

  // Decision 013: deleting the account ends them too, by the same function. Last in the file: the
  // owner is gone after it.
  describe('an account deletion', () => {
    it('ends the wallet offers whose credential is not issued yet; a credential issued before stays', async () => {
      // A new hour: the offers' hourly limit counts none of the tests above.
      clock.advance({ minutes: 61 });
      // The password the change above set back, two factors off again.
      const token = (await login(t.app, 'maria@example.org')).token;
      const holder = await createHolder(injectFetch(t.app));
      const issued = await offerOf(token);
      const fetched = await holder.accessToken(issued.offer_url, issued.tx_code);
      // Dated by the test's clock, which the tests above moved on.
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const first = await credentialWith(
        fetched.accessToken,
        await holder.keyProof(fetched.issuerMetadata, { issuedAt }),
      );
      expect(first.statusCode).toBe(200);
      const open = await offerOf(token);
      const redeemed = await offerOf(token);
      const { issuerMetadata, accessToken } = await holder.accessToken(redeemed.offer_url, redeemed.tx_code);
      const proof = await holder.keyProof(issuerMetadata, { issuedAt });
      // A call that passed its guard before the deletion committed, and makes its offer after it.
      const ctx = contextFor(t.database, clock);
      const auth = await resolveSession(ctx, sha256(token));
      const deletion = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${owner.id}`,
        headers: bearer(token),
        payload: { email: 'maria@example.org' },
      });
      expect(deletion.statusCode).toBe(204);
      await expect(holder.accessToken(open.offer_url, open.tx_code)).rejects.toThrow(/expired/);
      const credential = await credentialWith(accessToken, proof);
      expect([credential.statusCode, credential.json().error]).toEqual([401, 'invalid_token']);
      await expect(createOffer(ctx, auth, { practiceId, locale: 'en-US' })).rejects.toMatchObject({
        code: 'UNAUTHORIZED_ACCESS',
      });
      const offers = await t.database.db
        .selectFrom('wallet_offers')
        .select(['ended_at', 'issued_at'])
        .where('user_id', '=', owner.id)
        .where('ended_at', 'is', null)
        .execute();
      // The statement stays valid after a deletion (decision 052), and so do the credentials issued
      // before it: every offer left open is one whose credential was issued.
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((offer) => offer.issued_at !== null)).toBe(true);
    });
  });
});
