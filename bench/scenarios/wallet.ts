import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { WalletOffer } from '@lisbon/domain';
import { importJWK, jwtVerify, SignJWT } from 'jose';
import { createContext } from '../../apps/api/src/app';
import { verifierDid } from '../../apps/api/src/modules/wallet/callbacks';
import { resolveSession } from '../../apps/api/src/modules/sessions/service';
import { sha256 } from '../../apps/api/src/platform/crypto';
import { createOffer, issuerKeyOf, signCredential } from '../../apps/api/src/modules/wallet/issuance.service';
import { checkPresentation } from '../../apps/api/src/modules/wallet/verifier.service';
import { createTestApp, createTestDatabase, createTestWorker, testConfig } from '../../apps/api/test/helper';
import { bearer } from '../../apps/api/test/identity';
import { staffMember } from '../../apps/api/test/staff';
import { newApplicant, publishOne, readyForIssue } from '../../apps/api/test/statements';
import { createHolder, type HolderFetch } from '../../apps/api/test/wallet-holder';
import { systemClock } from '../../apps/api/src/platform/clock';
import type { Scenario } from '../scenario';

/**
 * The wallet (issue #36, decision 088). Interleaved rounds (BENCH_WALLET_ROUNDS, 300), medians:
 * the reference — sign and verify one ES256 JWT with the same key (jose) — beside issuing one
 * credential (the SD-JWT VC signed with its disclosures) and verifying one presentation (issuer
 * signature, disclosures, key binding; and the whole five-step check, status list and ledger read
 * from the database). Then BENCH_WALLET_HOLDERS (200) holders redeem their offers at once over
 * HTTP (offer → token with the code → nonce → credential with a key proof), counting 5xx.
 */

const ROUNDS = Number(process.env.BENCH_WALLET_ROUNDS ?? 300);
const HOLDERS = Number(process.env.BENCH_WALLET_HOLDERS ?? 200);
const round = (value: number, digits = 3) => Number(value.toFixed(digits));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

