import type { onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { RateLimiter, RateRule } from './limiter';

/**
 * What one user may have rendered on request (a consent form, a waybill, a two-factor QR code)
 * per minute: a render costs 0.1–0.45 s of the one thread every other user shares, so past this a
 * user's next render answers 429 with Retry-After; what is kept (kept-documents.ts) costs nothing
 * and is never counted (decision 084).
 */
export const RENDERS_PER_USER: RateRule = { name: 'render:user', limit: 10, windowSeconds: 60 };

export type RenderBudget = {
  /**
   * An onRequest hook for the routes that render, after their guard: a user whose budget this
   * process saw spent is answered 429 with Retry-After right there, until the window ends, with
   * no database work, no body read and nothing counted. A looping user costs each instance one
   * counted refusal per window; the rest are as cheap as an answer gets.
   */
  refuseSpent: onRequestHookHandler;
  /** Counts one render for the user; past the budget refuses (429) and remembers until when. */
  charge(userId: number): Promise<void>;
};

/** Users whose budget is spent, at most this many remembered (least recently refused out first). */
const SPENT_USERS_KEPT = 100_000;

export function createRenderBudget({ limiter, clock }: { limiter: RateLimiter; clock: Clock }): RenderBudget {
  // The user's id → when their window ends (ms, on `clock`).
  const spentUntil = new LRUCache<number, number>({ max: SPENT_USERS_KEPT });
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
    async charge(userId) {
      try {
        await limiter.consume([{ rule: RENDERS_PER_USER, subject: String(userId) }]);
      } catch (error) {
        const retryAfter = error instanceof AppError ? Number(error.headers?.['retry-after']) : NaN;
        if (error instanceof AppError && error.code === 'RATE_LIMITED' && retryAfter > 0) {
          spentUntil.set(userId, clock.now().getTime() + retryAfter * 1000);
        }
        throw error;
      }
    },
  };
}
