import { isoAfter, type Clock } from '../clock';
import { sha256 } from '../crypto';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import {
  deleteCounters,
  deleteExpiredCounters,
  giveBackHits,
  incrementCounter,
  selectCounters,
  type Counter,
} from './repository';

/** At most `limit` hits in a fixed window of `windowSeconds`. */
export type RateRule = { readonly name: string; readonly limit: number; readonly windowSeconds: number };

/** A rule applied to one subject: an address, an account, or an account at an address. */
export type RateBucket = { rule: RateRule; subject: string };

declare const reserved: unique symbol;
/** The hits one `reserve` counted, each in its window: what `refund` gives back. */
export type Reservation = { readonly [reserved]: readonly Counter[] };

export type RateLimiter = {
  /** Refuses with 429 when a bucket is already full; counts nothing (for counting failures only). */
  assertOpen(buckets: readonly RateBucket[]): Promise<void>;
  /** Counts one hit in every bucket (a failure, typically). */
  hit(buckets: readonly RateBucket[]): Promise<void>;
  /** Counts one hit, then refuses when a bucket went over: for attempts that each cost (a mail). */
  consume(buckets: readonly RateBucket[]): Promise<void>;
  /**
   * A budget of things made (share links, wallet offers): counts one hit as `consume` does, then
   * runs `make`, and gives the hit back when the call made nothing: refused by a bucket past its
   * limit, by a refusal `make` throws (an error answered below 500: a 409, a 413, a 422…), or by a
   * failure of ours (a 500, a lost connection) before `make` called `committing`, which it calls
   * once its thing is written, just before the write commits. A failure from then on keeps its
   * hit: the thing may stand though its answer was lost (a commit whose answer was lost), and a
   * loop on such a call must not make things past the budget. Counted first, so calls made at once
   * never pass the limit; neither a user's own mistakes nor our failures use up their budget.
   */
  spend<T>(buckets: readonly RateBucket[], make: (committing: () => void) => Promise<T>): Promise<T>;
  /**
   * Counts one hit before a check that takes time (a password hashed), so that attempts sent at
   * once each find the others counted; refused past a limit, and then nothing of this call stays
   * counted. The caller `refund`s the reservation of an attempt that is not to count (a right
   * password, a failure of ours).
   */
  reserve(buckets: readonly RateBucket[]): Promise<Reservation>;
  /** Gives back the reservations' hits, each in the window it was counted in (none of a later one). */
  refund(...reservations: readonly Reservation[]): Promise<void>;
  /**
   * Counts one hit, then answers whether every bucket is still within its limit, refusing nothing:
   * for a cost the call can go without (a mail held back) while the call itself still answers.
   */
  take(buckets: readonly RateBucket[]): Promise<boolean>;
  /** Hits counted in the bucket's current window (0 when none, or when the window is over). */
  count(bucket: RateBucket): Promise<number>;
  /** Forgets the buckets, as after a successful login. */
  reset(buckets: readonly RateBucket[]): Promise<void>;
  purgeExpired(): Promise<number>;
};

const reservationOf = (counters: readonly Counter[]) => counters as unknown as Reservation;
const countersOf = (reservation: Reservation) => reservation as unknown as readonly Counter[];

// Hashed, so the table holds no email or address; the rule name keeps subjects of rules apart.
const keyOf = (bucket: RateBucket) => sha256(`${bucket.rule.name}\u0000${bucket.subject}`);

const rateLimited = (counters: readonly Counter[], now: Date): AppError => {
  const latest = Math.max(...counters.map((counter) => Date.parse(counter.reset_at)));
  const seconds = Math.max(1, Math.ceil((latest - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', { headers: { 'retry-after': String(seconds) } });
};

/**
 * Counters in the database, so every instance behind a load balancer shares them with no Redis
 * to run (docs/decisions/014). One small upsert per counted attempt.
 */
export function createRateLimiter({ db, clock }: { db: Db; clock: Clock }): RateLimiter {
  /** Each bucket's key with its limit, for the buckets of one call. */
  const limitsOf = (buckets: readonly RateBucket[]) =>
    new Map(buckets.map((bucket) => [keyOf(bucket), bucket.rule] as const));

  /** Counts one hit in each bucket and answers the counters that went over their limit. */
  async function hitAndFindOver(buckets: readonly RateBucket[], now: Date): Promise<Counter[]> {
    const rules = limitsOf(buckets);
    const counters = await hitAll(db, rules, now);
    return counters.filter((counter) => counter.hits > (rules.get(counter.key)?.limit ?? 0));
  }

  return {
    async assertOpen(buckets) {
      const now = clock.now();
      const rules = limitsOf(buckets);
      const counters = await selectCounters(db, [...rules.keys()]);
      const full = counters.filter(
        (counter) =>
          Date.parse(counter.reset_at) > now.getTime() &&
          counter.hits >= (rules.get(counter.key)?.limit ?? 0),
      );
      if (full.length > 0) throw rateLimited(full, now);
    },
    async hit(buckets) {
      await hitAll(db, limitsOf(buckets), clock.now());
    },
    async consume(buckets) {
      const now = clock.now();
      const over = await hitAndFindOver(buckets, now);
      if (over.length > 0) throw rateLimited(over, now);
    },
    async spend(buckets, make) {
      const now = clock.now();
      const rules = limitsOf(buckets);
      const counters = await hitAll(db, rules, now);
      const over = counters.filter((counter) => counter.hits > (rules.get(counter.key)?.limit ?? 0));
      let isCommitting = false;
      try {
        if (over.length > 0) throw rateLimited(over, now);
        return await make(() => {
          isCommitting = true;
        });
      } catch (error) {
        // Past `committing` the thing may stand, whatever was answered: its hit stays.
        if (isCommitting) throw error;
        // Nothing made: given back in the window it was counted in; should that fail, the hit stays
        // counted (the budget errs on the safe side) and the call's own error is the one answered.
        await giveBackHits(db, counters).catch(() => undefined);
        throw error;
      }
    },
    async reserve(buckets) {
      const now = clock.now();
      const rules = limitsOf(buckets);
      const counters = await hitAll(db, rules, now);
      const over = counters.filter((counter) => counter.hits > (rules.get(counter.key)?.limit ?? 0));
      if (over.length === 0) return reservationOf(counters);
      await giveBackHits(db, counters);
      throw rateLimited(over, now);
    },
    async refund(...reservations) {
      await giveBackHits(db, reservations.flatMap(countersOf));
    },
    async take(buckets) {
      return (await hitAndFindOver(buckets, clock.now())).length === 0;
    },
    async count(bucket) {
      const [counter] = await selectCounters(db, [keyOf(bucket)]);
      return counter && Date.parse(counter.reset_at) > clock.now().getTime() ? counter.hits : 0;
    },
    async reset(buckets) {
      await deleteCounters(db, [...limitsOf(buckets).keys()]);
    },
    purgeExpired: () => deleteExpiredCounters(db, clock.now().toISOString()),
  };
}

async function hitAll(db: Db, rules: ReadonlyMap<string, RateRule>, now: Date): Promise<Counter[]> {
  const counters: Counter[] = [];
  for (const [key, rule] of rules) {
    const resetAt = isoAfter(now, rule.windowSeconds);
    counters.push(await incrementCounter(db, { key, now: now.toISOString(), resetAt }));
  }
  return counters;
}