export const wallet: Scenario = {
  name: 'wallet',
  async run() {
    const port = await freePort();
    const env = { PUBLIC_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '100000' };
    const database = await createTestDatabase();
    const app = await createTestApp(database, { env });
    try {
      await app.listen({ port, host: '127.0.0.1' });
      const worker = createTestWorker(database, { env });
      const admin = await staffMember(app, database, systemClock, {
        role: 'admin',
        email: 'admin@example.org',
      });
      const owner = await newApplicant(app, database, systemClock, 'holder@example.org');
      const practiceId = await readyForIssue(database, owner);
      const { statement } = await publishOne(app, worker, { admin, owner, practiceId });
      const ctx = createContext({ config: testConfig(database, env), db: database.db });
      const key = await issuerKeyOf(ctx);

      let fivexx = 0;
      const httpFetch: HolderFetch = async (input, init) => {
        const response = await fetch(input, init);
        if (response.status >= 500) fivexx += 1;
        return response;
      };
      const holder = await createHolder(httpFetch);
      // One real credential and presentation for the verify rounds, from an offer made as the
      // statement's page makes it.
      const offerResponse = await app.inject({
        method: 'POST',
        url: `/api/v1/practices/${practiceId}/statement/wallet-offers`,
        headers: bearer(owner.token),
      });
      if (offerResponse.statusCode !== 201)
        throw new Error(`the offer was refused: ${offerResponse.statusCode} ${offerResponse.body}`);
      const firstOffer = offerResponse.json<{ data: WalletOffer }>().data;
      const credential = await holder.receive(firstOffer.offer_url, firstOffer.tx_code);
      const clientId = `decentralized_identifier:${verifierDid(key)}`;
      const nonce = 'bench-nonce';
      const presentation = await holder.sdjwt.present(
        credential,
        { holder_name: true, qualification_name: true, country_of_education_system: true },
        { kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: clientId, nonce } } },
      );
      const payload = JSON.parse(
        Buffer.from(credential.split('.')[1] ?? '', 'base64url').toString(),
      ) as Parameters<typeof signCredential>[1];
      const publicKey = await importJWK(key.publicJwk, 'ES256');
      const { SDJwtVcInstance } = await import('@sd-jwt/sd-jwt-vc');
      const { ES256, digest } = await import('@sd-jwt/crypto-nodejs');
      const cryptoVerifier = new SDJwtVcInstance({
        hasher: digest,
        verifier: await ES256.getVerifier(key.publicJwk),
        kbVerifier: async (data, signature, kbPayload) =>
          (await ES256.getVerifier((kbPayload as { cnf: { jwk: object } }).cnf.jwk))(data, signature),
        statusValidator: () => Promise.resolve(),
        statusListFetcher: () => Promise.resolve(''),
      });
      const withoutStatus = { ...payload, status: undefined } as typeof payload;
      const unstatused = await signCredential(key, withoutStatus);
      const unstatusedPresentation = await holder.sdjwt.present(
        unstatused,
        { holder_name: true },
        { kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: clientId, nonce } } },
      );

      const reference: number[] = [];
      const issue: number[] = [];
      const verifyCrypto: number[] = [];
      const verifyAll: number[] = [];
      for (let index = 0; index < ROUNDS; index += 1) {
        reference.push(
          await timed(async () => {
            const jwt = await new SignJWT({ sub: 'bench', nonce: index })
              .setProtectedHeader({ alg: 'ES256', kid: key.kid })
              .sign(key.privateKey);
            await jwtVerify(jwt, publicKey);
          }),
        );
        issue.push(await timed(() => signCredential(key, payload)));
        verifyCrypto.push(
          await timed(() => cryptoVerifier.verify(unstatusedPresentation, { keyBindingNonce: nonce })),
        );
        verifyAll.push(
          await timed(() => checkPresentation(ctx, key, { presentation, nonce, requestedAt: new Date() })),
        );
      }
      const loadDuring = loadavg()[0] ?? 0;

      // 200 holders at once, each its own key and offer. The offers are made by the service the
      // route calls: the route lets one user make 10 an hour (WALLET_OFFER_RULE), and the bench
      // measures the redemption, by 200 wallets as 200 holders would.
      // The holder's session, as the route's guard reads it: an offer is made only while it is open.
      const auth = await resolveSession(ctx, sha256(owner.token));
      const offers = await Promise.all(
        Array.from({ length: HOLDERS }, () => createOffer(ctx, auth, { practiceId, locale: 'en-US' })),
      );
      const holders = await Promise.all(offers.map(() => createHolder(httpFetch)));
      fivexx = 0;
      const latencies: number[] = [];
      let failures = 0;
      const started = performance.now();
      await Promise.all(
        holders.map(async (each, index) => {
          const began = performance.now();
          try {
            const offer = offers[index];
            if (!offer) throw new Error('no offer for this holder');
            await each.receive(offer.offer_url, offer.tx_code);
            latencies.push(performance.now() - began);
          } catch {
            failures += 1;
          }
        }),
      );
      const rushSeconds = (performance.now() - started) / 1000;
      const ref = median(reference);
      const rows = [
        { figure: 'reference: sign + verify one ES256 JWT', medianMs: round(ref), ratio: 1 },
        {
          figure: 'issue one credential (SD-JWT VC, 7 disclosures)',
          medianMs: round(median(issue)),
          ratio: round(median(issue) / ref, 2),
        },
        {
          figure: 'verify one presentation (signature, disclosures, key binding)',
          medianMs: round(median(verifyCrypto)),
          ratio: round(median(verifyCrypto) / ref, 2),
        },
        {
          figure: 'verify, all five steps (+ status entry and ledger from the database)',
          medianMs: round(median(verifyAll)),
          ratio: round(median(verifyAll) / ref, 2),
        },
        {
          figure: `${HOLDERS} holders redeem at once (HTTP, SQLite)`,
          medianMs: round(median(latencies), 1),
          ratio: null,
        },
      ];
      const figures = {
        rounds: ROUNDS,
        referenceMedianMs: round(ref),
        issueMedianMs: round(median(issue)),
        verifyMedianMs: round(median(verifyCrypto)),
        verifyAllStepsMedianMs: round(median(verifyAll)),
        issueRatio: round(median(issue) / ref, 2),
        verifyRatio: round(median(verifyCrypto) / ref, 2),
        verifyAllStepsRatio: round(median(verifyAll) / ref, 2),
        holders: HOLDERS,
        holdersIssued: latencies.length,
        holdersFailed: failures,
        fivexx,
        rushSeconds: round(rushSeconds, 2),
        rushP50Ms: round(median(latencies), 1),
        rushP99Ms: round(percentile(latencies, 99), 1),
        loadAverage1m: round(loadDuring, 2),
        statement: statement.certificate_id,
      };
      return {
        table: rows,
        summary: `issue ${figures.issueRatio}× and verify ${figures.verifyRatio}× the ES256 reference (goal ≤ 3×; all five steps ${figures.verifyAllStepsRatio}×), medians of ${ROUNDS} interleaved rounds; ${latencies.length}/${HOLDERS} holders got their credential in ${figures.rushSeconds} s (p50 ${figures.rushP50Ms} ms, p99 ${figures.rushP99Ms} ms), ${fivexx} × 5xx, ${failures} failed; load average ${figures.loadAverage1m}`,
        figures,
      };
    } finally {
      await app.close();
      await database.close();
    }
  },
};
