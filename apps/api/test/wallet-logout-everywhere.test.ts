import type { WalletOffer } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { expirePendingOffersOfUser, redeemOffer } from '../src/modules/wallet/repository';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer, login, PASSWORD } from './identity';
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

// Decision 013: logging out everywhere ends what a session showed that still gives something.
describe('logging out everywhere', () => {
  it('ends the wallet offers no wallet has redeemed yet; one made in the new session works', async () => {
    const holder = await createHolder(injectFetch(t.app));
    const offer = await offerOf(owner.token);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-everywhere',
      headers: bearer(owner.token),
      payload: { current_password: PASSWORD },
    });
    expect(everywhere.statusCode).toBe(200);
    await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/expired/);
    const after = await offerOf(dataOf<{ access_token: string }>(everywhere).access_token);
    await expect(holder.accessToken(after.offer_url, after.tx_code)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
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
    expect(await expirePendingOffersOfUser(t.database.db, offer.user_id, now)).toBeGreaterThan(0);
    expect(await redeemOffer(t.database.db, offer.id, now)).toBe(false);
  });
});
