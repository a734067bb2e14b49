import type { onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { RateLimiter, RateRule } from './limiter';

/**
 * What one user may have rendered on request (a consent form, a waybill, a two-factor QR code)
 * per minute: a render costs 0.1–0.45 s of CPU, so past this a user's next render answers 429
 * with Retry-After; what is kept (kept-documents.ts) costs nothing and is never counted
 * (decision 084).
 */
export const RENDERS_PER_USER: RateRule = { name: 'render:user', limit: 10, windowSeconds: 60 };

/**
 * What one user may upload per minute (`POST` and `PUT /documents`): each file's content is
 * decoded as it arrives (decision 058), up to UPLOAD_PDF_MAX_INFLATED_BYTES of CPU work for a
 * PDF, on the two cores every other user shares. Twenty is more than anyone sends by hand, and
 * bounds a user who loops on bombs (decision 098).
 */
export const UPLOADS_PER_USER: RateRule = { name: 'upload:user', limit: 20, windowSeconds: 60 };

export type CostBudget = {
  /**
   * An onRequest hook for the routes that cost, after their guard: a user whose budget this
   * process saw spent is answered 429 with Retry-After right there, until the window ends, with
   * no database work, no body read and nothing counted. A looping user costs each instance one
   * counted refusal per window; the rest are as cheap as an answer gets.
   */
  refuseSpent: onRequestHookHandler;
  /**
   * An onRequest hook for routes where every call costs (uploads), after `refuseSpent`: counts
   * the call before its body is read, and refuses it (429) past the budget.
   */
  chargeCall: onRequestAsyncHookHandler;
  /** Counts one costly call for the user; past the budget refuses (429) and remembers until when. */
  charge(userId: number): Promise<void>;
};

/** Users whose budget is spent, at most this many remembered (least recently refused out first). */
const SPENT_USERS_KEPT = 100_000;

/** A per-user budget of costly calls under `rule`, counted by the shared limiter. */
export function createCostBudget(
  rule: RateRule,
  { limiter, clock }: { limiter: RateLimiter; clock: Clock },
): CostBudget {
  // The user's id → when their window ends (ms, on `clock`).
  const spentUntil = new LRUCache<number, number>({ max: SPENT_USERS_KEPT });
  const charge = async (userId: number) => {
    try {
      await limiter.consume([{ rule, subject: String(userId) }]);
    } catch (error) {
      const retryAfter = error instanceof AppError ? Number(error.headers?.['retry-after']) : NaN;
      if (error instanceof AppError && error.code === 'RATE_LIMITED' && retryAfter > 0) {
        spentUntil.set(userId, clock.now().getTime() + retryAfter * 1000);
      }
      throw error;
    }
  };
  return {
    refuseSpent(request, _reply, done) {
      const userId = request.user?.id;
      const until = userId === undefined ? undefined : spentUntil.get(userId);
      if (until === undefined) return done();
      const left = until - clock.now().getTime();
      if (left <= 0) {
        spentUntil.delete(userId!);
        return done();
      }
      done(new AppError('RATE_LIMITED', { headers: { 'retry-after': String(Math.ceil(left / 1000)) } }));
    },
    async chargeCall(request) {
      if (request.user) await charge(request.user.id);
    },
    charge,
  };
}
